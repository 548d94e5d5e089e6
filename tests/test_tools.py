"""Single-fact edits and the agent tools; the user always comes from the config."""

from __future__ import annotations

import pytest

from fact_memory_graph import FactMemory, FactNotFoundError, FactStatus


def test_update_retract_and_history(memory: FactMemory, user_id: str, clock) -> None:
    old = memory.facts.add(user_id, "lives in Berln", kind="durable", category="identity")
    clock.advance(days=1)
    new = memory.facts.update(user_id, old.fact_id, "lives in Berlin")  # a typo fix, not a duplicate
    assert new.op == "add_durable" and new.fact_id != old.fact_id
    assert memory.facts.get(user_id, old.fact_id).superseded_by == new.fact_id
    history = memory.facts.history(user_id, new.fact_id)
    assert [f.claim for f in history.facts] == ["lives in Berln", "lives in Berlin"]
    assert [a.op for a in history.audit] == ["add_durable", "add_durable", "supersede"]
    assert memory.facts.history(user_id, old.fact_id).facts == history.facts  # the same chain from either end
    assert memory.facts.retract(user_id, new.fact_id) is True
    assert memory.facts.get(user_id, new.fact_id).status is FactStatus.RETRACTED
    assert memory.facts.retract(user_id, new.fact_id) is False
    with pytest.raises(FactNotFoundError):
        memory.facts.update(user_id, new.fact_id, "lives in Paris")


async def test_async_twins(memory: FactMemory, user_id: str) -> None:
    old = await memory.facts.aadd(user_id, "likes tea", kind="durable", category="preference")
    new = await memory.facts.aupdate(user_id, old.fact_id, "likes green tea")
    assert len((await memory.facts.ahistory(user_id, new.fact_id)).facts) == 2
    assert await memory.facts.aretract(user_id, new.fact_id)


async def test_tools_read_the_user_from_the_config(memory: FactMemory, user_id: str) -> None:
    tools = {t.name: t for t in memory.as_tools()}
    assert set(tools) == {"search_memory", "remember_fact", "correct_fact", "forget_fact"}
    assert all("user" not in name for t in tools.values() for name in t.args)  # never a model argument
    config = {"configurable": {"user_id": user_id}}
    out = tools["remember_fact"].invoke({"claim": "allergic to penicillin", "kind": "durable",
                                         "category": "health"}, config=config)
    assert out.startswith("Remembered: allergic to penicillin")
    found = await tools["search_memory"].ainvoke({"query": "allergies"}, config=config)
    assert "[durable/health] allergic to penicillin (id " in found
    fact_id = found.split("(id ")[1].rstrip(")")
    other = {"configurable": {"user_id": f"{user_id}-other"}}
    assert tools["search_memory"].invoke({"query": "allergies"}, config=other) == "Nothing is known about that."
    assert tools["forget_fact"].invoke({"fact_id": fact_id}, config=other) == "No such fact."  # not theirs
    fixed = tools["correct_fact"].invoke({"fact_id": fact_id, "claim": "allergic to amoxicillin"}, config=config)
    assert fixed.startswith("Corrected: allergic to amoxicillin")
    new_id = fixed.split("(id ")[1].split(",")[0]
    assert await tools["forget_fact"].ainvoke({"fact_id": new_id}, config=config) == "Forgotten."
    assert memory.facts.list(user_id, status="active") == []
    bad = tools["remember_fact"].invoke({"claim": "x", "kind": "durable", "category": "feeling"}, config=config)
    assert bad.startswith("Not remembered:")
