"""Background checks' numbers in more shapes and languages (round twenty-seven)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets
from fact_memory_graph.secrets.background_checks import thread_spans


@pytest.mark.parametrize("text, value", [
    ("vulnerable sector screening done, the number is VSC-QW83R7TP", "VSC-QW83R7TP"),
    ("CHK-pw8d2kq9mzt1 is my background check number for the new job", "CHK-pw8d2kq9mzt1"),
    ("hireright report 7731/550912/22 — attach it please", "7731/550912/22"),
    ("پولیس کلیئرنس سرٹیفکیٹ نمبر PCC-88217734", "PCC-88217734"),
    ("หนังสือรับรองความประพฤติ เลขที่ BG-551238907", "BG-551238907"),
])
def test_check_numbers_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_the_reference_is_in_the_reply() -> None:
    assert thread_spans("the reference is E55120931-KTRQ", "my background check came back")
    assert thread_spans("its number is 55120931", "did the police check come in?")


def test_an_order_is_kept() -> None:
    assert "ORD-ABC12345" in redact_secrets("background check done, my order is ORD-ABC12345")
