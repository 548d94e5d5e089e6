"""Round thirty (t61a): codes of the places farmers, fishers, cooperatives and rural clinics lock — cold
rooms, pump houses, stores, medicine cabinets, padlocks — told in short SMS wording in many languages;
driving licences written with their letter prefix; and the look-alikes beside them (a price, a count, a
shop's or a kiosk's number, a reference with a prefix). Phrasings and values written for these tests,
none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_thread

# ---------------------------------------------------------------- codes of rural stores, pumps and cabinets


@pytest.mark.parametrize("text, value", [
    ("namba ya siri ya chumba baridi ni 480215", "480215"),
    ("code ya pampu ya maji 7391", "7391"),
    ("lambar makullin famfo 5562", "5562"),
    ("lambar bude dakin sanyi 330917", "330917"),
    ("गोदामको ढोकाको कोड 6604", "6604"),
    ("कोल्ड स्टोर का ताला कोड 8813 है", "8813"),
    ("గోదాము తలుపు కోడ్ 4417", "4417"),
    ("የመጋዘኑ በር ኮድ 2958", "2958"),
    ("কোল্ড স্টোরের তালার কোড 5130", "5130"),
    ("borehole: 3318", "3318"),
    ("grain store code is 7720", "7720"),
    ("the milk cooler combo 9043", "9043"),
    ("pompa air gudang kode 6671", "6671"),
    ("duka code 1234", "1234"),
    ("vaccine fridge pin 20417", "20417"),
    ("kabati la madawa code 77310", "77310"),
    ("ဆေးဗီရိုကုဒ် 61094", "61094"),
    ("លេខកូដទូថ្នាំ 8342", "8342"),
])
def test_a_rural_place_s_code_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("kufuli ya stoo ya mbolea 6631", "6631"),
    ("padlock on the feed store - 40917", "40917"),
    ("fuel pump lock: 8820", "8820"),
    ("makullin rumbu 7715", "7715"),
    ("ताल्चा 5529 हो", "5529"),
    ("kufuli ya pampu ya maji nane tisa moja moja", "8911"),
])
def test_a_number_a_few_words_after_a_lock_is_its_code(text: str, value: str) -> None:
    out = redact_secrets(text)
    assert value not in out and "tisa moja" not in out


@pytest.mark.parametrize("before, text", [
    ("ka tuna lambar makullin rumbun ajiya?", "8107"),
    ("kabati la dawa zahanati", "namba 50326"),
    ("and the milk cooler?", "it's 66190"),
])
def test_a_code_after_a_turn_naming_the_place(before: str, text: str) -> None:
    assert not any(ch.isdigit() for ch in redact_thread(text, [before]))


@pytest.mark.parametrize("text", [
    "the pump house has 4 pumps and 2500 litres",
    "cold store rent 2000 per month",
    "kiosk number 14 sells airtime for 500",
    "the borehole is 120 metres deep, drilled 2019",
    "we sold 3400 kg from the cold store",
    "the granary holds 1200 bags",
    "the lock cost 2500 shillings",
    "I lock the store at 1800",
    "the cabinet meeting is on 1400",
    "the kiosk near the market is 1500",
])
def test_numbers_beside_rural_places_that_are_no_code_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


# ---------------------------------------------------------------- driving licences with their letter prefix


@pytest.mark.parametrize("text, value", [
    ("dl no DL-5521873", "5521873"),
    ("DL number KA-0420110", "0420110"),
    ("leseni ya udereva DL-6612094", "6612094"),
    ("leseni ya kuendesha gari TZ-4471902", "4471902"),
    ("nomor SIM saya 9012-3345-778812", "778812"),
    ("lasisin tuki na KN-3345127", "3345127"),
    ("iwe-aṣẹ awakọ mi ni LAG-7712094", "7712094"),
    ("መንጃ ፍቃድ ቁጥር AA-4455126", "4455126"),
])
def test_a_licence_number_with_its_prefix_is_withheld_whole(text: str, value: str) -> None:
    out = redact_secrets(text)
    assert value not in out
    prefix = text.split()[-1].split("-")[0]
    if "-" in text.split()[-1] and prefix.isalpha():
        assert f"{prefix}-" not in out  # the prefix is the document's own


def test_a_licence_named_in_one_turn_and_written_in_the_next() -> None:
    assert "7734120" not in redact_thread("DL-7734120", ["leseni ya trekta"])


@pytest.mark.parametrize("text", [
    "ticket number REF-4534586 for the tractor permit",
    "driving licence office ref REF-4451209",
    "order STR-2025-11873",
])
def test_a_reference_with_a_prefix_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


# ---------------------------------------------------------------- backup codes of letters only


@pytest.mark.parametrize("text, codes", [
    ("codes de secours du compte: qzvt mhkr / 7hn2 pd4w / bxcl fuyt", ["qzvt mhkr", "bxcl fuyt"]),
    ("backup codes ya chama: wkpz djeb, 3mf8 rx2q, tyhv nclq", ["wkpz djeb", "tyhv nclq"]),
    ("رموز الاسترداد qtfz bnwe hkdp s7ra xmcv jupq", ["qtfz bnwe", "xmcv jupq"]),
    ("recovery codes (letters only): pqhxwrtb, lzkvnmqd, hrtwpsxy", ["pqhxwrtb", "lzkvnmqd", "hrtwpsxy"]),
    ("códigos de recuperação só letras KDFWZTQPLM ZXRTHBNQVC WPLKMSDFRT", ["KDFWZTQPLM", "ZXRTHBNQVC"]),
])
def test_backup_codes_of_letters_only_are_withheld(text: str, codes: list[str]) -> None:
    out = redact_secrets(text)
    assert not any(code in out for code in codes)


@pytest.mark.parametrize("before, text", [
    ("set up the authenticator", "what when this that"),
])
def test_words_of_four_letters_after_a_turn_about_codes_stay(before: str, text: str) -> None:
    assert "what when" in redact_thread(text, [before])


def test_eight_letter_words_after_backup_codes_are_no_list() -> None:
    assert "everything" in redact_secrets("backup codes? honestly everything, computer, notebook, keyboard is chaos")


# ---------------------------------------------------------------- SMS wording: police certificates, passwords, PINs,
# memorable words, Wi-Fi keys, a farm animal's name as a security answer


@pytest.mark.parametrize("text, value", [
    ("प्रहरी प्रमाणपत्र नम्बर 55120983417", "55120983417"),
    ("पुलिस प्रमाणपत्र संख्या 2210339", "2210339"),
    ("காவல் சான்றிதழ் எண் TN88120345", "TN88120345"),
    ("cheti cha polisi namba 55120983", "55120983"),
    ("የፖሊስ ማስረጃ ቁጥር 7720194", "7720194"),
])
def test_a_police_certificate_s_number_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("የይለፍ ቃሌ Tsion#552", "Tsion#552"),
    ("የይለፍ ቃሉ Gojo2024x", "Gojo2024x"),
    ("kalmar sirrina Zaki@551", "Zaki@551"),
    ("ပင်နံပါတ် 770215", "770215"),
    ("លេខកូដសម្ងាត់ 44120", "44120"),
    ("ລະຫັດລັບ 83301", "83301"),
    ("nọ́mbà aṣírí mi 5521", "5521"),
    ("ufunguo wa wifi ni Baraka@726", "Baraka@726"),
    ("bank ka yaad rakhne wala lafz barsaat hai", "barsaat"),
    ("बैंक का याद रखने वाला शब्द गुलमोहर है", "गुलमोहर"),
    ("wakiuliza jina la ng'ombe wako wa kwanza sema Neema", "Neema"),
    ("jina la ng'ombe wangu wa kwanza: Kaki", "Kaki"),
    ("if the bank asks about the cow say Daisy", "Daisy"),
])
def test_short_sms_wording_of_a_secret_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_wifi_key_named_in_swahili_the_turn_after_its_network() -> None:
    assert "Amani@830" not in redact_thread("ufunguo Amani@830", ["wifi ya ofisi ya chama"])


@pytest.mark.parametrize("text", [
    "my first cow was sold at the market on Monday",
    "we have 12 cows and 3 goats",
    "yaad rakhne wala shabd bhool gaya",
])
def test_farm_talk_and_a_forgotten_word_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


# ---------------------------------------------------------------- a value sent in two bare pieces, words of order
# in Hindi, Bengali, Hausa, Nepali, Telugu, Amharic, Yoruba


def _stored(turns: list[str]) -> str:
    from fact_memory_graph.secrets import redact_thread, revealed_by_next

    out = []
    for i, text in enumerate(turns):
        after = turns[i + 1] if i + 1 < len(turns) else ""
        if after and revealed_by_next(text, turns[:i], after):
            continue  # what was stored when it came is taken back
        out.append(redact_thread(text, turns[:i]))
    return " | ".join(out)


@pytest.mark.parametrize("turns, pieces", [
    (["pehle 482913 likho", "ab 775120"], ["482913", "775120"]),
    (["pehle chamba likho", "ab k@2019"], ["chamba", "k@2019"]),
    (["প্রথমে nodir", "তারপর b#1990"], ["nodir", "b#1990"]),
    (["पहिले Himal", "अनि ko77x"], ["Himal", "ko77x"]),
    (["na farko gonar", "sannan ka_2020"], ["gonar", "ka_2020"]),
])
def test_two_bare_pieces_with_words_of_order_are_withheld(turns: list[str], pieces: list[str]) -> None:
    out = _stored(turns)
    assert not any(piece in out for piece in pieces), out


@pytest.mark.parametrize("turns", [
    ["pehle khana khao", "ab so jao"],
    ["first we eat", "then go home at 5pm"],
    ["ab 2000 rupaye mile, pehle 500 mile the"],
])
def test_words_of_order_in_talk_are_kept(turns: list[str]) -> None:
    out = _stored(turns)
    for turn in turns:
        assert turn in out


@pytest.mark.parametrize("text", [
    "చిరునామా గ్రామం తెనాలి, PIN 521551",
    "anwani yangu kijiji cha Mbeya, PIN 411038",
])
def test_a_postal_pin_beside_an_address_or_a_village_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_a_piece_after_a_secret_s_name_is_read_by_the_part_words() -> None:
    out = _stored(["eerste stuk wachtwoord Zonneb", "tweede stuk loem#00"])
    assert "Zonneb" not in out and "loem#00" not in out


def test_a_pin_after_a_word_holding_a_village_s_word_is_withheld() -> None:
    assert "365744" not in redact_secrets("গ্রামীণফোন অ্যাকাউন্টের পিন 365744")
