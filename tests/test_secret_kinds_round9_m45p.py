"""Round nine (m45p): a privacy request in a later turn keeps the earlier turn out of everything.

Every sentence here was written for this file (none is a corpus item or a training sentence).
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory
from fact_memory_graph.forgetting import asks_to_forget, request_in_thread, withheld_turns
from fact_memory_graph.ops import _shape
from fact_memory_graph.testing import ScriptedChatModel
from tests.test_forget_final import tables_holding
from tests.test_secret_threads import hostile


@pytest.mark.parametrize("turns", [
    ["my brother failed his bar exam again", "please don't keep that, it's private"],
    ["mi hermana perdió el bebé", "no lo guardes, es privado"],
    ["meine Tochter schwänzt seit Wochen die Schule", "bitte nicht speichern, das bleibt unter uns"],
    ["私の兄は借金がある", "誰にも言わないで"],
    ["mon père a une maladie grave", "ne le note pas, s'il te plaît, c'est privé"],
])
def test_a_short_request_after_a_turn_reaches_back_to_it(turns: list[str]) -> None:
    request = request_in_thread(turns[1], turns[:1])
    assert request is not None and request.target in ("both", "previous"), request
    assert withheld_turns(turns)[0] is True


@pytest.mark.parametrize("turns", [
    ["I live in Harrowgate", "I love rowing on the Tarn, but please don't remember that"],
    ["we adopted a cat last spring", "kocama sakın söyleme, kredi çektim"],
])
def test_a_request_beside_something_new_stays_about_its_own_message(turns: list[str]) -> None:
    assert withheld_turns(turns) == [False, True]


def test_a_request_with_a_story_of_its_own_stays_about_its_own_message() -> None:
    story = ("please don't tell anyone, but last winter I lent my cousin most of my savings for his "
             "restaurant and he closed it in March without paying anything back")
    assert withheld_turns(["I went hiking on Sunday", story]) == [False, True]


def test_a_request_right_after_another_request_does_not_reach_further() -> None:
    turns = ["the weather is nice today", "don't save this please", "I owe the tax office money"]
    assert withheld_turns(turns)[0] is True  # "don't save this" alone is about the turn before (as before)
    assert asks_to_forget("I owe the tax office money") is None


def test_a_rejected_ops_log_line_names_no_value() -> None:
    line = _shape({"op": "add_durable", "claim": "my aunt is in rehab", "category": "nonsense"})
    assert "rehab" not in line and line.startswith("add_durable[") and "claim" in line


def test_a_later_short_request_keeps_the_earlier_turn_out_of_every_table(
        make_memory: Any, db_url: str, user_id: str, caplog: pytest.LogCaptureFixture) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    first = HumanMessage("my uncle Brannoch lost the house to a gambling debt", id="m45p-1")
    second = HumanMessage("please don't keep that, it's private", id="m45p-2")
    with caplog.at_level(logging.DEBUG):
        memory.remember(user_id, first, message_id=first.id, session_id="t")
        memory.remember(user_id, second, message_id=second.id, context=[first], session_id="t")
    assert tables_holding(db_url, "gambling debt", user_id) == []
    assert tables_holding(db_url, "Brannoch", user_id) == []
    assert "gambling" not in caplog.text
