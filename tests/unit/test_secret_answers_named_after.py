"""A memorable word or a security answer opening its sentence, its name after it ("Ferreira é o nome de
solteira da minha mãe", "quokka. c'est le mot mémorable pour la banque"): withheld; talk about such
answers, or a pronoun opening the sentence, kept."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize(("text", "value"), [
    ("Ferreira é o nome de solteira da minha mãe", "Ferreira"),
    ("Castellanos es el apellido de soltera de mi madre", "Castellanos"),
    ("Vasquez is my mum's maiden name, the bank uses it", "Vasquez"),
    ("quokka. c'est le mot mémorable pour la banque", "quokka"),
    ("pelikaan. dat is het geheugenwoord voor de bank", "pelikaan"),
    ("lanterne. that's the memorable word for my pension", "lanterne"),
])
def test_answer_named_after_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text), text


@pytest.mark.parametrize("text", [
    "Smith is a common maiden name",
    "Which is the memorable word again?",
    "Maiden names are a weak security answer",
    "Done. That's the memorable word",
])
def test_talk_about_answers_kept(text: str) -> None:
    assert redact_secrets(text) == text
