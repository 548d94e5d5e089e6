"""Talk of when a password changes or expires and of where it is kept is no password (round twenty-five,
t56d): a date or a day after a word of time, a place after a preposition, "see …". New phrasings, none
from a corpus; a real value beside the same words is still withheld."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns


@pytest.mark.parametrize("text", [
    "Mein Passwort für das Intranet läuft am 15.03. ab",
    "my work password expires on the 21st, reminder to change it",
    "het wachtwoord van de bank verloopt donderdag",
    "mon mot de passe expire le 02/11",
    "la contraseña del correo caduca el viernes",
    "غيرت كلمة المرور الشهر الماضي",
    "the wifi password is in the blue folder on the shelf",
    "das Passwort ist im Safe hinter dem Bild",
    "la contraseña está en el cajón de la cocina",
    "password: see the back of the router",
    "wachtwoord: zie de sticker onder de doos",
    "la senha precisa ter 10 caracteres",
    "das Passwort muss 16 Zeichen haben",
])
def test_when_and_where_are_kept(text: str) -> None:
    assert redact_turns([text]) == [text]


@pytest.mark.parametrize(("text", "value"), [
    ("my password is Drawer2024! since the 3rd", "Drawer2024!"),
    ("das Passwort ist ab Montag Kuchenblech77", "Kuchenblech77"),
    ("the wifi password is inthekitchen42", "inthekitchen42"),
    ("mot de passe : dans2023!", "dans2023!"),
    ("my password is august", "august"),  # a month alone, after no word of time
    ("the wifi password is friday", "friday"),
])
def test_a_value_beside_the_same_words_is_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]
