"""Round thirty-three (t64b): what couples, their families and matchmakers tell — confidences in Hinglish,
romanised Tamil, Telugu and Punjabi, Pashto, Tigrinya, Amharic, Bengali and Thai, a turn that only announces a
secret in Hindi, Urdu, Persian and Arabic, a shared phone's unlock pattern and a safe's code named in Urdu,
Malayalam, Gujarati and Tamil, a PAN in Gujarati, a police certificate and a private key named in Urdu — and the
look-alikes beside them (a SWIFT code or an IFSC told alone in a short turn, a parcel's tracking number after the
document it carries). Phrasings and values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_secrets, spans_in_thread

# ---------------------------------------------------------------- confidences


@pytest.mark.parametrize("text", [
    "bas tum jaano, meri job chali gayi hai aur biwi ko pata nahi",
    "ye baat bahar nahi jaani chahiye, main rishta tod raha hoon",
    "बस तुम्हें बता रही हूँ, मेरी सगाई टूट गई है",
    "kise nu na dassi, main ghar chhad raha haan",
    "yaarukkum sollaadheenga, naan velai vittuten",
    "idhu namakkulla irukkattum, enakku loan irukku",
    "evvariki cheppaku, naaku udyogam poyindi",
    "دا یوازې تاته وایم: زه له دندې ووتم",
    "ንካልእ ሰብ ኣይትንገሪ፣ ስራሕ ገዲፈ",
    "ለማንም እንዳትነግሪ፣ ሥራዬን ለቅቄያለሁ",
    "அம்மாகிட்ட சொல்லாதே, நான் பரீட்சையில் தோற்றேன்",
    "I need to vent and I don't want it going any further: my husband lost his job in March",
])
def test_a_confidence_in_more_languages_is_not_kept(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("turns", [
    ["ek baat bataun?", "meri shaadi ki date aage badh gayi kyunki dulhe ke ghar loan hai"],
    ["ek secret hai", "mera asli naam passport pe alag likha hai"],
    ["ایک بات بتاؤں؟", "میرے بھائی کی نوکری چلی گئی ہے"],
    ["راز کی بات ہے", "ہم نے شادی کا خرچ ادھار لے کر کیا"],
    ["یه راز", "نامزدم قبلاً یه بار ازدواج کرده"],
    ["بصراحة ما قلت لأحد", "خطيبي خسر شغله الشهر الماضي"],
    ["একটা কথা বলি, শুধু তোমার জন্য", "আমার চাকরি চলে গেছে"],
    ["เรื่องนี้เก็บไว้ระหว่างเรานะ", "พี่สาวฉันกำลังจะหย่า"],
])
def test_an_announced_confidence_withholds_the_turn_after(turns: list[str]) -> None:
    assert withheld_turns(turns)[1]


@pytest.mark.parametrize("turns", [
    ["the wedding is on the 12th", "we booked the hall near the station"],
    ["she doesn't want it going any further than the semi-final", "ok"],
    ["ye ladka dekho, MBA hai", "Pune me job karta hai"],
    ["बाहर बारिश हो रही है", "छाता ले जाना"],
])
def test_news_and_look_alikes_of_a_confidence_are_kept(turns: list[str]) -> None:
    assert withheld_turns(turns) == [False, False]


# ---------------------------------------------------------------- shared devices, safes, ids


@pytest.mark.parametrize("text, value", [
    ("بیگم کے فون کا پیٹرن 2-5-8-9-6 ہے", "2-5-8-9-6"),
    ("ടാബിന്റെ പാറ്റേൺ 7-4-1-2-3", "7-4-1-2-3"),
    ("ફોનની પેટર્ન 3-2-1-5-9 છે", "3-2-1-5-9"),
    ("بیڈروم کی تجوری کا کوڈ 8163", "8163"),
    ("அம்மாவின் நகை பெட்டி லாக் கோட் 440912", "440912"),
    ("લોકરનો કોડ 57120 છે", "57120"),
    ("પાન નંબર ABDPK4821L", "ABDPK4821L"),
    ("پرائیویٹ کی 9f1c2d3e4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0", "9f1c2d3e4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0"),
])
def test_couples_codes_and_ids_named_in_south_asian_scripts_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_police_certificate_named_in_urdu_then_its_number_is_withheld() -> None:
    spans = spans_in_thread("نمبر PCC/2025/118204", ["امیگریشن کے لیے پولیس سرٹیفکیٹ"])
    assert any("PCC/2025/118204" in "نمبر PCC/2025/118204"[a:b] for a, b, _ in spans)


@pytest.mark.parametrize("text, value", [
    ("ہماری الماری میں 40 سوٹ ہیں", "40"),
    ("અમારા કબાટમાં 25 સાડી છે", "25"),
    ("ഫോണിന്റെ വില 18999 രൂപ", "18999"),
])
def test_counts_and_prices_beside_those_words_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


# ---------------------------------------------------------------- look-alikes: bank codes, tracking numbers


@pytest.mark.parametrize("text, value", [
    ("سويفت كود البنك HDFCINBB", "HDFCINBB"),
    ("رمز السويفت SBININBB104", "SBININBB104"),
    ("bankanın swift kodu AKBKTRIS", "AKBKTRIS"),
    ("सुइफ्ट कोड BARBINBB", "BARBINBB"),
])
def test_a_swift_code_told_alone_in_a_short_turn_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("बैंक का पिन 4821", "4821"),
    ("swift app pin 7731", "7731"),
])
def test_a_pin_in_a_short_turn_is_still_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("वीज़ा के कागज़ भेज दिए, ट्रैकिंग नंबर EK512093771IN", "EK512093771IN"),
    ("passport posted back, tracking no 5120937714", "5120937714"),
])
def test_a_tracking_number_after_the_document_it_carries_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_the_documents_own_number_is_still_withheld() -> None:
    assert "5120937714" not in redact_secrets("passport number 5120937714")
