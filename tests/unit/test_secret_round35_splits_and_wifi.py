"""Round thirty-five (t66a): a value split over two turns withheld in both, and a Wi-Fi's key of a key's
shape after the Wi-Fi's word. Values made up here (checksums computed for the test)."""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_thread, redact_turns, revealed_by_next
from fact_memory_graph.secrets import secret_spans, spans_in_thread
from fact_memory_graph.secrets.split_heads import head_spans

# A card (Luhn, a network's prefix) and an IBAN whose first half has a German VAT number's shape.
CARD = "5175501139217702"
IBAN = "DE41108681273895573379"


def _halves_hidden(first: str, second: str, a: str, b: str) -> None:
    assert revealed_by_next(first, [], second)  # the turn after shows what the first held
    assert b not in redact_thread(second, [first])


def test_an_iban_sent_in_two_turns_is_withheld_in_both_though_its_head_looks_like_a_vat_number() -> None:
    first, second = f"sending it in two goes: {IBAN[:11]}", IBAN[11:]
    _halves_hidden(first, second, IBAN[:11], IBAN[11:])


def test_a_card_read_out_over_the_phone_is_withheld_in_both_turns() -> None:
    first = f"my dad is reading it out on the phone, {CARD[:8]}"
    second = f"then {CARD[8:]}"
    _halves_hidden(first, second, CARD[:8], CARD[8:])


def test_a_card_whose_halves_a_phone_call_interrupts_is_withheld() -> None:
    turns = [f"card starts with {CARD[:8]}", "sorry my phone is ringing", f"and then {CARD[8:]}"]
    assert CARD[8:] not in redact_thread(turns[2], turns[:2])


def test_two_phone_numbers_in_two_turns_are_kept() -> None:
    first, second = "call the plumber on 0161 496 0734", "or his mobile 07700 900461"
    assert not revealed_by_next(first, [], second)
    assert "07700 900461" in redact_thread(second, [first])


@pytest.mark.parametrize(("first", "second", "head"), [
    ("my login password comes in two bits, first quillrose", "then 7731! at the end", "quillrose"),
    ("la première moitié du mot de passe Vinca", "la fin 5502#", "Vinca"),
    ("das Passwort fürs Vereinskonto ist Kompa", "danach ss44&x", "Kompa"),
])
def test_a_passwords_head_ending_a_turn_is_withheld_when_the_next_turn_gives_its_rest(
        first: str, second: str, head: str) -> None:
    assert head_spans(first, (), second, spans_in_thread)
    assert head not in redact_turns([first], second)[0]


def test_the_turn_that_held_a_head_is_forgotten_when_the_rest_comes() -> None:
    first, second = "la première moitié du mot de passe Vinca", "la fin 5502#"
    assert "Vinca" in redact_thread(first, [])
    assert revealed_by_next(first, [], second)


@pytest.mark.parametrize(("first", "second"), [
    ("my password is long", "Xy12!"),  # a word about it, no part of it
    ("what was my password for the library", "never mind, found it"),
    ("Pipedrive", "cobaltMarten71"),  # a service's name is no head
    ("my password is two bits, first quillrose", "what a day it has been"),  # no rest
])
def test_a_turn_before_a_password_keeps_its_words(first: str, second: str) -> None:
    assert not head_spans(first, (), second, spans_in_thread)


@pytest.mark.parametrize(("text", "value"), [
    ("wifi at the guesthouse: 5830291746", "5830291746"),
    ("the wifi is QmtRvbXqLoPe", "QmtRvbXqLoPe"),
    ("کیفے کا وائی فائی 49302817", "49302817"),
    ("жатақхана вай-фай құпиясөзі: 7719035524", "7719035524"),
])
def test_a_wifi_key_of_a_keys_shape_after_the_wifis_word_is_withheld(text: str, value: str) -> None:
    assert any(text[s:e] == value for s, e, _ in secret_spans(text))


@pytest.mark.parametrize(("text", "value"), [
    ("the wifi network is called 58302917", "58302917"),
    ("wifi name: QmtRvbXqLoPe", "QmtRvbXqLoPe"),
    ("wifi was down for 12 hours again", "12"),
    ("the wifi router serial 48291037562", "48291037562"),
    ("wifi speed is 300000000 bps now", "300000000"),
])
def test_a_wifis_name_a_serial_or_a_speed_is_kept(text: str, value: str) -> None:
    assert not any(text[s:e] == value for s, e, _ in secret_spans(text))


@pytest.mark.parametrize(("text", "login", "password"), [
    ("a lányom Minecraft fiókja: zsofi.b19@freemail.hu, jelszó Kacsa#5521 – nem tud belépni", "zsofi.b19@freemail.hu", "Kacsa#5521"),
    ("my nephew's Roblox account: theo.m42@gmail.com, password Otter!8830 he forgot it", "theo.m42@gmail.com", "Otter!8830"),
    ("мой аккаунт: petya_k91, пароль Ezhik!2207", "petya_k91", "Ezhik!2207"),
])
def test_a_login_given_before_its_password_after_an_inflected_accounts_word_is_withheld(
        text: str, login: str, password: str) -> None:
    shown = redact_thread(text, [])
    assert login not in shown and password not in shown


@pytest.mark.parametrize(("text", "kept"), [
    ("my account email is theo.m42@gmail.com, password reset link never came", "theo.m42@gmail.com"),
    ("a fiókom megszűnt, a jelszó emlékeztető nem jött meg", "fiókom"),
])
def test_an_address_beside_password_talk_is_kept(text: str, kept: str) -> None:
    assert kept in redact_thread(text, [])


@pytest.mark.parametrize("text", [
    "я поменял пароль сегодня утром",
    "kata laluan sudah ditukar pagi tadi",
    "he cambiado la clave del correo y también activado la autenticación en dos pasos",
    "changed the password and enabled two-factor authentication",
])
def test_talk_of_a_changed_password_with_its_time_of_day_or_a_second_step_is_kept(text: str) -> None:
    assert redact_thread(text, []) == text


@pytest.mark.parametrize(("text", "value"), [
    ("пароль от почты Vecher!2291", "Vecher!2291"),
    ("kata laluan baru: Pagi#5518", "Pagi#5518"),
])
def test_a_password_after_talk_words_is_still_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])
