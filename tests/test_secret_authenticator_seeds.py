"""An authenticator's setup key (a TOTP seed in base32) told in prose: whole, in groups as apps show
it (fours, fives, dashed), its name before it or after it, in many languages; and what stays: a
grouped code with no seed's name, words of a sentence, an order's reference. Every sentence was
written for these tests (none copied from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets


@pytest.mark.parametrize(("text", "value"), [
    ("the setup key for my Authy is hxdm vjec jjws rb3h", "hxdm vjec jjws rb3h"),
    ("clave de configuración del autenticador: GEZD-GNBV-GY3T-QOJQ", "GEZD-GNBV-GY3T-QOJQ"),
    ("MFRGG ZDFMZ TWQ2L KNRXG — das ist der Einrichtungsschlüssel für 2FA", "MFRGG ZDFMZ TWQ2L KNRXG"),
    ("kunci rahasia aplikasi autentikator: ONSWG4TFOQFAUDNV", "ONSWG4TFOQFAUDNV"),
    ("tajny klucz do weryfikacji dwuetapowej to NB2HI4DTHIXS6Y3B", "NB2HI4DTHIXS6Y3B"),
    ("二要素認証のシークレット: KRUGS4ZANFZSAYLO", "KRUGS4ZANFZSAYLO"),
    ("couldn't scan the QR so I typed it by hand: ORSXG5BAMFZGK4TT", "ORSXG5BAMFZGK4TT"),
    ("chave secreta do app autenticador é gvqw 4zlu nfxw 4ztp", "gvqw 4zlu nfxw 4ztp"),
])
def test_seed_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "my order ref is ABCD-EFG2-HJK3, shipped today",
    "turned on 2FA for the bank app yesterday, works fine",
    "the authenticator app is set up on my new phone",
])
def test_lookalike_stays(text: str) -> None:
    assert redact_secrets(text) == text
