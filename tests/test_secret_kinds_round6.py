"""The secret filter's sixth round (issue 45): requests not to keep something, phrased as a
different author would (mid-clause, "not for memory:", "forget this once we're done", a short
first turn that announces the next one), in several languages; and the ordinary sentences that
look like them. Every sentence here is written for these tests."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import asks_to_forget, normalise, withheld_turns


@pytest.mark.parametrize("text", [
    "small thing: don't put this into your memory. my brother is in rehab again",
    "and please don't store any of this anywhere, I owe my landlord three months of rent",
    "quick one, and pls don't keep that in the database — I failed my bar exam",
    "not for your memory: I'm being treated for an eating disorder",
    "this is not for the memory bank - we are separating",
    "delete all of this once this conversation is over: I applied to a rival firm",
    "erase it at the end of our chat, I'm interviewing in Oslo",
    "sabes que, que no se grabe nada de esto: tengo una deuda con Hacienda",
    "bitte nirgends speichern, ich habe eine Abmahnung bekommen",
    "merk dir das bitte nicht — meine Schwester ist in der Psychiatrie",
    "ne le garde pas en mémoire, je suis en instance de divorce",
    "che non si salvi, per favore: ho perso il lavoro",
    "olha, que não se grave isso, estou com depressão",
    "is baat ko save mat karna, mera loan default ho gaya",
    "याद मत रखना, मेरी नौकरी चली गई",
    "อย่าบันทึกนะ ผมเป็นโรคซึมเศร้า",
    "이 내용은 기록하지 말아줘. 나 이혼했어",
    "لا تخزن هذا الكلام، عندي مشكلة مع الشرطة",
])
def test_a_request_not_to_keep_this_message_anywhere_in_a_clause(text: str) -> None:
    request = asks_to_forget(text)
    assert request is not None and request.target == "this", text
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("turns", [
    ["hab was auf dem Herzen, aber bitte nicht speichern", "ich habe Schulden bei meinem Chef"],
    ["te digo algo pero que no lo guardes, ¿sí?", "estoy pensando en dejar a mi marido"],
    ["عندي سر بس لا تحفظه", "أنا أبحث عن عمل جديد"],
    ["ちょっと話したいけど記録しないでね", "実は転職を考えてる"],
])
def test_a_short_first_turn_asking_not_to_keep_announces_the_next(turns: list[str]) -> None:
    assert withheld_turns(turns) == [True, True]


def test_thai_phrases_match_after_nfkc() -> None:
    # NFKC splits Thai sara am ("ำ" -> "ํา"): the phrases are folded the same way as the text
    assert "ํา" in normalise("จำ")
    request = asks_to_forget("อย่าจำเรื่องนี้นะ ผมจะย้ายบ้าน")
    assert request is not None and request.target == "this"


@pytest.mark.parametrize("text", [
    "I don't put it in my notes because I always forget where they are",
    "we never save it to the database before the review",
    "this is not for keeping, it's a loan from my aunt",
    "the receipt is not for records, just for the warranty",
    "ich kann das nicht speichern, die Datei ist zu groß",
    "ich speichere das nicht, der Laptop ist voll",
    "je ne garde pas les tickets de caisse",
    "spero che non si ricordi del mio compleanno",
    "ojalá que no recuerde lo de ayer",
    "main file save nahi kar pa raha, error aa raha hai",
    "อย่าเก็บไว้ในตู้เย็นนะ มันจะแข็ง",
    "لا تسجل في هذا الموقع، إنه مزيف",
    "forget this recipe, the other one is better",
    "don't forget to put this in your calendar",
])
def test_look_alikes_are_not_requests(text: str) -> None:
    request = asks_to_forget(text)
    assert request is None or request.target != "this", (text, request)
