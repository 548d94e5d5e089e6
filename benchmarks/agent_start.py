"""The agent's start in the README layout over whole conversations: what a user waits for on later turns.

A parent ``StateGraph`` with ``add_messages`` and a checkpointer (START -> recall -> agent,
START -> remember, the queued write node; a zero-latency scripted extractor, drained after each
turn), ``--users`` conversations of ``--turns`` turns each; the time from ``invoke`` to the agent
node's start is timed from the fourth turn on (the user has facts, the recall has earlier
messages to compose). Real embedder, embedded Postgres (``--database-url`` for another server).
Run: ``.venv/bin/python benchmarks/agent_start.py``; alternate trees with ``PYTHONPATH=<tree>``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import uuid
from typing import Annotated, Any, TypedDict

from _common import bench_database, percentile
from langchain_core.messages import AIMessage, AnyMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

import fact_memory_graph
from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.testing import ScriptedChatModel, prompt_message

TOPICS = ["running", "the cello", "Berlin", "my sister Lena", "the new job", "my knee", "jazz", "taxes",
          "the garden", "Tokyo"]


class State(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    memory_context: str
    memory_outcome: dict[str, Any]


def ops(messages: Any) -> list[dict[str, Any]]:
    return [{"op": "add_durable", "category": "preference", "claim": f"cares about {prompt_message(messages)[-40:]}"}]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=6)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with bench_database(args.database_url, "fm_agent_start") as url:
        memory = FactMemory.open(url, llm=ScriptedChatModel(default=ops),
                                 config=FactMemoryConfig(queue=QueueConfig(drainer="thread", after_seconds=0)))
        marks: list[float] = []

        def agent(state: State) -> dict[str, Any]:
            marks.append(time.perf_counter())
            topic = TOPICS[len(state["messages"]) % len(TOPICS)]
            return {"messages": [AIMessage(f"That sounds important. Tell me more about how {topic} is going this week.")]}

        builder = StateGraph(State)
        builder.add_node("recall", memory.recall_node())
        builder.add_node("agent", agent)
        builder.add_node("remember", memory.write_node())
        builder.add_edge(START, "recall")
        builder.add_edge("recall", "agent")
        builder.add_edge("agent", END)
        builder.add_edge(START, "remember")
        builder.add_edge("remember", END)
        graph = builder.compile(checkpointer=InMemorySaver())
        waits: list[float] = []
        try:
            for u in range(args.users):
                user = f"agent-start-{uuid.uuid4().hex[:8]}"
                config = {"configurable": {"user_id": user, "thread_id": user}}
                for t in range(args.turns):
                    said = (f"Turn {t}: this week I spent time on {TOPICS[(u + t) % len(TOPICS)]}"
                            f" and it went {'well' if t % 2 else 'badly'}")
                    t0 = time.perf_counter()
                    graph.invoke({"messages": [("user", said)]}, config)
                    if t >= 3:
                        waits.append((marks[-1] - t0) * 1000)
                    memory.flush()
                memory.forget(user)
        finally:
            memory.close()
    print(json.dumps({"code": fact_memory_graph.__file__, "turns_timed": len(waits),
                      "agent_start_ms_p50": round(statistics.median(waits), 2),
                      "agent_start_ms_p90": round(percentile(waits, 90), 2)}))


if __name__ == "__main__":
    main()
