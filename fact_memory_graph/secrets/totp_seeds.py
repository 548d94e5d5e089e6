"""A two-factor app's setup key by its shape: base32 (RFC 4648), as authenticator apps show it.

"Can't scan the QR code? Enter this key manually": the key that makes every future one-time code,
shown as 16 to 64 characters of A–Z and 2–7 ("ZJQ4HUO6E5H3R46QUK4THHACEPJMOUMY"), often in groups of
four ("zjq4 huo6 e5h3 r46q ..."). No other everyday value has that alphabet at that length: ids,
tracking numbers, IBANs and VINs use 0, 1, 8 and 9 too. Read with no name near it (it is often pasted
alone after "enter this manually"): three digits or more and eight letters or more among the
characters, in one case.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

Span = tuple[int, int, str]

_KEY = re.compile(r"(?<![\w-])(?:[A-Z2-7]{16,64}|[a-z2-7]{16,64}"
                  r"|[A-Z2-7]{4}(?: [A-Z2-7]{4}){3,15}|[a-z2-7]{4}(?: [a-z2-7]{4}){3,15})(?![\w-])")


def spans(text: str) -> Iterator[Span]:
    """Setup keys in ``text``."""
    for m in _KEY.finditer(text):
        groups = m.group().split(" ")
        if len(groups) > 1 and (any(g.isdigit() for g in groups) or sum(g.isalpha() for g in groups) * 2 > len(groups)):
            continue  # "test card 4242 4242 …", "this that have with …": words and numbers, not a key's groups
        value = "".join(groups)
        digits = sum(ch.isdigit() for ch in value)
        if digits >= 3 and len(value) - digits >= 8 and len(value) % 4 in (0, 2) \
                and not re.search(r"(.)\1\1\1", value):
            yield m.start(), m.end(), "api key"  # the key behind every code: masked as a key
