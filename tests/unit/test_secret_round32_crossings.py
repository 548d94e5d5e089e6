"""Round thirty-two (t63b): what truck and coach drivers crossing borders and garment, factory and plantation
workers tell — passports, tachograph cards and police certificates named in Kazakh, Kyrgyz, Uzbek, Tajik,
Georgian, Lithuanian, Bengali and Malayalam, codes of yard barriers and depot gates, a bank's code word in
Central Asian languages, security questions in South Asian scripts, "don't tell anyone" in eleven more
languages — and the look-alikes beside them (a firm's ten-digit ИНН, a fuel station's bonus card, a union
card's number). Phrasings and values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_in_context, redact_secrets, spans_in_thread

# ---------------------------------------------------------------- documents named in more languages


@pytest.mark.parametrize("text, value", [
    ("менің төлқұжатым N82731145, шекарада сұрады", "N82731145"),
    ("төлқұжат нөмірі: M0912346", "M0912346"),
    ("шиносномаи ман 551203948 аст", "551203948"),
    ("pasport raqamim FA7731029", "FA7731029"),
    ("my tachograph card no. DE1144708821900000 expires in May", "DE1144708821900000"),
    ("numer karty kierowcy PL5520193847561100", "PL5520193847561100"),
    ("Fahrerkarte DF00017723410000 für den neuen Chef", "DF00017723410000"),
    ("vairuotojo kortelė LT7712093845561200", "LT7712093845561200"),
    ("আমার আইডি নম্বর 19874412093857", "19874412093857"),
    ("my sister's travel doc is KC8841207", "KC8841207"),
])
def test_documents_named_in_drivers_languages_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("соттылығы жоқ туралы анықтама нөмірі 77120933", "77120933"),
    ("sudlanmaganlik haqida ma'lumotnoma 44019283 tayyor", "44019283"),
    ("ნასამართლობის ცნობა 20231188", "20231188"),
    ("എന്റെ പോലീസ് ക്ലിയറൻസ് നമ്പർ KL4412098", "KL4412098"),
    ("izziņa par sodāmību Nr. 88120455", "88120455"),
])
def test_police_certificates_named_in_more_languages_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_certificate_s_number_opening_the_turn_after_its_name_is_withheld() -> None:
    text = "cert 553019284471, the courier's tracking is LX11223344GB"
    found = [text[s:e] for s, e, _ in spans_in_thread(text, ["the background check for the new job"])]
    assert "553019284471" in found and "LX11223344GB" not in found


def test_an_order_s_number_after_a_check_s_name_is_kept() -> None:
    text = "order 88120334, paid 45 for it"
    assert not [text[s:e] for s, e, _ in spans_in_thread(text, ["police clearance sorted"])]


# ---------------------------------------------------------------- gates, barriers, doors


@pytest.mark.parametrize("text, value", [
    ("ჭიშკრის კოდი 7712", "7712"),
    ("საწყობის კარის კოდი 44019", "44019"),
    ("қойманың қақпасының коды 5521", "5521"),
    ("ombor darvozasi kodi 88213", "88213"),
    ("លេខកូដទ្វារឃ្លាំង 60913", "60913"),
    ("گودام کا تالا کوڈ 3390", "3390"),
    ("771205 is what opens the depot gate after ten", "771205"),
    ("5521 opens the roller shutter at bay 4", "5521"),
])
def test_gate_barrier_and_door_codes_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_time_the_barrier_opens_at_is_kept() -> None:
    assert "0600" in redact_secrets("the barrier opens at 0600")


# ---------------------------------------------------------------- a bank's code word, security answers


@pytest.mark.parametrize("text, value", [
    ("банктағы кодтық сөз qarlygash", "qarlygash"),
    ("bankdagi kodli so'z lochin", "lochin"),
    ("ბანკის კოდური სიტყვა არწივი", "არწივი"),
    ("кодын үг: тэмээ", "тэмээ"),
    ("সিকিউরিটি প্রশ্নের উত্তর Rahima দিয়েছি", "Rahima"),
    ("خفیہ سوال کا جواب بلبل لکھا ہے", "بلبل"),
])
def test_code_words_and_security_answers_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "kodli soʻz haqida gaplashdik",
    "кодтық сөз дегеніміз не",
])
def test_talk_of_a_code_word_keeps_its_words(text: str) -> None:
    assert redact_secrets(text) == text


# ---------------------------------------------------------------- confidences


@pytest.mark.parametrize("turns", [
    ["ешкімге айтпа, мен жұмыстан кеттім"],
    ["hech kimga aytma, opam kasalxonada"],
    ["эч кимге айтпа, мен карыз болуп калдым"],
    ["ба ҳеҷ кас нагӯ, бародарам дар зиндон аст"],
    ["heç kimə demə, qardaşım həbsdədir"],
    ["არავის უთხრა, სამსახური დავკარგე"],
    ["ոչ մեկին մի ասա, ես հղի եմ"],
    ["хэнд ч битгий хэлээрэй, би ажлаасаа халагдсан"],
    ["කාටවත් කියන්න එපා, මට ණය තියෙනවා"],
    ["यो कुरा गोप्य राख", "मेरो भिसा सकियो"],
    ["एक बात बतानी है, बस तुम्हारे तक", "mera visa khatam ho gaya"],
    ["একটা গোপন কথা বলি", "আমার চাকরি চলে গেছে"],
])
def test_a_confidence_in_more_languages_is_withheld(turns: list[str]) -> None:
    assert withheld_turns(turns)[-1]


# ---------------------------------------------------------------- look-alikes kept


@pytest.mark.parametrize("text, value", [
    ("ИНН поставщика 7707083893 для счёта", "7707083893"),
    ("ИНН 7736207543, КПП 773601001", "7736207543"),
    ("Helios бонус картасы 4410293381", "4410293381"),
    ("shell clubsmart card 5520918833", "5520918833"),
    ("card de fidelitate Petrom 7712093384", "7712093384"),
])
def test_a_firm_s_tax_number_and_bonus_cards_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("мой ИНН 500100732259", "500100732259"),
    ("ИНН 7707083894", "7707083894"),  # ten digits whose check digit fails: no firm's number
])
def test_a_person_s_tax_number_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_union_card_s_number_in_the_turn_after_it_is_kept() -> None:
    assert "U-772014" in redact_in_context("number U-772014", "my union card")


# ---------------------------------------------------------------- cards of Central Asia, logins, documents


@pytest.mark.parametrize("text, value", [
    ("8600 5260 1815 9088 — shu kartaga tashlang", "8600 5260 1815 9088"),
    ("рақами корт 9860 3016 6131 8602", "9860 3016 6131 8602"),
    ("ბარათის ნომერი 9417 9139 0996 0306", "9417 9139 0996 0306"),
])
def test_card_numbers_of_national_schemes_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("লগইন rahim_77 পাস Kathal#2024 কোম্পানির পোর্টাল", "Kathal#2024"),
    ("लॉगिन sunita88 पासवर्ड Amrood_55 है", "Amrood_55"),
    ("мой номер документа 401275590813, просили на проходной", "401275590813"),
    ("Personal No: 8801124433", "8801124433"),
])
def test_logins_and_documents_named_in_more_languages_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "लॉगिन पेज पास में है",
    "номер документа на отгрузку 00451 от 12.03",
])
def test_near_and_a_shipping_document_s_number_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


# ---------------------------------------------------------------- keyed in, the number that opens a phone


@pytest.mark.parametrize("text, value", [
    ("পেছনের দরজা খুলতে 4471 টিপুন", "4471"),
    ("58213 টিপলে গেট খুলবে", "58213"),
    ("ढोका खोल्न 5521 थिच्नुहोस्", "5521"),
    ("گیٹ کھولنے کے لیے 7712 دبائیں", "7712"),
    ("मोबाइल खोल्ने 731904", "731904"),
    ("phone kholne ke liye 882211", "882211"),
    ("মোবাইল খোলার 330912", "330912"),
])
def test_codes_keyed_at_a_door_or_opening_a_phone_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "দরজা খুলতে ২ মিনিট লাগে",
    "मोबाइल पसल खोल्ने समय 10 बजे",
])
def test_a_time_to_open_is_kept(text: str) -> None:
    assert redact_secrets(text) == text
