"""Issue 45, eighth round (l45n): secrets named by a word and their values — a code's value by its
shape (letters and digits), a security question's answer after an arrow or told after its topic in
a security context, corrections in more languages, a second code listed after one, a lone
password-shaped turn after a password's name, and the look-alikes that must stay.

Every value and sentence here was written for these tests (none copied from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets, redact_thread


def _thread(turns: list[str]) -> list[str]:
    return [redact_thread(t, turns[:i]) for i, t in enumerate(turns)]


# ---------------------------------------------------------------- a code's value by its shape
@pytest.mark.parametrize(("text", "value"), [
    ("Türkçe: apartman diyafon kodu 38K2719", "38K2719"),
    ("le digicode de l'immeuble c'est B4729", "B4729"),
    ("intercom code for the flat is 7A319", "7A319"),
    ("код подъезда 19в4402", "19в4402"),
    ("Steam guard code for my brother's account: Q7RT2", "Q7RT2"),
    ("verification code for the portal: 7KD3-92QX", "7KD3-92QX"),
])
def test_a_code_in_letters_and_digits_after_its_name_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    ("Schlüsselbox am Ferienhaus: 5521", "5521"),
    ("code de la boîte à clés : 7734", "7734"),
    ("kode gembok sepeda aku 4719", "4719"),
    ("mã mở cửa là 8823", "8823"),
    ("namba ya uthibitisho ni 660417", "660417"),
    ("كود التحقق ٤٤٨٢٠١", "٤٤٨٢٠١"),
    ("code wifi du chalet : marmottebleue", "marmottebleue"),
    ("SIM PIN 4417, PUK 88120934", "88120934"),
])
def test_code_and_wifi_names_in_more_languages(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "the promo code SPRING25 works at checkout",
    "code promo ETE2031 sur le site",
    "le code erreur E0423 s'affiche",
    "Fehlercode E4F2 an der Waschmaschine",
    "booking code K7X2QP for the flight",
    "tracking code ZX12345678 for the parcel",
    "rezervasyon kodu TK9QW2, pencere kenarı istiyorum",
    "kodu YAZ25 herkese açık kampanya",
])
def test_public_codes_beside_the_word_code_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


# ---------------------------------------------------------------- security answers
@pytest.mark.parametrize(("text", "value"), [
    ("question secrète : ville de naissance de mon père → Carhaix", "Carhaix"),
    ("security question: favourite teacher -> Mrs Halvorsen", "Halvorsen"),
    ("my bank's security question is my first pet => Pickles99", "Pickles99"),
    ("called the bank, they asked my mother's maiden name and I told them Fairweather", "Fairweather"),
    ("the bank asked for the city I was born in, I said Rotterdam", "Rotterdam"),
])
def test_a_security_answer_after_an_arrow_or_told(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_security_answer_told_in_the_next_turn() -> None:
    turns = ["the lady at the bank wanted my first car for verification",
             "told her it was a '02 Golf named Rosie, keep that handy"]
    assert "Rosie" not in " ".join(_thread(turns))


@pytest.mark.parametrize("text", [
    "my first car was a 1998 Civic, loved it",
    "i said my first pet was a hamster named Nibbles",
    "my best friend said it was fine",
    "I changed my password yesterday",
    "the PIN code of the post office is 560001",
])
def test_life_stories_and_password_talk_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


# ---------------------------------------------------------------- corrections, lists, lone turns
@pytest.mark.parametrize(("text", "value"), [
    ("আমার ইমেইল পাসওয়ার্ড mitu#৪৪ ... না মানে mitu#44ab", "mitu#44ab"),
    ("mot de passe du wifi : lapinbleu, non attends, lapinvert77", "lapinvert77"),
    ("the gate code is basically my house number, wait no just write it: 7720", "7720"),
])
def test_a_corrected_value_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_second_code_listed_with_its_own_noun() -> None:
    text = "Alarmcode van het kantoor is 6614, en de fietsenstalling achterom 30928."
    out = redact_secrets(text)
    assert "6614" not in out and "30928" not in out


def test_a_lone_password_turn_after_an_aside() -> None:
    turns = ["what's the password for the tablet", "it's grandma's cat with a 7 after it", "Mittens7"]
    assert "Mittens7" not in " ".join(_thread(turns))


def test_a_lone_token_after_a_password_manager_is_kept() -> None:
    turns = ["which password manager do you use?", "Keeper2024"]
    assert _thread(turns)[-1] == "Keeper2024"


@pytest.mark.parametrize(("text", "value"), [
    ("Mit kodeord til e-Skat derhjemme er hav-maage-kajak-41.", "hav-maage-kajak-41"),
    ("my password for e-Tax at the office is pine-otter-92", "pine-otter-92"),
    ("SIM PIN for the delivery phones 3318, PUK 70426615", "70426615"),
])
def test_a_value_after_what_the_password_opens_and_a_code_right_after_its_name(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_password_manager_named_is_kept() -> None:
    text = "my password manager is Bitwarden2, it syncs everywhere"
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "value"), [
    ("ok so my p i n is 6093", "6093"),
    ("the o t p they sent was 512908", "512908"),
    ("c.v.v. 318 on the back", "318"),
    ("my pass word is otter58", "otter58"),
])
def test_names_as_speech_to_text_writes_them(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_spelled_letters_that_name_no_code_are_kept() -> None:
    text = "a b c 123 is how the song goes"
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "value"), [
    ("the site asked me for my favourite teacher and I wrote Ms Adeyemi", "Adeyemi"),
    ("la banque m'a demandé ma première école, j'ai dit Marcel Pagnol", "Pagnol"),
    ("remember for the bank: first car was a blue Skoda called Bruno", "Bruno"),
    ("opening the savings account I picked my childhood street: Fernhill Close", "Fernhill"),
    ("Otter#31 is my new password", "Otter#31"),
    ("Renard_77 est mon mot de passe", "Renard_77"),
])
def test_security_answers_and_values_before_the_name(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "I opened a bank account when my first job was at the bakery",
    "my daughter asked what my first car was, it was a Beetle",
    "Dashlane is my password manager",
])
def test_a_topic_beside_a_bank_without_a_question_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "values"), [
    ("تاريخ الانتهاء ٠٩/٢٨ والرمز ٦٢٧", ["٠٩/٢٨", "٦٢٧"]),
    ("hạn 10/29 mã 804", ["10/29", "804"]),
])
def test_an_expiry_then_three_digits_are_a_cards_data(text: str, values: list[str]) -> None:
    out = redact_secrets(text)
    assert not any(v in out for v in values)


@pytest.mark.parametrize("text", [
    "the voucher expires 04/27 at 1200",
    "my passport expires 05/29, room 204.",
])
def test_an_expiry_beside_a_time_or_a_room_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("turns", [
    ["security question for the card account is my first pet", "Marzipan"],
    ["grandmother's maiden name? it's for the bank form", "Vasquez-Oyelaran"],
])
def test_a_short_turn_after_a_security_question_is_its_answer(turns: list[str]) -> None:
    assert turns[-1].split("-")[0] not in _thread(turns)[-1]


@pytest.mark.parametrize("turns", [
    ["my first car was a Corolla", "it was red"],
    ["the bank asked my first car", "ok"],
    ["the bank called about my account", "Tuesday afternoon"],
])
def test_a_short_turn_after_talk_of_a_topic_or_a_bank_is_kept(turns: list[str]) -> None:
    assert _thread(turns)[-1] == turns[-1]


@pytest.mark.parametrize("text", [
    "my mother's maiden name is a common security question, banks should stop using it",
    "she asked about my first school and I told her it was in Lagos",
    "the bank asked me a security question about my first car and I couldn't remember",
])
def test_talk_about_security_questions_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_a_password_spelled_letter_by_letter_after_its_start() -> None:
    out = redact_secrets("the router password is capital M, o, s, s, 7, 1")
    assert "o, s, s, 7, 1" not in out and ", 7, 1" not in out


@pytest.mark.parametrize(("text", "value"), [
    ("mera atm pin hai teen paanch nau do", "teen paanch nau do"),
])
def test_digits_in_romanised_hindi_after_a_code_name(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_counting_in_romanised_hindi_is_kept() -> None:
    text = "ek do teen char, the kids were counting at the game"
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text", [
    "код товара 58л2214 на складе",
    "код заказа Б4Т8812 пришёл",
    "kod rabatowy ZIMA2031 na stronie",
])
def test_product_order_and_discount_codes_inflected_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_a_question_set_and_a_thanks_after_a_pin_are_kept() -> None:
    assert redact_secrets("my bank security question is set, cannot recall the answer") == \
        "my bank security question is set, cannot recall the answer"
    assert _thread(["my PIN is 9034", "cheers!"])[-1] == "cheers!"
