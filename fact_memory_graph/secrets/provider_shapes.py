"""Keys known by their provider's shape, with no name beside them (round thirty-four, t65c).

The provider rules (gitleaks, detect-secrets) read most keys by a prefix; two shapes they read only
beside the provider's name in the same line, which people often write a turn earlier ("mailgun" /
the key) or leave out:

- a Mailgun private API key: 32 hex digits, a dash, 8, a dash, 8 (``…f0e1-ab12cd34-ef56ab78``). No
  UUID (8-4-4-4-12), digest or commit hash has that shape, so it is withheld wherever it stands;
- a Twilio auth token: 32 bare hex digits, the shape of an MD5 digest. The account SID it goes with
  ("AC" and 32 hex digits) is withheld by the provider rules; a 32-digit hex run within a few
  characters of a SID on the same line ("AC… 9f3e…", "AC…:9f3e…", "sid AC… token 9f3e…") is its token.

Kept: an MD5 digest with no SID beside it ("md5 9e10…"), a UUID, a commit hash, a SID's look-alike
that is not 32 hex digits after "AC".
"""

from __future__ import annotations

import re

Span = tuple[int, int, str]

_MAILGUN = re.compile(r"(?<![\w-])[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}(?![\w-])")
_SID = re.compile(r"(?<![\w])AC[0-9a-f]{32}(?![\w])")
#: the token right after a SID (or before it): a separator and at most a few words, no line break
_TOKEN = re.compile(r"(?<![\w-])[0-9a-f]{32}(?![\w-])")
_NEAR = 40


def spans(text: str) -> list[Span]:
    """Mailgun keys anywhere; Twilio auth tokens beside their account SID."""
    out: list[Span] = [(m.start(), m.end(), "api key") for m in _MAILGUN.finditer(text)] if "-" in text else []
    if "AC" not in text:
        return out
    sids = [m.span() for m in _SID.finditer(text)]
    if not sids:
        return out
    for m in _TOKEN.finditer(text):
        for a, b in sids:
            between = text[b:m.start()] if m.start() >= b else text[m.end():a]
            if len(between) <= _NEAR and "\n" not in between:
                out.append((m.start(), m.end(), "api key"))
                break
    return out
