"""A bank's memorable word named by what the bank asks of it (round twenty-five): "halifax asks letters of it,
word is X", "the bank wants characters 3 and 7 of X", "X - what barclays asks for", and the word in a short turn
after a turn that only said so. Phrasings written here, not taken from any corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets
from tests.helpers import kept_in_thread


@pytest.mark.parametrize(("message", "word"), [
    ("halifax asks letters of it on the phone, word is gooseberry", "gooseberry"),
    ("santander always asks characters from my memorable word, it's Lighthouse", "Lighthouse"),
    ("the bank wants characters 3 and 7 of candlewick", "candlewick"),
    ("monzo asks the 2nd, 4th and last letters, the word is periwinkle", "periwinkle"),
    ("Hazelnut - what barclays asks for after the passcode", "Hazelnut"),
])
def test_a_word_named_by_what_the_bank_asks_of_it_is_withheld(message: str, word: str) -> None:
    assert word not in redact_secrets(message)


@pytest.mark.parametrize(("turns", "word"), [
    (["the word nationwide asks for when I ring them", "tamarind"], "tamarind"),
    (["what was the word lloyds wants again", "here -> buttercup"], "buttercup"),
])
def test_the_word_in_the_turn_after_what_the_bank_asks(turns: list[str], word: str) -> None:
    assert word not in kept_in_thread(turns)


@pytest.mark.parametrize(("turns", "kept"), [
    (["the teacher asks letters 2 and 5 of the spelling word", "rhubarb"], "rhubarb"),  # no bank asks for it
    (["which word does the quiz want", "volcano"], "volcano"),
    (["the bank asks letters from the word, annoying", "anyway see you thursday"], "thursday"),
])
def test_a_word_no_bank_asks_for_is_kept(turns: list[str], kept: str) -> None:
    assert kept in kept_in_thread(turns)
