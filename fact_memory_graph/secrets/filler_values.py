"""A template's or a test's filler, not a secret: one digit repeated ("OTP: 000000", "PIN 0000",
"card 0000 0000 0000 0000") in a text that says it is a template, an example, a default or a test
("template mein likha hai OTP: 000000", "use 000000 as the dummy otp in staging"). Cue words per
language as data (assets ``filler_values.json``). A repeated digit said as someone's own, with no such
word ("my pin is 0000"), is still withheld.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]
_ASSETS = Path(__file__).resolve().parent.parent / "assets"
#: One digit four or more times (groups allowed), the cheap gate and the value's shape.
REPEATED = re.compile(r"(\d)(?:[ \-]?\1){3,}")


@functools.cache
def _cues() -> re.Pattern[str]:
    words = json.loads((_ASSETS / "filler_values.json").read_text(encoding="utf-8"))["cues"]
    return re.compile("(?i)" + prefilter.whole_words(words))


def without_fillers(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the repeated-digit values of a text that names a template, an example or a test."""
    if not spans or not REPEATED.search(text) or not _cues().search(text):
        return spans
    return [sp for sp in spans if not _filler(text[sp[0]:sp[1]].strip())]


def _filler(value: str) -> bool:
    """The repeated digit, maybe with words after it ("0000 ändra vid första inloggning": the clause read as the value)."""
    m = REPEATED.match(value)
    return bool(m) and not re.search(r"\d", value[m.end():])
