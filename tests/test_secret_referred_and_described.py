"""A password told by pointing at another login ("same as the X one: V", "the other one is V"), and a
security answer or password told as a small story or by what it is before it is said ("we called
him V", "our dog's name, V"); and the look-alikes that stay. Every sentence was written for these
tests (none copied from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets
from fact_memory_graph.secrets import described_answers, referred_passwords


@pytest.mark.parametrize(("text", "value"), [
    ("the deezer one is the same as my spotify password: lagoonparrot", "lagoonparrot"),
    ("para HBO es la misma que la de netflix, o sea cielorojo88", "cielorojo88"),
    ("pour Canal+ c'est le même que celui de Free : papillondenuit", "papillondenuit"),
    ("bei Zalando dasselbe wie bei Amazon, also Regenbogen42", "Regenbogen42"),
    ("hasło na allegro takie samo jak do poczty, czyli zielonykrokodyl", "zielonykrokodyl"),
    ("the user for the vpn is k.osei and the other one is mangopeacock", "mangopeacock"),
    ("login do banco: joana.r e o outro é Sapo!Azul9", "Sapo!Azul9"),
])
def test_a_password_pointed_at_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    ("security question was my first pet, we named the hamster after a footballer, Pelé", "Pelé"),
    ("Sicherheitsfrage: mein erstes Haustier. Der Kater hieß Krümel.", "Krümel"),
    ("domanda di sicurezza della banca: il primo animale, lo chiamavamo Briciola", "Briciola"),
    ("pergunta de segurança é o primeiro cachorro; a gente chamava-se... não, chamava-se Pipoca", "Pipoca"),
    ("the wifi password is just my grandad's village, Little Snoring", "Little Snoring"),
    ("moje hasło to po prostu imię kota: mruczek", "mruczek"),
])
def test_a_story_or_described_value_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    ("we named the hamster after a footballer, Pelé, and he bites", "Pelé"),
    ("Der Kater hieß Krümel und war sehr faul.", "Krümel"),
    ("disney plus is the same as netflix: overpriced", "overpriced"),
    ("the login page looks weird and the other one is broken", "broken"),
    ("my username is the same as on twitch: nightowl_gg", "nightowl_gg"),
    ("the best street name in town, Mulberry Lane", "Mulberry Lane"),
])
def test_look_alikes_stay(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_gates_are_closed_without_their_words() -> None:
    assert not referred_passwords.mentioned("we went to the beach and had lunch")
    assert not described_answers.mentioned("we went to the beach and had lunch")
