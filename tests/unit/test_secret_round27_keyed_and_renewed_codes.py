"""Round twenty-seven (t58a): codes and passwords told by where one keys them in, given as the new one
after a change, by what one does to the door after them, Wi-Fi keys after their network, Dutch PINs.

Phrasings written for these tests (none from a corpus): a description of what one types or punches
somewhere and the value after it (``keyed_codes.described_spans``); a change's word and the value named as
the new one or as what holds now (``keyed_codes.renewed_spans``); a value that gets one into a room or is
punched in at a cash machine (``opening_values``); a code and the push or the knob after it
(``keypad_entries``); a network's turn and a key's turn, a "name / key" pair (``keyed_codes``); six digits
after a Dutch PIN code's wording. Kept: versions, flights, times, amounts, things bought new, a postal PIN.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import keyed_codes, redact_secrets

from ..helpers import kept_in_thread

WITHHELD = [
    # a value after what one keys it in at
    ("what you key in at the bike shed? 60418, the lock is stiff", "60418"),
    ("the number I always punch at the cashpoint for the joint card... 7302", "7302"),
    ("what i type to get into the rota app: Lentil_88x", "Lentil_88x"),
    ("the thing I type after my username on the council site is Kettle!42", "Kettle!42"),
    ("the thing you type after the email on the allotment forum is bramble jelly", "bramble jelly"),
    ("ce que je tape sur le digicode du local vélos : 28461", "28461"),
    ("lo que marco en el portero de la oficina? oh sí, 55182", "55182"),
    # a value given as the new one after a change
    ("they made me reset it on monday. new one: Walrus#19", "Walrus#19"),
    ("the alarm code was changed, the new one is 40917", "40917"),
    ("IT rotated it again, its Copper.Fern62 now", "Copper.Fern62"),
    ("which I then changed straight away to Hazel-tin-otter", "Hazel-tin-otter"),
    ("ich hab es zurückgesetzt, das neue ist Ampel_4471", "Ampel_4471"),
    ("cambié la clave del portal, la nueva es Limon.77x", "Limon.77x"),
    # a value that gets one into a room, punched at a machine
    ("30817# gets you into the plant room after hours", "30817"),
    ("6624 is what i punch in at the atm, dont tell anyone", "6624"),
    ("910274 opens the key box by the bins", "910274"),
    ("tell the courier to dial 7720 at the callbox", "7720"),
    ("Cobalt-river-mint-sage — that's what i use for the timesheet system", "Cobalt-river-mint-sage"),
    # what one does to the door after the code
    ("back door: 47120 then push hard, it sticks", "47120"),
    ("stairs: 3381 and then hold the handle down", "3381"),
    ("pour la cave tu tapes 5096 puis la clé", "5096"),
    ("la puerta del garaje: 66104 y empuja fuerte", "66104"),
    # a network's name and its key
    ("Casa-Ruiz / limonada2291 — for the plumber", "limonada2291"),
    ("Lab-Guest network, WPA2 otter_lamp551", "otter_lamp551"),
    ("la red Taller-2, WPA2: girasol_tarde88", "girasol_tarde88"),
    # a value owned up to
    ("ok so its Sprout_4410 🙈 dont judge", "Sprout_4410"),
    ("well it's basically moss-cedar-kite-lamp, don't laugh", "moss-cedar-kite-lamp"),
    ("c'est Minou_1987, ne juge pas", "Minou_1987"),
    # a code bidden not to be posted is no public code
    ("the gym's keypad code is 5530, don't write it on the whiteboard", "5530"),
    ("code for the store room is 80417 - never put it on the wall", "80417"),
    # a code named by what it gets one into, a code before the door it is for
    ("the code to get into the bike store. 70215", "70215"),
    ("el código para abrir el trastero: 39120", "39120"),
    ("58116# — that's the back entrance by the car park", "58116"),
    ("7719, for the bike store", "7719"),
    ("loading dock 40683 after 6", "40683"),
    # a PIN told by its count of digits and the card it is for
    ("four digits for my works card: 6203", "6203"),
    ("cuatro cifras para la tarjeta del súper: 8821", "8821"),
    ("vier Ziffern für die Karte von Oma: 3318", "3318"),
    # a Dutch PIN code of six digits
    ("pincode van mijn spaarpas 719264", "719264"),
    ("pincode van de tankpas van het werk 402817", "402817"),
]

KEPT = [
    ("we updated the app to v4.2.1 last night", "v4.2.1"),
    ("changed my flight, the new one is BA2491", "BA2491"),
    ("bought a new phone, new one: iPhone15", "iPhone15"),
    ("what i type at work is mostly emails: about 30 a day", "30"),
    ("we raised 4500 and push hard for more next year", "4500"),
    ("the meeting moved, its 1430 now", "1430"),
    ("£25 gets you into the room", "25"),
    ("Release-2 / build2024a is on the server", "build2024a"),
    ("pin code of the head office is 110001", "110001"),
    ("dial 5551234 on your phone", "5551234"),
    ("ok so its pizza again tonight dont judge", "pizza"),
    ("so its v2.3 still, dont judge", "v2.3"),
    ("2500 — that's the price for the door", "2500"),
    ("1998 — that's the year the gate was built", "1998"),
    ("the last four digits for the card: 4412", "4412"),
]


@pytest.mark.parametrize("text,value", WITHHELD)
def test_the_value_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text,kept", KEPT)
def test_the_lookalike_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), [
    (["what was the thing i type after the email on the gym app", "oh right Pebble_2290"], "Pebble_2290"),
    (["the door code changed again", "its 662019 now not 551028"], "662019"),
    (["they changed the shed code!!", "4417 is dead. new one 90315"], "90315"),
    (["network: Cafe-Back", "key: tulipTree_77"], "tulipTree_77"),
    (["wifi Gaeste_5G", "schlüssel: sommerregen-blau"], "sommerregen-blau"),
    (["reset it again after the lockout", "it's Granite.Owl51 now"], "Granite.Owl51"),
    (["for the cashpoint", "3390 is what I use"], "3390"),
    (["pour le digicode", "4471 c'est ce que je tape"], "4471"),
    (["cash machine", "602517", "that's the one for the blue debit card"], "602517"),
])
def test_a_value_the_turn_before_explains_is_withheld(turns: list[str], value: str) -> None:
    assert value not in kept_in_thread(turns)


def test_a_use_for_a_thing_no_secret_opens_is_kept() -> None:
    assert "1500" in kept_in_thread(["for the party", "1500 is what I use"])


def test_the_old_value_of_a_change_is_withheld_too() -> None:
    out = redact_secrets("the gate code changed, its 662019 now not 551028")
    assert "662019" not in out and "551028" not in out


def test_a_turn_about_a_network_going_down_gives_no_key() -> None:
    assert "question" in kept_in_thread(["network is down", "key question is why"])
    assert not keyed_codes.network_key_turn("key question is why", "network is down")
