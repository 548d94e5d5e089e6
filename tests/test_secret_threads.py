"""Issue 45, fifth round: a message is read as the next turn of its thread, on every path.

A secret dictated over two or three turns (its name in one, a part in each of the next: "the
alarm code is a long one" / "it's 4471" / "then 9902") is withheld in every turn, whether the
turns come through ``remember(..., context=...)``, a parent graph's ``messages`` (``add_messages``,
with the assistant's replies between the user's turns) or the queue; numbers that are not
secrets (an order, a phone, a date given over two turns) are kept. A turn announced as private
("can I tell you something in confidence?") is not kept, and a turn the user asked not to keep is
not shown again to the extractor with a later message. The values are made up for these tests.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.forgetting import announces_private, withheld_turns
from fact_memory_graph.sanitize import redact_thread, redact_turns
from fact_memory_graph.testing import ScriptedChatModel, prompt_message
from tests.test_forget_final import tables_holding
from tests.test_queue import readme_graph

_CONTEXT_LINE = re.compile(r'^(?:user|assistant|human): (".*")$', re.M)


def _shown(messages: Any) -> str:
    """Everything the extractor was shown of the user's words: the earlier turns, then the message."""
    prompt = str(messages[-1].content) if messages else ""
    earlier = [json.loads(m.group(1)) for m in _CONTEXT_LINE.finditer(prompt)]
    return " ".join([*earlier, prompt_message(messages)])


def hostile(messages: Any) -> list[dict[str, Any]]:
    """A model that stores everything it was shown, as a claim."""
    return [{"op": "add_durable", "category": "identity", "claim": _shown(messages)[:400]}]


def _kept_out(text: str, earlier: list[str], part: str) -> bool:
    return part not in redact_thread(text, earlier)


# ---------------------------------------------------------------- the filter, turn by turn
@pytest.mark.parametrize(("turns", "parts"), [
    # a name, then the parts in the next two turns
    (["my gym locker code is a long one", "it's 583017", "then 402266"], ["583017", "402266"]),
    (["the router password is in two bits", "first Kp4!maple", "then orchard_77"], ["Kp4!maple", "orchard_77"]),
    # a password begun in one turn and ended in the next, in other languages
    (["mi contraseña empieza con Gato", "y termina con 77!Luna"], ["Gato", "77!Luna"]),
    (["das Passwort fängt mit Wolke an", "und hört mit 19#Berg auf"], ["Wolke", "19#Berg"]),
    (["hasło zaczyna się od Kot", "a kończy na 55&Mleko"], ["Kot", "55&Mleko"]),
    # half a card after its name in a language, the other half alone
    (["pierwsza połowa numeru karty 5274 9013", "druga 6620 8841"], ["5274 9013", "6620 8841"]),
    (["kortnummeret mitt 4716 2290", "resten 3318 0057"], ["4716 2290", "3318 0057"]),
    (["カード番号の前半 3566 0021", "後半 7714 9920"], ["3566 0021", "7714 9920"]),
    # a card announced, then given bare over two turns
    (["I'll send my card number in two messages", "4024 0071 5512", "8834"], ["4024 0071 5512", "8834"]),
    # a name with a word about it ("long"), then the parts, the first one a plain word
    (["la contraseña es larga", "empieza por Ciruela", "y sigue con _Verde41"], ["Ciruela", "_Verde41"]),
    (["my password is complicated", "it starts with Heron", "and ends with 2004!"], ["Heron", "2004!"]),
    # an account named, its halves in two turns
    (["numer konta 4410 2291", "reszta 0034 1187 6620"], ["4410 2291", "0034 1187 6620"]),
])
def test_a_secret_dictated_over_turns_is_withheld_in_every_turn(turns: list[str], parts: list[str]) -> None:
    offset = len(turns) - len(parts)
    for n, part in enumerate(parts, start=offset):
        assert _kept_out(turns[n], turns[:n], part), (turns[n], redact_thread(turns[n], turns[:n]))
        # and in every later prompt's context, where the turn is shown again
        for later in range(n + 1, len(turns) + 1):
            after = turns[later] if later < len(turns) else "ok"
            shown = redact_turns(turns[:later], after)
            assert part not in shown[n], shown


@pytest.mark.parametrize("turns", [
    ["my order number is", "114-2938475"],
    ["the dentist's phone number", "020 7946 0958"],
    ["the wedding is on", "14 June 2027 at 15:30"],
    ["my PIN is 4821", "and the concert is on 12/09, tickets were €129"],
    ["changed my bank password today", "also booked flight LH 2402 for Friday"],
    ["my card got declined", "the shop said the order is 55821907"],
    ["how many passwords do I keep in Bitwarden?", "it says 312 logins"],
    ["the alarm code is set", "I'll be home around 18:45"],
    ["my pin is 4821", "also my flight is LH 402 tomorrow"],
    ["where is the CVV on a card?", "the total was 129.90"],
    ["SSN?", "I was born in 1985"],
    ["my PIN is 4821", "thanks!"],
    ["my password is Tulip!88", "My brother is called Jean-Luc"],
])
def test_numbers_over_turns_that_are_not_secrets_are_kept(turns: list[str]) -> None:
    last = turns[-1]
    assert redact_thread(last, turns[:-1]) == last
    assert redact_turns(turns, "thanks")[-1] == last


def test_a_reply_between_the_turns_does_not_break_the_thread() -> None:
    texts = ["my gym locker code is a long one", "go ahead", "it's 583017", "ok", "then 402266"]
    users = [True, False, True, False, True]
    shown = redact_turns(texts, "thanks", users=users)
    assert "583017" not in shown[2] and "402266" not in shown[4]


def test_a_marker_announcing_the_next_turn_makes_it_private() -> None:
    assert announces_private("can I tell you something in confidence?", first=False) is not None
    assert announces_private("between you and me:", first=False) is not None
    assert announces_private("between you and me", first=True) is not None  # the thread's first turn
    assert announces_private("I'm pregnant, between you and me", first=True) is None  # a marker with content
    assert withheld_turns(["can I tell you something private?", "my brother is in rehab", "what's for dinner?"]) \
        == [False, True, False]
    assert withheld_turns(["between us, I'm leaving", "what's for dinner?"]) == [True, False]
    assert withheld_turns(["I'm leaving the firm", "forget what I just said", "hi"]) == [True, False, False]


# ---------------------------------------------------------------- every path, every table
THREE_TURNS = ["the garage keypad code is a long one", "it's 730512", "then 661804"]
PARTS = ["730512", "661804"]


def test_remember_with_its_earlier_turns_stores_no_part(make_memory, db_url: str, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    earlier: list[HumanMessage] = []
    for n, text in enumerate(THREE_TURNS):
        message = HumanMessage(text, id=f"t{n}")
        memory.remember(user_id, message, context=earlier, session_id="s")
        earlier.append(message)
    for part in PARTS:
        assert tables_holding(db_url, part, user_id) == [], part
    assert any("withheld" in f.claim for f in memory.facts.list(user_id))


@pytest.mark.parametrize("mode", ["sync", "queued"])
def test_a_parent_graph_with_add_messages_stores_no_part(make_memory, db_url: str, user_id: str, mode: str) -> None:
    """The README's layout (recall -> agent beside the write node), a checkpointer keeping the
    thread: the assistant's reply sits between the user's turns."""
    llm = ScriptedChatModel(default=hostile)
    memory: FactMemory = make_memory(llm, config=FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0)))
    graph = readme_graph(memory, [], mode=mode, checkpointer=InMemorySaver())
    config = {"configurable": {"user_id": user_id, "thread_id": "t"}}
    for text in THREE_TURNS:
        graph.invoke({"messages": [HumanMessage(text)]}, config)
        memory.flush(user_id)
    state = graph.get_state(config).values
    assert any(isinstance(m, AIMessage) for m in state["messages"])
    for part in PARTS:
        assert tables_holding(db_url, part, user_id) == [], part
        assert all(part not in str(m.content) for call in llm.calls for m in call), part  # nor in any prompt


def test_a_turn_announced_as_private_is_kept_nowhere(make_memory, db_url: str, user_id: str) -> None:
    llm = ScriptedChatModel(default=hostile)
    memory: FactMemory = make_memory(llm)
    earlier: list[HumanMessage] = []
    turns = ["can I tell you something in confidence?", "my sister Oona is moving to Reykjavik",
             "anyway, what should I cook tonight?"]
    for n, text in enumerate(turns):
        message = HumanMessage(text, id=f"p{n}")
        memory.remember(user_id, message, context=earlier)
        earlier.append(message)
    assert tables_holding(db_url, "Reykjavik", user_id) == []
    assert all("Reykjavik" not in str(m.content) for call in llm.calls for m in call)


def test_a_private_turn_is_not_shown_again_with_the_next_message(make_memory, db_url: str, user_id: str) -> None:
    llm = ScriptedChatModel(default=hostile)
    memory: FactMemory = make_memory(llm)
    first = HumanMessage("between you and me, I'm applying to Lufthansa", id="q1")
    memory.remember(user_id, first)
    memory.remember(user_id, HumanMessage("what should I cook tonight?", id="q2"), context=[first])
    assert tables_holding(db_url, "Lufthansa", user_id) == []
    assert all("Lufthansa" not in str(m.content) for call in llm.calls for m in call)


def test_a_password_announced_in_parts_has_each_word_withheld() -> None:
    turns = ["el wifi tiene una contraseña larga, te la mando por partes", "Naranjo", "Azahar2031"]
    assert "Naranjo" not in redact_thread(turns[1], turns[:1])
    assert "Azahar2031" not in redact_thread(turns[2], turns[:2])
    assert redact_thread("gracias", turns[:1]) == "gracias"
    assert redact_thread("Marmalade", ["I split the bill in two parts"]) == "Marmalade"
