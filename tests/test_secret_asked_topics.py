"""A security question's answer given for when someone asks ("if the bank asks about the dog, it's
…"), in many languages, the topic before or after the condition, and the look-alikes that stay: a
subject asked by someone who is no bank, a value that is talk about the subject. Every sentence was
written for these tests (none copied from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets
from fact_memory_graph.secrets import asked_topics


@pytest.mark.parametrize(("text", "value"), [
    ("If the building society asks about the cat, it's Marmalade.", "Marmalade"),
    ("if they ask about my first pet just say Waffles", "Waffles"),
    ("if the man on the helpline asks for mum's maiden name, tell them Ashdown", "Ashdown"),
    ("Si el banco te pregunta por la calle donde crecí, di Calle Olmos.", "Calle Olmos"),
    ("Se o banco perguntar o nome da escola, diz Colégio Tiradentes", "Colégio Tiradentes"),
    ("S'ils demandent le nom de mon premier chien, c'est Filou.", "Filou"),
    ("Falls die Bank nach der Katze fragt: Mausi", "Mausi"),
    ("Als ze naar mijn eerste huisdier vragen, zeg Pluisje", "Pluisje"),
    ("Если банк спросит про первую машину, скажи Жигули", "Жигули"),
    ("Bankadan ilk arabamı sorarlarsa Şahin de", "Şahin"),
    ("Kalau ditanya hewan peliharaan pertama, jawab Mochi", "Mochi"),
    ("agar bank wale pehle school ke baare mein puchein to Little Flower bolna", "Little Flower"),
    ("Om banken frågar efter hunden, säg Ludde", "Ludde"),
    ("銀行で最初のペットを聞かれたら、タマと答えて", "タマ"),
    ("grew up on Larch Row if the bank asks the street question", "Larch Row"),
])
def test_an_answer_for_when_someone_asks_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)
    assert asked_topics.spans(text)


@pytest.mark.parametrize(("text", "value"), [
    ("if the vet asks about the dog, she's doing much better", "better"),
    ("if my sister asks about the cat, tell her Mittens is fine", "Mittens"),
    ("If anyone asks about the meeting, say it moved to Thursday", "Thursday"),
    ("Si te preguntan por el gato, vive con mi abuela ahora.", "abuela"),
    ("if they ask about the school, it closes at noon on Friday", "noon"),
    ("call me if they ask about the dog", "call me"),
])
def test_a_subject_asked_with_no_security_question_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)
