"""The facade calls the inspector's pages stand on (each with its async twin): a page of users
with their counts, a filtered page of facts, the message log with what each reply was shown,
time series for the charts, and retrying one parked message."""

from __future__ import annotations

import pytest

from fact_memory_graph import InvalidInputError
from fact_memory_graph.testing import FixedClock

from .helpers import T0
from .inspector_seed import config, scripted, seed


@pytest.fixture
def seeded(make_memory, user_id: str):  # type: ignore[no-untyped-def]
    clock = FixedClock(T0)
    memory = make_memory(scripted(), config=config(), clock=clock)
    seed(memory, user_id, clock)
    seed(memory, user_id + "-b", clock)
    yield memory
    memory.forget(user_id)
    memory.forget(user_id + "-b")


async def test_users_page_counts_pages_and_searches(seeded, user_id: str) -> None:
    rows = seeded.admin.users_page(prefix=user_id)
    assert [r["user_id"] for r in rows] == [user_id, user_id + "-b"]
    first = rows[0]
    assert (first["durable"], first["current"], first["facts"]) == (3, 2, 5)
    assert (first["queued"], first["parked"], first["pending"]) == (0, 1, 1)
    assert first["last_activity"] is not None
    assert [r["user_id"] for r in seeded.admin.users_page(prefix=user_id, after=user_id)] == [user_id + "-b"]
    assert seeded.admin.users_page(prefix=user_id, limit=1) == rows[:1]
    assert await seeded.admin.ausers_page(prefix=user_id) == rows
    assert seeded.admin.users_page(prefix=user_id + "-nobody") == []


async def test_facts_page_filters_orders_and_counts(seeded, user_id: str) -> None:
    found, total = seeded.facts.page(user_id, kind="durable", status=["active"], order="claim")
    assert total == 3 and [f.claim for f in found] == sorted(f.claim for f in found)
    found, total = seeded.facts.page(user_id, contains="MARATHON")
    assert total == 1 and found[0].claim == "training for a marathon"
    found, total = seeded.facts.page(user_id, limit=2, offset=1, order="oldest")
    assert total == 5 and len(found) == 2
    assert await seeded.facts.apage(user_id, limit=2, offset=1, order="oldest") == (found, total)
    assert seeded.facts.page(user_id, min_confidence=0.99) == ([], 0)
    with pytest.raises(InvalidInputError):
        seeded.facts.page(user_id, order="random()")
    with pytest.raises(InvalidInputError):
        seeded.facts.page(user_id, kind="neither")


async def test_the_message_log_says_what_each_reply_was_shown(seeded, user_id: str) -> None:
    log = seeded.queue.messages(user_id)
    assert [m["message_id"] for m in log] == ["poison", "m4", "m3", "m2", "m1"]  # newest first
    m4 = next(m for m in log if m["message_id"] == "m4")
    assert m4["facts_shown"] == 5 and len(m4["shown_digests"]) == 5 and m4["exposure"]["facts_shown"] == 5
    assert [m["message_id"] for m in seeded.queue.messages(user_id, session_id="chat-2")] == ["poison"]
    assert [m["state"] for m in seeded.queue.messages(user_id, states=["failed"])] == ["failed"]
    assert [m["message_id"] for m in seeded.queue.messages(user_id, message_ids=["m1", "nope"])] == ["m1"]
    assert await seeded.queue.amessages(user_id, message_ids=["m1"]) == seeded.queue.messages(user_id, message_ids=["m1"])
    # Retry one parked message of one user: the other user's stays parked.
    assert seeded.queue.retry_failed(user_id, message_ids=["m1"]) == 0  # processed, not parked
    assert seeded.queue.retry_failed(user_id, message_ids=["poison"]) == 1
    assert seeded.queue.status(user_id)["failed"] == 0 and seeded.queue.status(user_id + "-b")["failed"] == 1


async def test_series_for_the_charts(seeded, user_id: str) -> None:
    series = seeded.upkeep.series(user_id, days=30)
    assert sum(r["n"] for r in series["facts"]) == 5  # five facts; the correction still waits for review
    assert sum(r["shown"] for r in series["shown"]) == sum(
        m["facts_shown"] or 0 for m in seeded.queue.messages(user_id))
    assert sum(r["n"] for r in series["queued"]) == 5 and sum(r["n"] for r in series["processed"]) == 4
    assert await seeded.upkeep.aseries(user_id, days=30) == series
    everyone = seeded.upkeep.series(days=30, bucket="week")
    assert sum(r["n"] for r in everyone["queued"]) >= 10
