"""The retriever takes the arguments LangChain users expect and refuses the rest."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fact_memory_graph import FactMemory, InvalidInputError, retriever_tool


@pytest.fixture
def seeded(memory: FactMemory, user_id: str) -> FactMemory:
    for claim, kind, category in (("lives in Berlin", "durable", "identity"),
                                  ("allergic to penicillin", "durable", "health"),
                                  ("has asthma", "durable", "health"),
                                  ("tired today", "current", "physical_state"),
                                  ("anxious about the launch", "current", "feeling")):
        memory.facts.add(user_id, claim, kind=kind, category=category)
    return memory


def test_search_kwargs_k_filter_and_threshold(seeded: FactMemory, user_id: str) -> None:
    assert len(seeded.as_retriever(user_id=user_id, search_kwargs={"k": 2}).invoke("health")) == 2
    health = seeded.as_retriever(user_id=user_id, search_kwargs={"filter": {"category": "health"}}).invoke("me")
    assert {d.metadata["category"] for d in health} == {"health"} and len(health) == 2
    current = seeded.as_retriever(user_id=user_id, search_kwargs={"filter": {"kind": "current"}}).invoke("me")
    assert {d.metadata["kind"] for d in current} == {"current"}
    either = seeded.as_retriever(user_id=user_id, search_kwargs={
        "filter": {"category": {"$in": ["identity", "feeling"]}}}).invoke("me")
    assert {d.metadata["category"] for d in either} == {"identity", "feeling"}
    per_call = seeded.as_retriever(user_id=user_id).invoke("allergy", search_kwargs={"k": 1})
    assert [d.page_content for d in per_call] == ["allergic to penicillin"]
    everything = seeded.as_retriever(user_id=user_id).invoke("allergy")
    cut = everything[len(everything) // 2].metadata["score"]
    above = seeded.as_retriever(user_id=user_id, search_kwargs={"score_threshold": cut}).invoke("allergy")
    assert above and all(d.metadata["score"] >= cut for d in above) and len(above) < len(everything)


def test_unknown_arguments_raise(seeded: FactMemory, user_id: str) -> None:
    retriever = seeded.as_retriever(user_id=user_id)
    with pytest.raises(InvalidInputError, match="unknown arguments"):
        retriever.invoke("q", fetch_k=20)
    with pytest.raises(InvalidInputError, match="unknown search_kwargs"):
        retriever.invoke("q", search_kwargs={"lambda_mult": 0.5})
    with pytest.raises(InvalidInputError, match="search_type"):
        seeded.as_retriever(user_id=user_id, search_type="mmr")
    with pytest.raises(InvalidInputError, match="filter"):
        seeded.as_retriever(user_id=user_id, search_kwargs={"filter": {"topic": "x"}})
    with pytest.raises(InvalidInputError, match="allowed"):
        seeded.as_retriever(user_id=user_id, search_kwargs={"filter": {"kind": "weekly"}})
    with pytest.raises(ValidationError):
        seeded.as_retriever(user_id=user_id, top_k=3)


async def test_the_user_comes_from_the_config_when_not_bound(seeded: FactMemory, user_id: str) -> None:
    seeded.facts.add(f"{user_id}-b", "lives in Tokyo", kind="durable", category="identity")
    unbound = seeded.as_retriever()
    mine = unbound.invoke("where", config={"configurable": {"user_id": user_id}})
    theirs = await unbound.with_config(configurable={"user_id": f"{user_id}-b"}).ainvoke("where")
    assert "lives in Berlin" in [d.page_content for d in mine]
    assert [d.page_content for d in theirs] == ["lives in Tokyo"]
    with pytest.raises(InvalidInputError, match="no user id"):
        unbound.invoke("where")
    bound = seeded.as_retriever(user_id=user_id)
    with pytest.raises(InvalidInputError, match="bound to another user"):
        bound.with_config(configurable={"user_id": f"{user_id}-b"}).invoke("where")
    assert bound.invoke("where", config={"configurable": {"user_id": user_id}})  # the same user is fine


def test_retriever_tool_shows_kind_and_category_and_takes_the_user_from_config(seeded: FactMemory,
                                                                              user_id: str) -> None:
    tool = retriever_tool(seeded.as_retriever())
    out = tool.invoke({"query": "allergies"}, config={"configurable": {"user_id": user_id}})
    assert "[durable/health] allergic to penicillin" in out
    assert "user_id" not in tool.args  # the model never chooses whose memory it reads
