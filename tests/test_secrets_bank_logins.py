"""Round 13 (q45b): an online-banking login's id beside its credential, wallet PINs; own sentences."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_turns


def _shown(turns: list[str]) -> str:
    kept = [t for t, w in zip(turns, withheld_turns(turns), strict=True) if not w]
    return " || ".join(redact_turns(kept)) if kept else ""


BANK_LOGINS = [
    (["my customer number for online banking is 4829103756 and the password is Tulip#884"], ["4829103756", "Tulip#884"]),
    (["Barclays membership number 20938471625 and my passcode is 58213"], ["20938471625", "58213"]),
    (["Meine Kundennummer fürs Onlinebanking lautet 7723451090, die PIN ist 58213"], ["7723451090", "58213"]),
    (["Verfügernummer: 4410293847, PIN: 80412"], ["4410293847", "80412"]),
    (["Kundennr. 7723451090 / PIN 58213 (Volksbank)"], ["7723451090", "58213"]),
    (["mon numéro client est 3829104712 et mon code secret 829104"], ["3829104712", "829104"]),
    (["identifiant client Crédit Agricole 38291047 code personnel 482019"], ["38291047", "482019"]),
    (["mi número de cliente de Bankinter es 55120934 y la clave 2290"], ["55120934", "2290"]),
    (["codice cliente 10293847 e il PIN 77120"], ["10293847", "77120"]),
    (["mijn klantnummer is 4829103 en mijn inlogcode 83920"], ["4829103", "83920"]),
    (["numer klienta 82910374, hasło Mazury2024!"], ["82910374", "Mazury2024!"]),
    (["müşteri numaram 48291037 şifrem 582910"], ["48291037", "582910"]),
    (["номер клиента в интернет-банке 48291037, пароль Berezka77"], ["48291037", "Berezka77"]),
    (["契約者番号 8372910465 暗証番号 5821"], ["8372910465", "5821"]),
    (["网银客户号 6228109374 登录密码 hua8823"], ["6228109374", "hua8823"]),
    (["인터넷뱅킹 고객번호 74829103 비밀번호 3391"], ["74829103", "3391"]),
    (["Kotak CRN 182930475 and MPIN 4471"], ["182930475", "4471"]),
    (["số CIF của tôi 10293847, mật khẩu Hoa@2024"], ["10293847", "Hoa@2024"]),
    (["رقم العميل 48291037 وكلمة المرور Nour@2020"], ["48291037", "Nour@2020"]),
    (["namba ya mteja 4829103, nenosiri Simba2020"], ["4829103", "Simba2020"]),
    (["the customer number of my Santander online banking is 48291036, the password Osa#2020"], ["48291036", "Osa#2020"]),
    (["online banking: customer no. 71029384"], ["71029384"]),
    (["Customer number: 5512093847", "Password: Banjo!2023"], ["5512093847", "Banjo!2023"]),
    (["here are my bank details for the app", "customer no 5512093847", "passcode 29381"], ["5512093847", "29381"]),
    (["my NatWest customer number is 0912840192", "and my PIN is 4471"], ["0912840192", "4471"]),
]


@pytest.mark.parametrize(("turns", "values"), BANK_LOGINS)
def test_a_bank_login_id_beside_its_credential_is_withheld(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    assert not [v for v in values if v in shown], shown


KEPT = [
    ("my electricity customer number is 4829103756, can you draft a complaint?", "4829103756"),
    ("my customer number at the gas company is 4829103756 and the bill was 82 euros", "4829103756"),
    ("Kundennummer 7723451090 steht auf der Stromrechnung", "7723451090"),
    ("numéro client EDF 38291047, je veux contester la facture", "38291047"),
    ("my membership number at the gym is 20938471, I forgot my password though", "20938471"),
    ("bolletta della luce: codice cliente 902837461, POD IT001E12345678", "902837461"),
    ("call customer service on 0800 123 4567 for online banking help", "0800 123 4567"),
]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_a_customer_number_alone_is_kept(text: str, value: str) -> None:
    assert value in _shown([text])


WALLET_PINS = [
    ("the 4 digits I use for gcash are 8812", "8812"),
    ("i use 4729 for mpesa", "4729"),
    ("nilitumia 3390 kwenye m-pesa jana, natumia hiyo hiyo", "3390"),
    ("para o pix eu uso 5521 sempre", "5521"),
]


@pytest.mark.parametrize(("text", "value"), WALLET_PINS)
def test_digits_keyed_into_a_wallet_app_are_its_pin(text: str, value: str) -> None:
    assert value not in _shown([text])


WALLET_KEPT = [
    ("M-Pesa paybill 400200 account 1234567, I use it for rent", "400200"),
    ("the till number for the shop is 5123456, we use mpesa", "5123456"),
    ("I use gcash, customer service is 2882", "2882"),
    ("use the mpesa agent number 204819 near the market", "204819"),
    ("paid 4500 via gcash, I use it every month", "4500"),
    ("dial *334# and use option 4 for mpesa", "*334#"),
]


@pytest.mark.parametrize(("text", "value"), WALLET_KEPT)
def test_a_wallet_apps_public_numbers_are_kept(text: str, value: str) -> None:
    assert value in _shown([text])


USER_NAMES = [
    (["user name niya si tito: bertongmakati88, password Kalamansi#12"], ["bertongmakati88", "Kalamansi#12"]),
    (["ชื่อผู้ใช้ SCB Easy ของพ่อคือ somchai_99 รหัสผ่าน Chai2020x"], ["somchai_99", "Chai2020x"]),
    (["Grandpa's bank app login is walter_b_1946", "password Pickles!dog12"], ["walter_b_1946", "Pickles!dog12"]),
    (["tên đăng nhập: tranthibich61", "mật khẩu Bich@1961hp"], ["tranthibich61", "Bich@1961hp"]),
    (["VR-NetKey 6620193847", "PIN lautet 71Kq9z"], ["6620193847", "71Kq9z"]),
    (["identifiant : 61 20 93 84 17 — code secret : 5 2 9 9 0 1"], ["61 20 93 84 17", "5 2 9 9 0 1"]),
    (["משתמש dana_k77 סיסמה Tapuz!2023"], ["dana_k77", "Tapuz!2023"]),
]


@pytest.mark.parametrize(("turns", "values"), USER_NAMES)
def test_a_user_name_words_away_from_its_login_word_beside_a_password(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    assert not [v for v in values if v in shown], shown


def test_a_template_login_is_kept() -> None:
    text = "la plantilla dice usuario del banco: TU_USUARIO_1 y contraseña: TU_CONTRASEÑA"
    assert "TU_USUARIO_1" in _shown([text])


def test_a_polish_account_number_without_its_country_letters_is_withheld() -> None:
    shown = _shown(["ZUS chce numer do przelewu emerytury. Mój to 17 1020 5558 5260 1815 9083 0166"])
    assert "5260 1815" not in shown


def test_twenty_six_digits_failing_the_checksum_are_kept() -> None:
    assert "9083 0167" in _shown(["numer zgłoszenia 17 1020 5558 5260 1815 9083 0167"])


def test_a_cnic_in_its_written_shape_is_withheld() -> None:
    assert "4210187" not in _shown(["abbu ka shanakhti card 35202-4210187-3 hai, form mein likhna hai"])


def test_a_pakistani_phone_number_is_kept() -> None:
    assert "0300-1234567" in _shown(["dukaan ka number 0300-1234567 hai, subah 9 baje se khulti hai"])


def test_a_card_of_no_known_brand_beside_a_cards_name_is_withheld() -> None:
    shown = _shown(["la tienda me pidió la tarjeta, le dicté 5917 0836 9007 1284 y no pasó"])
    assert "9007" not in shown


def test_a_loyalty_cards_number_is_kept() -> None:
    assert "5917 0836 9007 1284" in _shown(["my loyalty card is 5917 0836 9007 1284, how many points do I have?"])


KEYED = [
    ("pin: 3.8.1.6", "3.8.1.6"),
    ("la app del banco me pidió la clave y puse 604418 pero no entra", "604418"),
    ("the bank's app wanted my passcode so I typed 772041 twice", "772041"),
    ("GCash asked again, nilagay ko 5093 tapos nag-error", "5093"),
]


@pytest.mark.parametrize(("text", "value"), KEYED)
def test_a_credential_keyed_in_is_withheld(text: str, value: str) -> None:
    assert value not in _shown([text])


KEYED_KEPT = [
    ("the form asked for the year and I entered 2019", "2019"),
    ("pin code 5 6 0 0 3 4 Koramangala, for the courier", "5 6 0 0 3 4"),
    ("I paid with gcash and typed 500 pesos", "500"),
]


@pytest.mark.parametrize(("text", "value"), KEYED_KEPT)
def test_numbers_keyed_in_that_are_no_credential_are_kept(text: str, value: str) -> None:
    assert value in _shown([text])


def test_a_scratch_cards_pin_inside_a_top_up_code_is_withheld() -> None:
    assert "55210938472611" not in _shown(["nimeweka *130*55210938472611# lakini haijaingia"])


@pytest.mark.parametrize("text", ["dial *131*4# for data bundles", "send with *321*500*08031234567# then confirm",
                                  "*126*08031234567# sends airtime to mum"])
def test_ussd_codes_and_transfers_to_a_phone_are_kept(text: str) -> None:
    code = text.split()[1] if text.startswith(("dial", "send")) else text.split()[0]
    assert code in _shown([text])


IDS_AND_ACCOUNTS = [
    (["พ่อจะสมัครเบี้ยยังชีพ", "เลขบัตร 3787789328792"], "3787789328792"),
    (["mein Vater braucht seine Kimlik-Nummer: 10000000146"], "10000000146"),
    (["מספר החשבון של אמא 77120394"], "77120394"),
]


@pytest.mark.parametrize(("turns", "value"), IDS_AND_ACCOUNTS)
def test_ids_and_accounts_named_in_other_forms_are_withheld(turns: list[str], value: str) -> None:
    assert value not in _shown(turns)


@pytest.mark.parametrize(("text", "value"), [("yung tatlong numero sa likod ng card 318", "318"),
                                            ("los 3 dígitos de atrás son 604", "604"),
                                            ("die drei Ziffern hinten auf der Karte: 927", "927")])
def test_a_security_code_named_by_where_it_is_on_the_card(text: str, value: str) -> None:
    assert value not in _shown([text])


def test_a_number_on_the_back_of_a_house_is_kept() -> None:
    assert "221" in _shown(["the number on the back of the house is 221"])


LIST_AND_TURNS = [
    (["Online banking details for dad:\nCustomer ID - 61829304\nPIN - 4093"], ["61829304", "4093"]),
    (["mi usuario de la banca es 77102938", "la clave 6631"], ["77102938", "6631"]),
    (["Benutzername für die Volksbank: 66192038, PIN kommt gleich", "PIN 30917"], ["66192038", "30917"]),
]


@pytest.mark.parametrize(("turns", "values"), LIST_AND_TURNS)
def test_a_bank_login_in_a_list_or_over_turns(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    assert not [v for v in values if v in shown], shown


def test_a_user_name_at_a_bank_given_first_is_withheld_in_its_own_turn() -> None:
    from fact_memory_graph.secrets import redact_thread

    first = "Grandma can't open her BDO app. username is lolita_1950"
    assert "lolita_1950" not in redact_thread(first, [])
    assert "8820194736" not in redact_thread("VR-NetKey 8820194736", ["Anmeldung bei der Volksbank klappt nicht."])


def test_a_banks_public_handle_is_kept() -> None:
    assert "chase_help1" in _shown(["the bank username on instagram is chase_help1, follow them"])


PUBLIC_NUMBERS = [
    ("the code for bundles is *144#", "*144#"),
    ("airtel data: *175*2# then pick 1GB", "*175*2#"),
    ("kode merchant warung bude 7719230, bayar pakai qris", "7719230"),
    ("the Equity customer care line is 0763 000 000, open 24 hours", "0763 000 000"),
    ("Il numero verde della banca è 800 112 233, dalle 8 alle 20", "800 112 233"),
    ("el teléfono de la oficina de empleo es 912 345 678, abren a las 9", "912 345 678"),
    ("bank ka SMS: A/c XX9031 debited Rs 800", "9031"),
    ("口座番号の下4桁は7781です", "7781"),
]


@pytest.mark.parametrize(("text", "value"), PUBLIC_NUMBERS)
def test_public_numbers_a_secrets_rule_may_take_are_kept(text: str, value: str) -> None:
    assert value in _shown([text])


STILL_SECRET = [
    ("현관 비밀번호 *4821# 이에요", "4821"),
    ("mere phone ka lock 5512 hai", "5512"),
    ("PIN-koden till kortet är 6203", "6203"),
    ("security code for the card ending 7712 is 604", "604"),
]


@pytest.mark.parametrize(("text", "value"), STILL_SECRET)
def test_codes_beside_those_words_stay_withheld(text: str, value: str) -> None:
    assert value not in _shown([text])


def test_the_filters_own_mark_names_no_bank() -> None:
    from fact_memory_graph.secrets import redact_secrets

    text = "Na conta da luz: CPE [bank account withheld], número de cliente 7012834"
    assert "7012834" in redact_secrets(text)
