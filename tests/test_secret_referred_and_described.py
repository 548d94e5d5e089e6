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
    assert not described_answers.mentioned("the weather was nice and we had lunch")


def _thread(turns: list[str]) -> list[str]:
    from fact_memory_graph.sanitize import redact_thread
    return [redact_thread(t, turns[:i]) for i, t in enumerate(turns)]


@pytest.mark.parametrize(("text", "value"), [
    ("Twitch: moonfox_77 / Lakrids9 (brugernavn / adgangskode)", "Lakrids9"),
    ("Epic -> hans.m + Zirbenholz! (Benutzername + Passwort)", "Zirbenholz!"),
    ("Tr0mb0ne_x + pedro_g (contraseña + usuario)", "Tr0mb0ne_x"),
])
def test_a_value_in_a_legends_password_place_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    ("Tom + 42 (name + age)", "42"),
    ("Lisbon / Porto (outbound / return)", "Porto"),
])
def test_a_legend_without_a_password_keeps_its_values(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), [
    (["la vecina pregunta por el código del trastero", "es 7-3-9-1-4"], "7-3-9-1-4"),
    (["mój brat pyta o hasło do konsoli", "to Kruk2024!"], "Kruk2024!"),
    (["czy pamiętasz kod do garażu?", "aha, 558120"], "558120"),
])
def test_a_reply_to_a_turn_asking_for_a_secret_is_withheld(turns: list[str], value: str) -> None:
    assert all(value not in t for t in _thread(turns))


@pytest.mark.parametrize(("turns", "value"), [
    (["what's the tracking number for the parcel?", "JD0142XYZ9"], "JD0142XYZ9"),
    (["my brother asks about the password rules", "at least 12 characters"], "12"),
])
def test_a_reply_to_a_turn_not_asking_for_a_secret_stays(turns: list[str], value: str) -> None:
    assert value in _thread(turns)[-1]


@pytest.mark.parametrize(("turns", "value"), [
    (["the bank's app wants a first pet answer", "we had a budgie called Kiwi for years"], "Kiwi"),
    (["q: nombre de tu primera mascota?", "teníamos un gato que se llamaba Misifú"], "Misifú"),
])
def test_a_story_after_a_turn_asking_a_security_question_is_withheld(turns: list[str], value: str) -> None:
    assert all(value not in t for t in _thread(turns))


@pytest.mark.parametrize(("text", "value"), [
    ("Revolut — mother's maiden name = Okafor", "Okafor"),
    ("i lived on Alder Crescent as a kid, thats what i set for the street question", "Alder Crescent"),
])
def test_a_labelled_topic_or_a_story_before_its_cue_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_genealogy_note_keeps_its_surname() -> None:
    assert "Berg" in redact_secrets("Flicknamn: Berg, gift 1970 enligt släktboken")


def test_a_story_after_a_chat_question_stays() -> None:
    turns = ["what's your favourite film these days?", "there's one called 'Arrival', about linguists"]
    assert "Arrival" in _thread(turns)[-1]


@pytest.mark.parametrize(("text", "value"), [
    ("velvet otter <- that's my password for Twitch", "velvet otter"),
    ("Kartoffel. <- das ist mein Passwort fürs Tablet", "Kartoffel"),
])
def test_words_an_arrow_names_a_password_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_an_arrow_to_talk_about_a_password_keeps_its_word() -> None:
    assert "settings" in redact_secrets("settings <- thats the menu where you change the password")
