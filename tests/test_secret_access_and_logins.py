"""Access codes said value first or as an answer, and logins whose password's label is a short one."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import (
    access_codes,
    login_labels,
    redact_turns,
    spoken_credentials,
    unlock_patterns,
)


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


# ---- credentials said without a label right before them; unlock patterns; a device's passcode
SPOKEN = [
    (["qorvel5521 <- that's the wifi at the cabin"], ["qorvel5521"]),
    (["Birchwood44 - thats the council tax password, user is amy.k"], ["Birchwood44"]),
    (["lemontart77 is what we use for the gym app login"], ["lemontart77"]),
    (["log into my kahoot with bluefin_22 and otter991 pls"], ["otter991"]),
    (["dad set it to Spaniel42 for the pension site"], ["Spaniel42"]),
    (["wifi da casa nova cobra8821x"], ["cobra8821x"]),
    (["do you still have the wifi of the chalet?", "k7m2pq9zt4"], ["k7m2pq9zt4"]),
    (["the code you type after your username on the library site", "Rhubarb3!"], ["Rhubarb3"]),
    (["the number you key in after your date of birth when you ring the bank", "40917"], ["40917"]),
    (["the energy account for the flat", "tom.b@mail.org and Kettle#88"], ["Kettle#88"]),
    (["what's the password? one sec", "moonpebble"], ["moonpebble"]),
    (["mi patrón del celular es 2-5-8-9-6"], ["2-5-8-9-6"]),
    (["the unlock pattern on her tablet is a big N from top right"], ["big N from top right"]),
    (["het ontgrendelpatroon is 7-4-1-2-3"], ["7-4-1-2-3"]),
    (["de pincode van mijn telefoon is 5817"], ["5817"]),
]

SPOKEN_LOOKALIKES = [
    (["Vodafone-8C21 is our wifi network name"], ["Vodafone-8C21"]),
    (["what's the wifi called here?", "Casa_5G22"], ["Casa_5G22"]),
    (["I play roblox with Pedro123 and Mario22"], ["Pedro123", "Mario22"]),
    (["the quilt pattern is a big floral print"], ["floral"]),
    (["the wifi is down again since 9am"], ["9am"]),
]


@pytest.mark.parametrize(("turns", "needles"), SPOKEN)
def test_spoken_credential_is_withheld(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle not in shown


@pytest.mark.parametrize(("turns", "needles"), SPOKEN_LOOKALIKES)
def test_spoken_lookalike_is_kept(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle in shown


def test_answers_alone() -> None:
    assert spoken_credentials.answer_spans("annoying", "forgot my password again") == []  # no question
    assert spoken_credentials.answer_spans("AX74889252", "what's your account number?") == []
    assert unlock_patterns.spans("the PIN of the phone bill is 2023") == []


def test_password_shape() -> None:
    assert spoken_credentials.password_like("kitty025")
    assert spoken_credentials.password_like("TzmJhnXbW2")
    assert not spoken_credentials.password_like("2.4.1")
    assert not spoken_credentials.password_like("ana@mail.com")
    assert not spoken_credentials.password_like("hello")


MORE = [
    (["the thing you type after your email on the council site is Heron$41x"], ["Heron$41x"]),
    (["Quartz!88 <- that's my timesheet one"], ["Quartz!88"]),
    (["the shared pizza login, it's night_crew and Pepper99"], ["Pepper99"]),
    (["la cuenta compartida de la tienda: caja1 / Galleta7!"], ["Galleta7"]),
    (["who has the team account?", "bar.staff mdp Citron22"], ["Citron22"]),
    (["tabletin pääsykoodi on 4417"], ["4417"]),
]

MORE_LOOKALIKES = [
    (["my account: savings / checking"], ["savings", "checking"]),
    (["see figure 4.2 <- that is the chart"], ["4.2"]),
    (["build v2.0 pw reset tomorrow"], ["reset"]),
]


@pytest.mark.parametrize(("turns", "needles"), MORE)
def test_more_credentials_are_withheld(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle not in shown


@pytest.mark.parametrize(("turns", "needles"), MORE_LOOKALIKES)
def test_more_lookalikes_are_kept(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle in shown


@pytest.mark.parametrize(("turns", "key"), [
    (["GardenNet is the 2.4ghz one, for the camera", "A7F3C91E0B2D4468"], "A7F3C91E0B2D4468"),
    (["Casa_Mora_5G es la de 5 GHz", "Lim0nada!22"], "Lim0nada!22"),
    (["у нас HomeNet на 2.4 ГГц", "zV9q-44kLm"], "zV9q-44kLm"),
])
def test_key_after_a_network_named_by_its_band(turns: list[str], key: str) -> None:
    out = redact_turns(list(turns))
    assert key not in out[-1]
    assert turns[0].split()[0] in out[0]  # the network's name stays


@pytest.mark.parametrize("turns", [
    ["the 5ghz band is faster", "yeah"],
    ["switch the tv to 2.4ghz", "TP-Link_R7WA"],
])
def test_band_talk_keeps_names(turns: list[str]) -> None:
    assert redact_turns(list(turns)) == turns
