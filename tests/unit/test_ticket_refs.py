"""A ticket's, a case's or a request's reference about a secret is kept; the secret itself is not (round
twenty-seven, t58c; ``secrets/ticket_refs.py`` and the request words of ``secrets/labelled_lookalikes.py``).
Phrasings and values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import secret_spans, spans_in_thread


def _kept(text: str, value: str) -> bool:
    return not any(a < text.index(value) + len(value) and text.index(value) < b for a, b, _ in secret_spans(text))


@pytest.mark.parametrize("text, value", [
    ("pin reset ticket is RQ7730215", "RQ7730215"),
    ("IT logged my password reset as INC7710342, they'll ring tomorrow", "INC7710342"),
    ("the gate code was changed so I raised TKT5520917 with the landlord", "TKT5520917"),
    ("réinitialisation du mot de passe : demande REQ-448120 ouverte", "REQ-448120"),
    ("Passwort-Zurücksetzung, Ticket SR-3390274, dauert zwei Tage", "SR-3390274"),
    ("заявка на сброс пароля CASE-771203", "CASE-771203"),
    ("密码重置申请的工单号是WO-2290417", "WO-2290417"),
    ("ticket for my password reset: HD9912044", "HD9912044"),
])
def test_a_ticket_about_a_secret_is_kept(text: str, value: str) -> None:
    assert _kept(text, value)


@pytest.mark.parametrize("before, text", [
    ("ticket for the pin reset", "RQ-5518203"),
    ("요청 번호 알려줄게, 비밀번호 초기화 건", "SR4419920"),
    ("numer zgłoszenia w sprawie hasła", "ZG-7781120"),
])
def test_a_ticket_after_its_word_the_turn_before_is_kept(before: str, text: str) -> None:
    assert not spans_in_thread(text, [before])


@pytest.mark.parametrize("text, value", [
    ("my password is KQ7730215", "KQ7730215"),
    ("the wifi password: AB5521903", "AB5521903"),
    ("door code 5520917, ticket for the parcel is in the kitchen", "5520917"),
])
def test_a_secret_in_the_same_shape_is_withheld(text: str, value: str) -> None:
    assert not _kept(text, value)


@pytest.mark.parametrize("text, value", [
    ("work order WO-558120 for the gate motor", "WO-558120"),
    ("numéro de ticket 44781203 pour le digicode en panne", "44781203"),
    ("número de incidencia: 77120934, la puerta del garaje", "77120934"),
    ("the locksmith's job number is 5512093", "5512093"),
])
def test_a_work_order_or_case_number_is_kept(text: str, value: str) -> None:
    assert _kept(text, value)


@pytest.mark.parametrize("before, text", [
    ("the security firm gave me an incident number", "7712093"),
    ("hausverwaltung hat eine Vorgangsnummer geschickt:", "88120934"),
])
def test_a_case_number_after_its_label_the_turn_before_is_kept(before: str, text: str) -> None:
    assert not spans_in_thread(text, [before])


def test_a_code_after_a_ticket_number_the_turn_before_is_withheld() -> None:
    assert spans_in_thread("the alarm code is 7712093", ["ticket number?"])
