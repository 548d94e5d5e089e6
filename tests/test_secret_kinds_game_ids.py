"""Players' public ids (friend codes, trainer codes, UIDs, gamertags, Discord and Steam ids) are
shared so that others can add the player: kept in many languages, while a password beside them is
still withheld. Every sentence and value here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

KEPT = [
    ("Switch friend code is SW-6120-3385-7741, add me for Mario Kart", "SW-6120-3385-7741"),
    ("Code ami Switch : SW-2046-8811-3907", "SW-2046-8811-3907"),
    ("Мой код друга в Nintendo Switch: SW-5813-2077-4460", "SW-5813-2077-4460"),
    ("Meu código de amigo do Switch: SW-9035-1174-6628", "SW-9035-1174-6628"),
    ("Mi código de entrenador de Pokémon GO es 6610 2384 5597", "6610 2384 5597"),
    ("Pokémon GO: 7781 0042 3365 is my trainer code", "7781 0042 3365"),
    ("Steam friend code: 57120934, add me", "57120934"),
    ("Steam friend code 2093847561 – add me", "2093847561"),
    ("Discord: 318204975561028734", "318204975561028734"),
    ("Epic Games friend code 7fa3c19d02be4e1", "7fa3c19d02be4e1"),
    ("Honkai Star Rail UID 802219374", "802219374"),
]

WITHHELD = [
    ("friend code for switch is SW-3321-0987-4410 and my nintendo password is Koopa!Shell58", "Koopa!Shell58"),
    ("my Aadhaar UID is 2345 6789 0124", "2345 6789 0124"),
]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_a_players_public_id_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_a_secret_beside_a_players_id_is_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]
