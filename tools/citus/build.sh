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
#
# PostgreSQL 15's minor is chosen, not taken from whatever apt serves: Citus v13.2.2 defines a
# static have_createdb_privilege() in its pg_version_compat.h, and PostgreSQL 15.20 exports a
# function of that name from commands/dbcommands.h, so v13.2.2 does not build against 15.20's
# headers. The script installs PG15_VERSION (default 15.18-0+deb12u1, the minor the cluster was
# verified on) when apt serves it, else apt's current 15.x with the smallest source fix applied to
# the extracted Citus tree (tools/citus/compat_fix.py); it says which in its first lines and fails
# with one line when neither works. Set PG15_VERSION= (empty) to take apt's current minor.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CITUS_SRC=${1:?citus git dir}
PGVECTOR_SRC=${2:?pgvector git dir}
CITUS_TAG=${CITUS_TAG:-v13.2.2}
PGVECTOR_TAG=${PGVECTOR_TAG:-v0.8.6}
PG15_VERSION=${PG15_VERSION-15.18-0+deb12u1}
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
if [ -n "${WORK:-}" ]; then
  mkdir -p "$WORK"
else
  WORK=$(mktemp -d /tmp/fm-citus-build-XXXXXX)
  trap 'rm -rf "$WORK"' EXIT  # ~110 MB of sources and objects: never left behind
fi
fail() { echo "citus build: $*" >&2; exit 2; }

DEPS="libkrb5-dev libcurl4-openssl-dev liblz4-dev libzstd-dev libssl-dev libreadline-dev libselinux1-dev libxslt1-dev libpam0g-dev"
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  apt-get update -qq >/dev/null 2>&1 || true
  if [ -n "$PG15_VERSION" ] && apt-cache madison postgresql-15 | grep -q " $PG15_VERSION "; then
    echo "PostgreSQL: $PG15_VERSION (pinned: the minor Citus $CITUS_TAG builds against as released)"
    # shellcheck disable=SC2086
    apt-get install -y -qq --allow-downgrades "postgresql-15=$PG15_VERSION" "postgresql-client-15=$PG15_VERSION" \
      "postgresql-server-dev-15=$PG15_VERSION" $DEPS >/dev/null 2>&1 \
      || fail "apt-get could not install PostgreSQL $PG15_VERSION and the build dependencies"
  else
    echo "PostgreSQL: apt's current 15.x (${PG15_VERSION:-no pin} not served); Citus may need the source fix"
    # shellcheck disable=SC2086
    apt-get install -y -qq postgresql-15 postgresql-server-dev-15 $DEPS >/dev/null 2>&1 \
      || fail "apt-get could not install postgresql-15 and postgresql-server-dev-15"
  fi
fi
[ -x "$PG_CONFIG" ] || fail "no $PG_CONFIG: apt-get install postgresql-15 postgresql-server-dev-15 (as root)"
echo "building against $("$PG_CONFIG" --version)"
mkdir -p "$WORK/citus" "$WORK/pgvector"
git -C "$CITUS_SRC" archive "$CITUS_TAG" | tar -x -C "$WORK/citus"
git -C "$PGVECTOR_SRC" archive "$PGVECTOR_TAG" | tar -x -C "$WORK/pgvector"
if grep -q "have_createdb_privilege" "$("$PG_CONFIG" --includedir-server)/commands/dbcommands.h"; then
  python3 "$HERE/compat_fix.py" "$WORK/citus/src/include/pg_version_compat.h" || exit 2
  echo "applied: Citus uses the server's have_createdb_privilege() (tools/citus/compat_fix.py)"
fi

echo "== pgvector $PGVECTOR_TAG"
make -C "$WORK/pgvector" -j"$(nproc)" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >/dev/null
make -C "$WORK/pgvector" install PG_CONFIG="$PG_CONFIG" >/dev/null

echo "== citus $CITUS_TAG"
(cd "$WORK/citus" && ./configure PG_CONFIG="$PG_CONFIG" --without-libcurl >/dev/null) \
  || fail "Citus $CITUS_TAG does not configure against $("$PG_CONFIG" --version)"
make -C "$WORK/citus" -j"$(nproc)" >"$WORK/citus-make.log" 2>&1 \
  || fail "Citus $CITUS_TAG does not build against $("$PG_CONFIG" --version): $(grep -m1 'error' "$WORK/citus-make.log")"
make -C "$WORK/citus" install >/dev/null
echo "installed into $("$PG_CONFIG" --pkglibdir): $(ls "$("$PG_CONFIG" --pkglibdir)" | grep -E '^(citus|vector)\.so$' | tr '\n' ' ')"
