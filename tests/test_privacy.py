"""Privacy: purge_fact and forget delete every copy; a forget cannot be undone by a write in
flight; export is complete and restore round-trips it exactly."""

from __future__ import annotations

import json
import threading
from datetime import datetime
from typing import Annotated, Any, TypedDict

import psycopg
import pytest
from langchain_core.messages import AnyMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from fact_memory_graph import FactMemory, InvalidInputError
from fact_memory_graph.testing import FixedClock, ScriptedChatModel
from tests.test_forget_final import _wait_for_lock_waiter


def dump_user(db_url: str, user_id: str) -> str:
    """Every row of every table that mentions the user, as text."""
    with psycopg.connect(db_url) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE tablename LIKE 'fact_memory_%' AND tablename NOT IN"
            " ('fact_memory_migrations', 'fact_memory_meta', 'fact_memory_users', 'fact_memory_forgotten',"
            " 'fact_memory_digests')")]
        # The weekly digests hold aggregates only: no row may name the user.
        digests = conn.execute("SELECT * FROM fact_memory_digests WHERE data::text LIKE %s OR markdown LIKE %s",
                               (f"%{user_id}%", f"%{user_id}%")).fetchall()
        return "\n".join([*(str(row) for t in tables
                             for row in conn.execute(f"SELECT * FROM {t} WHERE user_id = %s", (user_id,))),
                          *map(str, digests)])


def test_purge_fact_removes_its_text_everywhere(make_memory, db_url: str, user_id: str, clock: FixedClock) -> None:
    llm = ScriptedChatModel(responses=[
        [{"op": "add_durable", "category": "health", "claim": "has a rare disease XYZ-9"},
         {"op": "add_durable", "category": "identity", "claim": "lives in Berlin"}],
        [{"op": "strengthen", "ref": "D1"}],
        [{"op": "contradict", "ref": "D1", "claim": "cured of XYZ-9", "category": "health"}],
    ])
    memory = make_memory(llm)
    out = memory.remember(user_id, "I have XYZ-9 and live in Berlin", message_id="m1")
    secret = next(a.fact_id for a in out.applied if "XYZ" in (a.claim or ""))
    memory.remember(user_id, "still have XYZ-9", message_id="m2")
    memory.remember(user_id, "I was cured of XYZ-9", message_id="m3")
    assert "XYZ-9" in dump_user(db_url, user_id)
    assert memory.facts.purge(user_id, secret) is True
    assert "XYZ-9" not in dump_user(db_url, user_id)
    assert [f.claim for f in memory.facts.list(user_id)] == ["lives in Berlin"]
    assert memory.remember(user_id, "I have XYZ-9 and live in Berlin", message_id="m1").already_processed


def test_forget_deletes_everything_and_a_write_in_flight_cannot_undo_it(make_memory, db_url: str,
                                                                        user_id: str) -> None:
    entered, release = threading.Event(), threading.Event()

    def slow_model(messages):  # the extraction of an in-flight message, held until forget ran
        entered.set()
        assert release.wait(20)
        return [{"op": "add_durable", "category": "identity", "claim": "lives in Lisbon"}]

    memory = make_memory(ScriptedChatModel(default=slow_model))
    memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health")
    memory.upkeep.compact(user_id, llm=ScriptedChatModel())
    results = []
    writer = threading.Thread(target=lambda: results.append(memory.remember(user_id, "I live in Lisbon")))
    writer.start()
    assert entered.wait(20)
    forgot: list[dict] = []
    forget = threading.Thread(target=lambda: forgot.append(memory.forget(user_id)))
    forget.start()  # it waits for the model call in flight (which holds the user's lock until it answers)
    _wait_for_lock_waiter(db_url, user_id)
    assert forget.is_alive()
    release.set()
    forget.join(30)
    writer.join()
    deleted = forgot[0]
    assert deleted["facts"] == 1 and deleted["runs"] == 1
    assert results[0].applied == [] and "forgotten" in (results[0].skipped or "")
    assert dump_user(db_url, user_id) == ""
    # A new write after the forget is welcome.
    assert memory.facts.add(user_id, "lives in Porto", kind="durable", category="identity").op == "add_durable"


def test_export_forget_restore_export_is_equal(make_memory, user_id: str, clock: FixedClock) -> None:
    llm = ScriptedChatModel(responses=[
        [{"op": "add_durable", "category": "identity", "claim": "lives in Berlin"},
         {"op": "add_current", "category": "working_on", "claim": "debugging the auth flow"}],
        [{"op": "add_current", "category": "working_on", "claim": "fixed the auth bug", "supersedes": "C1"},
         {"op": "strengthen", "ref": "D1"}],
        [{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo", "category": "identity"}],
    ])
    memory: FactMemory = make_memory(llm)
    for i, text in enumerate(["I live in Berlin, debugging auth", "fixed it! still in Berlin", "moved to Tokyo"]):
        clock.advance(days=1)
        memory.remember(user_id, text, message_id=f"m{i}")
    memory.facts.add(user_id, "likes jazz", kind="durable", category="preference")
    memory.upkeep.compact(user_id, llm=ScriptedChatModel())
    before = memory.export(user_id)
    assert {len(before[k]) for k in ("facts", "candidates", "audit_log", "processed_messages", "runs")} >= {1}
    memory.forget(user_id)
    assert memory.facts.list(user_id) == []
    with pytest.raises(InvalidInputError, match="was forgotten"):  # the user asked to forget: never silently
        memory.restore(json.loads(json.dumps(before)), user_id=user_id)
    restored = memory.restore(json.loads(json.dumps(before)), user_id=user_id, allow_forgotten=True)
    assert restored["facts"] == len(before["facts"]) == 4 and len(before["candidates"]) == 1
    after = memory.export(user_id)
    [forced] = [a for a in after["audit_log"] if a["op"] == "restore"]  # the forced restore is audited
    assert "forgotten" in forced["note"]
    assert datetime.fromisoformat(forced["at"].replace("Z", "+00:00")) == clock.now  # the memory's clock

    def same(export: dict) -> dict:  # audit rows are numbered by the database they are in
        return {k: [{c: x for c, x in a.items() if c != "id"} for a in v if a["op"] != "restore"]
                if k == "audit_log" else v for k, v in export.items() if k not in ("exported_at", "message_log")}

    # The message log (a day's buffer of turns, for the nightly review) is exported for the
    # user's words and not restored: restore never re-queues or re-reviews a turn.
    assert [m["message_id"] for m in before["message_log"]] == ["m0", "m1", "m2"] and after["message_log"] == []
    assert same(after) == same(before)
    assert memory.remember(user_id, "I live in Berlin, debugging auth", message_id="m0").already_processed
    assert "lives in Berlin" in memory.recall(user_id, "where do I live?")


class ChatState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    memory_outcome: dict[str, Any]


def _graph_turns(memory: FactMemory, user_id: str, mode: str, texts: list[str], *, resend: bool) -> list[dict]:
    """The README's write node in a parent graph with add_messages; ``resend``: the client re-sends
    its whole history each turn (fresh ids every time)."""
    State = ChatState
    builder = StateGraph(State)
    builder.add_node("remember", memory.write_node(mode=mode))
    builder.add_edge(START, "remember")
    builder.add_edge("remember", END)
    graph = builder.compile()
    outcomes, history = [], []
    for i, text in enumerate(texts):
        history.append(("user", text))
        sent = list(history) if resend else [("user", text, )]
        messages = [{"role": r, "content": t, **({} if resend else {"id": f"t{i}"})} for r, t in sent]
        out = graph.invoke({"messages": messages}, {"configurable": {"user_id": user_id, "thread_id": "chat"}})
        memory.flush(user_id)
        outcomes.append(out["memory_outcome"])
    return outcomes


SAID = ["I'm Ana and I live in Lisbon.", "My bank PIN hint is my cat's birthday, 12 May.", "forget what I just said",
        "I love hiking."]


def _extractor() -> ScriptedChatModel:
    def extract(messages):
        from fact_memory_graph.testing import prompt_message

        text = prompt_message(messages)
        ops = []
        if "Lisbon" in text:
            ops.append({"op": "add_durable", "category": "identity", "claim": "lives in Lisbon"})
        if "cat's birthday" in text:
            ops.append({"op": "add_durable", "category": "relationship", "claim": "has a cat born on 12 May"})
        if "hiking" in text:
            ops.append({"op": "add_durable", "category": "preference", "claim": "loves hiking"})
        return ops
    return ScriptedChatModel(default=extract)


@pytest.mark.parametrize(("mode", "resend"), [("queued", False), ("queued", True), ("sync", True)])
def test_forget_what_i_just_said(make_memory, db_url: str, user_id: str, mode: str, resend: bool) -> None:
    """Seed 001 R16: "forget what I just said", sent as its own message, stores nothing from itself
    and removes what the turn before it stored; the other turns keep their facts; the outcome says
    what was forgotten (so the agent can confirm); nothing of it remains anywhere."""
    from fact_memory_graph import FactMemoryConfig, QueueConfig

    memory = make_memory(_extractor(), config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    outcomes = _graph_turns(memory, user_id, mode, SAID, resend=resend)
    assert sorted(f.claim for f in memory.facts.list(user_id)) == ["lives in Lisbon", "loves hiking"]
    assert "cat born" not in dump_user(db_url, user_id)
    if mode == "sync":
        assert outcomes[2]["forgotten"] == {"purged": 1, "unlinked": 0, "candidates": 0}
    else:  # the write node queued it; the drainer's outcome is the message's processed record
        forgotten = {m["outcome"]["message_id"]: m["outcome"]["forgotten"]
                     for m in memory.export(user_id)["processed_messages"] if m["outcome"].get("forgotten")}
        assert list(forgotten.values()) == [{"purged": 1, "unlinked": 0, "candidates": 0}]


def test_forget_that_in_one_burst_acts_on_the_turn_before(make_memory, user_id: str) -> None:
    """Queued writes coalesce a burst into one extraction, but a "forget that" is extracted alone,
    after the turn it refers to: the turns before that one keep their facts."""
    from langchain_core.messages import HumanMessage

    from fact_memory_graph import FactMemoryConfig, QueueConfig

    memory = make_memory(_extractor(), config=FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=5)))
    node = memory.write_node()
    history = []
    for i, text in enumerate(SAID):
        history.append(HumanMessage(text, id=f"b{i}"))
        node.invoke({"messages": list(history)}, {"configurable": {"user_id": user_id}})
    memory.flush(user_id)
    assert sorted(f.claim for f in memory.facts.list(user_id)) == ["lives in Lisbon", "loves hiking"]
