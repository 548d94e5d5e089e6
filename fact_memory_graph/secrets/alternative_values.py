"""A second value to try beside a withheld one (round thirty-one).

A relative or an interpreter passing on how to open a phone gives two guesses, or the codes of two devices,
in one breath: "prueba 9422 o si no 6693", "try 9422 or else 6693", "telefonun şifresi 3947, tabletinki
592137", "essaie 1234 sinon 4321". The first value is read by its name or its turn; the second, after a
word of an alternative (``assets/alternative_values.json`` ``or``) or a comma and another device's or
person's word (``others``: "the tablet's", "tabletinki", "el de la tablet"), is the same kind of secret.
The second must be digits only, of four to eight, as the first is, with at most two digits' difference in
length ("PIN 4471 or 2 tries left" keeps "2"). Read only when a withheld value of digits stands in the text.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]
_ASSET = "alternative_values"
_DIGITS = re.compile(r"\d{4,8}")


@lru_cache(maxsize=1)
def _after() -> re.Pattern[str]:
    data = lexicon.asset_lists(_ASSET)
    words = prefilter.whole_words(w.lower() for w in data["or"])
    others = prefilter.whole_words(w.lower() for w in data["others"])
    return re.compile(rf"(?i)\s*(?:[,;/]\s*)?(?:(?:{words})\s*[,:]?\s+|(?:{others})\s*(?:is|es|est|ist|[:=\-–—])?\s*)"
                      rf"(?:(?:just|maybe|quizás|tal vez|peut-être|vielleicht|forse|talvez)\s+)?(?P<v>\d{{4,8}})(?!\d|[.,:/]\d)")


def spans(text: str, found: list[Span]) -> list[Span]:
    """Second values beside the withheld ones in ``found`` (see the module's note)."""
    out: list[Span] = []
    for start, end, kind in found:
        value = text[start:end]
        if not _DIGITS.fullmatch(value):
            continue
        m = _after().match(text, end)
        if m and abs(len(m.group("v")) - len(value)) <= 2:
            sp = (m.start("v"), m.end("v"), kind)
            if sp not in found and sp not in out:
                out.append(sp)
    return out
