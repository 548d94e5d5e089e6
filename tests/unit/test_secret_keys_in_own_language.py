"""A developer key named in the writer's own language ("API-nøglen er …", "jeton d'accès : …"), and a
credential's short question answered after a filler word ("la clave? pues …"): withheld; a public
key, a version, a URL or a question with no value kept."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import api_key_names, redact_secrets

KEY = "Zp4rW8tQ2mX6vB9nK3"


@pytest.mark.parametrize("text", [
    f"API-nøglen til kortet er {KEY}",
    f"API-avain karttapalveluun on {KEY}",
    f"cheia API pentru hartă este {KEY}",
    f"kulcs az API-hoz: {KEY}",
    f"ufunguo wa API wa ramani ni {KEY}",
    f"מפתח ה-API של המפה הוא {KEY}",
    f"le jeton d'accès de la boutique : {KEY}",
    f"el token del bot es {KEY}",
    f"токен доступа к боту: {KEY}",
    f"地図のアクセストークンは {KEY} です",
])
def test_key_named_in_own_language_withheld(text: str) -> None:
    assert KEY not in redact_secrets(text), text


@pytest.mark.parametrize("text", [
    "the API is at https://api.example.org/v2/maps and returns JSON",
    "API-nøglen skal være mindst 32 tegn lang",
    "we bumped the API to version 2024.11.05-beta",
    "the token ring network was replaced in 1998",
])
def test_public_or_no_key_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "value"), [
    ("¿y la clave de la tablet? bueno, palmera2031", "palmera2031"),
    ("das Handy-Passwort? naja, Kastanie44", "Kastanie44"),
    ("la password del portatile? allora, limone8080", "limone8080"),
    ("hasło do laptopa? no, malina2040", "malina2040"),
    ("wachtwoord van de laptop? nou, fietsbel77", "fietsbel77"),
])
def test_short_question_then_filler_then_value(text: str, value: str) -> None:
    assert value not in redact_secrets(text), text


@pytest.mark.parametrize("text", [
    "the wifi password? well, I forgot it",
    "¿la clave del router? pues no sé",
])
def test_question_then_filler_without_value_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text", [
    f"den offentlige API-nøgle til kortet: {KEY}",
    f"la clave pública de la API es {KEY}",
    f"the publishable key for the payments API is {KEY}",
])
def test_key_said_public_not_read(text: str) -> None:
    assert api_key_names.spans(text) == []
