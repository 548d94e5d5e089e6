"""The LangGraph agent example runs offline with scripted models."""

from __future__ import annotations

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from examples.chat_agent import build_agent
from fact_memory_graph.testing import ScriptedChatModel

FIRST = "I'm Sam, I live in Berlin and I'm allergic to penicillin."


class RecordingFake(GenericFakeChatModel):
    seen: list = []

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        self.seen.append(messages)
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kwargs)


def test_agent_recalls_before_replying_and_remembers_in_parallel(make_memory, user_id: str) -> None:
    extractor = ScriptedChatModel(by_message={FIRST: [
        {"op": "add_durable", "category": "identity", "claim": "lives in Berlin"},
        {"op": "add_durable", "category": "health", "claim": "allergic to penicillin"},
    ]})
    memory = make_memory(extractor)
    replier = RecordingFake(messages=iter([AIMessage("Hi Sam!"), AIMessage("Here is a doctor."), AIMessage("Hello!")]), seen=[])
    graph = build_agent(memory, replier)
    cfg = {"configurable": {"user_id": user_id}}

    first = graph.invoke({"messages": [HumanMessage(FIRST)]}, cfg)
    assert first["messages"][-1].content == "Hi Sam!"
    assert first["memory_context"] == ""  # nothing known before the first message
    assert first["memory_outcome"]["queued"] == [first["messages"][0].id] and extractor.calls == []
    assert memory.flush(user_id).processed == 1
    assert sorted(f.claim for f in memory.facts.list(user_id)) == ["allergic to penicillin", "lives in Berlin"]

    second = graph.invoke({"messages": [*first["messages"], HumanMessage("Can you suggest a doctor for my allergy?")]}, cfg)
    memory.flush(user_id)
    assert "allergic to penicillin" in second["memory_context"]
    system = replier.seen[-1][0]
    assert isinstance(system, SystemMessage) and "allergic to penicillin" in system.content
    assert len(extractor.calls) == 2  # one extraction call per user message
    # Another user gets none of it.
    other = graph.invoke({"messages": [HumanMessage("Can you suggest a doctor for my allergy?")]},
                         {"configurable": {"user_id": user_id + "-other"}})
    assert other["memory_context"] == ""


def test_agent_with_a_checkpointer_processes_each_message_once(make_memory, user_id: str) -> None:
    from langgraph.checkpoint.memory import InMemorySaver

    extractor = ScriptedChatModel(by_message={
        FIRST: [{"op": "add_durable", "category": "identity", "claim": "lives in Berlin"}],
        "Still in Berlin, by the way.": [{"op": "strengthen", "ref": "D1"}],
    })
    memory = make_memory(extractor)
    replies = iter([AIMessage("Hi Sam!"), AIMessage("Good to know."), AIMessage("Sure.")])
    graph = build_agent(memory, RecordingFake(messages=replies, seen=[]), checkpointer=InMemorySaver())
    cfg = {"configurable": {"user_id": user_id, "thread_id": "t1"}}
    graph.invoke({"messages": [HumanMessage(FIRST)]}, cfg)
    memory.flush(user_id)
    out = graph.invoke({"messages": [HumanMessage("Still in Berlin, by the way.")]}, cfg)
    assert len(out["messages"]) == 4  # the thread's history came from the checkpointer
    assert len(out["memory_outcome"]["queued"]) == 1  # only the new message
    memory.flush(user_id)
    assert len(extractor.calls) == 2 and memory.facts.list(user_id)[0].confidence == 0.8
    out = graph.invoke({"messages": [AIMessage("(a tool result, no user message)")]}, cfg)
    assert out["memory_outcome"]["queued"] == []
    memory.flush(user_id)
    assert len(extractor.calls) == 2  # the last user message was processed already: no new call


def test_state_round_trips_through_a_checkpointer_without_warnings(make_memory, user_id: str, caplog) -> None:
    """What the graph puts in state is JSON or LangChain messages: LangGraph's serializer
    neither warns about unregistered types nor (in strict mode) blocks them."""
    import logging

    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    extractor = ScriptedChatModel(by_message={FIRST: [
        {"op": "add_durable", "category": "identity", "claim": "lives in Berlin"}]})
    strict = InMemorySaver(serde=JsonPlusSerializer(allowed_msgpack_modules=None))  # only safe types
    replies = iter([AIMessage("Hi Sam!"), AIMessage("Sure.")])
    memory = make_memory(extractor)
    graph = build_agent(memory, RecordingFake(messages=replies, seen=[]), checkpointer=strict)
    cfg = {"configurable": {"user_id": user_id, "thread_id": "strict"}}
    with caplog.at_level(logging.WARNING, logger="langgraph"):
        graph.invoke({"messages": [HumanMessage(FIRST)]}, cfg)
        memory.flush(user_id)
        out = graph.invoke({"messages": [HumanMessage("Any doctor nearby?")]}, cfg)
        restored = graph.get_state(cfg).values
    assert not [r for r in caplog.records if "unregistered" in r.getMessage() or "Blocked" in r.getMessage()]
    assert restored["memory_outcome"] == out["memory_outcome"]
    assert restored["memory_context"] and "lives in Berlin" in restored["memory_context"]
