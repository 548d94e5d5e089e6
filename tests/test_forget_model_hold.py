"""No prompt quoting forgotten text is sent after a forget returned: an extraction (inline or
queued) and the review hold the user's lock, shared, from a forget-generation re-check until the
model answers, and every forget takes that lock alone — so it waits for the call in flight.

Deterministic: the scripted model blocks on an event; the test waits until Postgres reports the
forget waiting for the user's lock (pg_locks), checks the forget has not returned, then lets the
model answer. No sleeps, no timing asserts."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig, WriteConfig
from fact_memory_graph.config import SessionConfig
from fact_memory_graph.errors import ForgetPendingError
from fact_memory_graph.testing import ScriptedChatModel
from tests.test_forget_final import lives_in, place, tables_holding
from tests.test_forget_races import _user_lock_waiters, _wait, holding, offline
from tests.test_queue import readme_graph


class Blocking:
    """A scripted model whose calls, once ``armed``, wait for ``go``; records the prompts and
    what happened, in order, in ``events``. Answers as the extractor :func:`lives_in` (and with
    no proposals to the review)."""

    def __init__(self, armed: bool = True) -> None:
        self.entered, self.go = threading.Event(), threading.Event()
        self.events: list[str] = []
        self.prompts: list[str] = []
        self.armed = armed

    def __call__(self, messages: Any) -> Any:
        if not self.armed:
            return lives_in(messages)
        self.prompts.append("\n".join(str(m.content) for m in messages))
        self.entered.set()
        assert self.go.wait(60)
        self.events.append("model answered")
        if str(messages[0].content).startswith("You review one day"):
            return {"proposals": [], "sessions": []}
        return lives_in(messages)


def forget_behind_the_call(db_url: str, user_id: str, model: Blocking, forget: Any) -> threading.Thread:
    """Once the model call is in flight: start ``forget``, wait until it waits for the user's lock,
    check it has not returned, then let the model answer."""
    assert model.entered.wait(60)

    def run() -> None:
        forget()
        model.events.append("forget returned")

    thread = threading.Thread(target=run)
    thread.start()
    _wait(lambda: _user_lock_waiters(db_url, user_id) > 0, "the forget to wait for the model call")
    assert thread.is_alive() and model.events == []
    model.go.set()
    return thread


def test_a_forget_during_an_inline_model_call_returns_after_it(make_memory, db_url: str, user_id: str) -> None:
    city = place()
    model = Blocking()
    memory: FactMemory = make_memory(ScriptedChatModel(default=model))
    memory.facts.add(user_id, f"likes {city}", kind="durable", category="preference")
    write = threading.Thread(target=lambda: memory.remember(user_id, f"I live in {city}"))
    write.start()
    forget = forget_behind_the_call(db_url, user_id, model, lambda: memory.forget(user_id))
    forget.join(60)
    write.join(60)
    assert model.events == ["model answered", "forget returned"]
    assert memory.facts.list(user_id) == [] and tables_holding(db_url, city, user_id) == []


def test_a_forget_during_a_queued_model_call_returns_after_it(make_memory, db_url: str, user_id: str) -> None:
    city = place()
    model = Blocking()
    memory: FactMemory = make_memory(ScriptedChatModel(default=model), config=offline())
    readme_graph(memory, []).invoke({"messages": [HumanMessage(f"I live in {city}", id="q1")]},
                                    {"configurable": {"user_id": user_id}})
    flush = threading.Thread(target=lambda: memory.flush(user_id))
    flush.start()
    forget = forget_behind_the_call(db_url, user_id, model, lambda: memory.facts.forget_message(user_id, "q1"))
    forget.join(60)
    flush.join(60)
    assert model.events[:2] == ["model answered", "forget returned"]
    memory.flush(user_id)
    assert memory.facts.list(user_id) == [] and tables_holding(db_url, city, user_id) == []


def test_a_forget_during_the_reviews_model_call_returns_after_it(make_memory, db_url: str, user_id: str) -> None:
    city = place()
    model = Blocking(armed=False)
    memory: FactMemory = make_memory(ScriptedChatModel(default=model), config=offline())
    memory.remember(user_id, f"I live in {city}")
    model.armed = True  # from now on the model's calls block
    review = threading.Thread(target=lambda: memory.review.run(user_id))
    review.start()
    forget = forget_behind_the_call(db_url, user_id, model, lambda: memory.forget(user_id))
    forget.join(60)
    review.join(60)
    assert model.events == ["model answered", "forget returned"]
    assert memory.facts.list(user_id) == [] and tables_holding(db_url, city, user_id) == []


async def test_async_twin_a_forget_during_a_model_call_returns_after_it(db_url: str, embeddings, clock,
                                                                        user_id: str) -> None:
    """The native async store (``aopen``): the hold is taken on the async pool's twin."""
    city = place()
    model = Blocking()
    memory = await FactMemory.aopen(db_url, embeddings=embeddings, clock=clock, llm=ScriptedChatModel(default=model))
    try:
        # The test's side runs on a thread: the scripted model blocks the event loop's thread.
        side: list[threading.Thread] = []
        coordinator = threading.Thread(target=lambda: side.append(
            forget_behind_the_call(db_url, user_id, model, lambda: memory.forget(user_id))))
        coordinator.start()
        await memory.aremember(user_id, f"I live in {city}")
        coordinator.join(60)
        await asyncio.to_thread(side[0].join, 60)
        assert model.events == ["model answered", "forget returned"]
        assert memory.facts.list(user_id) == [] and tables_holding(db_url, city, user_id) == []
    finally:
        await memory.aclose()


def test_no_prompt_when_a_forget_commits_while_the_call_waits_for_the_lock(make_memory, db_url: str,
                                                                           user_id: str) -> None:
    """The write read the generation and the user's facts before the forget committed (the
    forget is held inside its transaction, after its deletes): its model call waits for the
    lock, re-reads the generation after the wait, and sends no prompt at all."""
    city = place()
    model = Blocking()
    model.go.set()
    memory: FactMemory = make_memory(ScriptedChatModel(default=model))
    memory.facts.add(user_id, f"likes {city}", kind="durable", category="preference")
    with holding(db_url, user_id, "fact_memory_users", "INSERT OR UPDATE") as gate:
        gate.hold(lambda: memory.forget(user_id))  # everything deleted, the generation not yet bumped
        gate.race(lambda: memory.remember(user_id, "I like tea"))
    assert gate.errors == [] or all("forgotten while" in str(e) for e in gate.errors)
    assert model.prompts == []  # the retrieved (forgotten) fact was never sent
    assert memory.facts.list(user_id) == [] and tables_holding(db_url, city, user_id) == []


def test_a_batch_whose_generation_changed_before_the_call_sends_no_prompt(make_memory, user_id: str) -> None:
    model = Blocking()
    model.go.set()
    memory: FactMemory = make_memory(ScriptedChatModel(default=model))
    stale = memory.store.user_generation(user_id) + 1
    out = memory.write_graph().invoke({"messages": [HumanMessage("I live in Oslo", id="s1")], "user_id": user_id,
                                       "generation": stale, "batch_ids": ["s1"]})
    assert "forgotten while" in (out["memory_outcome"]["skipped"] or "")
    assert model.prompts == [] and memory.facts.list(user_id) == []


def test_a_forget_gives_up_after_forget_wait_s_and_deletes_nothing(make_memory, db_url: str,
                                                                    user_id: str) -> None:
    """A model call that outlasts ``WriteConfig.forget_wait_s``: the forget fails (its lock wait
    timed out) having deleted nothing — recorded for the worker to retry, and the caller may call
    it again — rather than return while a prompt may still be sent."""
    model = Blocking()
    config = FactMemoryConfig(write=WriteConfig(forget_wait_s=0.2), queue=QueueConfig(drainer="off"))
    memory: FactMemory = make_memory(ScriptedChatModel(default=model), config=config)
    memory.facts.add(user_id, "likes tea", kind="durable", category="preference")
    write = threading.Thread(target=lambda: memory.remember(user_id, "I live in Oslo"))
    write.start()
    assert model.entered.wait(60)
    try:
        with pytest.raises(ForgetPendingError, match="lock timeout"):
            memory.forget(user_id)
    finally:
        model.go.set()
    assert [f.claim for f in memory.facts.list(user_id)] == ["likes tea"]
    write.join(60)
    memory.forget(user_id)
    assert memory.facts.list(user_id) == []


def test_a_forget_during_a_session_summarys_model_call_returns_after_it(make_memory, db_url: str,
                                                                         user_id: str) -> None:
    """``SessionConfig.summarize_with_model``: the summary's prompt quotes the session's facts."""
    city = place()
    model = Blocking(armed=False)
    config = FactMemoryConfig(sessions=SessionConfig(summarize_with_model=True), queue=QueueConfig(drainer="off"))
    memory: FactMemory = make_memory(ScriptedChatModel(default=model), config=config)
    memory.remember(user_id, f"I live in {city}", session_id="s1")
    model.armed = True
    build = threading.Thread(target=lambda: memory.sessions.build(user_id))
    build.start()
    forget = forget_behind_the_call(db_url, user_id, model, lambda: memory.forget(user_id))
    forget.join(60)
    build.join(60)
    assert model.events == ["model answered", "forget returned"] and city in model.prompts[0]
    assert memory.sessions.list(user_id) == [] and tables_holding(db_url, city, user_id) == []


def test_a_forget_during_the_reconcilers_model_call_returns_after_it(make_memory, db_url: str,
                                                                      user_id: str) -> None:
    """The adjudicator's prompt quotes a group of the user's facts."""
    city = place()
    model = Blocking()
    memory: FactMemory = make_memory(config=offline())
    memory.facts.add(user_id, f"prefers concise answers about {city}", kind="durable", category="preference")
    memory.facts.add(user_id, f"likes short, concise replies about {city}", kind="durable", category="preference")
    reports: list[Any] = []
    compact = threading.Thread(target=lambda: reports.append(
        memory.upkeep.compact(user_id, llm=ScriptedChatModel(default=model))))
    compact.start()
    forget = forget_behind_the_call(db_url, user_id, model, lambda: memory.forget(user_id))
    forget.join(60)
    compact.join(60)
    assert model.events == ["model answered", "forget returned"] and city in model.prompts[0]
    assert reports and reports[0].merged == 0
    assert memory.facts.list(user_id) == [] and tables_holding(db_url, city, user_id) == []
