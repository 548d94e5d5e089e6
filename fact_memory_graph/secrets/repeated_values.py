"""A withheld value said again in the same message is withheld there too.

"first pet question -> Mimi. my first dog was called Mimi lol": the reader withholds the answer where its
cue stands, and the same word a clause later shows it. A password's value of three letters or more, read
somewhere in the message, is withheld wherever it stands again as a whole word (in any case). Only the
message's own spans count: a word no reader withheld is never touched.
"""

from __future__ import annotations

import re

Span = tuple[int, int, str]

_MIN_CHARS = 3
_MAX_SPANS = 8


def spans(text: str, found: list[Span]) -> list[Span]:
    """The other places in ``text`` where a password's value of ``found`` stands again."""
    values = {text[s:e].strip() for s, e, kind in found[:_MAX_SPANS * 4] if kind == "password"}
    values = [v for v in values if len(v) >= _MIN_CHARS and any(c.isalpha() for c in v) and "\n" not in v][:_MAX_SPANS]
    if not values:
        return []
    out: list[Span] = []
    for value in values:
        for m in re.finditer(rf"(?i)(?<![\w@#$%&*+\-]){re.escape(value)}(?![\w@#$%&*+\-])", text):
            span = (m.start(), m.end(), "password")
            if not any(s <= span[0] and span[1] <= e for s, e, _ in found):
                out.append(span)
    return out
