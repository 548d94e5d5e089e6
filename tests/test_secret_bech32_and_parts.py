"""Bech32 public keys and addresses kept by their shape; part and model numbers kept by their label."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import bech32_keys, redact_turns


def test_checksum() -> None:
    assert bech32_keys.valid("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")
    assert not bech32_keys.valid("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr")


@pytest.mark.parametrize(("text", "value"), [
    ("Meine öffentliche Adresse für Spenden: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
     "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"),
    ("ma clé publique nostr : npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m",
     "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m"),
    ("Der Ersatzteilnummer nach ist es 1K0 615 301 AA, bitte bestellen.", "1K0 615 301 AA"),
    ("Numer części do pralki: 481010584", "481010584"),
    ("El número de pieza del filtro es 7M51-9155-AA.", "7M51-9155-AA"),
])
def test_public_by_shape_or_label(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("my nostr private key: nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5",
     "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"),
    ("codice PIN della carta 4471", "4471"),
])
def test_secrets_stay_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]
