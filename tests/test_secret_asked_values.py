"""A secret named by who asks for it ("the word the bank asks for is …"), a value named after it
is said ("X is mum's passphrase", "X, that's what goes in the box for …"), a memorable word's
value right after its name, and the look-alikes that stay. Every sentence was written for these
tests (none copied from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets, redact_thread
from fact_memory_graph.secrets import asked_values


def _thread(turns: list[str]) -> list[str]:
    return [redact_thread(t, turns[:i]) for i, t in enumerate(turns)]


@pytest.mark.parametrize(("text", "value"), [
    ("the word the building society asks for is thimble", "thimble"),
    ("Tangerine is dad's passphrase for phone banking", "Tangerine"),
    ("Abbotsford Road, that's what goes in the box for her security question", "Abbotsford Road"),
    ("Kestrel es lo que puse en lo del primer coche en la web del banco", "Kestrel"),
    ("bank ka memorable word Hollyhock hai, woh doosra akshar poochte hain", "Hollyhock"),
    ("bankanın telefonda sorduğu gizli kelime fındıkkabuğu", "fındıkkabuğu"),
    ("y gair cofiadwy ar gyfer y banc yw Llandudno", "Llandudno"),
])
def test_a_value_asked_for_or_named_after_it_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), [
    (["the word the bank asks for when they ring me", "pomegranate7"], "pomegranate7"),
    (["the number you key in after your birthday when you phone the bank", "420917"], "420917"),
    (["what did i put for my first school", "hollins junior i think"], "hollins junior"),
])
def test_the_value_in_the_turn_after_the_asking_is_withheld(turns: list[str], value: str) -> None:
    assert value not in _thread(turns)[-1]


@pytest.mark.parametrize("text", [
    "the number the bank asked for is on the back of the card",
    "Sarah is my sister, she sorts out the bank password for mum",
    "my memorable word thing needs changing again",
    "the code they want is the one from the text",
])
def test_talk_about_what_is_asked_stays(text: str) -> None:
    assert redact_secrets(text) == text


def test_dictated_commas_keep_offsets() -> None:
    text = "the road comma Elm Row comma is what they ask"
    assert len(asked_values.spoken(text)) == len(text)
    assert asked_values.spoken(text).count(",") == 2


@pytest.mark.parametrize("turns", [
    ["my first car was a Mini, where did you get this car?", "Thanks! Got it from my uncle."],
    ["what was your favourite school subject?", "Nice one! Why do you ask?"],
])
def test_a_reply_in_a_chat_stays(turns: list[str]) -> None:
    assert _thread(turns)[-1] == turns[-1]


def test_memorable_as_an_adjective_stays() -> None:
    assert redact_secrets("it was a memorable day at the park") == "it was a memorable day at the park"
