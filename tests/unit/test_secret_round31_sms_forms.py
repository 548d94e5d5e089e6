"""Round thirty-one (t62b): SMS wording of village agents, cooperatives and health workers — national ids by
their names in Urdu (romanised), Tagalog and Amharic, a password's abbreviation right before it ("mk … nha"),
a code "they sent" in Hausa and Swahili. Phrasings and values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text, value", [
    ("shanakhti card 4210153920117", "4210153920117"),
    ("ammi ka shanakhti card number 3520261234567 hai", "3520261234567"),
    ("ang PhilSys ko ay 4521-8873-1190-2234", "4521-8873-1190-2234"),
    ("PhilSys number ko 1102-3344-5566-7788", "1102-3344-5566-7788"),
    ("የፋይዳ ቁጥር 553019284471", "553019284471"),
    ("Fayda number 553019284471", "553019284471"),
])
def test_a_national_id_named_in_sms_wording_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("mk Shamba2024 nha", "Shamba2024"),
    ("mk: LuaMoi_88", "LuaMoi_88"),
    ("pw Kahawa_77 ya", "Kahawa_77"),
    ("mdp Soleil2024!", "Soleil2024!"),
])
def test_a_password_right_after_its_abbreviation_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("mk đổi rồi nha", "đổi"),
    ("pw reset link sent", "reset"),
])
def test_talk_after_an_abbreviation_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("namba waliyotuma 774343", "774343"),
    ("namba waliyonitumia ni 883190", "883190"),
    ("lambar da suka turo 602118", "602118"),
    ("lambar da aka aiko 5 5 2 1 9 0", "5 5 2 1 9 0"),
])
def test_a_code_they_sent_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("lambar da suka turo 08031234567", "08031234567"),
    ("lamba da aka turo 2500 naira", "2500"),
])
def test_a_phone_number_or_an_amount_they_sent_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("71920384 iingize kabla dakika tano", "71920384"),
    ("483920 saka shi kafin minti biyar", "483920"),
    ("661204 iandike kabla dakika tatu", "661204"),
    ("903311 enter it before it expires", "903311"),
])
def test_a_code_then_entering_it_or_its_expiry_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("250000 iweke benki", "250000"),
    ("2500 iweke kwenye akaunti", "2500"),
    ("order 4410293 enter it in the tracking box", "4410293"),
])
def test_an_amount_or_an_order_then_a_verb_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_a_postal_pin_to_type_into_a_form_is_kept() -> None:
    from fact_memory_graph.secrets import redact_thread

    assert "411017" in redact_thread("411017 daalo, Pune ka hai", ["PIN code pooch raha hai form mein"])
    assert "552019" in redact_secrets("552019 iingize haraka")  # no expiry told: no one-time code
