"""Identity documents' numbers told before the document's name or after a question about it, and
one-time codes told by who sent them: pure tests (no database)."""

import pytest

from fact_memory_graph.secrets import redact_turns


def _kept(*turns: str) -> str:
    return " | ".join(redact_turns(list(turns)))


@pytest.mark.parametrize("text, value", [
    ("KT5519023 - thats the number printed on my residence card", "KT5519023"),
    ("note down RB7702914, it's off my passport", "RB7702914"),
    ("C'est ZP8830127, le numéro sur ma carte d'identité", "ZP8830127"),
    ("MX4410892 è il numero della mia patente", "MX4410892"),
    ("XQ3390418 é o número do meu RG", "XQ3390418"),
    ("el número del carnet de identidad? es el 71928364", "71928364"),
])
def test_document_number_told_before_or_asked_in_turn(text: str, value: str) -> None:
    assert value not in _kept(text)


@pytest.mark.parametrize("question, answer, value", [
    ("what's on your photo id?", "it's DL7720391", "DL7720391"),
    ("Potrzebuję numer twojego dowodu osobistego", "jasne, ABX448120", "ABX448120"),
])
def test_document_number_answering_a_question(question: str, answer: str, value: str) -> None:
    assert value not in _kept(question, answer)


@pytest.mark.parametrize("text, value", [
    ("BK4471902 is the booking I made with my passport", "BK4471902"),
    ("flight TK1880234 — bring your id card", "TK1880234"),
    ("the passport office phone is 0207 555 0199", "0207 555 0199"),
    ("my passport expires 2031-05-12", "2031-05-12"),
    ("the application 77120934 for my new id card is pending", "77120934"),
])
def test_lookalikes_beside_a_document_are_kept(text: str, value: str) -> None:
    assert value in _kept(text)


@pytest.mark.parametrize("text, value", [
    ("just got 739104 from Steam, what do I do with it", "739104"),
    ("recebi 551 203 do WhatsApp agora", "551 203"),
    ("Einmalkennwort 620418", "620418"),
])
def test_one_time_code_told_by_its_sender(text: str, value: str) -> None:
    assert value not in _kept(text)


@pytest.mark.parametrize("text, value", [
    ("got order 77120 from Amazon today", "77120"),
    ("received 250 from PayPal, thanks", "250"),
])
def test_numbers_from_a_service_that_are_no_code_are_kept(text: str, value: str) -> None:
    assert value in _kept(text)


@pytest.mark.parametrize("text, value", [
    ("ZKRTWM4QH\n^ that's my passport no", "ZKRTWM4QH"),
    ("WB88120634KL – meine Führerscheinnummer, für die Bewerbung", "WB88120634KL"),
    ("ο αριθμός του δελτίου ταυτότητας μου είναι AK4402918", "AK4402918"),
    ("số căn cước của mình là 079203001122 nhé", "079203001122"),
    ("numer karty pobytu: RP5518820", "RP5518820"),
])
def test_document_numbers_in_other_orders_and_languages(text: str, value: str) -> None:
    assert value not in _kept(text)


def test_a_document_asked_by_someone_then_a_lower_case_answer() -> None:
    assert "k771204-55" not in _kept("la banque demande le numéro de mon titre de séjour", "k771204-55")


@pytest.mark.parametrize("text, value", [
    ("55120934 <- thats the sms code, the plumber needs it", "55120934"),
    ("771 209 — c'est le code de vérification", "771 209"),
    ("H-402913 ist der Bestätigungscode", "H-402913"),
])
def test_one_time_code_pointed_at_after_its_value(text: str, value: str) -> None:
    assert value not in _kept(text)


@pytest.mark.parametrize("text, value", [
    ("55120 is the zip code", "55120"),
    ("771209 is the promo code for the shop", "771209"),
])
def test_public_codes_pointed_at_are_kept(text: str, value: str) -> None:
    assert value in _kept(text)


def test_a_site_named_like_a_reference_asks_for_a_code() -> None:
    assert "58812044" not in _kept("reservation.com keeps asking for the code", "58812044")


@pytest.mark.parametrize("text, value", [
    ("El número ZT5521908 es el de mi pasaporte", "ZT5521908"),
    ("my passport number starts with QK58, the rest later", "QK58"),
])
def test_document_number_beside_a_phone_word_or_its_first_part(text: str, value: str) -> None:
    assert value not in _kept(text)


def test_a_document_office_opening_hour_is_kept() -> None:
    assert "10 am" in _kept("the passport office starts 10 am")


@pytest.mark.parametrize("text, value", [
    ("the caller wanted the 6 digits, 402913, so I read them out", "402913"),
    ("les six chiffres : 402 914", "402 914"),
    ("Telegram: 40291", "40291"),
])
def test_one_time_code_told_by_its_digit_count_or_under_a_header(text: str, value: str) -> None:
    assert value not in _kept(text)


@pytest.mark.parametrize("text, value", [
    ("the last 4 digits of my card are 4412", "4412"),
    ("a 6 digit display that costs 129900", "129900"),
    ("phone: 5512093", "5512093"),
])
def test_counts_of_digits_that_tell_no_code_are_kept(text: str, value: str) -> None:
    assert value in _kept(text)
