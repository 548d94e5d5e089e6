"""Backfill throughput: messages per second through the whole write path (scripted zero-latency
model, real MiniLM embeddings, embedded Postgres), remember() in a loop vs remember_many.

Run: ``.venv/bin/python benchmarks/backfill.py [--users 20 --per-user 15]``. One run; compare the
ratios printed at the end (the machine may be shared: the load average is printed too).
"""

from __future__ import annotations

import argparse
import json
import os
import time
import uuid
from contextlib import ExitStack

from _common import bench_database

from fact_memory_graph import FactMemory
from fact_memory_graph.testing import ScriptedChatModel, prompt_message

TOPICS = ["running", "cooking", "the Q4 plan", "the auth flow", "Berlin", "my sister", "jazz", "sleep",
          "the garden", "chess", "the release", "my knee", "Tokyo", "taxes", "the new job"]


def ops(messages) -> list[dict]:
    text = prompt_message(messages)
    topic = text.rsplit(":", 1)[-1].strip()
    return [{"op": "add_durable", "category": "preference", "claim": f"enjoys {topic}"},
            {"op": "add_current", "category": "working_on", "claim": f"working on {topic} this week"}]


def items(tag: str, users: int, per_user: int) -> list[dict]:
    return [{"user_id": f"{tag}-u{u}", "message": f"message {i} of user {u}: {TOPICS[(u + i) % len(TOPICS)]} {i}",
             "message_id": f"m{i}"} for u in range(users) for i in range(per_user)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--per-user", type=int, default=15)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with ExitStack() as stack:
        url = stack.enter_context(bench_database(args.database_url, "fm_backfill_bench"))
        memory = FactMemory.open(url, llm=ScriptedChatModel(default=ops))
        stack.callback(memory.close)
        memory.remember_many(items("warm", 2, 3))  # load the model, warm the pool
        result: dict[str, float] = {"messages": args.users * args.per_user, "load_1m": os.getloadavg()[0]}
        batch = items(f"loop-{uuid.uuid4().hex[:6]}", args.users, args.per_user)
        t0 = time.perf_counter()
        for item in batch:
            memory.remember(item["user_id"], item["message"], message_id=item["message_id"])
        result["loop_msgs_per_s"] = round(len(batch) / (time.perf_counter() - t0), 1)
        for name, ordered in (("many_ordered", True), ("many_unordered", False)):
            batch = items(f"{name}-{uuid.uuid4().hex[:6]}", args.users, args.per_user)
            t0 = time.perf_counter()
            outcomes = memory.remember_many(batch, concurrency=args.concurrency, ordered=ordered)
            assert all(o.error is None for o in outcomes)
            result[f"{name}_msgs_per_s"] = round(len(batch) / (time.perf_counter() - t0), 1)
        result["ordered_vs_loop"] = round(result["many_ordered_msgs_per_s"] / result["loop_msgs_per_s"], 2)
        result["unordered_vs_loop"] = round(result["many_unordered_msgs_per_s"] / result["loop_msgs_per_s"], 2)
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:24} {v}")


if __name__ == "__main__":
    main()
