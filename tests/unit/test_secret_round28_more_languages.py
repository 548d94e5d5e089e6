"""Round twenty-eight (mine, after the sealed run): a password's and a code's names in Pashto, Tigrinya,
Kurmanji and more Amharic; a Ukrainian health-insurance number's name. Phrasings and values written for
these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text, value", [
    ("د فیسبوک پاسورډ mina_7731 دی", "mina_7731"),
    ("ፓስዋርድ ናይ ፌስቡክ selam_5520 እዩ", "selam_5520"),
    ("የኢሜል ፓስዋርድ abebe_2291 ነው", "abebe_2291"),
    ("şîfreya emaila min Rojava_77! e", "Rojava_77!"),
    ("کوډ 604412 د خور په موبایل راغی", "604412"),
    ("ኮድ 771930 መጺኡ", "771930"),
    ("የማረጋገጫ ኮድ 550218 ደረሰኝ", "550218"),
    ("koda min 829104 e", "829104"),
    ("номер медичного страхування K551908273, запиши", "K551908273"),
])
def test_a_named_secret_in_these_languages_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "ሎከር ቁጥር 141",
    "د بس شمېره 12 ده",
    "kod posta 34000",
    "زما پاسورډ مې هېر شو",
])
def test_numbers_and_talk_beside_them_are_kept(text: str) -> None:
    assert redact_secrets(text) == text
