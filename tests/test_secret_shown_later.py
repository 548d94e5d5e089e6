"""A secret only the next turn shows: the turn that held it is forgotten when the next one comes.

A login id typed in one turn and its password in the next ("Customer number: …" / "Password: …"):
the id's turn, read when it came, holds nothing the filter withholds, so what the model stored from
it may hold the id. The next turn shows what it was; the write path then forgets that turn (its
facts only it supports, every table), as "forget what I just said" does, before it applies the new
message — through ``remember(..., context=...)`` and a parent graph's ``messages`` (the inline write
node). Numbers that a
next turn does not make secret (an order, then a delivery day) are kept. Values made up here.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.sanitize import redact_thread, revealed_by_next
from fact_memory_graph.testing import ScriptedChatModel
from tests.test_forget_final import tables_holding
from tests.test_queue import readme_graph
from tests.test_secret_threads import hostile

LOGIN = ["Customer number: 5512093847", "Password: Kx9!rain"]
USER_NAME = ["my username is lena.k_88", "and the password Tulip#884"]


@pytest.mark.parametrize(("turns", "value"), [(LOGIN, "5512093847"), (USER_NAME, "lena.k_88")])
def test_the_next_turn_shows_what_the_first_held(turns: list[str], value: str) -> None:
    assert value in redact_thread(turns[0], [])  # alone, the id's turn holds nothing to withhold
    assert revealed_by_next(turns[0], [], turns[1])


@pytest.mark.parametrize("turns", [["my order number is 48291037", "it should arrive friday"],
                                   ["username: marta_92", "what a day"],
                                   ["the card starts 4539 1488", "then 0343 6467"]])  # withheld already
def test_a_next_turn_that_shows_nothing_new_reveals_nothing(turns: list[str]) -> None:
    assert not revealed_by_next(turns[0], [], turns[1])


def test_remember_with_context_forgets_the_turn_the_next_one_revealed(make_memory, db_url: str, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    first = HumanMessage(LOGIN[0], id="l1")
    memory.remember(user_id, first)
    assert tables_holding(db_url, "5512093847", user_id)  # stored when it came: nothing said what it was
    memory.remember(user_id, HumanMessage(LOGIN[1], id="l2"), context=[first])
    assert tables_holding(db_url, "5512093847", user_id) == []
    assert tables_holding(db_url, "Kx9!rain", user_id) == []


def test_an_ordinary_number_before_an_ordinary_turn_is_kept(make_memory, db_url: str, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    first = HumanMessage("my order number is 48291037", id="o1")
    memory.remember(user_id, first)
    memory.remember(user_id, HumanMessage("it should arrive friday", id="o2"), context=[first])
    assert tables_holding(db_url, "48291037", user_id)


@pytest.mark.parametrize("mode", ["sync", "queued"])
def test_a_parent_graph_with_add_messages_keeps_no_revealed_login(make_memory, db_url: str, user_id: str,
                                                                  mode: str) -> None:
    """The README's layout, the inline and the queued write node (the queued turn's recorded
    context says what the turn after showed: the drainer reads it already redacted)."""
    llm = ScriptedChatModel(default=hostile)
    memory: FactMemory = make_memory(llm, config=FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0)))
    graph = readme_graph(memory, [], mode=mode, checkpointer=InMemorySaver())
    config = {"configurable": {"user_id": user_id, "thread_id": "t"}}
    for text in USER_NAME:
        graph.invoke({"messages": [HumanMessage(text)]}, config)
        memory.flush(user_id)
    assert tables_holding(db_url, "lena.k_88", user_id) == []
    assert tables_holding(db_url, "Tulip#884", user_id) == []


async def test_aremember_with_context_forgets_the_turn_the_next_one_revealed(make_memory, db_url: str,
                                                                             user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    first = HumanMessage(USER_NAME[0], id="a1")
    await memory.aremember(user_id, first)
    await memory.aremember(user_id, HumanMessage(USER_NAME[1], id="a2"), context=[first])
    assert tables_holding(db_url, "lena.k_88", user_id) == []


def _says(claim: str):
    """A model that states one fact as a real one would, whatever the message."""
    def ops(messages):
        from fact_memory_graph.testing import prompt_message
        said = prompt_message(messages)
        return [{"op": "add_durable", "category": "identity", "claim": claim}] if "5512093847" in said or \
            "lena.k_88" in said else []
    return ops


@pytest.mark.parametrize(("turns", "value"), [(LOGIN, "5512093847"), (USER_NAME, "lena.k_88")])
def test_remember_without_context_reads_what_the_last_turn_stored(make_memory, db_url: str, user_id: str,
                                                                 turns: list[str], value: str) -> None:
    """No context: the store keeps no text of the turn before, so the claims stored from the user's
    last turn are read with the new message (the hostile model stored the turn word for word)."""
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    memory.remember(user_id, HumanMessage(turns[0], id="n1"))
    assert tables_holding(db_url, value, user_id)
    outcome = memory.remember(user_id, HumanMessage(turns[1], id="n2"))
    assert outcome.forgotten and outcome.forgotten["purged"] >= 1
    assert tables_holding(db_url, value, user_id) == []


async def test_aremember_without_context_reads_a_claim_as_a_model_words_it(make_memory, db_url: str,
                                                                           user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=_says("Their username is lena.k_88")))
    await memory.aremember(user_id, HumanMessage(USER_NAME[0], id="w1"))
    assert tables_holding(db_url, "lena.k_88", user_id)
    await memory.aremember(user_id, HumanMessage(USER_NAME[1], id="w2"))
    assert tables_holding(db_url, "lena.k_88", user_id) == []


def test_without_context_an_ordinary_turn_before_a_password_is_kept(make_memory, db_url: str, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    memory.remember(user_id, HumanMessage("my order number is 48291037", id="k1"))
    outcome = memory.remember(user_id, HumanMessage("my password is Tulip#884", id="k2"))
    assert not outcome.forgotten
    assert tables_holding(db_url, "48291037", user_id)
    assert tables_holding(db_url, "Tulip#884", user_id) == []


def test_without_context_the_logged_turn_is_read_whatever_the_claim(make_memory, db_url: str, user_id: str) -> None:
    """A claim worded far from the turn ("has a bank customer number …"): the turn's logged text
    (kept for the nightly review's window) still shows what the turn said."""
    memory: FactMemory = make_memory(ScriptedChatModel(default=_says("has bank customer number 5512093847")))
    memory.remember(user_id, HumanMessage(LOGIN[0], id="f1"))
    memory.remember(user_id, HumanMessage(LOGIN[1], id="f2"))
    assert tables_holding(db_url, "5512093847", user_id) == []
