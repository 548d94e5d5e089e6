#!/usr/bin/env bash
# Build Citus and pgvector from their public sources against Debian's PostgreSQL 15 and install
# them into its extension directories. Not part of `make test`.
#
#   tools/citus/build.sh CITUS_GIT_DIR PGVECTOR_GIT_DIR
#
# CITUS_GIT_DIR / PGVECTOR_GIT_DIR: clones (or bare mirrors) of citusdata/citus and
# pgvector/pgvector. Tags: Citus v13.2.2 (supports PostgreSQL 15-17) and pgvector v0.8.6 (the
# version the embedded server ships). PostgreSQL 15 because it is the major this machine's
# distribution packages (server + headers: postgresql-15, postgresql-server-dev-15); the embedded
# server (PostgreSQL 18) ships no headers and Citus v13.2 does not build against 18.
# Needs: root (installs into /usr/lib/postgresql/15 and /usr/share/postgresql/15), gcc, make,
# and the packages postgresql-15 postgresql-server-dev-15 libkrb5-dev libcurl4-openssl-dev liblz4-dev
# libzstd-dev libssl-dev libreadline-dev libselinux1-dev libxslt1-dev libpam0g-dev.
set -euo pipefail
CITUS_SRC=${1:?citus git dir}
PGVECTOR_SRC=${2:?pgvector git dir}
CITUS_TAG=${CITUS_TAG:-v13.2.2}
PGVECTOR_TAG=${PGVECTOR_TAG:-v0.8.6}
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
WORK=${WORK:-$(mktemp -d /tmp/fm-citus-build-XXXXXX)}

if [ ! -x "$PG_CONFIG" ]; then
  echo "no $PG_CONFIG: apt-get install postgresql-15 postgresql-server-dev-15" >&2
  exit 2
fi
mkdir -p "$WORK/citus" "$WORK/pgvector"
git -C "$CITUS_SRC" archive "$CITUS_TAG" | tar -x -C "$WORK/citus"
git -C "$PGVECTOR_SRC" archive "$PGVECTOR_TAG" | tar -x -C "$WORK/pgvector"

echo "== pgvector $PGVECTOR_TAG"
make -C "$WORK/pgvector" -j"$(nproc)" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >/dev/null
make -C "$WORK/pgvector" install PG_CONFIG="$PG_CONFIG" >/dev/null

echo "== citus $CITUS_TAG"
(cd "$WORK/citus" && ./configure PG_CONFIG="$PG_CONFIG" --without-libcurl >/dev/null)
make -C "$WORK/citus" -j"$(nproc)" >/dev/null
make -C "$WORK/citus" install >/dev/null
echo "installed into $("$PG_CONFIG" --pkglibdir): $(ls "$("$PG_CONFIG" --pkglibdir)" | grep -E '^(citus|vector)\.so$' | tr '\n' ' ')"
