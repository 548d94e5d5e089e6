"""A health plan's member number, read by the card it is on (secrets/member_numbers.py), and the
numbers printed on the same card for everyone (group, plan, pharmacy routing, phone lines). Every
sentence and value here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import member_numbers, redact_turns

WITHHELD = [
    ("for the dentist tomorrow: my Humana member ID is H71042298", "H71042298"),
    ("Anthem card, subscriber no. YRK 448120931", "YRK 448120931"),
    ("die Mitgliedsnummer bei der Barmer lautet Q482019773", "Q482019773"),
    ("mon numéro d'adhérent MGEN : 0712 5593 18", "0712 5593 18"),
    ("número de asegurado de Adeslas 30418 22751", "30418 22751"),
    ("o número da carteirinha do Bradesco Saúde é 884 0021 7730 19", "884 0021 7730 19"),
    ("il numero di tessera del fondo sanitario è 77310045", "77310045"),
    ("mijn polisnummer bij Menzis is 20937114", "20937114"),
    ("nomor kartu BPJS saya 0002219384411", "0002219384411"),
    ("số thẻ bảo hiểm y tế của mẹ là DN4790112233445", "DN4790112233445"),
    ("namba ya uanachama ya NHIF ni 8830125", "8830125"),
    ("医保卡号是 3101 1522 8804", "3101 1522 8804"),
]

KEPT = [
    ("Humana group number 0193347 is on the front of every card", "0193347"),
    ("the pharmacy needs RxBIN 610014 and PCN 9999 from the Aetna card", "610014"),
    ("Cigna claim number 22-4471-90833 was approved", "22-4471-90833"),
    ("call Blue Cross member services on 1-888-630-2583", "1-888-630-2583"),
    ("my Medicare premium went up to $174.70", "174.70"),
    ("the Barmer sent the new Versichertenkarte on 2025-03-14", "2025-03-14"),
    ("Krankenkasse Hotline 0800 1234567, montags bis freitags", "0800 1234567"),
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_member_number_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_public_number_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


def test_membership_without_insurance_or_care_is_kept() -> None:
    assert member_numbers.spans("gym membership number 55120934 for the pool") == []
    assert not member_numbers.mentioned("the ferry left at 10:40, seat 22 by the window")
    assert member_numbers.mentioned("die Krankenversicherungen und ihre Karten")


THREADS = [
    (["the physio wants my insurance number", "ok it's QX4471-2290-18"], "QX4471-2290-18"),
    (["numer ubezpieczenia do rejestracji w szpitalu?", "88012245617"], "88012245617"),
    (["Versichertennummer für die Praxis", "T503318842, danke"], "T503318842"),
]


@pytest.mark.parametrize(("turns", "value"), THREADS)
def test_member_number_in_the_turn_after_its_name(turns: list[str], value: str) -> None:
    assert value not in redact_turns(turns)[-1]


def test_value_before_its_names() -> None:
    assert "RT88120457" not in redact_turns(["RT88120457 is what's on my Oscar Health card as member id"])[0]
    assert "RT88120457" not in redact_turns(["RT88120457, meine Versichertennummer"])[0]


def test_phone_line_after_insurance_name_kept() -> None:
    assert "0800 312 4419" in redact_turns(["the insurance number to ring", "0800 312 4419"])[-1]
    assert "61 4432 8890" in redact_turns(["telefone do plano de saúde: 61 4432 8890"])[0]


DOCUMENTS = [
    ("číslo řidičského průkazu mám EK 418327", "EK 418327"),
    ("numer prawa jazdy 01822/17/1204", "01822/17/1204"),
    ("ehliyet numarası B7730215", "B7730215"),
    ("mijn rijbewijsnummer is 5829104473", "5829104473"),
    ("ajokortin numero 7731-0092-A", "7731-0092-A"),
    ("驾照号码是HZ5519302K", "HZ5519302K"),
    ("số hộ chiếu của tôi là C4417730", "C4417730"),
    ("namba ya pasipoti yangu ni AB2240913", "AB2240913"),
]


@pytest.mark.parametrize(("text", "value"), DOCUMENTS)
def test_identity_documents_in_more_languages(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


def test_a_plan_word_inside_the_insurance_name_is_not_a_plan_number() -> None:
    assert "884 201 7735" not in redact_turns(["my dental plan member id pls", "884 201 7735"])[-1]
    assert "0012345" in redact_turns(["Aetna plan number 0012345"])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("hire desk needs my licence: K7Z4412093 (the Irish one)", "K7Z4412093"),
    ("dl# m220-4419-8831 for the moving van", "m220-4419-8831"),
])
def test_a_driving_licence_by_its_bare_word(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize("text", ["windows license KJ7H2-88412-990XZ", "license plate AB12345678", "dl v1.2.3 from github"])
def test_other_licences_kept(text: str) -> None:
    assert redact_turns([text])[0] == text


def test_member_id_withheld_and_group_number_kept_on_one_card() -> None:
    # issue 45, round sixteen: a member ID is the member's own (it was kept as printed on the card before)
    out = redact_turns(["health plan member ID Q77120394, group number 88213 — on the card"])[0]
    assert "Q77120394" not in out and "88213" in out


def test_an_insurers_word_alone_names_only_a_value_right_after_it() -> None:
    assert "12500" in redact_turns(["Blue Cross paid 12500 of the surgery"])[0]
    assert "4417720931" not in redact_turns(["Kaiser nmbr 4417720931"])[0]
