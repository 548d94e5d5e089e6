"""A background check's certificate number, read by the check's name.

A criminal-record check (a DBS certificate, a PVG membership, a Garda vetting, a Working With Children
Check, a VOG, a police clearance, a "casier judiciaire", a "Führungszeugnis") has a number an employer
or a charity uses to look up the holder's record: it is no public reference. Its names, in ~40
languages, are data (assets/background_checks.json); then:

- a value a few words after the name, in its sentence, any words without a digit between ("DBS update
  service cert no. 9967…", "garda vetting ref GV0296…", "WWCC WWC2189876V expires 2029");
- a value alone in the turn after a turn that named a check and gave none ("VOG nummer ..." / "VOG2414…").

A value: letters and digits with five digits or more (a year, a date, a phone line, an amount is none).
Kept: a number an order, an invoice, a receipt, a fee or a phone line names (between, or just before the check's name).
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "background_checks.json"
_LATIN_END = re.compile(r"[A-Za-zß-ɏ]$")
_INFLECTION = r"(?:[^\W\d_]{0,4})"
#: A certificate's number: an optional letter prefix, then digits (and letters), in groups split by a dash,
#: a slash or a space (every group after the first starts with a digit).
#: A group after a dash or a slash may start with a letter ("PCC-9058-FZKTJU", "451221/2026/R"); after a space or a dot
#: only with a digit (a word after the number is prose); letter prefixes split by slashes ("PCC/SG/2786…"); a CJK
#: character may stand right before ("第A-2818164号", "編號係4074/803620"). Or a verification code of four groups of
#: four capitals ("FZIL-LDVR-OEBY-PFJN", Spain's CSV).
_VALUE = re.compile(r"(?<![A-Za-z0-9\-/+.@*])(?:(?:[A-Za-z]{1,6}[\-/]){0,2}[A-Za-z]{0,6}[\-/]?\d[A-Za-z0-9]*"
                    r"(?:[ \-/.]\d[A-Za-z0-9]*|[\-/][A-Za-z][A-Za-z0-9]{0,11}){0,4}|[A-Z]{4}(?:-[A-Z]{4}){3}"
                    r"|[A-Z]{2,6}-(?=[A-Za-z]*\d[A-Za-z]*\d)[A-Za-z0-9]{8,16})"
                    r"(?![A-Za-z0-9@*]|[\-/]\w)")
_CODE_GROUPS = re.compile(r"[A-Z]{4}(?:-[A-Z]{4}){3}")
#: A capitals' prefix, then a random code of letters with a few digits ("VSC-VD94E4KL", "CHK-syoqcahyp25y").
_PREFIXED_CODE = re.compile(r"[A-Z]{2,6}-(?=[A-Za-z]*\d[A-Za-z]*\d)[A-Za-z0-9]{8,16}")
_MAX_GAP = 40
_SENTENCE_END = re.compile(r"(?<![Nn]o)(?<![Nn]r)(?<![^\w][Nn])[.!?;\n\u2029](?:\s|$)|[。！？]")
_DATE = re.compile(r"(?:19|20)\d\d[ \-/.]\d{1,2}[ \-/.]\d{1,2}|\d{1,2}[ \-/.]\d{1,2}[ \-/.](?:19|20)?\d\d")
_MONEY = re.compile(r"[$€£¥₹₩]\s*$")
_MAX_MATCHES = 8
_SHORT_REPLY = 6  # words in a turn that is only the value


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


def _names_list() -> list[str]:
    return [w for group in _data()["names"].values() for w in group]


def _tree(words: list[str]) -> re.Pattern[str]:
    long = {w for w in words if len(w) >= 5 and _LATIN_END.search(w)}
    short = [w for w in words if w not in long]
    inflected = prefilter.word_tree(long, prefilter.spaced_atom, head=prefilter.WORD_HEAD,
                                    tail=_INFLECTION + prefilter.WORD_TAIL, flags="")
    parts = [prefilter.whole_words(short)] + ([inflected.pattern] if inflected is not None else [])
    return re.compile("(?i)(?:" + "|".join(parts) + ")")


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    return {"names": _tree(_names_list()), "not": _tree(list(_data()["not"]))}


@lru_cache(maxsize=1)
def _gate() -> lexicon.Gate:
    return lexicon.Gate({w.lower() for w in _names_list()})


def mentioned(text: str) -> bool:
    """Whether ``text`` names a background check (without one it holds no check's number here)."""
    return _gate().open(text) and _patterns()["names"].search(text) is not None


def _a_number(text: str, v: re.Match[str]) -> bool:
    value = v.group()
    digits = re.sub(r"\D", "", value)
    if _CODE_GROUPS.fullmatch(value):  # a verification code: random capitals, few of them vowels
        return sum(ch in "AEIOU" for ch in value) <= 6
    tail = value[value.index("-") + 1:] if "-" in value else ""
    if _PREFIXED_CODE.fullmatch(value) and not tail.isdigit():  # "PC-20290939" is read as a number below
        return len(set(tail.lower())) >= 5  # random letters and digits, not a word
    letters = sum(ch.isalpha() for ch in value)
    if len(digits) < (4 if letters >= 4 and len(digits) + letters >= 10 else 5):  # "PCC-9058-FZKTJU": a mixed reference
        return False
    if len(set(digits)) <= 1 or _DATE.fullmatch(value) or len(value) > 32:
        return False
    return not (_MONEY.search(text[max(0, v.start() - 2):v.start()]) or text[max(0, v.start() - 1):v.start()] == "+")


def _name_spans(text: str) -> list[tuple[int, int]]:
    """Each name's place, a name beside the same check's other names read once ("garda vetting")."""
    return [(m.start(), m.end()) for m in itertools.islice(_patterns()["names"].finditer(text), _MAX_MATCHES)
            if not (len(m.group()) <= 4 and m.group().isascii() and not m.group().isupper()
                    and m.group().lower() in ("vsc", "pcc", "krk", "crb", "crc", "moj"))]  # short ones in capitals only


def _value_after(text: str, end: int) -> re.Match[str] | None:
    stop = _SENTENCE_END.search(text, end, end + _MAX_GAP + 40)
    hi = stop.start() if stop else min(len(text), end + _MAX_GAP + 40)
    v = _VALUE.search(text, end, hi)
    if v is None or v.start() - end > _MAX_GAP or re.search(r"\d", text[end:v.start()]):
        return None
    if _patterns()["not"].search(text, end, v.start()):
        return None
    return v if _a_number(text, v) else None


def spans(text: str) -> list[Span]:
    """Background checks' numbers in ``text``."""
    if len(text) > 4000:
        return []
    out: list[Span] = []
    for start, end in _name_spans(text):
        if _patterns()["not"].search(text, max(0, start - 30), start):
            continue  # "the order number for my background check is …"
        v = _value_after(text, end)
        if v:
            out.append((v.start(), v.end(), "government id"))
    return list(dict.fromkeys(out))


#: Before a value said first: the start of the text, of a sentence or a line, a colon, a bullet.
_OPENS = re.compile(r"(?:^|[.!?;:\n\u2029•*\-]\s)\s*$|^\s*$")
_MAX_BACK_WORDS = 5  # "009185… — that's the enhanced check", "PCC-5521… is my police clearance"


def named_after_spans(text: str) -> list[Span]:
    """A value opening its sentence that a check's name a few words after calls the check's number
    ("009185076733 — that's the enhanced check, keep it …", "PCC-5521-KQ7T9X is my police clearance").
    Kept: a word of an order, a fee, a phone between or before ("001… was the order for the dbs check")."""
    if len(text) > 4000:
        return []
    out: list[Span] = []
    for start, _end in _name_spans(text):
        lo = max(0, start - _MAX_GAP - 40)
        ends = list(_SENTENCE_END.finditer(text, lo, start))
        lo = ends[-1].end() if ends else lo
        values = [v for v in _VALUE.finditer(text, lo, start) if _a_number(text, v)]
        if not values:
            continue
        v = values[-1]
        gap = text[v.end():start]
        if re.search(r"\d", gap) or len(gap.split()) > _MAX_BACK_WORDS or not _OPENS.search(text[:v.start()]):
            continue
        if _patterns()["not"].search(text, max(0, v.start() - 30), start):
            continue
        out.append((v.start(), v.end(), "government id"))
    return list(dict.fromkeys(out))


#: Before a value alone in its reply: at most two words, or a number's word and a copula ("the reference is").
_LEAD = re.compile(r"\W*(?:[^\W\d]+\W+){0,2}|(?i:\W*(?:the |my |its |it's |el |la |le |das |der |die )?[^\W\d]+(?: (?:number|no\.?|id|ref))?"
                   r" (?:is|was|es|est|ist|è|é|era|:)\W*)")


def thread_spans(text: str, before: str) -> list[Span]:
    """A check's number alone in ``text`` after a turn ``before`` that named a check and gave none — or opening
    a longer turn as a clause of its own ("background check" / "cert 003672611806, tracking of the courier was …")."""
    if len(text) > 200 or not re.search(r"\d", text) or not mentioned(before):
        return []
    if not _name_spans(before) or spans(before) or _patterns()["not"].search(before):
        return []
    v = _VALUE.search(text)
    if v is None or not _LEAD.fullmatch(text[:v.start()]) or not _a_number(text, v) \
            or _patterns()["not"].search(text[:v.start()]):  # "order 77812334, paid …": the order's number
        return []
    if len(text.split()) > _SHORT_REPLY and not _CLAUSE_CLOSED.match(text, v.end()):
        return []
    return [(v.start(), v.end(), "government id")]


#: What closes a number's clause right after it: a comma, a semicolon, a full stop, a dash between spaces.
_CLAUSE_CLOSED = re.compile(r"\s*(?:[,;]|\.(?:\s|$)|\s[—–-]\s)")
