"""A memorable word told beside what a bank does with it, not by its name.

Telephone and online banking ask for some letters of a memorable word ("letters 2 and 5", "the 2nd
and 5th letters of the word", "Buchstaben 2 und 5", "las letras 3 y 6"), or for the word when one rings
("the word halifax wants when i ring them"). Such a cue says a word is near; the word is:

- after the cue and "it's" / "is" / "c'est" ("they always ask for the 2nd and 5th letters of the word…
  its pumpernickel");
- before a dash and "that's the word" that the cue ends ("sandcastle - thats the word halifax wants");
- right before the cue, after the memorable word's name ("memorable word for lloyds Rhubarb they ask
  for letters 2 and 5").

Words in ~25 languages as data (``assets/asked_letters.json``); read only when a text holds a letters'
word or "word" and one of the asking verbs.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_TOKEN = r"(?P<v>[^\W\d_][^\s,;:.!?()\"“”«»…]{2,39})"
_END = r"(?=\s*(?:$|[.,;!?…\n\u2029)]|\s(?:lol|haha|and|but|so|they|the bank|usually|always)\b))"
_NAME = re.compile(r"(?i)(?<![^\W\d_])(?:memorable\s+(?:word|info(?:rmation)?|name|phrase)|secret\s+word|security\s+word"
                   r"|code\s*word|palabra\s+(?:clave|secreta|memorable)|mot\s+(?:mémorable|secret)|merkwort|geheimwort"
                   r"|codewort|kennwort|parola\s+(?:segreta|memorabile)|palavra\s+(?:secreta|memorável)|geheugenwoord)(?![^\W\d_])")


@functools.cache
def _data() -> dict[str, Any]:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("asked_letters.json")
                      .read_text(encoding="utf-8"))


def _alt(words: list[str]) -> str:
    return prefilter.alternation(words)


@functools.cache
def _patterns() -> tuple[lexicon.Gate, re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    d = _data()
    letters, joins, marks = _alt(d["letters"]), _alt(d["joins"]), _alt(d["ordinal_marks"])
    pos = rf"\d{{1,2}}(?:{marks})?"
    seq = rf"{pos}(?:(?:\s*(?:{joins})\s*|[^\S\n]+){pos})+"  # "2 and 5", "2, 4 and 6", "2 4 and 6"
    cue = re.compile(rf"(?i)(?<![^\W\d_])(?:(?:{letters})\s+(?:of\s+)?{seq}|{seq}\s+(?:{letters})(?![^\W\d_])"
                     rf"|(?:{_alt(d['asks'])})\s+(?:for\s+)?(?:some\s+)?(?:{letters})\s+(?:from|of|in|out of)\s+(?:the|my|your|a)\s+word"
                     rf"(?![^\W\d_])"  # "the bank asks for characters from the word"
                     rf"|(?:the\s+)?word\s+(?!(?:i|we|you)\s)(?:[^\W\d_]+\s+){{0,2}}?(?:{_alt(d['asks'])})(?![^\W\d_]))")  # not "the word I want"
    tells = re.compile(rf"(?i)(?<![^\W\d_])(?:{_alt(d['tells'])})\s*:?\s+{_TOKEN}{_END}")
    first = re.compile(rf"(?i)(?:^|(?<=[\n\u2029.!?]))\s*{_TOKEN}\s*(?:[-–—:,]+\s*)?(?:that'?s|thats|that’s|that is|this is|it'?s)"
                       rf"\s+(?:the|my)\s+word(?![^\W\d_])")
    before = re.compile(rf"(?i){_TOKEN}\s*[,.]?\s+(?:they|the bank|she|he|you|it)\s+(?:always\s+|usually\s+|then\s+)?"
                        rf"(?:{_alt(d['asks'])})(?![^\W\d_])")
    return lexicon.Gate([*d["letters"], "word"]), cue, tells, first, before


def spans(text: str) -> list[Span]:
    """Each memorable word told beside the letters asked of it or the bank's wanting it."""
    gate, cue, tells, first, before = _patterns()
    if not gate.open(text):
        return []
    cues = list(cue.finditer(text))
    if not cues:
        return []
    stop = frozenset(_data()["not_values"])
    out: list[Span] = []

    def keep(m: re.Match[str]) -> None:
        if m.group("v").lower() not in stop:
            out.append((m.start("v"), m.end("v"), "password"))

    for c in cues:
        t = tells.search(text, c.end(), min(len(text), c.end() + 60))
        if t:
            keep(t)
        f = first.search(text, max(0, c.start() - 80), c.end())
        if f and f.end() <= c.start() + 12:
            keep(f)
        b = before.search(text, max(0, c.start() - 60), c.end())
        if b and _NAME.search(text, max(0, b.start() - 40), b.start("v")):
            keep(b)
    return out
