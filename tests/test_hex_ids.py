"""A random id in a message (a user id, a commit, a digest) is not a secret's name or half of a
card: the two false positives a random test id once hit, kept as written."""

from __future__ import annotations

from fact_memory_graph import secrets


def test_the_same_number_in_two_turns_is_no_card() -> None:
    first, second = "user-643628049af6's message 0: chess", "user-643628049af6's message 1: cooking"
    assert secrets.redact_turns([first, second]) == [first, second]
    assert not secrets.revealed_by_next(first, [], second)
    assert secrets.redact_turns(["order 1234567 is late", "order 1234567 again"]) == [
        "order 1234567 is late", "order 1234567 again"]


def test_a_card_in_two_halves_is_still_withheld() -> None:
    shown = secrets.redact_turns(["my card is 4539 1488 0343", "6467 thanks"])
    assert "0343" not in shown[0] and "6467" not in shown[1]


def test_a_name_inside_a_hex_token_is_no_name() -> None:
    for text in ("commit acc92f14178a fixed the build", "user-2fa06f5c1019 joined",
                 "I work for cccd9b2b2271 now"):
        assert secrets.redact_secrets(text) == text
    assert "12345678" not in secrets.redact_secrets("acc 12345678 sort code 20-00-00")
