"""A ticket named "pass" and a password's make-up told without it are no secrets; the passwords beside them are."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

KEPT = [
    "bought the season pass for 9.99 yesterday, worth it",
    "the ski pass for 45.50 a day is steep",
    "my boarding pass for LH401 is on my phone",
    "got a weekend pass for 120 at the festival gate",
    "my password has 14 characters and a symbol, I changed it yesterday",
    "the new passcode needs a capital and a digit, I changed it this morning",
]

WITHHELD = [
    ("the pass for the wifi is sunflower42", "sunflower42"),
    ("pass for the router: 7hK2mQx9", "7hK2mQx9"),
    ("the guest pass for the wifi is 88hK2mQx", "88hK2mQx"),
    ("changed my password to Kestrel2024 yesterday", "Kestrel2024"),
]


@pytest.mark.parametrize("text", KEPT)
def test_tickets_and_talk_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "secret"), WITHHELD)
def test_passwords_beside_them_are_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)
