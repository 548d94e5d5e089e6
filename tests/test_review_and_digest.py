"""The nightly review of the day's messages (seeds 001 R11-R12, 004 R12) and the weekly digest
(seed 004 R17-R18), through the queued write path and the job's own calls."""

from __future__ import annotations

import re
from datetime import timedelta

from langchain_core.messages import HumanMessage
from typer.testing import CliRunner

from fact_memory_graph import FactMemoryConfig, QueueConfig
from fact_memory_graph.cli import app
from fact_memory_graph.digest import build_digest, latest_digest
from fact_memory_graph.testing import FixedClock, ScriptedChatModel, prompt_message
from tests.test_privacy import dump_user

DAY = ["I live in Seattle.", "Went for a 6 am run, legs were heavy.", "Picked up my race bib for October!",
       "Another early run, I hate mornings.", "Actually we're in Ballard, love the neighbourhood."]


def _model(review: dict | None = None) -> ScriptedChatModel:
    def answer(messages):
        system = str(messages[0].content)
        if system.startswith("You review one day"):
            prompt = str(messages[-1].content)
            seattle = re.search(r"^(D\d+) \[identity\] \W?lives in Seattle", prompt, re.MULTILINE)
            out = dict(review or {})
            out["proposals"] = [
                {**p, "refines": seattle.group(1) if p.get("refines") == "SEATTLE" and seattle else p.get("refines")}
                for p in out.get("proposals", [])]
            return out
        said = prompt_message(messages)
        if said.endswith("I live in Seattle."):
            return [{"op": "add_durable", "category": "identity", "claim": "lives in Seattle"}]
        return []

    return ScriptedChatModel(default=answer)


REVIEW = {
    "proposals": [
        {"type": "inference", "claim": "training for a marathon", "category": "goal", "refines": None,
         "because": ["M2", "M3", "M4"]},
        {"type": "pattern", "claim": "struggles with early mornings", "category": "health", "refines": None,
         "because": ["M2", "M4"]},
        {"type": "refinement", "claim": "lives in the Ballard neighbourhood of Seattle", "category": "identity",
         "refines": "SEATTLE", "because": ["M5"]},
        {"type": "refinement", "claim": "lives on Mars", "category": "identity", "refines": "D99", "because": []},
        {"type": "inference", "claim": "has a password hunter2", "category": "made_up", "refines": None,
         "because": []},
    ],
    "sessions": [{"session": "S1", "summary": "Talked about morning runs and an October race in Seattle."}],
}


def _day(memory, user_id: str, clock: FixedClock) -> None:
    node, config = memory.write_node(), {"configurable": {"user_id": user_id, "thread_id": "run-club"}}
    history = []
    for i, text in enumerate(DAY):
        history.append(HumanMessage(text, id=f"h{i}"))
        node.invoke({"messages": list(history)}, config)
        memory.flush(user_id)
        clock.advance(minutes=30)


def test_the_nightly_review_infers_refines_and_summarizes_once_a_day(make_memory, db_url: str, user_id: str,
                                                                       clock: FixedClock) -> None:
    llm = _model(REVIEW)
    memory = make_memory(llm, config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    _day(memory, user_id, clock)
    calls = len(llm.calls)
    report = memory.review.run(user_id)
    assert len(llm.calls) == calls + 1 and report.messages == len(DAY)
    assert (report.inferred, report.patterns, report.refined, report.summaries) == (1, 1, 1, 1)
    assert {r.reason.split(" ")[0] for r in report.rejected} == {"refines", "unknown"}
    facts = {f.claim: f for f in memory.facts.list(user_id)}
    inferred = facts["training for a marathon"]
    assert (inferred.source.value, inferred.confidence, inferred.confirmed_at) == ("inference", 0.5, None)
    assert inferred.structured_fields["basis"] == "inference"
    ballard = facts["lives in the Ballard neighbourhood of Seattle"]
    old = next(f for f in memory.facts.list(user_id, status="superseded") if f.claim == "lives in Seattle")
    assert old.superseded_by == ballard.id and ballard.confidence == old.confidence  # history kept
    shown = memory.recall(user_id, "what is my goal?")
    assert '"training for a marathon" (inferred)' in shown
    assert '"lives in the Ballard neighbourhood of Seattle"\n' in shown + "\n"  # said by the user: not marked
    (session,) = memory.sessions.list(user_id)
    assert session.summary == "Talked about morning runs and an October race in Seattle."
    again = memory.review.run(user_id)
    assert again.skipped == "already reviewed today" and len(llm.calls) == calls + 1
    assert memory.upkeep.runs(user_id, job="inference")
    # The review's messages were read from the message log, which forget empties with the rest.
    memory.forget(user_id)
    assert dump_user(db_url, user_id) == ""


def test_no_model_or_no_messages_means_no_review(make_memory, user_id: str, clock: FixedClock) -> None:
    memory = make_memory(_model(REVIEW), config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    assert memory.review.run(user_id).skipped == "no messages in the window"
    off = make_memory(_model(REVIEW), config=FactMemoryConfig(inference={"enabled": False}))
    assert off.review.run(user_id).skipped.startswith("the nightly review is off")
    # A user who only wrote today is scheduled for the nightly pass (a model is configured).
    _day(memory, user_id, clock)
    assert user_id in memory.upkeep.users_with_work()


def test_the_weekly_digest_counts_changes_and_outcomes_without_naming_anyone(make_memory, db_url: str,
                                                                            user_id: str, clock: FixedClock) -> None:
    memory = make_memory(_model(REVIEW), config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    _day(memory, user_id, clock)
    memory.review.run(user_id)
    clock.advance(days=7)
    digest = build_digest(memory)
    # Store-wide figures (other users of this database count too).
    assert digest.changes["added"] >= 4 and digest.changes["inferred"] >= 2 and digest.changes["superseded"] >= 1
    assert digest.users >= 1 and digest.previous is None
    found = latest_digest(memory)
    assert found is not None and found[0].week_start == digest.week_start
    assert "## What changed" in found[1] and "## Is memory helping?" in found[1]
    assert user_id not in found[1] and user_id not in digest.model_dump_json()
    clock.advance(days=7)
    later = build_digest(memory)
    assert later.previous is not None and later.previous["changes"] == digest.changes
    result = CliRunner().invoke(app, ["digest", "--database-url", db_url])
    assert result.exit_code == 0, result.output
    assert later.week_start.isoformat() in result.output
    assert later.week_start - digest.week_start == timedelta(days=7)


async def test_the_async_twins_on_a_native_asyncio_memory(db_url: str, embeddings, clock: FixedClock,
                                                         user_id: str) -> None:
    """aopen(): the evaluators' records, the nightly review and the digest through the async store."""
    from fact_memory_graph import FactMemory
    from fact_memory_graph.digest import abuild_digest

    def answer(messages):
        if str(messages[0].content).startswith("You review one day"):
            return {"proposals": [{"type": "pattern", "claim": "runs before work", "category": "preference",
                                   "refines": None, "because": ["M1"]}], "sessions": []}
        return {"ops": [{"op": "add_durable", "category": "relationship", "claim": "has a coach Ana"}],
                "relationships": [{"name": "Ana", "relation": "coach", "aliases": []}]}

    memory = await FactMemory.aopen(db_url, embeddings=embeddings, clock=clock, llm=ScriptedChatModel(default=answer),
                                    config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    try:
        await memory.write_node().ainvoke({"messages": [HumanMessage("My coach Ana wants me running at 6.", id="a1")]},
                                          {"configurable": {"user_id": user_id, "thread_id": "t"}})
        await memory.aflush(user_id)
        (ana,) = await memory.evaluations.apeople(user_id)
        assert (ana.name, ana.relation, len(ana.fact_ids)) == ("Ana", "coach", 1)
        person, facts = await memory.evaluations.awho(user_id, "ana")
        assert [f.claim for f in facts] == ["has a coach Ana"]
        report = await memory.review.arun(user_id)
        assert (report.patterns, report.model_calls) == (1, 1)
        assert (await memory.review.arun(user_id)).skipped == "already reviewed today"
        digest = await abuild_digest(memory)
        assert digest.changes["inferred"] >= 1
    finally:
        await memory.aforget(user_id)
        await memory.aclose()


def test_an_inference_that_restates_a_known_fact_changes_nothing(make_memory, user_id: str, clock: FixedClock) -> None:
    review = {"proposals": [{"type": "inference", "claim": "lives in Seattle", "category": "identity",
                             "refines": None, "because": ["M1"]}], "sessions": []}
    memory = make_memory(_model(review), config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    _day(memory, user_id, clock)
    before = {f.claim: f.confidence for f in memory.facts.list(user_id)}
    memory.review.run(user_id)
    after = {f.claim: f.confidence for f in memory.facts.list(user_id)}
    assert after == before  # not strengthened, not added again


def test_a_model_summary_is_kept_and_extended_and_the_record_is_embedded_whole(
        make_memory, user_id: str, clock: FixedClock) -> None:
    from fact_memory_graph.sessions import build_sessions

    base = _model(REVIEW).default

    def answer(messages):
        if str(messages[-1].content).rstrip().endswith("I bought new running shoes\n>>>"):
            return [{"op": "add_durable", "category": "preference", "claim": "bought new running shoes"}]
        return base(messages)

    memory = make_memory(ScriptedChatModel(default=answer), config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    _day(memory, user_id, clock)
    memory.review.run(user_id)
    (session,) = memory.sessions.list(user_id)
    assert session.summary == "Talked about morning runs and an October race in Seattle."
    # Later the same thread adds a fact; no model writes a new summary (the review ran today).
    clock.advance(minutes=5)
    memory.remember(user_id, "I bought new running shoes", session_id="run-club")
    build_sessions(memory.context, user_id, at=clock())
    (session,) = memory.sessions.list(user_id)
    assert session.summary.startswith("Talked about morning runs and an October race in Seattle.")
    assert session.summary.endswith("Later: bought new running shoes.")
    assert session.content.startswith("SUMMARY:\nTalked about morning runs") and "]: bought new running shoes" in session.content
    assert "\n\nFACTS:\n[" in session.content


def test_a_digest_says_the_span_it_counts(make_memory, user_id: str) -> None:
    """Built on a Wednesday, the digest of the week before counts up to that Wednesday: its
    heading says so, instead of naming only last week."""
    from datetime import UTC, datetime

    from fact_memory_graph.digest import digest_from, digest_markdown

    memory = make_memory()
    wednesday = datetime(2026, 11, 25, 15, 30, tzinfo=UTC)
    digest = digest_from(memory.upkeep.health(user_id, at=wednesday), 0, wednesday, None)
    assert digest_markdown(digest).splitlines()[0] == (
        "# Memory digest: 2026-11-16 00:00 to 2026-11-25 15:30 UTC (the week of 2026-11-16)")


def test_the_review_reads_turns_written_by_remember_and_the_sync_node(make_memory, user_id: str,
                                                                       clock: FixedClock) -> None:
    """001 R12 / 004 R12: every way of writing reaches the nightly review — ``remember()`` and
    ``write_node(mode="sync")`` enter their turns in the message log as processed (the queued
    node's are there already), with the text the extractor saw (the secret filter applied)."""
    llm = _model(REVIEW)
    memory = make_memory(llm, config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    for i, text in enumerate(DAY[:3]):
        memory.remember(user_id, text, message_id=f"r{i}", session_id="run-club")
        clock.advance(minutes=30)
    node, config = memory.write_node(mode="sync"), {"configurable": {"user_id": user_id, "thread_id": "run-club"}}
    history = []
    for i, text in enumerate(DAY[3:]):
        history.append(HumanMessage(text, id=f"s{i}"))
        node.invoke({"messages": list(history)}, config)
        clock.advance(minutes=30)
    memory.remember(user_id, "my card is 4111 1111 1111 1111", message_id="card")
    log = memory.export(user_id)["message_log"]
    assert [r["text"] for r in log][:5] == DAY and all(r["state"] == "done" for r in log)
    assert "4111" not in str(log)  # the secret filter's text, never the raw one
    report = memory.review.run(user_id)
    assert report.messages == len(DAY) + 1 and report.inferred == 1
    clock.advance(days=3)
    memory.upkeep.maintain(user_id)  # the log's horizon trims them like queued turns
    assert memory.export(user_id)["message_log"] == []
