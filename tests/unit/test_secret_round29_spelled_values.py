"""Round twenty-nine (mine): a value spelled unit by unit after its name (``spelled_values``): letters told by a
word ("B as in boy"), letters with their case said after them ("B majuscule"), the spelling alphabet, digits and
signs by name — the whole run, not only its first units.

Phrasings written for these tests (none from a corpus). Kept: talk about a password's shape, a sentence that
goes on after a secret's name with ordinary words.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

WITHHELD = [
    ("the password is B as in boy L as in Larry U E four two", ["as in Larry", "U E four two"]),
    ("mon mot de passe c'est B majuscule l u e quatre deux", ["B majuscule", "quatre deux"]),
    ("mein Passwort ist großes B l u e vier zwei", ["vier zwei"]),
    ("password is T as in tango, K, seven seven X", ["tango, K, seven"]),
    ("wifi key: hotel echo lima lima oscar seven seven", ["lima oscar seven"]),
    ("her PIN, I'll spell it: capital Q, small r, seven, dash, four", ["seven, dash, four"]),
]

KEPT = [
    ("I changed my password while I was at the hotel in Lima", "while I was at the hotel in Lima"),
    ("the password needs a capital letter and two digits", "a capital letter and two digits"),
    ("pin it to the board at the hotel lobby", "the hotel lobby"),
]


@pytest.mark.parametrize(("text", "pieces"), WITHHELD)
def test_a_spelled_value_is_withheld_whole(text: str, pieces: list[str]) -> None:
    out = redact_secrets(text)
    assert not any(piece in out for piece in pieces), out


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_ordinary_words_after_a_name_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)
