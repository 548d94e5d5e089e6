"""Round twelve, the lead's fix: a bank's login id of digits only, beside a password, is a login's id."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize(("text", "login"), [
    ("Hola, no puedo entrar a la banca online de CaixaBank. Usuario: 93017264 Contraseña: Lunes1999 . No funciona",
     "93017264"),
    ("Ziraat internet şubesi kullanıcı adı 71620394, şifrem 550213 ama giriş yapamıyorum", "71620394"),
    ("my online banking login 20481736 and password Harbour!42 stopped working", "20481736"),
])
def test_a_digits_only_login_beside_a_password_is_withheld(text: str, login: str) -> None:
    assert login not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "order id 55120934, the password reset link did not arrive",
    "my user number at the library is 20481736",
    "my login ticket number is 20481736, I already reset the password",
])
def test_digits_after_a_login_word_without_a_password_given_are_kept(text: str) -> None:
    digits = "55120934" if "55120934" in text else "20481736"
    assert digits in redact_secrets(text)


@pytest.mark.parametrize(("text", "pin"), [
    ("gcash mpin ko 3908, huwag mong sabihin", "3908"),
    ("my M-Pesa PIN is 7153", "7153"),
    ("TPIN 660491 for the phone banking line", "660491"),
    ("nagbago ang MPIN ko: 2284", "2284"),
])
def test_a_mobile_money_pin_is_a_pin(text: str, pin: str) -> None:
    assert pin not in redact_secrets(text)


@pytest.mark.parametrize(("text", "kept"), [
    ("the mpin screen shows 4 dots and then a keypad", "4 dots"),
    ("I changed my mpin yesterday after 3 tries", "3 tries"),
])
def test_talk_about_a_mobile_pin_keeps_its_numbers(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)
