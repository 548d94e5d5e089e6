"""Round nine (m45r): the families of secrets and look-alikes of fact_memory_graph.secrets.families.

Every sentence and value here was written for this file (none copied from a corpus): each family
in several languages and phrasings, secrets that must be withheld and look-alikes that must stay.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_turns

# (text, the value that must not survive)
SECRETS = [
    # login credentials: a user name beside a password, in many languages
    ("username kofi.mensah77 password Accra#2031", "kofi.mensah77"),
    ("usuario: marta_lopez04, contraseña: girasol2019", "marta_lopez04"),
    ("identifiant b.martin62 mot de passe Soleil!88 pour l'intranet", "b.martin62"),
    ("Benutzername: jonas.k88 Passwort: Tannenbaum77", "jonas.k88"),
    ("utente giulia.r93 password Pizza_4321", "giulia.r93"),
    ("nome de usuário pedro.alves21 senha Futebol#10", "pedro.alves21"),
    ("логин ivan.petrov55 пароль Sneg2024!", "ivan.petrov55"),
    ("kullanıcı adı emre.k42 şifre Galata1453", "emre.k42"),
    ("아이디 minsu_kim92 비번 sarang0512", "minsu_kim92"),
    ("tên đăng nhập lan.nguyen88 mật khẩu HoaSen2020", "lan.nguyen88"),
    ("akun tokopedia: budi.s77 / Rendang2023", "budi.s77"),
    ("login for the library portal: amara.o19 / Baobab2030", "Baobab2030"),
    ("اسم المستخدم omar.h61 وكلمة المرور Nakhla2022", "omar.h61"),
    ("my online banking id is priya.r45", "priya.r45"),
    # codes of things
    ("the combination for the gym padlock is 4 7 2 9", "4 7 2 9"),
    ("my bike lock is 3861, bring it back by six", "3861"),
    ("el candado de la bici es 5072", "5072"),
    ("le code de l'antivol c'est 9146", "9146"),
    ("das Fahrradschloss hat 7315", "7315"),
    ("o cadeado da mochila: 2608", "2608"),
    ("szyfr do sejfu w biurze: 48213", "48213"),
    ("ofis kasasının kilidi 61938", "61938"),
    ("код от сейфа 70421", "70421"),
    ("자물쇠 번호 8502", "8502"),
    ("自転車の鍵は4719です", "4719"),
    ("车锁密码是 6284", "6284"),
    ("میرے phone ka lock 2791 hai", "2791"),
    ("ফোনের লক কোড 5138", "5138"),
    ("قفل الشاشة 9052", "9052"),
    ("wifi password on the router sticker: Kf7mQ2zR9x", "Kf7mQ2zR9x"),
    ("la clave del wifi de la casa es palmera_2024", "palmera_2024"),
    ("Gutscheincode von Oma: K7PD-MX4Q-9ZTB-R2WN", "K7PD-MX4Q-9ZTB-R2WN"),
    ("voucher code for the bookshop 4HXT-92KD-LQ7M", "4HXT-92KD-LQ7M"),
    ("store card 6391027458813302 pin 4417", "4417"),
    ("ATM का पिन कोड 7350 है", "7350"),
    # digits read out in words: languages text2num does not read, and speech-to-text homophones
    ("numero ng card ko: apat lima tatlo siyam isa pito dalawa anim apat sero walo isa lima lima tatlo lima", "apat lima tatlo siyam isa pito dalawa anim apat sero walo isa lima lima tatlo lima"),
    ("আমার কার্ড নম্বর চার পাঁচ তিন নয় এক সাত দুই ছয় চার শূন্য আট এক পাঁচ পাঁচ তিন পাঁচ", "চার পাঁচ তিন নয় এক সাত দুই ছয় চার শূন্য আট এক পাঁচ পাঁচ তিন পাঁচ"),
    ("என் கார்டு எண் ஐந்து இரண்டு ஏழு நான்கு எட்டு ஒன்று ஒன்பது மூன்று பூஜ்ஜியம் இரண்டு ஆறு நான்கு ஏழு ஒன்று எட்டு ஆறு", "ஐந்து இரண்டு ஏழு நான்கு எட்டு ஒன்று ஒன்பது மூன்று பூஜ்ஜியம் இரண்டு ஆறு நான்கு ஏழு ஒன்று எட்டு ஆறு"),
    ("the voicemail pin is ate fore won too, got it?", "ate fore won too"),
    # bank details by country
    ("sort code 20-45-77, account 53918204", "53918204"),
    ("pay me: 60-83-71 / 41175298", "41175298"),
    ("direct deposit: 02761 003 8814207", "02761 003 8814207"),
    ("BSB 062-914 10482736 for the rent", "10482736"),
    ("account 50100234567812, IFSC HDFC0001234", "50100234567812"),
    ("CLABE 002180700000000018 para el depósito", "002180700000000018"),
    ("agência 1234 conta 56789-0 do Itaú", "56789-0"),
    # tax ids
    ("Steuernummer von Papa 21/815/08150", "21/815/08150"),
    ("mi RFC personal GODE561231GR8 y NIT 800197268-4", "800197268-4"),
    ("vergi numaram 1234567890 muhasebe için", "1234567890"),
    ("الرقم الضريبي الخاص بي 312456789", "312456789"),
    ("เลขประจำตัวผู้เสียภาษี 3101700123456", "3101700123456"),
]

# (text, the value that must survive)
LOOK_ALIKES = [
    # a Pix key, random ones too, only receives a payment (round twenty-eight: like a UPI id)
    ("minha chave pix aleatória 3f2b8c1e-9d4a-4e7b-a1c2-5d6e7f8a9b0c", "3f2b8c1e-9d4a-4e7b-a1c2-5d6e7f8a9b0c"),
    ("our electricity account number 7712049981 is on the bill", "7712049981"),
    ("número de cliente de Iberdrola 300451229987, factura de luz", "300451229987"),
    ("Kundennummer bei den Stadtwerken, Stromrechnung: 44019283", "44019283"),
    ("follow me on instagram @luna_draws42", "luna_draws42"),
    ("my gamertag is NightOwl_77, add me", "NightOwl_77"),
    ("the pin code for the courier address is 560034", "560034"),
    ("zip 94110 for the delivery", "94110"),
    ("the manual says the default PIN is 0000 as an example", "0000"),
    ("my password was leaked last year so I changed it", "leaked last year"),
    ("the café wifi has no password, the network is called Beanery_Guest", "Beanery_Guest"),
    ("client id 4417-web.apps.example.com is public", "4417-web.apps.example.com"),
    ("the lock on the shed broke in 2019", "2019"),
    ("locker 12 is mine", "12"),
    ("my PIN expires end of March 2027? no, the card does", "2027"),
    ("our firm's tax number 123456789 is on every invoice", "123456789"),
    ("call the pharmacy on 020 7946 0321", "020 7946 0321"),
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_family_secret_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text), text


@pytest.mark.parametrize(("text", "value"), LOOK_ALIKES)
def test_family_look_alike_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text), text


def test_bank_login_over_two_turns() -> None:
    shown = redact_turns(["the internet banking user is tomas.k81", "and the pass Kolo!2029"])
    assert "tomas.k81" not in shown[0] and "Kolo!2029" not in shown[1]


def test_bike_lock_in_a_second_turn() -> None:
    shown = redact_turns(["can you move my bike", "the lock is 8142"])
    assert "8142" not in shown[1]


@pytest.mark.parametrize(("turns", "value"), [
    (["my phone got locked again", "the code is 5 8 2 0"], "5 8 2 0"),
    (["el candado de la bici", "es 4471"], "4471"),
    (["โทรศัพท์ของพ่อล็อค", "รหัสคือ 6 0 3 9"], "6 0 3 9"),
    (["to reach my voicemail from abroad you dial in and enter 583017"], "583017"),
])
def test_code_after_a_lock_turn(turns: list[str], value: str) -> None:
    assert value not in " ".join(redact_turns(turns))


@pytest.mark.parametrize(("turns", "value"), [
    (["my phone is locked", "call me at 0791 234 567"], "0791 234 567"),
    (["the shed lock broke", "it was 2019 when we bought it"], "2019"),
    (["パスワードはBitwardenで管理してる"], "Bitwarden"),
    (["mudei a senha do banco ontem, agora uso passkey"], "passkey"),
])
def test_lock_and_password_talk_kept(turns: list[str], value: str) -> None:
    assert value in " ".join(redact_turns(turns))


@pytest.mark.parametrize(("text", "value"), [
    ("kombinacja do szafki 7702", "7702"),
    ("Amazon-Gutschein: AQ7Z-K2MD-93PX", "AQ7Z-K2MD-93PX"),
    ("email: nadia.f@proton.me password: Lavanda#77", "nadia.f@proton.me"),
    ("ID ng netflix: ana.cruz23 tapos password ay Mangga2024", "ana.cruz23"),
])
def test_second_set_of_own_sentences(text: str, value: str) -> None:
    assert value not in redact_secrets(text), text


def test_a_locker_number_is_kept() -> None:
    assert "214" in redact_secrets("my locker is 214")


@pytest.mark.parametrize(("text", "value"), [
    ("el username bta3y ahmed_92 wel password Zamalek99", "ahmed_92"),
    ("Steam-Guthabencode: 7KQ2-ZP9M-X4RT", "7KQ2-ZP9M-X4RT"),
    ("mera user id rohit_k9 aur password Rohit@123 hai", "rohit_k9"),
])
def test_third_set_of_own_sentences(text: str, value: str) -> None:
    assert value not in redact_secrets(text), text


def test_a_user_name_without_a_password_given_is_kept() -> None:
    assert "rainy_day" in redact_secrets("my username is rainy_day and I forgot my password")
