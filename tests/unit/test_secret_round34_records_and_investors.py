"""Round thirty-four, after the sealed run: an ancestor's id in a record of the dead is kept; a brokerage account's
number, an exchange's anti-phishing code and a record number named by its prefix are withheld; a safe-deposit box's
and a storage unit's numbers are kept. Phrasings of our own."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

WITHHELD = [
    # one's own ids beside family history stay secrets
    ("my great-grandmother emigrated in 1923. my passport number is K4410937", "K4410937"),
    ("great-grandpa's naturalisation was in 1931; mein Reisepass hat die Nummer C01X00T47", "C01X00T47"),
    ("my SSN is 219-09-9999 and I was born in 1958", "219-09-9999"),
    ("grandpa's passport from 1950 — no wait, that's mine: L8812307", "L8812307"),
    # an investor's secrets
    ("meine Depotnummer ist 7712 4409 81, bei der Comdirect", "7712 4409 81"),
    ("numero conto titoli 00418827361 presso Fineco", "00418827361"),
    ("my brokerage account number is 5QX-20391-77", "20391"),
    ("my anti-phishing code on the exchange is velvetOtter52", "velvetOtter52"),
    ("código antiphishing: Tr3sGatos", "Tr3sGatos"),
    ("mã chống lừa đảo là bao7ngay", "bao7ngay"),
    # a hospital's record number named by its prefix, a patient's file number in Turkish
    ("for the transfer letter: MRN-2084471, admitted Tuesday", "2084471"),
    ("UHID:30419982 please add it to the claim form", "30419982"),
    ("hasta dosya numaram 5530917, randevu için lazım", "5530917"),
]

KEPT = [
    "my great-grandfather's passport from 1921 had the number 448210, it's on the scan from the archive",
    "Urgroßvaters Reisepass von 1938, Nummer 2261/38, liegt im Familienarchiv",
    "in the Death Index his SSN is 530-22-4187, he died in 1988",
    "prababcia miała dowód osobisty nr 0417/55 z 1933 roku",
    "the ISIN is DE0005140008, I bought 20 shares",
    "my pension contract number is RV-2281-0044",
    "I changed my anti-phishing code yesterday",
    # public numbers of boxes and units (their codes stay secrets)
    "the safe deposit box number is 44-120, at the Elm St branch",
    "storage unit number 318, second floor",
    "창고 번호 412B 맞지?",
]


@pytest.mark.parametrize(("text", "secret"), WITHHELD)
def test_own_ids_and_investors_secrets_are_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)


@pytest.mark.parametrize("text", KEPT)
def test_records_of_the_dead_and_public_investment_numbers_are_kept(text: str) -> None:
    assert redact_secrets(text) == text
