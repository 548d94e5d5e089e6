"""Growing a real Citus cluster under load (tools/citus/run.sh runs this last; not part of `make test`).

Needs FACT_MEMORY_CITUS_URL (a cluster from tools/citus/cluster.py with `fact-memory setup
--citus`). Seeds N users (facts, a pending correction, audit, profile, session records, queued and
processed messages), then, with writers running, adds a third worker and rebalances
(`citus_rebalance_start()`, then `citus_rebalance_wait()`). Checks: every user's rows are intact
(compared with an export taken before, plus what the writers applied, against their ledger), each
user's rows still live in one shard group on one node, some shards moved to the new node; prints
the time the rebalance took and the writes' p50/p99 during the move.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

import psycopg
import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.testing import ScriptedChatModel

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cluster  # noqa: E402

URL = os.environ.get("FACT_MEMORY_CITUS_URL")
pytestmark = pytest.mark.skipif(not URL, reason="FACT_MEMORY_CITUS_URL is not set (tools/citus/run.sh)")
USERS = int(os.environ.get("FM_GROW_USERS", "120"))
TABLES = ("fact_memory_facts", "fact_memory_candidates", "fact_memory_audit", "fact_memory_processed_messages",
          "fact_memory_profiles", "fact_memory_sessions", "fact_memory_messages")


def _llm() -> ScriptedChatModel:
    return ScriptedChatModel(by_message={
        "I moved to Tokyo": {"ops": [{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo",
                                      "category": "identity"}]},
    }, default=[{"op": "add_current", "category": "working_on", "claim": "planning a trip"}])


def _counts(memory: FactMemory, user: str) -> dict[str, int]:
    data = memory.export(user)
    return {key: len(data[key]) for key in ("facts", "candidates", "audit_log", "processed_messages", "sessions",
                                             "message_log")}


def _homes(conn: psycopg.Connection, user: str) -> set[int]:
    return {r[0] for r in conn.execute(
        "SELECT DISTINCT n.nodeport FROM pg_dist_shard s JOIN pg_dist_placement pl USING (shardid)"
        " JOIN pg_dist_node n USING (groupid)"
        " WHERE s.logicalrelid::text = ANY(%s) AND s.shardid = get_shard_id_for_distribution_column("
        "   s.logicalrelid, %s::text)", (list(TABLES), user)).fetchall()}


def test_a_node_added_and_shards_rebalanced_under_load() -> None:
    tag = uuid.uuid4().hex[:6]
    users = [f"grow-{tag}-{i}" for i in range(USERS)]
    memory = FactMemory.open(URL, llm=_llm(), config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    for user in users:
        memory.facts.add_many(user, [{"claim": f"lives in Berlin ({user})", "kind": "durable", "category": "identity"},
                                {"claim": "allergic to penicillin", "kind": "durable", "category": "health"}],
                         message_id="seed")
        memory.remember(user, "I moved to Tokyo", message_id="m1", session_id="s1")
        memory.write_node().invoke({"messages": [HumanMessage("I am planning a trip", id="q1")]},
                                   {"configurable": {"user_id": user, "thread_id": "s2"}})
    memory.flush()
    for user in users:
        memory.facts.profile(user)
        memory.sessions.build(user)
    before = {u: _counts(memory, u) for u in users}
    odd = {u: c for u, c in before.items() if c["candidates"] != 1 or c["sessions"] < 1}
    assert not odd, list(odd.items())[:3]

    stop = threading.Event()
    timings: list[float] = []
    ledger: dict[str, list[str]] = {u: [] for u in users}
    errors: list[str] = []
    lock = threading.Lock()

    def write(offset: int) -> None:
        n = 0
        while not stop.is_set() and n < 20_000:  # until the move ends (bounded)
            user = users[(offset + n) % len(users)]
            message_id = f"w{offset}-{n}"
            t0 = time.perf_counter()
            try:
                memory.facts.add(user, f"note {message_id}", kind="durable", category="preference",
                                message_id=message_id)
                with lock:
                    timings.append(time.perf_counter() - t0)
                    ledger[user].append(message_id)
            except Exception as exc:  # a failure during the move is counted, not hidden
                with lock:
                    errors.append(f"{type(exc).__name__}: {exc}"[:200])
            n += 1

    writers = [threading.Thread(target=write, args=(i * 1000,)) for i in range(4)]
    for t in writers:
        t.start()
    added_s = cluster.add_worker()
    with psycopg.connect(URL, autocommit=True) as conn:
        t0 = time.perf_counter()
        conn.execute("SELECT citus_rebalance_start()")
        conn.execute("SELECT citus_rebalance_wait()")
        rebalance_s = time.perf_counter() - t0
        moved = conn.execute(
            "SELECT count(*) FROM pg_dist_placement pl JOIN pg_dist_node n USING (groupid) WHERE n.nodeport = %s",
            (cluster.PORTS["worker3"],)).fetchone()[0]
    stop.set()
    for t in writers:
        t.join(120)
    assert moved > 0  # shards live on the new node
    assert errors == [], errors[:3]
    # Every user intact: what was there before plus exactly what the writers applied; one home each.
    with psycopg.connect(URL) as conn:
        for user in users:
            after = _counts(memory, user)
            written = len(ledger[user])
            # Each write is one audited op: an add, or a strengthen when write-time dedup found the
            # claim near another "note ..." (exactly once either way).
            ops = [a.op for a in memory.admin.audit(user) if (a.message_id or "").startswith("direct:w")]
            assert len(ops) == written and set(ops) <= {"add_durable", "strengthen"}, user
            assert after["facts"] == before[user]["facts"] + ops.count("add_durable"), user
            assert after["audit_log"] == before[user]["audit_log"] + written, user
            for key in ("candidates", "sessions", "message_log"):
                assert after[key] == before[user][key], (user, key)
            assert after["processed_messages"] == before[user]["processed_messages"] + written, user
            assert len(_homes(conn, user)) == 1, user  # still one shard group, on one node
            assert memory.facts.profile(user).text
    ms = sorted(t * 1000 for t in timings)
    print(json.dumps({"users": USERS, "add_node_s": round(added_s, 2), "rebalance_s": round(rebalance_s, 2),
                      "placements_on_new_node": moved, "writes_during_move": len(ms),
                      "write_p50_ms": round(statistics.median(ms), 1),
                      "write_p99_ms": round(ms[min(len(ms) - 1, int(0.99 * len(ms)))], 1)}))
    for user in users:
        memory.forget(user)
    memory.close()
