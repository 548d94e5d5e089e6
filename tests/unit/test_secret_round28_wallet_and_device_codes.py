"""Round twenty-eight (t59a): a wallet's PIN named in the next turn by its wallet, codes typed when a phone
asks, one-time codes the bank texted or that are never to be shared. Sentences written for this test."""
import pytest

from fact_memory_graph.secrets import redact_turns, revealed_by_next


@pytest.mark.parametrize("after", [
    "that's the gcash pin, keep it",
    "thats the mpesa pin dont share",
    "that is the atm pin for the blue card",
    "thats the paytm pin bhai",
])
def test_a_bare_value_named_by_its_wallet_in_the_next_turn(after: str) -> None:
    assert revealed_by_next("4418", [], after)


@pytest.mark.parametrize("after", ["thats the atm near the station", "thats the bank card number"])
def test_a_place_or_another_number_names_no_pin(after: str) -> None:
    assert not revealed_by_next("4418", [], after)


@pytest.mark.parametrize(("text", "value"), [
    ("when the phone asks, type 3306", "3306"),
    ("when the phone asks for the secret number, put 8817 and press send", "8817"),
    ("the bank texted me 551902, what do i do with it", "551902"),
    ("this one they say never share: 772014. the man on the phone wants it", "772014"),
    ("wamenitumia 402918 sasa hivi, niweke?", "402918"),
])
def test_codes_by_what_asks_or_sent_them(text: str, value: str) -> None:
    assert value not in " ".join(redact_turns([text]))


@pytest.mark.parametrize(("text", "value"), [
    ("when the phone asks for your phone number, type 0712345678", "0712345678"),
    ("bank just texted that my card is blocked, call 0800 123 4567", "0800 123 4567"),
    ("my phone number is 0712 345 678, type it when asked", "0712 345 678"),
])
def test_phone_numbers_stay(text: str, value: str) -> None:
    assert value in " ".join(redact_turns([text]))
