"""Read facts through LangGraph's ``BaseStore`` interface (``runtime.store``).

``memory.as_store()`` is a store view: namespace ``("facts", user_id)``, key = fact id,
``value["content"]`` = the claim. Code written against LangGraph's store — your nodes, langmem's
memory tools — reads the facts without knowing about fact-memory; its writes follow the rules of a
user edit (``put`` adds or corrects, ``delete`` retracts; history kept).

Run ``python examples/store_view.py`` (offline).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime

from fact_memory_graph import FactMemory


@dataclass
class Context:
    user_id: str


class State(TypedDict, total=False):
    question: str
    notes: list[str]


def build_graph(memory: FactMemory) -> CompiledStateGraph:
    def look_up(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
        assert runtime.store is not None
        items = runtime.store.search(("facts", runtime.context.user_id), query=state["question"], limit=3)
        return {"notes": [f"{i.value['category']}: {i.value['content']} (score {i.score:.2f})" for i in items]}

    builder = StateGraph(State, context_schema=Context)
    builder.add_node("look_up", look_up)
    builder.add_edge(START, "look_up")
    builder.add_edge("look_up", END)
    return builder.compile(store=memory.as_store())


def main() -> None:  # pragma: no cover - exercised by tests through build_graph
    with FactMemory.open() as memory:
        memory.facts.add("example-user", "allergic to penicillin", kind="durable", category="health")
        memory.facts.add("example-user", "training for a marathon", kind="current", category="working_on")
        out = build_graph(memory).invoke({"question": "any allergies?"}, context=Context(user_id="example-user"))
        print("\n".join(out["notes"]))


if __name__ == "__main__":
    main()
