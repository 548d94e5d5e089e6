"""An insurer's word of any cover beside what another cover insures (goods, a home, a liability) names a
policy, not a health plan's member number (round twenty-seven, t58c; ``secrets/member_numbers.py``,
``generic_insurer`` and ``other_cover`` in ``assets/member_numbers.json``). Phrasings and values written
for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import secret_spans


@pytest.mark.parametrize("text", [
    "assurance multirisque habitation, contrat n° MRH4471902",
    "polizza assicurazione merci trasportate n. PL 5530218",
    "our freight insurance policy is CG-88120457",
    "número de póliza del seguro de hogar HG 7720914",
    "Gebäudeversicherung Versicherungsschein-Nr. GB 4471-2290",
    "поліс страхування вантажу CV 4419027",
    "public liability insurance policy PL/5520173/26",
])
def test_a_policy_of_another_cover_is_kept(text: str) -> None:
    assert not secret_spans(text)


@pytest.mark.parametrize("text", [
    "mutuelle santé : numéro d'adhérent 17704421 (pour la maison de santé)",
    "my health insurance member ID is W8812045531, the insurer also covers the house",
    "Krankenversicherung Versichertennummer A123456789, Hausratversicherung habe ich auch",
])
def test_a_health_plan_beside_another_cover_stays_withheld(text: str) -> None:
    assert secret_spans(text)
