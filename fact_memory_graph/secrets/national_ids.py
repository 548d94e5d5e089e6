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

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "national_ids.json"
#: A value's groups: each with a digit, or a last group of one to three letters ("54320915-K", "… 0 ZZ4").
_GROUP = re.compile(r"[A-Za-z]{0,6}\d[\dA-Za-z]*")
_LETTERS = re.compile(r"[A-Za-z]{1,3}(?![\w])")
_SEP = re.compile(r"[ .\-/]")
_SENTENCE_END = re.compile(r"[.!?;\n](?:\s|$)|[。！？]")
_WINDOW = 70  # the value stands a few words after its identity word
_MAX_WORDS = 8  # a crafted message repeating the words is read only this far
_TWO_DIGITS = re.compile(r"\d\D{0,3}\d")


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _identity_words():  # noqa: ANN202 - a gated prefix tree (see prefilter.word_tree)
    d = _data()
    return prefilter.word_tree(d["stems"], prefilter.spaced_atom, head=prefilter.WORD_HEAD, tail=r"[^\W\d_]{0,14}")


@lru_cache(maxsize=1)
def _not_between() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.word_tree(_data()["not_between"], prefilter.spaced_atom,
                                                   head=prefilter.WORD_HEAD, flags="").pattern)


@lru_cache(maxsize=1)
def _validators() -> tuple[Callable[[str], bool], ...]:
    out = []
    for name in _data()["modules"]:
        try:
            out.append(importlib.import_module(f"stdnum.{name}").is_valid)
        except ImportError:
            continue
    return tuple(out)


def _passes(value: str) -> bool:
    compact = re.sub(r"[ .\-/]", "", value)
    if not 8 <= len(compact) <= 20 or sum(ch.isdigit() for ch in compact) < 7 or len(set(compact)) < 4:
        return False
    for valid in _validators():
        try:
            if valid(value):
                return True
        except Exception:  # noqa: BLE001, S112 - a module's own parsing of an odd value
            continue
    return False


def _values(text: str, start: int, end: int):  # noqa: ANN202 - (start, end) of each longest valid value
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
            if _passes(text[m.start():stop]):
                yield m.start(), stop
                pos = stop
                break
        else:
            pos = m.end()


def spans(text: str) -> list[Span]:
    """A checksum-valid personal id a few words after a word of identity ("o meu número de identificação é …")."""
    if not _TWO_DIGITS.search(text):  # a C-speed test first: most messages have no number
        return []
    found = list(itertools.islice(_identity_words().finditer(text), _MAX_WORDS))  # gated by the lexicon's pass
    out: list[Span] = []
    for word in found:
        stop = min(len(text), word.end() + _WINDOW)
        end = _SENTENCE_END.search(text, word.end(), stop)
        stop = end.start() if end else stop
        if _not_between().search(text, max(0, word.start() - 25), word.start()):
            continue
        for a, b in _values(text, word.end(), stop):
            if _not_between().search(text, word.end(), a):
                break
            out.append((a, b, "government id"))
            break
    return list(dict.fromkeys(out))
