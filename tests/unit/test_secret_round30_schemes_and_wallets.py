"""Round thirty (mine): health-insurance and social-benefit schemes named in more languages (Peru's "seguro
integral", France's CMU and mutuelles, Nigeria's NHIS/NHIA in Hausa, Kenya's and Tanzania's "bima ya afya",
Rwanda's mutuelle, a household's beneficiary id); an id's value keeps the scheme's letters in front of its digits
when the id's name stands just before them ("numéro CMU : CMU-8193373296"), where the same letters after a public
label still mark a reference ("Störungsnummer STR-2025-11873"); 64 hex digits beside a wallet app's name
(Electrum, Exodus), an import, a faucet or a deployer, or Hausa's "walat", are a private key; an answer named by its
question's topic ("pet answer", "maiden name answer"); a name that runs
on into a public label's name ("compte" in "compteur", a meter) names no secret; a code's capitals are looked for before its
reader runs (cost only).

Phrasings written for these tests (none from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import forms, redact_secrets

WITHHELD = [
    ("mi mamá tiene seguro integral de salud 40917733, la posta lo pide", ["40917733"]),
    ("el número de beneficiario del programa es 7710 2284 01", ["7710 2284 01"]),
    ("numéro CMU : CMU-5520918837 pour la pharmacie", ["5520918837", "CMU-"]),
    ("son numéro de mutuelle est 20884731 chez la MGEN", ["20884731"]),
    ("lambar inshorar lafiya ta mahaifiyata NHIA/55102873", ["55102873"]),
    ("lambar nhis: NHIS/20917364 don asibiti", ["20917364", "NHIS/"]),
    ("namba ya bima ya afya ya mtoto ni 55019283", ["55019283"]),
    ("kadi ya bima: 2209 8813 4471", ["2209 8813 4471"]),
    ("nimero ya mituelle ya mama ni 1187 0099 2231 4410", ["1187 0099 2231 4410"]),
    ("household beneficiary id PH-40019283 for the cash grant", ["40019283"]),
    ("benefit id: 77 0192 834 (for the transport claim)", ["77 0192 834"]),
    # an answer named by its question's topic ("pet answer"), its value spelled
    ("pet answer b as in boy i as in ink s as in sun c as in cat", ["as in boy", "as in sun"]),
    ("school answer: s as in sugar t as in tom m as in mary a as in apple", ["as in sugar", "as in mary"]),
]

KEPT = [
    ("Störungsnummer STR-2025-11873 für die Leitung", "STR-2025-11873"),
    ("ticket number INC-20394857 is still open", "INC-20394857"),
    ("the beneficiary id field on the form is empty", "field on the form"),
    ("my sis 0812 555 3010 can pick it up at 5", "0812 555 3010"),
    ("la mutuelle rembourse 70 % des lunettes", "70 %"),
    ("compteur de la pompe 53521 m3 ce matin", "53521"),  # a meter's reading: "compteur" is no "compte"
    ("relevé du compteur d'eau : 004812", "004812"),
    ("bima ya afya ni muhimu kwa kila familia", "muhimu"),
]


@pytest.mark.parametrize(("text", "pieces"), WITHHELD)
def test_a_health_or_benefit_scheme_named_in_its_language_withholds_its_number(text: str, pieces: list[str]) -> None:
    out = redact_secrets(text)
    assert not any(piece in out for piece in pieces), out


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_references_and_talk_of_schemes_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_a_letter_code_needs_three_capitals_before_its_reader_runs() -> None:
    assert list(forms.letter_code_spans("steam guard code: tfdyc")) == []
    assert [s[2] for s in forms.letter_code_spans("Steam guard code: TFDYC")] == ["password"]


WALLET_KEYS = [
    "paste this into electrum when you set it up 5f0c2b9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c",
    "makullin walat dina: 5f0c2b9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c",
    "the deployer on hardhat uses 5f0c2b9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c",
    "i imported 5f0c2b9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c into exodus yesterday",
]
HASHES = [
    "faucet tx 5f0c2b9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c went through",
    "imported the dataset, sha256 5f0c2b9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c",
]


@pytest.mark.parametrize("text", WALLET_KEYS)
def test_64_hex_digits_beside_a_wallet_app_or_an_import_are_a_private_key(text: str) -> None:
    assert "5f0c2b9e" not in redact_secrets(text)


@pytest.mark.parametrize("text", HASHES)
def test_64_hex_digits_beside_a_hash_word_stay(text: str) -> None:
    assert "5f0c2b9e" in redact_secrets(text)
