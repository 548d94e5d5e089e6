"""A phone number's porting code: the code a network gives to move the number elsewhere.

"got my PAC NPO948639, new network needs it", "mon RIO c'est 728375TVP", "Portierungskennwort OQF856036",
"código de portabilidad 478510ULX", "نمبر پورٹ کرنے کا کوڈ BBD060212". Whoever holds it can take the number
away — a SIM swap's first step — so it is withheld as a one-time code is (docs/privacy.md, round
twenty-four). What such a code IS: a name of the code (``assets/porting_codes.json``, ~20 languages), then
within six words a run of 6 to 14 letters and digits with at least three digits. A name with no value
("I asked for my PAC yesterday") is talk.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "porting_codes.json"
_VALUE = re.compile(r"(?<![\w\-/.])(?=(?:[A-Z]*\d){3})[A-Z0-9]{6,14}(?![\w\-/])")
#: Between the name and the value: at most four words of one clause (no digit, no comma), then maybe a colon.
_GAP = re.compile(r"(?:[^\S\n]*[^\s\d,;.!?:]+){0,4}?[^\S\n]*[:=\-–—]?[^\S\n]*")
#: After a short name that is also a word or a place ("PAC", "RIO", "UPC"): a copula, or words ending on a colon.
_SHORT_GAP = re.compile(r"[^\S\n]*(?:(?:is|c'est|es|est|ist|ko|hai|é|è|code|kodu|kod)[^\S\n]+|(?:[^\S\n]*[^\s\d,;.!?:]+){0,4}?"
                        r"[^\S\n]*[:=][^\S\n]*)?")


@functools.cache
def _names() -> re.Pattern[str]:
    words = json.loads(_ASSET.read_text(encoding="utf-8"))["names"]
    return re.compile("(?i)" + prefilter.whole_words(words))


def spans(text: str) -> list[Span]:
    """The porting codes of ``text`` (a normalised message) told after their name."""
    if not re.search(r"\d{3}", text):
        return []
    out: list[Span] = []
    for name in _names().finditer(text):
        between = _SHORT_GAP if len(name.group()) <= 4 else _GAP
        for gap in (between.fullmatch(text, name.end(), v.start()) for v in _VALUE.finditer(text, name.end(), name.end() + 80)):
            if gap:
                value = _VALUE.match(text, gap.end())
                if value and not any(a <= value.start() < b for a, b, _ in out):
                    out.append((value.start(), value.end(), "password"))
                break
    return out
