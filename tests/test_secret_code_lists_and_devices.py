"""Backup codes given as a list (three of one shape, after a code's word or a site's giving them, in
this turn or the one before), a device's passcode after the device and a copula alone, and an unlock
pattern drawn right after its name; what stays: lists of public codes (orders, products,
postcodes), placeholders, a device's year or price. Every sentence was written for these tests
(none copied from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns
from fact_memory_graph.secrets.recovery import code_list_spans
from fact_memory_graph.secrets.unlock_patterns import spans as pattern_spans


def _values(text: str, found: list[tuple[int, int, str]]) -> set[str]:
    return {text[s:e] for s, e, _ in found}


@pytest.mark.parametrize(("text", "values"), [
    ("Dropbox gave me these: 7k2m 9x4q, 3p8r 1t5w, 6y2u 8i0o", {"7k2m 9x4q", "3p8r 1t5w", "6y2u 8i0o"}),
    ("kody jednorazowe:\n1) 40918273\n2) 66120394\n3) 10293847", {"40918273", "66120394", "10293847"}),
    ("my 2FA spares — ab3d-9kq2-mm41, zz80-q1w7-ee3r, p0o9-i8u7-y6t5", {"ab3d-9kq2-mm41", "zz80-q1w7-ee3r", "p0o9-i8u7-y6t5"}),
])
def test_code_list_is_withheld(text: str, values: set[str]) -> None:
    assert values <= _values(text, code_list_spans(text))


def test_code_list_after_a_turn_naming_it() -> None:
    turns = ["the bank app printed a sheet of one-time codes", "55120983 77203918 10938472 and more"]
    kept = redact_turns(turns)[-1]
    assert "55120983" not in kept and "10938472" not in kept


@pytest.mark.parametrize("text", [
    "tracking numbers for your three parcels: 40918273, 66120394, 10293847",
    "product codes AB12-CD34, EF56-GH78, IJ90-KL12 on the shelf label",
    "placeholders for the form: XXXX-XXXX, YYYY-YYYY, ZZZZ-ZZZZ",
    "codes postaux de la tournée : 75011, 75012, 75013",
])
def test_public_lists_stay(text: str) -> None:
    assert code_list_spans(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("the ipad is 6614", "6614"),
    ("el portátil es 830291, no se lo digas a nadie", "830291"),
    ("unlock my tablet with the pattern N from bottom left", "N from bottom left"),
    ("mi patrón de desbloqueo es una S empezando arriba a la derecha", "S empezando arriba a la derecha"),
    ("la computadora es 830291", "830291"),
    ("datorn är 739102", "739102"),
    ("the smartwatch is 2580", "2580"),
    ("el pin de mi tableta: 4829", "4829"),
    ("tietokoneen koodi on 4827", "4827"),
    ("der Entsperrcode vom Firmenhandy ist kiwi42", "kiwi42"),
    ("puhelimen koodi on kissa22", "kissa22"),
])
def test_device_code_is_withheld(text: str, value: str) -> None:
    assert any(value in v or v in value for v in _values(text, pattern_spans(text)))


@pytest.mark.parametrize("text", [
    "my laptop is 2017, it's getting slow",
    "the phone is 1200 new, way too much",
    "the pattern is a floral print on blue",
    "the surface is 2019",
    "o galaxy é 1200",
    "das Firmenhandy ist 2019 gekauft",
    "the laptop pin is 4 digits",
])
def test_device_facts_stay(text: str) -> None:
    assert pattern_spans(text) == []


@pytest.mark.parametrize(("turns", "value"), [
    (["codurile mele de rezervă pentru Steam 4471", "9902"], "9902"),
    (["kody zapasowe do Allegro 3308", "1175"], "1175"),
])
def test_backup_code_in_two_turns(turns: list[str], value: str) -> None:
    kept = redact_turns(turns)
    assert value not in kept[-1] and turns[0].split()[-1] not in kept[0]


def test_even_run_of_fours_after_a_list_cue() -> None:
    text = "if I lose the laptop, use one of these: 2291 0583 7740 1936"
    assert "2291 0583" not in redact_turns([text])[0]


@pytest.mark.parametrize(("turns", "value"), [
    (["nastavovací klíč pro ověřovací aplikaci je", "ghzs vgtf gxfa lpqm"], "ghzs vgtf gxfa lpqm"),
    (["mfrg 4zlu nfxw 4ztp rb3h wizr — cheie de configurare pentru 2FA"], "mfrg 4zlu nfxw 4ztp rb3h wizr"),
])
def test_setup_key_split_or_value_first(turns: list[str], value: str) -> None:
    assert value not in " ".join(redact_turns(turns))


def test_words_after_an_authenticator_turn_stay() -> None:
    turns = ["I set up the authenticator app yesterday", "what when this that"]
    assert redact_turns(turns)[-1] == turns[-1]


@pytest.mark.parametrize(("text", "value"), [
    ("918273 er skjermkoden på iphonen", "918273"),
    ("el código del móvil de mi madre es flor2020x", "flor2020x"),
])
def test_device_code_value_first_or_mixed(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("turns", "value"), [
    (["la tablette de la cuisine, c'est quoi le code de déverrouillage déjà", "c'est 3391"], "3391"),
    (["kumpel pyta o hasło do laptopa", "masz: Gwiazda77"], "Gwiazda77"),
    (["telefon kilidi neydi ya", "408812"], "408812"),
])
def test_device_code_in_the_turn_after(turns: list[str], value: str) -> None:
    assert value not in redact_turns(turns)[-1]


@pytest.mark.parametrize("turns", [
    ["my new phone number, save it", "5551234"],
    ["how much was the new laptop?", "it was 1400"],
    ["which tablet model did you get", "galaxy tab s9"],
])
def test_device_talk_keeps_its_numbers(turns: list[str]) -> None:
    assert redact_turns(turns)[-1] == turns[-1]
