#!/usr/bin/env bash
# The board crawler against the production build: a fresh database on the PostgreSQL server,
# `npm run db:migrate`, two organizations from `npm run admin`, `npm start`, then test/crawl/run.ts
# (it seeds the first board through the API, crawls it as an anonymous visitor and times every answer).
#   npm run build && test/crawl/ci.sh            (CRAWL_LIMIT_MS=<n> changes the 2 s limit)
set -euo pipefail
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1
PG_URL=${CRAWL_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
db=boardkit_crawl_$$
work=$(mktemp -d /tmp/boardkit-crawl.XXXXXX)
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
export DATABASE_URL=${PG_URL%/*}/$db MEDIA_DIR=$work/media MAIL_DIR=$work/mail PRIVATE_FILES_DIR=$work/private
SECRETS_ENCRYPTION_KEY=$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64"))')
export SECRETS_ENCRYPTION_KEY
server=

cleanup() {
  local status=$?
  [ -n "$server" ] && kill "$server" 2>/dev/null
  if [ "$status" != 0 ] && [ -f "$work/server.log" ]; then
    echo "--- errors the server logged"; grep -av '"level":"info"' "$work/server.log" | tail -n 40
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
psql -q "$PG_URL" -c "CREATE DATABASE $db"
npm run --silent db:migrate >/dev/null
api_key() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).api_key))'; }
key=$(npm run --silent admin -- org:create --name "Crawl Board" --slug crawl --json | api_key)
other_key=$(npm run --silent admin -- org:create --name "Other Board" --slug crawl-other --json | api_key)
# Seeding sends ~60 writes in a few seconds; the limiter has its own tests.
npm run --silent admin -- org:limits --org crawl --get 100000 --post 100000 --put 100000 --patch 100000 --delete 100000 >/dev/null

PORT=$port node server.mjs >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 60); do curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break; sleep 1; done

CRAWL_BASE_URL=http://localhost:$port CRAWL_API_KEY=$key CRAWL_OTHER_API_KEY=$other_key CRAWL_MAIL_DIR=$MAIL_DIR \
  timeout 400 npx tsx test/crawl/run.ts
# A page that failed to render is logged by Next.js even when its answer looked fine.
if grep -aqE '"unhandled_api_error"|⨯ ' "$work/server.log"; then
  echo "The server logged errors while it was crawled:"; grep -aE '"unhandled_api_error"|⨯ ' -A3 "$work/server.log" | head -30; exit 1
fi
