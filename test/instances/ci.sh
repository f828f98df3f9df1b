#!/usr/bin/env bash
# Two instances of the production build (`node server.mjs`, what `npm start` runs) on one fresh
# PostgreSQL database and one Redis, then test/instances/run.ts: writes through A show on B at its
# first read after the write answered, a key revoked with `npm run admin` is refused by B, a page A
# rendered is a hit on B, and one key's POST limit holds for both. Twice: with the database's LISTEN,
# then without it.
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

# round NAME: a fresh board pair and two instances, then the checks; variables set before the call
# (DATABASE_LISTEN_URL) reach the servers.
round() {
  local name=$1 port_a port_b key limited_key
  port_a=$(free_port)
  port_b=$(free_port)
  export APP_URL=http://localhost:$port_a
  key=$(npm run --silent admin -- org:create --name "Instances Board" --slug "instances-$name" --json | api_key)
  limited_key=$(npm run --silent admin -- org:create --name "Limited Board" --slug "limited-$name" --json | api_key)
  npm run --silent admin -- org:limits --org "instances-$name" --post 1000 --patch 1000 >/dev/null
  start_server "$port_a"
  start_server "$port_b"
  echo "== $name"
  INSTANCE_A=http://localhost:$port_a INSTANCE_B=http://localhost:$port_b INSTANCE_KEY=$key \
    INSTANCE_LIMITED_KEY=$limited_key INSTANCE_SLUG="instances-$name" timeout 300 npx tsx test/instances/run.ts
  stop_servers
}

round listen
# Where the database cannot LISTEN (Neon's driver, a pooler in transaction mode), Redis carries changes.
DATABASE_LISTEN_URL=off round no-listen
