"""A value opening its sentence with its name after it (secrets.value_first), and a login pair's login
withheld with its password (secrets.login_pairs, credential_forms.login_spans)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns, value_first


def _found(text: str) -> list[str]:
    return [text[a:b] for a, b, _ in value_first.spans(text)]


@pytest.mark.parametrize(("text", "value"), [
    ("tomate77 esa es la clave del banco, no la pierdas", "tomate77"),
    ("Kx9#mPq2 c'est mon mot de passe Ameli", "Kx9#mPq2"),
    ("4471 das ist die PIN vom Tablet", "4471"),
    ("8-2-5-6-3 to jest kod do telefonu mamy", "8-2-5-6-3"),
    ("Lemon_tree21 bu evin wifi şifresi", "Lemon_tree21"),
    ("marzipan — that's the shared streaming password", "marzipan"),
    ("Qw7!zzTop是我的邮箱密码", "Qw7!zzTop"),
])
def test_value_then_its_name_found(text: str, value: str) -> None:
    assert value in _found(text)


@pytest.mark.parametrize("text", [
    "qwerty123 is the most common password ever",      # talk about a weak password
    "Dashlane is my password manager",
    "Villa_Sol is our wifi network",                    # a network's name
    "2019 was when I last changed the PIN",
    "123456 is not a good PIN",
    "ROUTER-5G - the password is on the fridge",         # the name is another clause's subject
    "SW1A1AA is my post code",
])
def test_talk_kept(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(("text", "needles"), [
    ("Crunchyroll: kenji.t@outlook.com / Hinata2020", ["kenji.t@outlook.com", "Hinata2020"]),
    ("los datos de acceso de Deezer: ana.r@gmx.es Pandereta55", ["ana.r@gmx.es", "Pandereta55"]),
    ("ok Tidal is lena.k@web.de and the password is Rhabarber!8", ["lena.k@web.de", "Rhabarber!8"]),
    ("de code is Zeilboot!3, en de gebruikersnaam is piet_zeilt", ["piet_zeilt", "Zeilboot!3"]),
])
def test_login_withheld_with_its_password(text: str, needles: list[str]) -> None:
    out = redact_turns([text])[0]
    assert all(n not in out for n in needles)


@pytest.mark.parametrize("text", [
    "mi usuario de Deezer es ana.r@gmx.es",            # a login alone
    "en la guía pone usuario: demo@ejemplo.com contraseña: ******",
])
def test_login_alone_kept(text: str) -> None:
    assert "@" in redact_turns([text])[0]
