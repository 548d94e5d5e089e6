"""Privacy: purge_fact and forget delete every copy; a forget cannot be undone by a write in
flight; export is complete and restore round-trips it exactly."""

from __future__ import annotations

import json
import threading

import psycopg

from fact_memory_graph import FactMemory
from fact_memory_graph.testing import FixedClock, ScriptedChatModel


def dump_user(db_url: str, user_id: str) -> str:
    """Every row of every table that mentions the user, as text."""
    with psycopg.connect(db_url) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE tablename LIKE 'fact_memory_%' AND tablename NOT IN"
            " ('fact_memory_migrations', 'fact_memory_meta', 'fact_memory_users')")]
        return "\n".join(str(row) for t in tables
                         for row in conn.execute(f"SELECT * FROM {t} WHERE user_id = %s", (user_id,)))


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
    assert memory.purge_fact(user_id, secret) is True
    assert "XYZ-9" not in dump_user(db_url, user_id)
    assert [f.claim for f in memory.facts(user_id)] == ["lives in Berlin"]
    assert memory.remember(user_id, "I have XYZ-9 and live in Berlin", message_id="m1").already_processed


def test_forget_deletes_everything_and_a_write_in_flight_cannot_undo_it(make_memory, db_url: str,
                                                                        user_id: str) -> None:
    entered, release = threading.Event(), threading.Event()

    def slow_model(messages):  # the extraction of an in-flight message, held until forget ran
        entered.set()
        assert release.wait(20)
        return [{"op": "add_durable", "category": "identity", "claim": "lives in Lisbon"}]

    memory = make_memory(ScriptedChatModel(default=slow_model))
    memory.add_fact(user_id, "allergic to penicillin", kind="durable", category="health")
    memory.compact(user_id, llm=ScriptedChatModel())
    results = []
    writer = threading.Thread(target=lambda: results.append(memory.remember(user_id, "I live in Lisbon")))
    writer.start()
    assert entered.wait(20)
    deleted = memory.forget(user_id)
    release.set()
    writer.join()
    assert deleted["facts"] == 1 and deleted["runs"] == 1
    assert results[0].applied == [] and "forgotten" in (results[0].skipped or "")
    assert dump_user(db_url, user_id) == ""
    # A new write after the forget is welcome.
    assert memory.add_fact(user_id, "lives in Porto", kind="durable", category="identity").op == "add_durable"


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
    memory.add_fact(user_id, "likes jazz", kind="durable", category="preference")
    memory.compact(user_id, llm=ScriptedChatModel())
    before = memory.export(user_id)
    assert {len(before[k]) for k in ("facts", "candidates", "audit_log", "processed_messages", "runs")} >= {1}
    memory.forget(user_id)
    assert memory.facts(user_id) == []
    restored = memory.restore(json.loads(json.dumps(before)))
    assert restored["facts"] == len(before["facts"]) == 4 and len(before["candidates"]) == 1
    after = memory.export(user_id)
    assert {k: v for k, v in after.items() if k != "exported_at"} == {
        k: v for k, v in before.items() if k != "exported_at"}
    assert memory.remember(user_id, "I live in Berlin, debugging auth", message_id="m0").already_processed
    assert "lives in Berlin" in memory.recall(user_id, "where do I live?")
