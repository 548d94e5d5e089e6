"""The user profile (seed 003): caps, grouping, newer wins, no duplicates, stored and refreshed."""

from __future__ import annotations

from langchain_core.messages import HumanMessage
from typer.testing import CliRunner

from fact_memory_graph import FactMemory, FactMemoryConfig, WriteConfig
from fact_memory_graph.cli import app as cli_app
from fact_memory_graph.formatting import approx_tokens
from fact_memory_graph.testing import FixedClock


def test_sixty_durable_facts_make_at_most_fifty_lines_within_500_tokens(make_memory, user_id: str,
                                                                         clock: FixedClock) -> None:
    memory: FactMemory = make_memory(config=FactMemoryConfig(write=WriteConfig(dedup_threshold=0.999)))
    for i in range(60):
        memory.facts.add(user_id, f"item {i}", kind="durable", category="preference")
        clock.advance(minutes=1)
    memory.facts.add(user_id, "feeling fine", kind="current", category="feeling")
    profile = memory.facts.profile(user_id)
    lines = profile.text.splitlines()
    assert len(lines) <= 50 and approx_tokens(profile.text) <= 500
    assert all(line.startswith('[Preference]: "item ') for line in lines)  # durable only, grouped
    assert len(set(lines)) == len(lines)


def test_grouped_by_category_no_duplicates_and_nothing_true_dropped(make_memory, user_id: str,
                                                                    clock: FixedClock) -> None:
    memory: FactMemory = make_memory(config=FactMemoryConfig(write=WriteConfig(dedup_threshold=0.999)))
    memory.facts.add(user_id, "prefers concise answers", kind="durable", category="preference")
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    memory.facts.add(user_id, "has a sister Mia", kind="durable", category="relationship")
    clock.advance(days=30)
    memory.facts.add(user_id, "prefers detailed answers", kind="durable", category="preference")  # newer, opposite
    memory.facts.add(user_id, "lives in Berlin!", kind="durable", category="identity")  # the same words again
    memory.facts.add(user_id, "has a sister Anna", kind="durable", category="relationship")  # a second sister
    text = memory.facts.profile(user_id).text
    # Both preferences stay until reconciliation supersedes one (issue 20: the profile keeps what
    # is true; only what was superseded is gone).
    assert sorted(text.splitlines()) == sorted([
        '[Identity]: "lives in Berlin!"', '[Relationship]: "has a sister Mia"', '[Relationship]: "has a sister Anna"',
        '[Preference]: "prefers detailed answers"', '[Preference]: "prefers concise answers"'])


def test_stored_refreshed_when_facts_change_and_shown_first(make_memory, user_id: str, db_url: str) -> None:
    memory: FactMemory = make_memory()
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    first = memory.facts.profile(user_id)
    assert memory.facts.profile(user_id) == first  # stored: same fingerprint, not rebuilt
    memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health")
    second = memory.facts.profile(user_id)
    assert second.fingerprint != first.fingerprint and '[Health]: "allergic to penicillin"' in second.text
    text = memory.recall(user_id, "allergies", include_profile=True)
    assert text.startswith('## Who you are (profile)\n- [Identity]: "lives in Berlin"')
    out = memory.recall_node(include_profile=True).invoke(
        {"messages": [HumanMessage("hi")]}, {"configurable": {"user_id": user_id}})
    assert out["memory_context"].startswith("## Who you are (profile)")
    result = CliRunner().invoke(cli_app, ["profile", user_id, "--database-url", db_url])
    assert result.exit_code == 0 and '[Health]: "allergic to penicillin"' in result.output
    memory.forget(user_id)
    assert memory.facts.profile(user_id).text == ""


def test_sixty_facts_and_ten_goals_stay_within_500_tokens_with_every_evaluator_on(
        make_memory, user_id: str, clock: FixedClock) -> None:
    """003 R12 with the goals evaluator (every evaluator on): the goal lines count in the
    500-token cap — the facts are chosen within what the goals leave (was ~763 tokens)."""
    from fact_memory_graph import EvaluatorConfig
    from fact_memory_graph.testing import ScriptedChatModel

    goals = [{"goal": f"finish the long-distance training plan number {i}", "status": "progress",
              "note": f"week {i} of the sixteen-week block done"} for i in range(10)]
    llm = ScriptedChatModel(default={"ops": [], "goals": goals})
    config = FactMemoryConfig(write=WriteConfig(dedup_threshold=0.999),
                              evaluators=EvaluatorConfig(goals=True, trust=True))
    memory: FactMemory = make_memory(llm, config=config)
    for start in range(0, 60, 20):
        memory.facts.add_many(user_id, [{"claim": f"enjoys weekend hikes in the hills around lake number {i}",
                                         "category": "preference"} for i in range(start, start + 20)])
        clock.advance(minutes=1)
    memory.remember(user_id, "Training is going well on all my plans.")
    assert len(memory.evaluations.goals(user_id, active=True)) == 10
    plain = memory.facts.profile(user_id)
    profile = memory.facts.profile(user_id)
    lines = profile.text.splitlines()
    goal_lines = [line for line in lines if line.startswith("[Working towards]")]
    assert approx_tokens(profile.text) <= 500, approx_tokens(profile.text)
    assert 1 <= len(goal_lines) <= 5 and len(lines) - len(goal_lines) <= 50
    assert len(profile.fact_ids) == len(lines) - len(goal_lines) and plain.text == profile.text
    assert lines[-len(goal_lines):] == goal_lines  # the goals last, after the facts
