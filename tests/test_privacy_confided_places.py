"""Confided locations and device passcodes: general cases in several languages (none from a corpus)."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_turns


@pytest.mark.parametrize("text", [
    "The kids are at a shelter on 18 Oak Street. Please keep the address to yourself.",
    "I'm at the cabin by Lake Ruth. Don't share my whereabouts with anyone.",
    "Estamos en la calle Sol 8, no le des la dirección a nadie.",
    "Elle est au 5 rue Haute, garde l'adresse pour toi.",
    "Sie ist in der Gartenstraße 2, behalt die Adresse für dich.",
    "Она у тёти на Садовой 9, адрес никому не давай.",
    "Dia di Jalan Kenanga 4, alamatnya jangan disebar ya.",
    "Adresim Bağdat Caddesi 15, kimseye verme.",
])
def test_a_confided_place_is_withheld(text: str) -> None:
    assert withheld_turns([text]) == [True]


def test_a_place_request_alone_takes_back_the_turn_before() -> None:
    assert withheld_turns(["She's at 14 Birch Lane now.", "keep the address to yourself"]) == [True, False]


@pytest.mark.parametrize("text", [
    "Our office address is 22 Rose Lane, share it with the guests.",
    "Nobody was home at the address you gave me.",
    "Can you tell me the address of the venue?",
    "Don't tell me the address, I'll look it up.",
    "I moved to a new location, no one there knows me yet.",
])
def test_a_place_said_openly_is_kept(text: str) -> None:
    assert withheld_turns([text]) == [False]


@pytest.mark.parametrize("text, value", [
    ("the ipad at the front desk unlocks with 673041", "673041"),
    ("планшет на ресепшене открывается кодом 551203", "551203"),
    ("iPad di resepsionis dibuka pakai 990122", "990122"),
    ("프런트 아이패드는 673041로 열려", "673041"),
])
def test_a_device_passcode_is_withheld_wherever_the_device_stands(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize("question, answer", [
    ("what opens the laptop in the office", "402915"),
    ("¿qué abre el portátil de la tienda?", "771204"),
    ("was öffnet das Tablet am Empfang?", "558123"),
])
def test_a_bare_answer_to_what_opens_a_device_is_withheld(question: str, answer: str) -> None:
    assert answer not in redact_turns([question, answer])[1]


@pytest.mark.parametrize("text, value", [
    ("the ipad at the front desk is model 2602", "2602"),
    ("the tablet in room 2041 is charging", "2041"),
    ("the gate code 4471 is posted at the entrance", "4471"),
])
def test_device_lookalikes_are_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize("text", [
    "this stays here: my brother is in debt",
    "det här stannar här: min bror har skulder",
    "dette blir her: broren min har gjeld",
    "ça reste ici: mon frère a des dettes",
    "questo resta qui: mio fratello ha debiti",
    "tämä jää tänne: veljelläni on velkaa",
    "αυτό μένει εδώ: ο αδερφός μου χρωστάει",
    "dont tell the others. my brother is in debt",
])
def test_a_confidence_that_stays_here_is_withheld(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("text", [
    "it stays here until Monday, then moves to storage",
    "the kids stay here in summer",
    "la voiture reste ici",
])
def test_a_thing_that_stays_somewhere_is_kept(text: str) -> None:
    assert withheld_turns([text]) == [False]


@pytest.mark.parametrize("turns", [
    ["don't tell my brother where i am", "at the old mill on Croft Road"],
    ["no le digas a papá dónde estoy", "en casa de Lucía, calle Real 3"],
])
def test_a_request_keeping_where_one_is_announces_the_place(turns: list[str]) -> None:
    assert withheld_turns(turns) == [True, True]


@pytest.mark.parametrize("turns, values", [
    (["tweede helft komt zo, eerste stuk wachtwoord lente", "laatste stuk zon!44"], ["lente", "zon!44"]),
    (["te lo paso en dos partes: girasol", "y lo demás 88amarillo"], ["girasol", "88amarillo"]),
    (["ok its qTwErTy", "then mN8bV2cX no spaces"], ["qTwErTy", "mN8bV2cX"]),
])
def test_a_value_sent_in_parts_is_withheld(turns: list[str], values: list[str]) -> None:
    kept = " ".join(redact_turns(list(turns)))
    assert not any(v in kept for v in values)


def test_a_code_asked_for_in_an_inflected_word_is_withheld() -> None:
    assert "HazelnutRiver52" not in redact_turns(["a szomszéd kérdezi a kapu kódját", "HazelnutRiver52"])[1]


def test_a_verb_after_a_pronoun_is_no_reference() -> None:
    assert "4-4-8-1-9" not in redact_turns(["mon voisin me demande le code du portail", "c'est 4-4-8-1-9"])[1]
