"""A turn that asks to remember what follows ("remember this pls", "merk dir das", "احفظ هذا") asks to keep
it, as noting does: the next turn is no private one by it (round twenty-seven, t58c; ``verbs`` in
``assets/note_requests.json``). A secret told after it is still read by the secret filter. Phrasings and
values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import secret_spans


@pytest.mark.parametrize("first, second", [
    ("pls remember this", "the plumber comes thursday at 9"),
    ("merk dir das mal", "Vorgangsnummer beim Finanzamt 2231/774"),
    ("retiens ça stp", "mon vol est le AF 1180 samedi"),
    ("recuerda esto porfa", "la reunión es el martes a las 10"),
    ("ricordati questo", "il numero della pratica è 44120"),
    ("запомни, пожалуйста", "у сына тренировка в среду"),
    ("احفظ هذا من فضلك", "موعد الطبيب يوم الأحد"),
    ("これ覚えておいて", "歯医者は木曜日の3時"),
])
def test_a_remember_turn_withholds_nothing(first: str, second: str) -> None:
    assert withheld_turns([first, second]) == [False, False]


@pytest.mark.parametrize("first, second", [
    ("remember this but don't tell anyone", "I'm pregnant"),
    ("remember this pls", "between you and me, I was fired last week"),
])
def test_a_remember_turn_with_secrecy_still_withholds(first: str, second: str) -> None:
    assert withheld_turns([first, second])[1]


def test_a_secret_after_a_remember_turn_is_read_by_the_filter() -> None:
    assert secret_spans("my netflix password is Lanterna!742")
