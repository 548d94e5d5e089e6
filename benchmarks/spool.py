"""The spool's cost: writing one turn group durably (fsync'd file + rename + directory fsync), what
a turn costs on the reply's path when the database is away. Usage: ``python benchmarks/spool.py``."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import percentile  # noqa: E402
from fact_memory_graph.spool import Spool  # noqa: E402
from fact_memory_graph.store.plans import QueueEntry  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=300)
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="fm-spool-"))
    spool = Spool(base / "spool", max_bytes=1 << 30)
    context = tuple({"role": "user", "text": f"earlier turn {i}: I walked the dog", "id": f"c{i}"} for i in range(8))
    times = []
    try:
        for i in range(args.turns):
            entries = [QueueEntry(message_id=f"m{i}", text="I have a dog called Rex and we run every morning",
                                  at=datetime.now(UTC), fingerprint=f"turn:{i:040d}", session_id="s", context=context)]
            start = time.perf_counter()
            spool.put("user-1", entries)
            times.append((time.perf_counter() - start) * 1000)
        replay = time.perf_counter()
        for path in spool.pending():
            spool.load(path)
            spool.remove(path)
        replay_ms = (time.perf_counter() - replay) * 1000 / args.turns
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(f"spool write per turn group over {args.turns}: p50 {percentile(times, 50):.2f} ms, "
          f"p95 {percentile(times, 95):.2f} ms; read + remove {replay_ms:.2f} ms")


if __name__ == "__main__":
    main()
