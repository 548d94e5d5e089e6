"""Round eleven (o45v): look-alikes kept by what they are — a public process's reference named
by its word (even after an identity document's name), a documentation placeholder by its mask
run, an example by its cue, a masked card's last digits — and the secrets next to them still
withheld. Values and sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_secrets, redact_turns

KEPT = [
    # a reference governed by its word, after an identity document's name
    "visa extension application number 5512093847, still pending",
    "passport renewal file no. KA4410298371 — when will it be ready?",
    "the passport office gave me appointment number 77120394",
    "número de solicitud de pasaporte 2025-118842, ¿cuánto tarda?",
    "numéro de dossier de demande de visa 44UK902211",
    "Antragsnummer für den Reisepass: 2025047731",
    "pasaport başvuru numarası 8837102945",
    "رقم طلب التأشيرة 99120384",
    "namba ya ombi la viza TZ88120394",
    "nomor permohonan paspor 3372019948",
    "签证申请号 A2025118842",
    "パスポート申請の受付番号は 4471-2209 です",
    "여권 신청 접수번호 2025-0419-8812",
    "номер заявления на загранпаспорт 7731092284",
    "หมายเลขคำขอหนังสือเดินทาง 55120394",
    "aanvraagnummer paspoort 55120394",
    "pasport müraciət nömrəsi 55120394",
    "pasaport için randevu kodum 55120394",
    "شماره پیگیری گذرنامه 55120394",
    "ärendenummer för passansökan 55120394",
    "residence permit application number 55120394",
    "numero di richiesta del permesso di soggiorno 55120394",
    # other public processes' references
    "my insurance claim number is CLM-88120394, adjuster calls Monday",
    "support ticket 4471902 is still open",
    "the pharmacy says Rx number 6620193 is ready for pickup",
    "member ID on my dental card: W88120394, group number 0041972",
    "case no. 2025-CV-04471 at the county court",
    # documentation placeholders and examples
    "put STRIPE_SECRET=sk_live_XXXXXXXXXXXXXXXX in the config",
    "the README says API_TOKEN=tok_xxxxxxxxxxxxxxxxx, replace it",
    "the signup form's hint shows 'e.g. Blue$ky2024' as a strong password",
    "a strong password, z.B. Sonne!Mond7, sagt die Anleitung",
    "przykładowe hasło: Lato2291 — nie używaj go",
    "mfano wa nenosiri: Jua2291",
    "la guía dice: clave = tu_clave_aqui",
    "senha: sua-senha-aqui no arquivo de exemplo",
    # masked cards
    "refund went to the visa ending in 55120394",
    "statement shows card XXXX-XXXX-XXXX-4471",
    "debit acct ****7731 was charged twice",
    "last four of the account: 5520",
    "a fatura mostra o CPF como ***.551.204-**",
    "le compte se terminant par 5520",
    "últimos 4 dígitos de la tarjeta: 5520",
    "the tax form shows the SSN as XXX-XX-5531, fine to scan?",
    "Versicherungsschein-Nr. 31 554 209-2 laut Brief",
    "numer polisy 8812039447 w PZU",
    # (round fifteen: a health insurer's member number, "número de afiliado de la obra social", is a
    # health-insurance number and withheld: tests/test_secret_kinds_id_documents.py)
    # a number with its unit is a quantity, whatever secret's name stands before it
    "the code was valid for 300 seconds only",
    "el código de acceso caduca en 15 minutos",
    "비밀번호 변경 주기는 60일입니다",
    "the CVV is the 3 digits on the back",
    "passport photo size 35x45 mm",
    "my bank account has 2400 followers on the app lol",
    "manual: パスワード：demo4471（サンプル）",
    "my student number is 2019-55120 for the library",
]

SECRETS = [
    ("my passport number is X88120394, for the visa application", "X88120394"),
    ("visa application: passport number Y44190283", "Y44190283"),
    ("solicitud de visa con número de pasaporte PAB771203", "PAB771203"),
    ("Paspoortnummer voor de aanvraag: NX7QW2P91", "NX7QW2P91"),
    ("the login for the booking site is sunflower22 and the password is Tulip!8841", "Tulip!8841"),
    ("ticket system password: Harbor#5519", "Harbor#5519"),
    ("visa file — passport P55190283", "P55190283"),
    ("my residence permit for the application: ZT5512039", "ZT5512039"),
    ("numéro de titre de séjour 5502331984", "5502331984"),
    ("申请表上填了护照号码 E55120394", "E55120394"),
    ("başvuru için TC kimlik numaram 10000000146", "10000000146"),
    ("tax file number 812 447 019 for the claim", "812 447 019"),
    ("per la pratica, risposta alla domanda di sicurezza: Castello Blu", "Castello Blu"),
    ("my passwords, e.g. Lantern2291!, are all in the notebook", "Lantern2291!"),
    ("the confirmation code I got by SMS is 558120", "558120"),
    ("XXXXmaple7741 is my wifi password", "XXXXmaple7741"),
    ("contraseña del wifi: tu-casa-verde", "tu-casa-verde"),
    ("DB_PASS=mi_clave_secreta_2291", "mi_clave_secreta_2291"),
    ("Krankenversichertennummer für die Rezept-App: K881203947", "K881203947"),
    ("my SSN is 512-44-7731 for the claim form", "512-44-7731"),
    ("meu CPF é 551.204.338-10", "551.204.338-10"),
    ("the login code is 300155, valid 5 minutes", "300155"),
    ("card 4539 1488 0343 6467 for the appointment deposit", "4539 1488 0343 6467"),
]


@pytest.mark.parametrize("text", KEPT)
def test_public_references_placeholders_and_masked_cards_are_kept(text):
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text,value", SECRETS)
def test_secrets_beside_reference_words_are_still_redacted(text, value):
    assert value not in redact_secrets(text)


def test_a_masked_number_in_a_thread_turn_is_kept_and_a_continued_iban_is_not():
    assert redact_turns(["mi extracto bancario", "sale la cuenta ****5520"])[1] == "sale la cuenta ****5520"
    out = redact_turns(["el iban empieza por ES91 2100 0418", "y termina 4502 0005 1332"])
    assert "4502 0005 1332" not in out[1]


def test_a_reference_named_in_the_turn_before_is_kept_but_not_an_id_named_in_its_own():
    assert redact_turns(["numéro de dossier à la mutuelle", "c'est le 5520931"])[1] == "c'est le 5520931"
    assert "12750565258" not in redact_turns(["başvuru için bilgiler", "TC: 12750565258"])[1]
    assert "5520931" not in redact_turns(["the appointment reference", "the PIN is 5520931"])[1]


def test_a_reference_in_a_thread_turn_is_kept():
    out = redact_turns(["hi, quick question about the passport office", "appointment ref 44190283 for Tuesday"])
    assert out[1] == "appointment ref 44190283 for Tuesday"
