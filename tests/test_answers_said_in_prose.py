"""Security answers, memorable words and confidences in wordings of our own (not corpus lines): a question named by
its topic with a verb of habit, a security question's name inflected (Hungarian, Finnish, Turkish), a memorable
word's name in Greek, Hebrew and Malay, a reply that remembers the word ("oh right, it's X"), a password given after
a turn saying what the user typed, a confidence whose turn ends on "but"; and the everyday talk they must leave."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_secrets, redact_turns


@pytest.mark.parametrize(("text", "value"), [
    ("for the teacher question at the building society I usually say Mr Brandtner", "Brandtner"),
    ("a biztonsági kérdésemre azt írtam, hogy Cirmoska", "Cirmoska"),
    ("güvenlik soruma Karabaşoğlu yazdım", "Karabaşoğlu"),
    ("η λέξη μνήμης μου στην τράπεζα είναι Ανεμώνη", "Ανεμώνη"),
    ("המילה לזכור: Rimona", "Rimona"),
    ("perkataan rahsia bank saya Kenanga", "Kenanga"),
    ("the password hint word at the credit union is Cloudberry", "Cloudberry"),
])
def test_an_answer_or_a_word_in_prose_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), [
    (["what's my memorable word for the bank again?", "oh right, it's Bramblewood"], "Bramblewood"),
    (["forgot what i typed in for the council portal", "Greyhound77!"], "Greyhound77!"),
    (["no sé lo que puse en la web del banco", "Girasol2019"], "Girasol2019"),
])
def test_a_value_given_in_the_turn_after_is_withheld(turns: list[str], value: str) -> None:
    assert value not in redact_turns(turns)[-1]


@pytest.mark.parametrize(("turns", "value"), [
    (["what's your favourite flower?", "oh right, it's Bramblewood"], "Bramblewood"),
    (["can't remember what i put in the soup", "paprika"], "paprika"),
    (["our teacher was Mr Brandtner, I always say he was the best"], "Brandtner"),
])
def test_talk_with_the_same_words_is_kept(turns: list[str], value: str) -> None:
    assert value in redact_turns(turns)[-1]


@pytest.mark.parametrize("turns", [
    ["don't tell the neighbours but", "we're selling the house"],
    ["no se lo digas a mi hermana pero", "me voy a divorciar"],
    ["tween us, the shop is closing down", "ok"],
])
def test_a_confidence_announcing_the_next_turn_withholds_it(turns: list[str]) -> None:
    assert withheld_turns(turns)[0] or withheld_turns(turns)[1]
    assert any(withheld_turns(turns))
    if len(turns[0].split()) > 3 and turns[0].endswith(("but", "pero")):
        assert withheld_turns(turns)[1]


def test_a_turn_ending_on_but_without_a_request_announces_nothing() -> None:
    assert withheld_turns(["I wanted to go running but", "it rained all day"]) == [False, False]
