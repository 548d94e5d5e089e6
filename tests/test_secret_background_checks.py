"""Background checks' certificate numbers (DBS, PVG, vetting, WWCC, VOG, police clearance) in many languages."""

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_turns


@pytest.mark.parametrize("text, value", [
    ("my enhanced DBS certificate number is 001234567890", "001234567890"),
    ("Garda vetting ref: GV12345678 for the football club", "GV12345678"),
    ("WWCC number WWC1234567E, expires 2028", "WWC1234567E"),
    ("mein erweitertes Führungszeugnis hat die Nummer 2023-887712", "2023-887712"),
    ("numéro de mon extrait de casier judiciaire : 7712345", "7712345"),
    ("certificado de antecedentes penales nº 88127733", "88127733"),
    ("politiattesten min har nummer 55120934 til barnehagen", "55120934"),
    ("VOG-nummer voor de scouting VOG771203", "VOG771203"),
])
def test_a_background_checks_number_is_withheld(text, value):
    assert value not in redact_secrets(text)


def test_a_checks_number_in_the_turn_after_its_name_is_withheld():
    assert "PVG55120348" not in redact_turns(["my PVG membership for the youth group ...", "PVG55120348"])[1]


@pytest.mark.parametrize("text, value", [
    ("the DBS check costs £38, call 03000 200 190", "03000 200 190"),
    ("the order number for my background check is 55512345", "55512345"),
    ("background check done in 2023, all clear", "2023"),
    ("DBS check: paid 18.00 GBP, receipt 7788123", "7788123"),
])
def test_what_a_check_costs_or_an_order_of_it_is_kept(text, value):
    assert value in redact_secrets(text)


def test_a_checks_reference_is_not_taken_for_a_public_reference() -> None:
    # the late look-alike pass keeps a value its public label names ("référence …"); a background
    # check's own number named "reference" stays withheld
    from fact_memory_graph.secrets import redact_turns

    kept = " ".join(redact_turns(["extrait de casier judiciaire, référence VSC-4410-228731"]))
    assert "VSC-4410-228731" not in kept
