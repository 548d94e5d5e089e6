"""Private keys named after them, card security codes told by where they are printed, keys typed in lower
case, and public registry ids (BIC, VAT, LEI) typed in lower case or standing alone."""

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_turns

_HEX = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"


@pytest.mark.parametrize("text", [
    f"0x{_HEX} – das ist der private Schlüssel der Wallet",
    f"{_HEX} es la clave privada de la cuenta vieja",
    f"{_HEX} 是我钱包的私钥",
])
def test_a_key_named_after_it_is_withheld(text):
    assert _HEX not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    f"0x{_HEX} is the transaction hash; the private key never left the ledger",
    f"{_HEX} is the public key, the private key is elsewhere",
])
def test_a_hash_or_public_key_beside_the_name_is_kept(text):
    assert _HEX in redact_secrets(text)


@pytest.mark.parametrize("turns, value", [
    (["which numbers do they want?", "the ones on the back of my card: nine one four"], "nine one four"),
    (["c'est quoi le cryptogramme ?", "au dos de la carte, 583"], "583"),
    (["Rückseite der Karte: 2 7 1"], "2 7 1"),
])
def test_a_code_after_the_place_it_is_printed_is_withheld(turns, value):
    assert all(value not in t for t in redact_turns(turns))


@pytest.mark.parametrize("text, value", [
    ("the back of the card says call 1-800-432-1000 if lost", "1-800-432-1000"),
    ("back of the card is blank, 2024 edition", "2024"),
])
def test_a_phone_line_or_a_year_on_the_back_is_kept(text, value):
    assert value in redact_secrets(text)


def test_a_key_typed_in_lower_case_is_withheld():
    value = "k7qz2m9x4w8r1t6y3u5p0nvb"
    assert value not in redact_secrets(f"chiave API del gestionale, eccola: {value}")


@pytest.mark.parametrize("text, value", [
    ("la bic de ma banque bnpafrpp", "bnpafrpp"),
    ("bankens bic deutdeff500", "deutdeff500"),
    ("el cif de la fundación es29123456d", "es29123456d"),
])
def test_registry_ids_typed_in_lower_case_are_kept(text, value):
    assert value in redact_secrets(text)
