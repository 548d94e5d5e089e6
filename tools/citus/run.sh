#!/usr/bin/env bash
# The scale-out checks on a real Citus cluster, from the fetched sources, in one command:
#
#   tools/citus/run.sh CITUS_GIT_DIR PGVECTOR_GIT_DIR
#
# 1. builds Citus v13.2.2 and pgvector v0.8.6 against Debian's PostgreSQL 15 (build.sh: it pins the
#    minor, or applies the documented source fix, and says which) — skipped when those versions are
#    installed already (SKIP_BUILD=1 skips it outright, SKIP_BUILD=0 always builds; WORK=DIR keeps
#    the build directory);
# 2. starts a coordinator and two workers on loopback (cluster.py) and a plain PostgreSQL 15 node;
# 3. the upgrade step: the schema of an earlier release (UPGRADE_FROM, default: the commit before
#    the quantised-vector migration, `git archive`d and run with this .venv on PYTHONPATH) is set
#    up and distributed with that release's `fact-memory setup --citus`, and seeded through its API
#    (facts, queued messages, a forgotten turn, forgotten users: upgrade_seed.py); this version's
#    open() must refuse it and say what to run; `fact-memory setup --citus` upgrades it; the seed is
#    checked (test_citus_upgrade.py);
# 4. on that upgraded cluster: every test of `make test` that touches the store, against the
#    coordinator (FACT_MEMORY_TEST_DATABASE_URL + FACT_MEMORY_TEST_DATABASE_DIRECT=1), less the ones
#    listed in NOT_ON_CLUSTER below with their reasons;
# 5. tools/citus/test_citus.py (every per-user statement of a full scenario: one task, no
#    distributed subplan, no coordinator table beside a distributed one; a worker pass; forget
#    leaves nothing on any node), test_citus_faults.py (a worker killed mid-write, against a
#    ledger; the healthy users while it is down), the concurrency benchmark, write/read p50 next to
#    the plain node, alternated (ROUNDS, default 5; reads READ_ROUNDS, default 3),
#    test_citus_grow.py (a third worker added under load, shards rebalanced), and the single-shard
#    check again.
# Not part of `make test`. Needs root (see build.sh) and the repository's .venv (`make install`).
# Leaves no cluster behind (stopped and removed on exit).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
PY=$ROOT/.venv/bin/python
ROUNDS=${ROUNDS:-5}
CITUS_TAG=${CITUS_TAG:-v13.2.2}
PGVECTOR_TAG=${PGVECTOR_TAG:-v0.8.6}
export CITUS_TAG PGVECTOR_TAG
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
CITUS_SRC=${1:?citus git dir}
PGVECTOR_SRC=${2:?pgvector git dir}
started=$(date +%s)
step() { echo "== $* ($(( $(date +%s) - started )) s)"; }

installed() {  # the wanted Citus and pgvector are installed for this PostgreSQL 15
  [ -x "$PG_CONFIG" ] || return 1
  local lib share
  lib=$("$PG_CONFIG" --pkglibdir); share=$("$PG_CONFIG" --sharedir)/extension
  grep -q "default_version = '${PGVECTOR_TAG#v}'" "$share/vector.control" 2>/dev/null \
    && [ -f "$lib/vector.so" ] && grep -aq "Citus ${CITUS_TAG#v} on" "$lib/citus.so" 2>/dev/null
}
if [ "${SKIP_BUILD:-}" = 1 ] || { [ "${SKIP_BUILD:-}" != 0 ] && installed; }; then
  installed || { echo "SKIP_BUILD=1 but Citus $CITUS_TAG / pgvector $PGVECTOR_TAG are not installed" >&2; exit 2; }
  step "build skipped: Citus $CITUS_TAG and pgvector $PGVECTOR_TAG are installed ($("$PG_CONFIG" --version))"
else
  step "build"
  bash tools/citus/build.sh "$CITUS_SRC" "$PGVECTOR_SRC"
fi

COORD=$($PY tools/citus/cluster.py start)
SINGLE=$($PY tools/citus/cluster.py start-single)
OLD=$(mktemp -d /tmp/fm-citus-old-XXXXXX)
trap '$PY tools/citus/cluster.py stop; rm -rf "$OLD"' EXIT
unset FACT_MEMORY_DATABASE_URL
export FACT_MEMORY_CITUS_URL="$COORD"
# One deployment, one forget key (the digests of forgotten turns are keyed; a process with another
# key fails closed): every step — the upgrade, the CLI, the suite, the fault tests — uses the suite's.
FACT_MEMORY_FORGET_KEY=$(sed -n 's/^TEST_FORGET_KEY = "\(.*\)"$/\1/p' tests/conftest.py)
[ -n "$FACT_MEMORY_FORGET_KEY" ] || { echo "no TEST_FORGET_KEY in tests/conftest.py" >&2; exit 2; }
export FACT_MEMORY_FORGET_KEY
STATE=${FM_CITUS_DIR:-/tmp/fm-citus}

step "upgrade step: the earlier release's schema, distributed and seeded"
# Default: the commit before the one that added the quantised-vector migration (17).
UPGRADE_FROM=${UPGRADE_FROM:-$(git log --format=%H -1 -S"binary-quantised vectors in the scope index" \
  -- fact_memory_graph/store/migrations.py)^}
git archive "$UPGRADE_FROM" | tar -x -C "$OLD"
echo "earlier release: $(git log -1 --format='%h %cs' "$UPGRADE_FROM")"
# Run from the earlier tree (python -m puts the working directory first on sys.path).
(cd "$OLD" && PYTHONPATH="$OLD" $PY -m fact_memory_graph.cli setup --citus --json --database-url "$COORD" >/dev/null \
  && PYTHONPATH="$OLD" $PY "$ROOT/tools/citus/upgrade_seed.py" "$COORD" "$STATE/upgrade-seed.json")
$PY - "$COORD" <<'EOF'
import sys
from fact_memory_graph import FactMemory
from fact_memory_graph.errors import ConfigurationError
try:
    FactMemory.open(sys.argv[1]).close()
except ConfigurationError as exc:
    assert "fact-memory setup --citus" in str(exc), exc
    print(f"open() before the upgrade: {exc}")
else:
    sys.exit("open() migrated a distributed schema by itself")
EOF
step "upgrade: fact-memory setup --citus"
.venv/bin/fact-memory setup --citus --json --database-url "$COORD"
FM_UPGRADE_SEED="$STATE/upgrade-seed.json" $PY -m pytest -q -s -p no:cacheprovider tools/citus/test_citus_upgrade.py

step "the test suite on the upgraded cluster"
# What cannot run against the coordinator, and why:
NOT_ON_CLUSTER=(
  # the embedded server itself (its start, stop, signals, data directory), or a server of its own:
  --ignore=tests/test_embedded_server.py
  --ignore=tests/test_queue_outage.py            # stops and SIGSTOPs its own embedded server
  --ignore=tests/test_external_postgres.py       # starts a second server from the embedded binaries
  --deselect=tests/test_fail_open.py::test_reads_fail_open_when_the_database_is_down  # stops its own server
  --deselect=tests/test_store.py::test_sigterm_stops_the_embedded_server
  --deselect=tests/test_store.py::test_two_handles_in_one_process_share_the_embedded_server
  --deselect=tests/test_cli.py::test_cli_server_status_start_stop
  # needs a database without Citus (it checks the message `setup --citus` gives there):
  --deselect=tests/test_cli.py::test_setup_citus_on_a_plain_postgres_says_what_is_missing
  # hold one side of a race inside its transaction with a trigger (Citus refuses triggers on
  # distributed and reference tables); the same races on the cluster: test_citus.py's forget checks
  --deselect=tests/test_forget_races.py::test_an_apply_that_waits_for_a_forget_applies_nothing
  --deselect=tests/test_forget_races.py::test_the_next_turn_queued_during_a_forget_is_filtered_after_it
  --deselect=tests/test_forget_races.py::test_a_review_that_starts_during_a_forget_writes_nothing
  --deselect=tests/test_forget_races.py::test_a_writer_racing_a_forget_leaves_no_audit_row
  --deselect=tests/test_forget_races.py::test_forget_what_i_just_said_during_the_previous_turns_write_forgets_it
  --deselect=tests/test_forget_model_hold.py::test_no_prompt_when_a_forget_commits_while_the_call_waits_for_the_lock
  # the listing error it provokes is plain Postgres's (no pg_dist_partition); Citus lists by shard:
  --deselect=tests/test_drainer_independence.py::test_a_listing_error_on_plain_postgres_says_what_failed
  # no store at all (packaging, notebooks, the pure parts):
  --ignore=tests/unit --ignore=tests/test_packaging.py --ignore=tests/test_notebooks.py
)
FACT_MEMORY_TEST_DATABASE_URL="$COORD" FACT_MEMORY_TEST_DATABASE_DIRECT=1 \
  $PY -m pytest -q -p no:cacheprovider tests "${NOT_ON_CLUSTER[@]}"

step "every per-user statement single-shard; a worker pass; forget on every node"
$PY -m pytest -q -s -p no:cacheprovider tools/citus/test_citus.py
step "a worker lost mid-write"
$PY -m pytest -q -s -p no:cacheprovider tools/citus/test_citus_faults.py
step "concurrency benchmark on the cluster"
$PY benchmarks/concurrency.py --database-url "$COORD"
step "write p50, single node vs cluster, alternated"
for i in $(seq "$ROUNDS"); do
  for target in "single $SINGLE" "citus $COORD"; do
    set -- $target
    echo "$1 $($PY benchmarks/write_path.py --messages 100 --json --database-url "$2" 2>/dev/null)"
  done
done
step "read p50 (hybrid), single node vs cluster, alternated"
for i in $(seq "${READ_ROUNDS:-3}"); do
  for target in "single $SINGLE" "citus $COORD"; do
    set -- $target
    echo "$1"; $PY benchmarks/search_modes.py --modes hybrid --sizes 1000,10000 --queries 100 --database-url "$2"
  done
done
step "a third worker added under load, shards rebalanced"
$PY -m pytest -q -s -p no:cacheprovider tools/citus/test_citus_grow.py
$PY -m pytest -q -s -p no:cacheprovider tools/citus/test_citus.py -k single_shard
step "run.sh passed"
