"""A health plan's member number, read by the card it is on.

A member number has no public checksum: what makes it secret is whose card it is on. A health
insurance's word (an insurer, a plan, its card — "Aetna", "Krankenkasse", "carte Vitale", "obra
social", "保険証"; ~25 languages, assets/member_numbers.json) in the sentence, a member number's word
("member ID", "Versichertennummer", "número de afiliado", "記号番号", or a bare "number" / "#" right
after the insurance's word), then a value with five digits or more: the member's own number.

Kept: a number a public word names between the names and the value — a group or plan number, a
pharmacy's BIN / PCN, a claim, a phone line, an order, an amount ("Aetna group number 0123456",
"call Cigna at 1-800-…"); a phone number; a date; a masked or placeholder value ("XXXX1234").
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "member_numbers.json"
#: A member number: an optional letter prefix, then digits and letters, in groups split by a space,
#: a dash, a dot or a slash (every group after the first starts with a digit).
_VALUE = re.compile(r"(?<![A-Za-z0-9\-/+.@*])(?:[A-Z]{1,4}[ \-])?[A-Za-z]{0,4}\d[A-Za-z0-9]*"
                    r"(?:[ .\-/]\d[A-Za-z0-9]*){0,6}(?![A-Za-z0-9@*]|[\-/]\w)")
#: The end of a sentence (not the dot of "no." / "nr." / "n°.").
_SENTENCE_END = re.compile(r"(?<![Nn]o)(?<![Nn]r)[.!?;\n\u2029](?:\s|$)|[。！？]")
_DATE = re.compile(r"(?:19|20)\d\d[ .\-/]\d{1,2}[ .\-/]\d{1,2}|\d{1,2}[ .\-/]\d{1,2}[ .\-/](?:19|20)?\d\d")
_MONEY = re.compile(r"[$€£¥₹₩]\s*$|^\s*(?:[$€£¥₹₩]|usd|eur|gbp|dollars?|euros?)", re.I)
_TOLL_FREE = re.compile(r"(?:1[ \-.])?(?:800|888|877|866|855|844|833)[ \-.]\d{3}|0[89]00[ \-.]?\d")
_FILLER = re.compile(r"(?i)xxx|\*\*\*|•••|000000|123456")
#: Between the names and the value: a few words at most (a copula, a colon, "on my card").
_MAX_GAP = 45
_MAX_MATCHES = 16  # a message names a card a few times; a crafted one repeating it is read only this far


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


def _words(key: str) -> list[str]:
    return [w for group in _data()[key].values() for w in group] if isinstance(_data()[key], dict) else _data()[key]


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    health = _words("health")
    member = [w for w in _words("member") if w not in ("#",)]
    return {"health": re.compile("(?i)" + prefilter.whole_words(health)),
            "member": re.compile("(?i)(?:" + prefilter.whole_words(member) + "|#)"),
            "public": re.compile("(?i)" + prefilter.whole_words(_words("public")))}


def gate() -> re.Pattern[str]:
    """A health insurance's word: without one a message has no member number here."""
    return _patterns()["health"]


def _sentence_end(text: str, start: int, end: int) -> int:
    m = _SENTENCE_END.search(text, start, end)
    return m.start() if m else end


def _value_after(text: str, label: int, at: int, limit: int) -> re.Match[str] | None:
    """The first value within ``_MAX_GAP`` characters after ``at`` when nothing public is named
    from ``label`` (the number's word, with the word before it) to the value."""
    for v in itertools.islice(_VALUE.finditer(text, at, min(limit, at + _MAX_GAP + 40)), 3):
        if v.start() - at > _MAX_GAP:
            return None
        if _patterns()["public"].search(text, label, v.start()) or re.search(r"\d", text[at:v.start()]):
            return None  # "Aetna group number 01234", "Cigna, call 1-800-…": a public number
        return v
    return None


def _a_member_number(text: str, v: re.Match[str]) -> bool:
    value = v.group()
    digits = re.sub(r"\D", "", value)
    if len(digits) < 5 or len(value) > 32 or _FILLER.search(value) or _DATE.fullmatch(value):
        return False
    if len(set(digits)) <= 1:
        return False  # "00000000": a form's blank
    if _MONEY.search(text[max(0, v.start() - 3):v.start()]) or _MONEY.search(text[v.end():v.end() + 8]):
        return False
    # a phone number by its shape (a phone's word before it is a public word, read in the gap)
    return not (_TOLL_FREE.match(value) or text[max(0, v.start() - 2):v.start()].strip() in ("+", "("))


def _an_insurance(text: str, h: re.Match[str]) -> bool:
    """An insurance's word standing as a word: an abbreviation ("TK", "AOK", "EPS") in capitals and
    not glued to digits ("TK1987" is a flight)."""
    if text[h.end():h.end() + 1].isdigit() or text[h.start() - 1:h.start()].isdigit():
        return False
    word = h.group()
    return not (len(word) <= 4 and word.isascii() and word.isalpha()) or word.isupper()


def spans(text: str) -> list[Span]:
    """Health plans' member numbers in ``text``."""
    if len(text) > 4000:
        return []
    p = _patterns()
    healths = [h for h in itertools.islice(p["health"].finditer(text), _MAX_MATCHES) if _an_insurance(text, h)]
    if not healths:
        return []
    out: list[Span] = []
    for h in healths:
        lo = max(0, h.start() - 80)
        cut = max(text.rfind(". ", lo, h.start()), text.rfind("\n", lo, h.start()), text.rfind("\u2029", lo, h.start()))
        lo = cut + 1 if cut >= 0 else lo
        hi = _sentence_end(text, h.end(), min(len(text), h.end() + 120))
        # the member number's word before or after the insurance's, in the same sentence
        starts = [(h.start(), h.end())] + [(max(lo, m.start() - 16), m.end())
                                           for m in itertools.islice(p["member"].finditer(text, lo, hi), _MAX_MATCHES)]
        for label, at in starts:
            v = _value_after(text, label, at, hi)
            if v and _a_member_number(text, v):
                out.append((v.start(), v.end(), "government id"))
                break
    return list(dict.fromkeys(out))
