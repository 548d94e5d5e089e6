"""Round 14 (t45a): bank and portal logins, memorable words, voicemail / device / SIM / wallet PINs;
own sentences and values."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_turns


def _shown(turns: list[str]) -> str:
    kept = [t for t, w in zip(turns, withheld_turns(turns), strict=True) if not w]
    return " || ".join(redact_turns(kept)) if kept else ""


MEMORABLE_WORDS = [
    (["Кодове слово в Ощадбанку: Калинка"], ["Калинка"]),
    (["Słowo kluczowe w banku: porzeczka"], ["porzeczka"]),
    (["Kodord hos Nordea: Hallonsylt"], ["Hallonsylt"]),
    (["codewoord voor de Rabobank: Kikkerdril"], ["Kikkerdril"]),
    (["Η κωδική λέξη για την τράπεζα είναι Βερίκοκο"], ["Βερίκοκο"]),
    (["מילת הקוד שלי בבנק היא אבטיח"], ["אבטיח"]),
    (["kata rahasia untuk telepon bank: Kenanga"], ["Kenanga"]),
    (["Memorable data: Kendal1979"], ["Kendal1979"]),
    (["Barclays passnumber 73019"], ["73019"]),
    (["security word for phone banking is Marmalade"], ["Marmalade"]),
]

KEPT = [
    (["Keep your memorable word safe and never share it with anyone"], ["memorable word"]),
    (["Кодовое слово можно поменять в отделении банка"], ["Кодовое слово"]),
    (["My memorable word is the name of my first cat, you know which one"], ["first cat"]),
    (["the keyword for the search is mortgage"], ["mortgage"]),
]


@pytest.mark.parametrize(("turns", "values"), MEMORABLE_WORDS)
def test_memorable_word_withheld(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    for value in values:
        assert value not in shown, shown


@pytest.mark.parametrize(("turns", "values"), KEPT)
def test_look_alike_kept(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    for value in values:
        assert value in shown, shown
