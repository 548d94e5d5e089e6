"""Round twelve (p45p): implicit privacy — the span a request withholds and requests the learned
reader must read. Every sentence here was written for this test (none is a corpus item)."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns


@pytest.mark.parametrize("thread", [
    ["Please don't save this.", "My sister is going through a divorce."],
    ["no guardes esto por favor", "perdí mi trabajo el lunes"],
    ["Bitte nicht speichern.", "Mein Vater hat Krebs."],
    ["non salvarlo per favore", "ho debiti con la banca"],
    ["bunu kaydetme", "kardeşim hastanede yatıyor"],
])
def test_a_first_turn_that_only_asks_not_to_keep_announces_the_next(thread: list[str]) -> None:
    """The thread's first turn has no turn before it to take back: its "don't save this" points forward."""
    assert withheld_turns(thread)[1] is True


@pytest.mark.parametrize("thread", [
    ["I moved to Lisbon last spring.", "Please don't save this.", "I'm on medication for anxiety."],
    ["Please don't save this, I'm on medication for anxiety.", "Anyway, what's a good pasta recipe?"],
])
def test_a_request_that_is_not_the_first_turn_points_back_as_before(thread: list[str]) -> None:
    hidden = withheld_turns(thread)
    assert hidden[-1] is False


@pytest.mark.parametrize("thread", [
    ["hey, don't store this anywhere", "my brother is in rehab and our parents still don't know"],
    ["please don't save this", "I'm changing jobs and my manager has no idea yet"],
])
def test_a_turn_an_announcing_request_points_at_stays_out_even_when_read_as_a_request(thread: list[str]) -> None:
    """The announced turn may itself read like a request (its reason: "… don't know"); it is still withheld."""
    assert withheld_turns(thread)[1] is True


@pytest.mark.parametrize("text", [
    "it's a private matter, my son failed his final exams",
    "ye baat sirf aap tak rahe, meri shaadi toot rahi hai",  # romanised Hindi
    "chuyện riêng tư nha, mình đang nợ ngân hàng",  # Vietnamese
    "یہ بات آپ تک ہی رہے، میرا بھائی جیل میں ہے",  # Urdu
    "no quiero que esto se guarde, me corrieron del trabajo",  # Mexican Spanish
    "ini urusan pribadi, aku lagi sakit jantung",  # Indonesian
])
def test_a_confidence_without_a_keeping_verb_withholds_its_message(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("thread", [
    ["Mi padre tiene cáncer de pulmón.", "no lo apuntes, solo quería contárselo a alguien"],
    ["والدي فقد عمله", "لا تحفظ هذا، أهلي لا يريدون أن يعرف أحد"],
])
def test_a_request_with_its_reason_after_the_content_takes_the_turn_before(thread: list[str]) -> None:
    assert withheld_turns(thread) == [True, True]


@pytest.mark.parametrize("text", [
    "my daughter goes to a private school in Leeds",
    "just so you know, the meeting moved to Friday",
    "I baked this just for you, happy birthday",
    "what were your favourite memories with your grandad at the lake?",
    "I saved the file to my desktop",
])
def test_ordinary_talk_with_the_same_words_stays(text: str) -> None:
    assert withheld_turns([text]) == [False]
