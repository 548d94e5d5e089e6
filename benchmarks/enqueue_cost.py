"""What a queued turn costs the reply, split: ``queue.capture`` (ids, fingerprints, the secret
filter; no I/O) and ``queue.enqueue`` (the statement). A 220-turn conversation with history, as a
checkpointer sends it. Usage: ``python benchmarks/enqueue_cost.py [--turns 200] [--database-url URL]``."""

from __future__ import annotations

import argparse
import time
import uuid

from _common import bench_database, percentile
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.embeddings import LocalMiniLMEmbeddings
from fact_memory_graph.testing import ScriptedChatModel


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with bench_database(args.database_url, "enqueue") as url:
        memory = FactMemory.open(url, llm=ScriptedChatModel(default=[]), embeddings=LocalMiniLMEmbeddings(),
                                 config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
        user = f"enq-{uuid.uuid4().hex[:8]}"
        config = {"configurable": {"user_id": user, "thread_id": "t"}}
        capture, enqueue = [], []
        history: list[AnyMessage] = []
        try:
            for i in range(args.turns + 20):
                history += [HumanMessage(f"turn {i}: I walked the dog and planned the week", id=f"m{i}"),
                            AIMessage("ok")]
                t0 = time.perf_counter()
                user_id, entries = memory.queue.capture({"messages": history[-12:]}, config)
                t1 = time.perf_counter()
                memory.queue.enqueue(user_id, entries)
                if i >= 20:  # warm-up: pool, prepared statements, caches
                    capture.append((t1 - t0) * 1000)
                    enqueue.append((time.perf_counter() - t1) * 1000)
            memory.forget(user)
        finally:
            memory.close()
    print(f"capture p50 {percentile(capture, 50):.2f} ms; enqueue p50 {percentile(enqueue, 50):.2f} ms, "
          f"p95 {percentile(enqueue, 95):.2f} ms ({args.turns} turns)")


if __name__ == "__main__":
    main()
