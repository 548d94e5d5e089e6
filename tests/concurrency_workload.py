"""A concurrent write workload, importable by child processes (tests and benchmarks/concurrency.py).

Each message strengthens the same two facts in a random order and adds the same claim, through
``FactStore.apply``: the worst case for lock ordering and for write-time dedup.
"""

from __future__ import annotations

import random
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

from fact_memory_graph import FactKind, WriteConfig
from fact_memory_graph.schema import PlannedOp
from fact_memory_graph.store import FactStore
from fact_memory_graph.testing import FixedClock


def run_writer(db_url: str, user: str, fact_ids: list[str], claim: str, vector: list[float], *, threads: int,
               messages: int, step: float, seed: int) -> tuple[list[str], list[float]]:
    """Apply ``threads x messages`` messages; returns (errors, latencies in ms)."""
    rng = random.Random(seed)
    clock = FixedClock()
    errors: list[str] = []
    latencies: list[float] = []
    with FactStore.from_conn_string(db_url, dimension=len(vector), write=WriteConfig(strengthen_step=step),
                                    min_size=threads, max_size=threads) as store:

        def one_thread(t: int) -> None:
            for i in range(messages):
                ids = [uuid.UUID(f) for f in fact_ids]
                rng_local = random.Random(rng.random() + t + i)
                rng_local.shuffle(ids)
                ops = [PlannedOp(op="strengthen", fact_id=f) for f in ids]
                ops.insert(rng_local.randrange(len(ops) + 1), PlannedOp(
                    op="add_durable", kind=FactKind.DURABLE, category="preference", claim=claim, embedding=vector))
                started = time.perf_counter()
                try:
                    store.apply(user, f"{seed}-{t}-{i}", ops, at=clock())
                except Exception as exc:  # collected: the test asserts there are none
                    errors.append(f"{type(exc).__name__}: {exc}")
                latencies.append((time.perf_counter() - started) * 1000)

        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(one_thread, range(threads)))
    return errors, latencies
