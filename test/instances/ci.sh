#!/usr/bin/env bash
# Two instances of the production build (`node server.mjs`, what `npm start` runs) on one fresh
# PostgreSQL database and one Redis, then test/instances/run.ts: writes through A show on B within
# 2 s, a key revoked with `npm run admin` is refused by B, and one key's POST limit holds for both.
#   npm run build && test/instances/ci.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1
PG_URL=${INSTANCES_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
export REDIS_URL=${INSTANCES_REDIS_URL:-redis://127.0.0.1:6379}
db=boardkit_instances_$$
work=$(mktemp -d /tmp/boardkit-instances.XXXXXX)
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
port_a=$(free_port)
port_b=$(free_port)
export DATABASE_URL=${PG_URL%/*}/$db MEDIA_DIR=$work/media MAIL_DIR=$work/mail PRIVATE_FILES_DIR=$work/private
export APP_URL=http://localhost:$port_a
servers=()

cleanup() {
  local status=$?
  for server in "${servers[@]}"; do kill "$server" 2>/dev/null || true; done
  if [ "$status" != 0 ]; then
    for log in "$work"/server-*.log; do
      [ -f "$log" ] && { echo "--- errors $(basename "$log") logged"; grep -av '"level":"info"' "$log" | tail -n 20; }
    done
  fi
  psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

if [ ! -f "${NEXT_DIST_DIR:-.next}/BUILD_ID" ]; then
  echo "No production build: run npm run build first." >&2
  exit 1
fi
if ! redis-cli -u "$REDIS_URL" ping >/dev/null 2>&1; then
  echo "No Redis at $REDIS_URL." >&2
  exit 1
fi
psql -q "$PG_URL" -c "CREATE DATABASE $db"
npm run --silent db:migrate >/dev/null
api_key() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).api_key))'; }
key=$(npm run --silent admin -- org:create --name "Instances Board" --slug instances --json | api_key)
limited_key=$(npm run --silent admin -- org:create --name "Limited Board" --slug instances-limited --json | api_key)
npm run --silent admin -- org:limits --org instances --post 1000 --patch 1000 >/dev/null

for port in "$port_a" "$port_b"; do
  PORT=$port node server.mjs >"$work/server-$port.log" 2>&1 &
  servers+=($!)
done
for port in "$port_a" "$port_b"; do
  for _ in $(seq 60); do curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break; sleep 1; done
done

INSTANCE_A=http://localhost:$port_a INSTANCE_B=http://localhost:$port_b INSTANCE_KEY=$key \
  INSTANCE_LIMITED_KEY=$limited_key INSTANCE_SLUG=instances timeout 300 npx tsx test/instances/run.ts
