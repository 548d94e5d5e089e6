"""Access codes said value first, or as the answer to a question about one.

``physical_codes`` reads a code after its name ("gate code: 2580"). People as often put the
value first and the thing it opens after it ("2580# gets you through the side gate", "1397 for the
front door", "4471 öffnet das Tor"), type it on a keypad ("punch 6-6-1-2 into the box by the door"),
or answer a turn that asked for a place's code ("which numbers for the garage?" / "it's 8812").
A value of a keypad's shape (4-8 digits, a star or a hash, single digits or digit words spaced) is
withheld when a link word ("for", "opens", "pour", "öffnet") or a key-in verb ties it to a thing
that opens with a code within a few words. Kept: a number labelled as something else right before it
(a flat, a parcel locker, a price, a time: "flat 4471 by the door", "paid 2000 for the gate"), and a
year without a key-in verb. Words are data (assets/access_codes.json and physical_codes.json).
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "access_codes.json"
_PHYSICAL = Path(__file__).resolve().parent.parent / "assets" / "physical_codes.json"
_MAX_MATCHES = 16
#: A cheap first test: a run of digits or of spaced single digits, or a digit word.
_SHAPE = re.compile(r"\d{4}|\d[-.\u00a0 #*]\d")
_KEYPAD = (r"[*#]?\d{4,8}[*#]{0,2}|[*#]\d{3}[*#]?|\d{3}[*#]{1,2}|\d(?:[-.\u00a0 ]\d){3,7}[*#]?"
           r"|\d(?:[#*]\d){3,7}[#*]?")
_YEAR = re.compile(r"(?:19|20)\d{2}")
_USE = re.compile(r"(?i)us|nimm|gebruik|użyj|испол|kullan|använd|bru")  # "use 2024 for …": a year
_ALPHA = re.compile(r"[^\W\d_]+")
#: A price in the currencies of the farms and pilgrim towns ("ताला 1500 रुपये का"): a value before one is no code
#: (read by :data:`_NOT_A_CODE_AFTER` and by ``families``' lock codes).
LOCAL_CURRENCIES = r"(?:rupaye|ksh|tsh|shilingi|naira|cedis?|birr|taka)\b|₦|रुपय|रुपए|रुपैयाँ|টাকা|રૂપિય|ਰੁਪਏ|ರೂಪಾಯ|രൂപ|ரூபாய|ብር"
_NOT_A_CODE_AFTER = re.compile(r"(?i)\s*(?:(?:am|pm|uhr|h|hrs|hours|mins?|minutes|%|kg|km|mm|cm|m|ft|miles|people"
                               r"|euros?|dollars?|pounds?|usd|eur|gbp|€|\$|£|kr|zł|₽|₺|rupees?|rs)\b|₹|" + LOCAL_CURRENCIES + ")")
_MONEY_BEFORE = re.compile(r"[$€£¥₹₽₺]\s*$")


@lru_cache(maxsize=1)
def _data() -> dict:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    physical = json.loads(_PHYSICAL.read_text(encoding="utf-8"))
    data["things"] = sorted(set(physical["places"]) | set(physical["things"]) | set(data["also_things"]))
    data["asks"] = sorted(set(data["asks"]) | set(physical["code_words"]))
    data["travel"] = physical["travel"]
    data["things"] = sorted(set(data["things"]) | set(data["locks"]))
    return data


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    d = _data()
    spoken = prefilter.whole_words(d["digit_words"])
    # after the value: "then #", "then hit the tick", "und dann Raute", "e depois a tecla verde"
    confirm = (rf"(?:\s*,?\s*(?:{prefilter.whole_words(d['confirm_leads'])})?\s*(?:press|hit|push|tap|drück|appuie sur"
               rf"|pulsa|aperta|premi|druk op)?\s*(?:the|die|la|le|a|o)?\s*"
               rf"(?:[#*✓]|{prefilter.whole_words(w for w in d['confirm_words'] if w[0].isalpha())}))?")
    value = rf"(?P<v>{_KEYPAD}|(?:{spoken})(?:[\s,\-]+(?:{spoken})){{3,7}})"
    thing = prefilter.whole_words(d["things"])
    links = prefilter.whole_words(d["links"])
    key_in = prefilter.whole_words(d["key_in"])
    return {
        # value, then a link word, then the thing within a few words
        "before": re.compile(rf"(?i)(?<![\w*#.,/:$€£\-])(?<!\d[ \-.]){value}(?![\w]|[.,:/]\d){confirm}"
                             rf"(?P<gap>\s*(?:{links})(?:\s+[^\d\s.!?;]+){{0,4}}?\s+)(?:{thing})"),
        # a key-in verb, the value, then the thing within a few words
        "keyed": re.compile(rf"(?i)(?:{key_in})\s+(?:(?:the|code|in|it|den|le|el|il|de)\s+)?{value}"
                            rf"(?![\w]|[.,:/]\d){confirm}(?P<gap>[^\d\n.!?;]{{0,45}}?)(?<![^\W\d_])(?:{thing})"),
        # the thing, then a key-in verb and the value ("to open the cash drawer … punch 158804")
        "thing_keyed": re.compile(rf"(?i)(?:{thing})(?P<gap>[^\d\n.!?;]{{0,50}}?)(?<![^\W\d_])(?:{key_in})\s+"
                                  rf"(?:(?:the|code|in|it|den|le|el|il|de)\s+)?{value}(?![\w]|[.,:/]\d)"),
        # the thing, then a value a keypad's key marks or spaced digits ("communal door 866746#", "cassetta chiavi 6 7 6 6")
        "marked": re.compile(rf"(?i)(?:{thing})\s+(?P<v>[*#]?\d{{4,8}}[*#]{{1,2}}|[*#]\d{{4,8}}|\d(?: \d){{3,7}})(?![\w*#]|[.,:/]\d)"),
        # the thing, then "goes with" / "geht mit", then the value
        "opens_with": re.compile(rf"(?i)(?:{thing})(?:[^\d\n.!?;]|(?<!\d)\d{{1,3}}(?!\d)){{0,30}}?(?:{prefilter.whole_words(d['opens_with'])})\s+"
                                 rf"(?P<v>{_KEYPAD})(?![\w]|[.,:/]\d)"),
        "postal": re.compile(rf"(?i)(?:{prefilter.whole_words(d['postal_words'])})"),
        "opens_last": re.compile(rf"(?i)(?:{prefilter.whole_words(d['opens_with'])})\s*[:\-–—…]*\s*$"),
        "before_word": re.compile(r"(?i)([^\W\d_]+)\.?[\s:#]*$"),
        "asks": re.compile(rf"(?i)(?:{prefilter.whole_words(d['asks'])})"),
        # a verb of keying digits in names a code as well as asking for it does ("the thing you punch in
        # at the storage gate" / "7654"); not a verb of using (a year is used for a gate as well)
        "keys_in": re.compile(rf"(?i)(?:{prefilter.whole_words(w for w in d['key_in'] if not _USE.match(w))})"),
        "thing": re.compile(rf"(?i)(?:{thing})"),
        "travel": re.compile(rf"(?i)(?:{prefilter.whole_words(d['travel'])})"),
        "numbered": re.compile(rf"(?i)(?:{thing})\s*(?:number|no\.?|nr\.?|#)(?!\w)"),
        "answer": re.compile(rf"(?i)^\W*(?:[^\d\s]+\W+){{0,4}}?{value}(?![\w]|[.,:/]\d){confirm}\W*"
                             r"(?:[^\d\s]+\W*){0,4}$"),
        "quick": re.compile(rf"(?i)(?:{thing})"),
        # a lock's word, up to four words, then a value of a keypad's shape ("kufuli ya pampu ya maji 8911",
        # "fuel pump lock: 4574"): a lock has no other number
        "lock_then": re.compile(rf"(?i)(?:{prefilter.whole_words(d['locks'])})(?P<gap>(?:\s+[^\d\s.!?;:]+){{0,4}}?)"
                                rf"\s*[:=\-–]?\s+(?P<v>{_KEYPAD})(?![\w]|[.,:/]\d)"),
    }


def gate_words() -> list[str]:
    """Words one of which a text holds whenever this module finds something (a shared pre-check)."""
    d = _data()
    return d["things"] + d["digit_words"]


@lru_cache(maxsize=1)
def _labels() -> frozenset[str]:
    return frozenset(w.casefold() for w in _data()["labels_before"])


def _labelled(text: str, start: int) -> bool:
    """Whether the word right before a value names it as something else ("flat 4471", "paid 2000")."""
    head = text[max(0, start - 40):start]
    if _MONEY_BEFORE.search(head):
        return True
    m = _patterns()["before_word"].search(head)
    return bool(m and m.group(1).casefold() in _labels())


def spans(text: str) -> list[Span]:
    """Access codes in ``text`` (a normalised message) said before what they open, or keyed in."""
    if len(text) > 4000 or not _SHAPE.search(text) and not _ALPHA.search(text):
        return []
    p = _patterns()
    if not p["quick"].search(text):
        return []
    if p["travel"].search(text):
        return []  # "4471 at gate B": a flight's gate, a platform
    out: list[Span] = []
    for m in itertools.islice(p["keyed"].finditer(text), _MAX_MATCHES):
        if not _NOT_A_CODE_AFTER.match(text, m.end("v")) and not (_YEAR.fullmatch(m.group("v")) and _USE.match(m.group())):
            out.append((m.start("v"), m.end("v"), "password"))
    for m in itertools.islice(p["thing_keyed"].finditer(text), _MAX_MATCHES):
        if not _NOT_A_CODE_AFTER.match(text, m.end("v")) and not _labelled(text, m.start("v")):
            out.append((m.start("v"), m.end("v"), "password"))
    for pattern in (p["marked"], p["opens_with"]):
        for m in itertools.islice(pattern.finditer(text), _MAX_MATCHES):
            if not _NOT_A_CODE_AFTER.match(text, m.end("v")) and not _YEAR.fullmatch(m.group("v")):
                out.append((m.start("v"), m.end("v"), "password"))
    for m in itertools.islice(p["lock_then"].finditer(text), _MAX_MATCHES):
        if not _labelled(text, m.start("v")) and not _NOT_A_CODE_AFTER.match(text, m.end("v")) \
                and not _YEAR.fullmatch(m.group("v")):
            out.append((m.start("v"), m.end("v"), "password"))
    for m in itertools.islice(p["before"].finditer(text), _MAX_MATCHES):
        v = m.group("v")
        if _labelled(text, m.start("v")) or _NOT_A_CODE_AFTER.match(text, m.end("v")):
            continue
        if _YEAR.fullmatch(v) or (v.isdigit() and len(v) == 4 and text[m.start("v") - 1:m.start("v")] == "#"):
            continue  # a year ("built 1998 for the garage"), "#1234" an issue's number
        out.append((m.start("v"), m.end("v"), "password"))
    return out


_ROAD_CASE = re.compile(r"(?i)\s*cases?(?![^\W\d_])")


def _travel(text: str) -> bool:
    """Whether ``text`` speaks of travel (a flight's gate, a platform); a "flight case" is a box for gear."""
    return any(not _ROAD_CASE.match(text, m.end()) for m in itertools.islice(_patterns()["travel"].finditer(text), 8))


#: A lock's combination in two or three groups ("538-69", "12-34-56"): five digits or more, no year first.
_COMBINATION = re.compile(r"^\W*(?P<v>(?!(?:19|20)\d\d\b)\d{2,4}(?:[- ]\d{2,4}){1,2})\W*$")


def asks_for_code(before: str) -> bool:
    """Whether the end of ``before`` asks for a thing's code ("how do I get into the staff room?",
    "which numbers for the garage?") or only names the thing: not its number ("room number?")."""
    p = _patterns()
    tail = before[-200:]
    if not p["thing"].search(tail) or p["numbered"].search(tail) or _travel(tail):
        return False
    named_only = len(tail) <= 60 and len(tail.split()) <= 8 and not re.search(r"\d", tail) \
        and not any(w.casefold() in _labels() for w in _ALPHA.findall(tail))  # "o portão da garagem" / "é 794509"
    # "o cadeado do flight case abre com" / "36020": the turn ends where its value would follow
    opens_last = p["opens_last"].search(tail) is not None
    return bool(p["asks"].search(tail) or named_only or opens_last or p["keys_in"].search(tail))


def answer_spans(text: str, before: str) -> list[Span]:
    """A short turn holding only a code, after a turn that asked for a thing's code ("which numbers
    for the garage?", "how do I get into the shed?"). Not after a thing's number ("door number?")."""
    if len(text) > 80 or not _SHAPE.search(text) and not _ALPHA.search(text):
        return []
    if not asks_for_code(before):
        return []
    m = _patterns()["answer"].match(text)
    if not m:  # "the padlock on the cymbal case" / "538-69": a combination in groups
        c = _COMBINATION.match(text)
        if not c or len(re.sub(r"\D", "", c.group("v"))) < 5 or _patterns()["postal"].search(before[-200:]):
            return []  # "PSČ skladu" / "71-146": a postal code in groups
        return [(c.start("v"), c.end("v"), "password")]
    if _labelled(text, m.start("v")) or _NOT_A_CODE_AFTER.match(text, m.end("v")):
        return []
    if _YEAR.fullmatch(m.group("v")) and not _patterns()["keys_in"].search(before[-200:]):
        return []  # a year, unless the turn before keys the digits in ("what you punch in at the gate" / "1975")
    return [(m.start("v"), m.end("v"), "password")]
