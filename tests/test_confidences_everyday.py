"""Confidences as people type them — slang, no punctuation, code-switching, the request before or
after what is confided or in the next turn — withhold what was confided; the same facts shared
openly, with no request, stay. Every sentence here was written for this test (none is a corpus
item, none is a line of tools/privacy_model/confidence_everyday.json)."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns


@pytest.mark.parametrize("text", [
    "deadass dont tell nobody i got kicked out of school",
    "yo keep this on the low, i'm dating my coworker",
    "srsly dont tell my gf but i bought a motorbike",
    "entre tú y yo mi jefe me acosa",  # Spanish, no comma
    "c'est entre nous mais je démissionne lundi",  # French
    "bitte behalt das für dich, ich hab die Prüfung verhauen",  # German
    "kisi ko bolna mat yaar, mera admission cancel ho gaya",  # Hinglish
    "wag mo sabihin sa iba pero nag-resign na ako",  # Taglish
    "não conta pro meu pai, eu bati a moto",  # Brazilian Portuguese
    "arkadaşlara söyleme, sınavdan kaldım",  # Turkish
    "никому не рассказывай, я завалил экзамен",  # Russian
    "お母さんには言わないで、彼氏できた",  # Japanese
    "别让我爸知道，我挂科了",  # Chinese
    "엄마한테 비밀로 해줘, 나 시험 망쳤어",  # Korean
    "khalli el mawdoo3 da benna, ana sayeb el shoghl",  # Arabizi
])
def test_a_confidence_in_slang_or_another_language_withholds_its_message(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("thread", [
    ["i failed the bar exam", "shhh"],
    ["i owe 20k on my credit cards", "on the low tho"],
    ["my brother got arrested last week", "keep that between us pls"],
])
def test_a_short_request_in_the_next_turn_takes_the_confidence_before_it(thread: list[str]) -> None:
    assert withheld_turns(thread)[0] is True


@pytest.mark.parametrize("text", [
    "i'm pregnant! due in march, so excited",
    "did you hear, jake and emma broke up lol",
    "my sister just came out and the whole family threw a party",
    "estoy embarazada de 5 meses!!",
    "shh the baby is sleeping",
    "ngl i love this song",
    "between work and the gym i have no free time",
    "can't wait to see you next week",
    "secret santa is on friday",
    "nag-break na kami ni Mark, okay lang ako",
])
def test_an_open_share_or_everyday_talk_with_the_same_words_stays(text: str) -> None:
    assert withheld_turns([text]) == [False]


@pytest.mark.parametrize("text", [
    "dont tell coach i twisted my knee i still wanna race sunday",  # the request opens the clause, no comma
    "matqolsh l7ad bs ana 3andi anxiety mn zaman",  # Arabizi
    "kauke bolis na ami lukiye cigarette khai",  # romanised Bengali
])
def test_a_request_opening_a_clause_without_a_comma_withholds_its_message(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("thread", [
    ["oye", "no le digas a nadie", "me salí del coro"],
    ["esma3", "matqolsh l mama", "sebt el gym"],
    ["may sasabihin ako", "secret lang natin", "nag-cutting ako kahapon"],
])
def test_an_opener_then_a_bare_request_announces_the_turn_after(thread: list[str]) -> None:
    assert withheld_turns(thread)[2] is True


def test_a_bare_request_after_content_still_takes_that_content_and_not_the_next_turn() -> None:
    assert withheld_turns(["i moved to leeds", "dont tell anyone", "what's a good pasta recipe?"]) == [True, False, False]


def test_the_opening_words_are_read_whole() -> None:
    from fact_memory_graph import privacy_model

    model = privacy_model.model()
    assert model is not None
    assert model.edges("dont tell me the ending please") == []  # nothing of the user's after it
    assert model.edges("dont tell coach i twisted my knee yesterday") == ["dont tell"]
    assert privacy_model.edges("hi", model.vocabulary) == []
