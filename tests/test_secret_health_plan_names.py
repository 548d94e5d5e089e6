"""Health plans' member numbers named by provincial plans, insurers and insured-number words of more countries."""

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text, value", [
    ("OHIP 5592-814-307 for the walk-in clinic", "5592-814-307"),
    ("my Alberta Health Care number is 40217-3381", "40217-3381"),
    ("Signal Iduna Mitgliedskarte, Nummer 7730418822", "7730418822"),
    ("ONVZ polis, lidnummer 402281937", "402281937"),
    ("número de la tarjeta sanitaria: MRTN 440712 93", "440712 93"),
    ("insurance: BlueCross, member W2918837401", "W2918837401"),
])
def test_member_number_named_by_a_plan_is_withheld(text, value):
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("call OHIP at 1-866-532-3161 about the renewal", "1-866-532-3161"),
    ("Signal Iduna group number 0041972", "0041972"),
])
def test_public_numbers_beside_a_plan_are_kept(text, value):
    assert value in redact_secrets(text)


def test_a_regional_health_card_and_a_banks_passnumber_are_withheld():
    assert "QRST44120937K" not in redact_secrets("la tarjeta SIP de mi padre, número QRST44120937K")
    assert "502318" not in redact_secrets("her telephone banking passnumber is 502318")
