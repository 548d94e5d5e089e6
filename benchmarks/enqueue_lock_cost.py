"""What the user's lock costs the enqueue (the reply's one statement): the enqueue as it runs now
(a pipelined transaction: the shared lock, then the insert) alternated with the same plan without
the lock, autocommit (as before the lock), turn by turn in one window. Usage:
``python benchmarks/enqueue_lock_cost.py [--turns 300] [--database-url URL]``."""

from __future__ import annotations

import argparse
import sys
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import bench_database, percentile  # noqa: E402
from fact_memory_graph.store import FactStore  # noqa: E402
from fact_memory_graph.store._driver import make_pool, run_plan  # noqa: E402
from fact_memory_graph.store.plans import QueueEntry  # noqa: E402


def without_lock(make: Callable[[], Any]) -> Callable[[], Any]:
    """The plan minus its first statement (the user's lock)."""
    def plan() -> Any:
        inner = make()
        first = next(inner)
        assert "pg_advisory_xact_lock_shared" in first.sql
        q = inner.send(None)
        try:
            while True:
                q = inner.send((yield q))
        except StopIteration as done:
            return done.value
    return plan


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with bench_database(args.database_url, "enqueue_lock") as url:
        pool = make_pool(url, min_size=1, max_size=2)
        store = FactStore(pool, dimension=384)
        store.setup()
        times: dict[str, list[float]] = {"locked (now)": [], "no lock (before)": []}
        user = f"bench-{uuid.uuid4().hex[:8]}"
        context = tuple({"role": "user", "id": f"c{i}", "fingerprint": f"fp{i}"} for i in range(8))
        for n in range(args.turns):
            for label in (("locked (now)", "no lock (before)") if n % 2 else ("no lock (before)", "locked (now)")):
                now = datetime.now(UTC)
                entry = QueueEntry(message_id=f"{label[:2]}-{n}", text=f"turn {n}: I walked the dog", at=now,
                                   fingerprint=f"fp-{label[:2]}-{n}", session_id="s", context=context)

                def make(entry: QueueEntry = entry, now: datetime = now) -> Any:
                    return store._enqueue_plan(user, [entry], now, 1.0, 10.0)
                started = time.perf_counter()
                if label.startswith("locked"):
                    run_plan(pool, make, transaction=True, pipeline=True)
                else:
                    run_plan(pool, without_lock(make))
                times[label].append((time.perf_counter() - started) * 1000)
        for label, values in times.items():
            print(f"{label:<18} p50 {percentile(values, 50):.3f} ms  p95 {percentile(values, 95):.3f} ms")
        pool.close()


if __name__ == "__main__":
    main()
