"""A worker node lost on a real Citus cluster (tools/citus/run.sh runs this; not part of `make test`).

Needs FACT_MEMORY_CITUS_URL (the coordinator of a cluster started by tools/citus/cluster.py and
distributed with `fact-memory setup --citus`). Writers run for many users; worker2's postmaster is
SIGKILLed by its pid mid-write and started again. Checked against a ledger of what was sent:
failures only for users whose shard lives on the lost worker, each a library error within the
write budget; nothing partial; no prepared transaction left; every failed write applied exactly
once on retry. With the worker down: processes still open the memory, reads of its users fail
open (the recall node answers with an empty section), the other users read and write as usual; a
forget cannot finish (it writes on every node) and is recorded, the scheduler lists the reachable
users, and `run_worker(once=True)` counts both as failures; after the restart the worker's pass
finishes the forget.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
import uuid
from pathlib import Path

import psycopg
import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import (
    FactMemory,
    FactMemoryConfig,
    FactMemoryError,
    ForgetPendingError,
    QueueConfig,
    ReconcileConfig,
)
from fact_memory_graph.jobs import run_worker
from fact_memory_graph.testing import ScriptedChatModel

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cluster  # noqa: E402

URL = os.environ.get("FACT_MEMORY_CITUS_URL")
pytestmark = pytest.mark.skipif(not URL, reason="FACT_MEMORY_CITUS_URL is not set (tools/citus/run.sh)")
LOST = "worker2"
USERS = 24
ROUNDS = 40  # writes per user, bounded


def _people_llm() -> ScriptedChatModel:
    return ScriptedChatModel(by_message={"My sister Mia came over": {
        "ops": [{"op": "add_durable", "category": "relationship", "claim": "has a sister Mia"}],
        "relationships": [{"name": "Mia", "relation": "sister", "aliases": ["Mimi"]}]}}, default=[])


def _node_port(conn: psycopg.Connection, user: str) -> int:
    return conn.execute(
        "SELECT p.nodeport FROM pg_dist_placement pl JOIN pg_dist_node p USING (groupid)"
        " WHERE pl.shardid = get_shard_id_for_distribution_column('fact_memory_facts', %s::text)", (user,)).fetchone()[0]


def _prepared(port: int) -> int:
    with psycopg.connect(cluster.url(port)) as conn:
        return conn.execute("SELECT count(*) FROM pg_prepared_xacts").fetchone()[0]


def test_a_worker_lost_mid_write() -> None:
    tag = uuid.uuid4().hex[:6]
    users = [f"fault-{tag}-{i}" for i in range(USERS)]
    with psycopg.connect(URL) as conn:
        homes = {u: _node_port(conn, u) for u in users}
    lost_port = cluster.PORTS[LOST]
    assert set(homes.values()) == {cluster.PORTS["worker1"], lost_port}  # users on both workers
    memory = FactMemory.open(URL, config=FactMemoryConfig(pool_max_size=12, pool_timeout_s=5))
    ledger: dict[str, dict[str, str]] = {u: {} for u in users}  # user -> message id -> "ok" | error
    lock = threading.Lock()
    killed = threading.Event()

    def write(user: str) -> None:
        for n in range(ROUNDS):
            message_id = f"w{n}"
            try:
                memory.facts.add(user, f"visited city number {n}", kind="durable", category="life_event",
                                message_id=message_id)
                outcome = "ok"
            except FactMemoryError as exc:
                outcome = f"{type(exc).__name__}: {exc}"
            with lock:
                ledger[user][message_id] = outcome
            if n == ROUNDS // 3 and user == users[0]:
                cluster.kill(LOST)
                killed.set()

    threads = [threading.Thread(target=write, args=(u,)) for u in users]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert killed.is_set()
    failed = {(u, m): e for u, ms in ledger.items() for m, e in ms.items() if e != "ok"}
    try:
        # Failures only for the lost worker's users, each a library error naming the node.
        assert failed, "the kill landed after every write"
        assert {homes[u] for u, _ in failed} == {lost_port}
        odd = sorted({e[:160] for e in failed.values() if str(lost_port) not in e and "connection" not in e.lower()
                      and "could not commit transaction for shard" not in e})
        assert not odd, odd
        # With the worker down: a process still opens the memory; the healthy users write and
        # read; the lost worker's users read fail open in the recall node.
        healthy = next(u for u in users if homes[u] != lost_port)
        lost = next(u for u in users if homes[u] == lost_port)
        leaving = next(f"leaving-{tag}-{i}" for i in range(100)
                       if _node_port(psycopg.connect(URL), f"leaving-{tag}-{i}") != lost_port)
        with FactMemory.open(URL, llm=_people_llm(),
                             config=FactMemoryConfig(queue=QueueConfig(after_seconds=0),
                                                     reconcile=ReconcileConfig(retention_days=1))) as second:
            second.facts.add(healthy, "has a cat", kind="durable", category="relationship", message_id="down-1")
            node = second.recall_node()
            assert "has a cat" in node.invoke({"messages": [("user", "any pets?")]},
                                              {"configurable": {"user_id": healthy}})["memory_context"]
            assert node.invoke({"messages": [("user", "any trips?")]},
                               {"configurable": {"user_id": lost}})["memory_context"] == ""
            # The queue keeps flowing for the healthy users (the drainer lists shard by shard): the
            # turn is queued on the user's shard, not spooled on the side.
            out = second.write_node().invoke({"messages": [HumanMessage("I play chess", id="cq1")]},
                                             {"configurable": {"user_id": healthy}})
            assert out["memory_outcome"]["queued"] == ["cq1"] and not out["memory_outcome"].get("spooled")
            assert second.queue.drain_once().processed >= 1
            assert second.queue.status(healthy)["queued"] == 0
            # A message naming a person applies; people / who and maintain with retention on touch
            # only the healthy user's shard.
            second.remember(healthy, "My sister Mia came over", message_id="down-mia")
            assert [p.name for p in second.evaluations.people(healthy)] == ["Mia"]
            person, facts = second.evaluations.who(healthy, "Mimi")
            assert person.name == "Mia" and [f.claim for f in facts] == ["has a sister Mia"]
            assert "purged_facts" in second.upkeep.maintain(healthy)
            # "forget what I just said" bumps the user's forget generation (so work in flight that
            # read the turn applies nothing), a row of a reference table kept on every node: while a
            # node is down it cannot finish, deletes nothing and says so (retried after the restart,
            # below); the user keeps queueing meanwhile.
            with pytest.raises(FactMemoryError, match="(?i)connection"):
                second.facts.forget_message(healthy, "down-mia")
            assert [p.name for p in second.evaluations.people(healthy)] == ["Mia"]  # nothing deleted
            out = second.write_node().invoke({"messages": [HumanMessage("I play go", id="cq2")]},
                                             {"configurable": {"user_id": healthy}})
            assert out["memory_outcome"]["queued"] == ["cq2"] and not out["memory_outcome"].get("spooled")
            second.flush(healthy)
            # forget writes the forget generation on every node (a reference table): it cannot
            # finish, deletes nothing, and is recorded for the worker to retry.
            second.facts.add(leaving, "likes chess", kind="durable", category="preference", message_id="leave-1")
            with pytest.raises(ForgetPendingError, match="retries it"):
                second.forget(leaving)
            assert leaving in [r["user_id"] for r in second.admin.forget_requests()]
            # The scheduler lists the reachable shards' users and counts the rest as a failure.
            reachable, unreachable = second.upkeep.users_with_work_reachable()
            assert unreachable > 0 and healthy in reachable and lost not in reachable
            assert asyncio.run(run_worker(second, once=True)) >= 2  # the forget and the listing
            assert second.facts.list(leaving)  # still pending
    finally:
        cluster.restart(LOST)
    # The forget of a turn refused during the outage finishes once every node answers.
    assert memory.facts.forget_message(healthy, "down-mia")["purged"] == 1
    assert memory.evaluations.people(healthy) == []
    # Recovery: retry every failed write with its own message id; each applies exactly once.
    for (user, message_id), _error in sorted(failed.items()):
        n = int(message_id[1:])
        memory.facts.add(user, f"visited city number {n}", kind="durable", category="life_event",
                        message_id=message_id)
        memory.facts.add(user, f"visited city number {n}", kind="durable", category="life_event",
                        message_id=message_id)  # a second retry is a no-op
    for user in users:
        claims = sorted(f.claim for f in memory.facts.list(user) if f.claim.startswith("visited"))
        assert claims == sorted(f"visited city number {n}" for n in range(ROUNDS)), user  # nothing partial, none lost
        adds = [a for a in memory.admin.audit(user) if (a.after or {}).get("claim", "").startswith("visited")]
        assert len(adds) == ROUNDS  # one add each: no message applied twice
    # The worker's next pass finishes the pending forget.
    assert asyncio.run(run_worker(memory, once=True)) == 0
    assert memory.facts.list(leaving) == [] and memory.admin.forget_requests() == []
    with psycopg.connect(URL, autocommit=True) as conn:
        conn.execute("SELECT recover_prepared_transactions()")
    assert all(_prepared(port) == 0 for port in cluster.PORTS.values())
    lost_users = sum(1 for u in users if homes[u] == lost_port)
    print(json.dumps({"users": USERS, "writes": USERS * ROUNDS, "failed": len(failed),
                      "failed_users": len({u for u, _ in failed}), "lost_worker_users": lost_users,
                      "healthy_users": USERS - lost_users, "healthy_writes_failed": 0,
                      "retried_ok": len(failed), "partial_rows": 0}))
    for user in users:
        memory.forget(user)
    memory.close()
