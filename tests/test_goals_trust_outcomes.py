"""The goal and trust evaluators (off by default, on by a config switch) and the outcome metrics
for "is context repeated less?" and "is stale information bleeding into replies?", through the
README's graph layout, the nightly review and the correction settlement."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from fact_memory_graph import EvaluatorConfig, FactMemoryConfig, QueueConfig
from fact_memory_graph.digest import digest_from, digest_markdown
from fact_memory_graph.evaluators import trust_at
from fact_memory_graph.formatting import read_shown
from fact_memory_graph.testing import FixedClock, ScriptedChatModel, prompt_message
from tests.test_queue import readme_graph

OFF = FactMemoryConfig(queue=QueueConfig(drainer="off"))


def _extractor(by_end: dict[str, dict]) -> ScriptedChatModel:
    """Answers each extraction by how the newest message ends; the review by its system prompt."""
    def answer(messages):
        said = prompt_message(messages)
        return next((out for end, out in by_end.items() if said.rstrip().endswith(end)), {"ops": []})

    return ScriptedChatModel(default=answer)


# --------------------------------------------------------------------------- outcome metrics
def test_restated_and_stale_facts_shown_to_replies_are_measured(make_memory, user_id: str,
                                                                clock: FixedClock) -> None:
    """Turn 2's reply is shown what turn 1 stored, 60 days later: the state is stale by then.
    Turn 3 restates a fact that reply was shown: one repetition. Health, the digest and the
    CLI's numbers come from the same records."""
    llm = _extractor({
        "I live in Lyon and I'm exhausted.": {"ops": [
            {"op": "add_durable", "category": "identity", "claim": "lives in Lyon"},
            {"op": "add_current", "category": "physical_state", "claim": "is exhausted"}]},
        "Like I said, I live in Lyon.": {"ops": [
            {"op": "add_durable", "category": "identity", "claim": "lives in Lyon"}]},
    })
    memory = make_memory(llm, config=OFF)
    graph = readme_graph(memory, [], checkpointer=InMemorySaver())
    config = {"configurable": {"user_id": user_id, "thread_id": "t"}}
    graph.invoke({"messages": [HumanMessage("I live in Lyon and I'm exhausted.")]}, config)
    memory.flush(user_id)
    clock.advance(days=60)
    state = graph.invoke({"messages": [HumanMessage("Am I still exhausted, living in Lyon?")]}, config)
    memory.flush(user_id)
    shown = state["memory_context"]
    assert re.search(r'^- \[physical_state\] as of .*: "is exhausted"$', shown, re.MULTILINE)
    assert '- [identity] "lives in Lyon"' in shown
    seen = read_shown(shown)
    assert (seen.facts, seen.stale) == (2, 1)
    clock.advance(minutes=5)
    graph.invoke({"messages": [HumanMessage("Like I said, I live in Lyon.")]}, config)
    memory.flush(user_id)

    exposure = [e["output"] for e in memory.evaluations.outputs(user_id, "exposure")]
    # Newest first: turn 3 (shown the two facts, restated one), turn 2 (its reply before was shown nothing).
    assert exposure == [{"facts_shown": 2, "stale_shown": 1, "repeated": 1},
                        {"facts_shown": 0, "stale_shown": 0, "repeated": 0}]
    lyon = next(f for f in memory.facts.list(user_id) if f.claim == "lives in Lyon")
    assert lyon.confidence > 0.7  # the restatement strengthened it
    report = memory.upkeep.health(user_id)
    assert (report.repeated_facts, report.repetition_per_user_week, report.stale_shown_share) == (1, 1.0, 0.5)
    # The digest's figures for this user's week, built as the weekly job builds them (not stored:
    # the digest table is the whole store's).
    week = memory.upkeep.health(user_id, at=clock.now, since=timedelta(days=7))
    digest = digest_from(week, 0, clock.now, None)
    assert digest.outcomes["repeated_facts"] == 1 and digest.outcomes["stale_shown_share"] == 0.5
    text = digest_markdown(digest)
    assert "- facts restated after being shown: 1 (1 per active user)" in text
    assert "- stale facts among those shown: 50%" in text
    memory.forget(user_id)


def test_a_restatement_of_a_fact_not_shown_is_no_repetition(make_memory, user_id: str) -> None:
    """The user says a known fact again, but the previous reply was not shown it: the memory did
    not fail to use it, so nothing counts as repeated."""
    llm = _extractor({"I live in Lyon.": {"ops": [{"op": "add_durable", "category": "identity",
                                                   "claim": "lives in Lyon"}]}})
    memory = make_memory(llm, config=OFF)
    node, config = memory.write_node(), {"configurable": {"user_id": user_id}}
    node.invoke({"messages": [HumanMessage("I live in Lyon.", id="h1")]}, config)
    memory.flush(user_id)
    other = '## What I know about you\n- [health] "allergic to nuts"'
    node.invoke({"messages": [HumanMessage("I live in Lyon.", id="h1"), HumanMessage("I live in Lyon.", id="h2")],
                 "memory_context": other}, config)
    memory.flush(user_id)
    [record] = memory.evaluations.outputs(user_id, "exposure")
    assert record["output"] == {"facts_shown": 1, "stale_shown": 0, "repeated": 0}
    assert memory.upkeep.health(user_id).repeated_facts == 0
    memory.forget(user_id)


def test_read_shown_reads_back_what_the_formatter_wrote() -> None:
    text = ('## What I know about you\n- [identity] "lives in \\"Lyon\\"" (confirmed)\n'
            '- [health] "asthma" (not mentioned since 1 May 2026: ask before relying on this)\n\n'
            '## Earlier, may have changed\n- [feeling] as of 2 May 2026: "tired"\n- [odd] not a quoted claim')
    seen = read_shown(text)
    assert (seen.facts, seen.stale, len(seen.digests)) == (4, 2, 3)
    assert read_shown(None) is None and read_shown("").facts == 0
    # The section is client-supplied state: a hostile one is counted, its digests bounded.
    from fact_memory_graph.formatting import MAX_SHOWN_DIGESTS

    hostile = read_shown("\n".join(f'- [x] "claim {i}"' for i in range(10_000)) + '\n- [x] "unterminated')
    assert hostile.facts == 10_001 and len(hostile.digests) == MAX_SHOWN_DIGESTS


# --------------------------------------------------------------------------- goals
def test_the_environment_switches_the_optional_evaluators_on(monkeypatch) -> None:
    import pytest

    from fact_memory_graph.errors import ConfigurationError
    from fact_memory_graph.settings import config_from_env

    monkeypatch.setenv("FACT_MEMORY_EVALUATORS", "goals, trust")
    assert (config_from_env().evaluators.goals, config_from_env().evaluators.trust) == (True, True)
    monkeypatch.setenv("FACT_MEMORY_EVALUATORS", "goals")
    assert (config_from_env().evaluators.goals, config_from_env().evaluators.trust) == (True, False)
    monkeypatch.setenv("FACT_MEMORY_EVALUATORS", "goals,mood")
    with pytest.raises(ConfigurationError, match="FACT_MEMORY_EVALUATORS"):
        config_from_env()


def test_goals_are_off_by_default_and_on_by_a_switch(make_memory, user_id: str) -> None:
    default = make_memory(ScriptedChatModel(responses=[{"ops": []}]))
    default.remember(user_id, "I want to run a marathon.")
    assert default.evaluations.goals(user_id) == []
    system = str(default.context.llm_factory().calls[0][0].content)
    assert "goals:" not in system and "trust:" not in system
    on = make_memory(ScriptedChatModel(responses=[{"ops": []}]),
                     config=FactMemoryConfig(evaluators=EvaluatorConfig(goals=True, trust=True)))
    on.remember(user_id, "I want to learn Spanish.")
    system = str(on.context.llm_factory().calls[0][0].content)
    assert "goals:" in system and "trust:" in system
    default.forget(user_id)
    on.forget(user_id)


def test_goals_fold_into_the_profile_and_rank_their_facts(make_memory, db_url: str, user_id: str,
                                                          clock: FixedClock) -> None:
    llm = _extractor({
        "I want to run a marathon next spring.": {
            "ops": [{"op": "add_durable", "category": "goal", "claim": "wants to run a marathon"},
                    {"op": "add_durable", "category": "identity", "claim": "lives in Lyon"}],
            "goals": [{"goal": "run a marathon", "status": "set", "note": "next spring"},
                      {"goal": "learn Spanish", "status": "set", "note": ""}]},
        "Ran my first 10k today!": {
            "ops": [{"op": "add_durable", "category": "life_event", "claim": "ran a first 10k"}],
            "goals": [{"goal": "Run a marathon", "status": "progress", "note": "first 10k"}]},
        "I gave up on Spanish.": {"ops": [], "goals": [{"goal": "learn spanish", "status": "abandoned", "note": ""}]},
    })
    memory = make_memory(llm, config=FactMemoryConfig(evaluators=EvaluatorConfig(goals=True)))
    for text in ("I want to run a marathon next spring.", "Ran my first 10k today!", "I gave up on Spanish."):
        memory.remember(user_id, text)
        clock.advance(days=1)
    marathon, spanish = memory.evaluations.goals(user_id)
    assert (marathon.goal, marathon.status, marathon.note, marathon.updates) == ("run a marathon", "progress",
                                                                                 "first 10k", 2)
    assert (spanish.status, spanish.active) == ("abandoned", False)
    assert [g.goal for g in memory.evaluations.goals(user_id, active=True)] == ["run a marathon"]
    profile = memory.facts.profile(user_id)
    assert profile.text.splitlines()[-1].startswith('[Working towards]: "run a marathon" (progress, ')
    assert profile.text.endswith(': "first 10k")') and "Spanish" not in profile.text
    # The recall node's profile section shows it too.
    assert "[Working towards]" in memory.recall(user_id, "how is training going?", include_profile=True)
    ranked = [d.page_content for d in memory.evaluations.goal_facts(user_id, marathon)]
    assert ranked[0] == "wants to run a marathon" and "ran a first 10k" in ranked
    # Export, restore elsewhere, forget: the goal records travel and go with the rest.
    data = memory.export(user_id)
    assert {e["evaluator"] for e in data["evaluations"]} >= {"goals"}
    copy = f"{user_id}-copy"
    memory.restore(data, user_id=copy)
    assert [(g.goal, g.status) for g in memory.evaluations.goals(copy)] == [("run a marathon", "progress"),
                                                                          ("learn Spanish", "abandoned")]
    for who in (user_id, copy):
        memory.forget(who)
        assert memory.evaluations.goals(who) == []


# --------------------------------------------------------------------------- trust
def test_trust_at_counts_inconsistencies_near_a_moment() -> None:
    t = datetime(2026, 3, 1, tzinfo=UTC)
    records = [t - timedelta(days=3), t + timedelta(days=10), t + timedelta(days=90)]
    assert trust_at(records, t) == 0.6
    assert trust_at(records, t + timedelta(days=90)) == 0.8
    assert trust_at(records, t + timedelta(days=200)) == 1.0
    assert trust_at(records * 5, t) == 0.3  # the floor


DOCTOR = {
    "I'm a doctor at the city hospital.": {"ops": [
        {"op": "add_durable", "category": "business_role", "claim": "is a doctor at the city hospital"}]},
    "Honestly, I'm not a doctor, I made that up.": {
        "ops": [{"op": "contradict", "ref": "D1", "claim": "is not a doctor", "category": "business_role"}],
        "trust": {"contradicts": ["D1", "D9"], "reason": "made it up"}},
}


def _review(proposals: list[dict]) -> dict:
    return {"proposals": proposals, "sessions": []}


def test_an_inconsistency_lowers_trust_in_what_is_inferred_and_settled(make_memory, user_id: str,
                                                                       clock: FixedClock) -> None:
    """The trust evaluator names the known fact the user took back (the made-up ref is dropped).
    That period's trust falls to 0.8: the review's inference from it is stored at 0.5 x 0.8; the
    settlement prompt shows each side's trust; with a stricter threshold the inference is refused."""
    inference = {"type": "inference", "claim": "works night shifts", "category": "business_role",
                 "refines": None, "because": ["M1"]}

    def answer(messages):
        if str(messages[0].content).startswith("You review one day"):
            return _review([inference])
        said = prompt_message(messages)
        return next((out for end, out in DOCTOR.items() if said.rstrip().endswith(end)), {"ops": []})

    def run_day(memory, who: str) -> None:
        node, config = memory.write_node(), {"configurable": {"user_id": who}}
        history = []
        for i, text in enumerate(DOCTOR):
            history.append(HumanMessage(text, id=f"h{i}"))
            node.invoke({"messages": list(history)}, config)
            memory.flush(who)

    config = FactMemoryConfig(queue=QueueConfig(drainer="off"), evaluators=EvaluatorConfig(trust=True))
    memory = make_memory(ScriptedChatModel(default=answer), config=config)
    run_day(memory, user_id)
    doctor = next(f for f in memory.facts.list(user_id) if f.claim.startswith("is a doctor"))
    [record] = memory.evaluations.outputs(user_id, "trust")
    assert record["output"] == {"contradicts": [str(doctor.id)], "reason": "made it up"}
    assert memory.evaluations.trust(user_id) == 0.8
    assert memory.evaluations.trust(user_id, clock.now + timedelta(days=60)) == 1.0
    report = memory.review.run(user_id)
    assert report.inferred == 1 and not report.rejected
    inferred = next(f for f in memory.facts.list(user_id) if f.claim == "works night shifts")
    assert inferred.confidence == 0.4
    # The pending correction ("is not a doctor") is settled with each side's trust in the prompt.
    judge = ScriptedChatModel(responses=[{"verdicts": [{"ref": "C1", "verdict": "accept", "reason": "made up"}]}])
    memory.upkeep.compact(user_id, llm=judge)
    prompt = judge.calls[0][-1].content
    assert re.search(r'F1 "is a doctor at the city hospital" \(since .*, trust 0\.80\)', prompt)
    assert re.search(r'C1 "is not a doctor" \(said .*, trust 0\.80\)', prompt)
    assert "trust" in str(judge.calls[0][0].content)

    strict = FactMemoryConfig(queue=QueueConfig(drainer="off"),
                              evaluators=EvaluatorConfig(trust=True, min_inference_trust=0.9))
    other = make_memory(ScriptedChatModel(default=answer), config=strict)
    second = f"{user_id}-b"
    run_day(other, second)
    refused = other.review.run(second)
    assert refused.inferred == 0 and "trust 0.80 < min_inference_trust=0.9" in refused.rejected[0].reason
    assert not [f for f in other.facts.list(second) if f.claim == "works night shifts"]
    for memory_, who in ((memory, user_id), (other, second)):
        memory_.forget(who)


def test_no_inconsistency_no_trust_in_the_settlement_prompt(make_memory, user_id: str, clock: FixedClock) -> None:
    memory = make_memory(ScriptedChatModel(by_message={"Actually I moved to Tokyo": [
        {"op": "contradict", "ref": "D1", "claim": "lives in Tokyo", "category": "identity"}]}))
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity", source="conversation")
    memory.remember(user_id, "Actually I moved to Tokyo")
    judge = ScriptedChatModel(responses=[{"verdicts": [{"ref": "C1", "verdict": "accept", "reason": "moved"}]}])
    memory.upkeep.compact(user_id, llm=judge)
    assert "trust 1" not in judge.calls[0][-1].content and ", trust" not in judge.calls[0][-1].content
    memory.forget(user_id)
