#!/usr/bin/env bash
# A throw-away PostgreSQL + PostGIS cluster on loopback, for the tests of the PostGIS store.
#
#   eval "$(scripts/pg-test-cluster.sh start)"
#       # exports WAYMARK_TEST_POSTGRES, WAYMARK_TEST_POSTGRES_REPLICA and WAYMARK_TEST_PGDATA
#   scripts/pg-test-cluster.sh stop "$WAYMARK_TEST_PGDATA"
#
# The server runs as the postgres user (initdb refuses root), from Debian's postgresql-15, with
# its data and socket in a temporary folder, trusting local connections: it holds nothing but
# test data and listens on 127.0.0.1 only. The database `waymark_test` has the postgis extension.
# Beside it runs a streaming replica (hot standby) of it, as a scaled-out deployment reads from.
set -euo pipefail
bin=/usr/lib/postgresql/15/bin

# Runs a command as postgres when we are root, else as ourselves (a normal user owns its cluster).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A free port on loopback: the kernel picks one, we ask for it back.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  [ -x "$bin/initdb" ] || { echo "pg-test-cluster: $bin/initdb not found; install postgresql-15 (scripts/install-deps.sh)" >&2; exit 1; }
  local dir port replica_port
  dir=$(mktemp -d /tmp/waymark-pg.XXXXXX)
  # Whatever fails from here on, nothing is left running or on disk (the caller never got the folder).
  trap 'stop "$dir"' ERR
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  chmod 700 "$dir"
  port=$(free_port)
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; false; }
  # fsync off: a crash loses only test data, and the tests run faster.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    >/dev/null || { cat "$dir/server.log" >&2; false; }
  as_owner psql -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE DATABASE waymark_test" >/dev/null
  as_owner psql -q -h 127.0.0.1 -p "$port" -U postgres -d waymark_test -v ON_ERROR_STOP=1 \
    -c "CREATE EXTENSION postgis" >/dev/null || { echo "pg-test-cluster: CREATE EXTENSION postgis failed; install postgresql-15-postgis-3" >&2; false; }
  # The replica: a base backup that follows the primary's WAL (-R writes its standby settings).
  # A fast checkpoint: the default spreads it over minutes, which a throw-away cluster only waits for.
  replica_port=$(free_port)
  as_owner "$bin/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$dir/replica" -R -X stream --checkpoint=fast >"$dir/basebackup.log" 2>&1 \
    || { cat "$dir/basebackup.log" >&2; false; }
  as_owner "$bin/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -p $replica_port -c unix_socket_directories=$dir -c fsync=off -c max_connections=200" \
    >/dev/null || { cat "$dir/replica.log" >&2; false; }
  trap - ERR
  echo "export WAYMARK_TEST_POSTGRES=postgres://postgres@127.0.0.1:$port/waymark_test"
  echo "export WAYMARK_TEST_POSTGRES_REPLICA=postgres://postgres@127.0.0.1:$replica_port/waymark_test"
  echo "export WAYMARK_TEST_PGDATA=$dir"
}

stop() {
  local dir=${1:?usage: pg-test-cluster.sh stop DIR}
  [ -d "$dir/replica" ] && { as_owner "$bin/pg_ctl" -D "$dir/replica" -m fast -w stop >/dev/null 2>&1 || true; }
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *) echo "usage: $0 start | stop DIR" >&2; exit 2 ;;
esac
