"""Forgetting from the conversation, through the real write path (embedded Postgres, real
embeddings, the scripted chat model):

- the ``forget`` op a model proposes (issue 43 item 2): ``previous``, ``this``, a fact of the
  user's recent turns — in words the phrase lists do not know;
- "X, please don't remember that" forgets X and only X (issue 45 item 4);
- implicit privacy markers keep nothing of their message (issue 45 item 3, seed 001 R19);
- "forget what I said about my health" without a model purges the facts it names."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory
from fact_memory_graph.testing import ScriptedChatModel, prompt_message
from tests.test_forget_final import offline, place, tables_holding
from tests.test_privacy import _graph_turns

# Swahili: none of the phrase lists knows it, so only a model can act on these.
FORGET_PREVIOUS = "Tafadhali sahau nilichosema sasa hivi"
FORGET_HEALTH = "Sahau nilichosema kuhusu afya yangu"


def _ref_of(messages: Any, claim: str) -> str | None:
    m = re.search(rf'^([DC]\d+) \[[^\]]+\] "{re.escape(claim)}"', str(messages[-1].content), re.MULTILINE)
    return m.group(1) if m else None


def extractor(city: str) -> ScriptedChatModel:
    """Stores what it is told; answers the Swahili and Swedish requests with forget ops."""
    def extract(messages: Any) -> list[dict[str, Any]]:
        said = prompt_message(messages)
        if said == FORGET_PREVIOUS:
            return [{"op": "forget", "ref": "previous"}]
        if said == FORGET_HEALTH:
            return [{"op": "forget", "ref": ref} for ref in [_ref_of(messages, "has asthma")] if ref]
        ops = []
        if "asthma" in said:
            ops.append({"op": "add_durable", "category": "health", "claim": "has asthma"})
        if m := re.search(r"I live in (\w+)", said):
            ops.append({"op": "add_durable", "category": "identity", "claim": f"lives in {m.group(1)}"})
        if "hiking" in said:
            ops.append({"op": "add_durable", "category": "preference", "claim": "loves hiking"})
        if re.search(r"\btea\b", said):  # a word: "Zorblat" + "ea29…" (a random place) holds "tea"
            ops.append({"op": "add_durable", "category": "preference", "claim": "likes tea"})
        if city in said and "Amani" in said:  # Swahili: "engaged to Amani in <city>, but don't remember that"
            ops += [{"op": "add_durable", "category": "relationship", "claim": f"engaged to Amani in {city}"},
                    {"op": "forget", "ref": "this"}]
        if "stannar mellan oss" in said:  # Swedish: "this stays between us"
            ops += [{"op": "add_durable", "category": "business_role", "claim": f"looking for a job in {city}"},
                    {"op": "forget", "ref": "this"}]
        return ops
    return ScriptedChatModel(default=extract)


def claims(memory: FactMemory, user_id: str) -> list[str]:
    return sorted(f.claim for f in memory.facts.list(user_id))


@pytest.mark.parametrize("mode", ["sync", "queued"])
def test_x_please_dont_remember_that_forgets_x_and_only_x(make_memory, db_url: str, user_id: str,
                                                         mode: str) -> None:
    """Issue 45 item 4: the turn before keeps its facts; X is in no table."""
    city, secret = place(), place()
    memory = make_memory(extractor(city), config=offline())
    _graph_turns(memory, user_id, mode, [f"I live in {city}.", f"I love hiking in {secret}, but please don’t remember that",
                                         "I like tea"], resend=True)
    assert claims(memory, user_id) == sorted([f"lives in {city}", "likes tea"])
    assert tables_holding(db_url, secret, user_id) == []


@pytest.mark.parametrize("mode", ["sync", "queued"])
def test_the_models_forget_previous_in_a_language_the_phrases_do_not_know(make_memory, user_id: str,
                                                                         mode: str) -> None:
    city = place()
    llm = extractor(city)
    memory = make_memory(llm, config=offline())
    _graph_turns(memory, user_id, mode, [f"I live in {city}.", "I like tea", FORGET_PREVIOUS, "I love hiking"],
                 resend=True)
    assert claims(memory, user_id) == sorted([f"lives in {city}", "loves hiking"])
    assert any(prompt_message(c) == FORGET_PREVIOUS for c in llm.calls)  # the model decided, not a pattern
    forgotten = [m["outcome"]["forgotten"] for m in memory.export(user_id)["processed_messages"]
                 if (m["outcome"] or {}).get("forgotten")]
    assert forgotten and all(f == {"purged": 1, "unlinked": 0, "candidates": 0} for f in forgotten)


@pytest.mark.parametrize("mode", ["sync", "queued"])
def test_the_models_forget_this_keeps_nothing_of_the_message_and_leaves_the_turn_before(
        make_memory, db_url: str, user_id: str, mode: str) -> None:
    city = place()
    memory = make_memory(extractor(city), config=offline())
    _graph_turns(memory, user_id, mode, ["I like tea", f"Nimechumbiwa na Amani huko {city}, lakini usikumbuke hilo"],
                 resend=True)
    assert claims(memory, user_id) == ["likes tea"]
    declined = [m["outcome"] for m in memory.export(user_id)["processed_messages"]
                if any(r["reason"].startswith("the user asked") for r in (m["outcome"] or {}).get("rejected", []))]
    assert declined and all(o["applied"] == [] for o in declined)
    assert tables_holding(db_url, city, user_id) == []  # not the fact, not the log, not the outcome


def test_with_forgetting_off_the_models_forget_op_is_rejected_with_a_reason(make_memory, user_id: str) -> None:
    from fact_memory_graph import FactMemoryConfig, WriteConfig

    city = place()
    memory = make_memory(extractor(city), config=FactMemoryConfig(write=WriteConfig(honour_do_not_remember=False)))
    memory.remember(user_id, f"I live in {city}", message_id="o1")
    outcome = memory.remember(user_id, FORGET_PREVIOUS, message_id="o2",
                              context=[HumanMessage(f"I live in {city}", id="o1")])
    assert claims(memory, user_id) == [f"lives in {city}"] and outcome.forgotten == {}
    assert any("honour_do_not_remember=False" in r.reason for r in outcome.rejected)


def test_the_models_forget_of_a_fact_reaches_recent_turns_only(make_memory, user_id: str) -> None:
    city = place()
    memory = make_memory(extractor(city), config=offline())
    _graph_turns(memory, user_id, "sync", [f"I have asthma and I live in {city}.", FORGET_HEALTH], resend=True)
    assert claims(memory, user_id) == [f"lives in {city}"]
    # An old fact (not stated in the turns shown) cannot be forgotten by the op: rejected, kept.
    other = "u2-" + user_id
    memory.facts.add(other, "has asthma", kind="durable", category="health")
    outcome = memory.remember(other, FORGET_HEALTH, message_id="f1",
                              context=[HumanMessage("I like tea", id="t0")])
    assert claims(memory, other) == ["has asthma"]
    assert any("recent turns" in r.reason for r in outcome.rejected)
    memory.forget(other)


def test_remember_without_context_the_models_forget_previous_reaches_the_last_processed_message(
        make_memory, user_id: str) -> None:
    city = place()
    memory = make_memory(extractor(city))
    memory.remember(user_id, f"I live in {city}", message_id="r1")
    memory.remember(user_id, "I like tea", message_id="r2")
    outcome = asyncio.run(memory.aremember(user_id, FORGET_PREVIOUS, message_id="r3"))
    assert outcome.forgotten["purged"] == 1
    assert claims(memory, user_id) == [f"lives in {city}"]


@pytest.mark.parametrize("mode", ["sync", "queued"])
def test_forget_what_i_said_about_my_health_without_a_model(make_memory, user_id: str, mode: str) -> None:
    city = place()
    llm = extractor(city)
    memory = make_memory(llm, config=offline())
    _graph_turns(memory, user_id, mode, ["I have asthma.", f"I live in {city}.",
                                         "Can you forget what I said about my health, thanks"], resend=True)
    assert claims(memory, user_id) == [f"lives in {city}"]
    assert not any("my health" in prompt_message(c) for c in llm.calls)  # no model call for it


@pytest.mark.parametrize("mode", ["sync", "queued"])
def test_an_implicit_privacy_marker_keeps_nothing_of_its_message(make_memory, db_url: str, user_id: str,
                                                                 mode: str) -> None:
    """Seed 001 R19: "between you and me, X" (in a language the phrases know: no model call) and a
    marker only a model recognises (Swedish) both keep nothing of their message; the turn before
    keeps its facts."""
    city, job = place(), place()
    llm = extractor(job)
    memory = make_memory(llm, config=offline())
    _graph_turns(memory, user_id, mode, [f"I live in {city}.", f"Between you and me, I love hiking in {job}",
                                         f"Det här stannar mellan oss: jag söker jobb i {job}", "I like tea"],
                 resend=True)
    assert claims(memory, user_id) == sorted([f"lives in {city}", "likes tea"])
    assert tables_holding(db_url, job, user_id) == []
    assert not any("Between you and me" in prompt_message(c) for c in llm.calls)


def test_the_request_is_read_once_per_message(make_memory, user_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The embed node reads the phrase lists once and carries the answer in the write state;
    extract does not read them again (the embed node reads them through fact_memory_graph.threads,
    which calls the module's function)."""
    import fact_memory_graph.forgetting as forgetting

    seen: list[str] = []
    real = forgetting.asks_to_forget

    def counting(text: str):
        seen.append(text)
        return real(text)

    monkeypatch.setattr(forgetting, "asks_to_forget", counting)
    memory = make_memory(ScriptedChatModel(default=[{"op": "add_durable", "category": "identity",
                                                     "claim": "lives in Oslo"}]))
    memory.remember(user_id, "I live in Oslo")
    out = memory.remember(user_id, "Can you forget what I just said?")
    assert seen == ["I live in Oslo", "Can you forget what I just said?"]
    assert out.forgotten and memory.facts.list(user_id) == []
