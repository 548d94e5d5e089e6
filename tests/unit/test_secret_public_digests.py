"""Ids public by what names them: a digest named by its algorithm, a commit's id after a commit's
word, a phone's IMEI named as one beside an insurer (found by a sealed corpus after its run)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text", [
    "the release image is ghcr.io/acme/api@sha256:9b2f5a1c0e7d4f3a8b6c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a",
    "download checksum md5:5f4dcc3b5aa765d61d8327deb882cf99, compare before installing",
    "la regresión empezó en el commit 9f2c1e0, apúntalo",
    "app crashes since commit 4a43776, remember that",
    "バグはコミット 3e9a7b2 から",
    "imei / numéro de série pour l'assurance du téléphone : 490154203237518",
])
def test_public_ids_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "secret"), [
    ("my wallet's private key is 9b2f5a1c0e7d4f3a8b6c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a",
     "9b2f5a1c0e7d4f3a8b6c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a"),
    ("app login: commit2024 password Tulip77", "Tulip77"),
    ("numéro d'assurance maladie : 1 85 05 78 006 084 36", "006 084 36"),
])
def test_secrets_beside_them_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)
