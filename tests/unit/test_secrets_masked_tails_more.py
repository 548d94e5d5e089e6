"""A card told by its last digits in French, Indonesian, Dutch and more is a masked card: the digits are kept."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

KEPT = [
    "la carte qui finit par 4471 a été débitée deux fois par le magasin",
    "pakai kartu yang belakangnya 8820 buat bayar listrik",
    "de pas die eindigt op 3319 is gisteren belast door de webshop",
    "karta kończąca się na 5512 została obciążona przez sklep",
]


@pytest.mark.parametrize("text", KEPT)
def test_a_cards_last_digits_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_a_pin_after_the_card_is_still_withheld() -> None:
    assert "7391" not in redact_secrets("la carte qui finit par 4471, son code PIN est 7391")
