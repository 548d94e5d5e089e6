"""Round twelve (p45l): a code its own sentence says is public is kept; a secret beside such words
is not. Every sentence and value here is written for this test."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns, secret_spans

KEPT = [
    ("The gate code for the community garden is 4417, it's public, posted right on the noticeboard.", "4417"),
    ("Door code to the climbing gym lobby is 2580 — not secret, they print it on the flyer.", "2580"),
    ("The Airbnb listing gives every guest the lockbox code 7731, so it's not really private.", "7731"),
    ("Le code du portail est 5823, il est affiché à l'entrée, ce n'est pas secret.", "5823"),
    ("El código de la puerta del parque es 9045, es público, está en el cartel.", "9045"),
    ("Der Türcode vom Gemeinschaftsraum ist 3306, der steht öffentlich am Aushang.", "3306"),
    ("O código do portão é 6612, não é segredo, está na placa da entrada.", "6612"),
    ("Il codice del cancello è 4490, è pubblico, scritto sul cartello.", "4490"),
    ("De deurcode van de fietsenstalling is 7781, die is openbaar, staat op het bord.", "7781"),
    ("Kod do furtki to 3319, jest publiczny, wisi na tablicy przy wejściu.", "3319"),
    ("Код от калитки 5530, он не секретный, написан на табличке у входа.", "5530"),
    ("Bahçe kapısının şifresi 2209, herkese açık, girişteki tabelada yazıyor.", "2209"),
    ("公园大门密码是 8842，这是公开的，写在门口的牌子上。", "8842"),
    ("公園の門の暗証番号は 6620 です。入口の看板に書いてあるので秘密ではありません。", "6620"),
    ("공원 출입문 비밀번호는 1147이에요. 입구 안내판에 적혀 있어서 비밀 아니에요.", "1147"),
    ("رمز البوابة 7264، وهو ليس سراً، مكتوب على اللافتة عند المدخل.", "7264"),
    ("Kode gerbang taman 9931, bukan rahasia, tertulis di papan depan.", "9931"),
    ("Mã cổng công viên là 4426, không phải bí mật, ghi trên bảng ở lối vào.", "4426"),
    ("Ang code ng gate ay 3381, hindi sikreto, nakapaskil sa may entrance.", "3381"),
    ("Namba ya geti ni 6650, si siri, imeandikwa kwenye bango la mlangoni.", "6650"),
    ("the wifi password at the cafe is coffee2024, it's written on the chalkboard for everyone", "coffee2024"),
    ("the library's guest wifi password is Books4All, it's on the whiteboard at reception", "Books4All"),
    ("La contraseña del wifi de la biblioteca está en la pizarra: lectura2025", "lectura2025"),
    ("The door code is written on the door for the couriers: 5151.", "5151"),
]

WITHHELD = [
    ("my gate code is 4417, please keep it private, it is not public", "4417"),
    ("The door code is 8890 — don't share it, it is not posted anywhere.", "8890"),
    ("my bank pin is 4482, nobody knows it, not even my wife", "4482"),
    ("Mein Passwort ist Tulpe!88 und das ist kein Geheimnis für dich, aber sag es niemandem.", "Tulpe!88"),
    ("my wifi password is Sunflower77, everyone knows it anyway, it's on the whiteboard", "Sunflower77"),
    ("the CVV printed on the back is 882", "882"),
    ("my home wifi password is on the router sticker: HX7-99QP", "HX7-99QP"),
    ("The gate code is 6120 and it's not public at all.", "6120"),
    ("公园大门密码是 3307，不公开，别告诉别人。", "3307"),
    ("The alarm code is 7781, the whole street knows it, it's on the noticeboard lol", "7781"),
    ("card 4929 1733 0446 2516 — it's on the poster? no, it's public knowledge at work", "4929 1733 0446 2516"),
]


def _shown(text: str, value: str) -> bool:
    return value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_a_code_stated_public_is_kept(text: str, value: str) -> None:
    assert _shown(text, value), secret_spans(text)


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_a_secret_beside_public_words_stays_withheld(text: str, value: str) -> None:
    assert not _shown(text, value)


TALK_KEPT = [
    ("パスワードは Apple のキーチェーンに保存してる", "キーチェーン"),
    ("我的密码都存在 iCloud 钥匙串里", "iCloud"),
    ("비밀번호는 키체인에 저장해 뒀어", "키체인"),
    ("troquei a senha do Instagram depois que fui hackeada", "fui hackeada"),
    ("msimbo wa posta wa Nairobi ni 00100", "00100"),
    ("poskod rumah saya 50450", "50450"),
    ("cod poștal 010011 pentru colet", "010011"),
    ("รหัสไปรษณีย์บ้านใหม่ 10110 กรุงเทพ", "10110"),
    ("〒150-0041 東京都渋谷区", "150-0041"),
]

TALK_WITHHELD = [
    ("password: correct horse battery staple, stored in 1password", "correct horse battery staple"),
    ("my password is Tulip, saved in Chrome", "Tulip"),
    ("パスワードは さくらもち です。キーチェーンにも保存した", "さくらもち"),
    ("密码是 huanghe，存在备忘录里", "huanghe"),
    ("la contraseña es que tengas suerte", "que tengas suerte"),
    ("비밀번호는 바다소리 야, 키체인에 저장했어", "바다소리"),
    ("รหัสผ่านคือ 10110", "10110"),
    ("邮编100080，密码 44210", "44210"),
]


@pytest.mark.parametrize(("text", "value"), TALK_KEPT)
def test_password_talk_and_postal_codes_are_kept(text: str, value: str) -> None:
    assert _shown(text, value), secret_spans(text)


@pytest.mark.parametrize(("text", "value"), TALK_WITHHELD)
def test_a_password_beside_where_it_is_kept_stays_withheld(text: str, value: str) -> None:
    assert not _shown(text, value)


ADDRESS_KEPT = [
    ("mi dirección pública de USDT (TRC20) es TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"),
    ("send the refund to my receive address 0x52908400098527886E0F7030069857D2E4169EE7",
     "0x52908400098527886E0F7030069857D2E4169EE7"),
    ("入金アドレスは 0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe です", "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe"),
]


@pytest.mark.parametrize(("text", "value"), ADDRESS_KEPT)
def test_a_receiving_address_named_as_one_is_kept(text: str, value: str) -> None:
    assert _shown(text, value), secret_spans(text)


def test_a_wallet_key_stays_withheld() -> None:
    assert not _shown("wallet private key 0x52908400098527886E0F7030069857D2E4169EE7",
                      "0x52908400098527886E0F7030069857D2E4169EE7")
    key = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
    assert not _shown(f"my wallet's private key is {key}", key)


@pytest.mark.parametrize("turns", [
    ["my loyalty card for the pharmacy", "7702 4410 3318"],
    ["Payback Karte", "3081 5520 9046"],
    ["frequent flyer card", "881 204 5570"],
    ["loyalty card number 6345 1120 9981 please"],
])
def test_a_loyalty_cards_number_is_kept(turns: list[str]) -> None:
    number = turns[-1].split("number ")[-1].removesuffix(" please")
    assert number in redact_turns(turns)[-1]


@pytest.mark.parametrize(("turns", "number"), [
    (["my bank card", "4410 2290 7713"], "4410 2290 7713"),
    (["my rewards card", "4539 1488 0343 6467"], "4539 1488 0343 6467"),
    (["loyalty card number 6345 1120 9981 and my visa 4539 1488 0343 6467"], "4539 1488 0343 6467"),
])
def test_a_payment_card_beside_loyalty_words_stays_withheld(turns: list[str], number: str) -> None:
    assert number not in redact_turns(turns)[-1]


@pytest.mark.parametrize(("text", "value"), [
    ("the school's letter says your login will be FIRSTNAME.LASTNAME and a temporary password sent separately",
     "FIRSTNAME.LASTNAME"),
    ("el usuario es NOMBRE_APELLIDO y la contraseña inicial es tu DNI", "NOMBRE_APELLIDO"),
    ("가이드에 API_KEY=여기에_키_입력 이라고 되어 있어", "여기에_키_입력"),
    ("文档里写着 SECRET=在此_输入_密钥", "在此_输入_密钥"),
])
def test_a_template_slot_is_kept(text: str, value: str) -> None:
    assert _shown(text, value), secret_spans(text)


@pytest.mark.parametrize(("text", "value"), [
    ("my password is BLUE_HORSE_42", "BLUE_HORSE_42"),
    ("login: JSMITH.ADMIN password: RIVER-STONE-88", "RIVER-STONE-88"),
    ("Sort code 90-59-23, account number 02848306", "02848306"),
])
def test_capitals_that_are_no_template_stay_withheld(text: str, value: str) -> None:
    assert not _shown(text, value)


@pytest.mark.parametrize(("text", "value"), [
    ("IBAN FR76 **** **** **** **81 is on the statement", "FR76"),
    ("the card 4539 **** **** 1234 was charged twice", "4539"),
])
def test_the_head_of_a_masked_value_is_kept(text: str, value: str) -> None:
    assert _shown(text, value), secret_spans(text)


def test_an_address_after_a_lost_seed_turn_is_kept() -> None:
    address = "0xa61efb9f2509c5b40320e1e625089ea9fcbc021c"
    turns = ["lost access to my old wallet, the seed is gone", f"the address was {address} if that helps"]
    assert address in redact_turns(turns)[-1]


def test_a_full_iban_stays_withheld() -> None:
    assert not _shown("my IBAN is DE89370400440532013000", "DE89370400440532013000")


def test_a_contrast_after_a_public_statement_keeps_the_value_withheld() -> None:
    assert not _shown("the gym's door code is public but the answer to my security question is 'blue kite'", "blue kite")
    assert _shown("password wifi di masjid ditempel di dinding: masjidku2024", "masjidku2024")
