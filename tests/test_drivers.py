"""The main behaviours on both drivers, the way checkpoint-postgres runs every behaviour across
its savers: a memory opened with ``open()`` (async methods on the thread-backed async store) and
one opened with ``aopen()`` (native asyncio pool). Each test uses only the async API, then
checks the result through the sync API, so both seams see the same database."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator

import pytest

from fact_memory_graph import FactMemory, FactNotFoundError, InvalidInputError
from fact_memory_graph.namespaces import Admin, Corrections, Facts, Sessions, Upkeep
from fact_memory_graph.store import AsyncFactStore, ThreadedAsyncFactStore
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

SCRIPT = {
    "I live in Berlin and I'm tired today": [
        {"op": "add_durable", "category": "identity", "claim": "lives in Berlin"},
        {"op": "add_current", "category": "physical_state", "claim": "tired today"},
    ],
    "still in Berlin": [{"op": "strengthen", "ref": "D1"}],
    "I moved to Tokyo": [{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo", "category": "identity"}],
}


@pytest.fixture(params=["open", "aopen"])
async def driver_memory(request, db_url, embeddings, clock: FixedClock) -> AsyncIterator[FactMemory]:
    llm = ScriptedChatModel(by_message=SCRIPT)
    if request.param == "open":
        memory = FactMemory.open(db_url, embeddings=embeddings, clock=clock, llm=llm)
        assert isinstance(memory.astore, ThreadedAsyncFactStore)
    else:
        memory = await FactMemory.aopen(db_url, embeddings=embeddings, clock=clock, llm=llm)
        assert type(memory.astore) is AsyncFactStore
    yield memory
    await memory.aclose()


async def test_write_review_and_read(driver_memory: FactMemory, user_id: str, clock: FixedClock) -> None:
    m = driver_memory
    first = await m.aremember(user_id, "I live in Berlin and I'm tired today", message_id="m1")
    assert [a.op for a in first.applied] == ["add_durable", "add_current"]
    assert (await m.aremember(user_id, "I live in Berlin and I'm tired today", message_id="m1")).already_processed
    clock.advance(days=1)
    again = await m.aremember(user_id, "still in Berlin", message_id="m2")
    assert again.applied[0].confidence_after == pytest.approx(0.8)
    out = await m.aremember(user_id, "I moved to Tokyo", message_id="m3")
    assert out.applied[0].op == "contradict"
    [cand] = await m.corrections.alist(user_id)
    assert "unconfirmed" in await m.arecall(user_id, "where do I live?")
    await m.corrections.aresolve(user_id, cand.id, accept=True)
    assert [f.claim for f in await m.facts.alist(user_id, kind="durable", status="active")] == ["lives in Tokyo"]
    assert [f.claim for f in m.facts.list(user_id, kind="durable", status="active")] == ["lives in Tokyo"]
    text = await m.arecall(user_id, "where do I live and how do I feel?")
    assert "lives in Tokyo" in text and "tired today" in text
    assert text == m.recall(user_id, "where do I live and how do I feel?")
    stats = await m.admin.astats(user_id)
    assert stats["messages"] == 3 and stats["facts"]["durable"] == {"active": 1, "superseded": 1}


async def test_direct_writes_inspection_and_privacy(driver_memory: FactMemory, user_id: str) -> None:
    m = driver_memory
    added = await m.facts.aadd(user_id, "allergic to penicillin", kind="durable", category="health")
    dup = await m.facts.aadd(user_id, "is allergic to penicillin", kind="durable", category="health")
    assert (added.op, dup.op) == ("add_durable", "strengthen")
    fact = await m.facts.aget(user_id, added.fact_id)
    assert fact is not None and fact.confidence == pytest.approx(0.8)
    assert [a.op for a in await m.admin.aaudit(user_id)] == ["add_durable", "strengthen"]
    exported = await m.aexport(user_id)
    assert exported == {**m.export(user_id), "exported_at": exported["exported_at"]}
    assert await m.upkeep.amaintain(user_id) == {"expired": 0, "dormant": 0, "archived": 0, "message_log": 0}
    assert await m.facts.apurge(user_id, added.fact_id) is True
    assert await m.facts.aget(user_id, added.fact_id) is None and m.admin.audit(user_id) == []
    await m.facts.aadd(user_id, "lives in Lisbon", kind="durable", category="identity")
    assert (await m.aforget(user_id))["facts"] == 1
    assert await m.facts.alist(user_id) == []
    await m.admin.asetup()  # idempotent


async def test_bad_input_raises_library_errors_on_both_drivers(driver_memory: FactMemory, user_id: str) -> None:
    m = driver_memory
    bad_calls = [
        m.facts.alist(user_id, status="bogus"),
        m.facts.alist(user_id, kind="forever"),
        m.facts.aget(user_id, "not-a-uuid"),
        m.facts.apurge(user_id, "12"),
        m.corrections.aresolve(user_id, "zzz", accept=True),
        m.corrections.alist(user_id, status="maybe"),
        m.facts.aadd(user_id, "x", kind="weekly", category="identity"),
        m.facts.aadd(user_id, "x", kind="durable", category="feeling"),
        m.facts.aadd(user_id, "x", kind="durable", category="identity", source="rumour"),
    ]
    for call in bad_calls:
        with pytest.raises(InvalidInputError) as info:
            await call
        assert "allowed" in str(info.value) or "UUID" in str(info.value)
    with pytest.raises(FactNotFoundError):
        await m.corrections.aresolve(user_id, "00000000-0000-0000-0000-000000000000", accept=False)


def _public(cls: type) -> set[str]:
    return {name for name, member in vars(cls).items() if not name.startswith("_")
            and callable(member.__func__ if isinstance(member, classmethod | staticmethod) else member)}


#: Builders: they return runnables, which have both invoke and ainvoke.
BUILDERS = {"write_graph", "write_node", "recall_node", "reconcile_graph", "as_retriever", "as_store", "as_tools",
            "as_vectorstore"}


@pytest.mark.parametrize("cls", [FactMemory, Facts, Corrections, Sessions, Upkeep, Admin], ids=lambda c: c.__name__)
def test_every_public_method_has_an_async_twin(cls: type) -> None:
    public = _public(cls)
    for name in public - {n for n in public if n.startswith("a") and n[1:] in public} - BUILDERS:
        assert f"a{name}" in public, f"{cls.__name__}.{name} has no async twin"
        assert inspect.iscoroutinefunction(getattr(cls, f"a{name}")), f"{cls.__name__}.a{name} is not async"


def test_the_facade_is_small_and_groups_the_rest_in_namespaces() -> None:
    """What a newcomer meets first: at most 25 public methods (twins counted); the rest is one
    attribute away, ``memory.facts.add``, ``memory.upkeep.health``, ..."""
    public = _public(FactMemory)
    assert len(public) <= 25, sorted(public)
    assert {"open", "aopen", "close", "aclose", "remember", "aremember", "recall", "arecall", "write_node",
            "recall_node", "as_retriever", "as_store", "as_tools", "flush", "aflush", "forget", "aforget",
            "export", "aexport", "restore", "arestore"} <= public
    init = inspect.getsource(FactMemory.__init__)
    for attribute, cls in {"facts": Facts, "corrections": Corrections, "sessions": Sessions, "upkeep": Upkeep,
                           "admin": Admin}.items():
        assert f"self.{attribute} = {cls.__name__}(" in init
