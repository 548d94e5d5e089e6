"""A mother's maiden name told as her birth name, where the text names the question or the bank that
asks ("mamma era nata Bellandi… la domanda di sicurezza"): withheld; the same family history with no
such cue, or a birth place or date, kept."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize(("text", "value"), [
    ("the bank's security question wants mum's maiden name: she was born Haverford", "Haverford"),
    ("maiden name for the bank: my mother, née Castellane", "Castellane"),
    ("Sicherheitsfrage: Mutti ist eine geborene Brandauer", "Brandauer"),
    ("pytanie bezpieczeństwa: moja mama z domu Zielińska", "Zielińska"),
    ("for the maiden name question, mum was a fairweather before she married", "fairweather"),
])
def test_birth_name_with_a_security_cue_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text), text


@pytest.mark.parametrize("text", [
    "Opa ist ein geborener Hamburger, Oma eine geborene Brandauer aus Kiel",
    "my aunt was born Haverford-side of the family, in Leeds",
    "she was born in Lisbon and the bank moved her there",
    "She was a Fairweather before she married, lovely wedding photos",
])
def test_family_history_kept(text: str) -> None:
    assert redact_secrets(text) == text
