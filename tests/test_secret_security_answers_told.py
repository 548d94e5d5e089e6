"""A security question's answer told in prose: before the verb of giving it, right after an
answer's name, before the question it answers, in more languages; and the look-alikes that stay.
Every sentence was written for these tests (none copied from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets


@pytest.mark.parametrize(("text", "value"), [
    # the answer before its verb (verb-final languages), an institution and a topic named
    ("bij de verzekeraar was de veiligheidsvraag 'naam van je eerste huisdier', ik heb Snuffie ingevuld", "Snuffie"),
    ("ich hab bei der Sparkasse als Antwort auf 'Wie hieß Ihr erstes Haustier' Struppi angegeben", "Struppi"),
    ("Akbank müşteri hizmetleri annemin kızlık soyadını soruyor, Kaplan diyorum", "Kaplan"),
    # right after an answer's name, with no joining word
    ("odpowiedź na pytanie kontrolne Zielińska dzięki", "Zielińska"),
    ("risposta di sicurezza: Bellagio, il paese dove sono cresciuto", "Bellagio"),
    # the question it answers after it
    ("hos banken svarte jeg Tassen på spørsmålet om mitt første kjæledyr", "Tassen"),
    ("for the bank I put Pemberton for the question about my first school", "Pemberton"),
    # a question's name not listed before
    ("apple id question about the city my parents met in: Galway", "Galway"),
    ("recovery q's for the tax portal: first school Ridgeway Primary", "Ridgeway"),
])
def test_an_answer_told_in_prose_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    ("ik heb mijn adres ingevuld op de site van de gemeente", "adres"),
    ("unser erster Hund hieß Struppi, ich habe ihn geliebt", "Struppi"),
    ("mitt første kjæledyr var en katt som het Tassen", "Tassen"),
    ("my security answer changed after the reset", "changed"),
])
def test_life_facts_and_talk_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), [
    (["Lindqvist (säkerhetsfråga hos banken)"], "Lindqvist"),
    (["Karamel — güvenlik sorusunun cevabı"], "Karamel"),
    (["seagull (memorable word, Nationwide)"], "seagull"),
    (["nome do meu primeiro professor", "Teixeira (pergunta de segurança)"], "Teixeira"),
])
def test_a_value_named_in_brackets_or_after_a_dash_is_withheld(turns: list[str], value: str) -> None:
    from fact_memory_graph.sanitize import redact_thread
    out = [redact_thread(t, turns[:i]) for i, t in enumerate(turns)]
    assert value not in out[-1]


@pytest.mark.parametrize(("text", "value"), [
    ("Gonzaga (the university) is where my brother studied", "Gonzaga"),
    ("Lindqvist — my favourite author, read everything by her", "Lindqvist"),
])
def test_a_value_named_as_something_else_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)
