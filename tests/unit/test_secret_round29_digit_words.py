"""Round twenty-nine (mine): digits read out in words in twenty-one more languages (Nepali, Yoruba, Igbo,
Zulu, Somali, Kinyarwanda, Pashto, Kurmanji, Sorani, Tigrinya, Oromo, Malagasy, Sinhala, Kannada, Malayalam,
Uzbek, Kazakh, Azerbaijani, Georgian, Armenian, Albanian, Serbian in Cyrillic: assets ``digit_words``), and
Arabic's "my secret number" and "the card's secret number" as a PIN's names; two numbers of two digits
each read as one run ("quarante-huit vingt-et-un", "achtenveertig eenentwintig"), a dictation's pauses
("four... eight... two... one") inside a run.

Phrasings written for these tests (none from a corpus). Kept: numbers in words that no secret's name stands
before (a count, an address), "1234" (a filler, as before).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

WITHHELD = [
    ("मेरो पिन चार आठ दुई एक हो", "चार आठ दुई एक"),
    ("my pin na ẹrin mẹjọ meji ọkan", "ẹrin mẹjọ meji ọkan"),
    ("PIN yam ngu kune isishiyagalombili kubili kunye", "kune isishiyagalombili kubili kunye"),
    ("PIN-kaygu waa afar siddeed laba kow", "afar siddeed laba kow"),
    ("pin ya ni kane umunani kabiri rimwe", "kane umunani kabiri rimwe"),
    ("زما پن څلور اته دوه یو دی", "څلور اته دوه یو"),
    ("pîna min çar heşt du yek e", "çar heşt du yek"),
    ("ፒን ቁጽረይ ኣርባዕተ ሸሞንተ ክልተ ሓደ እዩ", "ኣርባዕተ ሸሞንተ ክልተ ሓደ"),
    ("PIN koo afur saddeet lama tokko", "afur saddeet lama tokko"),
    ("PIN-ko efatra valo roa iray", "efatra valo roa iray"),
    ("PIN kodim dörd səkkiz iki bir", "dörd səkkiz iki bir"),
    ("ПИН кодым төрт сегіз екі бір", "төрт сегіз екі бір"),
    ("ჩემი პინ კოდი ოთხი რვა ორი ერთი", "ოთხი რვა ორი ერთი"),
    ("PIN-i im është katër tetë dy një", "katër tetë dy një"),
    ("мој ПИН је четири осам два један", "четири осам два један"),
    ("رقمي السري 4821", "4821"),
    ("رقمي السري هو أربعة ثمانية اثنان واحد", "أربعة ثمانية اثنان واحد"),
    ("رقم البطاقة السري 7395", "7395"),
    ("كلمتي السرية tulip88", "tulip88"),
    # two numbers of two digits each, one word apiece
    ("le code de la porte c'est quarante-huit vingt-et-un", "quarante-huit vingt-et-un"),
    ("de deurcode is achtenveertig eenentwintig", "achtenveertig eenentwintig"),
    ("il codice è quarantotto ventuno", "quarantotto ventuno"),
    # an Italian card read out, with "tre zero tre tre" (Albanian words too) inside it
    ("il numero della carta è due due due uno nove nove due otto zero sette due tre zero tre tre sei",
     "due due due uno nove nove due otto zero sette due tre zero tre tre sei"),
    # a dictation's pauses between the digits
    ("my pin number is four... eight... two... one", "eight"),
    ("PIN: vier… acht… zwei… eins", "acht"),
    ("मेरा पिन चार... आठ... दो... एक", "आठ"),
]

KEPT = [
    ("we planted afar siddeed laba kow rows of maize", "rows of maize"),  # no secret's name: words stay words
    ("ndimi eshatu: yek du sê çar", "yek du sê çar"),
    ("my pin na 1234", "1234"),
    ("I counted one. two. three. done", "one. two. three."),
    ("ils sont quarante-huit, vingt-et-un sont venus", "quarante-huit"),  # no secret's name: a count
]


@pytest.mark.parametrize(("text", "secret"), WITHHELD)
def test_digits_in_words_after_a_pin_are_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_numbers_in_words_without_a_name_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)
