"""Parts of a telephone number another reader took for a secret: the extension after its word ("ext 442",
"interno 497", "Durchwahl 2315": a desk's number inside an exchange, printed on every card) and the
subscriber's digits right after an international prefix ("+44 722 247 520": no identity document, card or
account is written with a country's calling code). Extension words per language as data (assets
``phone_extensions.json``).

Only the spans other readers found are read: a message with none pays nothing.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]
_ASSETS = Path(__file__).resolve().parent.parent / "assets"
#: A calling code right before a value: "+44 ", "+39-", "(+34) ".
_CALLING_CODE = re.compile(r"(?:\(\+\d{1,3}\)|\+\d{1,3})[\s\-.]?$")
_NUMBER = re.compile(r"[\d\s\-.()]+")


@functools.cache
def _extension() -> re.Pattern[str]:
    words = json.loads((_ASSETS / "phone_extensions.json").read_text(encoding="utf-8"))["words"]
    return re.compile("(?i)(?:" + prefilter.whole_words([w.rstrip(".") for w in words]) + r")\.?\s*[:#.]?\s*$")


def without_phone_parts(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a telephone's extension or the digits after its calling code."""
    if not spans or not any(ch.isdigit() for ch in text):
        return spans
    return [sp for sp in spans if not _phone_part(text, sp)]


def _phone_part(text: str, sp: Span) -> bool:
    value = text[sp[0]:sp[1]].strip()
    if not _NUMBER.fullmatch(value):
        return False
    digits = re.sub(r"\D", "", value)
    before = text[max(0, sp[0] - 24):sp[0]]
    if len(digits) <= 5 and _extension().search(before):
        return True  # "… 7974 interno 497"
    # "+44 722 247 520": the subscriber's digits after a calling code
    return 6 <= len(digits) <= 13 and sp[2] in ("government id", "password", "bank account") \
        and _CALLING_CODE.search(before) is not None
