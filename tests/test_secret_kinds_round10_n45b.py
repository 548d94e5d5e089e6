"""Round ten (n45b): public codes kept, secrets next to them still withheld. Sentences written for this test."""

import pytest

from fact_memory_graph.secrets import redact_secrets

KEPT = [
    ("The customs declaration for the tea lists HS code 0902.30 — is that black tea?", "0902.30"),
    ("Mon code NAF est 6201Z, c'est bien pour du développement web ?", "6201Z"),
    ("El código CNAE de la peluquería es 9602, ¿vale para estética también?", "9602"),
    ("Il codice ATECO della mia ditta è 47.91.10, va bene per l'e-commerce?", "47.91.10"),
    ("the washing machine shows error code F21 again, what does it mean", "F21"),
    ("Die Kaffeemaschine zeigt Fehlercode E-117, was tun?", "E-117"),
    ("the routing number on my bank's public website is 026009593, is that the right one for wires?", "026009593"),
    ("the BSB of the Westpac branch in town is 032-001, it's on their site", "032-001"),
    ("branch IFSC is HDFC0001234, main account number baad me bhejunga", "HDFC0001234"),
    ("Rabattcode SOMMER15 gibt 15 % auf alles, schreib mir einen Werbetext", "SOMMER15"),
    ("promo code SPRING24 for 20% off at the bakery until Friday, make a flyer", "SPRING24"),
    ("Dane firmy do faktury: Stolarnia Nowak sp. z o.o., NIP 5213456789", "5213456789"),
    ("mi número nuevo de España es +34 612 345 678, guárdalo", "612 345 678"),
    ("Say this word at checkout: BLOOMDAY for 10% off every bouquet", "BLOOMDAY"),
    ("The card terminal receipt shows AUTH CODE 84Q2ZT, the customer wants a refund", "84Q2ZT"),
]

WITHHELD = [
    ("mi RFC personal es GOMA850312HX4 para mi factura", "GOMA850312HX4"),
    ("SWIFT CHASUS33 and my account number 4417263958, please send it there", "4417263958"),
    ("o código do banco pra liberar o pix chegou: 482913", "482913"),
    ("my password is Blue77sky for 10% off lol", "Blue77sky"),
    ("my password is Tr0mb0ne!Sky and the promo code was SAVE10", "Tr0mb0ne!Sky"),
]


@pytest.mark.parametrize("text,value", KEPT)
def test_public_code_kept(text, value):
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text,value", WITHHELD)
def test_secret_near_public_code_withheld(text, value):
    assert value not in redact_secrets(text)
