"""A social-insurance number named as such is an identity number (assets/secret_words.json, "id"): sentences
of our own. A pension's own number ("pension number PN 9825 1553", "Rentennummer") stays a customer's
number a carer wants remembered (the tuning corpora label it so); the pension's phone lines, amounts and
ages stay too."""

import pytest

from fact_memory_graph.secrets import redact_secrets

WITHHELD = [
    ("SNILS бабушки 112-233-445 95", "112-233-445 95"),
    ("номер СНИЛС мамы 112-233-445 95", "112-233-445 95"),
    ("número de afiliación a la seguridad social de mi padre 28 12345678 40", "28 12345678 40"),
    ("基礎年金番号 1234-567890", "1234-567890"),
    ("số BHXH của mẹ 0123456789", "0123456789"),
]

KEPT = [
    "mums pension number is PN 9825 1553, the letter needs it on every page",
    "the pension number to call is 0800 731 0469",
    "her pension went up to 221.20 a week",
    "the state pension age is 66",
    "年金番号は年金手帳に書いてある",
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_a_social_insurance_number_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", KEPT)
def test_a_pensions_own_number_and_pension_talk_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_a_line_to_call_is_no_word_asked_for() -> None:
    assert redact_secrets("the bank number to call is 0800 731 0469") == "the bank number to call is 0800 731 0469"
    assert "Bluebird" not in redact_secrets("the word the bank asks for when I call is Bluebird")
