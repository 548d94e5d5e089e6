"""Public numbers a secret's name begins like or stands near: a meter's reading ("compteur" begins
like "compte"), a business's sort code with a remark in brackets, a Wi-Fi network's own name, a
player's code named in the turn before it. Every sentence and value here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

KEPT = [
    (["relevé du compteur électrique 18342 kWh"], "18342"),
    (["Zählerstand Gas 7731 m3"], "7731"),
    (["the shop's sort code is 40-11-62 (printed on every receipt)"], "40-11-62"),
    (["la rete wifi di casa è Vodafone-B7C2_5G"], "Vodafone-B7C2_5G"),
    (["la red wifi del bar es CafeLuna_24"], "CafeLuna_24"),
    (["steam friend code", "583920174"], "583920174"),
    (["what's your friend code", "SW-4407-1938-2251"], "SW-4407-1938-2251"),
    (["mera pokemon go code 3318 0275 9964 add karo"], "3318 0275 9964"),
    (["meu código de treinador 2209 7731 4486"], "2209 7731 4486"),
    (["Nectar card number 9820 4471 3365"], "9820 4471 3365"),
    (["número de sócio do clube ->", "5512 0934 7781"], "5512 0934 7781"),
    (["my customer id number is 40917352"], "40917352"),
    (["养老金账户编号是PN 7720 1934"], "PN 7720 1934"),
    (["Sky account number SK55120934 for when I call about the broadband bill"], "SK55120934"),
]

WITHHELD = [
    (["mon numéro de compte est 30004005500001234567"], "30004005500001234567"),
    (["el wifi de la oficina es Lunes2024x"], "Lunes2024x"),
    (["the shop's sort code is 40-11-62, my password is Brick&Mortar9 (don't share)"], "Brick&Mortar9"),
    (["phone pin code", "583920"], "583920"),
]


@pytest.mark.parametrize(("turns", "value"), KEPT)
def test_a_public_number_is_kept(turns: list[str], value: str) -> None:
    assert value in redact_turns(turns)[-1]


@pytest.mark.parametrize(("turns", "value"), WITHHELD)
def test_a_secret_beside_them_is_withheld(turns: list[str], value: str) -> None:
    assert value not in redact_turns(turns)[-1]
