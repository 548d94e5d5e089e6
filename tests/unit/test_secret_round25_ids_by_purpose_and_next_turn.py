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


@pytest.mark.parametrize(("text", "value"), [
    ("el CSV del certificado de antecedentes penales es KQWT-MZRP-XHLD-VBNC", "KQWT-MZRP-XHLD-VBNC"),
    ("मेरी PCC का नंबर PCC/DL/44718203 है", "PCC/DL/44718203"),
    ("犯罪経歴証明書の番号は第B-7712045号です", "B-7712045"),
    ("certidão de antecedentes criminais nº 4471.2030918-2", "4471.2030918-2"),
    ("il certificato penale della baby-sitter n. 771204/2025/B", "771204/2025/B"),
    ("criminal record certificate ref TR/JK/2281934", "TR/JK/2281934"),
])
def test_a_background_checks_number_in_other_shapes_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("the DBS check took 12.05.2024 to arrive", "12.05.2024"),
    ("el certificado de antecedentes penales costó 3.70 euros", "3.70"),
])
def test_a_background_checks_date_or_price_is_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("copying it off the photocard: MORGA753116SM9IJ", "MORGA753116SM9IJ"),
    ("field 5 says SMITH 812253 JD9AB", "SMITH 812253 JD9AB"),
    ("KOWAL907054AB3XY is the long number on my licence", "KOWAL907054AB3XY"),
])
def test_a_uk_driving_licence_number_is_withheld_by_its_shape(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


def test_a_sku_of_the_same_length_is_kept() -> None:
    assert "ABCDE123456AB1CD" in redact_thread("the SKU is ABCDE123456AB1CD", [])


@pytest.mark.parametrize(("text", "value"), [
    ("yung seaman's book ko PH7712034", "PH7712034"),
    ("seafarer's id SIDPH7712034 for the crewing agency", "SIDPH7712034"),
    ("ওয়ার্ক পারমিট নম্বর QK4471203", "QK4471203"),
    ("mera वर्क परमिट नंबर KX4471203 hai", "KX4471203"),
])
def test_seafarers_books_and_work_permits_are_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("medicare card: 3H71-TK2-MN45", "3H71-TK2-MN45"),
    ("my medicare card no is 3H71-TK2-MN45, for the podiatrist", "3H71-TK2-MN45"),
    ("VA health id Q771203455 for the audiology appointment", "Q771203455"),
])
def test_a_health_number_after_its_cards_name_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("the medicare card arrives in 2-3 weeks", "2-3"),
    ("medicare card: 1-800-633-4227 for help", "1-800-633-4227"),
])
def test_talk_of_a_health_card_and_its_helpline_are_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("tax ref for our au pair is 3897650278", "3897650278"),
    ("налоговый номер (ИНН) няни: 500100732259", "500100732259"),
    ("SV-Nr. der Haushaltshilfe 1237010180", "1237010180"),
])
def test_a_household_workers_tax_or_social_security_number_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


def test_a_cleaning_companys_tax_reference_is_kept() -> None:
    assert "3897650278" in redact_thread("the tax ref for the cleaning company is 3897650278", [])


def test_btw_before_a_documents_number_is_no_vat_word() -> None:
    assert "PH7712034" not in redact_thread("btw CDC / seaman's discharge book no. PH7712034 cheers", [])
    assert "NL001234567B01" in redact_thread("btw-nummer NL001234567B01", [])


@pytest.mark.parametrize(("text", "value"), [
    ("the fake IRS agent made me say my TIN 900-71-2231", "900-71-2231"),
    ("a scammer posing as an agent got my ssn 123-45-6789 out of me", "123-45-6789"),
    ("medicare card: 5KT2-WQP-HN18 for the GP", "5KT2-WQP-HN18"),
    ("CDC / seaman's discharge book no. SID-IN-7712034", "SID-IN-7712034"),
])
def test_ids_beside_an_agents_word_or_in_letter_groups_are_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), [
    ("agent number for mpesa 123456", "123456"),
    ("call the agent on 0161 496 0000 about my passport", "0161 496 0000"),
    ("my BCBS group number GRP-4471-AB", "GRP-4471-AB"),
])
def test_an_agents_number_and_a_group_number_are_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])
