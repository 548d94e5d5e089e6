"""Round twenty-eight (mine): a form's blank is kept, a value is not (``secrets/fill_in_slots.py``);
a password said to be forgotten has no value after the comma (``secrets/unjoined_values.py``); a library
card's number is a membership number; a telephone reached "from the number" is one to call. Phrasings
and values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_thread


@pytest.mark.parametrize("text", [
    "Passwort: [kommt noch]",
    "PIN: (à compléter)",
    "wifi pw [ask me later]",
    "contraseña del router: [pendiente]",
    "hasło: [do uzupełnienia]",
    "密码：【待定】",
    "パスワード：【後で記入】",
    "token: REDACTED",
    "token: REDACTED thx",
    "api key = [removed]",
    "пароль: скрыто",
    "şifre: (sonra)",
    "API_KEY=masukkan_key_kamu_disini",
    "DB_PASSWORD=pon-aqui-tu-clave",
    "SECRET=enter-your-secret",
])
def test_a_blank_where_a_value_goes_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("before, text", [
    ("Passwort fürs Portal:", "[wird später eingetragen]"),
    ("the alarm code?", "(TBD)"),
])
def test_a_blank_told_after_its_name_in_the_turn_before_is_kept(before: str, text: str) -> None:
    assert redact_thread(text, [before]) == text


@pytest.mark.parametrize("text, value", [
    ("the password is [Sommer2024]", "Sommer2024"),
    ("password: (purple monkey dishwasher)", "purple monkey dishwasher"),
    ("pw: tu-casa-verde", "tu-casa-verde"),
    ("password: REDACTED123", "REDACTED123"),
    ("the password is redacted-sunflower-9", "redacted-sunflower-9"),
])
def test_a_value_that_only_looks_like_a_blank_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "نسيت الرقم السري، رحت للبنك الصبح",
    "نسيت كلمة السر، اتصلت بالدعم",
    "忘了密码，去了银行",
    "忘了密码，打电话给客服",
])
def test_a_forgotten_password_has_no_value_after_the_comma(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text, value", [
    ("كلمة السر للواي فاي، برتقالة", "برتقالة"),
    ("密码，樱花", "樱花"),
    ("我改了密码，樱花", "樱花"),
])
def test_a_value_after_the_comma_is_still_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("before, text, value", [
    ("図書館カードの番号", "7730215948 です", "7730215948"),
    ("ok", "numer karty bibliotecznej 5518203771", "5518203771"),
    ("library card number", "29384756123", "29384756123"),
])
def test_a_library_card_number_is_kept(before: str, text: str, value: str) -> None:
    assert value in redact_thread(text, [before])


@pytest.mark.parametrize("text, value", [
    ("図書館カードの暗証番号は 4821", "4821"),
    ("library card PIN 4821", "4821"),
])
def test_a_library_card_pin_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_number_reached_from_is_kept() -> None:
    text = "şifremi unuttum, bankaya 0850 222 0 800 numarasından ulaştım"
    assert redact_secrets(text) == text
    assert "482913" not in redact_secrets("şifre sıfırlama: 0850 222 0 800 numarasından aradılar, kodu 482913 verdim")
