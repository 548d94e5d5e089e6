"""Write path: embed -> retrieve -> extract -> dedup -> apply, with the scripted model.

The scripted model answers through the real structured-output machinery (bind_tools -> tool
call -> with_structured_output parsing); everything after it is the real pipeline on Postgres.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Annotated, TypedDict

import pytest
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage
from langgraph.graph import START, StateGraph
from langgraph.graph.message import add_messages

from fact_memory_graph import (
    ApplyOutcome,
    ExtractionError,
    FactKind,
    FactMemory,
    FactMemoryConfig,
    FactStatus,
    WriteConfig,
)
from fact_memory_graph.errors import StoreError
from fact_memory_graph.guard import claims_conflict
from fact_memory_graph.store import _driver
from fact_memory_graph.store._sql import execute
from fact_memory_graph.store.store import FactStore
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

from .helpers import EVAL, eval_cases, needs_eval


def add(category: str, claim: str, kind: str = "durable", **extra) -> dict:
    return {"op": f"add_{kind}", "category": category, "claim": claim, **extra}


def snapshot(memory: FactMemory, user_id: str) -> tuple:
    return (
        [f.model_dump() for f in memory.facts.list(user_id)],
        [c.model_dump() for c in memory.corrections.list(user_id, status=None)],
        [a.model_dump() for a in memory.admin.audit(user_id)],
        memory.admin.stats(user_id)["messages"],
    )


def test_every_op(make_memory: Callable[..., FactMemory], user_id: str, clock: FixedClock) -> None:
    llm = ScriptedChatModel(responses=[
        [add("identity", "lives in Berlin"), add("feeling", "anxious this morning", kind="current")],
        [{"op": "strengthen", "ref": "D1"}],
        [{"op": "decay", "ref": "D1"}],
        [{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo", "category": "identity"}],
    ])
    memory = make_memory(llm)
    out = memory.remember(user_id, "I live in Berlin and I'm anxious this morning", message_id="m1")
    assert [a.op for a in out.applied] == ["add_durable", "add_current"] and out.llm_calls == 1
    berlin = memory.facts.get(user_id, out.applied[0].fact_id)
    anxious = memory.facts.get(user_id, out.applied[1].fact_id)
    assert (berlin.kind, berlin.confidence, berlin.valid_at) == (FactKind.DURABLE, 0.7, None)
    assert (anxious.kind, anxious.valid_at) == (FactKind.CURRENT, clock())

    clock.advance(days=3)
    out = memory.remember(user_id, "Yes, Berlin is home", message_id="m2")
    berlin = memory.facts.get(user_id, berlin.id)
    assert out.applied[0].op == "strengthen"
    assert (berlin.confidence, berlin.last_confirmed_at, berlin.evidence_message_ids) == (0.8, clock(), ["m1", "m2"])

    memory.remember(user_id, "I might be leaving Berlin soon", message_id="m3")
    assert memory.facts.get(user_id, berlin.id).confidence == pytest.approx(0.65)

    out = memory.remember(user_id, "actually I moved to Tokyo", message_id="m4")
    [cand] = memory.corrections.list(user_id)
    assert (cand.fact_id, cand.claim, cand.status) == (berlin.id, "lives in Tokyo", "pending")
    assert memory.facts.get(user_id, berlin.id).status is FactStatus.ACTIVE  # nothing superseded yet
    assert len(llm.calls) == 4

    # Review: accepting supersedes the old fact and keeps it (history is never lost).
    memory.corrections.resolve(user_id, cand.id, accept=True)
    old = memory.facts.get(user_id, berlin.id)
    assert old.status is FactStatus.SUPERSEDED and old.verification_status == "contradicted"
    tokyo = memory.facts.get(user_id, old.superseded_by)
    assert tokyo.claim == "lives in Tokyo" and tokyo.status is FactStatus.ACTIVE


def test_decay_below_floor_retracts_but_keeps_the_fact(make_memory, user_id: str) -> None:
    memory = make_memory(ScriptedChatModel(default=[{"op": "decay", "ref": "D1"}]))
    fid = memory.facts.add(user_id, "prefers morning meetings", kind="durable", category="preference").fact_id
    confidences = []
    for i in range(4):
        memory.remember(user_id, f"meh, mornings {i}", message_id=f"d{i}")
        confidences.append(memory.facts.get(user_id, fid).confidence)
    assert confidences == pytest.approx([0.55, 0.4, 0.25, 0.1])
    fact = memory.facts.get(user_id, fid)
    assert fact.status is FactStatus.RETRACTED  # kept for audit ...
    assert memory.recall(user_id, "morning meetings") == ""  # ... never retrieved
    assert [e.op for e in memory.admin.audit(user_id)].count("decay") == 4


def test_update_of_current_state_supersedes_via_reference(make_memory, user_id: str, clock: FixedClock) -> None:
    llm = ScriptedChatModel(responses=[
        [add("working_on", "debugging the auth flow", kind="current")],
        [add("working_on", "fixed the auth bug", kind="current", supersedes="C1")],
    ])
    memory = make_memory(llm)
    memory.remember(user_id, "Currently debugging the auth flow")
    clock.advance(days=2)
    out = memory.remember(user_id, "Finally fixed the auth bug!")
    old, new = memory.facts.list(user_id, kind="current")
    assert old.status is FactStatus.SUPERSEDED and old.superseded_by == new.id == out.applied[0].fact_id
    assert "fixed the auth bug" in memory.recall(user_id, "what am I working on?")
    assert "debugging" not in memory.recall(user_id, "what am I working on?")


def test_restated_fact_becomes_strengthen_from_the_model(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(responses=[[add("going_through", "going through a divorce", kind="current")],
                                       [{"op": "strengthen", "ref": "C1"}]])
    memory = make_memory(llm)
    memory.remember(user_id, "Going through a divorce")
    memory.remember(user_id, "The divorce stuff is still dragging on")
    # The second prompt showed the existing fact under its reference.
    assert 'C1 [going_through] "going through a divorce"' in llm.calls[1][-1].content
    [fact] = memory.facts.list(user_id)
    assert fact.confidence == 0.8 and len(fact.evidence_message_ids) == 2


def test_write_time_dedup_turns_a_reworded_add_into_strengthen(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(responses=[[add("business_role", "senior engineer at Acme since 2024")],
                                       [add("business_role", "works at Acme as a senior engineer since 2024")]])
    memory = make_memory(llm)
    memory.remember(user_id, "I'm a senior engineer at Acme since 2024")
    out = memory.remember(user_id, "I work at Acme as a senior engineer, since 2024")
    assert out.applied[0].op == "strengthen" and "cos 0.9" in out.applied[0].note
    [fact] = memory.facts.list(user_id)
    assert fact.confidence == 0.8


def test_dedup_guard_keeps_numbers_and_negations_apart(make_memory, user_id: str) -> None:
    memory = make_memory(config=FactMemoryConfig(write=WriteConfig(dedup_threshold=0.80)))
    memory.facts.add(user_id, "born 1990", kind="durable", category="identity")
    out = memory.facts.add(user_id, "born 1991", kind="durable", category="identity")
    assert out.op == "add_durable"  # cos .884 >= .80, but the years differ
    memory.facts.add(user_id, "married to Alex", kind="durable", category="relationship")
    assert memory.facts.add(user_id, "divorced from Alex", kind="durable", category="relationship").op == "add_durable"
    assert memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity").op == "add_durable"
    assert memory.facts.add(user_id, "resides in Berlin", kind="durable", category="identity").op == "strengthen"


def test_dedup_within_one_message_and_same_category_only(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(responses=[[
        add("health", "allergic to penicillin"), add("health", "allergic to penicillin."),
        add("preference", "allergic to penicillin"),  # other category: not merged
        {"op": "strengthen", "ref": "D1"}, {"op": "strengthen", "ref": "D1"},
    ]])
    memory = make_memory(llm)
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    out = memory.remember(user_id, "Penicillin allergy, and yes still Berlin")
    assert [a.op for a in out.applied] == ["add_durable", "add_durable", "strengthen"]
    assert sorted(f.category for f in memory.facts.list(user_id)) == ["health", "identity", "preference"]
    assert memory.facts.list(user_id, category="identity")[0].confidence == 0.8


def _pairs() -> list[dict]:
    return eval_cases("dedup_pairs.jsonl")


@needs_eval
@pytest.mark.parametrize("threshold, min_caught", [(0.92, 1), (0.85, 4)])
def test_eval_dedup_pairs_never_merge_different_facts(make_memory, threshold: float, min_caught: int) -> None:
    """shared/eval/dedup_pairs.jsonl through the real write-time check (MiniLM + guard)."""
    memory = make_memory(config=FactMemoryConfig(write=WriteConfig(dedup_threshold=threshold)))
    caught, false_merges = 0, []
    for pair in _pairs():
        uid = f"pair-{uuid.uuid4().hex}"
        memory.facts.add(uid, pair["a"], kind="durable", category="preference")
        merged = memory.facts.add(uid, pair["b"], kind="durable", category="preference").op == "strengthen"
        if pair["same"]:
            caught += merged
        elif merged:
            false_merges.append(pair)
    assert false_merges == []
    assert caught >= min_caught


@needs_eval
def test_claims_conflict_on_eval_pairs() -> None:
    for pair in _pairs():
        if not pair["same"]:
            assert claims_conflict(pair["a"], pair["b"]) or pair["a"].split()[-1] != pair["b"].split()[-1]


def _categorization() -> list[dict]:
    return eval_cases("categorization.jsonl")


@pytest.mark.parametrize("case", _categorization(), ids=lambda c: c["message"][:30])
def test_eval_categorization_through_the_pipeline(make_memory, user_id: str, case: dict) -> None:
    """The labelled ops, as a scripted model would return them, land as the labelled facts.

    This checks the pipeline (schema, validation, kinds, fields, verification), not model quality:
    see ``benchmarks/eval_extraction.py`` for scoring a real model on the same file.
    """
    ops = []
    for i, exp in enumerate(case["expect"]):
        fields = [{"key": k, "value": v} for k, v in (exp.get("structured_fields") or {}).items()]
        ops.append(add(exp["category"], f"{case['message']} ({exp['category']} {i})", kind=exp["kind"],
                       fields=fields, verification_status=exp.get("verification_status")))
    memory = make_memory(ScriptedChatModel(responses=[ops]))
    out = memory.remember(user_id, case["message"])
    assert out.rejected == [] and out.llm_calls == 1
    facts = memory.facts.list(user_id)
    assert sorted((f.kind.value, f.category) for f in facts) == sorted((e["kind"], e["category"]) for e in case["expect"])
    for exp in case["expect"]:
        fact = next(f for f in facts if f.category == exp["category"])
        if "verification_status" in exp:
            assert fact.verification_status == exp["verification_status"]
        for k, v in (exp.get("structured_fields") or {}).items():
            assert fact.structured_fields[k] == v


def test_prompt_holds_references_time_taxonomy_and_rules(make_memory, user_id: str, clock: FixedClock) -> None:
    llm = ScriptedChatModel()
    memory = make_memory(llm)
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    memory.facts.add(user_id, "debugging the auth flow", kind="current", category="working_on")
    memory.remember(user_id, "I moved here last March", context=[AIMessage("Where do you live?")])
    system, human = llm.calls[0]
    assert 'D1 [identity] "lives in Berlin"' in human.content
    assert 'C1 [working_on] "debugging the auth flow" (since 2026-03-02)' in human.content
    assert "Message time: 2026-03-02T09:00+00:00" in human.content
    assert 'assistant: "Where do you live?"' in human.content  # earlier turns are quoted
    for needle in ("life_event", "schedule_context", "a strengthen of it", "and-test", "Never invent", "reclassify"):
        assert needle in system.content


def test_retrieve_shows_at_most_15_of_each_kind(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel()
    memory = make_memory(llm)
    for i in range(20):
        memory.facts.add(user_id, f"likes hobby {i}", kind="durable", category="preference")
        memory.facts.add(user_id, f"working on task {i}", kind="current", category="working_on")
    memory.remember(user_id, "hobbies and tasks")
    prompt = llm.calls[0][-1].content
    assert "D15 " in prompt and "D16 " not in prompt and "C15 " in prompt and "C16 " not in prompt


# ---------------------------------------------------------------- bad input, nothing half-applied

def test_malformed_json_fails_cleanly_and_retry_works(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(responses=['{"ops": [{"op": "add_durable", ', [add("identity", "lives in Berlin")]])
    memory = make_memory(llm)
    before = snapshot(memory, user_id)
    with pytest.raises(ExtractionError, match="malformed JSON"):
        memory.remember(user_id, "I live in Berlin", message_id="m1")
    assert snapshot(memory, user_id) == before
    out = memory.remember(user_id, "I live in Berlin", message_id="m1")
    assert [a.claim for a in out.applied] == ["lives in Berlin"]


@pytest.mark.parametrize("bad", [{"not_ops": []}, {"ops": "nope"}, "[]", ""])
def test_wrong_shape_is_rejected(make_memory, user_id: str, bad) -> None:
    memory = make_memory(ScriptedChatModel(responses=[bad]))
    with pytest.raises(ExtractionError):
        memory.remember(user_id, "hello there, I live in Berlin")
    assert memory.facts.list(user_id) == []


def test_model_error_and_timeout_apply_nothing(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(responses=[TimeoutError("read timed out"), RuntimeError("HTTP 500"),
                                       [add("identity", "lives in Berlin")]])
    memory = make_memory(llm)
    for _ in range(2):
        with pytest.raises(ExtractionError, match="model call failed"):
            memory.remember(user_id, "I live in Berlin", message_id="m1")
    assert memory.facts.list(user_id) == [] and memory.admin.stats(user_id)["messages"] == 0
    assert memory.remember(user_id, "I live in Berlin", message_id="m1").applied[0].op == "add_durable"


def test_bad_ops_are_rejected_one_by_one(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(responses=[[
        add("hobby", "plays chess"),                      # unknown category
        add("feeling", "tired", kind="durable"),           # category of the other kind
        {"op": "strengthen", "ref": "D7"},                 # reference never shown
        {"op": "strengthen", "ref": "3f1c0b8e-0000-4000-8000-000000000000"},  # invented id
        {"op": "explode"},                                  # unknown op
        add("identity", ""),                                # empty claim
        add("identity", "x" * 1000),                        # over-long claim
        add("identity", "lives in Berlin"),                # the one good op
    ]])
    memory = make_memory(llm)
    out = memory.remember(user_id, "I live in Berlin and play chess")
    assert [a.claim for a in out.applied] == ["lives in Berlin"]
    reasons = [r.reason for r in out.rejected]
    assert len(reasons) == 7
    assert "category" in reasons[0] and "not a durable category" in reasons[1]
    assert "was not shown in the prompt" in reasons[2] and "was not shown in the prompt" in reasons[3]
    assert "op" in reasons[4] and "non-empty claim" in reasons[5] and "longer than" in reasons[6]


def test_thousands_of_ops_are_truncated(make_memory, user_id: str) -> None:
    ops = [add("preference", f"likes thing number {i}") for i in range(3000)]
    memory = make_memory(ScriptedChatModel(responses=[ops]), config=FactMemoryConfig(write=WriteConfig(max_ops=24)))
    out = memory.remember(user_id, "I like many things")
    assert len(out.applied) == 24 and len(out.rejected) == 1
    assert "max_ops=24" in out.rejected[0].reason and "2976 dropped" in out.rejected[0].reason
    stored = memory.store.processed_outcomes(user_id, [out.message_id])[out.message_id]
    assert len(stored.model_dump_json()) < 10_000  # bounded, whatever the model returned


def test_empty_message_makes_no_model_call(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel()
    memory = make_memory(llm)
    assert memory.remember(user_id, "   \n ").skipped == "empty message"
    assert llm.calls == []


def test_huge_message_is_truncated_and_any_script_works(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(default=[add("identity", "住在东京 🗼 يعيش في طوكيو")])
    memory = make_memory(llm)
    huge = "I live in Tokyo. " + "blah " * 20_000 + " My sister is Mia."
    assert len(huge) > 100_000
    out = memory.remember(user_id, huge)
    prompt = llm.calls[0][-1].content
    assert len(prompt) < 10_000 and "I live in Tokyo" in prompt and "My sister is Mia." in prompt
    assert out.applied[0].op == "add_durable"
    memory.remember(user_id, "我住在东京。أنا أعيش في طوكيو. Ich wohne in Tokio 🗼")
    assert memory.facts.list(user_id)[0].claim == "住在东京 🗼 يعيش في طوكيو"


def test_failure_mid_apply_leaves_store_unchanged_and_retry_applies_once(
    make_memory, user_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ops = [add("identity", "lives in Berlin"), add("relationship", "has a sister Mia"), add("goal", "wants to run a marathon")]
    llm = ScriptedChatModel(default=ops)
    memory = make_memory(llm)
    memory.facts.add(user_id, "prefers tea", kind="durable", category="preference")
    before = snapshot(memory, user_id)
    # The three adds are inserted in one round trip, then each is audited (``_inserted``): the
    # failure comes after the first op is written and audited.
    real = FactStore._inserted
    calls = {"n": 0}

    def flaky(self, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 2:
            raise ConnectionError("injected failure after the first op")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(FactStore, "_inserted", flaky)
    with pytest.raises(ConnectionError):
        memory.remember(user_id, "Berlin, Mia, marathon", message_id="m-42")
    assert calls["n"] == 2 and snapshot(memory, user_id) == before

    monkeypatch.setattr(FactStore, "_inserted", real)
    out = memory.remember(user_id, "Berlin, Mia, marathon", message_id="m-42")
    assert len(out.applied) == 3
    again = memory.remember(user_id, "Berlin, Mia, marathon", message_id="m-42")
    assert again.already_processed and again.applied == out.applied and again.llm_calls == 0
    assert len(memory.facts.list(user_id)) == 4 and len(llm.calls) == 2  # failed run + retry; none on replay


@pytest.mark.parametrize("pipelined", [True, False], ids=["pipelined", "libpq-without-pipeline"])
def test_a_failing_statement_whose_result_is_not_read_still_rolls_back_the_message(
    make_memory, user_id: str, monkeypatch: pytest.MonkeyPatch, pipelined: bool
) -> None:
    # apply runs in pipeline mode: audit rows are sent without waiting for the server, so a
    # server-side error surfaces later in the transaction. It must still undo the whole message.
    monkeypatch.setattr(_driver, "PIPELINE_SUPPORTED", pipelined and _driver.PIPELINE_SUPPORTED)
    llm = ScriptedChatModel(default=[add("identity", "lives in Berlin"), add("relationship", "has a sister Mia")])
    memory = make_memory(llm)
    memory.facts.add(user_id, "prefers tea", kind="durable", category="preference")
    before, messages = snapshot(memory, user_id), memory.admin.stats(user_id)["messages"]
    real = FactStore._audit
    calls = {"n": 0}

    def failing_audit(self, **kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            yield from execute("SELECT 1 / 0")  # fails on the server, result never read
            return
        yield from real(self, **kwargs)

    monkeypatch.setattr(FactStore, "_audit", failing_audit)
    with pytest.raises(StoreError, match="division by zero"):
        memory.remember(user_id, "Berlin and Mia", message_id="p-1")
    assert snapshot(memory, user_id) == before
    out = memory.remember(user_id, "Berlin and Mia", message_id="p-1")  # retried: applies once
    assert [a.op for a in out.applied] == ["add_durable", "add_durable"]
    assert len(memory.facts.list(user_id)) == 3 and memory.admin.stats(user_id)["messages"] == messages + 1


def test_eight_concurrent_writers_strengthen_exactly(make_memory, user_id: str) -> None:
    config = FactMemoryConfig(write=WriteConfig(strengthen_step=0.03))
    memory = make_memory(ScriptedChatModel(default=[{"op": "strengthen", "ref": "D1"}]), config=config)
    fid = memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity").fact_id
    with ThreadPoolExecutor(8) as pool:
        outs = list(pool.map(lambda i: memory.remember(user_id, f"still in Berlin ({i})", message_id=f"w{i}"), range(8)))
    assert all(o.applied[0].op == "strengthen" for o in outs)
    fact = memory.facts.get(user_id, fid)
    assert fact.confidence == 0.94  # 0.7 + 8 x 0.03, no lost update
    assert sorted(fact.evidence_message_ids[1:]) == sorted(f"w{i}" for i in range(8))
    # Capped at 1.0.
    for i in range(10):
        memory.remember(user_id, f"Berlin forever {i}")
    assert memory.facts.get(user_id, fid).confidence == 1.0


def test_same_message_concurrently_applies_once(make_memory, user_id: str) -> None:
    memory = make_memory(ScriptedChatModel(default=[add("identity", "lives in Berlin")]))
    with ThreadPoolExecutor(4) as pool:
        outs = list(pool.map(lambda _: memory.remember(user_id, "I live in Berlin", message_id="dup"), range(4)))
    assert len(memory.facts.list(user_id)) == 1
    assert sum(not o.already_processed for o in outs) == 1


async def test_aremember_is_the_async_twin(make_memory, user_id: str) -> None:
    memory = make_memory(ScriptedChatModel(default=[add("identity", "lives in Berlin")]))
    out = await memory.aremember(user_id, "I live in Berlin", message_id="a1")
    assert out.applied[0].claim == "lives in Berlin"
    assert (await memory.aremember(user_id, "I live in Berlin", message_id="a1")).already_processed
    assert [f.claim for f in await memory.facts.alist(user_id)] == ["lives in Berlin"]


# ---------------------------------------------------------------- as a subgraph

class ChatState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    memory_outcome: object


def test_write_graph_runs_beside_the_reply_in_a_parent_graph(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(default=[add("identity", "lives in Berlin")])
    memory = make_memory(llm)

    def agent(state: ChatState) -> dict:
        return {"messages": [AIMessage("Nice, Berlin!")]}

    builder = StateGraph(ChatState)
    builder.add_node("agent", agent)
    builder.add_node("remember", memory.write_graph(on_error="log"))
    builder.add_edge(START, "agent")
    builder.add_edge(START, "remember")  # fan-out: memory runs in parallel with the reply
    graph = builder.compile()
    result = graph.invoke({"messages": [HumanMessage("I live in Berlin", id="h1")]},
                          {"configurable": {"user_id": user_id}})
    assert [m.content for m in result["messages"]] == ["I live in Berlin", "Nice, Berlin!"]
    assert result["memory_outcome"]["applied"][0]["claim"] == "lives in Berlin"
    # The same state again (e.g. a re-run) does not apply twice or call the model again.
    graph.invoke({"messages": [HumanMessage("I live in Berlin", id="h1")]}, {"configurable": {"user_id": user_id}})
    assert len(memory.facts.list(user_id)) == 1 and len(llm.calls) == 1


def test_write_graph_in_a_parent_without_outcome_key(make_memory, user_id: str) -> None:
    class Plain(TypedDict):
        messages: Annotated[list[AnyMessage], add_messages]

    memory = make_memory(ScriptedChatModel(default=[add("identity", "lives in Berlin")]))
    builder = StateGraph(Plain)
    builder.add_node("remember", memory.write_graph())
    builder.add_edge(START, "remember")
    builder.compile().invoke({"messages": [HumanMessage("I live in Berlin")]}, {"configurable": {"user_id": user_id}})
    assert [f.claim for f in memory.facts.list(user_id)] == ["lives in Berlin"]


def test_user_id_from_runtime_context(make_memory, user_id: str) -> None:
    @dataclass
    class Context:
        user_id: str

    memory = make_memory(ScriptedChatModel(default=[add("identity", "lives in Berlin")]))
    builder = StateGraph(ChatState, context_schema=Context)
    builder.add_node("remember", memory.write_graph())
    builder.add_edge(START, "remember")
    builder.compile().invoke({"messages": [HumanMessage("I live in Berlin")]}, context=Context(user_id=user_id))
    assert len(memory.facts.list(user_id)) == 1


def test_missing_user_id_is_a_clear_error(make_memory) -> None:
    memory = make_memory()
    with pytest.raises(Exception, match="no user id"):
        memory.write_graph().invoke({"messages": [HumanMessage("hi")]})


def test_on_error_log_never_breaks_the_reply(make_memory, user_id: str) -> None:
    memory = make_memory(ScriptedChatModel(responses=[RuntimeError("provider down")]))
    result = memory.write_graph(on_error="log").invoke(
        {"messages": [HumanMessage("I live in Berlin", id="x")]}, {"configurable": {"user_id": user_id}})
    assert "provider down" in result["memory_outcome"]["error"]
    assert memory.admin.stats(user_id)["messages"] == 0  # retryable


def test_extract_every_n_messages_batches(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(default=[add("identity", "lives in Berlin"), add("relationship", "has a sister Mia")])
    memory = make_memory(llm, config=FactMemoryConfig(write=WriteConfig(extract_every=3)))
    graph = memory.write_graph()
    cfg = {"configurable": {"user_id": user_id}}
    history: list[AnyMessage] = []
    outcomes = []
    for i, text in enumerate(["I live in Berlin", "my sister is Mia", "she visits often"]):
        history.append(HumanMessage(text, id=f"b{i}"))
        outcomes.append(ApplyOutcome.model_validate(graph.invoke({"messages": list(history)}, cfg)["memory_outcome"]))
        history.append(AIMessage("ok", id=f"a{i}"))
    assert [o.skipped for o in outcomes[:2]] == ["batching: 1 of 3 messages", "batching: 2 of 3 messages"]
    assert len(outcomes[2].applied) == 2 and len(llm.calls) == 1
    assert "I live in Berlin\nmy sister is Mia\nshe visits often" in llm.calls[0][-1].content
    assert set(memory.store.processed_outcomes(user_id, ["b0", "b1", "b2"])) == {"b0", "b1", "b2"}


@needs_eval
def test_eval_harness_scores_an_oracle_perfectly_and_an_empty_model_at_zero(make_memory, monkeypatch) -> None:
    """The harness in benchmarks/eval_extraction.py is ready for a real model."""
    import importlib.util
    from pathlib import Path

    from fact_memory_graph.evaluation import evaluate, load_cases

    bench_dir = Path(__file__).resolve().parents[1] / "benchmarks"
    monkeypatch.syspath_prepend(str(bench_dir))  # the scripts import their _common helpers
    script = bench_dir / "eval_extraction.py"
    spec = importlib.util.spec_from_file_location("eval_extraction", script)
    cases = load_cases(EVAL / "categorization.jsonl")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    perfect = evaluate(make_memory(module.oracle(cases)), cases)
    assert (perfect.precision, perfect.recall, perfect.exact_cases) == (1.0, 1.0, len(cases))
    empty = evaluate(make_memory(ScriptedChatModel()), cases)
    assert empty.recall == 0.0 and empty.exact_cases == 1  # only the question with no facts
    broken = evaluate(make_memory(ScriptedChatModel(default="{not json")), cases)
    assert broken.exact_cases == 0 and all(c.error for c in broken.cases)  # errors never count as right


def _schemas() -> dict:
    from fact_memory_graph.config import CustomCategory
    from fact_memory_graph.evaluators import default_evaluators, extraction_schema
    from fact_memory_graph.inference import DailyReview
    from fact_memory_graph.ops import ExtractedOps
    from fact_memory_graph.taxonomy import Taxonomy

    custom = Taxonomy.of((CustomCategory(name="plan_tier", kind="durable", description="free or pro"),))
    return {"facts only": ExtractedOps, "default evaluators": extraction_schema(evaluators=default_evaluators()),
            "custom categories": extraction_schema(custom, default_evaluators()), "nightly review": DailyReview}


@pytest.mark.parametrize("name", list(_schemas()))
def test_op_schema_is_accepted_by_openai_strict_mode(name: str) -> None:
    """Strict structured outputs: every object closed, every property required, no free-form dicts
    (the facts-only tool, the default one with its evaluators, one with a custom category, the
    nightly review's)."""
    from langchain_core.utils.function_calling import convert_to_openai_tool

    model = _schemas()[name]
    schema = convert_to_openai_tool(model, strict=True)["function"]["parameters"]
    assert convert_to_openai_tool(model)["function"]["name"] == model.__name__

    def check(node: dict, path: str) -> None:
        if node.get("type") == "object":
            assert node.get("additionalProperties") is False, path
            assert set(node.get("required", [])) == set(node["properties"]), path
            for name, sub in node["properties"].items():
                check(sub, f"{path}.{name}")
        for key in ("items",):
            if key in node:
                check(node[key], f"{path}[]")
        for sub in node.get("anyOf", []):
            check(sub, path)

    check(schema, name)
    assert "$ref" not in json.dumps(schema)  # dereferenced: the checks above saw every object


def test_embedder_returning_wrong_dimensions_is_a_clear_error(db_url: str, user_id: str) -> None:
    from langchain_core.embeddings import Embeddings

    from fact_memory_graph import DimensionMismatchError

    class Inconsistent(Embeddings):
        def embed_query(self, text: str) -> list[float]:
            return [0.05] * 384

        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return [[0.05] * 383 for _ in texts]

    llm = ScriptedChatModel(default=[add("identity", "lives in Berlin")])
    # setup=False: the shared test database was embedded by MiniLM (the open would refuse this embedder).
    with FactMemory.open(db_url, embeddings=Inconsistent(), llm=llm, setup=False) as memory:
        with pytest.raises(DimensionMismatchError, match="384-dimensional.*383-dimensional"):
            memory.remember(user_id, "I live in Berlin", message_id="d1")
        assert memory.facts.list(user_id) == [] and llm.calls == []


def test_a_failed_extraction_is_retried_on_the_next_turn(make_memory, user_id: str, caplog) -> None:
    """Friction 1 of issue 11: with on_error="log" a timed-out message used to be lost for good."""
    import logging

    llm = ScriptedChatModel(responses=[
        TimeoutError("model timed out"),
        [add("health", "allergic to penicillin")],
        [add("preference", "likes jazz")],
    ])
    memory = make_memory(llm)
    graph = memory.write_graph(on_error="log")
    config = {"configurable": {"user_id": user_id}}
    first = HumanMessage("I'm allergic to penicillin", id="h1")
    with caplog.at_level(logging.WARNING, logger="fact_memory_graph"):
        out = graph.invoke({"messages": [first]}, config)
    assert out["memory_outcome"]["error"] and memory.facts.list(user_id) == []
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING and "retried" in r.message]
    assert len(warnings) == 1 and "\n" not in warnings[0].getMessage()  # one line, no traceback
    out = graph.invoke({"messages": [first, AIMessage("Noted."), HumanMessage("I like jazz", id="h2")]}, config)
    assert out["memory_outcome"]["message_id"] == "h2" and len(llm.calls) == 3
    assert sorted(f.claim for f in memory.facts.list(user_id)) == ["allergic to penicillin", "likes jazz"]
    again = graph.invoke({"messages": [first, HumanMessage("I like jazz", id="h2")]}, config)
    assert again["memory_outcome"]["already_processed"] and len(llm.calls) == 3  # nothing twice


def test_remember_treats_context_as_context(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(default=[add("identity", "lives in Berlin")])
    memory = make_memory(llm)
    memory.remember(user_id, "I live in Berlin", context=[HumanMessage("hi"), AIMessage("hello")])
    assert len(llm.calls) == 1 and len(memory.facts.list(user_id)) == 1


def test_a_missing_model_fails_once_at_write_graph(db_url: str, embeddings, monkeypatch) -> None:
    from fact_memory_graph import ConfigurationError

    for var in ("FACT_MEMORY_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    with FactMemory.open(db_url, embeddings=embeddings) as memory:
        with pytest.raises(ConfigurationError, match="no chat model") as info:
            memory.write_graph(on_error="log")
        assert "\n" not in str(info.value)
        with pytest.raises(ConfigurationError, match="no chat model"):
            memory.remember("u", "hello")
        report = memory.upkeep.compact("u")  # issue 21: reconciles what needs no judgement, says why the rest waits
        assert report.model_calls == 0
        memory.facts.add("u-no-model", "lives in Berlin", kind="durable", category="identity")  # no model needed
