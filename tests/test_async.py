"""Native asyncio: AsyncFactStore runs the same SQL plans as FactStore on an async pool."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from fact_memory_graph import FactMemory
from fact_memory_graph.errors import StoreError
from fact_memory_graph.schema import FactKind, PlannedOp
from fact_memory_graph.store import MIGRATIONS, AsyncFactStore
from fact_memory_graph.store._sql import execute
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

from .helpers import T0


@pytest.fixture
async def amemory(db_url, embeddings, clock: FixedClock):
    memory = await FactMemory.aopen(db_url, embeddings=embeddings, clock=clock, llm=ScriptedChatModel(
        default=[{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo"}]))
    yield memory
    await memory.aclose()


async def test_async_read_path_is_native(amemory: FactMemory, user_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    amemory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    amemory.facts.add(user_id, "anxious about the launch", kind="current", category="feeling")
    expected = amemory.recall(user_id, "how am I?")

    def no_sync(*args, **kwargs):
        raise AssertionError("the async path must not use the sync pool")

    monkeypatch.setattr(amemory.store, "search", no_sync)
    assert await amemory.arecall(user_id, "how am I?") == expected
    docs = await amemory.as_retriever(user_id=user_id).ainvoke("how am I?", k=1)
    assert len(docs) == 1
    node = amemory.recall_node()
    out = await node.ainvoke({"messages": [HumanMessage("how am I?")]}, {"configurable": {"user_id": user_id}})
    assert "lives in Berlin" in out["memory_context"]
    assert [f.claim for f in await amemory.facts.alist(user_id, kind="durable")] == ["lives in Berlin"]
    assert (await amemory.admin.astats(user_id))["facts"] == {"current": {"active": 1}, "durable": {"active": 1}}


async def test_async_write_and_review(amemory: FactMemory, user_id: str) -> None:
    amemory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    out = await amemory.aremember(user_id, "actually I moved to Tokyo", message_id="x1",
                                  context=[AIMessage("Where do you live?")])
    assert out.applied[0].op == "contradict"
    [cand] = await amemory.corrections.alist(user_id)
    resolved = await amemory.corrections.aresolve(user_id, cand.id, accept=True)
    assert resolved.status == "accepted"
    assert [f.claim for f in await amemory.facts.alist(user_id, status="active")] == ["lives in Tokyo"]


async def test_async_store_directly(fresh_db_url: str, embeddings) -> None:
    async with AsyncFactStore.from_conn_string(fresh_db_url, dimension=384) as store:
        await store.setup()
        await store.setup()
        assert await store.migration_versions() == list(range(1, len(MIGRATIONS) + 1))
        vec = embeddings.embed_query("lives in Berlin")
        out = await store.apply("u", "m1", [PlannedOp(op="add_durable", kind=FactKind.DURABLE, category="identity",
                                                       claim="lives in Berlin", embedding=vec)], at=T0)
        again = await store.apply("u", "m1", [], at=T0)
        assert again.already_processed and again.applied == out.applied
        found = await store.search("u", vec, {FactKind.DURABLE: 5})
        assert [h.fact.claim for h in found[FactKind.DURABLE]] == ["lives in Berlin"]
        assert (await store.search("someone-else", vec, {FactKind.DURABLE: 5}))[FactKind.DURABLE] == []
        assert await store.delete_user("u") == {"candidates": 0, "audit": 1, "messages": 1, "runs": 0, "profile": 0,
                                                "sessions": 0, "facts": 1, "message_log": 0, "people": 0,
                                                "evaluations": 0, "jobs": 0}


async def test_async_write_path_never_uses_the_sync_pool(amemory: FactMemory, user_id: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    await amemory.facts.aadd(user_id, "lives in Berlin", kind="durable", category="identity")

    def no_sync(*args, **kwargs):
        raise AssertionError("the async write path must not use the sync pool")

    for name in ("apply", "search", "nearest_same_category", "processed_outcomes"):
        monkeypatch.setattr(amemory.store, name, no_sync)
    out = await amemory.aremember(user_id, "actually I moved to Tokyo", message_id="n1")
    assert out.applied[0].op == "contradict" and out.llm_calls == 1
    assert (await amemory.aremember(user_id, "actually I moved to Tokyo", message_id="n1")).already_processed
    dup = await amemory.facts.aadd(user_id, "lives in Berlin", kind="durable", category="identity")
    assert dup.op == "strengthen"  # the async dedup path found the existing fact


async def test_async_failure_mid_apply_leaves_nothing(amemory: FactMemory, user_id: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    amemory.context.llm_factory = lambda: ScriptedChatModel(default=[
        {"op": "add_durable", "category": "identity", "claim": "lives in Berlin"},
        {"op": "add_durable", "category": "relationship", "claim": "has a sister Mia"},
    ])
    real = AsyncFactStore._inserted  # the adds' inserts went in one round trip; each is then audited
    calls = {"n": 0}

    def flaky(self, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 2:
            raise ConnectionError("injected")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(AsyncFactStore, "_inserted", flaky)
    with pytest.raises(ConnectionError):
        await amemory.aremember(user_id, "Berlin and Mia", message_id="f1")
    assert calls["n"] == 2
    assert await amemory.facts.alist(user_id) == [] and (await amemory.admin.astats(user_id))["messages"] == 0
    monkeypatch.setattr(AsyncFactStore, "_inserted", real)
    out = await amemory.aremember(user_id, "Berlin and Mia", message_id="f1")
    assert len(out.applied) == 2
    graph_out = await amemory.write_graph(on_error="log").ainvoke(
        {"messages": [HumanMessage("Berlin and Mia", id="f1")]}, {"configurable": {"user_id": user_id}})
    assert graph_out["memory_outcome"]["already_processed"]


async def test_async_deferred_server_error_in_pipelined_apply_leaves_nothing(
        amemory: FactMemory, user_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    amemory.context.llm_factory = lambda: ScriptedChatModel(default=[
        {"op": "add_durable", "category": "identity", "claim": "lives in Berlin"}])
    real = AsyncFactStore._audit
    calls = {"n": 0}

    def failing_audit(self, **kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            yield from execute("SELECT 1 / 0")  # sent without waiting; fails on the server
            return
        yield from real(self, **kwargs)

    monkeypatch.setattr(AsyncFactStore, "_audit", failing_audit)
    with pytest.raises(StoreError, match="division by zero"):
        await amemory.aremember(user_id, "I live in Berlin", message_id="pa1")
    assert await amemory.facts.alist(user_id) == [] and (await amemory.admin.astats(user_id))["messages"] == 0
    out = await amemory.aremember(user_id, "I live in Berlin", message_id="pa1")
    assert [a.op for a in out.applied] == ["add_durable"]
