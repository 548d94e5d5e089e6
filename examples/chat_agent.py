"""A small LangGraph chat agent with long-term fact memory.

    START ──> recall ──> agent ──> END        (memory sections go into the system prompt)
      └─────> remember ─────────> END        (queues the turn; extraction runs off the reply's path)

The user comes from ``config["configurable"]["user_id"]``. The write node only records the turn
in the message log (one short statement, bounded by ``WriteConfig.write_budget_s``) — it sits
beside ``recall`` in LangGraph's first step, so the agent's step would wait for anything slower —
and a background drainer extracts it (one model call) exactly once. ``on_error="log"`` keeps a
memory failure from breaking the reply. Run ``python examples/chat_agent.py`` (offline: scripted
models; set FACT_MEMORY_MODEL / OPENAI_API_KEY to use a real one).
"""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.graph.state import CompiledStateGraph

from fact_memory_graph import FactMemory, memory_system_message


class ChatState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    memory_context: str
    memory_outcome: dict[str, Any]  # ApplyOutcome as JSON (``queued``: the ids recorded): checkpointers store it as is


def build_agent(memory: FactMemory, chat_model: BaseChatModel, checkpointer: Any = None) -> CompiledStateGraph:
    """Compile the agent graph over a memory and the model that writes replies.

    With a checkpointer (short-term memory of the thread) each turn sends only the new message.
    """

    def agent(state: ChatState) -> dict[str, Any]:
        system = memory_system_message(state)
        prompt = ([system] if system else []) + list(state["messages"])
        return {"messages": [chat_model.invoke(prompt)]}

    builder = StateGraph(ChatState)
    builder.add_node("recall", memory.recall_node())
    builder.add_node("agent", agent)
    builder.add_node("remember", memory.write_node())  # queued: the reply never waits for extraction
    builder.add_edge(START, "recall")
    builder.add_edge("recall", "agent")
    builder.add_edge("agent", END)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", END)
    return builder.compile(checkpointer=checkpointer)


def main() -> None:  # pragma: no cover - exercised by tests through build_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel

    from fact_memory_graph.settings import model_from_env
    from fact_memory_graph.testing import ScriptedChatModel

    real = model_from_env()
    extractor = real or ScriptedChatModel(by_message={
        "I'm Sam, I live in Berlin and I'm allergic to penicillin.": [
            {"op": "add_durable", "category": "identity", "claim": "lives in Berlin"},
            {"op": "add_durable", "category": "health", "claim": "allergic to penicillin"},
        ],
    })
    replier = real or GenericFakeChatModel(messages=iter([AIMessage("Nice to meet you, Sam!"),
                                                          AIMessage("Noted - no penicillin.")]))
    with FactMemory.open(llm=extractor) as memory:
        graph = build_agent(memory, replier)
        cfg = {"configurable": {"user_id": "example-user", "thread_id": "example-chat"}}
        history: list[AnyMessage] = []
        for text in ["I'm Sam, I live in Berlin and I'm allergic to penicillin.", "Can you suggest a doctor?"]:
            out = graph.invoke({"messages": [*history, HumanMessage(text)]}, cfg)
            history = out["messages"]
            memory.flush("example-user")  # a script: wait for the background extraction before the next turn
            print(f"user: {text}\nassistant: {out['messages'][-1].content}")
            print(f"memory given to the agent:\n{out.get('memory_context') or '(none)'}\n")


if __name__ == "__main__":
    main()
