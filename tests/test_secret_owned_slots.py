"""A template's slot written as one token — "your" and a secret's word, in any language, the owner before
or after the word (secrets/lookalike_values.py, assets/lookalike_values.json slot_*). Every sentence
here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

KEPT = [
    ("la guía de instalación pone contraseña: tu_contraseña_aquí", "tu_contraseña_aquí"),
    ("návod říká heslo: tvojeheslo", "tvojeheslo"),
    ("у роутера в инструкции пароль: твой_пароль", "твой_пароль"),
    ("i manualen står lösenord: ditt_lösenord", "ditt_lösenord"),
    ("käyttöohjeessa salasana: salasanasi", "salasanasi"),
    ("az útmutatóban a jelszó: jelszavad", "jelszavad"),
    ("dalam panduan kata laluan: katalaluananda", "katalaluananda"),
    ("the sample config says password: YOUR_DB_PASSWORD", "YOUR_DB_PASSWORD"),
]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_owned_slot_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


WITHHELD = [
    ("mi contraseña es tucan_azul77", "tucan_azul77"),
    ("mein Passwort ist Dinosaurier", "Dinosaurier"),
    ("lösenordet är dittolof", "dittolof"),
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_real_password_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]
