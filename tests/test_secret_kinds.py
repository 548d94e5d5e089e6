"""Issue 45: a secret filter that generalises, and writers that scan what they store as a whole.

The filter finds a secret by what it is (a checksum python-stdnum knows, a BIP-39 word list, a
name of a secret in the data file, gitleaks' provider rules) in a normalised view of the text
(Unicode digits, widths, numbers in words); the writers check a record's strings together, so a
hostile model splitting a secret over two strings of a record stores neither half; log lines and
``last_error`` pass the same filter; a restored fact's vector is the embedding of its claim as
stored. The values here are made up for these tests (checksums computed, not copied)."""

from __future__ import annotations

import functools
import logging
from typing import Any

import numpy as np
import psycopg
import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.config import EvaluatorConfig
from fact_memory_graph.sanitize import find_secrets, redact_in_context, redact_json, redact_secrets
from fact_memory_graph.testing import ScriptedChatModel
from tests.test_forget_final import tables_holding


def _luhn_complete(prefix: str) -> str:
    from stdnum import luhn

    return prefix + luhn.calc_check_digit(prefix)


CARD = _luhn_complete("453914880343646")  # a Visa number, made here
CARD_GROUPS = " ".join(CARD[i:i + 4] for i in range(0, 16, 4))


def _iban(country: str, bban: str) -> str:
    from stdnum import iban

    return country + iban.calc_check_digits(country + "00" + bban) + bban


IBAN_DE = _iban("DE", "370400440532013099")


@functools.cache
def _nor_birth_number() -> str:
    """A Norwegian birth number python-stdnum validates (its two check digits computed)."""
    from stdnum.no import fodselsnummer

    w1, w2 = (3, 7, 6, 1, 8, 9, 4, 5, 2), (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)
    for serial in range(100, 999):
        base = f"150385{serial}"
        k1 = (11 - sum(int(d) * w for d, w in zip(base, w1, strict=True)) % 11) % 11
        k2 = (11 - sum(int(d) * w for d, w in zip(base + str(k1), w2, strict=True)) % 11) % 11
        if k1 < 10 and k2 < 10 and fodselsnummer.is_valid(f"{base}{k1}{k2}"):
            return f"{base}{k1}{k2}"
    raise AssertionError("no birth number")


def _seed(lang: str = "english") -> str:
    from mnemonic import Mnemonic

    return Mnemonic(lang).to_mnemonic(bytes(range(7, 23)))  # 12 words, a valid checksum


# ---------------------------------------------------------------- what the filter finds
@pytest.mark.parametrize(("text", "secret"), [
    (f"use {CARD[:4]} - {CARD[4:8]} - {CARD[8:12]} - {CARD[12:]} for the hotel", CARD[4:8]),  # three-character separators
    (f"card {CARD[:8]}\n{CARD[8:]}", CARD[8:]),  # a line break inside the number
    ("my card " + CARD.translate(str.maketrans("0123456789", "０１２３４５６７８９")), "１"),  # full-width (IME)
    ("البطاقة " + CARD.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")), "٤"),  # Arabic-Indic digits
    ("meine Karte: " + " ".join(["vier", "fünf", "drei", "neun", "eins", "vier", "acht", "acht", "null", "drei",
                                 "vier", "drei", "sechs", "vier", "sechs"]) + " " +
     ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"][int(CARD[-1])], "fünf drei"),
    (f"iban {IBAN_DE.lower()} danke", IBAN_DE.lower()),  # lower case, no spaces
    (f"fødselsnummeret mitt er {_nor_birth_number()}", _nor_birth_number()),
    (f"remember these: {_seed()}", _seed().split()[5]),  # twelve BIP-39 words, no label
    (f"助记词：{_seed('chinese_simplified')}", _seed("chinese_simplified").split()[3]),
    ("wifi şifresi: kedikahve", "kedikahve"),  # Turkish, a password without digits
    ("hasło do banku to Wrzos!2011", "Wrzos!2011"),  # Polish
    ("пароль от почты: Берёза77", "Берёза77"),  # Russian
    ("我的密码是 Lotus5566qq", "Lotus5566qq"),  # Chinese
    ("パスワードは fuji_yama88 です", "fuji_yama88"),  # Japanese
    ("mein Passwort lautet Sonnenblume", "Sonnenblume"),  # German "lautet"
    ("mdp : tartiflette74", "tartiflette74"),  # French abbreviation
    ("the SIM PUK is 40918273", "40918273"),
    ("lockbox combo 7-3-0-9", "7-3-0-9"),
    ("the verification code is 482 913", "482 913"),
    ("Twilio auth: SK" + "3f9a" * 8, "3f9a3f9a"),  # gitleaks' rule, not detect-secrets'
    ("redis://:Qm7pXw2vRt@cache.internal:6379/0", "Qm7pXw2vRt"),  # a URL with only a password
])
def test_a_secret_in_a_new_form_is_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text), redact_secrets(text)


@pytest.mark.parametrize("text", [
    "my phone is +44 20 7946 0958",
    "제 번호는 010-2345-6789 입니다",
    "call me on +91 98765 43210",
    "the IMEI is 356938035643809",  # Luhn-valid, 15 digits: a phone, not a card
    "ISBN 978-3-16-148410-0",
    "tracking 1Z999AA10123456784 arrives Friday",
    "my password manager is 1Password",
    "I changed my PIN last week",
    "the container 9a2756c5e7a4 restarted",
    "I have two kids and three cats",
    "the flight is LH 454 on 2026-12-01 at 07:45",
    "it cost €1.249,99",
    "version 3.11.7 of Python",
    "order number 4111111111111112 (it failed Luhn)",
    # "pass" is a password's name and a verb: a pronoun after "to" is no value (a LoCoMo dev turn)
    "That's why I want to pass that same support to anyone who needs it.",
    # "pin" may end in a case or plural letter, not in any letter: "pink" is a colour (LoCoMo dev)
    "Just got some new shoes! [shares a photo of pink sneakers on a white rug] dia_id D7:18",
])
def test_a_look_alike_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_the_turn_before_is_read_with_each_turn() -> None:
    assert "2864" not in redact_in_context("it's now 2864", "The door code changed")
    assert "Kiwi-Parade-2290" not in redact_in_context("it's Kiwi-Parade-2290", "the login for my work email")
    assert "nove" not in redact_in_context("quattro nove zero due", "il pin del bancomat")
    assert "5559" not in redact_in_context("5555 5559", "first half: 5500 0055")
    # Without the turn before, nothing marks them.
    assert redact_in_context("it's now 2864", "") == "it's now 2864"


@pytest.mark.parametrize(("a", "b", "kept_out"), [
    ({"name": f"card {CARD[:8]}"}, {"relation": CARD[8:]}, CARD[8:]),
    ({"key": "password"}, {"value": "Xq7#plover"}, "Xq7#plover"),
    ({"goal": "my pin is"}, {"note": "7391"}, "7391"),
])
def test_a_record_is_checked_as_a_whole(a: dict[str, str], b: dict[str, str], kept_out: str) -> None:
    out = redact_json({**a, **b})
    assert kept_out not in str(out), out


# ---------------------------------------------------------------- the writers
def _hostile(secret_a: str, secret_b: str) -> dict[str, Any]:
    """A model that splits a secret over every pair of strings of a record it controls."""
    return {
        "ops": [
            {"op": "add_durable", "category": "identity", "claim": f"lives near {secret_a}",
             "fields": [{"key": "x", "value": secret_b}]},
            {"op": "add_durable", "category": "preference", "claim": "likes tea",
             "fields": [{"key": secret_a, "value": secret_b}]},
        ],
        "relationships": [{"name": "Mia", "relation": secret_a, "aliases": [secret_b]}],
        "identity": [],
        "task_success": {"outcome": "success", "reason": f"{secret_a} {secret_b}"},
        "goals": [{"goal": secret_a, "status": "set", "note": secret_b}],
        "trust": None,
    }


@pytest.mark.parametrize(("first", "second", "needle"), [
    (f"card {CARD[:8]}", CARD[8:], CARD[8:]),
    ("my password is", "Xq7#plover2", "Xq7#plover2"),
    ("the alarm code", "is 5190", "5190"),
    (" ".join(_seed().split()[:6]), " ".join(_seed().split()[6:]), _seed().split()[8]),
])
def test_a_hostile_model_splitting_a_secret_over_two_strings_stores_none(
        make_memory, db_url: str, user_id: str, first: str, second: str, needle: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=_hostile(first, second)),
                                     config=FactMemoryConfig(evaluators=EvaluatorConfig(goals=True, trust=True)))
    memory.remember(user_id, "hello there", message_id="split-1")
    assert tables_holding(db_url, needle, user_id) == []


NEW_KINDS = [
    f"iban {IBAN_DE.lower()}",
    f"fødselsnummer {_nor_birth_number()}",
    _seed(),
    "wifi şifresi: kedikahve",
    "card " + CARD.translate(str.maketrans("0123456789", "０１２３４５６７８９")),
    "SIM PUK 40918273",
    "redis://:Qm7pXw2vRt@cache.internal:6379/0",
]
NEEDLES = [IBAN_DE.lower()[4:12], _nor_birth_number(), _seed().split()[4], "kedikahve",
           "４５３９", "40918273", "Qm7pXw2vRt"]


@pytest.mark.parametrize(("secret", "needle"), list(zip(NEW_KINDS, NEEDLES, strict=True)))
def test_a_hostile_model_putting_a_new_kind_in_every_field_stores_none(
        make_memory, db_url: str, user_id: str, secret: str, needle: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=_hostile(secret, secret)),
                                     config=FactMemoryConfig(evaluators=EvaluatorConfig(goals=True, trust=True)))
    memory.remember(user_id, f"note this: {secret}", message_id="kind-1")
    assert tables_holding(db_url, needle, user_id) == []


def test_no_log_line_nor_last_error_holds_a_secret(make_memory, db_url: str, user_id: str, caplog) -> None:
    seed = _seed()
    ops = [{"op": "add_durable", "category": "no_such_category", "claim": f"seed {seed}"},
           {"op": "add_durable", "category": "identity", "claim": "x", "fields": "hasło: Wrzos!2011"}]
    with caplog.at_level(logging.DEBUG):
        memory: FactMemory = make_memory(ScriptedChatModel(default=ops))
        memory.remember(user_id, "something", message_id="log-1")
        malformed = make_memory(ScriptedChatModel(default=f'{{"ops": [{{"op": "add_durable", "claim": "pw Wrzos!2011 {seed}"'),
                                config=FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0)))
        malformed.write_node().invoke({"messages": [HumanMessage("again", id="log-2")]},
                                      {"configurable": {"user_id": user_id}})
        malformed.queue.flush(user_id)
    lines = "\n".join(r.getMessage() for r in caplog.records)
    for needle in ("Wrzos!2011", seed.split()[4]):
        assert needle not in lines
        assert tables_holding(db_url, needle, user_id) == [], needle


def test_a_restored_fact_is_stored_with_the_vector_of_its_claim_as_stored(
        make_memory, db_url: str, user_id: str, embeddings: Any) -> None:
    memory: FactMemory = make_memory()
    memory.facts.add(user_id, "prefers green tea", kind="durable", category="preference")
    data = memory.export(user_id)
    data["facts"][0]["claim"] = f"prefers green tea, card {CARD_GROUPS}"  # an edited export file
    memory.forget(user_id)
    memory.restore(data, user_id=user_id, allow_forgotten=True)
    [fact] = memory.facts.list(user_id)
    assert CARD[:4] not in fact.claim and "withheld" in fact.claim
    with psycopg.connect(db_url) as conn:
        stored = conn.execute("SELECT embedding::text FROM fact_memory_facts WHERE user_id = %s",
                              (user_id,)).fetchone()[0]
    vector = np.array([float(x) for x in stored.strip("[]").split(",")])
    expected = np.array(embeddings.embed_query(fact.claim))
    cosine = float(vector @ expected / np.linalg.norm(vector) / np.linalg.norm(expected))
    assert cosine > 0.9999
    assert find_secrets(fact.claim) == []
