"""A loyalty or a club's card number named in Romanian, Greek, Polish, Portuguese, Czech, Hungarian,
Finnish, Scandinavian, Turkish, Russian and Ukrainian words is kept (round twenty-seven, t58c;
``loyalty_cards`` in ``assets/public_statements.json``). Phrasings and values written for these tests,
none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import secret_spans


@pytest.mark.parametrize("text", [
    "cardul de fidelitate Kaufland: 4410927735",
    "numărul meu de membru la sală e 77120934",
    "ο αριθμός μέλους μου στο γυμναστήριο είναι GM7712093",
    "κάρτα πόντων σούπερ μάρκετ 5520918834",
    "numer karty klubowej Rossmann 7731 0092 4415",
    "věrnostní karta Albert 883120945",
    "törzsvásárlói kártya száma 661209374",
    "kanta-asiakasnumero 2204917736",
    "medlemsnummer i klubben 55120934",
    "номер карты постоянного клиента 7712093412",
    "картка постійного клієнта АТБ 3310928845",
])
def test_a_loyalty_number_in_more_languages_is_kept(text: str) -> None:
    assert not secret_spans(text)
