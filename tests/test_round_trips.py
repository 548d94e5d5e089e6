"""Statements sent together (store/_sql.Together): one round trip, each still a statement of its
own, results in order; what the write path sends together. Sync and async, with and without
libpq pipeline mode."""

from __future__ import annotations

import asyncio

import pytest

from fact_memory_graph.errors import StoreError
from fact_memory_graph.store import _driver
from fact_memory_graph.store._sql import Together, execute, one, stmt, together
from fact_memory_graph.testing import ScriptedChatModel

PIPELINE = [True, False]
IDS = ["pipelined", "libpq-without-pipeline"]


def _group_plan(failing: bool = False):
    yield from execute("CREATE TEMP TABLE IF NOT EXISTS rt (x int)")
    yield from execute("DELETE FROM rt")
    results = yield from together(
        stmt("INSERT INTO rt VALUES (1) RETURNING x", fetch="one"),
        stmt("SELECT count(*) AS n FROM rt", fetch="one"),  # sees the insert before it
        stmt("SELECT 1 / 0 AS boom" if failing else "UPDATE rt SET x = x + 1", fetch="rowcount"),
        stmt("SELECT x FROM rt ORDER BY x"),
        stmt("UPDATE rt SET x = x * 10", fetch="none"),
    )
    after = yield from one("SELECT x FROM rt")
    return results, after


@pytest.mark.parametrize("pipelined", PIPELINE, ids=IDS)
@pytest.mark.parametrize("transaction", [True, False], ids=["transaction", "autocommit"])
def test_together_answers_in_order_each_statement_seeing_the_ones_before(
        db_url: str, monkeypatch: pytest.MonkeyPatch, pipelined: bool, transaction: bool) -> None:
    monkeypatch.setattr(_driver, "PIPELINE_SUPPORTED", pipelined and _driver.PIPELINE_SUPPORTED)
    pool = _driver.make_pool(db_url, max_size=1)  # one connection: the temp table stays visible
    try:
        results, after = _driver.run_plan(pool, _group_plan, transaction=transaction, pipeline=transaction)
        assert results == [{"x": 1}, {"n": 1}, 1, [{"x": 2}], None] and after == {"x": 20}
        with pytest.raises(StoreError, match="division by zero"):
            _driver.run_plan(pool, lambda: _group_plan(failing=True), transaction=True, pipeline=True)
        if transaction:  # the failed group's transaction left nothing
            assert _driver.run_plan(pool, lambda: one("SELECT count(*) AS n FROM rt"))["n"] == 1
    finally:
        pool.close()


@pytest.mark.parametrize("pipelined", PIPELINE, ids=IDS)
def test_together_async_twin(db_url: str, monkeypatch: pytest.MonkeyPatch, pipelined: bool) -> None:
    monkeypatch.setattr(_driver, "PIPELINE_SUPPORTED", pipelined and _driver.PIPELINE_SUPPORTED)

    async def main() -> None:
        pool = await _driver.make_async_pool(db_url, max_size=1)
        try:
            for transaction in (True, False):
                results, after = await _driver.arun_plan(pool, _group_plan, transaction=transaction,
                                                         pipeline=transaction)
                assert results == [{"x": 1}, {"n": 1}, 1, [{"x": 2}], None] and after == {"x": 20}
            with pytest.raises(StoreError, match="division by zero"):
                await _driver.arun_plan(pool, lambda: _group_plan(failing=True), transaction=True, pipeline=True)
        finally:
            await pool.close()

    asyncio.run(main())


def test_a_message_s_adds_and_its_reads_go_together(make_memory, user_id: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The write path's independent statements share round trips: the processed check with the
    forgotten-turn lookup, the model hold's lock with its generation read (a statement of its own,
    after the lock), a message's new facts, and the reads the apply makes after them."""
    groups: list[list[str]] = []
    real = _driver._together

    def recording(cur, group: Together, pipe):
        groups.append([" ".join(q.sql.split()[:4]) for q in group.statements])
        return real(cur, group, pipe)

    monkeypatch.setattr(_driver, "_together", recording)
    llm = ScriptedChatModel(default=[{"op": "add_durable", "category": "identity", "claim": "lives in Berlin"},
                                     {"op": "add_durable", "category": "relationship", "claim": "has a sister Mia"}])
    memory = make_memory(llm)
    out = memory.remember(user_id, "I live in Berlin and my sister is Mia", message_id="g1")
    assert [a.op for a in out.applied] == ["add_durable", "add_durable"]

    def sent(*heads: str) -> bool:
        return any(len(g) == len(heads) and all(s.startswith(h) for s, h in zip(g, heads, strict=True))
                   for g in groups)

    assert sent("SELECT digest FROM fact_memory_forgotten", "SELECT (SELECT generation FROM")
    assert sent("SELECT pg_advisory_lock_shared", "SELECT generation FROM fact_memory_users")
    assert sent("INSERT INTO fact_memory_facts", "INSERT INTO fact_memory_facts")
    assert sent("SELECT facts_shown, stale_shown,", "SELECT name_key, name, aliases")
    assert len(memory.facts.list(user_id)) == 2
    again = memory.remember(user_id, "I live in Berlin and my sister is Mia", message_id="g1")
    assert again.already_processed and len(llm.calls) == 1
