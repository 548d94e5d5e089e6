"""Login pairs after a word for logging in (secrets/login_pairs.py), over one turn or three. Every
sentence and value here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

WITHHELD = [
    (["epic games login r.okafor / lanternfishes"], "lanternfishes"),
    (["Zugangsdaten fürs Vereinsportal: kassenwart_2 / Mistelzweig"], "Mistelzweig"),
    (["identifiants du compte famille : maman.b | Coquelicot!7"], "Coquelicot!7"),
    (["dane logowania do sklepu admin / Truskawka2024"], "Truskawka2024"),
    (["the shared login for the shop is owner and blueberrymuffin"], "blueberrymuffin"),
    (["crunchyroll", "aiko.t", "Umeboshi#31"], "Umeboshi#31"),
    (["giriş bilgileri lazım", "yonetici", "Kestane_88"], "Kestane_88"),
]

KEPT = [
    ["log in and open the account / billing page"],
    ["login page / settings menu / privacy"],
    ["the account and the settings are fine now"],
    ["hey", "manager", "thanks!"],
]


@pytest.mark.parametrize(("turns", "value"), WITHHELD)
def test_login_pair_password_withheld(turns: list[str], value: str) -> None:
    assert value not in redact_turns(turns)[-1]


@pytest.mark.parametrize("turns", KEPT)
def test_talk_about_logins_kept(turns: list[str]) -> None:
    assert redact_turns(turns) == turns


@pytest.mark.parametrize(("text", "value"), [
    ("kasse_2 pwd Regenbogen!", "Regenbogen!"),
    ("stall.owner senha Jabuticaba", "Jabuticaba"),
])
def test_login_then_a_password_name_then_the_password(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize("text", ["the admin password expired", "user pw reset link sent", "steam login j.mueller / great!"])
def test_password_talk_after_a_login_kept(text: str) -> None:
    assert "expired" in redact_turns([text])[0] or "reset" in redact_turns([text])[0] or "great!" in redact_turns([text])[0]
