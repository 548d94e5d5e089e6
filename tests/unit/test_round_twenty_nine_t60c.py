"""Round twenty-nine (t60c): Arabic typed without hamza, patterns told by their letter or over two turns,
numbers to call after hours, a place the secret is written, factory logins, a login beside a masked password,
"characters from it". Phrasings and values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import arabic_spelling, redact_secrets, redact_thread


def test_arabic_restored_letter_for_letter() -> None:
    text = "سؤال الامان: اسم امي قبل الزواج… Haddad"
    spelled = arabic_spelling.restored(text)
    assert len(spelled) == len(text) and "الأمان" in spelled
    assert arabic_spelling.restored("hello there") == "hello there"


@pytest.mark.parametrize("text, value", [
    ("سؤال الامان: اسم عائلة امي قبل الزواج… Haddad", "Haddad"),
    ("اجابه سؤال الامان هي Fluffy", "Fluffy"),
    ("وكلمه السر tortuga88", "tortuga88"),
    ("كلمه السر بتاعتي zaatar_2020", "zaatar_2020"),
    ("الرقم السري حق البطاقه 4471", "4471"),
])
def test_arabic_without_hamza_is_read(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("turns, value", [
    (["اكواد الاسترجاع", "4413-9920\n8812-0031\n7765-1203"], "8812-0031"),
    (["کدهای بازیابی", "4413-9920\n8812-0031\n7765-1203"], "8812-0031"),
])
def test_recovery_codes_in_arabic_and_persian(turns: list[str], value: str) -> None:
    assert value not in redact_thread(turns[1], turns[:1])


@pytest.mark.parametrize("text, value", [
    ("iPhoneのパスコードはZ pattern 1235789", "1235789"),
    ("手机是Z pattern 1235789", "1235789"),
    ("it is a Z pattern 1235789 on my samsung", "1235789"),
    ("L-shaped pattern: 1-4-7-8-9", "1-4-7-8-9"),
    ("M pattern 7-4-5-6-9", "7-4-5-6-9"),
])
def test_a_pattern_told_by_its_letter(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("before, dots", [
    ("pattern ya simu", "7-1-6-2-9"),
    ("padrão do celular da minha mãe", "3-5-7-8-9"),
    ("el patrón de mamá", "1-4-7-8-9"),
    ("hab ich wieder vergessen, das Muster", "2-5-8-9-6"),
])
def test_pattern_dots_in_the_turn_after_its_name(before: str, dots: str) -> None:
    assert dots not in redact_thread(dots, [before])


@pytest.mark.parametrize("before, text", [
    ("my knitting pattern", "row 1-2-3-4"),
    ("the tile pattern", "1-2-1-2"),
])
def test_no_pattern_dots(before: str, text: str) -> None:
    assert redact_thread(text, [before]) == text


@pytest.mark.parametrize("text", [
    "alarm company after hours: 312-555-0176",
    "forgot my pin, the bank number is 404-555-0197",
    "pin olvidado, fuera de horario llamar al 312-555-0131",
    "the boiler people after hours: 0161 496 0875",
    "비밀번호 변경 문의 0161 496 0875",
    "şifre sıfırlama talebi no 443394581",
])
def test_numbers_to_call_and_requests_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_a_code_beside_a_number_to_call_stays_withheld() -> None:
    out = redact_secrets("alarm code is 4471, alarm company after hours: (713) 555-0133")
    assert "4471" not in out and "(713) 555-0133" in out


@pytest.mark.parametrize("text", [
    "the wifi password is on the router sticker",
    "the wifi password is on a sticker at PC-29",
    "la contraseña del wifi está en la pegatina del router",
    "das WLAN-Passwort steht auf dem Aufkleber am Router",
    "le mot de passe du wifi est sous la box",
    "wachtwoord van de wifi staat op de sticker achter de router",
])
def test_where_a_password_is_written_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text, value", [
    ("wpa key on the router sticker: 2474643026", "2474643026"),
    ("the wifi password is in capitals PURPLEDOG", "PURPLEDOG"),
    ("the pin is on 4471", "4471"),
    ("its pxvibf62zqst on the router sticker", "pxvibf62zqst"),
    ("the alarm panel is in the broom cupboard, code C0086X", "C0086X"),
    ("es steht auf dem Router kP2vX9qLm4", "kP2vX9qLm4"),
])
def test_a_value_beside_its_place_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "the mixer default login is admin/admin, everyone knows that",
    "o manual diz senha padrão: admin/admin, já troquei",
    "default creds are root:toor on kali",
    "la contraseña por defecto es 1234, cámbiala",
])
def test_factory_logins_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text, value", [
    ("my password is admin", "admin"),
    ("the default password was admin but I changed it to Tulip99!", "Tulip99!"),
    ("router login admin, password admin", "password admin"),
    ("password for the router is admin, changed from the default", "admin,"),
])
def test_other_passwords_beside_defaults_stay_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "login: mei.lin.trading password: ********",
    "login: raj@sutrahome.in password: ********",
    "usuario ana.r@correo.test contraseña ••••••••",
    "Benutzer k.weber Passwort: ••••••",
])
def test_a_login_beside_a_masked_password_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_a_login_beside_a_real_password_keeps_its_reading() -> None:
    assert "Tulip99!" not in redact_secrets("login: mei.lin.trading password: Tulip99!")


@pytest.mark.parametrize("text, value", [
    ("el garaje abre con 8811 en el teclado", "8811"),
    ("el portón abre con 4471#", "4471"),
    ("il cancello apre con 5521", "5521"),
])
def test_a_gate_opens_with_its_code(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", ["la tienda abre con 2 empleados", "el banco abre con 1 hora de retraso"])
def test_opening_with_a_count_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("before, text, value", [
    ("they always want characters from it", "it's Tamarind 🙏", "Tamarind"),
    ("the bank asks for letters from it every time", "its Marmalade", "Marmalade"),
    ("they want letters from it", "Rhubarb", "Rhubarb"),
])
def test_a_word_asked_for_its_characters(before: str, text: str, value: str) -> None:
    assert value not in redact_thread(text, [before])


def test_a_remark_after_characters_from_it_is_kept() -> None:
    assert redact_thread("it's annoying 🙄", ["they always want characters from it"]) == "it's annoying 🙄"


@pytest.mark.parametrize("turns", [
    ["相談があるんだけど", "誰にも言わないでね", "実は去年から不妊治療してる"],
    ["I have a secret", "dont tell anyone", "I lost my job in March"],
    ["عندي سر", "لا تقوله لأحد أبداً", "زوجي فقد وظيفته"],
    ["عندي سر", "لا تقولي لأحد", "أختي حامل"],
])
def test_a_request_after_an_announcement_covers_the_turn_after_it(turns: list[str]) -> None:
    from fact_memory_graph.forgetting import withheld_turns

    assert withheld_turns(turns)[2]


def test_an_announcement_and_small_talk_cover_nothing_more() -> None:
    from fact_memory_graph.forgetting import withheld_turns

    assert not withheld_turns(["I have a secret", "ok", "the weather is nice"])[2]
