"""The secret filter against its corpus: ≥ 95 % of secret forms masked, ≥ 95 % of look-alikes kept."""

from __future__ import annotations

import re

from fact_memory_graph.secrets import find_secrets, redact_in_context, redact_secrets
from tests.unit.secret_corpus import LOOK_ALIKES, SECRETS, SPLIT_CARDS


def _core(text: str) -> str:
    return re.sub(r"\W", "", text).lower()


def leaked(message: str, secret: str) -> bool:
    return _core(secret) in _core(redact_secrets(message))


def test_the_corpus_is_large_enough():
    assert len(SECRETS) + len(SPLIT_CARDS) >= 80
    assert len(LOOK_ALIKES) >= 40


def test_secret_forms_are_masked():
    missed = [message for message, secret in SECRETS if leaked(message, secret)]
    recall = 1 - len(missed) / len(SECRETS)
    assert recall >= 0.95, f"recall {recall:.3f}; missed: {missed}"


def test_look_alikes_are_kept():
    changed = [(text, redact_secrets(text)) for text in LOOK_ALIKES if redact_secrets(text) != text]
    keep = 1 - len(changed) / len(LOOK_ALIKES)
    assert keep >= 0.95, f"keep-rate {keep:.3f}; changed: {changed}"


def test_a_card_split_over_two_turns_is_masked_in_the_second():
    for before, turn, half in SPLIT_CARDS:
        assert _core(half) not in _core(redact_in_context(turn, before)), (before, turn)
        assert _core(half) not in _core(redact_secrets(before)) or half not in before


def test_kinds_are_named_and_the_rest_of_the_message_kept():
    assert find_secrets("my PIN is 4921") == ["password"]
    assert find_secrets("my card is 4111 1111 1111 1111") == ["card number"]
    assert redact_secrets("my password is hunter2 and I love jazz") == "my password is [password withheld] and I love jazz"
    assert redact_secrets("nothing secret here") == "nothing secret here"
