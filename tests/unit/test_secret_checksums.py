"""The filter's own check helpers (``fact_memory_graph.secrets.checksums``)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import checksums

IMEI = "352099001761481"  # fifteen digits, Luhn-valid


@pytest.mark.parametrize("text", [
    f"IMEI of the phone I lost: {IMEI}",
    f"imei ya simu yangu ni {IMEI}",
    f"串号：{IMEI}",
    f"IMEI (for the insurer, from the box) {IMEI[:5]} {IMEI[5:10]} {IMEI[10:]}",
])
def test_an_imei_named_in_its_clause(text: str) -> None:
    value = text[text.index(IMEI[:5]):]
    assert checksums.named_imei(text, text.index(IMEI[:5]), value)


@pytest.mark.parametrize("text", [
    f"IMEI is on the box. My ID number is {IMEI}",  # the name is in another sentence
    f"my passport number is {IMEI}",  # no IMEI named
    f"IMEI {IMEI[:-1]}0",  # the check digit is wrong
    f"IMEI {IMEI}12",  # seventeen digits
])
def test_not_a_named_imei(text: str) -> None:
    start = text.rindex(" ") + 1
    assert not checksums.named_imei(text, start, text[start:])
