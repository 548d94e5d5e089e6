"""A US routing number named alone is public; with its account it is withheld (secrets/routing_numbers.py)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, routing_numbers


@pytest.mark.parametrize("text, value", [
    ("the ABA on the cheque is 021000021, I'll send the account tomorrow", "021000021"),
    ("numéro d'acheminement de la banque 026009593", "026009593"),
    ("mi banco tiene ruta 122000247?", "122000247"),
    ("路由号 021000021 对吗", "021000021"),
    ("is 011000138 the routing for my credit union?", "011000138"),
    ("Citi routing in NY is 021000089 right?", "021000089"),
])
def test_routing_number_alone_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("is 021000021 my routing or my account number?", "021000021"),
    ("routing 021000021 account 123456789012", "123456789012"),
    ("my account is 026009593, routing is on the cheque", "026009593"),
])
def test_routing_number_with_an_account_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_routing_turn_then_the_value_alone() -> None:
    spans = [(0, 9, "bank account")]
    assert routing_numbers.without_routing_alone("021000021", spans, "is this the right routing number") == []
    assert routing_numbers.without_routing_alone("021000021", spans, "routing", "and account 55512345") == spans
    assert routing_numbers.without_routing_alone("021000021", spans, "my account number") == spans


@pytest.mark.parametrize("turns, value", [
    (["4410023987 is my checking, routing 021000021"], "4410023987"),
    (["savings acct 88120345, the bank's number is 026009593"], "88120345"),
    (["mi cuenta de cheques es 30019284, ruta 122000247"], "30019284"),
    (["routing number? it's 021000021", "and my checking is 55102938"], "55102938"),
])
def test_an_account_beside_its_routing_number_is_withheld(turns: list[str], value: str) -> None:
    before = turns[-2] if len(turns) > 1 else ""
    spans = routing_numbers.account_spans(turns[-1], before)
    assert any(turns[-1][s:e] == value for s, e, _ in spans)


def test_the_routing_number_before_its_account_turn_is_withheld() -> None:
    assert routing_numbers.routing_before_account("routing number? it's 021000021", "and my checking is 55102938")
    assert not routing_numbers.routing_before_account("routing number? it's 021000021", "I'll add my account later")


def test_an_amount_is_no_account() -> None:
    assert not routing_numbers.account_spans("my checking account has $2500, routing 021000021")


def test_a_routing_turn_after_the_account_turn_is_withheld() -> None:
    spans = [(8, 17, "bank account")]
    assert routing_numbers.without_routing_alone("routing 121000358", spans, "my checking 5512098734") == spans
