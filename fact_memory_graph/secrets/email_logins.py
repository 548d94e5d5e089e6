"""A password beside the e-mail address it logs in with, told by its place, not by a name.

- **An address, a slash or a bar, a word**: "lena.v@hotmail.co.uk / lighthousetullekingfisher",
  "jo.b@outlook.com:plum-tart7" (a combo list's colon, no space after it; not "git@github.com:org/repo"),
  "Trello -> jo.b@outlook.com | marmaladesky". An address is a login; what a slash joins to it is its
  password when it has a password's shape or is one long lower-case word (a passphrase typed
  together); another address, a name in capitals, a phone or "or" is not.
- **What one types after the address**: "you type strawberrytulle after the email", "Wesele21* thats
  what i type after the email on the portal", "tippe nach der E-Mail …": the login form's second field.
"""

from __future__ import annotations

import re

Span = tuple[int, int, str]

_EMAIL = r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+"
_PAIR = re.compile(rf"(?<![\w.+\-]){_EMAIL}(?:[ \t]*[/|][ \t]*|:(?!//))(?P<v>[^\s/|,;()\[\]{{}}<>\"“”«»]{{6,64}})(?![/:@])")
_SHAPED = re.compile(r"(?=.*[^\W\d_])(?=.*(?:\d|[!@#$%^&*_+=?~]))")
_JOINED_WORDS = re.compile(r"[a-zà-ÿ]{8,40}")
_NOT_PASSWORD = re.compile(r"(?i)^(?:or|and|oder|ou|o|y|und|et|cc|bcc|tel|phone|mobile|fax|www\..*|https?:.*|.*\.(?:com|org|net|de|fr|uk|io))$")
_FIELD = r"(?:the|my|your|his|her|our|their|an?)\s+(?:e-?mail|email address|user\s?name|login|user|address)"
_TYPE = r"(?:type|typed|enter|entered|put|puts|use|goes|go)"
#: "… type X after the email", and "X … that's what I type after the email".
_TYPED_AFTER = re.compile(rf"(?i)(?<![^\W\d_]){_TYPE}\s+(?P<v>[^\s,;()\"“”«»]{{4,64}})\s+(?:right\s+)?after\s+{_FIELD}(?![^\W\d_])")
_VALUE_THEN_TYPED = re.compile(rf"(?i)^\s*(?P<v>[^\s,;()\"“”«»]{{4,64}})\s*[-–—,:]*\s*(?:that'?s|that’s|thats|that is|this is|is)\s+"
                               rf"(?:what|the\s+(?:thing|bit|word|one))\s+(?:i|you|we|u)\s+{_TYPE}\s+(?:in\s+)?after\s+{_FIELD}(?![^\W\d_])",
                               re.M)
_TRAIL = ".,;:!?"


def _password_like(value: str) -> bool:
    return "@" not in value and not _NOT_PASSWORD.match(value) and not value.isdigit() \
        and bool(_SHAPED.match(value) or _JOINED_WORDS.fullmatch(value))


def spans(text: str) -> list[Span]:
    """Passwords beside an e-mail address or typed after it (see the module's note)."""
    out: list[Span] = []
    if "@" in text and ("/" in text or "|" in text or ":" in text):  # "lena.v@hotmail.co.uk / X", "maria@web.de:X"
        for m in _PAIR.finditer(text):
            value = m.group("v").rstrip(".,;:?")
            if _password_like(value):
                out.append((m.start("v"), m.start("v") + len(value), "password"))
    if "after" in text.lower():
        for m in (*_TYPED_AFTER.finditer(text), *_VALUE_THEN_TYPED.finditer(text)):
            value = m.group("v").rstrip(_TRAIL) if m.re is _TYPED_AFTER else m.group("v")
            if value.lower() not in ("it", "this", "that", "them", "something", "anything", "the", "a", "your", "my", "in") \
                    and "@" not in value:
                out.append((m.start("v"), m.start("v") + len(value), "password"))
    return out
