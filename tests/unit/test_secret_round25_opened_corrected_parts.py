"""Round twenty-five (t56c): values told by what they open, passwords given as corrections, a code's
first piece after its length, and pieces noted to go together.

Phrasings written for these tests (none from a corpus): a value that opens its clause before a verb of
opening or getting into a thing one logs into (``opening_values``); a correction's word and "it's X not
Y", "I mean X not Y", "wasn't Y, it was X" (``corrected_values``); a code's length and its first piece
("the keypad code is 6 digits, first three 803"), halves named in Chinese, and a piece after a colon the
next turn joins to ("va pegado al final", ``dictated_parts``). Kept: a thing that opens another, days,
times, rooms, flights and models corrected, and a time after a length.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import opening_values, redact_secrets, revealed_by_next

from ..helpers import kept_in_thread

OPENED = [
    ("Tr0ub4dor&3 is what gets me into the school portal", "Tr0ub4dor&3"),
    ("hunter2x9 — that's what logs you into the shop dashboard", "hunter2x9"),
    ("k1w1-Sunday opens the office PC", "k1w1-Sunday"),
    ("7391# opens the side gate", "7391"),
    ("pelican82 es lo que abre el portal del cole", "pelican82"),
    ("bouleau77 c'est ce qui ouvre mon compte Ameli", "bouleau77"),
    ("Hafen_2023 öffnet meinen Laptop im Büro", "Hafen_2023"),
    ("rosebud unlocks my laptop, all lowercase", "rosebud"),
    ("write this down: QmZpTrkWvyLs — it's what gets me into the supplier account", "QmZpTrkWvyLs"),
    ("the code for the shed: 5521 — that opens the padlock too", "5521"),
]

CORRECTED = [
    ("sorry the wifi one is wrong, it's Bl4ckbird! not Blackbird1", "Bl4ckbird!"),
    ("typo sorry: ist kater_Moritz7, nicht das was ich vorhin geschrieben hab", "kater_Moritz7"),
    ("pardon, c'est soleil_2021 pas soleil2021", "soleil_2021"),
    ("ой, то есть Rybka_99, не Rybka99", "Rybka_99"),
    ("scusa, quello che ti ho dato non era gatto_77, era Gatto_77!", "Gatto_77!"),
    ("oops, I mean Mariposa_88 not Mariposa88", "Mariposa_88"),
    ("perdón, es gatito_2019, no gatito2018", "gatito_2019"),
    ("correction: it's Vq8#mell0w, not the one I sent you yesterday", "Vq8#mell0w"),
]

KEPT = [
    ("the key opens the front door", "key"),
    ("music gets me into the zone", "music"),
    ("Version 2.1 opens the dashboard faster", "2.1"),
    ("£20 gets you into the museum", "20"),
    ("10am opens the gate for deliveries", "10am"),
    ("hard work opens the door to success", "work"),
    ("kindness opens every door", "kindness"),
    ("Chrome opens the admin page slowly", "Chrome"),
    ("PowerPoint opens the file", "PowerPoint"),
    ("clicking settings opens the menu", "settings"),
    ("sorry, it's Tuesday not Monday", "Tuesday"),
    ("correction: it's 5pm not 4pm", "5pm"),
    ("sorry it's room 4012 not 4021", "4012"),
    ("sorry typo, it's B12 not B21 on the form", "B12"),
    ("correction: the flight is BA2490 not BA2940", "BA2490"),
    ("sorry typo it's ABC-1234 not ABC-1243 for the order", "ABC-1234"),
    ("oops i mean iPhone15 not iPhone14, the pro max", "iPhone15"),
    ("sorry, i mean the 2nd not the 3rd", "2nd"),
]


@pytest.mark.parametrize("text,value", OPENED + CORRECTED)
def test_the_value_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_both_values_of_a_correction_are_withheld() -> None:
    out = redact_secrets("my bad, the one I gave him wasn't Kj7#plum, it was Kj7#plum!9")
    assert "Kj7#plum" not in out


@pytest.mark.parametrize("text,kept", KEPT)
def test_the_lookalike_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


@pytest.mark.parametrize(("turns", "values"), [
    (["the keypad code is 6 digits, first three 803", "sec", "last three 117"], ["803", "117"]),
    (["der Tresorcode hat 6 Ziffern, die ersten drei 481", "moment", "die letzten drei 990"], ["481", "990"]),
    (["前半段是Kiefer", "后半段#5521，连起来"], ["Kiefer", "#5521"]),
])
def test_a_codes_pieces_are_withheld(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value not in kept, kept


def test_a_count_of_days_after_first_four_is_kept() -> None:
    assert "5" in kept_in_thread(["i ran 5 km in the first four days"])


@pytest.mark.parametrize(("before", "after"), [
    ("te lo paso así, ojo: Pimiento", "_77x va pegado al final"),
    ("sending the vault one in bits: Hamster", "9#22 put together with the one above"),
])
def test_a_piece_after_a_colon_is_forgotten_when_its_joined_rest_comes(before: str, after: str) -> None:
    assert revealed_by_next(before, [], after)
    assert after.split()[0] not in kept_in_thread([before, after])


def test_a_time_after_a_colon_is_no_piece() -> None:
    assert not revealed_by_next("the meeting is at: 10:30", [], "11:00 no spaces between the slots")


@pytest.mark.parametrize(("text", "after"), [
    ("Kiwi#2288", "^ that's what opens the shared dropbox"),
    ("perro_azul9", "eso es lo que abre la cuenta del banco"),
    ("7731*", "that gets you through the side gate, tell Sam"),
    ("plum-tart55", "^ that's the one for my work email"),
])
def test_a_lone_value_the_next_turn_tells_by_what_it_opens(text: str, after: str) -> None:
    # withheld alone (a password's shape), or taken back when the next turn tells what it opens
    assert text.rstrip("*#") not in redact_secrets(text) or revealed_by_next(text, [], after)
    assert opening_values.named_by_next(text, after)


@pytest.mark.parametrize(("text", "after"), [
    ("Tuesday", "that's the one for the dentist"),
    ("14:30", "that gets you into the afternoon session"),
    ("2019", "that's the one for the school photos"),
])
def test_a_lone_day_time_or_year_the_next_turn_points_at_is_kept(text: str, after: str) -> None:
    assert not revealed_by_next(text, [], after)
    assert not opening_values.named_by_next(text, after)


@pytest.mark.parametrize("text,value", [
    ("tell the cleaner to punch 6076 then press OFF", "6076"),
    ("1688 then press the key symbol, green light, you're in", "1688"),
    ("für die Putzfrau: 5521 und dann Raute", "5521"),
    ("el de la entrada es 7390 y luego almohadilla", "7390"),
    ("2268 then hit enter and the side door clicks", "2268"),
])
def test_a_code_told_by_the_key_pressed_after_it(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text,kept", [
    ("call 0800 then press star for billing", "0800"),
    ("wake up at 0730 then hit snooze", "0730"),
    ("in 2019 then the green button was added", "2019"),
])
def test_a_number_called_a_time_or_a_year_before_a_key_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


@pytest.mark.parametrize("text,value", [
    ("kofi.a@mail.com:mango_tree81", "mango_tree81"),
    ("my old login was tomasz.w@o2.pl:Zamek#2019 if that helps", "Zamek#2019"),
    ("ana.r@gmail.com:girassol_88 é o da conta antiga", "girassol_88"),
    ("try Xw9%rivet-plum for the portal, the usual one", "Xw9%rivet-plum"),
    ("use 4471 on the side gate, it sticks", "4471"),
    ("prueba Gato_22 en el portátil de la tienda", "Gato_22"),
    ("versuch mal Tanne#19 für das Kundenkonto", "Tanne#19"),
    ("the work laptop one's Qx7-tulip, the home one is different", "Qx7-tulip"),
    ("the salon ipad one is glowPeach42 i think", "glowPeach42"),
    ("8812 - the code on my bike lock", "8812"),
    ("5044 = pin on the debit card my brother borrowed", "5044"),
])
def test_a_value_by_its_login_what_it_is_tried_on_or_its_device(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text,kept", [
    ("clone it with git@github.com:acme/widgets.git", "acme/widgets.git"),
    ("email me at jo@example.com: thanks", "thanks"),
    ("try ethernet for the router", "ethernet"),
    ("the work one is broken", "broken"),
    ("try 2024 for the account year", "2024"),
    ("use Chrome for the admin panel", "Chrome"),
    ("the office laptop one is the grey Dell", "grey"),
    ("use WELCOME10 on the app for 10% off", "WELCOME10"),
    ("NETGEAR4 - the code is printed on the router", "NETGEAR4"),
])
def test_a_site_a_word_a_year_or_a_promotion_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


@pytest.mark.parametrize("text,value", [
    ("meine Telefonkennzahl bei der Sparkasse ist 5519", "5519"),
    ("die persönliche Kennzahl fürs Telefonbanking lautet 80417", "80417"),
    ("the wireless key on the sticker is 7hqPz2Lw9", "7hqPz2Lw9"),
    ("los invitados se conectan con Palmera_2024 en la red CasaSol", "Palmera_2024"),
    ("you can get on the wifi with rQ7tMvKp2x, network is SKY-4471", "rQ7tMvKp2x"),
    ("visitors get on with MandelKuchenblau (network Praxis-Gast)", "MandelKuchenblau"),
])
def test_a_phone_bankings_code_and_a_networks_key(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text,kept", [
    ("die Kennzahl für den Umsatz lag bei 4471", "4471"),
    ("you can get on with the next task", "next"),
    ("guests can get on with Netflix on the TV", "Netflix"),
    ("connect with Bluetooth first", "Bluetooth"),
])
def test_a_figure_a_task_or_a_service_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


@pytest.mark.parametrize("text,value", [
    ("keysafe 03817 round the side, key for the boiler inside", "03817"),
    ("Haustür 48213, Schlüssel liegt drinnen", "48213"),
    ("puerta 7731# y subes al segundo", "7731#"),
    ("communal door 6620 then flat 4", "6620"),
])
def test_a_code_right_after_the_thing_it_opens(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text,kept", [
    ("the gate 2019 renovation", "2019"),
    ("door 1200 mm wide", "1200"),
    ("boarding at gate 1204 tonight", "1204"),
    ("call the front door 07700900123", "07700900123"),
])
def test_a_year_a_measure_a_boarding_gate_or_a_phone_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)
