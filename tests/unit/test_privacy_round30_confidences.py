"""Round thirty (mine): confidences marked in Kinyarwanda and Igbo (new), Hebrew's "שלא תספר לאף אחד" (that you
tell no one), Hindi's "this is only for you"; a turn that only greets or says one needs to tell someone something
opens a confidence, so a bare "don't tell anyone" after it announces the next turn; "confession time" announces;
"note to self" as a first turn asks to keep what follows, never to forget it.

Phrasings written for these tests (none from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import request_in_thread

PRIVATE = [
    ("ntihagire umenya ibi ariko ndatwite", []),
    ("ntuzabibwire umuntu, nabuze akazi", []),
    ("ibi bibe hagati yacu: papa arwaye", []),
    ("agwakwala onye ọzọ, enwere m ọrịa shuga", []),
    ("nke a bụ nzuzo, achọrọ m ịhapụ di m", []),
    ("בבקשה שלא תספרי לאף אחד, פוטרתי מהעבודה", []),
    ("אל תגיד את זה לאיש אבל אני בהריון", []),
    ("ye baat sirf tere liye hai, main job chhod raha hoon", []),
    ("यह बात सिर्फ आपके लिए है, मेरी शादी टूट रही है", []),
    ("my dad is in rehab again", ["hiya", "dont tell anyone ok"]),
    ("I failed the bar exam", ["i need to get something off my chest", "promise you won't repeat it"]),
    ("I took money from the till", ["okay confession time"]),
]

NOT_PRIVATE = [
    ("hi, how are you? I moved to Leeds last year", []),
    ("hey I started a new job today", ["hello"]),
    ("ibanga rya banki ni ngombwa", []),  # "the bank's secrecy is important": no marker of a confidence
    ("ye bas tumhare ghar ke paas ruki hai", []),  # "this bus stops near your house"
    ("send the rent to the landlord's account at Barclays on the 1st", ["note to self"]),
    ("the vet is open until 7 on Thursdays", ["memo to self"]),
    ("la réunion est à 14h", ["note pour moi"]),
]


@pytest.mark.parametrize(("text", "earlier"), PRIVATE)
def test_a_confidence_marked_in_more_languages_and_after_a_greeting_is_private(text: str, earlier: list[str]) -> None:
    request = request_in_thread(text, earlier)
    assert request is not None and request.private, request


@pytest.mark.parametrize(("text", "earlier"), NOT_PRIVATE)
def test_greetings_and_words_of_secrecy_alone_mark_nothing(text: str, earlier: list[str]) -> None:
    assert request_in_thread(text, earlier) is None
