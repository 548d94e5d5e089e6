"""Bank accounts named in more languages, paired by "and", and US routing numbers named in other languages."""

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text, value", [
    ("rhif cyfrif y busnes yw 40817733", "40817733"),  # Welsh
    ("uimhir an chuntais: 55120934", "55120934"),  # Irish
    ("konta numurs LV80BANK0000435195001", "LV80BANK0000435195001"),  # Latvian
    ("numri i llogarisë 2204 8817 3390", "2204 8817 3390"),  # Albanian
    ("hesab nömrəsi 3301 4471 2290 18", "3301 4471 2290 18"),  # Azerbaijani
    ("मेरा अकाउंट नंबर 55120934771 है", "55120934771"),  # Hindi, the English word
    ("Girokonto bei der Volksbank: 7730418822", "7730418822"),
])
def test_an_account_named_in_its_language_is_withheld(text, value):
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("her details are 40-11-62 & 73301982 at Barclays", "73301982"),
    ("numéro d'acheminement 011000015 et compte 4471932", "011000015"),
    ("número de roteamento 011000015 e a conta 88213344", "011000015"),
])
def test_bank_details_joined_by_a_word_are_withheld(text, value):
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("we met on 12-05-24 and 20240512 was the file name", "20240512"),
    ("the Barclays sort code 20-00-00 is printed on their website", "20-00-00"),
])
def test_dates_and_public_sort_codes_are_kept(text, value):
    assert value in redact_secrets(text)
