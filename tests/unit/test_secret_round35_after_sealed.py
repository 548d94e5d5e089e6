"""Round thirty-five, after the sealed run: an ancestor's record is read when the possessive is the ancestor's ("mi
bisabuelo"), when a reader's span took the record's name in, and when a reader took the document's number for a code
after a word like "Nummer"; one's own ids and the codes of things beside them stay withheld. A company's tax number
named in Arabic is kept; AWS's documentation keys named as one's own stay withheld. Phrasings of our own."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

KEPT = [
    "Im Reisepass meiner Urgroßmutter von 1929 findet sich die Nummer Z 480215",
    "la cédula de mi bisabuela, que murió en 1940, tenía el número 3318820",
    "le passeport de ma arrière-grand-mère (1926) porte le n° 551093",
    "my great-granddad's 1915 passport number was 238/4471 on the archive copy",
    "en el índice de defunciones, el número de mi bisabuelo era 412-08-3391",
]

WITHHELD = [
    ("great-grandpa's passport from 1921 is in the safe, the safe code is 4471", "4471"),
    ("my great-grandma was born in 1921; my passport number is 533380192", "533380192"),
    ("my great-grandfather's passport from 1921 is in the box, and my own passport number is X8231190", "X8231190"),
    ("the door code for great-grandma's old house from 1950 is 4471", "4471"),
    ("mi bisabuelo nació en 1920 y mi pasaporte es el PAB118204", "PAB118204"),
]


@pytest.mark.parametrize("text", KEPT)
def test_an_ancestors_number_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "secret"), WITHHELD)
def test_ones_own_ids_and_codes_beside_family_history_are_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)


COMPANY_IDS = [
    "الرقم الضريبي للشركة هو 300418227 على الفاتورة",
]

STILL_WITHHELD = [
    ("AKIAIOSFODNN7EXAMPLE is my access key id", "AKIAIOSFODNN7EXAMPLE"),
    ("my access key is AKIA4KQ7XH2MZP0RT9WD", "AKIA4KQ7XH2MZP0RT9WD"),
    ("aws_secret_access_key = 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", "Qm4t8Zr2bPx0KfLw9YsE1vNc7HdJ3aUeXoGi6TyE"),
]


@pytest.mark.parametrize("text", COMPANY_IDS)
def test_a_companys_tax_number_named_in_arabic_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "secret"), STILL_WITHHELD)
def test_keys_named_as_ones_own_stay_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)
