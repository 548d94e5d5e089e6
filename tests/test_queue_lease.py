"""A claim's lease that runs out while its holder still extracts (a stalled process, a model call
longer than the lease with missed heartbeats): another drainer takes the batch and calls the model
again — at-least-once extraction — but the message is applied once, never twice.

The lease is measured on the memory's injected clock (claims, heartbeats and expiry all read
``ctx.now()``), so a loaded box cannot make a lease run out in a test: only advancing the test's
clock does. (The flaky ``test_queue.py::test_reply_comes_before_the_extraction_in_the_readme_layout``
runs on a frozen clock, so its lease cannot have expired; a second extraction there can only follow
a failed first attempt, which the test now reports with its logged error.)"""

from __future__ import annotations

import threading
from typing import Any

from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.testing import FixedClock, ScriptedChatModel
from tests.test_queue import readme_graph


def test_a_lease_that_runs_out_mid_extraction_extracts_twice_but_applies_once(
        make_memory, db_url: str, user_id: str, clock: FixedClock) -> None:
    entered, go = threading.Event(), threading.Event()
    calls: list[str] = []

    def model(messages: Any) -> Any:
        calls.append("call")
        if len(calls) == 1:  # the first holder stalls in its model call
            entered.set()
            assert go.wait(60)
        return [{"op": "add_durable", "category": "identity", "claim": "lives in Berlin"}]

    # A long lease: the first holder's heartbeat (every third of it, in real time) never beats
    # during the test; the lease runs out only because the test moves the clock.
    config = FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0, lease_s=3600))
    memory: FactMemory = make_memory(ScriptedChatModel(default=model), config=config)
    readme_graph(memory, []).invoke({"messages": [HumanMessage("I live in Berlin", id="l1")]},
                                    {"configurable": {"user_id": user_id}})
    first = threading.Thread(target=lambda: memory.flush(user_id))
    first.start()
    assert entered.wait(60)
    clock.advance(seconds=3601)  # the first holder's lease ran out: it looks dead
    second = memory.flush(user_id)  # another drainer takes the batch and extracts it again
    assert second.processed == 1 and calls == ["call", "call"]
    go.set()
    first.join(60)
    assert not first.is_alive()
    # The model was called twice; the message applied once.
    assert [f.claim for f in memory.facts.list(user_id)] == ["lives in Berlin"]
    adds = [a for a in memory.store.audit_log(user_id) if a.op == "add_durable"]
    assert len(adds) == 1 and adds[0].message_id == "l1"
    assert memory.queue.status(user_id)["queued"] == 0
