"""A bearer token by its shape alone: three or more random parts joined by dots.

Signed tokens are written as parts of base64url joined by dots: a JWT (``eyJ…``), a Discord bot
token (``<id>.<time>.<hmac>``), a SendGrid key (``SG.<id>.<secret>``), a Slack-style or a session
token. Pasted with no name ("env var for the bot" / "BLyg….OV4M7y.uTLd…"), or after a key's word in
a language no list holds ("här är nyckeln … SG.B8cK….zqld…"), the shape is the secret: at least 40
characters in three to five parts, two of them random (upper and lower case and digits mixed), none
of which a domain, a package path, a version or a file name has.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

Span = tuple[int, int, str]

_TOKEN = re.compile(r"(?<![\w./@:-])[A-Za-z0-9_-]{2,}(?:\.[A-Za-z0-9_-]{6,}){2,4}(?![\w/@-]|\.\w)")


def _random(part: str) -> bool:
    """Upper and lower case and digits in one part of eight characters or more."""
    return len(part) >= 8 and any(c.isupper() for c in part) and any(c.islower() for c in part) \
        and any(c.isdigit() for c in part)


def spans(text: str) -> Iterator[Span]:
    """Dotted tokens in ``text`` (cheap when it has fewer than two dots)."""
    if text.count(".") < 2:
        return
    for m in _TOKEN.finditer(text):
        value = m.group()
        if len(value) >= 40 and sum(_random(part) for part in value.split(".")) >= 2:
            yield m.start(), m.end(), "api key"
