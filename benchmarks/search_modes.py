"""Read latency of the search modes side by side: the retriever's p50 at 1k and 10k facts of one
user, ``ReadConfig.search`` "dense" (the read path before hybrid retrieval) against "hybrid"
(the default), queries alternating between the two in one window (the box is shared and noisy).

    python benchmarks/search_modes.py [--sizes 1000,10000] [--queries 200] [--database-url URL] [--modes M1,M2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import uuid

from fact_memory_graph import FactMemory, FactMemoryConfig, ReadConfig
from fact_memory_graph.schema import FactKind, PlannedOp

SUBJECTS = ["a sister", "a brother", "a dog", "a cat", "a friend", "a colleague", "a neighbour", "a cousin"]
NAMES = ["Mia", "Anna", "Leo", "Omar", "Yuki", "Ravi", "Sofia", "Lars", "Ines", "Tom", "Zoe", "Ken"]
VERBS = ["likes", "visited", "plays", "studies", "works on", "cooked", "read", "painted", "bought", "fixed"]
THINGS = ["jazz", "Berlin", "chess", "the garden", "a marathon", "Python", "pottery", "a bike", "sushi",
          "the roof", "a novel", "tennis", "Tokyo", "the piano", "a tent", "salsa"]
QUERIES = ["what does my sister like?", "did I go to Tokyo?", "who is Leo?", "what sports do I play?",
           "health", "what did I cook last week?", "where do I work?", "any pets?", "what am I reading?",
           "marathon training"]


def claims(n: int, rng: random.Random) -> list[str]:
    return [f"has {rng.choice(SUBJECTS)} {rng.choice(NAMES)} who {rng.choice(VERBS)} {rng.choice(THINGS)} ({i})"
            for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--database-url", default=None, help="default: the embedded server")
    parser.add_argument("--modes", default="dense,hybrid", help="two ReadConfig.search modes, or one")
    args = parser.parse_args()
    rng = random.Random(7)
    modes = args.modes.split(",")
    memories = {mode: FactMemory.open(args.database_url,
                                      config=FactMemoryConfig(read=ReadConfig(search=mode, track_access=False)))
                for mode in modes}
    loader = memories[modes[0]]
    print("| facts | " + " | ".join(f"{m} p50 ms" for m in modes) + " |")
    print("|---" * (len(modes) + 1) + "|")
    for size in (int(s) for s in args.sizes.split(",")):
        user = f"bench-modes-{size}-{uuid.uuid4().hex[:6]}"
        texts = claims(size, rng)
        for start in range(0, size, 200):
            batch = texts[start:start + 200]
            vectors = loader.context.embed_many(batch)
            ops = [PlannedOp(op="add_durable", kind=FactKind.DURABLE, category="relationship", claim=c,
                             embedding=v) for c, v in zip(batch, vectors, strict=True)]
            loader.store.apply(user, f"load-{start}", ops, at=loader.context.now())
        times: dict[str, list[float]] = {m: [] for m in modes}
        retrievers = {m: mem.as_retriever(user_id=user) for m, mem in memories.items()}
        for i in range(args.queries):
            query = QUERIES[i % len(QUERIES)]
            for mode in (modes if i % 2 == 0 else modes[::-1]):
                t = time.perf_counter()
                retrievers[mode].invoke(query)
                times[mode].append(time.perf_counter() - t)
        p50 = [statistics.median(times[m]) * 1000 for m in modes]
        print(f"| {size} | " + " | ".join(f"{v:.1f}" for v in p50) + " |")
        loader.forget(user)
    for memory in memories.values():
        memory.close()


if __name__ == "__main__":
    main()
