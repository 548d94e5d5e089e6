"""Look-alikes kept by what they are: the service a password opens or the tool it is kept in
(secrets/service_names.py), a reference given alone after the turn that named it
(secrets/answered_references.py), a loyalty scheme's number, a lower-case BIC, a bank's LEI.
Every sentence here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

KEPT = [
    (["zmieniłem wczoraj hasło do Allegro"], "Allegro"),
    (["j'ai changé le mot de passe de Doctolib"], "Doctolib"),
    (["tuve que cambiar la clave del Santander ayer"], "Santander"),
    (["mật khẩu của Zalo đổi rồi"], "Zalo"),
    (["guardo todo en KeePassXC"], "KeePassXC"),
    (["パスワードの管理には", "KeePassXCを使っています"], "KeePassXC"),
    (["Reservierungsnummer vom Ferienhaus?", "K7PD2Q"], "K7PD2Q"),
    (["numer przesyłki z paczkomatu", "PL-48200193"], "PL-48200193"),
    (["my loyalty card is the Avios one", "3081 4432 9910"], "3081 4432 9910"),
    (["Flying Blue number 1234567890"], "1234567890"),
    (["il bic della banca è bcititmm"], "bcititmm"),
    (["the bank's LEI is 5493001KJTIIGC8Y1R12"], "5493001KJTIIGC8Y1R12"),
]


@pytest.mark.parametrize(("turns", "value"), KEPT)
def test_lookalike_kept(turns: list[str], value: str) -> None:
    assert value in redact_turns(turns)[-1]


WITHHELD = [
    (["the password for Netflix is Summer24"], "Summer24"),
    (["mot de passe de Marie: Tournesol88"], "Tournesol88"),
    (["zmieniłem hasło do Allegro na Kwiatek77"], "Kwiatek77"),
    (["what's the door code for the booking?", "4471AB"], "4471AB"),
    (["booking ref and the wifi password?", "X7K2P9"], "X7K2P9"),
    (["my api key RIL00L6J3XHDJSXDQ936"], "RIL00L6J3XHDJSXDQ936"),
]


@pytest.mark.parametrize(("turns", "value"), WITHHELD)
def test_secret_withheld(turns: list[str], value: str) -> None:
    assert all(value not in t for t in redact_turns(turns))


TEMPLATES_KEPT = [
    (["na ficha de exemplo aparece nif: 000 000 000"], "000 000 000"),
    (["the form shows iban: gbxx xxxx xxxx xxxx xxxx xx as a sample"], "gbxx xxxx"),
    (["voorbeeld uit de handleiding: gebruiker admin, wachtwoord wachtwoord123"], "wachtwoord123"),
    (["v dokumentaci je příklad: heslo test1234"], "test1234"),
]


@pytest.mark.parametrize(("turns", "value"), TEMPLATES_KEPT)
def test_template_kept(turns: list[str], value: str) -> None:
    assert value in redact_turns(turns)[-1]


@pytest.mark.parametrize("text", [
    "the manual's example is fine, my password is Tulpe-Rot-88",
    "the example in the docs is fine but my real password is admin2024",
    "my pin is 0000",
])
def test_real_credential_beside_an_example_withheld(text: str) -> None:
    assert "withheld" in redact_turns([text])[0]


def test_hash_after_a_commit_named_kept() -> None:
    out = redact_turns(["der Build ist seit diesem Commit kaputt", "9c4e1fa, schau mal"])
    assert "9c4e1fa" in out[-1]


def test_hash_shaped_answer_to_a_password_withheld() -> None:
    assert "4a7f9e21" not in redact_turns(["the wifi password?", "4a7f9e21"])[-1]
