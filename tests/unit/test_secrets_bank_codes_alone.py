"""A bank's or a branch's code named alone is public; beside an account it is withheld with it.
Sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_thread

KEPT = [
    ("swift 12-34-56", "12-34-56"),
    ("the routing number on the cheque is 021000021", "021000021"),
    ("BIC de la banque BNPAFRPP", "BNPAFRPP"),
    ("código swift del banco 021000021", "021000021"),
    ("mã swift ngân hàng 026009593", "026009593"),
    ("BSB: 062-000", "062-000"),
]

WITHHELD = [
    ("routing 021000021 account 12345678", "12345678"),
    ("sort code 20-00-00 acc 31926819", "31926819"),
    ("swift 12-34-56 and the rest is 99812", "99812"),
    ("kontonummer 12345678, bankleitzahl 37040044", "12345678"),
]


@pytest.mark.parametrize(("text", "code"), KEPT)
def test_a_bank_code_alone_is_kept(text: str, code: str) -> None:
    assert code in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_beside_an_account_it_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])
