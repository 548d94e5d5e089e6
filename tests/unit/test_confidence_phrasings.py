"""Confidences in more phrasings and languages (round twenty-four): only telling you, can you keep a
secret, nobody at work knows I…, promise it stays here, told in a whisper, confiding. General phrasings,
none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns


@pytest.mark.parametrize("text", [
    "我只跟你说，我老公失业了",
    "这件事就告诉你一个人，我怀孕了",
    "只对你讲哦，我要辞职了",
    "别跟任何人说我住在我姐家",
    "could ya keep a secret? i'm leaving the band",
    "will you keep a secret for me? my dad is sick again",
    "nobody at work knows i'm pregnant",
    "no one in my family knows i have diabetes",
    "nobody knows i've been sober for a year",
    "promettimi di non dirlo a nessuno, ho un debito enorme",
    "nói nhỏ nghe nè, anh ấy sắp nghỉ việc",
    "kể nhỏ cho bạn nghe nha, mình có bầu rồi",
    "kimseye çaktırma, işten ayrılıyorum",
    "kimseye sezdirme, hamileyim",
    "keep my location on the hush, staying at 4 Birch Rd",
])
def test_a_confidence_is_withheld(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("first, second", [
    ("giurami che rimane tra noi", "sto cercando un altro lavoro"),
    ("promettimi che resta qui", "mio fratello è in cura"),
    ("je peux te confier un truc ? ça reste entre nous", "je suis suivi par un psy"),
    ("¿puedo confiarte algo? que quede entre nosotros", "estoy buscando otro trabajo"),
    ("can i tell u smth? dont tell anyone", "i'm failing two classes"),
    ("ek baat bolu? kisi ko mat batana", "main pregnant hoon"),
])
def test_a_confidence_announced_in_the_turn_before_is_withheld(first: str, second: str) -> None:
    assert withheld_turns([first, second])[1]


@pytest.mark.parametrize("text", [
    "no one knows the answer to that question",
    "nobody knows what happened to the ship",
    "nobody at the party knew where to park",
    "nói nhỏ thôi, con đang ngủ",
    "我跟你说过这家店很好吃",
    "can you keep the receipts for me?",
])
def test_ordinary_talk_is_kept(text: str) -> None:
    assert withheld_turns([text]) == [False]
