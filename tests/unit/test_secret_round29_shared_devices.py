"""Round twenty-nine (t60a): secrets told in short, broken wording on shared and borrowed devices —
security answers after their topic alone, lockers and doors that open with a code, PINs told by the
machine or the card, codes to type in quickly, recovery codes named in more languages, "don't tell
anyone" in Pashto, Tigrinya and Kurdish — and the look-alikes beside them (a locker's number, a desk's
label, an e-mail whose password someone else kept). Phrasings and values written for these tests,
none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_secrets, redact_thread, redact_turns

# ---------------------------------------------------------------- security answers after their topic alone

@pytest.mark.parametrize("text, value", [
    ("اسم عائلة امي قبل الزواج… Darwish", "Darwish"),
    ("اسم امي قبل الزواج: Haddad", "Haddad"),
    ("اسم اولین حیوونم: Pishi", "Pishi"),
    ("فامیلی مادرم قبل از ازدواج Rahimi", "Rahimi"),
    ("ስም ኣደይ ቅድሚ መርዓ: Tesfamariam", "Tesfamariam"),
    ("magaca hooyaday ka hor guurka: Warsame", "Warsame"),
    ("la calle donde creciste → Alcalá", "Alcalá"),
    ("first school? Riverside", "Riverside"),
    ("first school… Riverside", "Riverside"),
    ("mothers maiden name -> Kowalczyk", "Kowalczyk"),
])
def test_a_topic_then_its_answer_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "first school? dunno, it was ages ago",
    "first pet? we never had one",
    "my favourite band? Queen obviously",
    "first school: St Mary's, then we moved to Leeds",
])
def test_a_question_about_a_topic_with_talk_after_is_not_an_answer(text: str) -> None:
    out = redact_secrets(text)
    for word in ("dunno", "never", "Queen"):
        if word in text:
            assert word in out


# ---------------------------------------------------------------- lockers and doors that open with a code

@pytest.mark.parametrize("text, value", [
    ("el casillero 12 del gimnasio abre con 0451", "0451"),
    ("la taquilla abre con 7719", "7719"),
    ("الخزانة رقم 5 في الملجأ تفتح بـ 39120", "39120"),
    ("шафка 14 відкривається кодом 5521", "5521"),
    ("el garaje abre con 6628 en el teclado", "6628"),
])
def test_a_locker_that_opens_with_a_code(text: str, value: str) -> None:
    out = redact_secrets(text)
    assert value not in out
    for number in ("12", "14", "5"):
        if f" {number} " in text:
            assert f" {number} " in out  # the locker's own number is kept


@pytest.mark.parametrize("turns, value", [
    (["30417", "هذا يفتح الخزانة 7 بالملجأ"], "30417"),
    (["4471", "це відкриває шафку 12 в гуртожитку"], "4471"),
    (["88120", "esto abre el casillero 3"], "88120"),
])
def test_a_value_the_next_turn_says_opens_a_locker(turns: list[str], value: str) -> None:
    assert value not in redact_turns([turns[0]], after=turns[1])[0]


@pytest.mark.parametrize("text, value", [
    ("you press 5512C then the key symbol at the side door", "5512C"),
    ("pour rentrer au foyer après minuit tu tapes 7730B", "7730B"),
    ("to get into the hostel after 11pm you type 2290*", "2290*"),
    ("للدخول للملجأ بعد الساعة 10 اكتب 6614A", "6614A"),
    ("press 3381 and the star key at the gate", "3381"),
])
def test_a_door_code_keyed_in_to_get_in(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "we raised 4500 and the star player pushed it",
    "my locker number is 33, desk 12",
    "الخزانة رقم 82",
])
def test_numbers_beside_keys_and_lockers_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_a_star_after_a_keypad_code_is_no_mask() -> None:
    out = redact_thread("pour rentrer au foyer après 22h tu tapes 6607*", ["je suis au cyber café à côté du foyer"])
    assert "6607" not in out


# ---------------------------------------------------------------- PINs, one-time codes, device codes, Wi-Fi keys

@pytest.mark.parametrize("text, value", [
    ("what the machine asks after you put the card in → 730915", "730915"),
    ("6240 للبطاقة حق المساعدات", "6240"),
    ("الرقم 4471 للبطاقة، لا تنساه", "4471"),
    ("552901 — вводь швидко", "552901"),
    ("731554 — اكتبه بسرعة", "731554"),
    ("880112 واردش کن سریع", "880112"),
    ("my cousins phone, to open it: 908172", "908172"),
    ("el móvil de mi amiga, para abrirlo: 271844", "271844"),
    ("تلفون صاحبتي، لفتحه: 319500", "319500"),
    ("الشبكة Hostel_2G والكلمة Zaytoun2291x", "Zaytoun2291x"),
    ("شبکه Library_Guest و رمزش lib2024guest", "lib2024guest"),
])
def test_codes_told_by_what_they_do(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "the report is due 041145 quickly",
    "my phone, to open it: swipe up",
    "الشبكة اسمها Shelter5G",
])
def test_talk_beside_those_words_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


# ---------------------------------------------------------------- recovery codes and wallet words

@pytest.mark.parametrize("turns, values", [
    (["اكواد الاسترجاع", "4180-2291\n7713-0046\n5528-9013"], ["4180-2291", "7713-0046", "5528-9013"]),
    (["کدهای پشتیبان جیمیل", "3307 1184\n9120 4471"], ["3307 1184", "9120 4471"]),
])
def test_recovery_codes_named_the_turn_before(turns: list[str], values: list[str]) -> None:
    out = redact_thread(turns[1], [turns[0]])
    assert not any(v in out for v in values)


@pytest.mark.parametrize("text", [
    "کدهای بازیابی: 2216-6450 7360-6392 6751-2067",
    "koodhadhka soo celinta 4401-7730 9128-5512",
])
def test_recovery_codes_named_in_the_same_turn(text: str) -> None:
    assert "6450" not in redact_secrets(text) and "7730" not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "کلمات بازیابی کیف پول legal winner thank year wave sausage worth useful legal winner thank yellow swift",
    "كلمات الاسترجاع للمحفظة: legal winner thank year wave sausage worth useful legal winner thank yellow",
])
def test_wallet_recovery_words_named_in_persian_and_arabic(text: str) -> None:
    assert "sausage" not in redact_secrets(text)


# ---------------------------------------------------------------- passwords named by the turn after

@pytest.mark.parametrize("turns, value", [
    (["ok so the volunteer set it up, its kabul_7731", "thats the one for universal credit, not the email"], "kabul_7731"),
    (["the volunteer made it, its amal_2291", "this is what opens the universal credit account"], "amal_2291"),
    (["Homs.zxy42", "das brauch ich fürs Jobcenter-Konto, schreibs auf"], "Homs.zxy42"),
])
def test_a_password_named_by_the_next_turn(turns: list[str], value: str) -> None:
    assert value not in redact_turns([turns[0]], after=turns[1])[0]


@pytest.mark.parametrize("turns", [
    ["hi, the username is amal_2291", "thats the one for the gmail"],
    ["my flight is BA2490", "thats the one for the gate"],
])
def test_a_username_or_a_flight_named_by_the_next_turn_is_kept(turns: list[str]) -> None:
    assert redact_turns([turns[0]], after=turns[1])[0] == turns[0]


@pytest.mark.parametrize("text, kept", [
    ("the wifi password is on a sticker at PC-29", "PC-29"),
    ("the code is on the note by desk 14", "14"),
    ("the volunteer made me an email, its daria.k07@outlook.com, password she kept", "daria.k07@outlook.com"),
    ("my email is daria.k07@outlook.com, the password he has", "daria.k07@outlook.com"),
])
def test_a_place_label_and_an_email_beside_a_password_word_are_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


def test_a_password_after_the_place_is_still_withheld() -> None:
    assert "Kf8s2x9!" not in redact_secrets("the wifi password is on a sticker at PC-29: Kf8s2x9!")


# ---------------------------------------------------------------- "don't tell anyone" in more languages

@pytest.mark.parametrize("text", [
    "چاته یې مه وایه، زما ورور په زندان کې دی",
    "هیچا ته مه وایه، زه پخوا په ایران کې کار کاوه",
    "ንማንም ኣይትንገር ኣብ ሊብያ ተኣሲረ ነይረ",
    "ንማንም ኣይትንገሪ፡ ሓወይ ኣብ ቤት ማእሰርቲ ኣሎ",
    "ji kesî re nebêje, ez ji kampê reviyam",
    "ez ji kampê reviyam, ji kesî re nebêje",
    "بە هیچ کەس مەڵێ، من لە کەمپ هەڵاتم",
])
def test_dont_tell_anyone_withholds_the_turn(text: str) -> None:
    assert withheld_turns([text]) == [True]


def test_a_word_that_looks_like_a_kurdish_secret_word_is_no_request() -> None:
    assert withheld_turns(["my brother is in prison, the raz is out"]) == [False]


@pytest.mark.parametrize("text, value", [
    ("and what you type under the username is Bq771Har!", "Bq771Har!"),
    ("what you type under the email is Lviv#2290x", "Lviv#2290x"),
    ("lo que escribes debajo del usuario es Ramla2023#", "Ramla2023#"),
])
def test_what_is_typed_under_the_username(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("ፓስወርዱ ደግሞ Hagos771!", "Hagos771!"),
    ("ፓስዎርድ ናተይ Asmara_2290 እዩ", "Asmara_2290"),
    ("الباس Idlib7731 صح؟", "Idlib7731"),
    ("د موبایل لاک 6620", "6620"),
    ("разблокировка 730451", "730451"),
    ("telefoonka furkiisa waa 119274", "119274"),
    ("albaabka xarunta 7714#", "7714"),
    ("qufulka armaajada 40917", "40917"),
])
def test_secrets_named_in_more_languages(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("اسم أول حيوان كان عندي Simba اذا سألوا", "Simba"),
    ("የእናቴ የቤተሰብ ስም Woldemariam ነው", "Woldemariam"),
    ("navê kûçikê min ê yekem Şêro bû", "Şêro"),
])
def test_a_topic_then_its_answer_and_a_closing_word(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, number", [
    ("koodhka albaabka, wac 0161 496 0773", "0161 496 0773"),
    ("كود الباب، اتصل على 0161 496 0773", "0161 496 0773"),
])
def test_a_number_to_call_beside_a_code_word_is_kept(text: str, number: str) -> None:
    assert number in redact_secrets(text)
