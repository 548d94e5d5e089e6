"""The read-only LangGraph BaseStore view, and the runnable examples for middleware, tools and
the store view (offline, scripted models, the real database)."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.store.base import InvalidNamespaceError

from examples.agent_middleware import Context as AgentContext
from examples.agent_middleware import build_agent
from examples.store_view import Context, build_graph
from fact_memory_graph import FactMemory, InvalidInputError
from fact_memory_graph.testing import ScriptedAgentModel, ScriptedChatModel


@pytest.fixture
def seeded(make_memory, user_id: str) -> FactMemory:
    memory: FactMemory = make_memory(ScriptedChatModel())
    memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health")
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    memory.facts.add(user_id, "training for a marathon", kind="current", category="working_on")
    memory.facts.add(user_id + "-other", "allergic to peanuts", kind="durable", category="health")
    return memory


def test_get_search_and_list(seeded: FactMemory, user_id: str) -> None:
    store = seeded.as_store()
    ns = ("facts", user_id)
    ranked = store.search(ns, query="does the user have allergies?", limit=2)
    assert [i.value["content"] for i in ranked][0] == "allergic to penicillin"
    assert len(ranked) == 2 and ranked[0].score >= ranked[1].score and all(i.namespace == ns for i in ranked)
    # Same ranking as the retriever.
    docs = seeded.as_retriever(user_id=user_id, search_kwargs={"k_durable": 2, "k_current": 2}).invoke(
        "does the user have allergies?")
    assert [i.key for i in ranked] == [d.id for d in docs][:2]
    item = store.get(ns, ranked[0].key)
    assert item is not None and item.value["category"] == "health" and item.value["kind"] == "durable"
    assert store.get(ns, "not-a-fact-id") is None
    assert store.get(("facts", user_id + "-other"), ranked[0].key) is None  # ids are per user
    listed = store.search(ns, filter={"kind": "current"})
    assert [i.value["content"] for i in listed] == ["training for a marathon"]
    assert len(store.search(ns, limit=2)) == 2 and len(store.search(ns, limit=10, offset=2)) == 1
    assert store.search(ns, filter={"confidence": {"$gte": 0.99}}) == []
    assert store.list_namespaces() == []  # outside a run naming a user: never an enumeration of users
    bound = seeded.as_store(user_id=user_id)
    assert bound.list_namespaces(prefix=("facts", user_id)) == [("facts", user_id)]
    assert len(bound.list_namespaces(prefix=("facts",), limit=1)) == 1


def test_list_namespaces_shows_only_the_callers_own(seeded: FactMemory, user_id: str) -> None:
    from langchain_core.runnables import RunnableLambda

    store = seeded.as_store()
    listed = RunnableLambda(lambda _: store.list_namespaces()).invoke(None, {"configurable": {"user_id": user_id}})
    assert listed == [("facts", user_id)]


def test_isolation_and_read_only(seeded: FactMemory, user_id: str) -> None:
    store = seeded.as_store()
    for bad in [(), ("facts",), ("memories", user_id), ("facts", user_id, "durable")]:
        with pytest.raises(InvalidNamespaceError):
            store.search(bad, query="allergies")
    bound = seeded.as_store(user_id=user_id)
    with pytest.raises(InvalidNamespaceError, match="bound"):
        bound.search(("facts", user_id + "-other"), query="allergies")
    assert bound.list_namespaces() == [("facts", user_id)]
    assert len(seeded.facts.list(user_id)) == 3


def test_writes_follow_the_rules_of_a_user_edit(seeded: FactMemory, user_id: str) -> None:
    """The calls langmem's create_manage_memory_tool (0.0.30) makes: put(uuid4 key, {"content"})
    to create, put(id) to update, delete(id) to delete - none aborts the agent's run."""
    import uuid

    store = seeded.as_store()
    ns = ("facts", user_id)
    key = str(uuid.uuid4())
    store.put(ns, key, {"content": "prefers tea over coffee"})  # create
    created = store.get(ns, key)
    assert created is not None and created.value["content"] == "prefers tea over coffee"
    assert created.value["category"] == "uncategorized" and created.value["kind"] == "durable"
    store.put(ns, key, {"content": "prefers green tea over coffee"})  # update: a correction, history kept
    updated = store.get(ns, key)
    assert updated.value["content"] == "prefers green tea over coffee" and updated.key != created.key
    assert sorted(f.claim for f in seeded.facts.history(user_id, created.key).facts) == [
        "prefers green tea over coffee", "prefers tea over coffee"]
    hit = store.search(ns, query="green tea", limit=1)[0]
    store.put(ns, hit.key, {"content": "prefers green tea", "kind": "durable", "category": "preference"})
    assert store.get(ns, key).value["content"] == "prefers green tea"
    store.delete(ns, key)  # delete: retracted, kept for history, never retrieved
    assert store.get(ns, key).value["status"] == "retracted"
    assert "green tea" not in seeded.recall(user_id, "what does the user drink?")
    store.put(ns, str(uuid.uuid4()), {"content": "runs marathons", "category": "goal"})
    assert any(f.claim == "runs marathons" and f.category == "goal" for f in seeded.facts.list(user_id))
    with pytest.raises(InvalidInputError, match="content"):
        store.put(ns, str(uuid.uuid4()), {"text": "no content field"})
    with pytest.raises(InvalidNamespaceError):
        store.put(("facts",), key, {"content": "a namespace naming no user"})


async def test_async_twin(seeded: FactMemory, user_id: str) -> None:
    store = seeded.as_store()
    ranked = await store.asearch(("facts", user_id), query="allergies", limit=1)
    assert ranked[0].value["content"] == "allergic to penicillin"
    assert (await store.aget(("facts", user_id), ranked[0].key)).key == ranked[0].key
    await store.aput(("facts", user_id), "k-1", {"content": "has a cat named Miso"})
    assert (await store.aget(("facts", user_id), "k-1")).value["content"] == "has a cat named Miso"


def test_store_view_example(seeded: FactMemory, user_id: str) -> None:
    out = build_graph(seeded).invoke({"question": "any allergies?"}, context=Context(user_id=user_id))
    assert out["notes"][0].startswith("health: allergic to penicillin")
    assert not any("peanuts" in n for n in out["notes"])  # another user's fact never shows


def test_agent_middleware_example(make_memory, user_id: str) -> None:
    first = "I'm Sam and I'm allergic to penicillin."
    memory: FactMemory = make_memory(ScriptedChatModel(by_message={first: [
        {"op": "add_durable", "category": "health", "claim": "allergic to penicillin"}]}))
    chat = ScriptedAgentModel(replies=[
        AIMessage("Noted."),
        AIMessage("", tool_calls=[{"name": "search_memory", "args": {"query": "allergies"}, "id": "c1"}]),
        AIMessage("Ask for an alternative to penicillin."),
    ])
    agent, middleware = build_agent(memory, chat)
    agent.invoke({"messages": [HumanMessage(first)]}, context=AgentContext(user_id=user_id))
    middleware.flush(user_id)
    out = agent.invoke({"messages": [HumanMessage("What should I tell my doctor?")]},
                       context=AgentContext(user_id=user_id))
    tool_result = next(m for m in out["messages"] if isinstance(m, ToolMessage))
    assert "[durable/health] allergic to penicillin" in tool_result.content  # the tool read this user
    assert '"allergic to penicillin"' in chat.seen[1][0].content  # recalled into the system prompt
    assert out["messages"][-1].content == "Ask for an alternative to penicillin."
