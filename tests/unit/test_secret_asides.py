"""A short aside in parentheses between a secret's name and its value does not hide the value; what the aside says
about the value (public, an example) still counts."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text,value", [
    ("the key safe at the cottage (for the cleaner) is 7342", "7342"),
    ("wifi password (the upstairs router) is meadowlark88", "meadowlark88"),
])
def test_a_value_after_an_aside_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text,value", [
    ("the gate code (posted on the sign) is 4471", "4471"),
    ("il modulo dice codice: 123456 (esempio)", "123456"),
    ("my order (the big one) is 1234567", "1234567"),
])
def test_what_an_aside_says_still_counts(text: str, value: str) -> None:
    assert value in redact_secrets(text)
