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
