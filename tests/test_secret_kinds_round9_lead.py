"""Round nine, the lead's fixes after merging: sentences and values written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets

PL_ACCOUNT = "57 1090 1014 0000 0712 1981 2461"  # PL57… is mod-97 valid (made with python-stdnum)
ES_IBAN = "ES91 2100 0418 4502 0005 1332"
AE_IBAN = "AE07 0331 2345 6789 0123 456"


@pytest.mark.parametrize(("text", "value"), [
    # An account number on a bill or an invoice is still an account number: "rachunek" is both a
    # bill and a bank account in Polish, "factura" / "الفاتورة" name what the transfer pays.
    (f"Przelew za czynsz, rachunek: {PL_ACCOUNT}, tytuł: luty", PL_ACCOUNT),
    (f"para pagar la factura de la luz: {ES_IBAN} a nombre de la comunidad", ES_IBAN),
    (f"حوّل مبلغ الفاتورة إلى الآيبان {AE_IBAN} من فضلك", AE_IBAN),
])
def test_an_iban_beside_a_bill_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)
    assert value.replace(" ", "")[-8:] not in redact_secrets(text).replace(" ", "")


@pytest.mark.parametrize("text", [
    "my electricity bill customer number is 4100 2387 6612, due on the 5th",
    "numer klienta na rachunku za prąd: 7731 0045 92",
])
def test_a_utility_customer_number_stays(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text", [
    # Saying a thing is NOT a secret, or that a value is not given here, asks nothing.
    "the build hash is a1b2c3d4 — not a secret, it's in the public repo",
    "it's no secret that I'm moving to Porto in spring",
    "das ist kein Geheimnis, ich fange im April in Graz an",
    "não é segredo, pode anotar: o meu casamento é em junho",
    "j'ai changé le code du portail mais je ne le note pas ici",
])
def test_saying_something_is_not_a_secret_asks_nothing(text: str) -> None:
    from fact_memory_graph.forgetting import asks_to_forget

    assert asks_to_forget(text) is None


@pytest.mark.parametrize("text", [
    "it's not a secret anymore at work, but please don't tell my mother yet",
    "you can't tell my landlord, ok? I lost my job last week",
])
def test_a_request_beside_a_denial_is_still_read(text: str) -> None:
    from fact_memory_graph.forgetting import asks_to_forget

    assert asks_to_forget(text) is not None
