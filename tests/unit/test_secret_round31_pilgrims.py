"""Round thirty-one (t62b): what pilgrims, religious travellers, their agencies and families tell — the code
of a room's safe after the room's number, a house lock's code in Gujarati, Punjabi, Kannada and Tamil, the
number that opens a relative's phone, a relative's passport named after its number, a bank's memorable
word spelled in Urdu with its owner after the copula — and the look-alikes beside them (an airline's miles
number, a postal PIN by a ghat or a temple, a password a son manages, a lock's price). Phrasings and
values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

# ---------------------------------------------------------------- a room's safe, a house's lock


@pytest.mark.parametrize("text, value", [
    ("رقم الخزنة في الغرفة 2231 هو ٧٣٨١٠", "٧٣٨١٠"),
    ("الخزنة في الغرفة 415 هي 90317", "90317"),
    ("the safe in room 318 is 66021", "66021"),
    ("la caja fuerte de la habitación 214 es 8812", "8812"),
    ("ઘરના તાળાનો કોડ 5182 છે, અમે અંબાજી જઈએ છીએ", "5182"),
    ("દરવાજાનો કોડ 4471 છે", "4471"),
    ("ਘਰ ਦੇ ਤਾਲੇ ਦਾ ਕੋਡ 5582 ਹੈ", "5582"),
    ("ಮನೆಯ ಬೀಗದ ಕೋಡ್ 7741", "7741"),
    ("வீட்டு பூட்டு கோட் 3390", "3390"),
])
def test_a_safe_s_or_a_lock_s_code_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("the safe in room 1072 is 2 floors up", "1072"),
    ("the lock on room 12 is 5 years old", "5 years"),
    ("ताला 1500 रुपये का", "1500"),
    ("kufuli 1500 shilingi", "1500"),
    ("તાળું 1500 રૂપિયાનું", "1500"),
])
def test_a_room_a_floor_or_a_lock_s_price_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


# ---------------------------------------------------------------- the number that opens a phone


@pytest.mark.parametrize("text, value", [
    ("आमाको फोन खोल्ने कोड 6773 हो", "6773"),
    ("पापा के मोबाइल खोलने का नंबर 4471 है", "4471"),
    ("ابو کے موبائل کھولنے کا نمبر 2580 ہے", "2580"),
    ("બાના મોબાઇલ ખોલવાનો નંબર 7741 છે", "7741"),
    ("simu ya baba namba ya kufungua 5582", "5582"),
])
def test_the_number_that_opens_a_phone_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("बुबाको मोबाइल नम्बर 9847551234 हो", "9847551234"),
    ("मोबाइल खोल्ने समय 2 बजे", "2"),
])
def test_a_phone_s_number_or_a_time_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


# ---------------------------------------------------------------- a relative's passport, a memorable word


@pytest.mark.parametrize("text, value", [
    ("LW3831010, that's mum's passport number", "LW3831010"),
    ("P4839201 is dad's passport", "P4839201"),
    ("X1234567 — ammi's passport for the visa", "X1234567"),
    ("ابو کا میمورایبل ورڈ zamzam ہے", "zamzam"),
    ("بینک کا میموری ایبل ورڈ KAABA7 ہے", "KAABA7"),
    ("बैंक का मेमोरेबल वर्ड गंगा है मम्मी का", "गंगा"),
])
def test_a_relative_s_passport_or_memorable_word_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("AB1234567 is the group's booking", "AB1234567"),
    ("8839201 is the hotel's room number", "8839201"),
])
def test_a_booking_or_a_room_named_by_its_owner_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


# ---------------------------------------------------------------- look-alikes beside pilgrims' secrets


@pytest.mark.parametrize("text, value", [
    ("رقم الفرسان 139663375 للأميال", "139663375"),
    ("my Etihad Guest number is 500123456 please add it to the booking", "500123456"),
    ("we are staying near Har ki Pauri ghat, pin 249401", "249401"),
    ("धर्मशाला का पता: हरिद्वार, पिन 249401", "249401"),
    ("mandir ke paas hain, pin 221001", "221001"),
    ("은행 비밀번호는 딸이 관리하고 있어요", "관리하고"),
    ("와이파이 비번은 남편이 갖고 있어", "남편이"),
    ("パスワードは息子が管理してる", "息子"),
    ("密码由我儿子保管", "儿子"),
])
def test_a_miles_number_a_postal_pin_or_who_keeps_a_password_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("my passport number 139663375 add miles", "139663375"),
    ("UPI pin 221001 near the ghat", "221001"),
    ("비밀번호는 gwanri2024", "gwanri2024"),
])
def test_a_secret_beside_those_words_is_still_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


# ---------------------------------------------------------------- documents and words named in their own languages


@pytest.mark.parametrize("text, value", [
    ("ပတ်စ်ပို့ နံပါတ် MD482217", "MD482217"),
    ("baasaboorka aabe waa N4471902", "N4471902"),
    ("erayga bangiga xasuusta Berbera", "Berbera"),
    ("bank wala yaad rakhan wala shabad gurdwara hai", "gurdwara"),
    ("słowo-klucz do banku Tatry", "Tatry"),
    ("கேட் கோட் 4471", "4471"),
    ("గేట్ కోడ్ 5512", "5512"),
    ("ramze gushim 449102", "449102"),
])
def test_a_document_a_word_or_a_code_named_in_its_own_language_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("erayga bangiga waa la beddelay", "beddelay"),
    ("கேட் 12 விமான நிலையம்", "12"),
])
def test_talk_about_them_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


# ---------------------------------------------------------------- "the bank's word" named in Urdu and Hindi, the value next


def test_a_word_for_the_bank_named_the_turn_before_is_withheld() -> None:
    from fact_memory_graph.secrets import redact_thread

    assert "ZAMZAM" not in redact_thread("ZAMZAM", ["بینک کے لیے امی کا لفظ"])
    assert "GANGAJAL" not in redact_thread("GANGAJAL", ["बैंक के लिए पापा का शब्द"])
    assert "kabootar" not in redact_thread("kabootar", ["bank ka lafz"])
    # a yes is no word
    assert "ہاں" in redact_thread("ہاں", ["بینک کا لفظ؟"])
    assert "haan" in redact_thread("haan", ["bank ka lafz?"])
    # a word of talk beside the bank is no name
    assert "بھی" in redact_secrets("بینک والے نے ایک لفظ بھی نہیں کہا")


# ---------------------------------------------------------------- after the round's new corpus: more of the same forms


@pytest.mark.parametrize("text, value", [
    ("ìwé ìrìnnà mi: B50192283", "B50192283"),
    ("koodu foonu mi ni 4471", "4471"),
    ("الكلمة المميزة للبنك: ياسمين", "ياسمين"),
    ("my NTN number is 4410293-2", "4410293-2"),
    ("माँ का मायके का सरनेम Fernandes", "Fernandes"),
    ("she says her mother's surname before marriage was Adeyemi, for the bank's security check", "Adeyemi"),
])
def test_documents_codes_and_answers_named_in_more_languages_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_codes_to_try_after_a_device_that_will_not_open_are_withheld() -> None:
    from fact_memory_graph.secrets import redact_thread

    out = redact_thread("prueba 5521 o si no 6093", ["el celular de mi abuela no abre"])
    assert "5521" not in out and "6093" not in out
    out = redact_thread("try 4471 or 7739", ["my mum's phone won't unlock"])
    assert "4471" not in out and "7739" not in out
    assert "3947" not in redact_thread("3947 dene", ["annemin telefonu açılmıyor"])
    assert "1000" in redact_thread("abre a las 1000", ["la tienda no abre"])  # a shop, no device
    assert "4471" in redact_thread("room no 4471", ["my bike lock"])


@pytest.mark.parametrize("text, value", [
    ("نسيت كلمة السر حق Absher", "Absher"),
    ("نسيت كلمة السر تبع Tawakkalna", "Tawakkalna"),
    ("NTN of the company 4410293-2", "4410293-2"),
    ("her surname before marriage is public on the register", "public"),
])
def test_a_forgotten_password_s_service_or_a_company_s_number_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)
