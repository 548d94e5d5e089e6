"""What leaving a record's own keys and the schema's words out of the secret filter's joint read
saves per message: the two ways alternate message by message in one process (same database,
same user, same load), so the box's noise hits both alike.

The "read" way is the one before this change: ``PlansBase.plain_strings`` answers nothing, so
every string of a stored record (its user id, message ids, op names, categories) is read
together with its claims. Prints p50/p99 of the whole ``remember()`` and of its own code (wall
minus the embedder) for each way, and the own-code gain. Run:
``.venv/bin/python benchmarks/write_record_keys.py [--messages 400] [--after-recall]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import uuid
from datetime import UTC, datetime

from _common import bench_database
from write_path import TimedEmbeddings, message, ops_for

from fact_memory_graph import FactMemory
from fact_memory_graph.store.plans.base import PlansBase
from fact_memory_graph.testing import FixedClock, ScriptedChatModel


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=400)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--after-recall", action="store_true")
    args = parser.parse_args()
    left_out = PlansBase.plain_strings
    way = {"left out": True}
    PlansBase.plain_strings = lambda self, keys=(): (  # type: ignore[method-assign]
        left_out(self, keys) if way["left out"] else frozenset())
    walls: dict[bool, list[float]] = {True: [], False: []}
    own: dict[bool, list[float]] = {True: [], False: []}
    with bench_database(None, "bench") as url:
        clock = FixedClock(datetime(2026, 1, 1, tzinfo=UTC))
        total = args.warmup + args.messages
        embedder = TimedEmbeddings()
        memory = FactMemory.open(url, llm=ScriptedChatModel(responses=[ops_for(i) for i in range(total)]),
                                 clock=clock, embeddings=embedder)
        user = f"bench-{uuid.uuid4().hex[:8]}"
        try:
            for i in range(total):
                clock.advance(minutes=7)
                text = message(i)
                if args.after_recall:
                    memory.recall(user, text)
                    memory.flush()
                way["left out"] = i % 2 == 0
                embedder.spent = 0.0
                t0 = time.perf_counter()
                memory.remember(user, text, message_id=f"m{i}")
                wall = (time.perf_counter() - t0) * 1000
                if i >= args.warmup:
                    walls[way["left out"]].append(wall)
                    own[way["left out"]].append(wall - embedder.spent * 1000)
        finally:
            memory.close()
    out: dict[str, object] = {
        name: {"p50": round(statistics.median(walls[key]), 2), "p99": round(_quantile(walls[key], 0.99), 2),
               "own_p50": round(statistics.median(own[key]), 2)}
        for name, key in (("keys left out", True), ("keys read", False))}
    out["own_gain_p50_ms"] = round(statistics.median(own[False]) - statistics.median(own[True]), 2)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
