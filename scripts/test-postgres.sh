#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL 15 server.
#
#   bash scripts/test-postgres.sh                  # the server test suite (npx vitest run --project server)
#   bash scripts/test-postgres.sh npm run bench:users -w bench
#
# Starts PostgreSQL 15 from /usr/lib/postgresql/15/bin in a fresh temporary folder on a free
# loopback port, runs the command with DATABASE_URL pointing at it, then always stops the server
# and removes the folder. Exits with the command's status. PostgreSQL refuses to run as root, so
# as root (CI) the server runs as the `postgres` user (created if missing). Installs the
# postgresql-15 package with apt when the binaries are missing and we are root.
set -euo pipefail

PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
cd "$(dirname "$0")/.."

log() { echo "[test-postgres] $*" >&2; }

if [[ ! -x "$PGBIN/initdb" ]]; then
  if [[ $EUID -ne 0 ]]; then
    log "$PGBIN/initdb not found; install it with: apt-get install -y postgresql-15"
    exit 1
  fi
  log "installing postgresql-15 with apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  if ! apt-cache policy postgresql-15 | grep -q 'Candidate: [0-9]'; then
    log "apt has no postgresql-15 package"
    exit 1
  fi
  apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null
fi

# As root, run the server as `postgres`; as anyone else, as ourselves.
if [[ $EUID -eq 0 ]]; then
  if ! id -u postgres >/dev/null 2>&1; then
    log "creating system user postgres"
    useradd -r -U -M -d /nonexistent -s /usr/sbin/nologin postgres
  fi
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

# A free loopback port: bind port 0 and read what the kernel gave us.
PORT=${PGPORT_TEST:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}

DIR=$(mktemp -d -t crm-pg-XXXXXX)
started=0
child=
cleanup() {
  local status=$?
  if [[ -n $child ]] && kill -0 "$child" 2>/dev/null; then
    kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  if [[ $started -eq 1 ]]; then
    as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
[[ $EUID -eq 0 ]] && chown postgres:postgres "$DIR"

t0=$(date +%s.%N)
as_pg "$PGBIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 || {
  cat "$DIR/initdb.log" >&2
  exit 1
}
# Tuned for throwaway test data: nothing needs to survive a crash.
started=1
as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w start -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 \
  -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null || {
  cat "$DIR/log" >&2
  exit 1
}
log "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT ($(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}') s)"

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
if [[ $# -eq 0 ]]; then set -- npx vitest run --project server; fi
# In the background so that a TERM or INT sent to this script reaches the trap at once (which ends
# the command too) instead of waiting for the command to finish.
set +e
"$@" &
child=$!
wait "$child"
status=$?
child=
set -e
if [[ $status -ne 0 && -f "$DIR/log" ]]; then
  log "command failed ($status); last lines of the server log:"
  tail -n 20 "$DIR/log" >&2
fi
exit "$status"
