#!/usr/bin/env bash
# A throw-away PostgreSQL 15 server for CI and local runs of the database-backed tests
# (the recipe in docs/stack-notes.md).
#
#   scripts/ci-postgres.sh start DIR [PORT]   initdb into DIR, start on 127.0.0.1:PORT (default 5433),
#                                             print the TEST_DATABASE_URL as the last line of stdout
#   scripts/ci-postgres.sh stop DIR           fast shutdown; leaves DIR for the caller to remove
#
# The cluster uses --locale=C.UTF-8 (as PGlite does, so Thai trigrams match), trust auth for the
# superuser `postgres`, and no fsync (test data only). The server never runs as root: it runs as the
# system user `postgres`, created here when missing.
set -euo pipefail

pg_bin() {
  local d
  for d in /usr/lib/postgresql/15/bin; do
    [ -x "$d/pg_ctl" ] && { echo "$d"; return; }
  done
  if command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v pg_ctl)")"
    return
  fi
  echo "ci-postgres: no PostgreSQL binaries (install postgresql-15)" >&2
  return 1
}

as_postgres() { su -s /bin/sh postgres -c "$1"; }

ensure_user() {
  if ! id -u postgres >/dev/null 2>&1; then
    useradd --system --user-group --no-create-home --home-dir /var/lib/postgresql --shell /bin/sh postgres
  fi
}

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR [PORT]" >&2; exit 2; }
dir=$(readlink -f "$dir")

case "$cmd" in
  start)
    port=${3:-5433}
    [ "$(id -u)" = 0 ] || { echo "ci-postgres: run as root (it switches to the postgres user)" >&2; exit 1; }
    bin=$(pg_bin)
    ensure_user
    if port_busy "$port"; then
      echo "ci-postgres: port $port is already in use; stop what listens there first" >&2
      exit 1
    fi
    install -d -o postgres -g postgres -m 0700 "$dir"
    as_postgres "'$bin/initdb' -D '$dir/data' -E UTF8 --locale=C.UTF-8 -U postgres -A trust" >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # No fsync: a crash loses only test data, and CREATE DATABASE per test file gets much faster.
    opts="-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    if ! as_postgres "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -o '$opts' -w -t 60 start" >"$dir/pg_ctl.log" 2>&1; then
      cat "$dir/pg_ctl.log" "$dir/server.log" >&2 2>/dev/null || true
      exit 1
    fi
    echo "ci-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, data in $dir/data" >&2
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/data" ] || exit 0
    bin=$(pg_bin)
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_postgres "'$bin/pg_ctl' -D '$dir/data' -m fast -w -t 30 stop" >/dev/null 2>&1 \
        || as_postgres "'$bin/pg_ctl' -D '$dir/data' -m immediate -w -t 30 stop" >/dev/null 2>&1 || true
    fi
    ;;
  *)
    echo "usage: $0 start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
