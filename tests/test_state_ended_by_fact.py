"""001 R20: a fact that ends a state. "Works at Acme now" ends "looking for a job" — when the
model links the two at extraction (``supersedes`` on an ``add_durable``), and when it does not
(the nightly reconciliation groups the new fact with the states it may end, and the model lets
it supersede them). Real Postgres and embeddings; the model's answers are scripted through the
real structured-output path."""

from __future__ import annotations

import json
import re
from typing import Any

from langchain_core.messages import BaseMessage

from fact_memory_graph import FactMemory, FactStatus
from fact_memory_graph.testing import FixedClock, ScriptedChatModel, prompt_message

LOOKING = {"op": "add_current", "category": "working_on", "claim": "looking for a job"}
_FACT_LINE = re.compile(r"^(F\d+)(?: \[[^\]]*\])? (\".*\") \(since ", re.MULTILINE)


def _ref(messages: list[BaseMessage], claim: str) -> str | None:
    found = re.search(rf"^([CD]\d+) \[\w+\] \W?{re.escape(claim)}", str(messages[-1].content), re.MULTILINE)
    return found.group(1) if found else None


def _extractor(link: bool, *, target: str = "looking for a job") -> ScriptedChatModel:
    def answer(messages: list[BaseMessage]) -> Any:
        said = prompt_message(messages)
        if said.startswith("I'm looking for a job"):
            return [LOOKING, {"op": "add_durable", "category": "identity", "claim": "lives in Lyon"}]
        if said.startswith("I got the job"):
            op = {"op": "add_durable", "category": "business_role", "claim": "works at Acme"}
            return [{**op, "supersedes": _ref(messages, target)} if link else op]
        if said.startswith("I moved"):
            return [{"op": "add_durable", "category": "identity", "claim": "lives in Berlin"}]
        return []

    return ScriptedChatModel(default=answer)


def _currently(memory: FactMemory, user_id: str) -> str:
    text = memory.recall(user_id, "what is going on with my job search and work?")
    return text.split("What's currently happening", 1)[1] if "What's currently happening" in text else ""


def test_a_linked_durable_fact_ends_the_state(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory(_extractor(link=True))
    memory.remember(user_id, "I'm looking for a job, living in Lyon.", message_id="m1")
    clock.advance(days=10)
    outcome = memory.remember(user_id, "I got the job at Acme!", message_id="m2")
    assert [(a.op, a.claim) for a in outcome.applied] == [("add_durable", "works at Acme")]
    assert outcome.rejected == []
    job = outcome.applied[0].fact_id
    (state,) = [f for f in memory.facts.list(user_id, status=None) if f.claim == "looking for a job"]
    assert (state.status, state.superseded_by) == (FactStatus.SUPERSEDED, job)
    assert "looking for a job" not in _currently(memory, user_id)
    assert "works at Acme" in memory.recall(user_id, "where do I work?")
    history = memory.facts.history(user_id, state.id)
    assert any(e.op == "supersede" for e in history.audit)


def test_a_link_that_cannot_hold_is_dropped_and_the_fact_kept(make_memory, user_id: str, clock: FixedClock) -> None:
    """A durable fact "ending" a durable fact (D1) is no ending: the link is dropped, said in the
    outcome, and the new fact is stored (before, the whole op was lost with a wrong reason)."""
    memory: FactMemory = make_memory(_extractor(link=True, target="lives in Lyon"))
    memory.remember(user_id, "I'm looking for a job, living in Lyon.", message_id="m1")
    outcome = memory.remember(user_id, "I got the job at Acme!", message_id="m2")
    assert [a.claim for a in outcome.applied] == ["works at Acme"]
    (dropped,) = outcome.rejected
    assert dropped.op["supersedes"].startswith("D") and "a durable fact" in dropped.reason
    assert "the link was dropped, the fact is kept" in dropped.reason
    assert {f.claim: f.status for f in memory.facts.list(user_id, status=None)}["lives in Lyon"] is FactStatus.ACTIVE


def _reconciler(seen: list[dict[str, str]]) -> ScriptedChatModel:
    """Supersedes "looking for a job" into "works at Acme" when both are in a group."""
    def decide(messages: list[BaseMessage]) -> dict:
        facts = {ref: json.loads(claim) for ref, claim in _FACT_LINE.findall(str(messages[-1].content))}
        seen.append(facts)
        by_claim = {claim: ref for ref, claim in facts.items()}
        if {"looking for a job", "works at Acme"} <= set(by_claim):
            return {"decisions": [{"ref": by_claim["looking for a job"], "action": "supersede",
                                   "into": by_claim["works at Acme"], "reason": "got the job"}]}
        return {"decisions": []}

    return ScriptedChatModel(default=decide)


def test_an_unlinked_fact_ends_the_state_at_the_nightly_reconciliation(make_memory, user_id: str,
                                                                      clock: FixedClock) -> None:
    memory: FactMemory = make_memory(_extractor(link=False))
    memory.remember(user_id, "I'm looking for a job, living in Lyon.", message_id="m1")
    memory.upkeep.compact(user_id, llm=ScriptedChatModel())  # day 1's facts reconciled
    clock.advance(days=10)
    memory.remember(user_id, "I got the job at Acme!", message_id="m2")
    assert "looking for a job" in _currently(memory, user_id)  # not linked: still shown today
    seen: list[dict[str, str]] = []
    report = memory.upkeep.compact(user_id, llm=_reconciler(seen))
    assert report.superseded == 1 and report.model_calls == 1
    assert sorted(seen[0].values()) == ["looking for a job", "works at Acme"]  # one group, across kinds
    (state,) = [f for f in memory.facts.list(user_id, status=None) if f.claim == "looking for a job"]
    job = next(f for f in memory.facts.list(user_id) if f.claim == "works at Acme")
    assert (state.status, state.superseded_by) == (FactStatus.SUPERSEDED, job.id)
    clock.advance(days=1)
    assert "looking for a job" not in _currently(memory, user_id)


def test_an_unrelated_new_fact_is_not_grouped_with_the_state(make_memory, user_id: str,
                                                             clock: FixedClock) -> None:
    memory: FactMemory = make_memory(_extractor(link=False))
    memory.remember(user_id, "I'm looking for a job, living in Lyon.", message_id="m1")
    memory.upkeep.compact(user_id, llm=ScriptedChatModel())
    clock.advance(days=10)
    memory.remember(user_id, "I moved to Berlin.", message_id="m3")  # cosine 0.26 with the state
    seen: list[dict[str, str]] = []
    memory.upkeep.compact(user_id, llm=_reconciler(seen))
    assert all("looking for a job" not in group.values() for group in seen)
    assert {f.claim: f.status for f in memory.facts.list(user_id)}["looking for a job"] is FactStatus.ACTIVE


def test_a_merge_across_kinds_rejects_the_group() -> None:
    """Only a current state may be superseded by a durable fact; a merge across kinds (or a fact
    superseded by a state) is refused, and the group waits for the next run."""
    from datetime import UTC, datetime, timedelta
    from uuid import uuid4

    import pytest

    from fact_memory_graph.errors import ExtractionError
    from fact_memory_graph.reconcile.decisions import validate_decisions
    from fact_memory_graph.reconcile.state import Group
    from fact_memory_graph.schema import Fact, FactKind

    now = datetime(2026, 3, 1, tzinfo=UTC)

    def fact(claim: str, kind: FactKind, category: str, days: int) -> Fact:
        return Fact(id=uuid4(), user_id="u", kind=kind, category=category, claim=claim, confidence=0.7,
                    created_at=now + timedelta(days=days), last_confirmed_at=now + timedelta(days=days))

    state = fact("looking for a job", FactKind.CURRENT, "working_on", 0)
    job = fact("works at Acme", FactKind.DURABLE, "business_role", 10)
    group = Group(facts=(state, job), unreconciled=frozenset({job.id}))
    ok = validate_decisions({"decisions": [{"ref": "F1", "action": "supersede", "into": "F2"}]}, group)
    assert [(d.action.value, d.target_id) for d in ok] == [("supersede", job.id), ("keep", None)]
    with pytest.raises(ExtractionError, match="another kind"):
        validate_decisions({"decisions": [{"ref": "F1", "action": "merge", "into": "F2"}]}, group)
    later_state = fact("looking for a job again", FactKind.CURRENT, "working_on", 20)
    reverse = Group(facts=(job, later_state), unreconciled=frozenset({later_state.id}))
    with pytest.raises(ExtractionError, match="another kind"):
        validate_decisions({"decisions": [{"ref": "F1", "action": "supersede", "into": "F2"}]}, reverse)
