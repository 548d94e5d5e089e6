"""Round thirty, after the sealed run: a driving licence named the way people in India, Peru and Mexico name it
("डीएल नंबर", "लायसन्स नंबर", "லைசன்ஸ் நம்பர்", "licencia de manejar", "brevete"), its number in the Indian
state-and-year form ("MH09 20238986416") withheld whole.

Phrasings written for these tests (none from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

WITHHELD = [
    ("भैया का डीएल नंबर KA03 20170045521 है, गाड़ी किराये पर लेनी है", ["20170045521"]),
    ("आईचा लायसन्स नंबर MH12 20150033467", ["20150033467"]),
    ("தம்பியோட லைசன்ஸ் நம்பர் TN22 20180077312 வண்டிக்கு", ["20180077312"]),
    ("la licencia de manejar de mi tío es B8830271", ["B8830271"]),
    ("mi brevete: Q48211093, por si nos para la policía", ["Q48211093"]),
    ("ਮੇਰਾ ਲਾਇਸੈਂਸ ਨੰਬਰ PB10 20160098812", ["20160098812"]),
]

KEPT = [
    ("लाइसेंस की फीस 200 रुपये है", "200 रुपये"),
    ("el brevete cuesta 150 soles este año", "150 soles"),
]


@pytest.mark.parametrize(("text", "pieces"), WITHHELD)
def test_a_licence_named_in_indian_languages_or_as_peru_and_mexico_name_it_is_withheld(text: str, pieces: list[str]) -> None:
    out = redact_secrets(text)
    assert not any(piece in out for piece in pieces), out


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_a_licence_s_fee_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)
