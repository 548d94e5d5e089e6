"""Seed 003's session memory on the real database: facts record their session (LangGraph's
thread_id or an explicit session_id), one embedded record per session built once, search with
threshold and limit, the recall section, privacy."""

from __future__ import annotations

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig
from fact_memory_graph.config import SessionConfig
from fact_memory_graph.sessions import SessionRecord
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

SCRIPT = {
    "I'm training for the Berlin marathon": [
        {"op": "add_current", "category": "working_on", "claim": "training for the Berlin marathon"}],
    "my knee hurts after long runs": [
        {"op": "add_current", "category": "physical_state", "claim": "knee hurts after long runs"}],
    "I'm preparing my thesis defense": [
        {"op": "add_current", "category": "working_on", "claim": "preparing a thesis defense"}],
    "I adopted a cat named Miso": [
        {"op": "add_durable", "category": "life_event", "claim": "adopted a cat named Miso"}],
}


def _conversations(memory: FactMemory, user_id: str, clock: FixedClock) -> None:
    graph = memory.write_graph()
    cfg = {"configurable": {"user_id": user_id, "thread_id": "running"}}
    graph.invoke({"messages": [HumanMessage("I'm training for the Berlin marathon")]}, cfg)
    clock.advance(minutes=5)
    graph.invoke({"messages": [HumanMessage("my knee hurts after long runs")]}, cfg)
    clock.advance(days=3)
    memory.remember(user_id, "I'm preparing my thesis defense", session_id="thesis")
    memory.remember(user_id, "I adopted a cat named Miso", session_id="cat")


def test_facts_record_their_session(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=SCRIPT))
    _conversations(memory, user_id, clock)
    by_claim = {f.claim: f.session_id for f in memory.facts.list(user_id)}
    assert by_claim == {"training for the Berlin marathon": "running", "knee hurts after long runs": "running",
                        "preparing a thesis defense": "thesis", "adopted a cat named Miso": "cat"}


def test_one_record_per_session_built_once(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=SCRIPT))
    _conversations(memory, user_id, clock)
    assert memory.sessions.build(user_id) == {"built": 3, "dropped": 0, "sessions": 3}
    assert memory.sessions.build(user_id) == {"built": 0, "dropped": 0, "sessions": 3}  # embedded once
    running = next(s for s in memory.sessions.list(user_id) if s.session_id == "running")
    # seed 003's embedded text: the summary (first, inside any embedder's window), then one
    # "[Category]: claim" line per fact, the newest first
    assert running.content.startswith("SUMMARY:\nA conversation on ") and "working on, physical state" in running.summary
    assert running.content.endswith(
        "\n\nFACTS:\n[Physical State]: knee hurts after long runs\n[Working On]: training for the Berlin marathon")
    memory.remember(user_id, "my knee hurts after long runs", session_id="thesis",
                    message_id="dup")  # a near-duplicate strengthens: the facts of "thesis" do not change
    assert memory.sessions.build(user_id)["built"] == 0
    [fact] = [f for f in memory.facts.list(user_id) if f.claim == "adopted a cat named Miso"]
    memory.facts.retract(user_id, fact.id)
    assert memory.sessions.build(user_id) == {"built": 0, "dropped": 1, "sessions": 2}


def test_search_threshold_and_limit(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=SCRIPT))
    _conversations(memory, user_id, clock)
    memory.sessions.build(user_id)
    found = memory.sessions.search(user_id, "running a marathon and knee pain", threshold=0.0)
    assert [s.session_id for s in found][0] == "running" and len(found) == 3
    assert all(isinstance(s, SessionRecord) for s in found)
    assert [s.similarity for s in found] == sorted((s.similarity for s in found), reverse=True)
    assert len(memory.sessions.search(user_id, "running a marathon and knee pain", limit=1, threshold=0.0)) == 1
    strict = memory.sessions.search(user_id, "running a marathon and knee pain", threshold=found[0].similarity)
    assert [s.session_id for s in strict] == ["running"]  # at the threshold: kept; below: dropped
    assert memory.sessions.search(user_id, "quarterly tax filing deadlines", threshold=0.675) == []
    assert memory.sessions.search(user_id + "-other", "marathon", threshold=0.0) == []  # per user


def test_recall_includes_matching_sessions(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=SCRIPT))
    _conversations(memory, user_id, clock)
    memory.sessions.build(user_id)
    text = memory.recall(user_id, "how is my marathon training going?", include_sessions=True)
    assert "## Earlier conversations" in text and "working on, physical state" in text
    assert "## Earlier conversations" not in memory.recall(user_id, "how is my marathon training going?")
    node = memory.recall_node(include_sessions=True)
    out = node.invoke({"messages": [HumanMessage("how is my marathon training going?")]},
                      {"configurable": {"user_id": user_id}})
    assert "## Earlier conversations" in out["memory_context"]


def test_model_summary_when_enabled(make_memory, user_id: str, clock: FixedClock) -> None:
    config = FactMemoryConfig(sessions=SessionConfig(summarize_with_model=True))
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=SCRIPT), config=config)
    memory.remember(user_id, "I adopted a cat named Miso", session_id="cat")
    memory._llm = GenericFakeChatModel(messages=iter([AIMessage("The user adopted a cat called Miso.")]))
    memory.sessions.build(user_id)
    [record] = memory.sessions.list(user_id)
    assert record.summary == "The user adopted a cat called Miso."
    assert record.content == "SUMMARY:\nThe user adopted a cat called Miso.\n\nFACTS:\n[Life Event]: adopted a cat named Miso"


def test_purge_and_forget_remove_session_text(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=SCRIPT))
    _conversations(memory, user_id, clock)
    memory.sessions.build(user_id)
    [fact] = [f for f in memory.facts.list(user_id) if f.claim == "adopted a cat named Miso"]
    memory.facts.purge(user_id, fact.id)
    assert all("Miso" not in s.content for s in memory.sessions.list(user_id))
    assert len(memory.export(user_id)["sessions"]) == 2
    assert memory.forget(user_id)["sessions"] == 2 and memory.sessions.list(user_id) == []


async def test_async_twins(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=SCRIPT))
    await memory.aremember(user_id, "I adopted a cat named Miso", session_id="cat")
    assert (await memory.sessions.abuild(user_id))["built"] == 1
    found = await memory.sessions.asearch(user_id, "a new pet cat", threshold=0.5)
    assert found[0].session_id == "cat" and len(await memory.sessions.alist(user_id)) == 1


def test_cli_sessions(make_memory, user_id: str, clock: FixedClock, db_url: str) -> None:
    import json

    from typer.testing import CliRunner

    from fact_memory_graph.cli import app

    memory: FactMemory = make_memory(ScriptedChatModel(by_message=SCRIPT))
    _conversations(memory, user_id, clock)
    runner = CliRunner()
    out = runner.invoke(app, ["sessions", user_id, "--build", "--json", "--database-url", db_url])
    assert out.exit_code == 0 and {r["session_id"] for r in json.loads(out.output)} == {"running", "thesis", "cat"}
    out = runner.invoke(app, ["sessions", user_id, "--query", "knee pain when running", "--database-url", db_url])
    assert out.exit_code == 0 and "running" in out.output


def test_a_natural_follow_up_finds_its_session_the_same_day(make_memory, user_id: str, clock: FixedClock) -> None:
    """Issue 20: seed 003's scale (1 - distance/2) with its 0.5 default; no nightly job needed."""
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=SCRIPT))
    _conversations(memory, user_id, clock)  # no build_sessions: the search builds what changed
    found = memory.sessions.search(user_id, "how is my marathon training going?")
    assert found[0].session_id == "running" and 0.5 <= found[0].similarity <= 1.0
    assert memory.sessions.build(user_id)["built"] == 0  # built once, by the search
    text = memory.recall(user_id, "how is my marathon training going?", include_sessions=True)
    assert "Earlier conversations" in text


def test_session_lines_name_the_facts_and_skip_the_running_session(make_memory, user_id: str,
                                                                   clock: FixedClock) -> None:
    """Seed 003 R4/R20: "Earlier conversations" never lists the conversation in progress, and a
    line without a model says what was learned, not only its categories."""
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=SCRIPT))
    _conversations(memory, user_id, clock)
    memory.sessions.build(user_id)
    running = next(s for s in memory.sessions.list(user_id) if s.session_id == "running")
    assert "training for the Berlin marathon" in running.summary and "knee hurts after long runs" in running.summary
    query = "how is my marathon training going?"
    assert "training for the Berlin marathon" in memory.recall(user_id, query, include_sessions=True).split(
        "Earlier conversations")[-1]
    inside = memory.recall(user_id, query, include_sessions=True, session_id="running")
    assert "Earlier conversations" not in inside or "marathon" not in inside.split("Earlier conversations")[-1]
    node = memory.recall_node(include_sessions=True)
    out = node.invoke({"messages": [("user", query)]}, {"configurable": {"user_id": user_id, "thread_id": "running"}})
    assert "Earlier conversations" not in out["memory_context"] or \
        "marathon" not in out["memory_context"].split("Earlier conversations")[-1]


def _stored_vector(db_url: str, user_id: str, session_id: str) -> list[float]:
    import psycopg

    with psycopg.connect(db_url) as conn:
        (text,) = conn.execute("SELECT embedding::text FROM fact_memory_sessions WHERE user_id = %s AND session_id = %s",
                               (user_id, session_id)).fetchone()
    return [float(x) for x in text.strip("[]").split(",")]


def test_a_long_sessions_embedding_includes_its_summary(make_memory, db_url: str, user_id: str,
                                                        clock: FixedClock) -> None:
    """003 R4 at any size: a record of 40 facts (far past MiniLM's 256-token window) is embedded
    with its summary — two builds that differ only in the summary embed apart."""
    import math

    from fact_memory_graph.sessions import build_sessions
    from fact_memory_graph.testing import prompt_message

    def one_fact(messages):
        n = prompt_message(messages).rsplit(" ", 1)[-1]
        return [{"op": "add_durable", "category": "preference", "claim": f"likes board game number {n}"}]

    config = FactMemoryConfig(sessions=SessionConfig(max_facts=40))
    memory: FactMemory = make_memory(ScriptedChatModel(default=one_fact), config=config)
    graph = memory.write_graph()
    cfg = {"configurable": {"user_id": user_id, "thread_id": "long"}}
    for n in range(40):
        graph.invoke({"messages": [HumanMessage(f"I also like board game number {n}")]}, cfg)
        clock.advance(minutes=1)
    assert len(memory.facts.list(user_id)) == 40
    build_sessions(memory.context, user_id, at=clock(), summaries={"long": "Planned a two-week trip to Japan."})
    japan = _stored_vector(db_url, user_id, "long")
    build_sessions(memory.context, user_id, at=clock(), summaries={"long": "Argued about the rent with a landlord."})
    rent = _stored_vector(db_url, user_id, "long")
    cosine = sum(a * b for a, b in zip(japan, rent, strict=True)) / (
        math.sqrt(sum(a * a for a in japan)) * math.sqrt(sum(b * b for b in rent)))
    assert cosine < 0.95, cosine  # was 1.000000: the summary fell outside the window
    (record,) = memory.sessions.list(user_id)
    assert record.content.startswith("SUMMARY:\nArgued about the rent") and len(record.fact_ids) == 40
    found = memory.sessions.search(user_id, "the rent and the landlord")
    assert [s.session_id for s in found] == ["long"]


def test_inner_thoughts_threads_are_sessions_like_any_other(make_memory, user_id: str, clock: FixedClock) -> None:
    """003 R16 (Inner Thoughts, the design's second session type): a private reflection thread is a
    LangGraph thread like a conversation with a partner — one content record, one embedding, no
    message embeddings, and one search over both kinds."""
    import psycopg

    script = {
        "I keep replaying the argument with my brother": [
            {"op": "add_current", "category": "feeling", "claim": "keeps replaying the argument with a brother"}],
        "We booked the venue for the wedding": [
            {"op": "add_current", "category": "working_on", "claim": "booked the wedding venue"}],
    }
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=script))
    graph = memory.write_graph()
    graph.invoke({"messages": [HumanMessage("I keep replaying the argument with my brother")]},
                 {"configurable": {"user_id": user_id, "thread_id": "inner-thoughts-1"}})
    clock.advance(hours=2)
    graph.invoke({"messages": [HumanMessage("We booked the venue for the wedding")]},
                 {"configurable": {"user_id": user_id, "thread_id": "partner-7"}})
    assert memory.sessions.build(user_id)["built"] == 2
    found = memory.sessions.search(user_id, "the argument with my brother", threshold=0.5)
    assert found[0].session_id == "inner-thoughts-1"
    assert [s.session_id for s in memory.sessions.search(user_id, "wedding venue")][0] == "partner-7"
    with psycopg.connect(memory.database_url) as conn:
        vector_tables = {t for (t,) in conn.execute(
            "SELECT DISTINCT table_name FROM information_schema.columns WHERE udt_name = 'vector'"
            " AND table_name LIKE 'fact_memory_%'").fetchall()}
    assert "fact_memory_messages" not in vector_tables and "fact_memory_sessions" in vector_tables


# ------------------------------------------------------------------ compare-and-set (issue 43)
def test_a_build_from_an_older_read_does_not_overwrite_a_newer_one(make_memory, user_id: str,
                                                                   clock: FixedClock) -> None:
    """Two builders interleaved: A reads, then B reads the newer facts and writes; A's write is
    based on the older read, so it is refused (compare-and-set on the record it read), A reads
    again and the stored record is the one of the newest facts."""
    from fact_memory_graph.sessions import build_sessions

    memory = make_memory(ScriptedChatModel(by_message={**SCRIPT, "I ran 30 km on Sunday": [
        {"op": "add_current", "category": "working_on", "claim": "ran 30 km on Sunday"}]}))
    memory.remember(user_id, "I'm training for the Berlin marathon", session_id="running")
    memory.sessions.build(user_id)
    clock.advance(minutes=5)
    memory.remember(user_id, "my knee hurts after long runs", session_id="running")
    store, ctx = memory.store, memory.context
    real_read, real_save = store.session_facts, store.save_sessions
    reads: list[int] = []
    saves: list[list[str] | None] = []

    def read(uid: str):  # builder A's reads; its first read is followed by builder B's whole build
        out = real_read(uid)
        reads.append(len(out[0]["running"]))
        return out

    def save(*args, **kwargs):
        if len(saves) == 0:  # A is about to write what it read: B adds a fact and builds first
            clock.advance(minutes=5)
            store.session_facts, store.save_sessions = real_read, real_save
            memory.remember(user_id, "I ran 30 km on Sunday", session_id="running")
            assert build_sessions(ctx, user_id, at=ctx.now())["built"] == 1  # B
            store.session_facts, store.save_sessions = read, save
        saves.append(real_save(*args, **kwargs))
        return saves[-1]

    store.session_facts, store.save_sessions = read, save
    try:
        counts = build_sessions(ctx, user_id, at=ctx.now())  # A
    finally:
        store.session_facts, store.save_sessions = real_read, real_save
    assert reads == [2, 3] and saves == [["running"]]  # refused, read again: nothing left to write
    assert counts["built"] == 0 and counts.get("changed_meanwhile") is None
    [record] = memory.sessions.list(user_id)
    assert len(record.fact_ids) == 3 and "30 km" in record.content
