"""Users are independent in the drainer: a message that kills the process is charged to its own
user only, one user's slow model call delays only that user, a listing error says what failed
and is retried soon, and repeated log lines are rate-limited. Ordering is proven with events,
never timings."""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
from typing import Any

from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.testing import FixedClock, ScriptedChatModel, prompt_message
from tests.test_forget_final import lives_in

# A drainer process whose model call for "poison" kills it (os._exit, as the OOM killer would)
# while another user's batch is in flight beside it (that call waits for the kill).
POISONED_DRAINER = """
import os, sys, threading
from datetime import datetime
from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.embeddings import LocalMiniLMEmbeddings
from fact_memory_graph.testing import FixedClock, ScriptedChatModel, prompt_message

other_in_flight = threading.Event()

poison_started = threading.Event()

def model(messages):
    said = prompt_message(messages)
    if "poison" in said:
        poison_started.set()
        other_in_flight.wait(2)  # with the other user's call in flight (or alone: after 2 s)
        os._exit(3)
    if "live in" in said:
        other_in_flight.set()
        if poison_started.wait(2):  # in flight beside the poison: dies with the process
            threading.Event().wait()
        return [{"op": "add_durable", "category": "identity", "claim": "lives in Rome"}]
    return []

memory = FactMemory.open(sys.argv[1], llm=ScriptedChatModel(default=model), embeddings=LocalMiniLMEmbeddings(),
                         clock=FixedClock(datetime.fromisoformat(sys.argv[2])),
                         config=FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0, lease_s=60,
                                                                   max_attempts=int(sys.argv[3]))))
memory.queue.drain_once()
print("survived", flush=True)
"""


def test_a_poison_message_is_parked_alone_and_the_other_user_is_extracted(make_memory, db_url: str, user_id: str,
                                                                          clock: FixedClock) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=lives_in), config=FactMemoryConfig(
        queue=QueueConfig(drainer="off", after_seconds=0, lease_s=60, max_attempts=2)))
    other = user_id + "-other"
    node = memory.write_node()
    node.invoke({"messages": [HumanMessage("this is poison", id="p1")]}, {"configurable": {"user_id": user_id}})
    node.invoke({"messages": [HumanMessage("I live in Rome", id="r1")]}, {"configurable": {"user_id": other}})
    try:
        exits = []
        for _ in range(6):  # drainer processes, one after another, each a lease after the last
            done = subprocess.run([sys.executable, "-c", POISONED_DRAINER, db_url, clock().isoformat(), "2"],
                                  capture_output=True, text=True, timeout=300)
            exits.append(done.returncode)
            clock.advance(seconds=61)
            if memory.queue.status(user_id)["failed"] and memory.facts.list(other):
                break
        # The first death took both batches down; then each was extracted alone: the poison died
        # alone (charged), the other user's message was extracted.
        assert exits[0] == 3, exits
        assert [f.claim for f in memory.facts.list(other)] == ["lives in Rome"]
        status = memory.queue.status(user_id)
        assert status["failed"] == 1 and "nothing else in flight" in status["parked"][0]["reason"]
        assert memory.queue.status(other)["failed"] == 0
    finally:
        memory.forget(other)


def test_one_users_slow_model_call_delays_only_that_user(make_memory, user_id: str) -> None:
    """The background drainer: user A's model call is blocked; user B's message, queued after,
    is extracted while A's call still waits (B's extraction releases A)."""
    other = user_id + "-fast"
    a_thinking, b_done = threading.Event(), threading.Event()

    def model(messages: Any) -> Any:
        said = prompt_message(messages)
        if "slow" in said:
            a_thinking.set()
            assert b_done.wait(60), "the other user's message waited for this model call"
            return []
        b_done.set()
        return lives_in(messages)

    memory: FactMemory = make_memory(ScriptedChatModel(default=model), config=FactMemoryConfig(
        queue=QueueConfig(drainer="thread", after_seconds=0, poll_s=60)))
    try:
        node = memory.write_node()
        node.invoke({"messages": [HumanMessage("I am slow today", id="s1")]}, {"configurable": {"user_id": user_id}})
        assert a_thinking.wait(60)
        node.invoke({"messages": [HumanMessage("I live in Lima", id="f1")]}, {"configurable": {"user_id": other}})
        assert b_done.wait(60)  # extracted while A's call is still blocked (A waits for this event)
        memory.queue.flush(other, timeout=60)
        assert [f.claim for f in memory.facts.list(other)] == ["lives in Lima"]
    finally:
        memory.forget(other)


def test_a_listing_error_on_plain_postgres_says_what_failed(make_memory, caplog) -> None:
    """A listing that fails on a Postgres without Citus says so (not "schema missing
    (pg_dist_partition)"), and the drainer retries soon (its backoff starts at 0.5 s)."""
    import asyncio

    from fact_memory_graph.errors import StoreError

    memory: FactMemory = make_memory(config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    queue = memory.queue

    async def failing(**_: Any) -> Any:
        raise StoreError("database error (QueryCanceled): canceling statement due to statement timeout")

    queue._astore.due_users = failing  # type: ignore[method-assign]
    try:
        asyncio.run(queue._due_users(memory.context.now(), 4, False, None))
    except StoreError as exc:
        message = str(exc)
    assert "listing the users with due messages failed" in message and "statement timeout" in message
    assert "pg_dist_partition" not in message and "schema" not in message
    with caplog.at_level(logging.WARNING, logger="fact_memory_graph"):
        assert queue._outage(0.0, StoreError(message)) == 0.5
        assert queue._outage(0.5, StoreError(message)) == 1.0
    assert len([r for r in caplog.records if "cannot be drained" in r.getMessage()]) == 1


def test_repeated_log_lines_are_rate_limited(caplog) -> None:
    from fact_memory_graph.logs import RateLimit

    clock = FixedClock()
    logger = logging.getLogger("fact_memory_graph.test_rate_limit")
    limit = RateLimit(per_window=3, window_s=60.0, clock=lambda: clock().timestamp())
    logger.addFilter(limit)
    try:
        with caplog.at_level(logging.WARNING, logger="fact_memory_graph.test_rate_limit"):
            for n in range(1000):
                logger.warning("fact-memory: memory write failed, message %s not queued", n)
            clock.advance(seconds=61)
            logger.warning("fact-memory: memory write failed, message %s not queued", "last")
        lines = [r.getMessage() for r in caplog.records]
        assert len(lines) == 4
        assert "997 similar lines suppressed" in lines[-1]
    finally:
        logger.removeFilter(limit)


def test_the_library_loggers_of_the_write_path_are_rate_limited() -> None:
    from fact_memory_graph.logs import RateLimit

    for name in ("fact_memory_graph.queue", "fact_memory_graph.deadline", "fact_memory_graph.write_graph",
                 "fact_memory_graph.nodes.extract"):
        __import__(name)
        assert any(isinstance(f, RateLimit) for f in logging.getLogger(name).filters), name

