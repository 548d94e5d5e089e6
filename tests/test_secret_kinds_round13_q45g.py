"""Round 13 (q45g): credentials after a break, dotted PINs, lists of "user / password" pairs.
Sentences and values written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

SECRETS = [
    (["the password? its kittenfluff_31"], "kittenfluff_31"),
    (["mein WLAN Passwort... es ist Blaumeise-Kiel-19"], "Blaumeise-Kiel-19"),
    (["mot de passe du wifi ? c'est Tournesol_44"], "Tournesol_44"),
    (["la contraseña del router... es Pulpo#2211"], "Pulpo#2211"),
    (["pin: 5.8.1.3"], "5.8.1.3"),
    (["my card pin is 6.0.2.9 don't tell"], "6.0.2.9"),
    (["accounts: Netflix - dani.r / Pelicula88; Spotify - dani.r / musica#5x; router - admin / Zx9pq!mm"],
     "musica#5x"),
    (["the accounts: Netflix - dani.r / Pelicula88; Spotify - dani.r / musica#5x; router - admin / Zx9pq!mm"],
     "Zx9pq!mm"),
]

LOOKALIKES = [
    ["the password? I keep it in Bitwarden"],
    ["router admin page is at 192.168.0.1 / login with the sticker password"],
    ["my netflix plan is 4K/UHD now"],
    ["version 2.4.1.7 of the pin pad firmware"],
    ["the wifi password... it's on the wall by the counter"],
    ["Netflix and/or Spotify, about 20/month"],
]


@pytest.mark.parametrize(("turns", "needle"), SECRETS)
def test_value_is_withheld(turns: list[str], needle: str) -> None:
    assert needle not in " ".join(redact_turns(turns))


@pytest.mark.parametrize("turns", LOOKALIKES)
def test_lookalike_is_kept(turns: list[str]) -> None:
    assert redact_turns(turns) == turns
