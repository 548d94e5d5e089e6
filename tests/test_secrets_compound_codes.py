"""A code named by a compound the word lists lack ("Kassencode", "personalkoden", "ovikoodi",
"riasztókód"): its value is withheld; a public code's compound ("Postcode", "Gutscheincode",
"Fehlercode", "Ländercode") keeps its value. Sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import forms, redact_turns


@pytest.mark.parametrize(("text", "value"), [
    ("Der Kassencode ist 5371", "5371"),
    ("Managercode für die Kasse: 8802", "8802"),
    ("Schichtleitercode 4417, nur für Stornos", "4417"),
    ("personalkoden är 4471", "4471"),
    ("kassekoden er 9913", "9913"),
    ("de magazijncode is 6620", "6620"),
    ("ovikoodi on 2580", "2580"),
    ("a riasztókód 4411", "4411"),
    ("lao-kood: 7781", "7781"),
])
def test_a_code_named_by_a_compound_is_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize("text", [
    "De postcode is 1234 AB",
    "Gutscheincode: SOMMER20",
    "Fehlercode 404 beim Login",
    "Statuscode 503 again",
    "Ländercode 49 für Deutschland",
    "mein Freundescode ist SW-1234-5678-9012",
    "der Rabattcode SAVE15 gilt bis Sonntag",
    "Kurscode BIO-201 im Raum 4",
])
def test_a_public_code_compound_keeps_its_value(text: str) -> None:
    assert redact_turns([text]) == [text]


def test_a_listed_name_is_not_read_twice() -> None:
    names = forms.names_in("Türcode 5519")
    assert len(names) == 1
