"""A telephone number to call after a secret's word is kept; the secret beside it is not.
Sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_thread

KEPT = [
    ("the door code changed, call 0161 496 0000 to get it", "0161 496 0000"),
    ("gate code changed, ring the office on +44 7700 931170", "+44 7700 931170"),
    ("el código del portal cambió, llama al +34 612 345 678", "+34 612 345 678"),
    ("der Türcode ist neu, ruf die Hausverwaltung an: +49 30 901820", "+49 30 901820"),
    ("nouveau code du local, appelle le gardien au +33 6 12 34 56 78", "+33 6 12 34 56 78"),
    ("alarm pin reset — phone the monitoring centre on 020 7946 0018", "020 7946 0018"),
]

WITHHELD = [
    ("the alarm code is 4471, call me on 0161 496 0000 if it beeps", "4471"),
    ("call the bank, my pin is 0161496000", "0161496000"),
    ("ring me later. the gate code: 90210#", "90210"),
]


@pytest.mark.parametrize(("text", "number"), KEPT)
def test_a_number_to_call_is_kept(text: str, number: str) -> None:
    assert number in redact_thread(text, [])


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_the_secret_beside_it_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])
