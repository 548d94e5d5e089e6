"""Forget racing the natural work of a user, with natural timing (no injection): a queued batch
whose model call is running, the nightly review, and the next turn of a checkpointed thread
invoked just before the forget. Heavy users (``--rows`` rows in each of the facts, audit,
processed-message, message-log and evaluation tables, so their forget takes a while) and light
users. A *comeback* is any row of the user that still holds the forgotten text once everything
settled, or a model prompt sent after the forget returned that quotes it.

Usage: ``python benchmarks/forget_races.py [--tries 40] [--rows 5000] [--database-url URL]``
(default: a throw-away embedded Postgres).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Annotated, Any, TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psycopg  # noqa: E402
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
from langgraph.graph import END, START, StateGraph  # noqa: E402
from langgraph.graph.message import add_messages  # noqa: E402

from benchmarks._common import bench_database  # noqa: E402
from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig  # noqa: E402
from fact_memory_graph.testing import ScriptedChatModel, prompt_message  # noqa: E402


class State(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]


class Model:
    """A scripted model with a natural latency (0-``latency_ms``): "I live in X" -> lives in X;
    the review infers "enjoys X" from any message naming a place. Records every prompt with the
    time it was sent."""

    def __init__(self, latency_ms: float) -> None:
        self.latency_ms, self.prompts, self.lock = latency_ms, [], threading.Lock()

    def __call__(self, messages: Any) -> Any:
        sent = time.monotonic()
        text = "\n".join(str(m.content) for m in messages)
        with self.lock:
            self.prompts.append((sent, text))
        time.sleep(random.uniform(0, self.latency_ms) / 1000)
        if str(messages[0].content).startswith("You review one day"):
            places = re.findall(r"Zorblat\w+", text)
            return {"proposals": [{"type": "inference", "claim": f"enjoys {places[0]}", "category": "preference",
                                   "refines": None, "because": ["M1"]}] if places else [],
                    "sessions": [{"session": "S1", "summary": f"Talked about {places[0]}."}] if places else []}
        if m := re.search(r"I live in (\w+)", prompt_message(messages)):
            return [{"op": "add_durable", "category": "identity", "claim": f"lives in {m.group(1)}"}]
        if "I like tea" in prompt_message(messages):
            return [{"op": "add_durable", "category": "preference", "claim": "likes tea"}]
        return []


def fill(url: str, user: str, rows: int, dimension: int) -> None:
    """``rows`` rows of the user in each big table (synthetic text, one vector for all)."""
    if rows <= 0:
        return
    vector = "[" + ",".join(["0.01"] * dimension) + "]"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO fact_memory_facts (id, user_id, kind, category, claim, confidence, created_at,"
            " last_confirmed_at, embedding, reconciled_at) SELECT gen_random_uuid(), %s, 'durable', 'preference',"
            " 'old fact ' || g, 0.7, now() - interval '30 days', now() - interval '30 days', %s::vector, now()"
            " FROM generate_series(1, %s) g", (user, vector, rows))
        conn.execute("INSERT INTO fact_memory_audit (user_id, op, note, at) SELECT %s, 'add_durable',"
                     " 'old note ' || g, now() - interval '30 days' FROM generate_series(1, %s) g", (user, rows))
        conn.execute("INSERT INTO fact_memory_processed_messages (user_id, message_id, processed_at)"
                     " SELECT %s, 'old-' || g, now() - interval '30 days' FROM generate_series(1, %s) g", (user, rows))
        conn.execute("INSERT INTO fact_memory_messages (user_id, message_id, text, at, enqueued_at, due_at,"
                     " deadline_at, state, processed_at) SELECT %s, 'oldlog-' || g, 'old turn ' || g,"
                     " now() - interval '2 hours', now() - interval '2 hours', now() - interval '2 hours',"
                     " now() - interval '2 hours', 'done', now() - interval '2 hours'"
                     " FROM generate_series(1, %s) g", (user, rows))
        conn.execute("INSERT INTO fact_memory_evaluations (user_id, message_id, evaluator, output, at)"
                     " SELECT %s, 'old-' || g, 'trust', '{}'::jsonb, now() - interval '30 days'"
                     " FROM generate_series(1, %s) g", (user, rows))


def holding(url: str, user: str, needle: str) -> list[str]:
    """The user's tables (and the shared ones) holding ``needle`` anywhere in a row."""
    with psycopg.connect(url) as conn:
        columns = conn.execute(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_name LIKE 'fact_memory_%'"
            " AND udt_name <> 'vector' AND table_name <> 'fact_memory_meta' ORDER BY 1, 2").fetchall()
        keyed = {t for t, c in columns if c == "user_id"}
        found = set()
        for t, c in columns:
            scope, params = ("AND user_id = %s", [user]) if t in keyed else ("", [])
            if conn.execute(f'SELECT 1 FROM {t} WHERE "{c}"::text LIKE %s {scope} LIMIT 1',
                            (f"%{needle}%", *params)).fetchone():
                found.add(t)
        return sorted(found)


def graph(memory: FactMemory) -> Any:
    builder = StateGraph(State)
    builder.add_node("remember", memory.write_node())
    builder.add_node("agent", lambda state: {"messages": [AIMessage("noted")]})
    builder.add_edge(START, "remember")
    builder.add_edge(START, "agent")
    builder.add_edge("remember", END)
    builder.add_edge("agent", END)
    return builder.compile(checkpointer=InMemorySaver())


def one_try(memory: FactMemory, model: Model, url: str, scenario: str, rows: int) -> tuple[bool, bool, float]:
    """One race; returns (a row came back, a prompt after the forget quoted the text, forget seconds)."""
    user, city = f"race-{uuid.uuid4().hex[:10]}", "Zorblat" + uuid.uuid4().hex[:8]
    fill(url, user, rows, memory.store.dimension)
    config = {"configurable": {"user_id": user, "thread_id": "t"}}
    app = graph(memory)
    app.invoke({"messages": [HumanMessage(f"I live in {city}")]}, config)
    if scenario != "claimed_batch":
        memory.flush(user)  # the fact exists; the review / the next turn races the forget
    side: Any
    if scenario == "claimed_batch":
        side = threading.Thread(target=lambda: memory.flush(user))
    elif scenario == "review":
        side = threading.Thread(target=lambda: memory.review.run(user))
    else:  # the next turn of the same thread, 0-60 ms before the forget
        side = threading.Thread(target=lambda: app.invoke({"messages": [HumanMessage("I like tea")]}, config))
    side.start()
    time.sleep(random.uniform(0, 0.06))
    started = time.monotonic()
    memory.forget(user)
    forgot = time.monotonic()
    side.join(120)
    memory.flush(user)
    came_back = bool(holding(url, user, city)) or any(city in f.claim for f in memory.facts.list(user))
    with model.lock:
        quoted = any(sent > forgot and city in text for sent, text in model.prompts)
    memory.forget(user)
    return came_back, quoted, forgot - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tries", type=int, default=40)
    parser.add_argument("--rows", type=int, default=5000, help="rows per table of a heavy user")
    parser.add_argument("--latency-ms", type=float, default=50.0)
    parser.add_argument("--scenarios", default="claimed_batch,review,next_turn")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    model = Model(args.latency_ms)
    with bench_database(args.database_url, "forget_races") as url:
        memory = FactMemory.open(url, llm=ScriptedChatModel(default=model),
                                 config=FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0)))
        try:
            print(f"{'scenario':<14} {'user':<6} {'tries':>5} {'comebacks':>9} {'quoted after':>12} {'forget p50 s':>12}")
            for scenario in args.scenarios.split(","):
                for label, rows in (("heavy", args.rows), ("light", 0)):
                    results = [one_try(memory, model, url, scenario, rows) for _ in range(args.tries)]
                    seconds = sorted(r[2] for r in results)
                    print(f"{scenario:<14} {label:<6} {len(results):>5} {sum(r[0] for r in results):>9}"
                          f" {sum(r[1] for r in results):>12} {seconds[len(seconds) // 2]:>12.3f}", flush=True)
        finally:
            memory.close()


if __name__ == "__main__":
    main()
