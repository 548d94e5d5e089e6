"""Round thirty-one (t62a): interpreters, translators and language tutors — values relayed for a listener,
and a lesson's sample values."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import lesson_examples, redact_turns


def _withheld(turns: list[str], values: list[str]) -> bool:
    out = "\n".join(redact_turns(turns))
    return not any(v in out for v in values)


def _kept(turns: list[str], values: list[str]) -> bool:
    out = "\n".join(redact_turns(turns))
    return all(v in out for v in values)


@pytest.mark.parametrize(("text", "value"), [
    ('Beispielsatz für die Übung: „Mein Passwort ist Sonnenblume7“', "Sonnenblume7"),
    ("練習問題：「私のパスワードはsakura123です」を英訳しなさい", "sakura123"),
    ('예문: "제 비밀번호는 haneul77입니다" 영어로 번역하세요', "haneul77"),
    ('bài tập: dịch câu "Mật khẩu của tôi là hoasen88"', "hoasen88"),
    ("упражнение: переведите «мой пин-код 4827» на английский", "4827"),
    ('homework: translate "la contraseña de mi correo es pato1234"', "pato1234"),
    ('ders kitabındaki örnek: "Şifrem 1111"', "1111"),
    ('tamrin: "ramz-e man 1111 ast" ro tarjome kon', "1111"),
])
def test_a_lessons_sample_value_is_kept(text: str, value: str) -> None:
    assert _kept([text], [value])


@pytest.mark.parametrize(("text", "value"), [
    ('please tell the bank in Spanish: "my password is Nyota_azul275"', "Nyota_azul275"),
    ('dile al banco: "mi contraseña es Tulipan_rojo88"', "Tulipan_rojo88"),
    ("after the exercise class, my locker code is 4471", "4471"),
    ('for the class trip, the door code is "4471"', "4471"),
])
def test_a_relayed_value_without_a_lesson_stays_withheld(text: str, value: str) -> None:
    assert _withheld([text], [value])


@pytest.mark.parametrize(("value", "trivial"), [
    ("1234", True), ("0000", True), ("123456", True), ("gato123", True), ("qwerty", True),
    ("4827", False), ("Nyota_azul275", False), ("ab123", False), ("Sonnenblume7", False),
])
def test_trivial_values(value: str, trivial: bool) -> None:
    assert lesson_examples.trivial(value) is trivial


@pytest.mark.parametrize(("turns", "values"), [
    (["ramz-e kart ro goft: do yek yek hasht"], ["yek yek hasht"]),
    (["ramz-e gooshi-am 1527 e, age gom shod"], ["1527"]),
    (["wifi-e khoone FRITZ!Box 7530 KJ", "ramzesh dcmcfk85I7"], ["dcmcfk85I7"]),
    (["ramze kart-e man 8841 e"], ["8841"]),
    (["soal-e amniyati: esm-e madar bozorg", "Motoko"], ["Motoko"]),
])
def test_romanised_persian_secrets_are_withheld(turns: list[str], values: list[str]) -> None:
    assert _withheld(turns, values)


@pytest.mark.parametrize(("turns", "values"), [
    (["nesf-e aval-e ramz maripos", "nesf-e dovom a!197283"], ["maripos", "a!197283"]),
    (["أول جزء من الرمز Lahore_s", "الباقي iyah70839"], ["Lahore_s", "iyah70839"]),
    (["الجزء الأول من الكود Karachi_q", "والباقي ab7734"], ["Karachi_q", "ab7734"]),
    (["jawaz el safar", "ra2amo P87229755"], ["P87229755"]),
])
def test_parts_and_documents_relayed_in_romanised_persian_and_arabic(turns: list[str], values: list[str]) -> None:
    assert _withheld(turns, values)


def test_a_first_half_of_a_match_is_kept() -> None:
    assert _kept(["the first half of the match was boring", "second half 2-1"], ["2-1"])


@pytest.mark.parametrize(("text", "value"), [
    ("senha do gov.br do meu cliente: Nyota_azul275", "Nyota_azul275"),
    ("la contraseña de gmail.com de mi clienta: Girasol_88", "Girasol_88"),
    ("parola contului de email al clientei: Trandafir_77", "Trandafir_77"),
    ("codul numeric personal al clientei e 2770520099816", "2770520099816"),
    ("the PIN for my client: 4827", "4827"),
])
def test_a_clients_secret_is_withheld(text: str, value: str) -> None:
    assert _withheld([text], [value])


@pytest.mark.parametrize(("text", "value"), [
    ("número do cliente é 88213455", "88213455"),
    ("número de cliente: 88213455", "88213455"),
    ("client: 88213455", "88213455"),
    ("a senha do gov.br do meu cliente expirou", "expirou"),
])
def test_a_customer_number_is_kept(text: str, value: str) -> None:
    assert _kept([text], [value])


@pytest.mark.parametrize(("text", "value"), [
    ("spelling it for the interpreter: 1-U-m-h-o-D-E-u-E-W-V-S-B", "1-U-m-h-o-D-E-u-E-W-V-S-B"),
    ("deletreo para el intérprete: 7-k-p-q-2-x-w-m-a", "7-k-p-q-2-x-w-m-a"),
    ("je l'épelle pour l'interprète : b.7.r.k.4.m.z.q", "b.7.r.k.4.m.z.q"),
    ("ich buchstabiere: T-9-x-W-4-k-L-m", "T-9-x-W-4-k-L-m"),
])
def test_a_value_spelled_for_a_listener_is_withheld(text: str, value: str) -> None:
    assert _withheld([text], [value])


@pytest.mark.parametrize(("turns", "values"), [
    (["tutor here — for tomorrow's dictation drill use fake numbers like 555-0199", "and spelled names like R-O-S-S-I"],
     ["555-0199", "R-O-S-S-I"]),
    (["spell the postcode: S-W-1-A"], ["S-W-1-A"]),
    (["version 1.2.3.4.5.6.7.8 released"], ["1.2.3.4.5.6.7.8"]),
    (["the sequence goes A-B-C-D-E-F-G-H"], ["A-B-C-D-E-F-G-H"]),
])
def test_spelled_names_and_sequences_are_kept(turns: list[str], values: list[str]) -> None:
    assert _kept(turns, values)


@pytest.mark.parametrize(("text", "value"), [
    ("exemple du cours : « le mot de passe est Tulipe88 » — on dit « le mot de passe », masculin", "Tulipe88"),
    ("translation drill: PIN → код, password → пароль", "пароль"),
    ("the Farsi word for password is ramz", "ramz"),
    ("glosario: contraseña = password, clave = key, PIN = PIN", "key"),
    ("grammar drill: 'password' is a countable noun — 'I forgot both my passwords'", "countable noun"),
    ('Vokabel: „Passwort“ ist ein Neutrum — das Passwort', "ein Neutrum"),
    ("passport = pasaporte, boarding pass = tarjeta de embarque, gate 2656 is just a made-up number", "tarjeta de embarque"),
    ("passport = pasaporte, boarding pass = tarjeta de embarque, gate 2656 is just a made-up number", "2656"),
])
def test_a_vocabulary_lessons_words_are_kept(text: str, value: str) -> None:
    assert _kept([text], [value])


@pytest.mark.parametrize(("text", "value"), [
    ("the word of the day is tulip and my password = sunflower, pin = 4827", "sunflower"),
    ("wifi = HomeNet, password = sunflower", "sunflower"),
    ('the word "password" is funny, my password is Xk82mPq7', "Xk82mPq7"),
    ("my PIN is 4827, not a made-up one", "4827"),
])
def test_a_value_beside_vocabulary_talk_stays_withheld(text: str, value: str) -> None:
    assert _withheld([text], [value])


@pytest.mark.parametrize(("turns", "values"), [
    (["el celular de mi papá no abre", "prueba 9422 o si no 6693"], ["9422", "6693"]),
    (["telefonun şifresi 3947, tabletinki 592137"], ["3947", "592137"]),
    (["phone passcode 3947, the tablet's 592137"], ["3947", "592137"]),
    (["essaie le code 1234 sinon 4321"], ["4321"]),
    (["my dad's phone won't unlock", "try 9422 or else 6693"], ["9422", "6693"]),
])
def test_a_second_value_to_try_is_withheld(turns: list[str], values: list[str]) -> None:
    assert _withheld(turns, values)


@pytest.mark.parametrize(("text", "value"), [
    ("my PIN 4471 or 2 tries left", "2 tries"),
    ("door code 4471, or call 0161 496 0000", "0161 496 0000"),
    ("نسيت كلمة السر حق Nusuk", "Nusuk"),
    ("نسيت كلمة المرور حق تطبيق توكلنا", "توكلنا"),
    ("número de recibo USCIS EAC5813631578", "EAC5813631578"),
    ("recibo de USCIS: IOE0912345678", "IOE0912345678"),
    ("свифт-код банка 044525225 для перевода денег", "044525225"),
])
def test_look_alikes_near_relayed_values_are_kept(text: str, value: str) -> None:
    assert _kept([text], [value])


@pytest.mark.parametrize(("text", "value"), [
    ("كلمة السر حق Nusuk هي نخلة2024", "نخلة2024"),
    ("نسيت كلمة السر حق الواي فاي بس هي Xk82mPq7", "Xk82mPq7"),
    ("she says her mother's surname before marriage was Okonkwo, for the bank's security check", "Okonkwo"),
    ("my mum's name before marriage was Adeyemi, the bank asks for it", "Adeyemi"),
])
def test_relayed_secrets_beside_talk_stay_withheld(text: str, value: str) -> None:
    assert _withheld([text], [value])


@pytest.mark.parametrize(("turns", "hidden"), [
    (["yeh sirf aap ke liye hai — unhon ne bataya ke un ka beta visa overstay kar chuka hai"], [True]),
    (["ye sirf aap ki liye hai, mera bhai jail mein hai"], [True]),
    (["yeh sirf aapke liye hai: beta Dubai mein jail mein hai"], [True]),
    (["yeh gift sirf aap ke liye hai, happy birthday"], [False]),
])
def test_a_confidence_told_only_for_the_listener(turns: list[str], hidden: list[bool]) -> None:
    from fact_memory_graph.forgetting import withheld_turns

    assert withheld_turns(turns) == hidden


@pytest.mark.parametrize(("turns", "values"), [
    (["Ìwé ìrìnnà mi", "nọ́mbà rẹ̀ ni A69678812"], ["A69678812"]),
    (["nọ́mbà ìwé ìrìnnà mi ni B12345678"], ["B12345678"]),
    (["Kóòdù ìṣí fóònù mi ni 0819"], ["0819"]),
    (["mera NTN 8593870-7 hai"], ["8593870-7"]),
    (["الكلمة المميزة للبنك: zaitoon"], ["zaitoon"]),
    (["الكلمة المميزة عندي في البنك هي ياسمين"], ["ياسمين"]),
    (["erayga bangiga ee la xasuusto waa pomegranate"], ["pomegranate"]),
    (["bank wala yaad rakhan wala shabad chaikhana hai"], ["chaikhana"]),
])
def test_documents_and_memorable_words_in_more_languages(turns: list[str], values: list[str]) -> None:
    assert _withheld(turns, values)


@pytest.mark.parametrize(("text", "value"), [
    ("NTN office in Lahore opens at 0900", "0900"),
    ("الكلمة المميزة لهذا الأسبوع: سلام", "سلام"),
])
def test_their_look_alikes_are_kept(text: str, value: str) -> None:
    assert _kept([text], [value])
