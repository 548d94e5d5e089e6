"""Concurrent writers: P processes x T threads on ONE user, each message strengthening the same
two facts in a random order and adding the same claim (the deadlock and duplicate worst case).
Reports errors surfaced, duplicate facts, whether confidences are exact, and latency.
Run: ``.venv/bin/python benchmarks/concurrency.py`` (defaults: 4 x 4 x 10 = 160 messages).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path

from _common import bench_database, percentile

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fact_memory_graph import FactMemory  # noqa: E402
from tests.concurrency_workload import run_writer  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--messages", type=int, default=10, help="per thread")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    step = 0.0005
    with ExitStack() as stack:
        url = stack.enter_context(bench_database(args.database_url, "concurrency"))
        memory = stack.enter_context(FactMemory.open(url))
        user = "bench-concurrency"
        a = memory.facts.add(user, "lives in Berlin", kind="durable", category="identity").fact_id
        b = memory.facts.add(user, "allergic to penicillin", kind="durable", category="health").fact_id
        vector = memory.context.embed_query("enjoys jazz")
        started = time.perf_counter()
        with ProcessPoolExecutor(args.processes, mp_context=multiprocessing.get_context("spawn")) as pool:
            futures = [pool.submit(run_writer, url, user, [str(a), str(b)], "enjoys jazz", vector,
                                   threads=args.threads, messages=args.messages, step=step, seed=p)
                       for p in range(args.processes)]
            results = [f.result() for f in futures]
        wall = time.perf_counter() - started
        n = args.processes * args.threads * args.messages
        errors = [e for errs, _ in results for e in errs]
        latencies = [ms for _, lat in results for ms in lat]
        facts = memory.facts.list(user, status="active")
        by_claim = {f.claim: f.confidence for f in facts}
        exact = (abs(by_claim["lives in Berlin"] - (0.7 + n * step)) < 1e-9
                 and abs(by_claim["allergic to penicillin"] - (0.7 + n * step)) < 1e-9
                 and abs(by_claim.get("enjoys jazz", 0) - (0.7 + (n - 1) * step)) < 1e-9)
    print(json.dumps({
        "messages": n, "processes": args.processes, "threads_per_process": args.threads,
        "errors_surfaced": len(errors), "error_kinds": sorted({e.split(":")[0] for e in errors}),
        "jazz_facts": sum(f.claim == "enjoys jazz" for f in facts), "confidences_exact": exact,
        "latency_ms_p50": round(statistics.median(latencies), 1), "latency_ms_p99": round(percentile(latencies, 99), 1),
        "wall_s": round(wall, 2),
    }, indent=2))


if __name__ == "__main__":
    main()
