"""A user with a little of everything the inspector shows, written through the real paths: the
queued write node (so the message log records what each reply was shown), a contradiction
waiting for review, a parked message, session records, and hostile strings in a claim, the user
id and (through the claims) a session summary. Used by the browser tests and the screenshots."""

from __future__ import annotations

from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig
from fact_memory_graph.config import EvaluatorConfig, QueueConfig
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

HOSTILE = "<img src=x onerror=alert(1)>"
HOSTILE_USER = "<svg onload=alert(2)>"
MESSAGES = {
    "I moved to Berlin last March and I'm training for a marathon.": {"ops": [
        {"op": "add_durable", "category": "life_event", "claim": "moved to Berlin"},
        {"op": "add_current", "category": "working_on", "claim": "training for a marathon"}],
        "relationships": [{"name": "Mia", "relation": "sister", "aliases": ["Mimi"]}],
        "goals": [{"goal": "run a marathon", "status": "set", "note": "in the autumn"}]},
    "I'm allergic to penicillin, and my nickname is " + HOSTILE: {"ops": [
        {"op": "add_durable", "category": "health", "claim": "allergic to penicillin"},
        {"op": "add_durable", "category": "identity", "claim": HOSTILE}]},
    "Feeling anxious about the race this week.": {"ops": [
        {"op": "add_current", "category": "feeling", "claim": "anxious about the race"}]},
    "Actually I live in Hamburg now.": {"ops": [
        {"op": "contradict", "ref": "D1", "claim": "lives in Hamburg", "category": "life_event"}]},
}
POISON = "this one always fails"


def config() -> FactMemoryConfig:
    return FactMemoryConfig(queue=QueueConfig(drainer="off", max_attempts=1, log_days=30),
                            evaluators=EvaluatorConfig(goals=True))


def scripted() -> ScriptedChatModel:
    return ScriptedChatModel(by_message={**MESSAGES, POISON: RuntimeError("model down")}, default={"ops": []})


def seed(memory: FactMemory, user_id: str, clock: FixedClock) -> None:
    """Four turns over a week in one thread (each shown what recall gave for the turn before),
    a parked message, and the sessions built. The memory must be opened with :func:`scripted`
    and :func:`config` (drainer off, one attempt, a long log)."""
    node = memory.write_node()
    config = {"configurable": {"user_id": user_id, "thread_id": "chat-1"}}
    history: list[HumanMessage] = []
    shown = None
    for i, text in enumerate(MESSAGES):
        history.append(HumanMessage(text, id=f"m{i + 1}"))
        state = {"messages": list(history)}
        if shown is not None:
            state["memory_context"] = shown
        node.invoke(state, config)
        memory.flush(user_id)
        shown = memory.recall(user_id, text)
        clock.advance(hours=5)
    node.invoke({"messages": [HumanMessage(POISON, id="poison")]},
                {"configurable": {"user_id": user_id, "thread_id": "chat-2"}})
    memory.flush(user_id)
    memory.sessions.build(user_id)
