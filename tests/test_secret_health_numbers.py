"""National health numbers by their checksum or shape (secrets/health_numbers.py) and member numbers
named in a longer clause or the sentence before (secrets/member_numbers.py). Every sentence and value
here was written for this file; the numbers are computed to validate (or, for the kept ones, not to)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import health_numbers, redact_turns


def test_checksums() -> None:
    assert health_numbers.nhs_or_chi("7123456785")
    assert not health_numbers.nhs_or_chi("7123456784")
    assert health_numbers.medicare_au("4123567821")
    assert not health_numbers.medicare_au("4123567831")
    assert health_numbers.kvnr("B", "405172309")
    assert not health_numbers.kvnr("B", "405172308")


WITHHELD = [
    ("Grandad's NHS number, in case the hospice rings while I'm away on Friday, is 712 345 6785", "712 345 6785"),
    ("6345872105 is the CHI number on my son's red book, the health visitor asked", "6345872105"),
    ("die Krankenkasse will es nochmal haben, Papas Nummer ist übrigens B405172309", "B405172309"),
    ("Medicare card for the new GP — 5512 34091 1, she's the first on it", "5512 34091 1"),
    ("the Medicare rep wanted the MBI of my aunt, which I wrote on the fridge as 1EG4-TE5-MK73", "1EG4-TE5-MK73"),
    ("¿Cuál es el número de la tarjeta sanitaria de la abuela? Es ZXQW771204301", "ZXQW771204301"),
    ("Sairausvakuutuskortin numero isälläni on 884210-771K", "884210-771K"),
    ("Anyukám TAJ-száma, ha kérdezik a kórházban: 087 442 913", "087 442 913"),
    ("Numer ubezpieczenia w NFZ, dla pielęgniarki środowiskowej z przychodni: 7734 2210 98", "7734 2210 98"),
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_health_number_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


def test_health_number_in_the_next_turn() -> None:
    turns = ["the district nurse keeps asking for Mum's health service number", "right, 712 345 6785"]
    assert "712 345 6785" not in redact_turns(turns)[1]


KEPT = [
    ("call the GP surgery on 0207 946 0123 before 10", "0207 946 0123"),
    ("the NHS 111 line and the hospital switchboard, +44 7123 456785", "+44 7123 456785"),
    ("my Medicare premium for 2025 was 2,123.40 dollars", "2,123.40"),
    ("the NHS trust's form has 0000000000 in the sample box", "0000000000"),
]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_phone_or_blank_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


def test_not_read_without_health_words() -> None:
    assert "712 345 6785" in redact_turns(["the parcel weighed in at a shelf labelled 712 345 6785"])[0]


def test_public_label_keeps_a_valid_number() -> None:
    # 6144328890 passes modulus 11, but the clause names it a phone line
    assert "61 4432 8890" in redact_turns(["linha do plano de saúde, telefone 61 4432 8890"])[0]


def test_public_number_after_the_value_is_the_next_values() -> None:
    turns = ["vision plan member ID:", "VSP88120934 for Ana, group number 771204"]
    shown = redact_turns(turns)[-1]
    assert "VSP88120934" not in shown and "771204" in shown


@pytest.mark.parametrize(("text", "value"), [
    ("travel medical insurance policy TMI-55091823, for the trip", "TMI-55091823"),
    ("numărul asigurării de sănătate pentru tata: R88310295", "R88310295"),
])
def test_policy_and_inflected_names(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]
