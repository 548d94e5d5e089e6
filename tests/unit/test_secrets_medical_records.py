"""A medical record or hospital patient number keys a person's health record: withheld, by its name in many
languages. An appointment's, a queue token's, a bed's, a ward's, a lab sample's, a prescription's, an invoice's and
an insurance claim's numbers, and a clinic's own registration number, stay. Also: a health plan's member id, a
memorable word before what the bank wants of it, a security answer after "javobi", a Wi-Fi key after "вайфай", a
one-time code after "ok". Sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_thread


@pytest.mark.parametrize(("text", "value"), [
    ("my son's MRN is 40718893, the ward asked twice", "40718893"),
    ("UHID 7301948826, keep it for the pharmacy counter", "7301948826"),
    ("hospital number for grandad: 55019342", "55019342"),
    ("numéro de dossier patient : 55120873", "55120873"),
    ("número de historia clínica 3318402, por si llaman", "3318402"),
    ("Patientennummer 6620418, fürs Labor", "6620418"),
    ("Fallnummer im Krankenhaus: 20419932", "20419932"),
    ("numero di cartella clinica 7720154", "7720154"),
    ("número do prontuário 7712048", "7712048"),
    ("patiëntnummer 8801264 bij het ziekenhuis", "8801264"),
    ("номер медкарты 66120457, не потеряй", "66120457"),
    ("номер истории болезни 5590/24 у папы", "5590/24"),
    ("病历号 8830215 别忘了", "8830215"),
    ("カルテ番号は 0075519 です", "0075519"),
    ("환자번호 P3390217 입니다", "P3390217"),
    ("رقم الملف الطبي لأبي 7781204", "7781204"),
    ("شماره پرونده پزشکی مادرم 6612093", "6612093"),
    ("मरीज़ आईडी 99120431 है", "99120431"),
    ("hasta protokol numarası 4410987", "4410987"),
    ("HN ของคุณยาย 52118834", "52118834"),
    ("mã bệnh nhân BN7741203", "BN7741203"),
    ("nomor rekam medis 00-51-72-90", "00-51-72-90"),
    ("namba ya mgonjwa 4471290 hospitali ya wilaya", "4471290"),
    ("numer pacjenta 33019284 w szpitalu", "33019284"),
])
def test_a_medical_record_number_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


def test_a_medical_record_number_named_the_turn_before_is_withheld() -> None:
    assert "MRX7730215" not in redact_thread("MRX7730215 for the billing desk", ["mum's UHID"])


@pytest.mark.parametrize(("text", "value"), [
    ("my MRN is 40718893, the appointment number is 5521", "5521"),
    ("UHID 7301948826, OPD token 37, bed 12 in ward 4B", "4B"),
    ("lab sample number LS-2291034 for tomorrow", "LS-2291034"),
    ("prescription number RX-5523190 at the chemist", "RX-5523190"),
    ("the hospital's invoice INV-2024-00931 came today", "INV-2024-00931"),
    ("insurance claim number CLM-8812034 for the hospital stay", "CLM-8812034"),
    ("Patientennummer 4471920, Termin-Nr. 58213", "58213"),
    ("номер медкарты 7788123, талон номер 45, палата 12", "45"),
    ("the hospital number is 020 7188 7188, ring after nine", "020 7188 7188"),
    ("the clinic's registration number 44129871 is on their website", "44129871"),
    ("numéro de dossier 4471203 pour la réclamation", "4471203"),
])
def test_the_numbers_beside_one_are_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("health member id K7TQ2PLM9 for the cashless counter", "K7TQ2PLM9"),
    ("ayushman card number 4KD9PQR27 for the admission", "4KD9PQR27"),
    ("sigorta sicil no 55102938471", "55102938471"),
    ("водительское AB12 40071938274", "AB12 40071938274"),
    ("Marigold — that's what the bank app asks for as my memorable word", "Marigold"),
    ("xavfsizlik savoli javobi Bodomzor", "Bodomzor"),
    ("вайфай в палате, ключ 5530917742", "5530917742"),
])
def test_other_secrets_of_a_stay_are_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


def test_a_code_after_ok_is_withheld_when_the_bank_is_sending_one() -> None:
    assert "551903" not in redact_thread("ok 551903", ["wait the bank is sending something"])


@pytest.mark.parametrize(("text", "before", "value"), [
    ("Quince - that's what the kids want for dinner", [], "Quince"),
    ("ok 2025", ["the bank called about the loan"], "2025"),
])
def test_their_lookalikes_are_kept(text: str, before: list[str], value: str) -> None:
    assert value in redact_thread(text, before)
