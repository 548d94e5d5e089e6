"""Identity documents' numbers (no checksum: the document's name makes them secret), cards whose
security code or first part is named loosely, and an IBAN beside a word that is not a donation's.
Every sentence and value here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

WITHHELD = [
    ("passport number for the ferry booking is QT5520817", "QT5520817"),
    ("finally got my provisional licence!! number K902-4417-3385", "K902-4417-3385"),
    ("the landlord wants ID, passport number HXRBWQTMN", "HXRBWQTMN"),
    ("az útlevélszámom a repülőjegyhez KM7731920", "KM7731920"),
    ("rhif GIG dad yw 401 227 9918", "401 227 9918"),
    ("card number for the grocery order 4929 1873 5542 0915 please", "4929 1873 5542 0915"),
    ("use my card 5425 2334 3010 9903 exp 04/29 and the code on the back is 318", "318"),
    ("the card for the hotel starts 3714 496", "3714 496"),
    ("my health insurance policy number is 5521098733", "5521098733"),
    ("номер полиса ОМС 5512 7734 0091 2286", "5512 7734 0091 2286"),
    ("meine Versichertennummer ist R730194462", "R730194462"),
    ("zorgverzekeringsnummer 604417825", "604417825"),
    ("sağlık sigortası numaram 70215583910", "70215583910"),
    ("健康保険証の番号は40917733です", "40917733"),
    ("건강보험증 번호 70512293381", "70512293381"),
    ("保険証の番号はK730214956です", "K730214956"),
    ("el número de afiliado de la prepaga es 2 71 09 44 183 552 07", "2 71 09 44 183 552 07"),
    ("documentnummer van mijn ID-kaart: RX4471902", "RX4471902"),
    ("номер вида на жительство Z5520913K", "Z5520913K"),
    ("운전면허 번호 C2209731", "C2209731"),
    ("Aufenthaltstitel Nummer Y7K2M4P9Q", "Y7K2M4P9Q"),
    ("Seo m'uimhir IBAN don árasán: IE29 AIBK 9311 5212 3456 78", "IE29 AIBK 9311 5212 3456 78"),
]

KEPT = [
    ("passport number PENDING until the office opens", "PENDING"),
    ("booking number for the passport appointment is 48213", "48213"),
    ("home insurance policy number 6620193847", "6620193847"),
    ("faire un don : IBAN de l'association FR76 3000 6000 0112 3456 7890 189", "FR76 3000 6000 0112 3456 7890 189"),
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_a_document_or_card_named_loosely_is_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_a_word_in_capitals_or_a_public_reference_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("मेरो राहदानी नम्बर RT5521094 हो", "RT5521094"),
    ("Numri i pasaportës: BA0912274", "BA0912274"),
    ("my rybewysnommer vir die vorm: 4040002K7H2L", "4040002K7H2L"),
    ("პასპორტის ნომერი 17AB09123", "17AB09123"),
])
def test_document_numbers_in_more_languages(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]
