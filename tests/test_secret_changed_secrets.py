"""A secret told by what it was changed to, or by what opens a device (secrets.changed_secrets)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import changed_secrets, redact_turns


def _found(text: str) -> list[str]:
    return [text[a:b] for a, b, _ in changed_secrets.spans(text)]


@pytest.mark.parametrize(("text", "value"), [
    ("We changed the wifi to orchardlane last night", "orchardlane"),
    ("Das Passwort habe ich auf Pfefferminz geändert", "Pfefferminz"),
    ("Hemos cambiado la clave del wifi a tortuga33", "tortuga33"),
    ("Zmieniliśmy hasło na wiewiórka", "wiewiórka"),
    ("Wifi şifresini deniz77 olarak değiştirdik", "deniz77"),
    ("Mudamos a senha para goiabada", "goiabada"),
    ("Vaihdoin salasanaksi kuusipuu9", "kuusipuu9"),
    ("J'ai remis le code PIN à 7310", "7310"),
    ("Switch the tablet on and unlock it? No: unlock the tablet with 5 5 8 1", "5 5 8 1"),
    ("Om de laptop te ontgrendelen, typ winterkoning", "winterkoning"),
    ("Чтобы разблокировать планшет, введи 9023", "9023"),
])
def test_changed_or_opening_values_found(text: str, value: str) -> None:
    assert value in _found(text)
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize("text", [
    "I changed the wifi name to OrchardLane",          # a network's name, not its key
    "We switched our password manager to Proton Pass",
    "Ich habe das Passwort auf der Webseite geändert",  # where, not what
    "I changed my password to be safer",
    "She changed the code to fix the bug",
    "He reset the PIN to a six-digit one",
    "unlock the phone with your thumb",
    "I switched the wifi to the 5GHz band",
    "Han bytte lösenord till Klarna",                  # the password for a service
])
def test_talk_about_changes_kept(text: str) -> None:
    assert _found(text) == []
