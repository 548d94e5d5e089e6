"""A turn that is only 64 hex digits is a private key unless the turn before names a digest (round
twenty-six, t57e; ``secrets/lone_keys.py``). Values generated for these tests."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import secret_spans, spans_in_context

_KEY = "5f1c0e9a7b3d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e"


@pytest.mark.parametrize("text", [_KEY, f"0x{_KEY}", f"  {_KEY.upper()} ", f'"{_KEY}"', f"{_KEY}."])
def test_a_lone_hex_key_is_withheld(text: str) -> None:
    assert any(k == "private key" for _, _, k in secret_spans(text))


@pytest.mark.parametrize("before", ["hex", "here it is, dont share", "what should I paste?", "for the ledger"])
def test_a_lone_hex_key_after_other_words_is_withheld(before: str) -> None:
    assert any(k == "private key" for _, _, k in spans_in_context(_KEY, before))


@pytest.mark.parametrize("before", ["checksum", "sha256 of the release is:", "Prüfsumme der ISO", "az ellenőrzőösszeg", "somme de contrôle du fichier", "контрольная сумма архива",
                                    "校验值", "which commit broke it", "the docker image digest"])
def test_a_digest_named_the_turn_before_is_kept(before: str) -> None:
    assert not spans_in_context(_KEY, before)


@pytest.mark.parametrize("text", [f"sha256 {_KEY}", f"the iso checksum is {_KEY}", f"{_KEY} is the file hash"])
def test_a_digest_in_its_own_turn_is_kept(text: str) -> None:
    assert not any(k == "private key" for _, _, k in secret_spans(text))


@pytest.mark.parametrize("text", [f"0x{_KEY} <- that's the key, not the address", f"{_KEY} thats the key for the wallet"])
def test_a_key_called_the_key_after_it_is_withheld(text: str) -> None:
    assert any(k == "private key" for _, _, k in secret_spans(text))


@pytest.mark.parametrize("text", [f"priv: {_KEY}", f"pk = 0x{_KEY}", f"SK:{_KEY}", f"secret = {_KEY}"])
def test_a_hex_key_after_a_short_key_label_is_withheld(text: str) -> None:
    """Round twenty-seven (t58c): a key's short label before it."""
    assert any(k == "private key" for _, _, k in secret_spans(text))
