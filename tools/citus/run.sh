#!/usr/bin/env bash
# The scale-out checks on a real Citus cluster, from the fetched sources, in one command:
#
#   tools/citus/run.sh CITUS_GIT_DIR PGVECTOR_GIT_DIR
#
# builds Citus v13.2.2 and pgvector v0.8.6 against Debian's PostgreSQL 15 (build.sh: it pins the
# minor, or applies the documented source fix, and says which), starts a coordinator and two
# workers on loopback (cluster.py), distributes the schema (`fact-memory setup --citus`), then runs
# against the cluster: the driver-parity, isolation and queued-writes tests, tools/citus/
# test_citus.py (every per-user statement EXPLAINs as one task; a worker pass; forget leaves nothing
# in any node's shards), test_citus_faults.py (a worker killed mid-write, against a ledger),
# test_citus_grow.py (a third worker added under load, shards rebalanced; the single-shard check
# again afterwards), the concurrency benchmark, and write/read p50 next to a plain PostgreSQL 15
# node on the same machine, alternated (ROUNDS, default 5; reads READ_ROUNDS, default 3). Not part of `make test`. Needs root
# (see build.sh) and the repository's .venv (`make install`). Leaves nothing behind: the build
# directory and the cluster's directory are removed on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=.venv/bin/python
ROUNDS=${ROUNDS:-5}
bash tools/citus/build.sh "${1:?citus git dir}" "${2:?pgvector git dir}"
COORD=$($PY tools/citus/cluster.py start)
SINGLE=$($PY tools/citus/cluster.py start-single)
trap '$PY tools/citus/cluster.py stop' EXIT
unset FACT_MEMORY_DATABASE_URL
.venv/bin/fact-memory setup --citus --json --database-url "$COORD"
echo "== tests on the cluster"
FACT_MEMORY_TEST_DATABASE_URL="$COORD" FACT_MEMORY_TEST_DATABASE_DIRECT=1 \
  $PY -m pytest -q -p no:cacheprovider tests/test_drivers.py tests/test_isolation.py tests/test_queue.py
FACT_MEMORY_CITUS_URL="$COORD" $PY -m pytest -q -s -p no:cacheprovider tools/citus/test_citus.py
echo "== a worker lost mid-write"
FACT_MEMORY_CITUS_URL="$COORD" $PY -m pytest -q -s -p no:cacheprovider tools/citus/test_citus_faults.py
echo "== concurrency benchmark on the cluster"
$PY benchmarks/concurrency.py --database-url "$COORD"
echo "== write p50, single node vs cluster, alternated"
for i in $(seq "$ROUNDS"); do
  for target in "single $SINGLE" "citus $COORD"; do
    set -- $target
    echo "$1 $($PY benchmarks/write_path.py --messages 100 --json --database-url "$2" 2>/dev/null)"
  done
done
echo "== read p50 (hybrid), single node vs cluster, alternated"
for i in $(seq "${READ_ROUNDS:-3}"); do
  for target in "single $SINGLE" "citus $COORD"; do
    set -- $target
    echo "$1"; $PY benchmarks/search_modes.py --modes hybrid --sizes 1000,10000 --queries 100 --database-url "$2"
  done
done
echo "== a third worker added under load, shards rebalanced"
FACT_MEMORY_CITUS_URL="$COORD" $PY -m pytest -q -s -p no:cacheprovider tools/citus/test_citus_grow.py
FACT_MEMORY_CITUS_URL="$COORD" $PY -m pytest -q -s -p no:cacheprovider tools/citus/test_citus.py -k single_shard
