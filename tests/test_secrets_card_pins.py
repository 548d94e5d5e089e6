"""A card's PIN told by the card or the cash machine it is for, with no PIN's name ("the numbers you
punch at the ATM are …", "… for the visa"); and numbers beside a card that are no PIN (its last four,
an amount, a limit, a year, a card game). Values and sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import card_pins, redact_secrets

PINS = [
    ("the digits you key in at the cash machine are 7-3-0-8", "7-3-0-8"),
    ("seven one one four for the mastercard", "seven one one four"),
    ("en el cajero tecleá 6630 y listo", "6630"),
    ("au distributeur tape 5521, c'est la carte de maman", "5521"),
    ("в банкомате набери 3390", "3390"),
    ("am Geldautomaten gibst du 8 2 0 3 ein", "8 2 0 3"),
    ("4418 para la tarjeta de mi padre", "4418"),
    ("it's 2 9 5 1 on the green card", "2 9 5 1"),
]


@pytest.mark.parametrize(("text", "value"), PINS)
def test_a_pin_told_by_its_card_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


KEPT = [
    ("my card ending 4471 was declined at the ATM", "4471"),
    ("enter the last 4 digits of the card, 4471, on the form", "4471"),
    ("I paid 1500 for the card reader", "1500"),
    ("the ATM let me take out 4000 pesos", "4000"),
    ("type 2024 in the year box on the card form", "2024"),
    ("enter 5000 as the limit for the card", "5000"),
    ("I've had this visa since 2019 for the trip", "2019"),
    ("it was 2500 for the card game tournament", "2500"),
    ("she put 3000 on the card yesterday", "3000"),
]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_a_number_beside_a_card_that_is_no_pin_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_a_text_without_a_card_is_not_read() -> None:
    assert card_pins.spans("type 4471 and press enter") == []
