"""Round thirty-five (t66c): what only the person knows — answers pointed at after them, seed phrases' halves.

A security answer given first and then pointed at by what the form wants, what it was set to or an
instruction to use it, where a topic, a question's name or a childhood place said as a verb comes before it
(``secrets.wanted_answers``); a topic's answer after "the answer is" in more languages; a mother's home town,
a childhood nickname and a Bengali maiden name as topics; a memorable word of two capitalised words; a UK
bank's name before "word"; a code told first, then what keying it in confirms; a seed phrase's halves typed
decomposed, with one repeated word, or labelled with no colon; a seed phrase whose first word is "example".

Kept: a pointer with no topic before it, a topic with talk after it, a quiz's answer, a bank's name in talk,
an amount keyed in for the rent, words of no list in two turns.

Phrasings written for these tests (none from a corpus).
"""

from __future__ import annotations

import unicodedata

import pytest

from fact_memory_graph.secrets import redact_secrets

from ..helpers import kept_in_thread

WITHHELD = [
    # a value, then what the form wants / what it was set to, after a topic or a childhood place
    ("grew up on Wrenfield Close, that's the one it wants", "Wrenfield Close"),
    ("my first pet was Pickle, that's the answer", "Pickle"),
    ("ik ben opgegroeid aan de Lijsterlaan, dat is het antwoord", "Lijsterlaan"),
    ("crecí en Calle Almendro, esa es la respuesta", "Almendro"),
    ("첫 애완동물 이름 Dubu 이에요 그걸로 해주세요", "Dubu"),
    ("Tarbes - where my parents met. the app asks that every time", "Tarbes"),
    ("the question is the street thing. Merlestraße. try that", "Merlestraße"),
    ("grew up in Ashby Row, which is also my security answer for the credit union", "Ashby Row"),
    # a topic's answer after "the answer is" in another language
    ("el pueblo de mi madre, la respuesta es Tlacotalpan", "Tlacotalpan"),
    ("my mum's hometown, the answer is Kilrush", "Kilrush"),
    # a Bengali maiden name as a topic
    ("মায়ের বিয়ের আগের পদবি চক্রবর্তী — সিকিউরিটি প্রশ্নে এটাই দিয়েছি", "চক্রবর্তী"),
    # a UK bank's name before "word"
    ("my nationwide word is lanternfish", "lanternfish"),
    # a memorable word that is also a bank's name is still the word
    ("the bank's memorable word clydesdale is what they ask for", "clydesdale"),
    # "they asked" beside a topic, the value after an ellipsis; a trailing name in a long clause
    ("they asked whats your favourite teacher's surname... Okafor", "Okafor"),
    ("the game launcher asks what street i grew up on, its where i went to Larkspur Academy so just say that", "Larkspur Academy"),
    # a code told first, then what keying it in confirms
    ("5183 is what I tap in to approve transfers on the broker app", "5183"),
    # a seed phrase whose first word is "example"
    ("recovery phrase example around age hat use hard perfect warrior orphan grow never castle",
     "around age hat use hard perfect warrior orphan grow never castle"),
]

KEPT = [
    # a pointer with no topic, a childhood place or a question before it
    ("pizza with olives, that's the one it wants", "pizza with olives"),
    ("the question is whether the bus is late. try that", "try that"),
    ("grew up in Leeds and loved it, try that bakery", "Leeds"),
    # a quiz's answer
    ("quiz night: first pet of the president, Bo, that's the answer", "Bo"),
    # a bank's name in talk
    ("I bank with Halifax and the word thing is a pain", "Halifax"),
    # an amount keyed in for the rent
    ("1450 is what I type for the rent", "1450"),
]

THREADS = [
    # the topic in one turn, the value and its pointer in the next
    (["street I grew up on", "Harrow Mews — that's the answer it wants"], ["Harrow Mews"]),
    # a memorable word of two capitalised words after the letters were asked
    (["the bank wants letters 3 and 6 of the memorable word", "word is Bramble Hill"], ["Bramble Hill"]),
    # a UK bank's word named, its value alone in the next turn
    (["the santander word", "quillwort"], ["quillwort"]),
    # a seed phrase's halves typed decomposed, labelled with no colon
    ([unicodedata.normalize("NFD", "las primeras báscula máquina público letal temor museo"),
      unicodedata.normalize("NFD", "y las otras ironía vacío choque voto frío trozo")],
     [unicodedata.normalize("NFD", "báscula máquina"), unicodedata.normalize("NFD", "ironía vacío"),
      "báscula máquina", "ironía vacío"]),
    # a topic's turn ending on its answer's word, the value alone in the next
    (["el pueblo de mi madre, la respuesta es", "Zacatlán"], ["Zacatlán"]),
    # "I wrote X" after a question about a topic
    (["سألني عن اسم مدرستي الأولى", "كتبت مدرسة النور"], ["مدرسة النور"]),
    # halves of a Chinese phrase, the first with one word twice
    (["钱包助记词 前六个 批 增 忠 否 羊 增", "后六个 卸 相 眼 暂 减 郑"], ["批 增 忠", "卸 相 眼"]),
]

THREADS_KEPT = [
    (["my first pet, the answer is", "hmm let me think"], ["hmm let me think"]),
    (["street I grew up on was lovely", "the market there — that's the one I miss"], ["market"]),
    (["shopping list for the week", "milk bread butter cheese apples"], ["milk bread butter cheese apples"]),
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_the_value_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "kept"), KEPT)
def test_the_lookalike_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


@pytest.mark.parametrize(("turns", "values"), THREADS)
def test_a_value_over_turns_is_withheld(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert not any(v in out for v in values)


@pytest.mark.parametrize(("turns", "values"), THREADS_KEPT)
def test_a_lookalike_over_turns_is_kept(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert all(v in out for v in values)
