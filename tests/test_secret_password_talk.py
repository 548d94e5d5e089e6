"""Talk about a password, a PIN or a code with no value in it ("my PIN is blocked", "I had to reset
it") is kept; a password said after the same names is still withheld."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns
from fact_memory_graph.secrets.password_talk import talk


@pytest.mark.parametrize("text", [
    "Olvidé el PIN del banco y ahora está bloqueado, tengo que ir a la oficina.",
    "Mon code PIN est bloqué depuis hier, quelle galère.",
    "Ich habe mein Passwort vergessen und musste es zurücksetzen.",
    "Zapomněla jsem heslo, musela jsem ho obnovit přes e-mail.",
    "Lupa kata sandi email, harus meresetnya lewat nomor HP.",
    "Забыла пароль от почты, пришлось его сбросить.",
    "A minha senha expirou e tive que trocá-la hoje.",
    "La password del wifi è molto debole, devo cambiarla.",
])
def test_talk_about_a_password_is_kept(text: str) -> None:
    assert redact_turns([text]) == [text]


@pytest.mark.parametrize(("text", "value"), [
    ("Mi contraseña del banco es Girasol2024!", "Girasol2024!"),
    ("Das Passwort ist blauwal77, bitte nicht weitersagen.", "blauwal77"),
    ("my memorable word is Longbridge", "Longbridge"),
    ("mein PIN ist 4711, nicht gesperrt", "4711"),
])
def test_a_password_after_the_same_names_is_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


def test_words_of_talk_and_the_shapes_of_a_secret() -> None:
    assert talk("muy débil") and talk("reimpostarla") and talk("el mismo de siempre")
    assert not talk("Kurz")  # a surname, as a security answer
    assert not talk("blockbuster") and not talk("sunflower") and not talk("weak2024")
