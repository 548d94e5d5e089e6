"""A security question's topic and its answer written as a note: a mother's maiden name in any
language, a note whose next clause names who asks for it, a form's label, an answer after an
institution that asks, a topic-only turn then the answer alone; and the life stories that stay.
Every sentence was written for these tests (none copied from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets, redact_thread


def _thread(turns: list[str]) -> list[str]:
    return [redact_thread(t, turns[:i]) for i, t in enumerate(turns)]


@pytest.mark.parametrize(("text", "value"), [
    ("mors pigenavn er Mikkelsen", "Mikkelsen"),
    ("äidin tyttönimi on Korhonen", "Korhonen"),
    ("nome de solteira da minha mãe: Albuquerque", "Albuquerque"),
    ("девичья фамилия матери Лебедева", "Лебедева"),
    ("my gran's maiden name, which the building society always asks for, is Trelawney", "Trelawney"),
    ("first car? that was a Rover Metro, the insurer wants it for the security check", "Rover Metro"),
    ("la ciudad donde nació mi padre es Cajamarca, es lo que pide el banco", "Cajamarca"),
    ("birth city: Tralee", "Tralee"),
    ("Sparebanken spør om mitt første kjæledyr, jeg har skrevet Tassen", "Tassen"),
    ("la banque demande toujours le nom de ma première école, je dis Les Tilleuls", "Les Tilleuls"),
    ("il servizio clienti chiede sempre il mio primo animale: Birba", "Birba"),
    ("la ciudad donde nació mi madre es Piura, es lo que pide el banco", "Piura"),
])
def test_a_noted_answer_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), [
    (["nazwisko panieńskie babci", "Wróblewska"], "Wróblewska"),
    (["what was the name of your first school?", "Oakridge"], "Oakridge"),
    (["qué puse en lo de mi primera mascota para el banco?", "Chispas creo"], "Chispas"),
])
def test_the_answer_alone_after_a_topic_only_turn_is_withheld(turns: list[str], value: str) -> None:
    assert value not in _thread(turns)[-1]


@pytest.mark.parametrize(("text", "value"), [
    ("la mia prima bici era una Bianchi rossa", "Bianchi"),
    ("my first car was a Ford Ka, loved that thing", "Ford Ka"),
    ("Моя первая кошка — Мурка, она прожила двадцать лет.", "Мурка"),
    ("I was born in Tralee and moved to Cork at ten", "Tralee"),
    ("our first dog Rufus loved the beach", "Rufus"),
])
def test_a_life_story_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_no_answer_after_a_recalling_question_is_kept() -> None:
    assert "no idea" in _thread(["what did I put for my first car?", "no idea"])[-1]


def test_a_description_after_a_topic_only_turn_is_kept() -> None:
    assert "Opel" in _thread(["mi primer coche", "un Opel Corsa"])[-1]
