"""A username told alone is kept; beside a password it stays withheld (secrets.lone_logins, password_talk)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns


@pytest.mark.parametrize(("text", "value"), [
    ("Il mio nome utente su Vinted è giulia_b84, la password la tengo per me.", "giulia_b84"),
    ("Meu nome de usuário no fórum é carlos.m77 e a senha eu não vou passar.", "carlos.m77"),
    ("Mein Nutzername bei Kleinanzeigen ist frank.w1; das Passwort verrate ich dir nicht.", "frank.w1"),
    ("Gebruikersnaam op het forum: anouk_92, het wachtwoord zeg ik niet.", "anouk_92"),
    ("My gamertag is shadowfox_17, the password stays private of course.", "shadowfox_17"),
    ("Имя пользователя на форуме — petrov_88, пароль никому не скажу.", "petrov_88"),
    ("Användarnamn på spelet är nils.o, lösenordet säger jag inte.", "nils.o"),
    ("Nama pengguna saya di Tokopedia adalah rina_s21.", "rina_s21"),
])
def test_a_username_alone_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("Mi usuario es marta_g77 y la contraseña Golondrina!82", "marta_g77"),
    ("Benutzername: tom.k55, Passwort: Regenbogen#3", "tom.k55"),
    ("the password for my user account: kestrel_441", "kestrel_441"),
    ("database has only a password, no username: w9Rk2pLq7Z", "w9Rk2pLq7Z"),
    ("la clave de mi usuario del banco es tordo_1990", "tordo_1990"),
])
def test_a_username_beside_a_password_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize("text", [
    "Das Passwort sage ich dir nicht.",
    "La contraseña no te la digo, es privada.",
    "The password stays private.",
    "Hasła nikomu nie podam.",
])
def test_a_refusal_is_no_password(text: str) -> None:
    assert "withheld" not in redact_turns([text])[0]


def test_a_banks_login_id_stays_withheld() -> None:
    assert "jonas_k71" not in redact_turns(["Mein Benutzername für das Online-Banking der Sparkasse ist jonas_k71."])[0]
