"""Six digits after "pincode" are India's postal code unless the text says what the PIN opens: a card,
a bank, a SIM, an app (in Dutch, German and the Nordic languages "pincode" is the PIN itself). Values
and sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_secrets

PINS = [
    ("internetbankieren pincode 582913", "582913"),
    ("pincode betaalpas 671204 niet doorsturen", "671204"),
    ("pincode van de simkaart 443018", "443018"),
    ("UPI pin 391847", "391847"),
    ("bankkort pinkode 720145", "720145"),
]


@pytest.mark.parametrize(("text", "value"), PINS)
def test_a_pin_code_beside_what_it_opens_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


POSTAL = [
    ("my pincode is 560034", "560034"),
    ("pincode 110001 New Delhi", "110001"),
    ("send it to pincode 400076 please", "400076"),
]


@pytest.mark.parametrize(("text", "value"), POSTAL)
def test_a_pin_code_alone_is_a_postal_code(text: str, value: str) -> None:
    assert value in redact_secrets(text)
