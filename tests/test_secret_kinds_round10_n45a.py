"""Round ten (n45a): identity documents, SIM PIN/PUK and bank accounts named in many
languages. Values and sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_secrets

SECRETS = [
    ("شماره پاسپورت همسرم 417720395 است", "417720395"),
    ("namba ya pasipoti yangu ni 552910374", "552910374"),
    ("Die Nummer meiner Aufenthaltserlaubnis: ZT4KQ9P27", "ZT4KQ9P27"),
    ("residence permit number RP7730419 for the form", "RP7730419"),
    ("numéro de titre de séjour 7502331984", "7502331984"),
    ("my BRP number is ZX9182734", "ZX9182734"),
    ("nomer patenta 5511902734, a pasport nuzhen?", "5511902734"),
    ("在留カード番号 UH48201937KX を書く欄があります", "UH48201937KX"),
    ("número de pasaporte XDA448120", "XDA448120"),
    ("pasaport numaram U44918273", "U44918273"),
    ("پین سیم کارت من ۴۸۲۷", "۴۸۲۷"),
    ("SIM PIN for the new phone is 4471", "4471"),
    ("رقم حسابي 3318204477102 في البنك الأهلي", "3318204477102"),
    ("โอนเข้าบัญชีไทยพาณิชย์ เลขที่ 402-7-19385-2 นะคะ", "402-7-19385-2"),
    ("アマギフのコード 7QWE-PL88KD-ZX3M です", "7QWE-PL88KD-ZX3M"),
    ("Gutscheinnummer für Oma: QP4-88XZ-K2LM", "QP4-88XZ-K2LM"),
    ("Facebook yedek kodları 8812 3390 ve 4471 0925", "8812 3390"),
    ("会社のMicrosoftアカウントの回復キーは QW8E-RT7Y-PL2K-MN4B です", "QW8E-RT7Y-PL2K-MN4B"),
    ("the code word for the cash pickup is 'silver river'", "silver river"),
    ("MTCN is public but the test answer for pickup is 'green door'", "green door"),
    ("la respuesta de prueba para cobrar el envío es 'casa verde'", "casa verde"),
    ("আধার নম্বর 5521 8830 1047 দিয়ে ফর্ম পূরণ করুন", "5521 8830 1047"),
    ("Kiracı T.C. 31847720194, kira 20.000 TL", "31847720194"),
    ("شماره مالیاتی من 58 213 774 901 است", "58 213 774 901"),
    ("р/с 40702810400000012345, БИК 044525225", "40702810400000012345"),
    ("transfer ke BCA no. rek 7720194831 a.n. Toko Maju", "7720194831"),
]

KEPT = [
    "namba ya simu ya fundi ni 0722 418 903",
    "موعد تجديد الإقامة ٢٠٢٦/٠٣/١٤",
    "my passport expires in 2029, do I need to renew before the trip?",
    "the residence permit office opens at 0830 on Mondays",
    "Gutscheincode WINTER15 für alle Neukunden im Shop",
    "the MTCN for the transfer is 4417902338, the shop can look it up",
]


@pytest.mark.parametrize("text,value", SECRETS)
def test_named_document_and_account_values_are_redacted(text, value):
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_are_kept(text):
    assert redact_secrets(text) == text


def test_a_named_code_after_a_phone_turn_is_still_a_secret():
    from fact_memory_graph.secrets import redact_turns
    out = redact_turns(["mi móvil se bloqueó otra vez", "PUK 61730294", "¿luego pide un PIN nuevo?"])
    assert "61730294" not in out[1]
    kept = redact_turns(["my new phone number", "+44 7700 900 418"])
    assert kept[1] == "+44 7700 900 418"
