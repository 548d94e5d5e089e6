"""A person's own tax or national id, by whose it is.

A word only a person's id has (TFN, SSN, Steuer-ID, BSN, PESEL, CPF, personnummer, マイナンバー …;
assets/tax_ids.json), then within the sentence a value that passes that word's python-stdnum
checksum: the value is the person's id, even where a business's word stands between ("TFN for my
ABN sole trader stuff: 578 587 095" — an ABN has eleven digits, a TFN nine). A US EIN is a
business's number and public — unless the thread says it is a sole trader's or a side business's
(and names no company form), or asks to keep it private. Examples and formats are kept.
"""

from __future__ import annotations

import importlib
import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import prefilter
from fact_memory_graph.secrets.checksums import luhn as _luhn

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "tax_ids.json"
_VALUE = re.compile(r"(?<![\w/+\-.])[A-Za-z]{0,5}\d(?:[ .\-/\u2013\u2014_]?\d|[A-Za-z]){3,19}(?![\w/+\-])")
_EIN = re.compile(r"(?<![\w\-])\d{2}[-\u2013 ]?\d{7}(?![\w\-])")
_EIN_NAME = re.compile(r"(?i)(?<![^\W\d_])(?:ein|employer identification number|fein)(?![^\W\d_])")
_OWN_VALUE = re.compile(r"[^\d\n.!?;]{0,32}?(?:(?<![\w/+\-.])|(?<=[\u3400-\u9fff]))(?P<v>[A-Za-z]{0,3}\d(?:[ .\-/]?\d|[A-Za-z]){6,16}|[A-Z]{5}\d{4}[A-Z])"
                        r"(?![\w/+\-]|[.,]\d)")
_LONE_VALUE = re.compile(r"^\W{0,3}(?P<v>[A-Za-z]{0,3}\d(?:[ .\-/]?\d|[A-Za-z]){6,16})\W{0,3}$")
_DATE = re.compile(r"(?:19|20)\d\d[ .\-/]\d{1,2}[ .\-/]\d{1,2}|\d{1,2}[ .\-/]\d{1,2}[ .\-/](?:19|20)?\d\d")
_MAX_MATCHES = 24  # a message names a few ids; a crafted one repeating a name is read only this far
_REFERENCE_GAP = re.compile(r"(?i)invoice|factur|fattur|rechnung|letter|brief|carta|lettre|bescheid|reference|ref\b"
                            r"|case|page|página|seite|order|pedido|commande|bestell|ticket|phone|tel|call|ruf")
_YEAR_REF = re.compile(r"(?:19|20)\d\d[/\-]")  # "2024/0193": a year's running number, a reference
_SHAPE = re.compile(r"\d{4}|\d[ .\-/]\d")  # a cheap first test: every id has four digits in a row or split
_SENTENCE_END = re.compile(r"(?<![Nn]o)(?<![Nn]r)(?<!núm)[.!?;\n](?:\s|$)|[。！？]")


_alt = prefilter.whole_words  # each word whole, as one prefix tree


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    d = _data()
    return {"personal": re.compile(f"(?i)(?:{_alt(list(d['personal']))})"),
            "sole": re.compile(f"(?i)(?:{_alt(d['sole'])})"),
            "private": re.compile(f"(?i)(?:{_alt(d['private'])})"),
            "company": re.compile(f"(?i)(?:{_alt(d['company'])})"),
            "shaped": re.compile(f"(?i)(?:{_alt(list(d['shaped']))})"),
            "not": re.compile(f"(?i)(?:{_alt(d['not_values'])})"),
            "tax": re.compile(f"(?i)(?:{_alt(d['tax_words'] + d['own_tax_words'])})"),
            "own": re.compile(f"(?i)(?:{_alt(d['own_tax_words'])})"),
            "mine": re.compile(f"(?i)(?:{_alt(d['mine'])})"),
            "self": re.compile(f"(?i)(?:{_alt(d['self_employed'])})")}


@lru_cache(maxsize=1)
def _quick() -> re.Pattern[str]:
    d = _data()
    return re.compile("(?i)" + _alt([*d["personal"], *d["tax_words"], *d["own_tax_words"], *d["shaped"], "ein", "fein",
                                     "employer identification number"]))


@lru_cache(maxsize=64)
def _validator(module: str):  # noqa: ANN202 - a python-stdnum module's is_valid
    try:
        return importlib.import_module(f"stdnum.{module}").is_valid
    except ImportError:
        return None


def _valid(module: str, value: str) -> bool:
    check = _validator(module)
    if check is None:
        return False
    try:
        return bool(check(re.sub(r"[\s_\u2013\u2014]", "", value)))
    except Exception:  # noqa: BLE001 - a validator's own error is a no
        return False


def _made_up(value: str) -> bool:
    """A run of one digit or of digits in order ("00000000T", "12345678Z"): a form's example."""
    digits = re.sub(r"\D", "", value)
    return len(set(digits)) <= 2 or digits[:8] in "0123456789012345678" or digits[:8] in "9876543210987654321"


def spans(text: str, context: str = "") -> list[Span]:
    """A person's tax or national ids in ``text`` (``context``: the thread's earlier turns)."""
    if len(text) > 4000 or not _SHAPE.search(text):
        return []
    quick = _quick()
    if not quick.search(text) and not (context and quick.search(context)):
        return []
    p = _patterns()
    if p["not"].search(text):
        return []
    out: list[Span] = []
    words = _data()["personal"]
    for m in itertools.islice(p["personal"].finditer(text), _MAX_MATCHES):
        modules = words.get(re.sub(r"\s+", " ", m.group().lower().replace("’", "'")))
        if not modules:
            continue
        window = text[m.end():m.end() + 70]
        end = _SENTENCE_END.search(window)
        window = window[:end.start()] if end else window
        v = _VALUE.search(window)
        if v and not _made_up(v.group()) and any(_valid(mod, v.group().upper()) for mod in modules):
            out.append((m.end() + v.start(), m.end() + v.end(), "government id"))
    if context and not out:  # "my friend's Aadhaar" / "the number is 3372 …": named in the turn before
        last = None
        for m in p["personal"].finditer(context):
            last = m
        modules = last and words.get(re.sub(r"\s+", " ", last.group().lower().replace("’", "'")))
        if modules and not re.search(r"\d", context[last.end():]):
            for v in itertools.islice(_VALUE.finditer(text), _MAX_MATCHES):
                if not _made_up(v.group()) and any(_valid(mod, v.group().upper()) for mod in modules):
                    out.append((v.start(), v.end(), "government id"))
                    break
    out.extend(_own_tax_numbers(text, context, p))
    out.extend(_shaped_ids(text, p))
    if _EIN_NAME.search(text) or (context and _EIN_NAME.search(context)):
        whole = f"{context}\n{text}"
        own = (p["sole"].search(whole) and not p["company"].search(whole)) or p["private"].search(whole)
        if own:
            for v in itertools.islice(_EIN.finditer(text), _MAX_MATCHES):
                if _valid("us.ein", v.group()):
                    out.append((v.start(), v.end(), "government id"))
    return out


def _own(text: str, start: int, end: int, p: dict[str, re.Pattern[str]]) -> bool:
    """A "mine" word right before or after a tax number's word, or a self-employed word in the sentence,
    and no company's word in it: the writer's own number."""
    lo = max(0, start - 30)
    head = text[lo:start]
    cut = max(head.rfind("."), head.rfind("\n"), head.rfind(";"))
    head = head[cut + 1:] if cut >= 0 else head
    tail = text[end:end + 32]  # "… for our domestic worker"
    sentence = text[max(0, start - 80):end + 80]
    if p["company"].search(sentence):
        return False
    return bool(p["own"].fullmatch(text, start, end) or p["mine"].search(head) or re.match(r"^\s*(?:" + p["mine"].pattern[4:] + ")", tail, re.I)
                or p["self"].search(sentence))


#: A note: only the name, then the value ("ٹیکس نمبر 62249302155", "纳税人识别号813 904 258"), or only the name.
_NOTE_HEAD = re.compile(r"\W{0,3}\Z")
_NOTE_TAIL = re.compile(r"[\W_]{0,6}\Z")
#: An Indian PAN whose fourth letter says its holder is a person ("P"), with its check digit's shape.
_PERSON_PAN = re.compile(r"[A-Z]{3}P[A-Z]\d{4}[A-Z]")


def _noted(text: str, start: int, end: int, p: dict[str, re.Pattern[str]]) -> bool:
    """Whether ``text`` is only a tax number's name (from ``start`` to ``end``) and what follows it: a note
    of one's own number, with no company's word."""
    return bool(_NOTE_HEAD.match(text[:start])) and not p["company"].search(text)


def _own_tax_numbers(text: str, context: str, p: dict[str, re.Pattern[str]]) -> list[Span]:
    out: list[Span] = []
    for m in itertools.islice(p["tax"].finditer(text), _MAX_MATCHES):
        v = _OWN_VALUE.match(text, m.end())
        if v and not (_made_up(v.group("v")) and not _PERSON_PAN.fullmatch(v.group("v"))) and not _DATE.fullmatch(v.group("v")) \
                and not _REFERENCE_GAP.search(text, m.end(), v.start("v")) and not _YEAR_REF.match(v.group("v")) \
                and (_own(text, m.start(), m.end(), p)
                     or _noted(text, m.start(), m.end(), p) and _NOTE_TAIL.match(text, v.end("v"))
                     or _PERSON_PAN.fullmatch(v.group("v")) and _valid("in_.pan", v.group("v"))
                     and not p["company"].search(text)):
            out.append((v.start("v"), v.end("v"), "government id"))
    if context and not out:
        last = None
        for m in p["tax"].finditer(context):
            last = m
        if last is not None and not re.search(r"\d", context[last.end():]) \
                and (_own(context, last.start(), last.end(), p)
                     or _noted(context, last.start(), last.end(), p) and _NOTE_TAIL.match(context, last.end())):
            v = _LONE_VALUE.match(text)
            if v and not _made_up(v.group("v")):
                out.append((v.start("v"), v.end("v"), "government id"))
    return out


@lru_cache(maxsize=1)
def _company_owner() -> re.Pattern[str]:
    return re.compile("(?i)" + _alt(_data()["company_owner"]))


def without_company_ids(text: str, found: list[Span]) -> list[Span]:
    """``found`` without an id's value read as a whole clause that begins with its owner, a company
    ("el NIF de la empresa que nos vendió la caldera: G37…"): a business's id, public."""
    if not found:
        return found
    out = []
    for sp in found:
        if sp[2] == "government id" and sp[1] - sp[0] > 12 and len(re.findall(r"\d+", text[sp[0]:sp[1]])) == 1 \
                and not _patterns()["personal"].search(text, sp[0], sp[1]):
            head = text[sp[0]:sp[0] + 30]
            m = _company_owner().match(head) or _company_owner().match("de " + head)
            if m:
                continue
        out.append(sp)
    return out


def _shaped_ids(text: str, p: dict[str, re.Pattern[str]]) -> list[Span]:
    """Ids python-stdnum has no module for (an Emirates ID, a Ghana card, a PIS), by shape right after their name."""
    out: list[Span] = []
    shapes = _data()["shaped"]
    for m in itertools.islice(p["shaped"].finditer(text), _MAX_MATCHES):
        shape = shapes.get(re.sub(r"\s+", " ", m.group().lower()))
        if not shape:
            continue
        luhn = shape.startswith("luhn:")
        v = re.compile(r"[^\d\n.!?;]{0,25}?(?<![\w\-])(?P<v>" + shape.removeprefix("luhn:") + r")(?![\w\-])",
                       re.I).match(text, m.end())
        if v and not _made_up(v.group("v")) and (not luhn or _luhn(re.sub(r"\D", "", v.group("v")))):
            out.append((v.start("v"), v.end("v"), "government id"))
    return out


#: A value opening the message ("6073977732 tax number, payroll needs it", "20322649097←税番号です").
_FIRST_VALUE = re.compile(r"\W{0,3}(?P<v>[A-Za-z]{0,5}\d(?:[ .\-/]?\d|[A-Za-z]){5,16}|[A-Z]{5}\d{4}[A-Z])"
                          r"(?![\w/+\-]|[.,]\d)")
_NAME_AFTER = 60  # characters after the value within which its name stands
_WORDS_BEFORE_NAME = 5  # "… – ये मेरा PAN नंबर है", "… ese es mi NIF", "… هذا رقمي الضريبي"


def named_after_spans(text: str) -> list[Span]:
    """A value that opens the message and a tax number's name (or a personal id's) a few words after it
    calls the writer's tax number ("99111617757 <- thats the tax ID", "959849668 vergi numaram bu",
    "QMMPA5951J 这是我的税号"). Kept: a company's word in the message, a reference's or a phone's word
    between, a date, a year's running number, a made-up run; a short name (an acronym such as "PAN",
    "NIF") only in capitals ("4471239 sin IVA" is a price's)."""
    if len(text) > 300 or not _SHAPE.search(text):
        return []
    m = _FIRST_VALUE.match(text)
    if not m:
        return []
    value = m.group("v")
    if (_made_up(value) and not _PERSON_PAN.fullmatch(value)) or _DATE.fullmatch(value) or _YEAR_REF.match(value):
        return []
    quick = _quick()
    if not quick.search(text, m.end()):
        return []
    p = _patterns()
    hi = min(len(text), m.end() + _NAME_AFTER)
    names = [n for n in (p["tax"].search(text, m.end(), hi), p["personal"].search(text, m.end(), hi)) if n]
    names = [n for n in names if len(n.group()) > 4 or n.group().isupper() or not n.group().isascii()]
    if not names:
        return []
    name = min(names, key=lambda n: n.start())
    gap = text[m.end():name.start()]
    if re.search(r"\d", gap) or len(gap.split()) > _WORDS_BEFORE_NAME or _REFERENCE_GAP.search(gap) \
            or p["company"].search(text) or p["not"].search(text):
        return []
    return [(m.start("v"), m.end("v"), "government id")]
