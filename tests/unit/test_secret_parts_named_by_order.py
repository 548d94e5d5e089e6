"""A value sent in two parts, each named only by its place ("Anfang ist …" / "und dann …"), with no
secret's name in either turn: both parts withheld; the same words about a plan or a match kept."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns


@pytest.mark.parametrize(("turns", "parts"), [
    (["Anfang ist Lindwurm", "und dann _4417"], ["Lindwurm", "_4417"]),
    (["början är kanelbulle", "sen 9_vinter$"], ["kanelbulle", "9_vinter$"]),
    (["ça commence par Tournesol", "la suite r!2290?"], ["Tournesol", "r!2290?"]),
    (["metade da senha casa-azul", "outra metade e-jardim-77"], ["casa-azul", "e-jardim-77"]),
    (["begint met Molen7", "daarna Q8x!tuin"], ["Molen7", "Q8x!tuin"]),
])
def test_both_parts_withheld(turns: list[str], parts: list[str]) -> None:
    joined = " ".join(redact_turns(turns))
    assert not any(p in joined for p in parts), joined


@pytest.mark.parametrize("turns", [
    ["the meeting starts with coffee", "then we review the Q3 numbers"],
    ["first half was boring", "then the second half 2-1 for Arsenal"],
    ["början av maj flyttar vi", "sen juni semester"],
    ["my postcode starts with SW1A", "then 1AA"],
])
def test_plans_and_scores_kept(turns: list[str]) -> None:
    assert redact_turns(turns) == turns
