"""A security question named only by its topic ("the pet question", "the school one", "la pregunta
de la mascota") and its answer as a short named value; and the names said in ordinary talk that
must stay. Every sentence here was written for these tests (none copied from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets, redact_thread
from fact_memory_graph.secrets import question_hints


def _thread(turns: list[str]) -> list[str]:
    return [redact_thread(t, turns[:i]) for i, t in enumerate(turns)]


@pytest.mark.parametrize(("text", "value"), [
    ("the dog question is Pickles", "Pickles"),
    ("la pregunta de la mascota es Canelo", "Canelo"),
    ("pour la question de l'école c'est Sainte Agnès", "Agnès"),
    ("bei der Haustier-Frage hab ich Flocke angegeben", "Flocke"),
    ("for the bank, the street one is Orchard Lane", "Orchard Lane"),
    ("Mum's maiden name for the bank is Fairweather", "Fairweather"),
    ("for verification they want my favourite teacher, which is Mr Odhiambo", "Odhiambo"),
    ("If the bank asks about my first car it's a Corsa", "Corsa"),
])
def test_a_question_named_by_its_topic_then_a_name_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("turns", [
    ["the bank wants my verification answers again", "for the school one its Holy Cross"],
    ["setting up the security questions for my account", "and the car one?", "Peugeot 205"],
])
def test_the_answer_in_the_next_turn_is_withheld(turns: list[str]) -> None:
    value = {"Holy Cross", "Peugeot 205"} & {v for t in turns for v in ("Holy Cross", "Peugeot 205") if v in t}
    assert not any(v in out for out in _thread(turns) for v in value)


@pytest.mark.parametrize("text", [
    "I walked Pickles the dog past the school this morning",
    "the school question is whether we move before September",
    "my first car was a Corsa and I loved it",
    "the pet question on the census is optional",
    "quiz night: the dog question was about Lassie",
])
def test_names_in_ordinary_talk_stay(text: str) -> None:
    assert redact_secrets(text) == text


def test_named_value_is_a_short_proper_noun() -> None:
    assert question_hints.named("St Mary's")
    assert question_hints.named("Rua da Paz")
    assert question_hints.named("モモ")
    assert not question_hints.named("closed on Monday")
    assert not question_hints.named("The Very Long Name Of A Place Here")


@pytest.mark.parametrize(("text", "value"), [
    ("säkerhetsfrågan hos banken är min första lärare, svaret är Fru Lindqvist", "Lindqvist"),
    ("pankin turvakysymys on ensimmäinen koulu, vastaus on Kallio", "Kallio"),
    ("a bank biztonsági kérdése az első autóm, a válasz Lada Niva", "Lada Niva"),
    ("security question for the building society: the answer is marchmont road", "marchmont road"),
    ("Tamsin Hollow. thats the answer to the question about my first school on the bank app", "Tamsin Hollow"),
])
def test_an_answer_word_beside_a_security_question_withholds_its_value(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "the answer is Paris, question 4 of the geography quiz",
    "my answer to the bank was no thanks, I don't want a credit card",
])
def test_other_answers_stay(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "value"), [
    ("die Sicherheitsfrage der Bank ist der Name der Grundschule, also Sankt Ursula", "Ursula"),
    ("a pergunta de segurança é o nome do meu primeiro bichinho, que era Pipoca", "Pipoca"),
    ("they asked first pet... it was Bolinha, a little cat", "Bolinha"),
])
def test_a_name_set_beside_a_security_question_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_where_i_was_born_asked_then_put() -> None:
    out = _thread(["the bank asked where was I born", "I put Tromsø"])
    assert "Tromsø" not in out[-1]


def test_the_security_question_and_the_bank_names_stay() -> None:
    text = "the security question at Nationwide is about my first school, so easy to guess"
    assert "Nationwide" in redact_secrets(text)
