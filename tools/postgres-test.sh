#!/usr/bin/env bash
# Starts Debian's PostgreSQL when it is not running, makes the role and database the storage
# tests use (the role may create a database per test), and prints their URL.
set -euo pipefail
ROLE=burraco_test
PASSWORD=burraco_test
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi; }
cluster=$(pg_lsclusters --no-header 2>/dev/null | awk 'NR==1 {print $1" "$2}')
if [ -z "$cluster" ]; then
  version=$(ls /usr/lib/postgresql | sort -V | tail -1)
  $SUDO pg_createcluster "$version" main >&2
  cluster="$version main"
fi
set -- $cluster
status=$(pg_lsclusters --no-header | awk -v v="$1" -v n="$2" '$1==v && $2==n {print $4}')
if [ "$status" != "online" ]; then
  $SUDO pg_ctlcluster "$1" "$2" start >&2
fi
port=$(pg_lsclusters --no-header | awk -v v="$1" -v n="$2" '$1==v && $2==n {print $3}')
for _ in $(seq 1 30); do as_postgres psql -p "$port" -qtAc "select 1" >/dev/null 2>&1 && break; sleep 1; done
as_postgres psql -p "$port" -qtAc "select 1 from pg_roles where rolname='$ROLE'" | grep -q 1 \
  || as_postgres psql -p "$port" -qc "create role $ROLE login createdb password '$PASSWORD'" >&2
as_postgres psql -p "$port" -qtAc "select 1 from pg_database where datname='$ROLE'" | grep -q 1 \
  || as_postgres psql -p "$port" -qc "create database $ROLE owner $ROLE" >&2
echo "postgresql+psycopg://$ROLE:$PASSWORD@localhost:$port/$ROLE"
