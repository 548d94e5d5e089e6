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
