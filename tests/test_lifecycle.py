"""Seed 002's staged lifecycle as a policy (real Postgres, FixedClock over simulated weeks), and
seed 000's behaviour unchanged by default."""

from __future__ import annotations

import math
from datetime import timedelta

import pytest

from fact_memory_graph import FactMemory, FactMemoryConfig, LifecyclePolicy
from fact_memory_graph.lifecycle import (
    Seed000Ranking,
    StagedRanking,
    idle_decay,
    lifecycle_relevance,
    usage_boost,
)
from fact_memory_graph.schema import Fact
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

from .helpers import T0

STAGED = FactMemoryConfig(lifecycle=LifecyclePolicy.staged())


def _retrieve(memory: FactMemory, user_id: str, query: str) -> list[str]:
    docs = memory.as_retriever(user_id=user_id).invoke(query)
    memory.context.access.flush()
    return [d.page_content for d in docs]


def test_default_policy_confirms_every_fact_and_ranks_as_seed_000(memory: FactMemory, user_id: str) -> None:
    op = memory.facts.add(user_id, "likes jazz", kind="durable", category="preference", source="conversation")
    fact = memory.facts.get(user_id, op.fact_id)
    assert fact.confirmed_at == fact.created_at
    doc = memory.as_retriever(user_id=user_id).invoke("music")[0]
    m = doc.metadata
    assert m["score"] == pytest.approx(m["relevance"] * m["confidence"] * m["time_weight"], abs=1e-5)


def test_promotion_on_the_third_retrieval_with_audit(make_memory, user_id: str) -> None:
    memory: FactMemory = make_memory(config=STAGED)
    staged = memory.facts.add(user_id, "likes jazz", kind="durable", category="preference", source="conversation")
    edit = memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health")  # user edit
    assert memory.facts.get(user_id, edit.fact_id).confirmed_at is not None  # user edits skip staging
    for n in (1, 2):
        assert "likes jazz" in _retrieve(memory, user_id, "what music do I like?")
        assert memory.facts.get(user_id, staged.fact_id).confirmed_at is None, f"confirmed after {n}"
    _retrieve(memory, user_id, "what music do I like?")
    fact = memory.facts.get(user_id, staged.fact_id)
    assert fact.access_count == 3 and fact.confirmed_at == memory.context.now()
    [row] = [a for a in memory.admin.audit(user_id) if a.op == "confirm"]
    assert row.fact_id == staged.fact_id and row.before["confirmed_at"] is None and "retrieval 3" in row.note


def test_idle_decay_schedule_and_usage_boost_to_the_number() -> None:
    policy = LifecyclePolicy.staged()
    assert idle_decay(0, policy) == 1.0 and idle_decay(7, policy) == 1.0  # grace period
    assert idle_decay(14, policy) == pytest.approx(0.95)
    assert idle_decay(21, policy) == pytest.approx(0.9025)
    assert idle_decay(7 + 7 * 10, policy) == pytest.approx(0.95 ** 10)
    assert idle_decay(10.5, policy) == pytest.approx(0.95 ** 0.5)
    assert usage_boost(0, policy) == 1.0
    assert usage_boost(9, policy) == pytest.approx(1.5)
    assert usage_boost(99, policy) == pytest.approx(2.0)


def _fact(source: str, **kw) -> Fact:
    return Fact.model_validate({"id": "00000000-0000-0000-0000-000000000001", "user_id": "u", "kind": "durable",
                                "category": "identity", "claim": "x", "confidence": 0.7, "source": source,
                                "created_at": T0, "last_confirmed_at": T0, **kw})


def test_source_weight_order_in_ranking() -> None:
    staged = StagedRanking(LifecyclePolicy.staged())
    scores = {s: staged(_fact(s), 0.8, 1.0, T0) for s in ("user_edit", "file", "system", "conversation")}
    assert list(scores) == sorted(scores, key=scores.get, reverse=True)
    assert scores["user_edit"] == pytest.approx(0.8 * 0.7 * 2.0)
    assert scores["conversation"] == pytest.approx(Seed000Ranking()(_fact("conversation"), 0.8, 1.0, T0))
    used = _fact("conversation", access_count=9, last_accessed_at=T0)
    assert lifecycle_relevance(used, T0 + timedelta(days=14), LifecyclePolicy.staged()) == pytest.approx(
        0.7 * 0.95 * 1.5)


def test_source_weights_reorder_the_retriever(make_memory, user_id: str) -> None:
    from fact_memory_graph.config import ReadConfig

    dense = ReadConfig(search="dense")  # two close relevances: the source weight decides
    plain = make_memory(config=FactMemoryConfig(read=dense))
    staged = make_memory(config=FactMemoryConfig(lifecycle=LifecyclePolicy.staged(), read=dense))
    plain.facts.add(user_id, "works as a nurse in Berlin", kind="durable", category="business_role",
                     source="conversation")
    plain.facts.add(user_id, "works night shifts at the hospital", kind="durable", category="business_role",
                     source="file")
    query = "what does the user do for a living as a nurse?"
    assert _retrieve(plain, user_id, query)[0] == "works as a nurse in Berlin"
    top = staged.as_retriever(user_id=user_id).invoke(query)[0]
    assert top.page_content == "works night shifts at the hospital"  # file (1.5) outranks conversation (1.0)


def test_sweep_retracts_idle_facts_but_protects_well_used_confirmed_ones(make_memory, user_id: str) -> None:
    clock = FixedClock(T0)
    memory: FactMemory = make_memory(config=STAGED, clock=clock)
    idle = memory.facts.add(user_id, "likes sushi", kind="durable", category="preference", source="conversation")
    used = memory.facts.add(user_id, "plays the cello", kind="durable", category="preference", source="conversation")
    for _ in range(5):
        memory.store.record_access(user_id, [used.fact_id], T0)
    assert memory.facts.get(user_id, used.fact_id).confirmed_at is not None
    # 0.7 x 0.95^w < 0.2 once w > log(0.2/0.7)/log(0.95) = 24.4 weeks past the grace period.
    weeks = math.log(0.2 / 0.7) / math.log(0.95)
    clock.now = T0 + timedelta(days=7 + 7 * (weeks - 0.5))
    assert memory.upkeep.maintain(user_id, dormant_after_days=10_000)["swept"] == 0
    clock.now = T0 + timedelta(days=7 + 7 * (weeks + 0.5))
    assert memory.upkeep.maintain(user_id, dormant_after_days=10_000)["swept"] == 1
    assert memory.facts.get(user_id, idle.fact_id).status.value == "retracted"  # kept for history
    assert memory.facts.get(user_id, used.fact_id).status.value == "active"  # confirmed, 5 accesses
    [row] = [a for a in memory.admin.audit(user_id) if a.op == "sweep"]
    assert row.fact_id == idle.fact_id and "< 0.2" in row.note


def test_trusted_contradiction_supersedes_directly(make_memory, user_id: str) -> None:
    script = {"I moved to Tokyo": [{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo",
                                    "category": "identity"}]}
    trusting = FactMemoryConfig(lifecycle=LifecyclePolicy.staged(trusted_sources=("conversation",),
                                                                 trusted_confidence=0.7))
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=script), config=trusting)
    old = memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    out = memory.remember(user_id, "I moved to Tokyo")
    assert [a.op for a in out.applied] == ["add_durable"] and memory.corrections.list(user_id) == []
    assert memory.facts.get(user_id, old.fact_id).status.value == "superseded"
    # Untrusted (the staged default trusts user edits only): the contradiction waits for review.
    other = user_id + "-b"
    default: FactMemory = make_memory(ScriptedChatModel(by_message=script), config=STAGED)
    default.facts.add(other, "lives in Berlin", kind="durable", category="identity")
    assert [a.op for a in default.remember(other, "I moved to Tokyo").applied] == ["contradict"]


def test_add_facts_seeds_a_new_user_in_one_transaction(make_memory, user_id: str) -> None:
    memory: FactMemory = make_memory(config=STAGED)
    facts = [{"claim": "lives in Lisbon", "kind": "durable", "category": "identity"},
             {"claim": "vegetarian", "kind": "durable", "category": "preference"},
             {"claim": "lives in Lisbon", "kind": "durable", "category": "identity"},  # duplicate
             {"claim": "preparing for a marathon", "kind": "current", "category": "working_on"}]
    out = memory.facts.add_many(user_id, facts, message_id="onboarding")
    assert [a.op for a in out.applied] == ["add_durable", "add_durable", "add_current"]
    assert all(f.confirmed_at is not None for f in memory.facts.list(user_id))  # user edits: confirmed
    assert memory.facts.add_many(user_id, facts, message_id="onboarding").already_processed  # exactly once
    assert len(memory.facts.list(user_id)) == 3
    with pytest.raises(Exception, match="claim and category"):
        memory.facts.add_many(user_id, [{"claim": "x", "kind": "durable"}])
    assert len(memory.facts.list(user_id)) == 3


async def test_async_add_facts(make_memory, user_id: str) -> None:
    memory: FactMemory = make_memory()
    out = await memory.facts.aadd_many(user_id, [{"claim": "likes tea", "kind": "durable", "category": "preference"}])
    assert out.applied[0].op == "add_durable"


def test_every_status_transition_has_its_audit_row(make_memory, user_id: str) -> None:
    """Replaying the audit log reproduces every fact's status and confirmation: no transition
    (add, confirm, strengthen, supersede, expire, dormant, reactivate, sweep, retract) is silent."""
    clock = FixedClock(T0)
    script = {"I moved to Tokyo": [{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo",
                                    "category": "identity"}]}
    memory: FactMemory = make_memory(ScriptedChatModel(by_message=script), config=STAGED, clock=clock)
    home = memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity", source="conversation")
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")  # strengthen
    memory.facts.add(user_id, "likes sushi", kind="durable", category="preference", source="conversation")
    memory.facts.add(user_id, "tired today", kind="current", category="physical_state", source="conversation",
                    expires_at=T0 + timedelta(days=1))
    for _ in range(3):
        _retrieve(memory, user_id, "where do I live?")  # confirm on the 3rd retrieval
    memory.remember(user_id, "I moved to Tokyo")
    [candidate] = memory.corrections.list(user_id)
    memory.corrections.resolve(user_id, candidate.id, accept=True)  # supersede
    clock.advance(days=200)
    memory.upkeep.maintain(user_id, dormant_after_days=90)  # expire, dormant, sweep
    _retrieve(memory, user_id, "where do I live now?")  # reactivate what is dormant and retrieved
    edited = memory.facts.add(user_id, "plays chess", kind="durable", category="preference")
    memory.facts.retract(user_id, edited.fact_id)
    ops = {a.op for a in memory.admin.audit(user_id)}
    assert {"add_durable", "add_current", "strengthen", "confirm", "contradict", "supersede", "expired",
            "sweep", "retract"} <= ops, ops
    last: dict[str, dict] = {}
    for entry in memory.admin.audit(user_id):
        if entry.fact_id is not None and entry.after is not None and "confidence" in entry.after:  # a fact row
            last[str(entry.fact_id)] = entry.after
    facts = memory.facts.list(user_id)
    assert facts and {str(f.id) for f in facts} == set(last)
    for fact in facts:
        after = last[str(fact.id)]
        assert after["status"] == fact.status.value, (fact.claim, after["status"], fact.status)
        assert (after.get("confirmed_at") is None) == (fact.confirmed_at is None), fact.claim
    assert memory.facts.get(user_id, home.fact_id).status.value == "superseded"
