"""A secret's value spelled unit by unit after its name, as a voice's dictation or a screen reader's user
types it: "the password is B as in boy, L as in Larry, U, E, four, two", "mot de passe : B majuscule l u e
quatre deux", "wifi key hotel echo lima lima oscar seven seven", "PIN: four dash eight dash two".

The units (``assets/spelled_values.json``): a letter alone, maybe with its case said before or after it; a
letter told by a word ("B as in boy", "be de burro", "B comme Bernard"); a spelling alphabet's word, maybe
after its case ("capital charlie"); a digit or its word; a sign said by its name. Four units or more in a row,
at least two of them letters, right after a password's, a PIN's, a code's, an answer's or an id's name (a few
words between, no sentence's end): the whole run is the value. Other readers find a part of such a run
("capital B l u" after its name) and leave the rest in the text; this one takes the run. It reads only a text
holding a spelled unit's word (one lexicon lookup) or three letters alone in a row ("t h u n d e r").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]
#: Between a secret's name and the first unit: its connector and a few words, no sentence's end.
_REACH = 30
_MIN_UNITS = 4
#: Further from the name (a few more words between, no sentence's end): a run of eight units at least.
_FAR_REACH = 100
_FAR_UNITS = 8


def _data() -> dict[str, list[str]]:
    return lexicon.asset_lists("spelled_values")


@functools.cache
def _gate() -> lexicon.Gate:
    d = _data()
    return lexicon.Gate([*d["phonetic"], *d["told_by"][:3], *d["cases"], *d["signs"][:6], *d["letter_names"],
                         *d["reader_signs"]])


@functools.cache
def _unit() -> re.Pattern[str]:
    d = _data()
    words = {k: prefilter.whole_words(d[k]) for k in ("phonetic", "told_by", "cases", "signs", "digits", "letter_names")}
    words["signs"] = prefilter.whole_words([*d["signs"], *d["reader_signs"]])
    letter = r"(?<![^\W_])(?<!['’])[^\W\d_](?![^\W_])(?!['’])"  # not an elided word ("c'est", "l'app")
    # "B as in boy", "capital O as in orange": its case may be said before it
    told = rf"(?:(?:{words['cases']})\s+)?{letter}\s+(?:{words['told_by']})\s+[^\W\d_]{{2,15}}(?![^\W_])"
    named = rf"(?:{words['letter_names']})"  # a letter said by its name ("ele", "be grande", "acca", "zed")
    cased = (rf"(?:(?:{words['cases']})\s+(?:{words['phonetic']}|{named}|{letter})"
             rf"|(?:{named}|{letter})\s+(?:{words['cases']})(?![^\W_]))")
    return re.compile(rf"(?i)(?P<letter>{told}|{cased}|{words['phonetic']}|{named}|{letter})"
                      # digits: one, or a group the view read from words ("two two seven seven" is "2277")
                      rf"|(?P<other>(?<![^\W_])\d{{1,12}}(?![^\W_])|{words['digits']}|{words['signs']})")


_GAP = re.compile(r"[\s,;.\-–]*")
_SENTENCE_END = re.compile(r"[.!?\n](?:\s|$)")
#: Three letters alone in a row ("t h u n d e r"): spelled with no spelling word to gate on.
_LETTERS = re.compile(r"(?<![^\W_])[^\W\d_](?:[\s,.\-]+[^\W\d_](?![^\W_])){2}")


def spans(text: str, names: Sequence[Any]) -> list[Span]:
    """Values spelled unit by unit right after a password's, a PIN's, a code's, an answer's or an id's name."""
    if not names or len(text) > 2000 or not (_gate().open(text) or _LETTERS.search(text)):
        return []
    unit = _unit()
    out: list[Span] = []
    for name in names:
        if name.kind not in ("password", "digits", "answer", "id"):
            continue
        at = name.end()
        for first in unit.finditer(text, at, min(len(text), at + _FAR_REACH)):
            if _SENTENCE_END.search(text, at, first.start()):
                break
            end, count, letters = run_at(text, first.start())
            # near the name, four units; further on ("password for the portal, where it says capital H
            # capital A …"), a run of eight
            if letters >= 2 and count >= (_MIN_UNITS if first.start() - at <= _REACH else _FAR_UNITS):
                out.append((first.start(), end, "password"))
                break
    return out


def run_at(text: str, pos: int) -> tuple[int, int, int]:
    """The end of the run of spelled units from ``pos``, its units and its letters (a Wi-Fi key read off
    a router's sticker unit by unit uses it too)."""
    unit = _unit()
    count = letters = 0
    end = pos
    while m := unit.match(text, pos):
        count += 1
        letters += m.group("letter") is not None
        end = m.end()
        pos = _GAP.match(text, end).end()  # spaces, commas, dashes (maybe none)
        if pos == end:  # the next unit must stand apart ("B2" is no "B", "2")
            break
    return end, count, letters
