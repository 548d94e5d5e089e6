"""Round twenty-six (t57c): one-time codes told by how they came, tax numbers noted bare, background checks
by what was done, device codes told by their device, backup codes used one by one.
Sentences and values written for this test (checksum-valid values made up here, none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_thread, redact_turns


@pytest.mark.parametrize(("text", "value"), [
    ("482913 just came by text, is it for the council site?", "482913"),
    ("773 104 (from the bank sms)", "773 104"),
    ("me acaba de llegar por sms el 558012, se lo doy?", "558012"),
    ("la banque m'a envoyé le code de confirmation 339201", "339201"),
    ("kode otp-nya 6613 ya kak", "6613"),
    ("rápido, 604118, caduca en un minuto", "604118"),
    ("schnell, 518 204 ist gerade gekommen", "518 204"),
    ("пришёл код 551903, быстро введи", "551903"),
    ("nine one four two zero six, that's what came in", "nine one four two zero six"),
])
def test_a_one_time_code_told_by_how_it_came_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("my order 129034 came by sms", "129034"),
    ("the parcel 558201 just came, finally", "558201"),
    ("the OTP in the template is 123456", "123456"),
    ("the refund of 250000 came in from the bank", "250000"),
    ("quick question, the bus 482913 leaves at 9", "482913"),
    ("the results just came in: 482913 votes", "482913"),
    ("el código OTP no llegó, número de expediente 5521903", "5521903"),
])
def test_a_number_that_came_as_something_else_is_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])


@pytest.mark.parametrize(("turns", "value"), [
    (["纳税人识别号: 432 118 907"], "432 118 907"),
    (["ٹیکس نمبر AHXPL7302K"], "AHXPL7302K"),
    (["the tax ref on the gift aid form is AHXPL7302K"], "AHXPL7302K"),
    (["unique taxpayer reference", "9987654321"], "9987654321"),
    (["EIN for the fundraiser 46-3318207, keep it off the website"], "46-3318207"),
])
def test_a_tax_number_noted_bare_or_shaped_as_a_persons_is_withheld(turns: list[str], value: str) -> None:
    assert value not in redact_turns(turns)[-1]


@pytest.mark.parametrize(("text", "value"), [
    ("tax number of the supplier: 81234567890", "81234567890"),
    ("the EIN of the nonprofit is 46-3318207", "46-3318207"),
    ("tax id for the shop AHXCL7302K", "AHXCL7302K"),
])
def test_a_companys_tax_number_is_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("they ran my check for the nursery job, certificate 009988776655", "009988776655"),
    ("DBS update service number 001298765432", "001298765432"),
    ("I'm on the update service, ref 004411223344", "004411223344"),
    ("they did a check on me for the scouts, cert no 001122334455", "001122334455"),
])
def test_a_background_checks_number_told_by_what_was_done_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


def test_a_cheque_after_ran_my_check_is_kept() -> None:
    assert "000123456" in redact_thread("the bank ran my check, cheque no 000123456", [])


@pytest.mark.parametrize(("text", "value"), [
    ("the code for my ipad is QmZtRwXe", "QmZtRwXe"),
    ("el código de mi móvil es HtKpWmZa", "HtKpWmZa"),
    ("koden til mobilen er PwRtKmZq", "PwRtKmZq"),
    ("the office ipad unlocks with 550913", "550913"),
    ("mi portátil se desbloquea con 8830", "8830"),
    ("میرے موبائل کا پاس کوڈ 4417 ہے", "4417"),
    ("work laptop password marigold, the one you type after boot", "marigold"),
    ("le mot de passe de l'ordi tournesol, ce que tu tapes au démarrage", "tournesol"),
])
def test_a_device_code_told_by_its_device_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("the phone unlocks with face id", "face id"),
    ("my laptop boots with 2024 drivers", "2024"),
    ("the laptop starts up with 16 GB free", "16"),
    ("the code for my phone case is on Amazon", "Amazon"),
])
def test_device_talk_without_a_code_is_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])


@pytest.mark.parametrize(("text", "values"), [
    ("I used 4821-7730 already, the next one is 9902-1184", ["4821-7730", "9902-1184"]),
    ("used qzvkmtrp already so the next one is x7k2m9qd", ["qzvkmtrp", "x7k2m9qd"]),
    ("keep these safe pls: x7k2m9qd, 6630-1128, p4vn8rtz", ["x7k2m9qd", "6630-1128", "p4vn8rtz"]),
    ("store these 8f3k1-zq2mw, 77pkt-4nd9x", ["8f3k1-zq2mw", "77pkt-4nd9x"]),
    ("6630-1128 x7k2m9qd p4vn8rtz 0912-4471 - the site said keep these safe", ["6630-1128", "x7k2m9qd", "0912-4471"]),
])
def test_backup_codes_kept_or_used_one_by_one_are_withheld(text: str, values: list[str]) -> None:
    out = redact_thread(text, [])
    assert not any(v in out for v in values)


def test_eight_letter_words_saved_are_kept() -> None:
    assert "tomorrow" in redact_thread("save these words: tomorrow, computer, keyboard", [])


@pytest.mark.parametrize(("text", "value"), [
    ("patente n. U1K4821937", "U1K4821937"),
    ("Führerschein Nr. B072RRE2I55", "B072RRE2I55"),
    ("numero patente nr. U1X9034417", "U1X9034417"),
])
def test_a_licence_after_an_abbreviated_number_word_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("turns", "value"), [
    (["318207", "that's the one that came to dad's phone for the pension site"], "318207"),
    (["four one eight two nine seven", "what i read to her off the screen"], "four one eight two nine seven"),
    (["te lo dicto: ocho tres uno dos siete cinco"], "ocho tres uno dos siete cinco"),
    (["az ügyfélkapus kód 551208 apunak"], "551208"),
])
def test_a_code_named_by_the_next_turn_or_dictated_is_withheld(turns: list[str], value: str) -> None:
    assert all(value not in t for t in redact_turns(turns[:1], turns[1] if len(turns) > 1 else ""))


def test_a_number_the_next_turn_calls_an_order_is_kept() -> None:
    assert "482913" in redact_turns(["482913"], "that's my order, it came by sms")[0]


@pytest.mark.parametrize(("turns", "value"), [
    (["new laptop from work", "they set it to 4471 for now"], "4471"),
    (["got a replacement phone", "it's set to 208813 until i change it"], "208813"),
    (["nuevo móvil del trabajo", "they changed it to 9930"], "9930"),
])
def test_a_code_set_on_a_new_device_the_turn_before_named_is_withheld(turns: list[str], value: str) -> None:
    assert value not in redact_thread(turns[1], turns[:1])


@pytest.mark.parametrize(("turns", "value"), [
    (["new phone", "they set it to 0700 as the wake time"], "0700"),
    (["new phone", "set the timer, they set it to 1500 for the oven"], "1500"),
])
def test_a_setting_or_an_old_device_is_kept(turns: list[str], value: str) -> None:
    assert value in redact_thread(turns[1], turns[:1])


@pytest.mark.parametrize(("turns", "value"), [
    (["here's mum's insurance member number", "485 777 3457\n(case sensitive)"], "485 777 3457"),
    (["insurance member id for dad", "401 023 2137 - case-sensitive"], "401 023 2137"),
])
def test_case_sensitive_after_a_member_number_is_no_case_number(turns: list[str], value: str) -> None:
    assert value not in redact_thread(turns[1], turns[:1])


def test_a_case_number_after_a_member_numbers_name_is_kept() -> None:
    assert "485 777 3457" in redact_thread("case 485 777 3457", ["insurance member number"])


@pytest.mark.parametrize(("turns", "value"), [
    (["cant scan the qr so: JBSWY3DPEHPK3PXPQWERTYUI"], "JBSWY3DPEHPK3PXPQWERTYUI"),
    (["introduce esto manualmente", "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE4TT"], "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE4TT"),
    (["saisir manuellement : KRUGS4ZANFZSAYLOEBQXGZLF"], "KRUGS4ZANFZSAYLOEBQXGZLF"),
])
def test_an_authenticator_key_entered_manually_is_withheld(turns: list[str], value: str) -> None:
    assert value not in redact_thread(turns[-1], turns[:-1])


@pytest.mark.parametrize(("text", "value"), [
    ("9987654321 <- my tax ref, the accountant wants it", "9987654321"),
    ("AHXPL7302K ye mera PAN hai", "AHXPL7302K"),
    ("81234567890 это мой налоговый номер", "81234567890"),
    ("432118907 - numéro fiscal, pour la déclaration", "432118907"),
    ("46331820 ist meine Steuernummer", "46331820"),
    ("police cert PC55120943 came through today", "PC55120943"),
])
def test_a_tax_number_said_before_its_name_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("44712390 sin IVA", "44712390"),
    ("81234567890 is the supplier's tax number", "81234567890"),
    ("07700900123 call the tax office about it", "07700900123"),
])
def test_a_number_before_a_companys_or_a_price_word_is_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])
