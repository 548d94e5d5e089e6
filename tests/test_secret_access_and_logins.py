"""Access codes said value first or as an answer, and logins whose password's label is a short one."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import access_codes, login_labels, redact_turns


def _shown(turns: list[str]) -> str:
    kept = [t for t, w in zip(turns, withheld_turns(turns), strict=True) if not w]
    return " || ".join(redact_turns(kept)) if kept else ""


SECRETS = [
    (["8830# lets you through the back gate"], ["8830"]),
    (["6021 opens the shed, the mower is inside"], ["6021"]),
    (["3390 for the side door and 7105 for the garage"], ["3390", "7105"]),
    (["tap 9-4-0-2 into the keypad by the garage"], ["9-4-0-2"]),
    (["key in 5 5 8 1 then # at the gate"], ["5 5 8 1"]),
    (["six two nine zero opens the lockbox"], ["six two nine zero"]),
    (["7731 öffnet das Gartentor"], ["7731"]),
    (["tape 4820 sur le digicode de la porte"], ["4820"]),
    (["how do we get into the garage on Sunday?", "it's 9147"], ["9147"]),
    (["what's the combo for the padlock on the shed", "0 7 3 3"], ["0 7 3 3"]),
    (["Disney+: login kim.h, pass waffles"], ["waffles"]),
    (["game acc u: pixelkid p: lava2019"], ["lava2019"]),
    (["the school portal is lucas.m@school.edu pw tortuga"], ["tortuga"]),
    (["Zugangsdaten Stadtwerke: mueller77 / Heizung5"], ["Heizung5"]),
]

LOOKALIKES = [
    (["paid 1450 for the new garage door"], ["1450"]),
    (["flat 2204 is by the lift, next to the front door"], ["2204"]),
    (["permit #B-5520 for the garage at work"], ["B-5520"]),
    (["we had 3000 visitors at the gate"], ["3000"]),
    (["what's your door number?", "4471"], ["4471"]),
    (["which gate for the flight?", "gate 12"], ["12"]),
    (["my bus pass is expired again"], ["expired"]),
    (["username is jo and the password is the same as before"], ["same"]),
]


@pytest.mark.parametrize(("turns", "needles"), SECRETS)
def test_secret_is_withheld(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle not in shown


@pytest.mark.parametrize(("turns", "needles"), LOOKALIKES)
def test_lookalike_is_kept(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle in shown


def test_finders_alone() -> None:
    assert [t[s:e] for t in ["2580 for the gate"] for s, e, _ in access_codes.spans(t)] == ["2580"]
    assert access_codes.spans("4471 at gate B for the flight") == []  # a flight's gate
    assert access_codes.answer_spans("4471", "what's the house number?") == []
    assert login_labels.spans("pass the salt please") == []
    text = "u: ana p: Trompo77"
    assert [text[s:e] for s, e, _ in login_labels.spans(text)] == ["Trompo77"]
