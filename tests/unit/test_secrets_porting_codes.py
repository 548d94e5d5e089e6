"""A phone number's porting code is withheld; talk about one and other numbers beside it are kept.
Sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_thread


@pytest.mark.parametrize(("text", "value"), [
    ("Vodafone finally sent the PAC: QWE123456", "QWE123456"),
    ("my STAC is 123456ABC, the new sim arrives monday", "123456ABC"),
    ("le code RIO de ma ligne c'est 01P123456ABC", "01P123456ABC"),
    ("Portierungskennwort für die Telekom: 7731KLM", "7731KLM"),
    ("el NIP de portabilidad 4471AB9 me llegó por sms", "4471AB9"),
    ("UPC code AB123456 aaya hai", "AB123456"),
])
def test_a_porting_code_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("I asked for my PAC yesterday, flight BA2490 at 10", "BA2490"),
    ("the PAC 2024 report is out", "2024"),
    ("we flew to rio on LA8084", "LA8084"),
])
def test_talk_and_other_numbers_are_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])
