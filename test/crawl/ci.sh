#!/usr/bin/env bash
# The board crawler against the production build: a fresh database on the PostgreSQL server,
# `npm run db:migrate`, two organizations from `npm run admin`, `npm start`, then test/crawl/run.ts
# (it seeds the first board through the API, crawls it as an anonymous visitor and times every answer).
#   npm run build && test/crawl/ci.sh            (CRAWL_LIMIT_MS=<n> changes the 2 s limit)
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/server-harness.sh
harness_begin crawl
key=$(npm run --silent admin -- org:create --name "Crawl Board" --slug crawl --json | api_key)
other_key=$(npm run --silent admin -- org:create --name "Other Board" --slug crawl-other --json | api_key)
# Seeding sends ~60 writes in a few seconds; the limiter has its own tests.
npm run --silent admin -- org:limits --org crawl --get 100000 --post 100000 --put 100000 --patch 100000 --delete 100000 >/dev/null

port=$(free_port)
start_server "$port"
CRAWL_BASE_URL=http://localhost:$port CRAWL_API_KEY=$key CRAWL_OTHER_API_KEY=$other_key CRAWL_MAIL_DIR=$MAIL_DIR \
  timeout 400 npx tsx test/crawl/run.ts
# A page that failed to render is logged by Next.js even when its answer looked fine.
log=$work/server-$port.log
if grep -aqE '"unhandled_api_error"|⨯ ' "$log"; then
  echo "The server logged errors while it was crawled:"; grep -aE '"unhandled_api_error"|⨯ ' -A3 "$log" | head -30; exit 1
fi
