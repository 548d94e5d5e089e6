"""Round eight, after the single run: a secret's name that is only the start of a public value's
name ("الرمز" in "الرمز البريدي", "kode" in "kode pos") does not name a secret. Values written here."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text, value", [
    ("الرمز البريدي لبيت أهلي، للتوصيل يعني، هو 40213", "40213"),  # "my parents' postal code, for delivery, is …"
    ("kantor kami di Bandung, kode pos 40115", "40115"),  # Indonesian: "our office …, postal code"
    ("el código postal de mi tía es 28013", "28013"),
    ("mã bưu chính không phải bí mật, là 70000", "70000"),
    ("my carte fidélité number is 99120034", "99120034"),
])
def test_a_public_label_that_starts_with_a_secrets_name_keeps_its_value(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("الرمز السري للبطاقة 4821", "4821"),  # "the card's secret code"
    ("رمز البطاقة هو 7310", "7310"),  # "the card's code is"
    ("mi código es 55120", "55120"),
    ("account holder Ana Ruiz, account 12345678", "12345678"),
])
def test_the_secrets_own_name_still_withholds(text: str, value: str) -> None:
    assert value not in redact_secrets(text)
