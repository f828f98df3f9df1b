#!/usr/bin/env bash
# Two instances of the production build (`node server.mjs`, what `npm start` runs) on one fresh
# PostgreSQL database and one Redis, then test/instances/run.ts: writes through A show on B within
# 2 s, a key revoked with `npm run admin` is refused by B, and one key's POST limit holds for both.
#   npm run build && test/instances/ci.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/server-harness.sh
export REDIS_URL=${INSTANCES_REDIS_URL:-redis://127.0.0.1:6379}
if ! redis-cli -u "$REDIS_URL" ping >/dev/null 2>&1; then
  echo "No Redis at $REDIS_URL." >&2
  exit 1
fi
harness_begin instances
port_a=$(free_port)
port_b=$(free_port)
export APP_URL=http://localhost:$port_a
key=$(npm run --silent admin -- org:create --name "Instances Board" --slug instances --json | api_key)
limited_key=$(npm run --silent admin -- org:create --name "Limited Board" --slug instances-limited --json | api_key)
npm run --silent admin -- org:limits --org instances --post 1000 --patch 1000 >/dev/null

start_server "$port_a"
start_server "$port_b"

INSTANCE_A=http://localhost:$port_a INSTANCE_B=http://localhost:$port_b INSTANCE_KEY=$key \
  INSTANCE_LIMITED_KEY=$limited_key INSTANCE_SLUG=instances timeout 300 npx tsx test/instances/run.ts
