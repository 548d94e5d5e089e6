"""Issue 20: the lifecycle does the right thing at default settings — corrections are settled by
the nightly run's model (accept supersedes, reject drops, both audited), a trusted user edit
supersedes under the staged policy, the profile keeps every value of a relation, and so on. Real
Postgres, FixedClock, the adjudicator scripted through the real structured-output path."""

from __future__ import annotations

from datetime import timedelta

import pytest

from fact_memory_graph import FactMemory, FactMemoryConfig, LifecyclePolicy
from fact_memory_graph.config import ReconcileConfig
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

MOVED = {"Actually I moved to Tokyo": [
    {"op": "contradict", "ref": "D1", "claim": "lives in Tokyo", "category": "identity"}]}


def _berlin_then_tokyo(memory: FactMemory, user_id: str, clock: FixedClock) -> None:
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity", source="conversation")
    clock.advance(days=3)
    memory.remember(user_id, "Actually I moved to Tokyo")
    [pending] = memory.corrections.list(user_id)
    assert pending.claim == "lives in Tokyo"


def test_the_nightly_run_accepts_a_correction(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=MOVED))
    _berlin_then_tokyo(memory, user_id, clock)
    judge = ScriptedChatModel(responses=[{"verdicts": [
        {"ref": "C1", "verdict": "accept", "reason": "the user moved"}]}])
    report = memory.upkeep.compact(user_id, llm=judge)
    assert (report.corrections_accepted, report.corrections_rejected) == (1, 0)
    prompt = judge.calls[0][-1].content
    assert 'F1 "lives in Berlin"' in prompt and 'C1 "lives in Tokyo"' in prompt
    assert memory.corrections.list(user_id) == []
    text = memory.recall(user_id, "where do I live?")
    assert '"lives in Tokyo"' in text and "Berlin" not in text and "unconfirmed" not in text
    [old] = [f for f in memory.facts.list(user_id, status=None) if f.claim == "lives in Berlin"]
    assert old.status.value == "superseded"
    chain, audit = memory.store.history(user_id, old.id)
    assert [f.claim for f in chain] == ["lives in Berlin", "lives in Tokyo"]
    assert any(a.op == "accept_candidate" and "settled by reconciliation" in (a.note or "") for a in audit)


def test_the_nightly_run_rejects_a_misread_correction(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=MOVED))
    _berlin_then_tokyo(memory, user_id, clock)
    judge = ScriptedChatModel(responses=[{"verdicts": [
        {"ref": "C1", "verdict": "reject", "reason": "a hypothetical"}]}])
    report = memory.upkeep.compact(user_id, llm=judge)
    assert (report.corrections_accepted, report.corrections_rejected) == (0, 1)
    assert memory.corrections.list(user_id) == []
    assert [c.status.value for c in memory.corrections.list(user_id, status=None)] == ["rejected"]
    assert '"lives in Berlin"' in memory.recall(user_id, "where do I live?")
    assert any(a.op == "reject_candidate" and "a hypothetical" in (a.note or "") for a in memory.admin.audit(user_id))


def test_a_bad_verdict_leaves_the_correction_pending(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=MOVED))
    _berlin_then_tokyo(memory, user_id, clock)
    for bad in ({"verdicts": [{"ref": "C7", "verdict": "accept", "reason": ""}]},
                {"verdicts": [{"ref": "C1", "verdict": "accept", "reason": ""},
                              {"ref": "C1", "verdict": "reject", "reason": ""}]}, "{not json"):
        report = memory.upkeep.compact(user_id, llm=ScriptedChatModel(responses=[bad]))
        assert report.rejected_groups and len(memory.corrections.list(user_id)) == 1


def test_human_review_keeps_corrections_pending(make_memory, user_id: str, clock: FixedClock) -> None:
    config = FactMemoryConfig(reconcile=ReconcileConfig(resolve_corrections=False))
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=MOVED), config=config)
    _berlin_then_tokyo(memory, user_id, clock)
    judge = ScriptedChatModel(responses=[{"verdicts": [{"ref": "C1", "verdict": "accept", "reason": ""}]}])
    memory.upkeep.compact(user_id, llm=judge)
    assert judge.calls == [] and len(memory.corrections.list(user_id)) == 1


def test_a_user_edit_contradiction_supersedes_under_the_staged_policy(make_memory, user_id: str) -> None:
    """Seed 002's trusted supersede runs at the staged policy's defaults: a user's own edit is
    trusted (its source weight makes its confidence >= 0.9)."""
    memory: FactMemory = make_memory(config=FactMemoryConfig(lifecycle=LifecyclePolicy.staged()))
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity", source="conversation")
    from fact_memory_graph.nodes.dedup import _trusted_supersede
    from fact_memory_graph.schema import FactKind, FactSource, PlannedOp

    [fact] = memory.facts.list(user_id)
    planned = _trusted_supersede(memory.context, [PlannedOp(op="contradict", fact_id=fact.id, kind=FactKind.DURABLE,
                                                            category="identity", claim="lives in Tokyo")],
                                 FactSource.USER_EDIT)
    assert planned[0].op == "add_durable" and planned[0].supersedes == fact.id
    untrusted = _trusted_supersede(memory.context, [PlannedOp(op="contradict", fact_id=fact.id,
                                                              kind=FactKind.DURABLE, claim="x")], FactSource.CONVERSATION)
    assert untrusted[0].op == "contradict"


def test_idle_users_are_kept_up(make_memory, user_id: str, clock: FixedClock) -> None:
    """After 100 quiet days the scheduler still queues the user: dormancy runs (and, under the
    staged policy, the sweep)."""
    memory: FactMemory = make_memory()
    memory.facts.add(user_id, "likes jazz", kind="durable", category="preference")
    memory.upkeep.compact(user_id, llm=ScriptedChatModel())  # reconciled: nothing else due
    assert user_id not in memory.upkeep.users_with_work()
    clock.advance(days=100)
    assert user_id in memory.upkeep.users_with_work()
    assert memory.upkeep.maintain(user_id)["dormant"] == 1
    assert user_id not in memory.upkeep.users_with_work()
    staged: FactMemory = make_memory(config=FactMemoryConfig(lifecycle=LifecyclePolicy.staged()))
    other = f"{user_id}-staged"
    staged.facts.add(other, "likes tea", kind="durable", category="preference", source="conversation")
    staged.upkeep.compact(other, llm=ScriptedChatModel())
    clock.advance(days=8)
    assert other in staged.upkeep.users_with_work()


def test_a_long_running_state_is_shown_as_of_its_date(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory()
    memory.facts.add(user_id, "navigating a divorce", kind="current", category="going_through")
    memory.facts.add(user_id, "likes jazz", kind="durable", category="preference")
    clock.advance(days=70)  # weight 0.007: far below the floor
    text = memory.recall(user_id, "how is the divorce going?")
    assert 'as of 2 March 2026: "navigating a divorce"' in text
    assert "What's currently happening" not in text
    assert "divorce" not in memory.recall(user_id, "what music do I like?")  # not about it: left out


# ---------------------------------------------------------------- privacy controls (issue 20.6)
def test_a_category_never_stored_is_dropped_and_audited_without_its_text(make_memory, user_id: str) -> None:
    import pytest

    from fact_memory_graph.config import WriteConfig
    from fact_memory_graph.errors import InvalidInputError

    llm = ScriptedChatModel(by_message={"I have HIV and I like jazz": [
        {"op": "add_durable", "category": "health", "claim": "has HIV"},
        {"op": "add_durable", "category": "preference", "claim": "likes jazz"}]})
    memory: FactMemory = make_memory(llm, config=FactMemoryConfig(write=WriteConfig(never_store=("health",))))
    outcome = memory.remember(user_id, "I have HIV and I like jazz")
    assert [f.claim for f in memory.facts.list(user_id)] == ["likes jazz"]
    assert "HIV" not in str(outcome.rejected) and "never stored" in outcome.rejected[0].reason
    [withheld] = [a for a in memory.admin.audit(user_id) if a.op == "withheld"]
    assert "health" in (withheld.note or "") and "HIV" not in str(withheld.model_dump())
    assert "HIV" not in str(memory.export(user_id))
    with pytest.raises(InvalidInputError, match="never stored"):
        memory.facts.add(user_id, "has asthma", kind="durable", category="health")


def test_dont_remember_that_stores_nothing_from_the_message(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(by_message={"I'm pregnant, but please don't remember that": [
        {"op": "add_durable", "category": "health", "claim": "is pregnant"}]})
    memory: FactMemory = make_memory(llm)
    outcome = memory.remember(user_id, "I'm pregnant, but please don't remember that", message_id="m1")
    assert llm.calls == [] and outcome.applied == [] and outcome.llm_calls == 0
    assert memory.facts.list(user_id) == []
    assert memory.remember(user_id, "I'm pregnant, but please don't remember that", message_id="m1").already_processed
    assert memory.config.write.honour_do_not_remember


def _ref_of(messages, claim: str) -> str:
    import re

    return re.search(rf'^([DC]\d+) \[[^\]]+\] "{re.escape(claim)}"', messages[-1].content, re.MULTILINE).group(1)


def test_forget_message_removes_what_only_it_said(make_memory, user_id: str, clock: FixedClock) -> None:
    llm = ScriptedChatModel(by_message={
        "I live in Berlin and I like jazz": [
            {"op": "add_durable", "category": "identity", "claim": "lives in Berlin"},
            {"op": "add_durable", "category": "preference", "claim": "likes jazz"}],
        "Berlin is home": lambda messages: {"ops": [{"op": "strengthen", "ref": _ref_of(messages, "lives in Berlin")}]},
        "Actually I moved to Tokyo": lambda messages: {"ops": [
            {"op": "contradict", "ref": _ref_of(messages, "lives in Berlin"), "claim": "lives in Tokyo",
             "category": "identity"}]}})
    memory: FactMemory = make_memory(llm)
    memory.remember(user_id, "I live in Berlin and I like jazz", message_id="m1")
    memory.remember(user_id, "Berlin is home", message_id="m2")
    memory.remember(user_id, "Actually I moved to Tokyo", message_id="m3")
    assert memory.facts.forget_message(user_id, "m3") == {"purged": 0, "unlinked": 0, "candidates": 1}
    assert memory.facts.forget_message(user_id, "m1") == {"purged": 1, "unlinked": 1, "candidates": 0}
    [berlin] = memory.facts.list(user_id, status=None)
    assert berlin.claim == "lives in Berlin" and berlin.evidence_message_ids == ["m2"]
    assert memory.corrections.list(user_id, status=None) == []
    assert "jazz" not in str(memory.export(user_id)) and "Tokyo" not in str(memory.export(user_id)["audit_log"])
    assert memory.remember(user_id, "I live in Berlin and I like jazz", message_id="m1").already_processed


def test_retention_purges_what_is_no_longer_believed(make_memory, user_id: str, clock: FixedClock) -> None:
    config = FactMemoryConfig(reconcile=ReconcileConfig(retention_days=30))
    memory: FactMemory = make_memory(config=config)
    gone = memory.facts.add(user_id, "likes jazz", kind="durable", category="preference")
    kept = memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    memory.facts.retract(user_id, gone.fact_id)
    clock.advance(days=31)
    counts = memory.upkeep.maintain(user_id)
    assert counts["purged_facts"] == 1 and counts["purged_audit_rows"] >= 1
    assert [f.id for f in memory.facts.list(user_id, status=None)] == [kept.fact_id]
    assert memory.admin.audit(user_id) == []
    assert ReconcileConfig().retention_days is None  # off by default


def test_the_extractor_is_told_the_assistant_is_not_the_user(make_memory, user_id: str) -> None:
    from langchain_core.messages import AIMessage

    llm = ScriptedChatModel()
    memory: FactMemory = make_memory(llm)
    memory.remember(user_id, "nice, and you?", context=[AIMessage("I'm Ada, an AI, and I love chess")])
    system = llm.calls[0][0].content
    assert "never what the assistant says about itself" in system


def test_the_staged_sweep_reaches_an_idle_users_dormant_facts(make_memory, fresh_db_url: str, user_id: str,
                                                               clock: FixedClock) -> None:
    """Seed 002 R9: durable facts go dormant on day 90; before, the user was never scheduled again,
    so the sweep that retracts them around day 180 never ran. Now a user with dormant facts is kept
    up weekly, and the sweep retracts what fell below the threshold."""
    import asyncio

    from fact_memory_graph.jobs import run_worker

    memory: FactMemory = make_memory(config=FactMemoryConfig(lifecycle=LifecyclePolicy.staged()), url=fresh_db_url)
    fact = memory.facts.add(user_id, "likes tea", kind="durable", category="preference", source="conversation")
    memory.upkeep.compact(user_id, llm=ScriptedChatModel())
    clock.advance(days=91)
    assert memory.upkeep.maintain(user_id)["dormant"] == 1
    memory.upkeep.compact(user_id, llm=ScriptedChatModel())  # a run today: nothing due this week
    assert user_id not in memory.upkeep.users_with_work()
    for _week in range(14):  # ~day 190: the staged relevance has long fallen below 0.2
        clock.advance(days=7)
        assert user_id in memory.upkeep.users_with_work()  # weekly, however long idle
        asyncio.run(run_worker(memory, once=True))  # its own database: only this user
        if memory.facts.get(user_id, fact.fact_id).status == "retracted":
            break
    assert memory.facts.get(user_id, fact.fact_id).status == "retracted"  # swept
    assert "sweep" in [a.op for a in memory.admin.audit(user_id)]


def test_retention_keeps_an_idle_user_scheduled_until_the_history_is_purged(make_memory, fresh_db_url: str,
                                                                            user_id: str, clock: FixedClock) -> None:
    """Seed 001 R16: with retention on, the age of what is no longer believed is a reason to
    schedule an idle user, so their old history is actually deleted."""
    memory: FactMemory = make_memory(config=FactMemoryConfig(reconcile=ReconcileConfig(retention_days=30)),
                                     url=fresh_db_url)
    fact = memory.facts.add(user_id, "lives in Rome", kind="durable", category="identity")
    memory.facts.retract(user_id, fact.fact_id)
    memory.upkeep.compact(user_id, llm=ScriptedChatModel())
    assert user_id not in memory.upkeep.users_with_work()
    clock.advance(days=31)
    assert user_id in memory.upkeep.users_with_work()  # idle, but its history is due for deletion
    assert memory.upkeep.maintain(user_id)["purged_facts"] == 1
    assert memory.facts.list(user_id) == []


def test_the_staged_sweep_reaches_a_user_whose_facts_are_all_current(make_memory, user_id: str,
                                                                    clock: FixedClock,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 002 R9: a staged user with only current facts, reconciled and then idle, is still swept:
    the weekly clause keeps them scheduled, and at day 182 the state has faded below the cleanup
    threshold and is retracted. The 180-day archive is off here, so nothing else schedules the
    user: with the weekly clause switched off (the control) they are never listed."""
    from fact_memory_graph.store.plans import reconcile as plans

    staged: FactMemory = make_memory(config=FactMemoryConfig(
        lifecycle=LifecyclePolicy.staged(archive_current_after_days=None)))
    staged.facts.add(user_id, "feeling anxious about the move", kind="current", category="feeling",
                    source="conversation")
    staged.upkeep.compact(user_id, llm=ScriptedChatModel())
    clock.advance(days=8)
    assert user_id in staged.upkeep.users_with_work()  # a week after its last run
    clock.advance(days=174)
    with monkeypatch.context() as off:
        off.setattr(plans, "SWEEP_EVERY_DAYS", 10_000.0)  # the weekly clause switched off
        assert user_id not in staged.upkeep.users_with_work()
    assert user_id in staged.upkeep.users_with_work()
    assert staged.upkeep.maintain(user_id)["swept"] == 1
    assert [f.status for f in staged.facts.list(user_id, status=None)] == ["retracted"]


def test_open_ended_states_are_archived_after_the_horizon_least_important_first(
        make_memory, user_id: str, clock: FixedClock) -> None:
    """Seed 001 R14 under the default policy: a current state with no end that nobody confirmed or
    retrieved for 180 days is archived (``expired``, audited ``archive`` with its importance); an
    idle user holding one is scheduled; with room for one per run, the least important goes
    first (said once vs. confirmed and retrieved). A state with an end, or one still in use, stays."""
    memory: FactMemory = make_memory(config=FactMemoryConfig(lifecycle=LifecyclePolicy(archive_per_run=1)))
    minor = memory.facts.add(user_id, "is repainting the hallway", kind="current", category="working_on",
                            source="conversation")
    major = memory.facts.add(user_id, "is going through a divorce", kind="current", category="going_through",
                            source="conversation", verification_status="confirmed")
    memory.store.record_access(user_id, [major.fact_id], clock.now, counts=[4])
    ends = memory.facts.add(user_id, "is on holiday in Crete", kind="current", category="schedule_context",
                           source="conversation", expires_at=clock.now + timedelta(days=400))
    memory.upkeep.compact(user_id, llm=ScriptedChatModel())
    clock.advance(days=100)
    assert memory.upkeep.maintain(user_id)["archived"] == 0  # inside the horizon: fading, still shown when asked
    clock.advance(days=81)
    assert user_id in memory.upkeep.users_with_work()
    assert memory.upkeep.maintain(user_id)["archived"] == 1
    status = {f.id: f.status.value for f in memory.facts.list(user_id, status=None)}
    assert (status[minor.fact_id], status[major.fact_id], status[ends.fact_id]) == ("expired", "active", "active")
    [entry] = [a for a in memory.admin.audit(user_id) if a.op == "archive"]
    assert entry.fact_id == minor.fact_id and "importance 0.700" in entry.note
    assert memory.upkeep.maintain(user_id)["archived"] == 1  # the next run takes the next one
    assert {f.id: f.status.value for f in memory.facts.list(user_id, status=None)}[major.fact_id] == "expired"
    assert "divorce" not in memory.recall(user_id, "am I going through a divorce?")
    memory.forget(user_id)
