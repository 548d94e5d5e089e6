"""Queued-writes benchmark: what the reply waits for, what an enqueue costs, how fast the queue drains.

1. ``reply``: the README's layout (START -> recall -> agent, START -> remember) with an extractor
   that takes ``--extract-s`` seconds (2 by default). Time from ``invoke`` to the agent node's start,
   alternating three graphs in one window: no memory write node, the queued write node (default),
   the sync write node (the old layout, for contrast).
2. ``enqueue``: the queued write node's own time per turn (capture + one INSERT), p50/p95.
3. ``drain``: messages extracted per second by ``memory.flush()`` with a zero-latency scripted model
   (real embedder, real Postgres): bursts (users x messages: one extraction per burst) and single
   messages (one extraction each), beside ``remember_many`` on the same single messages.

Embedded Postgres by default (``--database-url`` for another server). Run:
``.venv/bin/python benchmarks/queued_writes.py``. One run on a shared 2-core machine: compare ratios.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import uuid
from typing import Annotated, Any, TypedDict

from _common import bench_database, percentile
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.embeddings import LocalMiniLMEmbeddings
from fact_memory_graph.testing import ScriptedChatModel, prompt_message


class State(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    memory_context: str
    memory_outcome: dict[str, Any]


def ops(messages: Any) -> list[dict[str, Any]]:
    text = prompt_message(messages)
    return [{"op": "add_durable", "category": "preference", "claim": f"enjoys {text[:40]}"},
            {"op": "add_current", "category": "working_on", "claim": f"busy with {text[-30:]}"}]


def graph(memory: FactMemory, marks: list[float], write: str | None) -> Any:
    def agent(state: State) -> dict[str, Any]:
        marks.append(time.perf_counter())
        return {"messages": [AIMessage("noted")]}

    builder = StateGraph(State)
    builder.add_node("recall", memory.recall_node())
    builder.add_node("agent", agent)
    builder.add_edge(START, "recall")
    builder.add_edge("recall", "agent")
    builder.add_edge("agent", END)
    if write is not None:
        builder.add_node("remember", memory.write_node(mode=write))  # type: ignore[arg-type]
        builder.add_edge(START, "remember")
        builder.add_edge("remember", END)
    return builder.compile()


def bench_reply(url: str, embeddings: LocalMiniLMEmbeddings, rounds: int, extract_s: float) -> dict[str, Any]:
    def slow(messages: Any) -> list[dict[str, Any]]:
        time.sleep(extract_s)  # a real model's extraction call
        return ops(messages)

    config = FactMemoryConfig(queue=QueueConfig(drainer="thread", after_seconds=0))
    memory = FactMemory.open(url, llm=ScriptedChatModel(default=slow), embeddings=embeddings, config=config)
    marks: list[float] = []
    graphs = {name: graph(memory, marks, write) for name, write in
              (("no memory write", None), ("queued write node", "queued"), ("sync write node", "sync"))}
    waits: dict[str, list[float]] = {name: [] for name in graphs}
    try:
        for r in range(rounds + 1):
            for name, g in graphs.items():  # alternated in one window
                user = f"reply-{uuid.uuid4().hex[:8]}"
                t0 = time.perf_counter()
                g.invoke({"messages": [HumanMessage(f"I started learning the cello, round {r}")]},
                         {"configurable": {"user_id": user, "thread_id": "t"}})
                if r:  # round 0 warms up
                    waits[name].append((marks[-1] - t0) * 1000)
        memory.flush()
    finally:
        memory.close()
    p50 = {name: round(statistics.median(v), 1) for name, v in waits.items()}
    return {"extract_s": extract_s, "rounds": rounds, "agent_start_ms_p50": p50,
            "queued_minus_none_ms": round(p50["queued write node"] - p50["no memory write"], 1)}


def bench_enqueue(url: str, embeddings: LocalMiniLMEmbeddings, turns: int) -> dict[str, Any]:
    memory = FactMemory.open(url, llm=ScriptedChatModel(default=ops), embeddings=embeddings,
                             config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    node = memory.write_node()
    times = []
    try:
        user = f"enqueue-{uuid.uuid4().hex[:8]}"
        history: list[AnyMessage] = []
        for i in range(turns + 20):
            history += [HumanMessage(f"turn {i}: I walked the dog and planned the week", id=f"m{i}"), AIMessage("ok")]
            t0 = time.perf_counter()
            node.invoke({"messages": history[-12:]}, {"configurable": {"user_id": user, "thread_id": "t"}})
            if i >= 20:
                times.append((time.perf_counter() - t0) * 1000)
        memory.forget(user)
    finally:
        memory.close()
    return {"turns": turns, "enqueue_ms_p50": round(percentile(times, 50), 2),
            "enqueue_ms_p95": round(percentile(times, 95), 2)}


def bench_drain(url: str, embeddings: LocalMiniLMEmbeddings, users: int, per_user: int,
                baseline: bool) -> dict[str, Any]:
    config = FactMemoryConfig(queue=QueueConfig(drainer="off", max_batch=max(per_user, 1), concurrency=8))
    memory = FactMemory.open(url, llm=ScriptedChatModel(default=ops), embeddings=embeddings, config=config)
    node = memory.write_node()
    tag = uuid.uuid4().hex[:6]
    try:
        items = []
        for u in range(users):
            history: list[AnyMessage] = []
            for n in range(per_user):
                text = f"user {u} message {n}: training for a {5 + n} km run, tired after work"
                history.append(HumanMessage(text, id=f"{tag}-{u}-{n}"))
                node.invoke({"messages": list(history)}, {"configurable": {"user_id": f"drain-{tag}-{u}"}})
                items.append({"user_id": f"base-{tag}-{u}", "message": text, "message_id": f"b-{tag}-{u}-{n}"})
        total = users * per_user
        t0 = time.perf_counter()
        report = memory.flush()
        drain_s = time.perf_counter() - t0
        assert report.processed == total and not report.failed, report
        out: dict[str, Any] = {"users": users, "messages_per_user": per_user, "messages": total,
                               "extractions": len(memory._llm.calls),  # type: ignore[union-attr]
                               "drain_s": round(drain_s, 2), "messages_per_s": round(total / drain_s, 1)}
        if baseline:
            t0 = time.perf_counter()
            outcomes = memory.remember_many(items, concurrency=8)
            base_s = time.perf_counter() - t0
            assert not any(o.error for o in outcomes)
            out["remember_many_messages_per_s"] = round(total / base_s, 1)
        for u in range(users):
            memory.forget(f"drain-{tag}-{u}")
            memory.forget(f"base-{tag}-{u}")
    finally:
        memory.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database-url")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--extract-s", type=float, default=2.0)
    parser.add_argument("--turns", type=int, default=300)
    args = parser.parse_args()
    embeddings = LocalMiniLMEmbeddings()
    with bench_database(args.database_url, "fm_queue_bench") as url:
        FactMemory.open(url, embeddings=embeddings).close()  # schema
        results = {
            "reply": bench_reply(url, embeddings, args.rounds, args.extract_s),
            "enqueue": bench_enqueue(url, embeddings, args.turns),
            "drain_bursts": bench_drain(url, embeddings, users=50, per_user=8, baseline=False),
            "drain_single": bench_drain(url, embeddings, users=200, per_user=1, baseline=True),
        }
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
