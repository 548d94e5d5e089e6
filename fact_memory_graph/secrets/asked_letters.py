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
from collections.abc import Sequence
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


@functools.cache
def _patterns() -> tuple[lexicon.Gate, re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str], lexicon.Gate]:
    d = _data()
    letters, joins, marks = prefilter.alternation(d["letters"]), prefilter.alternation(d["joins"]), prefilter.alternation(d["ordinal_marks"])
    asks, froms = prefilter.alternation(d["asks"]), prefilter.alternation(d["from_words"])
    pos = rf"(?:\d{{1,2}}(?:{marks})?|(?:{prefilter.alternation(d['positions'])})(?![^\W\d_]))"  # "2nd, 5th and last"
    seq = rf"{pos}(?:(?:\s*(?:{joins})\s*|[^\S\n]+){pos})+"  # "2 and 5", "2, 4 and 6", "2 4 and 6"
    # "the word", "my secret word", "a word", "it": what the letters are taken from
    word = r"(?:(?:the|my|your|a|that)\s+(?:[^\W\d_]+\s+){0,2}?word|it)(?![^\W\d_])"
    cue = re.compile(rf"(?i)(?<![^\W\d_])(?:(?:{letters})\s+(?:of\s+)?{seq}|{seq}\s+(?:{letters})(?![^\W\d_])"
                     rf"|(?:{asks})\s+(?:for\s+)?(?:some\s+)?(?:the\s+)?(?:{letters})\s+(?:{froms})\s+(?:(?P<it>it)(?![^\W\d_])|{word})"
                     # "letters from a word", "characters of my memorable word": the bank named in the text
                     rf"|(?P<inst>(?:{letters})\s+(?:{froms})\s+{word}"
                     # "what lloyds asks for after the passcode", "the thing the bank wants"
                     rf"|(?:{prefilter.alternation(d['what_words'])})\s+(?:[^\W\d_]+\s+){{1,3}}?(?:always\s+|usually\s+)?(?:{asks})(?![^\W\d_]))"
                     rf"|(?:the\s+)?word\s+(?!(?:i|we|you)\s)(?:[^\W\d_]+\s+){{0,2}}?(?:{asks})(?![^\W\d_]))")  # not "the word I want"
    tells = re.compile(rf"(?i)(?<![^\W\d_])(?:(?:{prefilter.alternation(d['tells'])})\s*:?\s+(?:(?:{froms})\s+)?|word\s*[:：]\s*|->\s*)"
                       rf"{_TOKEN}(?=\s*(?:$|[.,;!?…\n\u2029)]|\s(?:{prefilter.alternation(d['ends'])})(?![^\W\d_])))")
    first = re.compile(rf"(?i)(?:^|(?<=[\n\u2029.!?]))\s*{_TOKEN}\s*(?:[-–—:,]+\s*)?(?:that'?s|thats|that’s|that is|this is|it'?s)"
                       rf"\s+(?:the|my)\s+word(?![^\W\d_])")
    before = re.compile(rf"(?i){_TOKEN}\s*[,.]?\s+(?:they|the bank|she|he|you|it)\s+(?:always\s+|usually\s+|then\s+)?"
                        rf"(?:{asks})(?![^\W\d_])")
    return lexicon.Gate([*d["letters"], "word"]), cue, tells, first, before, lexicon.Gate(d["asks"])


#: "… letters 2 and 5 of trellis": the word the letters are taken from, named right after them.
_OF = re.compile(r"(?i)\s+(?:of|from|in|von|de|di|van)\s+" + _TOKEN + r"(?=\s*(?:$|[.,;!?…\n\u2029)]))")
#: "Bramley - what lloyds asks for": a value at its clause's start, then a dash or a colon right before the cue
#: ("X — that's what the bank wants" is value_first's, which asks a memorable word's name or a login beside it).
_LEAD = re.compile(r"(?:^|(?<=[\n\u2029.!?]))\s*['\"“‘«]?" + _TOKEN + r"['\"”’»]?\s*(?:[-–—:]+|<-+|←)\s*$")


def _institution(text: str, lo: int, hi: int) -> bool:
    from . import memorable_words

    return memorable_words.names_an_institution(text[max(0, lo):hi])


def spans(text: str) -> list[Span]:
    """Each memorable word told beside the letters asked of it or the bank's wanting it."""
    gate, cue, tells, first, before, asking = _patterns()
    if not (gate.open(text) or asking.open(text) and _institution(text, 0, len(text))):
        return []  # no letters' word, no "word"; or no bank asking ("what lloyds asks for")
    cues = [c for c in cue.finditer(text) if c.group("inst") is None or _institution(text, c.start() - 80, c.end())]
    if not cues:
        return []
    stop = frozenset(_data()["not_values"])
    out: list[Span] = []

    def keep(m: re.Match[str]) -> bool:
        if m.group("v").lower() in stop or m.group("v").lower().strip("'’") in stop:
            return False
        out.append((m.start("v"), m.end("v"), "password"))
        return True

    for c in cues:
        for t in tells.finditer(text, c.end(), min(len(text), c.end() + 60)):
            if keep(t):
                break
        f = first.search(text, max(0, c.start() - 80), c.end())
        if f and f.end() <= c.start() + 12:
            keep(f)
        b = before.search(text, max(0, c.start() - 60), c.end())
        if b and _NAME.search(text, max(0, b.start() - 40), b.start("v")):
            keep(b)
        lead = _LEAD.search(text, max(0, c.start() - 60), c.start())
        if lead and c.group("inst") is not None:  # "Bramley - what lloyds asks for after the passcode"
            keep(lead)
        of = _OF.match(text, c.end())
        if of and c.group(0)[:1].isalpha() and _institution(text, c.start() - 80, c.end()):
            keep(of)  # "bank wants letters 2 and 5 of trellis"
    return out


#: What a reply says before the word: "here ->", "it's", "ah yes", "yeah".
_REPLY_LEAD = re.compile(r"(?i)\s*(?:(?:here|there|ok|okay|so|yeah|yes|ah|oh|right)\b[\s,:!]*(?:->|→|:)?\s*)*"
                         r"(?:(?:it's|its|it is|that's|thats|c'est|es|ist|è|é)\s+)?(?:->|→)?\s*")
#: The reply's value: one word, then its clause's end.
_REPLY = re.compile(r"['\"“‘«]?" + _TOKEN + r"['\"”’»]?(?=\s*(?:$|[.,;!?…\n\u2029)\u2600-\u27bf\U0001f300-\U0001faff]|\s*(?:<-|←|-\s)))")


def thread_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """The word given in a short turn after a turn that only said what the bank asks of it ("the word the bank asks
    for when you ring them" / "Marmalade, the letters they ask for change every time"; "what was the word the bank
    asks for again" / "here -> tangerine")."""
    if not turns or len(text) > 100 or len(text.split()) > 12:
        return []
    prev = turns[-1]
    if len(prev) > 200 or spans(prev):
        return []  # the turn before gave its own word
    gate, cue, _, _, _, asking = _patterns()
    if not (gate.open(prev) or asking.open(prev)):
        return []
    cues = [c for c in cue.finditer(prev) if "word" in c.group(0).casefold() or c.group("inst") is not None
            or c.group("it") is not None]
    if not cues or not (_institution(prev, 0, len(prev)) or any(c.group("it") is not None for c in cues)):
        return []  # a teacher's or a quiz's word: no bank asks for it; "they always want characters from it":
        # only a credential checked in part is asked for some of its characters
    v = _REPLY.match(text, _REPLY_LEAD.match(text).end())
    if not v or v.group("v").casefold().strip("'’") in frozenset(_data()["not_values"]):
        return []
    from . import asked_values

    if asked_values._courtesy(v.group("v")):
        return []
    return [(v.start("v"), v.end("v"), "password")]
