"""A bare code the user's next turn says a lock takes (round twenty-seven, t58c).

"remember this pls" / "6-7-9-5-2-1-8" / "its for the smart lock app": a turn that is only a code of four to
ten digits (spaced, dashed or dotted) and a next turn that says what it is for, naming a lock
(``families.names_a_lock``: a smart lock, a padlock, a safe, a phone's lock …) in a few words opening on
"it's", "that's", "this is" or "for". A next turn that names a number ("the number for …", a phone, a
line) says it is called, not typed, and keeps it.
"""

from __future__ import annotations

import re

from fact_memory_graph.secrets import families

Span = tuple[int, int, str]

_CODE_TURN = re.compile(r"\s*(?P<v>\d(?:[ .\-]?\d){3,9})\s*[.!]?\s*")
_SAYS_FOR = re.compile(r"(?i)\s*(?:(?:it'?s|its|that'?s|thats|this is|this one'?s)\s+(?:for|the|my|our)\b|for\s+(?:the|my|our)\b)")
_NUMBER_WORD = re.compile(r"(?i)\b(?:number|no\.|phone|line|call|ring|tel|mobile|cell)\b")


def named_by_next(text: str, after: str) -> list[Span]:
    """The code of a turn that is only a code, when ``after`` says a lock takes it."""
    if len(text) > 24 or len(after) > 60:
        return []
    m = _CODE_TURN.fullmatch(text)
    if not m or not _SAYS_FOR.match(after) or _NUMBER_WORD.search(after) or not families.names_a_lock(after):
        return []
    return [(m.start("v"), m.end("v"), "password")]
