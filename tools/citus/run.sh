#!/usr/bin/env bash
# The scale-out checks on a real Citus cluster, from the fetched sources, in one command:
#
#   tools/citus/run.sh CITUS_GIT_DIR PGVECTOR_GIT_DIR
#
# builds Citus v13.2.2 and pgvector v0.8.6 against Debian's PostgreSQL 15 (build.sh), starts a
# coordinator and two workers on loopback (cluster.py), distributes the schema
# (`fact-memory setup --citus`), then runs against the cluster: the driver-parity tests, the
# isolation tests (property test and statement scoping), tools/citus/test_citus.py (every per-user
# statement EXPLAINs as one task; a worker pass; forget leaves nothing on any node), the
# concurrency benchmark, and write/read p50 next to a plain PostgreSQL 15 node on the same machine.
# Not part of `make test`. Needs root (see build.sh) and the repository's .venv (`make install`).
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=.venv/bin/python
bash tools/citus/build.sh "${1:?citus git dir}" "${2:?pgvector git dir}"
COORD=$($PY tools/citus/cluster.py start)
SINGLE=$($PY tools/citus/cluster.py start-single)
trap '$PY tools/citus/cluster.py stop' EXIT
unset FACT_MEMORY_DATABASE_URL
.venv/bin/fact-memory setup --citus --json --database-url "$COORD"
echo "== tests on the cluster"
FACT_MEMORY_TEST_DATABASE_URL="$COORD" FACT_MEMORY_TEST_DATABASE_DIRECT=1 \
  $PY -m pytest -q -p no:cacheprovider tests/test_drivers.py tests/test_isolation.py
FACT_MEMORY_CITUS_URL="$COORD" $PY -m pytest -q -s -p no:cacheprovider tools/citus/test_citus.py
echo "== concurrency benchmark on the cluster"
$PY benchmarks/concurrency.py --database-url "$COORD"
echo "== write p50, single node vs cluster, alternated"
for i in 1 2 3; do
  for target in "single $SINGLE" "citus $COORD"; do
    set -- $target
    echo "$1 $($PY benchmarks/write_path.py --messages 100 --json --database-url "$2" 2>/dev/null)"
  done
done
echo "== read p50 (hybrid), single node vs cluster"
for target in "single $SINGLE" "citus $COORD"; do
  set -- $target
  echo "$1"; $PY benchmarks/search_modes.py --modes hybrid --sizes 1000,10000 --queries 100 --database-url "$2"
done
