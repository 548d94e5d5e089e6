"""In Polish and Czech 'login' is the username's own word ('hasło', 'heslo' the password's): a login told
alone is a handle (round twenty-seven, t58c; ``labels`` in ``assets/lone_logins.json``). Phrasings and
values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import secret_spans


@pytest.mark.parametrize("text", [
    "mój login na forum to marek.w81",
    "login na allegro: tomek.k77",
    "můj login je petr.novak7",
    "moj login na gitlabie to ola-dev",
])
def test_a_login_told_alone_is_kept(text: str) -> None:
    assert not secret_spans(text)


@pytest.mark.parametrize("text", [
    "login do dziennika to anna.k92, hasło: Wiosna!2024",
    "mój login na poczcie to jan.k55 a hasło Bursztyn#88",
])
def test_a_login_beside_its_password_is_withheld(text: str) -> None:
    assert secret_spans(text)
