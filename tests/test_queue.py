"""Queued writes: the reply never waits for extraction; the message log is durable, debounced,
exactly once, retried, isolated per user, and drained in order.

"X happens before Y" is proven with events (an extractor blocked on a ``threading.Event``), never
with timings.
"""

from __future__ import annotations

import logging
import threading
from typing import Annotated, Any, TypedDict

import pytest
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.errors import UserIdError
from fact_memory_graph.testing import FixedClock, ScriptedChatModel, prompt_message

LIVES = [{"op": "add_durable", "category": "identity", "claim": "lives in Berlin"}]


class State(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    memory_context: str
    memory_outcome: dict[str, Any]


@pytest.fixture(autouse=True)
def _leave_nothing_queued(user_id: str, db_url: str, embeddings) -> Any:
    """The test database is shared (and on a cluster run, so is its queue): a test's messages never
    outlive it, so no other test's drainer or `worker --once` meets them."""
    yield
    with FactMemory.open(db_url, embeddings=embeddings, config=queued(drainer="off")) as memory:
        memory.forget(user_id)


def readme_graph(memory: FactMemory, events: list[str], *, mode: str = "queued", defer: bool = False,
                 checkpointer: Any = None) -> Any:
    """The README's layout: START -> recall -> agent -> END, START -> remember -> END."""

    def agent(state: State) -> dict[str, Any]:
        events.append("reply")
        return {"messages": [AIMessage("noted")]}

    builder = StateGraph(State)
    builder.add_node("recall", memory.recall_node())
    builder.add_node("agent", agent)
    builder.add_node("remember", memory.write_node(mode=mode), defer=defer)
    builder.add_edge(START, "recall")
    builder.add_edge("recall", "agent")
    builder.add_edge("agent", END)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", END)
    return builder.compile(checkpointer=checkpointer)


def queued(**overrides: Any) -> FactMemoryConfig:
    return FactMemoryConfig(queue=QueueConfig(**{"after_seconds": 0, **overrides}))


class BlockedExtractor:
    """An extractor that waits for ``release`` (and records when it started and finished)."""

    def __init__(self, events: list[str], ops: list[dict[str, Any]] | None = None) -> None:
        self.events = events
        self.started = threading.Event()
        self.release = threading.Event()
        self.ops = ops if ops is not None else LIVES

    def __call__(self, messages: Any) -> list[dict[str, Any]]:
        self.events.append("extraction started")
        self.started.set()
        assert self.release.wait(60), "the test never released the extractor"
        self.events.append("extraction finished")
        return self.ops


def test_reply_comes_before_the_extraction_in_the_readme_layout(make_memory, user_id: str,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    """The in-process drainer drains every user's due messages, and the test database is shared
    by the session: messages earlier tests left queued (due at their frozen clocks) are extracted
    too, by this test's model — which was the "extracted twice" seen when this test ran after
    others (the lease runs on the frozen clock and cannot run out). Only this test's message
    goes to the blocked extractor; a failed attempt would be named by the assertion."""
    caplog.set_level(logging.WARNING)
    events: list[str] = []
    blocked = BlockedExtractor(events)
    said = f"I live in Berlin ({user_id})"

    def model(messages: Any) -> Any:  # another test's leftover message: not this test's extraction
        return blocked(messages) if user_id in prompt_message(messages) else []

    memory = make_memory(ScriptedChatModel(default=model), config=queued(drainer="thread"))
    graph = readme_graph(memory, events)
    out = graph.invoke({"messages": [("user", said)]},
                       {"configurable": {"user_id": user_id, "thread_id": "t1"}})
    # The reply is there and invoke has returned while the extractor is still held.
    assert out["messages"][-1].content == "noted" and not blocked.release.is_set()
    assert out["memory_outcome"]["queued"] == [out["messages"][0].id]
    assert memory.facts.list(user_id) == []
    assert blocked.started.wait(60)  # the in-process drainer took it, off the reply's path
    blocked.release.set()
    memory.flush(user_id)
    # The extraction may start while the agent works (another thread); it ends only after the reply.
    assert sorted(events) == ["extraction finished", "extraction started", "reply"], (
        f"events {events}; logged: {[r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]}")
    assert events.index("reply") < events.index("extraction finished")
    assert [f.claim for f in memory.facts.list(user_id)] == ["lives in Berlin"]


def test_the_sync_node_blocks_the_reply_unless_deferred(make_memory, user_id: str) -> None:
    """Why the default is queued: a sync write node beside recall holds the agent's step."""
    events: list[str] = []
    memory = make_memory(ScriptedChatModel(default=lambda m: events.append("extracted") or LIVES))
    readme_graph(memory, events, mode="sync").invoke({"messages": [("user", "I live in Berlin")]},
                                                     {"configurable": {"user_id": user_id}})
    assert events == ["extracted", "reply"]
    events.clear()
    out = readme_graph(memory, events, mode="sync", defer=True).invoke(
        {"messages": [("user", "I live in Berlin"), ("ai", "noted"), ("user", "and I have a dog")]},
        {"configurable": {"user_id": user_id}})
    assert events == ["reply", "extracted"] and out["memory_outcome"]["llm_calls"] == 1


async def test_async_graph_reply_comes_first(make_memory, user_id: str) -> None:
    events: list[str] = []
    blocked = BlockedExtractor(events)
    memory = make_memory(ScriptedChatModel(default=blocked), config=queued(drainer="off"))
    out = await readme_graph(memory, events).ainvoke({"messages": [("user", "I live in Berlin")]},
                                                     {"configurable": {"user_id": user_id}})
    assert out["messages"][-1].content == "noted" and events == ["reply"]
    blocked.release.set()
    report = await memory.aflush(user_id)
    assert report.processed == 1 and events == ["reply", "extraction started", "extraction finished"]


def test_resent_history_with_fresh_ids_is_extracted_once(make_memory, user_id: str) -> None:
    """A client without a checkpointer re-sends the whole conversation every turn; add_messages
    gives every id-less message a new uuid each time. 6 user turns -> 6 extractions."""
    llm = ScriptedChatModel(default=LIVES)
    memory = make_memory(llm, config=queued(drainer="off"))
    graph = readme_graph(memory, [])
    config = {"configurable": {"user_id": user_id, "thread_id": "resend"}}
    history: list[tuple[str, str]] = []
    for turn in range(6):
        history.append(("user", f"I live in Berlin, day {turn}"))
        out = graph.invoke({"messages": list(history)}, config)
        assert len(out["memory_outcome"]["queued"]) == 1  # only the new turn
        memory.flush(user_id)
        history.append(("ai", out["messages"][-1].content))
    assert len(llm.calls) == 6
    [fact] = memory.facts.list(user_id)
    assert len(fact.evidence_message_ids) == 6  # each turn counted once as evidence: no inflation


def test_resent_history_through_the_sync_node(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(default=LIVES)
    memory = make_memory(llm)
    graph = readme_graph(memory, [], mode="sync")
    history: list[tuple[str, str]] = []
    for turn in range(6):
        history.append(("user", f"I live in Berlin, day {turn}"))
        out = graph.invoke({"messages": list(history)}, {"configurable": {"user_id": user_id, "thread_id": "s"}})
        history.append(("ai", out["messages"][-1].content))
    assert len(llm.calls) == 6


def test_a_burst_is_one_extraction_after_the_debounce(make_memory, user_id: str, clock: FixedClock) -> None:
    llm = ScriptedChatModel(default=LIVES)
    memory = make_memory(llm, config=FactMemoryConfig(queue=QueueConfig(after_seconds=5, drainer="off")))
    node = memory.write_node()
    history: list[AnyMessage] = []
    for second, text in enumerate(["I moved.", "To Berlin.", "Last March."]):
        clock.advance(seconds=1 if second else 0)
        history.append(HumanMessage(text, id=f"m{second}"))
        node.invoke({"messages": list(history)}, {"configurable": {"user_id": user_id}})
    clock.advance(seconds=4)  # 4 s after the last message: still waiting for the burst to end
    assert memory.queue.drain_once(user_id).processed == 0 and llm.calls == []
    clock.advance(seconds=1.5)
    report = memory.queue.drain_once(user_id)
    assert report.processed == 3 and len(llm.calls) == 1
    assert prompt_message(llm.calls[0]).splitlines() == ["I moved.", "To Berlin.", "Last March."]


def test_the_debounce_never_waits_past_max_delay(make_memory, user_id: str, clock: FixedClock) -> None:
    llm = ScriptedChatModel(default=[])
    memory = make_memory(llm, config=FactMemoryConfig(queue=QueueConfig(after_seconds=5, max_delay_s=10,
                                                                        drainer="off")))
    node = memory.write_node()
    history: list[AnyMessage] = []
    for n in range(6):  # a message every 2 s: the debounce alone would never fire
        history.append(HumanMessage(f"message {n}", id=f"m{n}"))
        node.invoke({"messages": history[-5:]}, {"configurable": {"user_id": user_id}})
        clock.advance(seconds=2)
    assert memory.queue.drain_once(user_id).processed >= 1  # the first is 12 s old: past max_delay_s


def test_a_failed_extraction_is_retried_with_backoff_and_applied_once(make_memory, user_id: str,
                                                                       clock: FixedClock) -> None:
    llm = ScriptedChatModel(responses=[RuntimeError("model down"), LIVES])
    memory = make_memory(llm, config=queued(drainer="off", retry_base_s=30))
    memory.write_node().invoke({"messages": [HumanMessage("I live in Berlin", id="m1")]},
                               {"configurable": {"user_id": user_id}})
    first = memory.queue.drain_once(user_id)
    assert list(first.failed[user_id]) == ["m1"] and "model down" in first.failed[user_id]["m1"]
    assert memory.facts.list(user_id) == [] and memory.queue.status(user_id)["retrying"] == 1
    clock.advance(seconds=10)
    assert memory.queue.drain_once(user_id).processed == 0  # still waiting out the backoff
    clock.advance(seconds=25)
    assert memory.queue.drain_once(user_id).processed == 1
    assert [f.claim for f in memory.facts.list(user_id)] == ["lives in Berlin"]
    # The same message again (a retry from the client): recognised, never applied twice.
    out = memory.write_node().invoke({"messages": [HumanMessage("I live in Berlin", id="m1")]},
                                     {"configurable": {"user_id": user_id}})
    assert out["memory_outcome"]["queued"] == [] and len(llm.calls) == 2


def test_a_poison_message_is_parked_and_never_blocks_the_others(make_memory, user_id: str,
                                                                clock: FixedClock) -> None:
    llm = ScriptedChatModel(by_message={"poison": RuntimeError("always fails")}, default=LIVES)
    memory = make_memory(llm, config=queued(drainer="off", max_attempts=2, retry_base_s=1))
    node = memory.write_node()
    node.invoke({"messages": [HumanMessage("poison", id="p")]}, {"configurable": {"user_id": user_id}})
    memory.queue.drain_once(user_id)
    node.invoke({"messages": [HumanMessage("poison", id="p"), HumanMessage("I live in Berlin", id="ok")]},
                {"configurable": {"user_id": user_id}})
    assert memory.queue.drain_once(user_id).processed == 1  # the good one alone; the poison waits its backoff
    clock.advance(seconds=5)
    report = memory.queue.drain_once(user_id)
    assert list(report.failed[user_id]) == ["p"]
    status = memory.queue.status(user_id)
    assert status["failed"] == 1 and status["queued"] == 0
    health = memory.upkeep.health(user_id)
    assert health.failed_messages == 1 and any("parked" in a for a in health.alerts)
    assert memory.queue.retry_failed(user_id) == 1 and memory.queue.status(user_id)["queued"] == 1


def test_forget_leaves_nothing_queued(make_memory, user_id: str) -> None:
    memory = make_memory(ScriptedChatModel(default=LIVES), config=queued(drainer="off"))
    memory.write_node().invoke({"messages": [HumanMessage("I live in Berlin, my card is 4111", id="m1")]},
                               {"configurable": {"user_id": user_id}})
    assert memory.export(user_id)["message_log"][0]["text"].startswith("I live in Berlin")
    counts = memory.forget(user_id)
    assert counts["message_log"] == 1
    assert memory.queue.status(user_id)["queued"] == 0 and memory.export(user_id)["message_log"] == []
    assert memory.flush(user_id).processed == 0 and memory.facts.list(user_id) == []


def test_processed_messages_leave_the_log_after_log_days(make_memory, user_id: str, clock: FixedClock) -> None:
    memory = make_memory(ScriptedChatModel(default=[]), config=queued(drainer="off", log_days=1))
    node = memory.write_node()
    node.invoke({"messages": [HumanMessage("first", id="a")]}, {"configurable": {"user_id": user_id}})
    memory.flush(user_id)
    assert [m["state"] for m in memory.export(user_id)["message_log"]] == ["done"]
    clock.advance(days=2)
    node.invoke({"messages": [HumanMessage("second", id="b")]}, {"configurable": {"user_id": user_id}})
    memory.flush(user_id)
    assert [m["message_id"] for m in memory.export(user_id)["message_log"]] == ["b"]


def test_health_and_status_show_the_backlog(make_memory, user_id: str, clock: FixedClock) -> None:
    memory = make_memory(ScriptedChatModel(default=[]), config=queued(drainer="off"))
    memory.write_node().invoke({"messages": [HumanMessage("hello there", id="h1")]},
                               {"configurable": {"user_id": user_id}})
    clock.advance(minutes=10)
    report = memory.upkeep.health(user_id)
    assert report.queued_messages == 1 and report.oldest_queued_seconds == pytest.approx(600)
    assert any("queue" in a and "drainer" in a for a in report.alerts)
    memory.forget(user_id)  # the database is shared: leave nothing queued for other tests' drainers


class OrderRecorder:
    """An extractor for messages "<user>:<n>": records the order each user's messages arrive in."""

    def __init__(self) -> None:
        self.order: dict[str, list[str]] = {}
        self._lock = threading.Lock()

    def __call__(self, messages: Any) -> list[dict[str, Any]]:
        user, n = prompt_message(messages).split(":")
        with self._lock:
            self.order.setdefault(user, []).append(n)
        return [{"op": "add_current", "category": "working_on", "claim": f"task {n}"}]


def enqueue_numbered(memory: FactMemory, users: list[str], per_user: int) -> None:
    """Queue "<user>:0" .. "<user>:<per_user-1>" for each user, one turn at a time."""
    for user in users:
        history: list[AnyMessage] = []
        for n in range(per_user):
            history.append(HumanMessage(f"{user}:{n}", id=f"q{n}"))
            memory.write_node().invoke({"messages": list(history)}, {"configurable": {"user_id": user}})


def flush_at_once(*memories: FactMemory) -> list[Any]:
    """Every memory's flush() started together (a barrier), on threads; their reports."""
    barrier = threading.Barrier(len(memories))
    reports: list[Any] = []

    def drain(memory: FactMemory) -> None:
        barrier.wait()
        reports.append(memory.flush())

    threads = [threading.Thread(target=drain, args=(m,)) for m in memories]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    return reports


def test_two_drainers_take_each_user_in_order_and_each_message_once(make_memory, fresh_db_url: str) -> None:
    recorder = OrderRecorder()
    llm = ScriptedChatModel(default=recorder)
    config = queued(drainer="off", max_batch=1, concurrency=3)
    first, second = make_memory(llm, config=config, url=fresh_db_url), make_memory(llm, config=config, url=fresh_db_url)
    users = [f"order-{i}" for i in range(6)]
    enqueue_numbered(first, users, 4)
    reports = flush_at_once(first, second)
    assert sum(r.processed for r in reports) == 24 and not any(r.failed for r in reports)
    assert {u: recorder.order[u] for u in users} == {u: ["0", "1", "2", "3"] for u in users}
    assert all(len(first.facts.list(u)) == 4 for u in users)


def test_a_write_naming_no_user_is_a_coding_error(make_memory, caplog) -> None:
    """Not "will be retried": no retry can fix it, so it raises even with on_error="log"."""
    memory = make_memory(config=queued(drainer="off"))
    for mode in ("queued", "sync"):
        with caplog.at_level(logging.WARNING), pytest.raises(UserIdError, match="no user id"):
            memory.write_node(mode=mode).invoke({"messages": [HumanMessage("hi")]})
    assert not [r for r in caplog.records if "retried" in r.getMessage()]


def test_hostile_message_text_is_stored_as_data(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(default=[])
    memory = make_memory(llm, config=queued(drainer="off"))
    hostile = "'); DROP TABLE fact_memory_messages; --\x00 \udc80 " + "x" * 20_000
    out = memory.write_node().invoke({"messages": [HumanMessage(hostile, id="evil")]},
                                     {"configurable": {"user_id": user_id}})
    assert out["memory_outcome"]["queued"] == ["evil"]
    assert memory.flush(user_id).processed == 1
    assert "DROP TABLE" in prompt_message(llm.calls[0]) and len(prompt_message(llm.calls[0])) < 9_000


def test_no_model_is_one_clear_error_and_nothing_is_lost(make_memory, user_id: str, caplog) -> None:
    from fact_memory_graph.errors import ConfigurationError

    memory = make_memory(config=queued(drainer="off"))
    memory._llm = None  # no model given and none in the environment
    memory.write_node().invoke({"messages": [HumanMessage("I live in Berlin", id="m1")]},
                               {"configurable": {"user_id": user_id}})
    with caplog.at_level(logging.WARNING), pytest.raises(ConfigurationError, match="no chat model"):
        memory.flush(user_id)
    assert memory.queue.status(user_id)["queued"] == 1  # still there for when a model is set
    memory.forget(user_id)


def test_the_middleware_replies_before_the_extraction(make_memory, user_id: str) -> None:
    from langchain.agents import create_agent

    from fact_memory_graph.middleware import FactMemoryMiddleware
    from fact_memory_graph.testing import ScriptedAgentModel

    events: list[str] = []
    blocked = BlockedExtractor(events)
    memory = make_memory(ScriptedChatModel(default=blocked), config=queued(drainer="thread"))
    middleware = FactMemoryMiddleware(memory)
    agent = create_agent(ScriptedAgentModel(replies=[AIMessage("Hello!")]), tools=[], middleware=[middleware])
    out = agent.invoke({"messages": [HumanMessage("I live in Berlin")]}, {"configurable": {"user_id": user_id}})
    events.append("reply")
    assert out["messages"][-1].content == "Hello!" and not blocked.release.is_set()
    blocked.release.set()
    middleware.flush(user_id)
    assert events.index("reply") < events.index("extraction finished")
    assert [f.claim for f in memory.facts.list(user_id)] == ["lives in Berlin"]


async def test_an_aopen_memory_drains_in_its_background_thread(db_url: str, embeddings, clock, user_id: str) -> None:
    """After aopen() the memory's async pool belongs to the app's loop; the drainer thread has its
    own loop and must not touch that pool."""
    events: list[str] = []
    blocked = BlockedExtractor(events)
    memory = await FactMemory.aopen(db_url, embeddings=embeddings, clock=clock,
                                    llm=ScriptedChatModel(default=blocked), config=queued(drainer="thread"))
    try:
        out = await readme_graph(memory, events).ainvoke({"messages": [("user", "I live in Berlin")]},
                                                         {"configurable": {"user_id": user_id}})
        assert out["memory_outcome"]["queued"] and not blocked.release.is_set()
        assert blocked.started.wait(60)  # taken by the drainer thread
        blocked.release.set()
        report = await memory.aflush(user_id)
        assert not report.failed
        assert [f.claim for f in await memory.facts.alist(user_id)] == ["lives in Berlin"]
    finally:
        await memory.aclose()


def test_a_flush_tells_users_apart_whose_message_ids_are_the_same(make_memory, fresh_db_url: str) -> None:
    """Message ids are unique per user only: two users' "q1" are two messages."""
    llm = ScriptedChatModel(by_message={"poison": RuntimeError("fails")}, default=LIVES)
    memory = make_memory(llm, config=queued(drainer="off"), url=fresh_db_url)
    memory.write_node().invoke({"messages": [HumanMessage("poison", id="q1")]}, {"configurable": {"user_id": "a"}})
    memory.write_node().invoke({"messages": [HumanMessage("I live in Berlin", id="q1")]},
                               {"configurable": {"user_id": "b"}})
    report = memory.flush()
    assert report.processed == 1 and list(report.failed) == ["a"]
    assert [f.claim for f in memory.facts.list("b")] == ["lives in Berlin"]


def test_a_batch_whose_outcome_cannot_be_recorded_gives_its_claim_back(make_memory, user_id: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A store error while recording a batch's failure ends the drain; the claim is released, so
    the user's messages are not held until the lease (5 minutes) runs out."""
    from fact_memory_graph.errors import StoreError

    llm = ScriptedChatModel(responses=[RuntimeError("model down")], default=LIVES)
    memory = make_memory(llm, config=queued(drainer="off"))
    memory.write_node().invoke({"messages": [HumanMessage("I live in Berlin", id="m1")]},
                               {"configurable": {"user_id": user_id}})

    async def unreachable(*args, **kwargs):
        raise StoreError("connection lost")

    monkeypatch.setattr(memory.queue._astore, "fail", unreachable)
    with pytest.raises(StoreError):
        memory.flush(user_id)
    monkeypatch.undo()
    assert memory.flush(user_id, timeout=30).processed == 1  # not held by a dead claim
    assert [f.claim for f in memory.facts.list(user_id)] == ["lives in Berlin"]
