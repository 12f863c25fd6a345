#!/usr/bin/env bash
# Install and start a local PostgreSQL with a role and a database `terranova_test`, then
# print the SQLAlchemy URL of that database on stdout (and nothing else there), e.g.
#   export TERRANOVA_TEST_POSTGRES_URL="$(bash scripts/ci-postgres.sh)"
# Idempotent: runs again without harm. Needs root (apt-get, pg_ctlcluster) on Debian.
set -euo pipefail
cd /  # the postgres user cannot enter a private checkout directory

USER_NAME=terranova
PASSWORD=terranova
DB_NAME=terranova_test
PORT="${TERRANOVA_PG_PORT:-5432}"

log() { echo "ci-postgres: $*" >&2; }

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    log "installing PostgreSQL"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
fi

VERSION="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk '{print $1, $2}' | grep -qx "$VERSION main"; then
    log "creating cluster $VERSION main"
    pg_createcluster "$VERSION" main --port "$PORT" >&2
fi
if ! pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" {print $4}' | grep -qx online; then
    log "starting cluster $VERSION main"
    pg_ctlcluster "$VERSION" main start >&2
fi
PORT="$(pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" {print $3}')"

psql_admin() { su postgres -c "psql -p $PORT -v ON_ERROR_STOP=1 -qAt $*"; }

for _ in $(seq 1 30); do
    if su postgres -c "pg_isready -q -p $PORT"; then break; fi
    sleep 1
done

if [ "$(psql_admin "-c \"SELECT 1 FROM pg_roles WHERE rolname = '$USER_NAME'\"")" != "1" ]; then
    log "creating role $USER_NAME"
    psql_admin "-c \"CREATE ROLE $USER_NAME LOGIN PASSWORD '$PASSWORD'\"" >&2
fi
# CREATEDB: each pytest-xdist worker has a database of its own beside $DB_NAME
# (tests/server/conftest.py), whose LISTEN/NOTIFY channels no other worker hears
psql_admin "-c \"ALTER ROLE $USER_NAME CREATEDB\"" >&2
if [ "$(psql_admin "-c \"SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'\"")" != "1" ]; then
    log "creating database $DB_NAME"
    psql_admin "-c \"CREATE DATABASE $DB_NAME OWNER $USER_NAME\"" >&2
fi

echo "postgresql+psycopg://$USER_NAME:$PASSWORD@127.0.0.1:$PORT/$DB_NAME"
