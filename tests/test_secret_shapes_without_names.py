"""Secrets known by their shape where the name around them is missing, foreign or misleading: a signed
token of dotted random parts, a screen pattern's dots told with no copula or in a script written without
spaces, a passport's number of letters after its number's word, a connection string in a sentence about a
club's fixtures. Every sentence and value here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns
from fact_memory_graph.secrets.dotted_tokens import spans as dotted_spans

WITHHELD = [
    ("token for the scraper: QmFzZTY0aXNOb3RLZXk2.Xy7Kq2.pL0vTg9sWq3NmZr8YbVc1uHjEk5AoIi4", "pL0vTg9sWq3NmZr8YbVc1uHjEk5AoIi4"),
    ("aqui está a chave do sistema SG.Zp4kR9wQ2mX7vB1nL6tY3c.hG8fJ2dK5sA0qW9eR4tY7uI1oP3lZ6xC", "SG.Zp4kR9wQ2mX7vB1nL6tY3c"),
    ("Nt7QwE2rT9yU4iO1pA6sD3fG.Yk2LmQ.zX8cV5bN0mQ4wE7rT2yU6iO9pA3sD1fG", "zX8cV5bN0mQ4wE7rT2yU6iO9pA3sD1fG"),
    ("mi patrón 2-5-8-9-6", "2-5-8-9-6"),
    ("patron: 3 -> 5 -> 7 -> 8", "3 -> 5 -> 7 -> 8"),
    ("ロックのパターンは1-5-9-6-3です", "1-5-9-6-3"),
    ("le schéma de mon portable c'est 4-5-6-3-2-1", "4-5-6-3-2-1"),
    ("номер паспорта ZKWTRNBHQ, для визы", "ZKWTRNBHQ"),
    ("numărul pașaportului meu: TRKWZNBHX", "TRKWZNBHX"),
    ("Passnummer vom Kleinen: bkwtrnzhq", "bkwtrnzhq"),
    ("db for the league fixtures site: mysql://league:Rb7Tq2Wz9Lm@db.league-club.net/fixtures", "Rb7Tq2Wz9Lm"),
]

KEPT = [
    ("the class is com.acme.payments.RefundService.handleRequest2", "com.acme.payments.RefundService.handleRequest2"),
    ("bump org.apache.commons.lang3 to 3.14.0 in build.gradle", "org.apache.commons.lang3"),
    ("the file is called Q3-Report.Final-Version2.Approved-Draft7.xlsx", "Q3-Report"),
    ("the knitting pattern is 1-2-1-2 across", "1-2-1-2"),
    ("pattern 2024-11-28 for the release train", "2024-11-28"),
    ("numéro de passeport introuvable, je le cherche", "introuvable"),
    ("Reisepassnummer abgelaufen, muss zum Amt", "abgelaufen"),
    ("the test fixtures use postgres://app:app@localhost/test", "postgres://app:app@localhost/test"),
    ("Saturday's fixtures: United v City at 3pm, kick-off 15:00", "15:00"),
    ("el teléfono de la oficina es 5-5-5-1-2-3-4", "5-5-5-1-2-3-4"),
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_the_value_is_withheld(text: str, value: str) -> None:
    assert value not in " ".join(redact_turns([text]))


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_the_lookalike_is_kept(text: str, value: str) -> None:
    assert value in " ".join(redact_turns([text]))


def test_a_dotted_token_needs_two_random_parts_and_forty_characters() -> None:
    assert list(dotted_spans("a.b.c")) == []
    assert list(dotted_spans("Ab1cdefgh.Cd2efghij.short")) == []  # under forty characters
    assert list(dotted_spans("www.example-company-online.com.au.internal")) == []  # no random part
    token = "Ab1cdEfgh2ijKl.Mn3opQrs4tuVw.Xy5zaBcd6efGh7"
    assert [(s, e) for s, e, _ in dotted_spans(f"here {token} ok")] == [(5, 5 + len(token))]


def test_an_authenticator_setup_key_in_base32_is_withheld_alone_or_in_groups() -> None:
    assert "N4XT" not in " ".join(redact_turns(["can't scan it, typing it by hand", "N4XTQ6WZ3KLM7RPAHY2JEVBS5DGU"]))
    assert "q6wz" not in " ".join(redact_turns(["clé : n4xt q6wz 3klm 7rpa hy2j evbs 5dgu fc4k"]))


def test_an_everyday_run_of_capitals_is_no_setup_key() -> None:
    for text in ("tracking 1Z999AA10123456784 arrives friday", "VIN WVWZZZ1JZXW000001", "ABCDEFGHIJKLMNOP",
                 "MAKEAMERICAREADAGAIN2024 was the slogan", "the spare key is in the XXXX XXXX XXXX XXXX box"):
        assert redact_turns([text]) == [text]


def test_half_a_seed_phrase_after_a_short_label_is_withheld() -> None:
    turns = ["recovery words, first six", "ability abstract cabin dolphin", "part 2: fossil hobby jungle lemon lemon orbit"]
    out = redact_turns(["recovery words, first six", "ability abstract cabin dolphin elbow fabric", turns[2]])
    assert "fossil" not in out[2] and "elbow" not in out[1]


def test_a_cards_expiry_beside_its_withheld_code_is_withheld_whatever_the_word_for_expiry() -> None:
    out = " ".join(redact_turns(["the 3 digits on the back of my work card are 417 and it runs out 09/29"]))
    assert "417" not in out and "09/29" not in out
    out = " ".join(redact_turns(["a bankkártya hátoldalán lévő kód 552, lejárat 11/30"]))
    assert "552" not in out and "11/30" not in out
    assert redact_turns(["the milk runs out 03/12 lol"]) == ["the milk runs out 03/12 lol"]


def test_a_password_alone_after_a_turn_that_gave_a_services_login_is_withheld() -> None:
    assert "Kestrel_2291" not in " ".join(redact_turns(["Tolls app: ana.silva81@mail.pt", "Kestrel_2291"]))
    for reply in ("thanks!", "got it.", "tomorrow"):
        assert redact_turns(["Tolls app: ana.silva81@mail.pt", reply])[1] == reply
