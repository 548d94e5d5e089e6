"""Keys and codes issued to one person to unlock something: a program's licence, an exam's or a
course's download or registration.

"product key for office: X7K2-99QP", "the licence key they gave me is …", "der Freischaltcode für die
Prüfung lautet …", "la clave para descargar los exámenes es …", "il codice di iscrizione all'esame è …".
The grammar: such a key's name (~25 languages), or a key's word with a purpose after it ("the key to
download the exams", "clave para descargar"), a few words without a digit, an optional copula or colon,
and a value of a key's shape (letters and digits, often in dashed groups; at least two digits).

Look-alikes kept: a value without digits (a word), an order's, a ticket's or a booking's number (no key's
name), a serial printed for everyone (the public filters after this reader). Words are data
(``assets/issued_keys.json``); the reader runs only when a key's name or a purpose is in the text.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_DIGITS = re.compile(r"\d")

#: A key's shape: letters and digits with at least two digits, 5-64 long, groups split by dashes.
_VALUE = (r"(?P<v>(?=[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d)[A-Za-z0-9]{2,12}(?:-[A-Za-z0-9]{2,12}){0,7}"
          r"|\d{5,12})(?![\w€£$%]|[.,:/-]\w)")
_GAP = r"[^\d\n.!?;]{0,50}?"
_COPULA = (r"(?:\s(?:is|are|was|ist|lautet|est|c'est|es|era|è|é|is|jest|to|это|är|er|on|je|este|είναι|là|adalah"
           r"|ni|היא|هو|है|是|는|は)\s*|\s*[:=：]\s*|\s*[-–—]\s+|\s+)")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("issued_keys.json").read_text(encoding="utf-8"))


@functools.cache
def _words() -> lexicon.Gate:
    return lexicon.Gate([*_data()["names"], *_data()["purposes"]])


@functools.cache
def _pattern() -> re.Pattern[str]:
    d = _data()
    alt = prefilter.whole_words
    named = rf"(?:{alt(d['names'])}|(?:{alt(d['key_words'])})\s+(?:{alt(d['purpose_links'])})\s+(?:\w+\s+){{0,2}}?(?:{alt(d['purposes'])}))"
    return re.compile(rf"(?i){named}{_GAP}{_COPULA}(?<![\w-]){_VALUE}")


def spans(text: str) -> list[Span]:
    """Keys after their name or their purpose (see the module's note)."""
    if len(text) > 3000 or not _DIGITS.search(text) or not _words().open(text):  # every value holds digits
        return []
    out: list[Span] = []
    for m in _pattern().finditer(text):
        value = m.group("v")
        if len(value) >= 5 and re.search(r"\d", value):
            out.append((m.start("v"), m.end("v"), "password"))
    return out
