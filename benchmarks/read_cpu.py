"""The read path's own Python: CPU time per read of a hot user, and where it goes (cProfile).

Users of ``--sizes`` facts (the read benchmark's synthetic claims, real MiniLM vectors) are
written once into the database (kept: run again on the same ``--database-url`` to skip it), read
until the process holds their copy, then ``--reads`` hybrid reads through the retriever with the
query's embedding precomputed (the read path minus the embedding), ``--rounds`` times:
``time.process_time()`` per read (every thread of the process: a background copy shows) and the
wall p50. ``--profile`` prints a cProfile of the last round. Alternate trees with
``PYTHONPATH=<tree>``. Run: ``.venv/bin/python benchmarks/read_cpu.py --profile``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import statistics
import time
from datetime import UTC, datetime

from _common import bench_database
from read_path import SUBJECTS, load_user

import fact_memory_graph
from fact_memory_graph import FactMemory, FactMemoryConfig, ReadConfig
from fact_memory_graph.testing import FixedClock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--reads", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of the last round")
    parser.add_argument("--database-url")
    args = parser.parse_args()
    rng = random.Random(7)
    out: dict = {"code": fact_memory_graph.__file__}
    with bench_database(args.database_url, "fm_read_cpu") as url:
        clock = FixedClock(datetime(2026, 6, 1, tzinfo=UTC))
        memory = FactMemory.open(url, clock=clock, config=FactMemoryConfig(read=ReadConfig(track_access=False)))
        try:
            queries = [f"{rng.choice(['How is', 'Tell me about', 'Any news on', 'What about'])} {rng.choice(SUBJECTS)}?"
                       for _ in range(100)]
            vectors = dict(zip(queries, memory.embeddings.embed_documents(queries), strict=True))
            memory.context.embed_query = vectors.__getitem__  # the read path minus the embedding
            for n in (int(s) for s in args.sizes.split(",")):
                user = f"bench-user-{n}"
                with memory.store.pool.connection() as conn:
                    held = conn.execute("SELECT count(*) FROM fact_memory_facts WHERE user_id = %s", (user,)).fetchone()
                if not held or not held[0]:
                    load_user(memory, user, n, clock(), rng)
                retriever = memory.as_retriever(user_id=user)
                for q in queries[:5]:
                    retriever.invoke(q)
                hot = memory.store.hot
                if hot is not None:
                    hot.wait_idle()
                for q in queries[:20]:
                    retriever.invoke(q)
                for r in range(args.rounds):
                    profile = cProfile.Profile() if args.profile and r == args.rounds - 1 else None
                    cpu0, wall = time.process_time(), []
                    if profile:
                        profile.enable()
                    for i in range(args.reads):
                        t0 = time.perf_counter()
                        retriever.invoke(queries[i % len(queries)])
                        wall.append((time.perf_counter() - t0) * 1000)
                    if profile:
                        profile.disable()
                        text = io.StringIO()
                        pstats.Stats(profile, stream=text).sort_stats("tottime").print_stats(25)
                        print(f"== {n} facts\n{text.getvalue()}")
                    out.setdefault(str(n), []).append({
                        "cpu_ms_per_read": round((time.process_time() - cpu0) * 1000 / args.reads, 3),
                        "p50_ms": round(statistics.median(wall), 3)})
                if hot is not None:
                    out[f"{n}_hot"] = {"hits": hot.hits, "misses": hot.misses, "copies": getattr(hot, "fills", None)}
        finally:
            memory.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
