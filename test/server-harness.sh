# Sourced by the scripts that test the production build from outside (test/crawl, test/fuzz,
# test/instances): a fresh database on the PostgreSQL server, migrated, a work directory for media,
# mail and logs, servers started on free loopback ports, and everything removed on exit (with the
# servers' errors printed when the script failed).
#   source test/server-harness.sh; harness_begin crawl    (CRAWL_PG_URL overrides the server URL)
export NEXT_TELEMETRY_DISABLED=1
harness_servers=()

harness_cleanup() {
  local status=$?
  stop_servers
  if [ "$status" != 0 ]; then
    for log in "$work"/server-*.log; do
      [ -f "$log" ] || continue
      echo "--- errors $(basename "$log" .log) logged"; grep -av '"level":"info"' "$log" | tail -n 40
    done
  fi
  psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  rm -rf "$work"
  exit "$status"
}

# harness_begin NAME: the database boardkit_NAME_<pid> and the work directory, migrated and exported.
harness_begin() {
  local name=$1 override
  override="$(echo "$name" | tr '[:lower:]' '[:upper:]')_PG_URL"
  PG_URL=${!override:-postgres://postgres@127.0.0.1:5432/postgres}
  db=boardkit_${name}_$$
  work=$(mktemp -d "/tmp/boardkit-$name.XXXXXX")
  export DATABASE_URL=${PG_URL%/*}/$db MEDIA_DIR=$work/media MAIL_DIR=$work/mail PRIVATE_FILES_DIR=$work/private
  SECRETS_ENCRYPTION_KEY=$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64"))')
  export SECRETS_ENCRYPTION_KEY
  trap harness_cleanup EXIT
  if [ ! -f "${NEXT_DIST_DIR:-.next}/BUILD_ID" ]; then
    echo "No production build: run npm run build first." >&2
    exit 1
  fi
  psql -q "$PG_URL" -c "CREATE DATABASE $db"
  npm run --silent db:migrate >/dev/null
}

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# Reads `npm run admin -- org:create ... --json` and prints the new organization's API key.
api_key() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).api_key))'; }

# stop_servers: stops every server started so far.
stop_servers() {
  for server in "${harness_servers[@]}"; do kill "$server" 2>/dev/null || true; done
  for server in "${harness_servers[@]}"; do wait "$server" 2>/dev/null || true; done
  harness_servers=()
}

# start_server PORT [node options...]: `node server.mjs` (what npm start runs) on PORT, logging to
# $work/server-PORT.log, and waits until it answers /api/health.
start_server() {
  local port=$1
  shift
  PORT=$port node "$@" server.mjs >"$work/server-$port.log" 2>&1 &
  harness_servers+=($!)
  for _ in $(seq 60); do curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && return; sleep 1; done
  echo "The server on port $port did not answer /api/health within 60 s." >&2
  exit 1
}
