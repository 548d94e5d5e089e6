"""The memory on a real Citus cluster (tools/citus/run.sh runs this; not part of `make test`).

Needs FACT_MEMORY_CITUS_URL: the coordinator of a cluster whose schema was distributed with
`fact-memory setup --citus`. Checks: every per-user statement of a full scenario plans as a
single-shard (router) query — EXPLAIN shows one task — except the scheduler's cross-user listing;
a worker pass; forget leaves nothing on any node.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import struct
import uuid
from pathlib import Path
from typing import Any

import psycopg
import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory
from fact_memory_graph.store import _driver
from fact_memory_graph.store.plans.base import VectorParam
from fact_memory_graph.testing import ScriptedChatModel

URL = os.environ.get("FACT_MEMORY_CITUS_URL")
pytestmark = pytest.mark.skipif(not URL, reason="FACT_MEMORY_CITUS_URL is not set (tools/citus/run.sh)")

#: The one statement that spans users on purpose (the scheduler's listing of who has work).
CROSS_USER = "SELECT DISTINCT f.user_id FROM fact_memory_facts f WHERE"
USER_TABLES = re.compile(
    r"\bfact_memory_(facts|candidates|audit|processed_messages|runs|profiles|sessions|users|messages)\b")


def _text_params(params: Any) -> Any:
    """Binary vector parameters as pgvector text, so the client can inline them for EXPLAIN."""
    def one(p: Any) -> Any:
        if isinstance(p, VectorParam):
            dim = struct.unpack(">HH", bytes(p.data)[:4])[0]
            floats = struct.unpack(f">{dim}f", bytes(p.data)[4:])
            return "[" + ",".join(repr(x) for x in floats) + "]"
        return p
    if params is None:
        return None
    return [one(p) for p in params]


def _task_counts(plan: Any) -> list[int]:
    found: list[int] = []
    if isinstance(plan, dict):
        for key, value in plan.items():
            if key == "Task Count":
                found.append(int(value))
            else:
                found += _task_counts(value)
    elif isinstance(plan, list):
        for item in plan:
            found += _task_counts(item)
    return found


def _scenario(memory: FactMemory, user: str) -> None:
    memory.facts.add(user, "lives in Berlin", kind="durable", category="identity", source="conversation")
    memory.facts.add(user, "allergic to penicillin", kind="durable", category="health")
    memory.facts.add(user, "tired today", kind="current", category="feeling")
    memory.remember(user, "I moved to Tokyo", message_id="m1", session_id="s1")
    memory.remember(user, "Berlin is still home", message_id="m2", session_id="s1")
    # Queued writes: enqueue (the write node), claim, apply and finish (flush), a failure and its
    # retry bookkeeping, status and re-queue.
    node = memory.write_node()
    node.invoke({"messages": [HumanMessage("I have a dog", id="q1")]}, {"configurable": {"user_id": user}})
    node.invoke({"messages": [HumanMessage("I have a dog", id="q1"), HumanMessage("poison", id="q2")]},
                {"configurable": {"user_id": user, "thread_id": "s2"}})
    memory.flush(user)
    memory.queue.status(user), memory.queue.retry_failed(user)
    memory.recall(user, "where do I live?", include_profile=True, include_sessions=True)
    memory.as_retriever(user_id=user).invoke("health", search_kwargs={"since": "2020-01-01T00:00:00+00:00"})
    memory.flush(user)
    memory.upkeep.compact(user)
    memory.upkeep.maintain(user)
    memory.upkeep.users_with_work()
    memory.admin.stats(user), memory.admin.audit(user, limit=3), memory.upkeep.runs(user), memory.upkeep.health(user)
    [fact] = [f for f in memory.facts.list(user) if "penicillin" in f.claim]
    memory.facts.history(user, fact.id)
    # The inspector's per-user reads (the users page and the store-wide series list across users).
    memory.facts.page(user, kind="durable", status=["active"], contains="berlin", order="confidence")
    memory.queue.messages(user, session_id="s2"), memory.queue.messages(user, message_ids=["q1"], states=["done"])
    memory.queue.retry_failed(user, message_ids=["q2"]), memory.upkeep.series(user, days=7)
    memory.as_retriever(user_id=user).explain("where do I live?")
    data = memory.export(user)
    memory.facts.forget_message(user, "m2")
    memory.facts.purge(user, fact.id)
    memory.forget(user)
    memory.restore(data, user_id=f"{user}-copy")


def _llm() -> ScriptedChatModel:
    return ScriptedChatModel(by_message={
        "I moved to Tokyo": lambda messages: {"ops": [
            {"op": "contradict", "ref": "D1", "claim": "lives in Tokyo", "category": "identity"}]},
        "Berlin is still home": lambda messages: {"ops": [{"op": "strengthen", "ref": "D1"}]},
        "I have a dog": [{"op": "add_durable", "category": "relationship", "claim": "has a dog"}],
        "poison": RuntimeError("a failed extraction"),
    }, default={"verdicts": [{"ref": "C1", "verdict": "accept", "reason": "moved"}], "decisions": []})


def test_every_per_user_statement_is_single_shard(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, Any]] = []
    real_fetch = _driver._fetch

    def recording_fetch(cur, q, pipe):
        seen.append((q.sql, q.params))
        return real_fetch(cur, q, pipe)

    monkeypatch.setattr(_driver, "_fetch", recording_fetch)
    user = f"citus-{uuid.uuid4().hex[:8]}"
    with FactMemory.open(URL, llm=_llm()) as memory:
        _scenario(memory, user)
    checked, multi, skipped, unplanned = 0, [], [], []
    with psycopg.connect(URL, cursor_factory=psycopg.ClientCursor) as conn:
        for sql, params in seen:
            head = sql.lstrip().upper()
            if not USER_TABLES.search(sql) or head.startswith(("CREATE", "ALTER", "SET", "SELECT SETVAL(")):
                continue
            if sql.lstrip().startswith(CROSS_USER):
                skipped.append(sql[:80])
                continue
            try:
                with conn.transaction(force_rollback=True):
                    plan = conn.execute("EXPLAIN (FORMAT JSON) " + sql, _text_params(params)).fetchone()[0]
            except psycopg.Error as exc:  # a statement EXPLAIN cannot take (none expected)
                multi.append(f"EXPLAIN failed: {exc}: {sql[:120]}")
                continue
            checked += 1
            counts = _task_counts(plan)
            if not counts:
                unplanned.append(sql[:120])  # not planned by Citus at all: a local table?
            if any(n != 1 for n in counts):
                multi.append(f"{counts}: {sql[:160]}")
    print(json.dumps({"statements_checked": checked, "not_single_shard": len(multi),
                      "cross_user_skipped": len(skipped), "not_planned_by_citus": len(unplanned)}))
    assert checked > 60
    assert multi == []
    assert unplanned == []  # every one of them went through Citus (one task each)


def test_a_worker_pass_on_the_cluster() -> None:
    from fact_memory_graph.jobs import run_worker

    user = f"citus-w-{uuid.uuid4().hex[:8]}"
    with FactMemory.open(URL, llm=_llm()) as memory:
        memory.facts.add(user, "lives in Berlin", kind="durable", category="identity", source="conversation")
        memory.facts.add(user, "resides in Berlin", kind="durable", category="identity", source="conversation")
        assert asyncio.run(run_worker(memory, once=True)) == 0
        assert user not in memory.upkeep.users_with_work()
        memory.forget(user)


def test_forget_leaves_nothing_on_any_node() -> None:
    user = f"citus-f-{uuid.uuid4().hex[:8]}"
    with FactMemory.open(URL, llm=_llm()) as memory:
        _scenario(memory, user)  # ends with forget(user) (and a restored copy under another id)
        memory.forget(f"{user}-copy")
    state = Path(os.environ.get("FM_CITUS_DIR", "/tmp/fm-citus")) / "cluster.json"
    cluster = json.loads(state.read_text())
    shards = 0
    for host, port in [tuple(n) for n in cluster["nodes"]]:
        with psycopg.connect(f"postgresql://postgres@{host}:{port}/postgres") as conn:
            # Citus hides shard tables from pg_class on the workers: show them, and count the
            # forgotten user's rows in each physical shard (and in every plain table).
            conn.execute("SET citus.override_table_visibility TO off")
            tables = [r[0] for r in conn.execute(
                "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = 'public' AND c.relkind = 'r'").fetchall()]
            for table in tables:
                shards += bool(re.search(r"_\d+$", table))
                n = conn.execute(f'SELECT count(*) FROM "{table}" t WHERE t::text LIKE %s', (f"%{user}%",)).fetchone()[0]
                assert n == 0, (port, table)
    assert shards > 0  # the physical shard tables were inspected, not only the distributed shells


def test_the_queue_drained_by_two_workers_on_the_cluster() -> None:
    """The queue is distributed by user_id: two drainers (two processes' memories) empty it at once,
    each message extracted exactly once and each user's messages in order."""
    from fact_memory_graph import FactMemoryConfig, QueueConfig
    from tests.test_queue import OrderRecorder, enqueue_numbered, flush_at_once

    users = [f"citus-q-{uuid.uuid4().hex[:6]}-{i}" for i in range(8)]
    recorder = OrderRecorder()
    config = FactMemoryConfig(queue=QueueConfig(drainer="off", max_batch=1, concurrency=3, after_seconds=0))
    first = FactMemory.open(URL, llm=ScriptedChatModel(default=recorder), config=config)
    second = FactMemory.open(URL, llm=ScriptedChatModel(default=recorder), config=config)
    enqueue_numbered(first, users, 4)
    reports = flush_at_once(first, second)
    assert sum(r.processed for r in reports) >= len(users) * 4 and not any(r.failed for r in reports)
    assert {u: recorder.order[u] for u in users} == {u: ["0", "1", "2", "3"] for u in users}  # in order, once each
    assert all(len(first.facts.list(u)) == 4 for u in users)
    for user in users:
        first.forget(user)
    first.close()
    second.close()
