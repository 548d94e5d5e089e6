"""Round twenty-six (t57b): a memorable word confirmed by its letters or its spelling, or named by the
letters asked of it; a secret word corrected in the next turn; a security answer named by the turn after
it, after a turn naming only its topic, or beside an asker's conditional. Phrasings written here, not
taken from any corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets
from tests.helpers import kept_in_thread


@pytest.mark.parametrize(("message", "word"), [
    ("ich habe ihm die Buchstaben 2 und 4 gesagt, also a und t — aus Pantoffel", "Pantoffel"),
    ("les caractères 1 et 5, soit g et n, de girandole", "girandole"),
    ("they wanted chars 3 & 7 (m, t), my word is humility", "humility"),
    ("password is spelled M-A-R-Z-I-P-A-N", "M-A-R-Z-I-P-A-N"),
    ("mot de passe girafe (G I R A F E)", "girafe"),
    ("mot de passe girafe (G I R A F E)", "G I R A F E"),
    ("they always want 2 random characters from quillpen when I call", "quillpen"),
    ("Mariposa is the word they ask letters of at the branch", "Mariposa"),
    ("someone wanted letters 2 and 6 of my memorable word, the word's Tangerine", "Tangerine"),
    ("si on me demande la ville de naissance de ma mère, c'est Aurillac", "Aurillac"),
    ("kalo ditanya nama panggilan masa kecil, jawabnya Uci", "Uci"),
    ("swali la usalama ni jina la kijiji nilikozaliwa, niliweka Mbweni", "Mbweni"),
    ("Q: first school. what I typed: stmarys99", "stmarys99"),
    ("the street I grew up on, which is what they verify with, is Elm Row", "Elm Row"),
])
def test_a_word_confirmed_or_cued_is_withheld(message: str, word: str) -> None:
    assert word not in redact_secrets(message)


@pytest.mark.parametrize(("message", "kept"), [
    ("my name is Siobhan (S I O B H A N)", "S I O B H A N"),
    ("spell your surname for me: K-O-W-A-L-S-K-I", "K-O-W-A-L-S-K-I"),
    ("I got letters from my bank today", "bank"),
    ("the 2nd letter of banana is a", "banana"),
])
def test_spelling_and_letters_with_no_secret_are_kept(message: str, kept: str) -> None:
    assert kept in redact_secrets(message)


@pytest.mark.parametrize(("turns", "word"), [
    (["memorable word: harbour", "wait no, it's lantern now"], "lantern"),
    (["wifi password is sunflower22", "sorry, its moonbeam44 now"], "moonbeam44"),
    (["mot secret pour la banque: violette", "non attends, c'est jacinthe maintenant"], "jacinthe"),
    (["Okafor", "that's mum's maiden name, the bank always asks"], "Okafor"),
    (["Pemberton Road", "^ street I grew up on, what the app asks for"], "Pemberton"),
    (["Name meiner ersten Schule", "Lindenhof"], "Lindenhof"),
    (["my first car was a Ford called", "Bluebell"], "Bluebell"),
    (["вопрос: девичья фамилия матери", "Соколова"], "Соколова"),
])
def test_a_value_over_two_turns_is_withheld(turns: list[str], word: str) -> None:
    assert word not in kept_in_thread(turns)


@pytest.mark.parametrize(("turns", "kept"), [
    (["my cat is called Tom", "no wait its Tim now"], "Tim"),
    (["password for netflix is kestrel44", "no its fine now"], "fine"),
    (["Max", "my first dog's name, he was lovely"], "Max"),
    (["what was your first car?", "I put a lot of miles on that one"], "miles"),
])
def test_talk_over_two_turns_is_kept(turns: list[str], kept: str) -> None:
    assert kept in kept_in_thread(turns)


@pytest.mark.parametrize(("message", "word"), [
    ("ich nutze Wolke für Netflix", "Wolke"),
    ("uso girasol para Spotify, no se lo digas a nadie", "girasol"),
    ("mariposa — that's what i put for Instagram", "mariposa"),
    ("wifin salasana on Kotiverkko", "Kotiverkko"),
    ("log in with my email and paprika as the password", "paprika"),
])
def test_a_plain_word_password_named_by_its_service_or_role_is_withheld(message: str, word: str) -> None:
    assert word not in redact_secrets(message)


@pytest.mark.parametrize(("message", "kept"), [
    ("i use chrome for youtube", "chrome"),
    ("i use paypal for uber", "paypal"),
    ("I use my phone for Netflix", "phone"),
    ("I use Spotify for podcasts", "Spotify"),
    ("we went with pizza and beer as the theme", "pizza"),
])
def test_a_thing_used_for_a_service_is_kept(message: str, kept: str) -> None:
    assert kept in redact_secrets(message)


@pytest.mark.parametrize(("message", "word"), [
    ("ok so first pet was a rabbit called Thumper", "Thumper"),
    ("la mia prima scuola era Montessori", "Montessori"),
    ("mi primera mascota se llamaba Pelusa 🐶", "Pelusa"),
    ("erstes Haustier Bello", "Bello"),
    ("first cat was Mittens haha so put that in", "Mittens"),
    ("my first school was Park Lane, thats what i set it to", "Park Lane"),
    ("il mio primo cane si chiamava Briciola", "Briciola"),  # round eleven kept it; a note since round eighteen
    ("first pet question -> Fluffy. we all loved Fluffy", "Fluffy"),
])
def test_a_note_of_one_clause_and_its_repeats_are_withheld(message: str, word: str) -> None:
    assert word not in redact_secrets(message)


@pytest.mark.parametrize(("message", "kept"), [
    ("my first dog was called Biscuit, he was lovely", "Biscuit"),
    ("my favourite band is Queen lol", "Queen"),
    ("my first car was a Honda", "Honda"),
    ("first pet was the best", "best"),
])
def test_a_story_or_a_taste_is_kept(message: str, kept: str) -> None:
    assert kept in redact_secrets(message)
