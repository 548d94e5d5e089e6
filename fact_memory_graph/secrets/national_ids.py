"""A person's national id told by any word of identity, read by its checksum.

``tax_ids`` knows each country's own name for its id (PESEL, BSN, personnummer …); people also say
it with the words every language has for identity ("mi número de identificación es …", "il mio
numero di identità …", "мой идентификационный номер …", "numărul meu personal …"). After such a
word (assets/national_ids.json: stems in many languages), within the sentence, a value that passes
the check digit of one of python-stdnum's personal ids is withheld: the word says it is an identity,
the checksum that it is a real one. Ids with no check digit (a US SSN, a CNIC) are left to their own
names, since a DUNS or a customer's number passes their shape. A word of an order, a customer, a
company, a phone or an example between the word and the value (or right before the word) keeps it.
"""

from __future__ import annotations

import importlib
import itertools
import json
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "national_ids.json"
_TAX_IDS = _ASSET.with_name("tax_ids.json")
#: A value's groups: each with a digit, or a last group of one to three letters ("54320915-K", "… 0 ZZ4").
_GROUP = re.compile(r"[A-Za-z]{0,6}\d[\dA-Za-z]*")
_LETTERS = re.compile(r"[A-Za-z]{1,3}(?![\w])")
_SEP = re.compile(r"[ .\-/]")
_SENTENCE_END = re.compile(r"[.!?;\n](?:\s|$)|[。！？]")
_WINDOW = 70  # the value stands a few words after its identity word
_MAX_WORDS = 8  # a crafted message repeating the words is read only this far
_TWO_DIGITS = re.compile(r"\d\D{0,3}\d")
_BACK = 40  # a value said first stands right before its name


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _identity_words():  # noqa: ANN202 - a gated prefix tree (see prefilter.word_tree)
    # the words of identity, and each country's own name for its id (tax_ids.json: PESEL, CPR, AMKA …)
    # (a stem takes a few letters of inflection; a country's name is a whole word: "nas" is no "naslouchadla")
    names = json.loads(_TAX_IDS.read_text(encoding="utf-8"))["personal"]
    stems = prefilter.word_tree(_data()["stems"], prefilter.spaced_atom, head=prefilter.WORD_HEAD,
                                tail=r"[^\W\d_]{0,14}", flags="")
    return re.compile(f"(?i){stems.pattern}|{prefilter.whole_words(names)}")


@lru_cache(maxsize=1)
def _gate() -> lexicon.Gate:
    """The lexicon's one pass: whether any word of identity can be in a text (most texts: none)."""
    return lexicon.Gate([*_data()["stems"], *json.loads(_TAX_IDS.read_text(encoding="utf-8"))["personal"]])


@lru_cache(maxsize=1)
def _not_between() -> re.Pattern[str]:
    # a long word may be inflected or compounded after it ("bestellnummer"); a short one is a whole
    # word ("ein", "lei", "tel" start many other words)
    words = _data()["not_between"]
    long = prefilter.word_tree([w for w in words if len(w) > 4], prefilter.spaced_atom, head=prefilter.WORD_HEAD, flags="")
    short = prefilter.whole_words([w for w in words if len(w) <= 4])
    return re.compile(f"(?i){long.pattern}|{short}")


@lru_cache(maxsize=1)
def _validators() -> tuple[Callable[[str], bool], ...]:
    out = []
    for name in _data()["modules"]:
        try:
            out.append(importlib.import_module(f"stdnum.{name}").is_valid)
        except ImportError:
            continue
    return tuple(out)


@lru_cache(maxsize=1)
def _country_names() -> dict[str, tuple[str, ...]]:
    return {name.lower(): tuple(mods) for name, mods in
            json.loads(_TAX_IDS.read_text(encoding="utf-8"))["personal"].items()}


@lru_cache(maxsize=256)
def _own_validators(word: str) -> tuple[Callable[[str], bool], ...]:
    """A country's own name for its id also admits that id's module when it has no check digit (CPR)."""
    word = word.lower()
    names = [n for n in _country_names() if word.startswith(n)]
    out = []
    for name in sorted(names, key=len)[-1:]:
        for module in _country_names()[name]:
            try:
                out.append(importlib.import_module(f"stdnum.{module}").is_valid)
            except ImportError:
                continue
    return tuple(out)


def _passes(value: str, own: tuple[Callable[[str], bool], ...] = ()) -> bool:
    compact = re.sub(r"[ .\-/]", "", value)
    if not 8 <= len(compact) <= 20 or sum(ch.isdigit() for ch in compact) < 7 or len(set(compact)) < 4:
        return False
    for valid in (*own, *_validators()):
        try:
            if valid(value):
                return True
        except Exception:  # noqa: BLE001, S112 - a module's own parsing of an odd value
            continue
    return False


def _values(text: str, start: int, end: int, own: tuple = ()):  # noqa: ANN202 - each longest valid value
    pos = start
    while True:
        m = _GROUP.search(text, pos, end)
        if m is None:
            return
        if m.start() > 0 and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "+-/."):
            pos = m.end()
            continue
        ends = [m.end()]
        at = m.end()
        while len(ends) < 8 and at < end and _SEP.match(text, at):
            nxt = _GROUP.match(text, at + 1) or _LETTERS.match(text, at + 1)
            if nxt is None:
                break
            at = nxt.end()
            ends.append(at)
            if not any(ch.isdigit() for ch in nxt.group()):
                break
        for stop in reversed(ends):
            if stop < len(text) and (text[stop].isalnum() or text[stop] in "+-/" and stop + 1 < len(text)
                                     and text[stop + 1].isalnum()):
                continue
            if _passes(text[m.start():stop], own):
                yield m.start(), stop
                pos = stop
                break
        else:
            pos = m.end()


def spans(text: str) -> list[Span]:
    """A checksum-valid personal id a few words after a word of identity ("o meu número de identificação é …")."""
    if not _TWO_DIGITS.search(text) or not _gate().open(text):  # most messages: no number, or no such word
        return []
    found = list(itertools.islice(_identity_words().finditer(text), _MAX_WORDS))  # gated by the lexicon's pass
    out: list[Span] = [*_named_after(text, found)]
    for word in found:
        stop = min(len(text), word.end() + _WINDOW)
        end = _SENTENCE_END.search(text, word.end(), stop)
        stop = end.start() if end else stop
        if _not_between().search(text, max(0, word.start() - 25), word.start()):
            continue
        for a, b in _values(text, word.end(), stop, _own_validators(word.group())):
            if _not_between().search(text, word.end(), a):
                break
            out.append((a, b, "government id"))
            break
    return list(dict.fromkeys(out))


def _named_after(text: str, found: list[re.Match[str]]) -> list[Span]:
    """A value a few words before its identity word, in the same sentence ("211293-… er mit CPR-nummer")."""
    out: list[Span] = []
    for word in found:
        start = max(0, word.start() - _BACK)
        ends = list(_SENTENCE_END.finditer(text, start, word.start()))
        start = ends[-1].end() if ends else start
        values = list(_values(text, start, word.start(), _own_validators(word.group())))
        if values and not _not_between().search(text, values[-1][1], word.end()) \
                and not _not_between().search(text, max(start, values[-1][0] - 25), values[-1][0]):  # "order 4403…"
            out.append((*values[-1], "government id"))
    return out


@lru_cache(maxsize=1)
def _purpose_patterns() -> tuple[lexicon.Gate, re.Pattern[str], re.Pattern[str]]:
    d = _data()
    purposes = prefilter.word_tree(d["purposes"], prefilter.spaced_atom, head=prefilter.WORD_HEAD,
                                   tail=r"[^\W\d_]{0,12}", flags="")
    return (lexicon.Gate(d["purposes"]), re.compile(f"(?i){purposes.pattern}"),
            re.compile(f"(?i){prefilter.whole_words(d['number_words'])}"))


#: A number written as a phone's: a trunk zero, then groups ("06 12 34 56 78", "0612-345678"); "my number" is
#: often a phone's, and a phone number in groups passes some id's check as often as any number does.
_PHONE_WRITTEN = re.compile(r"0[1-9]\d{0,4}[ \-./]\d")
#: A purpose's word right after or before the number's word names the thing's own number ("номер договора",
#: "contract number", "the number of the lease"), not what a person's id is for.
_OWN_NUMBER_AFTER = re.compile(r"(?i)\s*(?:(?:of|de|del|della|du|des|van|von|der|od|the|la|le|el|il)\s+){0,2}")
_OWN_NUMBER_BEFORE = re.compile(r"(?i)(?:'s|’s)?\s*")
_PURPOSE_GAP = 60  # from a number's word to its value: a possessive, a colon, a few words ("mi número: …", "המספר של הבת שלי …")
_PURPOSE_SENTENCE = re.compile(r"[!?;\n](?:\s|$)|\.(?:\s|$)|[。！？]")


def purpose_spans(text: str) -> list[Span]:
    """A checksum-valid personal id after a number's word, with no word of identity, where its sentence
    says what it is given for ("here's dad's number for the survivor benefit paperwork 0223…", "te paso
    mi número: 247 794 228 para el modelo 100 de la renta", "номер для договора с лейблом 9011…"): a
    benefit, a tax return, a registration, a contract, a notary. Kept: a word of an order, a customer, a
    phone, an example … (``not_between``) anywhere in the sentence; a number written as a phone's."""
    if len(text) > 2000 or not _TWO_DIGITS.search(text):
        return []
    gate, purposes, numbers = _purpose_patterns()
    if not gate.open(text):
        return []
    out: list[Span] = []
    for word in itertools.islice(numbers.finditer(text), _MAX_WORDS):
        starts = [m.end() for m in _PURPOSE_SENTENCE.finditer(text, 0, word.start())]
        lo = starts[-1] if starts else 0
        end = _PURPOSE_SENTENCE.search(text, word.end())
        hi = end.start() if end else len(text)
        found = [m for m in purposes.finditer(text, lo, hi) if not _OWN_NUMBER_AFTER.fullmatch(text, word.end(), m.start())
                 and not _OWN_NUMBER_BEFORE.fullmatch(text, m.end(), word.start())]  # "contract number", "номер договора"
        if not found or any(not any(p.start() <= w.start() < p.end() for p in found)  # "modelo 100 de la renta"
                            for w in _not_between().finditer(text, lo, hi)):
            continue
        for a, b in _values(text, word.end(), min(hi, word.end() + _PURPOSE_GAP + 24)):  # the first value only
            if a - word.end() > _PURPOSE_GAP or len(text[word.end():a].split()) > 10 or _TWO_DIGITS.search(text, word.end(), a):
                break
            if not _PHONE_WRITTEN.match(text[a:b]) and not text[max(0, a - 2):a].strip().endswith(("+", "(")):
                out.append((a, b, "government id"))
            break
    return list(dict.fromkeys(out))


_LONE = re.compile(r"^\W{0,3}[\w .\-/]{8,30}\W{0,3}$")


def named_by_next(text: str, after: str) -> list[Span]:
    """A value alone in its turn that the turn after names as an identity ("07250326614" / "to mój pesel")."""
    if not _LONE.match(text) or not _TWO_DIGITS.search(text) or _TWO_DIGITS.search(after) or not _gate().open(after):
        return []
    found = list(itertools.islice(_identity_words().finditer(after), _MAX_WORDS))
    if not found or _not_between().search(after):
        return []
    own = tuple(v for w in found for v in _own_validators(w.group()))
    return [(a, b, "government id") for a, b in _values(text, 0, len(text), own)][:1]


_REPLY_WORDS = 6  # a reply that gives the value: the value and a few words ("se on 190868-170R", "es el 1386…")


def thread_spans(text: str, before: str) -> list[Span]:
    """A value in a short reply after a turn that named an identity and gave none ("apúntate el documento
    de mi marido para la matrícula" / "13863001G", "lapsen tunnus tarvitaan" / "se on 190868-170R")."""
    if len(text) > 120 or len(text.split()) > _REPLY_WORDS or not _TWO_DIGITS.search(text) \
            or not _gate().open(before) or _TWO_DIGITS.search(before):
        return []
    found = list(itertools.islice(_identity_words().finditer(before), _MAX_WORDS))
    if not found or any(_not_between().search(before, max(0, w.start() - 25), w.end() + 25) for w in found):
        return []
    own = tuple(v for w in found for v in _own_validators(w.group()))
    values = list(_values(text, 0, len(text), own))
    if not values or _not_between().search(text):
        return []
    a, b = values[0]
    return [(a, b, "government id")] if len(text[:a].split()) <= 2 else []
