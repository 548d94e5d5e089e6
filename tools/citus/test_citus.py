"""The memory on a real Citus cluster (tools/citus/run.sh runs this; not part of `make test`).

Needs FACT_MEMORY_CITUS_URL: the coordinator of a cluster whose schema was distributed with
`fact-memory setup --citus`. Checks: every per-user statement of a full scenario plans as a
single-shard (router) query — EXPLAIN shows one task, no distributed subplan (an intermediate
result shipped to the workers), and no local table of the coordinator read or written beside a
distributed one — except the scheduler's cross-user listing; a worker pass; forget leaves
nothing on any node. The tables come from the layout registry (fact_memory_graph/store/layout.py).
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

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig, ReconcileConfig
from fact_memory_graph.store import _driver, layout
from fact_memory_graph.store.plans.base import VectorParam
from fact_memory_graph.testing import ScriptedChatModel, prompt_message

URL = os.environ.get("FACT_MEMORY_CITUS_URL")
pytestmark = pytest.mark.skipif(not URL, reason="FACT_MEMORY_CITUS_URL is not set (tools/citus/run.sh)")

#: The one statement that spans users on purpose (the scheduler's listing of who has work).
CROSS_USER = "SELECT DISTINCT f.user_id FROM fact_memory_facts f WHERE"


def _names(tables: Any) -> re.Pattern[str]:
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, tables))) + r")\b")


#: Tables on the workers (distributed by user_id, or reference), and the coordinator's own.
USER_TABLES = _names([*layout.DISTRIBUTED, *layout.REFERENCE])
LOCAL_TABLES = _names(layout.LOCAL)


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


def _subplans(plan: Any) -> int:
    """Distributed subplans in a Citus plan: results computed first and sent to the nodes as
    intermediate results (with a worker down, to a node that may not answer)."""
    if isinstance(plan, dict):
        return sum(len(v) if k == "Subplans" and isinstance(v, list) else _subplans(v) for k, v in plan.items())
    if isinstance(plan, list):
        return sum(_subplans(item) for item in plan)
    return 0


SAID = ["I love hiking.", "My bank PIN hint is my cat's birthday.", "forget what I just said", "I live in Oslo."]


def _scenario(memory: FactMemory, user: str) -> None:
    memory.facts.add(user, "lives in Berlin", kind="durable", category="identity", source="conversation")
    memory.facts.add(user, "allergic to penicillin", kind="durable", category="health")
    memory.facts.add(user, "tired today", kind="current", category="feeling")
    memory.remember(user, "I moved to Tokyo", message_id="m1", session_id="s1")
    memory.remember(user, "Berlin is still home", message_id="m2", session_id="s1")
    # A message naming a person and the user's own name (the evaluators' person merge, twice).
    memory.remember(user, "My sister Mia visited. Call me Sam.", message_id="m3", session_id="s1")
    memory.remember(user, "Mia (Mimi) is a nurse", message_id="m4", session_id="s1")
    memory.evaluations.people(user), memory.evaluations.who(user, "Mimi")
    # Queued writes: enqueue (the write node), claim, apply and finish (flush), a failure and its
    # retry bookkeeping, status and re-queue.
    node = memory.write_node()
    node.invoke({"messages": [HumanMessage("I have a dog", id="q1")]}, {"configurable": {"user_id": user}})
    node.invoke({"messages": [HumanMessage("I have a dog", id="q1"), HumanMessage("poison", id="q2")]},
                {"configurable": {"user_id": user, "thread_id": "s2"}})
    memory.flush(user)
    memory.queue.status(user), memory.queue.retry_failed(user)
    # "forget what I just said" with the history re-sent each turn (fresh ids): the user then has
    # forgotten turns, and keeps queueing.
    history: list[tuple[str, str]] = []
    for text in SAID:
        history.append(("user", text))
        out = node.invoke({"messages": [{"role": r, "content": t} for r, t in history]},
                          {"configurable": {"user_id": user, "thread_id": "s3"}})
        assert out["memory_outcome"].get("queued"), out["memory_outcome"]  # queued, not spooled
        memory.flush(user)
    memory.recall(user, "where do I live?", include_profile=True, include_sessions=True)
    memory.as_retriever(user_id=user).invoke("health", search_kwargs={"since": "2020-01-01T00:00:00+00:00"})
    memory.flush(user)
    memory.upkeep.compact(user)
    memory.upkeep.maintain(user)  # retention on (the memory's config)
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


def _extract(messages: Any) -> Any:
    said = prompt_message(messages)
    if "poison" in said:
        raise RuntimeError("a failed extraction")
    out: dict[str, Any] = {"ops": []}
    if "I moved to Tokyo" in said:
        out["ops"] = [{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo", "category": "identity"}]
    elif "Berlin is still home" in said:
        out["ops"] = [{"op": "strengthen", "ref": "D1"}]
    elif "Mia" in said:
        out = {"ops": [{"op": "add_durable", "category": "relationship", "claim": "has a sister Mia"}],
               "relationships": [{"name": "Mia", "relation": "sister", "aliases": ["Mimi"]}],
               "identity": ["Sam"]}
    for word, claim in (("dog", "has a dog"), ("hiking", "loves hiking"), ("cat's birthday", "cat born in May"),
                        ("Oslo", "lives in Oslo")):
        if word in said:
            out["ops"].append({"op": "add_durable", "category": "relationship", "claim": claim})
    return out


def _llm() -> ScriptedChatModel:
    def respond(messages: Any) -> Any:
        if "<<<" in str(messages[-1].content):  # an extraction prompt carries the message
            return _extract(messages)
        return {"verdicts": [{"ref": "C1", "verdict": "accept", "reason": "moved"}], "decisions": []}
    return ScriptedChatModel(default=respond)


def _config() -> FactMemoryConfig:
    return FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0),
                            reconcile=ReconcileConfig(retention_days=1))


def test_every_per_user_statement_is_single_shard(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, Any]] = []
    real_fetch = _driver._fetch

    def recording_fetch(cur, q, pipe):
        seen.append((q.sql, q.params))
        return real_fetch(cur, q, pipe)

    monkeypatch.setattr(_driver, "_fetch", recording_fetch)
    user = f"citus-{uuid.uuid4().hex[:8]}"
    with FactMemory.open(URL, llm=_llm(), config=_config()) as memory:
        _scenario(memory, user)
    checked, coordinator_only, multi, broadcast, mixed, skipped, unplanned = 0, 0, [], [], [], [], []
    with psycopg.connect(URL, cursor_factory=psycopg.ClientCursor) as conn:
        for sql, params in seen:
            head = sql.lstrip().upper()
            on_workers, local = USER_TABLES.search(sql), LOCAL_TABLES.search(sql)
            if head.startswith(("CREATE", "ALTER", "SET", "SELECT SETVAL(")):
                continue
            if local and on_workers:  # a local table meets a distributed one: its rows go to the workers
                mixed.append(sql[:200])
                continue
            if local:
                coordinator_only += 1
                continue
            if not on_workers:
                continue
            if sql.lstrip().startswith(CROSS_USER):
                skipped.append(sql[:80])
                continue
            try:
                with conn.transaction(force_rollback=True):
                    plan = conn.execute("EXPLAIN (FORMAT JSON) " + sql, _text_params(params)).fetchone()[0]
            except psycopg.Error as exc:  # a statement Citus cannot plan (none expected)
                multi.append(f"EXPLAIN failed: {exc}: {sql[:200]}")
                continue
            checked += 1
            counts = _task_counts(plan)
            if not counts:
                unplanned.append(sql[:200])  # not planned by Citus at all
            if any(n != 1 for n in counts):
                multi.append(f"{counts}: {sql[:200]}")
            if _subplans(plan):
                broadcast.append(f"{_subplans(plan)} subplan(s): {sql[:200]}")
    print(json.dumps({"statements_checked": checked, "not_single_shard": len(multi), "broadcast": len(broadcast),
                      "local_beside_distributed": len(mixed), "coordinator_only": coordinator_only,
                      "cross_user_skipped": len(skipped), "not_planned_by_citus": len(unplanned)}))
    assert checked > 60
    assert multi == []
    assert broadcast == [], "\n".join(broadcast)  # no per-user statement ships a result to the workers
    assert mixed == []  # the coordinator's tables are read in statements of their own
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
