"""Issue 45, seventh round (words and context): secrets named by a word, implicit privacy, a
secret split across turns, the look-alikes that only name a secret word, and ``remember_many``
reading each message as the next turn of its thread.

Every value and sentence here was written for these tests (none copied from a corpus).
"""

from __future__ import annotations

from typing import Any

import pytest

from fact_memory_graph import FactMemory
from fact_memory_graph.sanitize import redact_secrets, redact_thread
from fact_memory_graph.testing import ScriptedChatModel
from tests.test_forget_final import tables_holding
from tests.test_secret_threads import hostile


# ---------------------------------------------------------------- remember_many reads a thread
def test_remember_many_reads_each_message_with_the_earlier_ones_of_its_thread(
        make_memory: Any, db_url: str, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    other = f"{user_id}-other"
    items = [
        # a code named in one item, dictated in the next two
        {"user_id": user_id, "message": "the code for the bike shed is a long one", "session_id": "s1"},
        {"user_id": user_id, "message": "it's 739104", "session_id": "s1"},
        {"user_id": user_id, "message": "then 882615", "session_id": "s1"},
        # another user's thread in between: its numbers are not secrets, and not read with user_id's
        {"user_id": other, "message": "my flight lands at 17:40 on Friday", "session_id": "s1"},
        {"user_id": other, "message": "it's gate 52", "session_id": "s1"},
        # a private turn announced by the one before it
        {"user_id": user_id, "message": "can I tell you something in confidence?", "session_id": "s1"},
        {"user_id": user_id, "message": "I have been interviewing with Quillmark Labs", "session_id": "s1"},
        # the same user, another session: not read with s1's turns
        {"user_id": user_id, "message": "my order number is 4410-2291", "session_id": "s2"},
    ]
    outcomes = memory.remember_many(items, concurrency=4)
    assert all(o.error is None for o in outcomes), [o.error for o in outcomes]
    for needle in ("739104", "882615", "Quillmark"):
        assert tables_holding(db_url, needle, user_id) == [], needle
    # what is no secret is kept: the other user's gate, the order number in its own session
    assert tables_holding(db_url, "gate 52", other)
    assert tables_holding(db_url, "4410-2291", user_id)


async def test_aremember_many_reads_a_label_then_its_value(make_memory: Any, db_url: str, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    items = [{"user_id": user_id, "message": "what's the wifi password at the cabin?"},
             {"user_id": user_id, "message": "it's larchwood-owl"},
             {"user_id": user_id, "message": "we drive up on the 14th"}]
    outcomes = await memory.aremember_many(items, ordered=False)
    assert all(o.error is None for o in outcomes)
    assert tables_holding(db_url, "larchwood", user_id) == []
    assert tables_holding(db_url, "14th", user_id)


# ---------------------------------------------------------------- helpers for the cases below
def _masked(text: str, value: str) -> bool:
    return value not in redact_secrets(text)


def _kept(text: str, value: str) -> bool:
    return value in redact_secrets(text)


def _masked_in_thread(turns: list[str], value: str) -> bool:
    return value not in redact_thread(turns[-1], turns[:-1])


_ = pytest  # used by the parametrized cases below
