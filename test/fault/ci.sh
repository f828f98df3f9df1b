#!/usr/bin/env bash
# Fault tests against a production build: PostgreSQL stopped (fast, then immediate) and restarted
# under idempotent writes, and the webhook outbox across a SIGKILL of the server. Each test runs its
# own throwaway PostgreSQL cluster (never the shared server on 5432) and its own `npm start`; both
# are cleaned up whatever happens.
#   npm run build && test/fault/ci.sh
#   NEXT_DIST_DIR=.next-fault npx next build && NEXT_DIST_DIR=.next-fault test/fault/ci.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export NEXT_DIST_DIR=${NEXT_DIST_DIR:-.next} NEXT_TELEMETRY_DISABLED=1
export PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
started=$(date +%s)

if [ ! -f "$NEXT_DIST_DIR/BUILD_ID" ]; then
  echo "No production build in $NEXT_DIST_DIR: run npm run build (or NEXT_DIST_DIR=$NEXT_DIST_DIR npx next build)." >&2
  exit 1
fi

# initdb and pg_ctl refuse to run as root.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

FAULT_WORKDIR=$(mktemp -d /tmp/boardkit-fault.XXXXXX)
export FAULT_WORKDIR
chmod 755 "$FAULT_WORKDIR"

cleanup() {
  local status=$?
  # The servers the tests started (their pid files), if still running server.mjs; then the clusters.
  for pidfile in "$FAULT_WORKDIR"/*/server.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    if [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q 'server\.mjs'; then
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  for data in "$FAULT_WORKDIR"/*/pg/data; do
    [ -f "$data/postmaster.pid" ] && as_postgres "$PG_BIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  done
  if [ "$status" != 0 ]; then
    for log in "$FAULT_WORKDIR"/*/server.log "$FAULT_WORKDIR"/*/pg/postgres.log; do
      [ -f "$log" ] && { echo "--- last lines of $log"; tail -n 30 "$log"; }
    done
  fi
  rm -rf "$FAULT_WORKDIR"
  echo "Fault tests: exit $status after $(($(date +%s) - started)) s."
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The two files run side by side (each has its own cluster and server); the bound is for a hang.
timeout --signal=TERM 360 npx vitest run --config test/fault/vitest.config.ts
