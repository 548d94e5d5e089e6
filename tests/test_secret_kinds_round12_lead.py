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
