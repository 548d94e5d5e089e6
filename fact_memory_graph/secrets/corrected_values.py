"""A value given as a correction of one given before: "sorry typo, it's c0c0nut94 not the one I said
before", "wait no sorry it's lavenderLavender77 not syv840EW!", "correction: it's Xklhq067#45, not the one
I sent earlier", "the password I gave the 'Microsoft' guy wasn't PpIk9jxaBO*, it was Sunfl0wer77", "oops, I
mean Mariposa_88 not Mariposa88", "perdón, es gatito_2019, no gatito2018".

A correction's word (``cues``: "sorry", "correction", "typo", "perdón", "Korrektur", "извини") before, in
the same message, then one of three forms: a copula, the value and a negation ("it's X not Y"); "I mean"
and the value, a negation ("I mean X not Y"); a "wasn't", the wrong value and "it was" the right one. The
value replaced (Y) is a password's shape too, or the words for the one given before ("the one I said",
"el que te di"). Both values are withheld. A value is a password's shape with a lower-case letter or a
sign in it, six characters at least: a flight, a room or a reference in capitals and digits ("it's BA2490
not BA2940", "room 4012 not 4021") and a day or a time ("it's Tuesday not Monday", "5pm not 4pm") are no
password and stay.

Words as data (``assets/corrected_values.json``, ~20 languages); the reader runs only on a text holding a
cue's word (one lexicon lookup).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter, spoken_credentials

Span = tuple[int, int, str]

_TOKEN = r"[\"'“‘«]?(?P<{name}>[^\s\"'“”‘’«»()\[\]{{}}<>,;]{{6,64}}?)[\"'”’»]?"
_EDGE = ".,;:?…'\"“”«»()"
_MAX_MATCHES = 6


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("corrected_values.json").read_text(encoding="utf-8"))


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_data()["cues"])


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold a correction's word (a set lookup for most texts)."""
    return _gate().open(text)


def _w(key: str) -> str:
    return prefilter.whole_words(_data()[key])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], ...]:
    value, wrong = _TOKEN.format(name="v"), _TOKEN.format(name="y")
    end = r"(?=[.,;:!?…)]*(?:\s|$))"
    copula = re.compile(rf"(?i)(?<![^\W\d_])(?:{_w('copulas')})\s+{value}{end}[\s,]*(?:{_w('negations')})\s+"
                        rf"(?:{wrong}{end}|(?P<e>{_w('earlier')})(?![^\W\d_]))")
    meant = re.compile(rf"(?i)(?<![^\W\d_])(?:{_w('meant')})[\s,:]+{value}{end}[\s,]*(?:{_w('negations')})\s+"
                       rf"(?:{wrong}{end}|(?P<e>{_w('earlier')})(?![^\W\d_]))")
    was_not = re.compile(rf"(?i)(?<![^\W\d_])(?:{_w('was_not')})\s+{wrong}{end}[\s,;—–\-]*(?:{_w('it_was')})\s+{value}{end}")
    cue = re.compile(rf"(?i)(?<![^\W\d_])(?:{_w('cues')})(?![^\W\d_])")
    # "sorry not sunset-falcon-comet-cometx, it's sunset-falcon-comet-comet": the wrong one first, negated
    not_it = re.compile(rf"(?i)(?<![^\W\d_])(?:{_w('negations')})\s+{wrong}{end}[\s,;—–\-]*(?:{_w('it_was')})\s+{value}{end}")
    return copula, meant, was_not, not_it, cue


def _a_password(token: str) -> bool:
    """A password's shape, with a lower-case letter or a sign: not a flight's, a room's or a form's code."""
    token = token.rstrip(_EDGE)
    if len(token) < 6 or "@" in token and "." in token.split("@")[-1] or "/" in token:
        return False
    if _DASHED_WORDS.fullmatch(token):
        return True  # "sunset-falcon-comet-comet": words joined by dashes, a passphrase's shape
    if not spoken_credentials.password_like(token):
        return False
    return bool(re.search(r"[a-z]", token) and re.search(r"\d|[A-Z]", token)
                or re.search(r"[!@#$%^&*_+=~?]", token))


_DASHED_WORDS = re.compile(r"[^\W\d_]{3,12}(?:-[^\W\d_]{3,12}){2,5}")
_MODEL = re.compile(r"([^\W\d_]+)[\s-]?(\d{1,2})")


def _models(value: str, wrong: str) -> bool:
    """Two models of one name ("iPhone15 not iPhone14", "PS5 not PS4"): a name and a short number each."""
    a, b = _MODEL.fullmatch(value.rstrip(_EDGE)), _MODEL.fullmatch(wrong.rstrip(_EDGE))
    return bool(a and b and a.group(1).lower() == b.group(1).lower())


def spans(text: str) -> list[Span]:
    """The values a correction gives, and the ones it replaces."""
    if len(text) > 1500:
        return []
    copula, meant, was_not, not_it, cue = _patterns()
    cues = [m.start() for m in cue.finditer(text)]
    if not cues:
        return []
    out: list[Span] = []
    for pattern in (copula, meant, was_not, not_it):
        for n, m in enumerate(pattern.finditer(text)):
            if n >= _MAX_MATCHES:
                break
            if not any(c <= m.start("v") and m.start() - c <= 120 for c in cues):
                continue  # no correction said before it
            if not _a_password(m.group("v")):
                continue
            wrong = m.group("y")
            if wrong is not None and (not _a_password(wrong) or _models(m.group("v"), wrong)):
                continue  # "it's Tuesday not Monday", "iPhone15 not iPhone14"
            for name in ("v", "y"):
                if m.group(name) is not None:
                    token = m.group(name).rstrip(_EDGE)
                    out.append((m.start(name), m.start(name) + len(token), "password"))
    return out
