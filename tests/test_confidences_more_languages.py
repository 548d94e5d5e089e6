"""Confidences in languages the phrase lists lacked (Lithuanian, Latvian, Estonian, Slovene, Albanian, Catalan,
Basque, Afrikaans, Icelandic) and wordings they missed (Finnish "jää meidän välille", Croatian "između nas", Malay
"rahsia ya"): the turn is not kept; the same words in an ordinary sentence are."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns


@pytest.mark.parametrize("text", [
    "tämä jää meidän välille, muutan pois kaupungista",
    "älä kerro muille, hain eroa",
    "neka ostane između nas, dao sam otkaz",
    "rahsia tau, saya nak berhenti kerja",
    "tik tarp mūsų, aš išeinu iš darbo",
    "nevienam nesaki, es aizeju no darba",
    "ära kellelegi ütle, ma lahkun töölt",
    "samo med nama, dal sem odpoved",
    "mos i thuaj askujt, po lë punën",
    "que quedi entre nosaltres, deixo la feina",
    "ez esan inori, lana utziko dut",
    "moenie vir enigiemand sê nie, ek bedank my werk",
    "okkar á milli, ég er að hætta í vinnunni",
])
def test_a_confidence_withholds_the_turn(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("text", [
    "secret santa is on friday, bring a gift",
    "el secret de la paella és el sofregit",
    "die geheim van die resep is knoffel",
    "meidän välillä on kymmenen kilometriä",
    "kellelegi ei meeldi vihm",
])
def test_the_same_words_in_an_ordinary_sentence_keep_it(text: str) -> None:
    assert withheld_turns([text]) == [False]
