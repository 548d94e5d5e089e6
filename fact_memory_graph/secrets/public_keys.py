"""A public key told by its name: the base64 of a 32-byte key (43 characters and "=") right after a
public key's name ("WireGuard public key zSqu…=", "публичный ключ: W++E…=", "公钥 …=").

A WireGuard, a Curve25519 or an Ed25519 key has the same shape whether it is the public half or the
private one, so the name decides: a public key's name (assets/public_keys.json, ~25 languages) at most
40 characters before the value, no private key's word between them. Read only when the message holds
"=" and a public key's word (a substring test).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"

_KEY32 = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{43}=(?![A-Za-z0-9+/=])")


@functools.cache
def _words() -> tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]:
    data = json.loads((ASSETS / "public_keys.json").read_text(encoding="utf-8"))
    public = tuple(sorted({w.lower() for w in data["public"]}, key=len, reverse=True))
    private = tuple(w.lower() for w in data["private"])
    return public, private, frozenset(w[:3] for w in public)


def _mentioned(low: str) -> bool:
    public, _, _ = _words()
    return "=" in low and any(w in low for w in public)


def spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds a 32-byte base64 key named as a public one."""
    low = text.lower()
    if len(low) != len(text) or not _mentioned(low):
        return []
    public, private, _ = _words()
    out = []
    for m in _KEY32.finditer(text):
        head = low[max(0, m.start() - 40):m.start()]
        at = max((head.rfind(w) + len(w) for w in public if w in head), default=-1)
        if at >= 0 and not any(w in head[at:] for w in private):
            out.append(m.span())
    return out
