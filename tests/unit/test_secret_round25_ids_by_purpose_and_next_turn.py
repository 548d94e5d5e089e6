"""Round twenty-five (t56b): ids named by the turn after them, background checks' numbers in more shapes and
word orders, tax ids and driving licences in more languages, personal ids told only by what they are for.
Sentences and values written for this test (checksum-valid values made up here, none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_thread, redact_turns


@pytest.mark.parametrize(("value", "after"), [
    ("C48871203", "that's her passport no, the embassy wants a copy"),
    ("485 777 3457", "mum's nhs number, the care home asked"),
    ("401 023 2137", "c'est le NHS number de papa, pour l'hôpital"),
    ("MORGA753116SM9IJ", "off my driving licence, for the insurance form"),
    ("001234567890", "that's my dbs certificate, the school may ask"),
])
def test_a_value_alone_the_next_turn_names_as_an_id_is_withheld(value: str, after: str) -> None:
    assert value not in redact_turns([value], after)[0]


@pytest.mark.parametrize(("value", "after"), [
    ("1Z999AA10123456784", "that's the ups tracking number"),
    ("4401 2231 88", "that's my order number for the passport cover"),
    ("07700 900123", "that's my phone number"),
    ("AB123456", "that's the booking ref for my passport appointment"),
])
def test_a_value_the_next_turn_calls_something_else_is_kept(value: str, after: str) -> None:
    assert value in redact_turns([value], after)[0]


@pytest.mark.parametrize(("text", "value"), [
    ("my police clearance cert no. is PCC-4410-QWRTZB", "PCC-4410-QWRTZB"),
    ("police verification certificate no: PVC-88213-XK", "PVC-88213-XK"),
    ("namba ya cheti cha polisi ni PCC-5521-KQ7T9X", "PCC-5521-KQ7T9X"),
    ("001234567891 — that's the enhanced check, in case the nursery asks", "001234567891"),
    ("PCC-5521-KQ7T9X is my police clearance, for the visa", "PCC-5521-KQ7T9X"),
    ("00123456789 - thats my dbs certificate number", "00123456789"),
])
def test_a_background_checks_number_in_more_shapes_and_orders_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("001234567891 was the order for the dbs check", "001234567891"),
    ("DBS check order 88213-AB paid", "88213-AB"),
    ("police check at the border took 45 minutes", "45"),
])
def test_a_background_checks_order_or_talk_is_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("আমার প্যান নম্বর BQRPK4417M", "BQRPK4417M"),
    ("मेरा पैन नंबर BQRPK4417M है", "BQRPK4417M"),
    ("my pan number is BQRPK4417M, for the ITR", "BQRPK4417M"),
    ("আমার ট্যাক্স আইডি 318204577126", "318204577126"),
    ("मेरा टैक्स आईडी 318204577126 है", "318204577126"),
    ("uimhir mo cheadúnais tiomána: 771203344", "771203344"),
    ("мой номер водительских прав 7712033441", "7712033441"),
])
def test_tax_ids_and_licences_in_more_languages_are_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


def test_a_pan_word_in_a_recipe_is_kept() -> None:
    assert "20" in redact_thread("pan 20 cm, 3 eggs", [])


@pytest.mark.parametrize(("text", "value"), [
    ("here's mum's number for the pension paperwork 85041210007", "85041210007"),
    ("il numero di mio padre per la dichiarazione dei redditi è 92071530005", "92071530005"),
    ("номер для договора аренды 123456708", "123456708"),
    ("te paso mi número 456 789 100 para la declaración de la renta", "456 789 100"),
    ("המספר של הבן שלי 204567804 בשביל הרישום לגן", "204567804"),
])
def test_a_personal_id_told_by_what_it_is_for_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("номер договора 123456708", "123456708"),
    ("order number 85041210007 for the contract", "85041210007"),
    ("my number for the kindergarten registration is 06 12 34 56 78", "06 12 34 56 78"),
    ("my iPhone model number 85041210007 for the contract", "85041210007"),
])
def test_a_things_own_number_or_a_phone_is_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])
