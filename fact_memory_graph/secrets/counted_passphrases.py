"""A passphrase told with how many words it has and how they are written.

"the new admin password is four words, all lowercase with spaces: gravy shepherd pebble purple",
"password for the laptop is three words all lower case candle purple cedar", "das WLAN-Passwort sind
drei Wörter, klein geschrieben: …": after a password's name, a count (two to six) and the word for
"words", the words saying how they are written (case, spaces, dashes) are skipped and the next words,
as many as counted, are the passphrase. Plain words have no shape to find them by; the count names
them. Words in ~20 languages as data (``assets/counted_passphrases.json``); read only when a text
holds a count's "words" word and a password's name.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_WORD = re.compile(r"[^\W\d_][^\s,;:.!?()\"“”«»]*")
_BETWEEN = re.compile(r"[\s,;:\-–—()]*")
_NAME_TO_COUNT = 48  # "the new admin password for the parish laptop is"


@functools.cache
def _data() -> dict[str, Any]:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("counted_passphrases.json")
                      .read_text(encoding="utf-8"))


@functools.cache
def _patterns() -> tuple[lexicon.Gate, re.Pattern[str], re.Pattern[str], dict[str, int], frozenset[str]]:
    d = _data()
    counts = {w.lower(): n + 2 for n, ws in enumerate(d["numbers"]) for w in ws}
    name = re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.alternation(d['names'])})(?![^\W\d_])")
    count = re.compile(rf"(?i)(?<![^\W\d_])(?P<n>{prefilter.alternation(list(counts))})\s+(?:{prefilter.alternation(d['words'])})(?![^\W\d_])")
    return lexicon.Gate(d["words"]), name, count, counts, frozenset(w.lower() for w in d["format"])


@functools.cache
def _advice() -> re.Pattern[str]:
    """What a password should be ("must be four words", "like the xkcd comic"): a rule or an example, not one."""
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.alternation(_data()['advice'])})(?![^\W\d_])")


_DETERMINER = frozenset({"the", "a", "an", "my", "your", "der", "die", "das", "ein", "eine", "le", "la", "les", "un", "une",
                         "el", "los", "las", "una", "o", "os", "as", "um", "uma", "il", "lo", "gli", "de", "het", "een"})


def spans(text: str) -> list[Span]:
    """Each counted passphrase after a password's name (see the module's note)."""
    gate, name, count, counts, fmt = _patterns()
    if not gate.open(text):
        return []
    out = []
    for c in count.finditer(text):
        if not name.search(text, max(0, c.start() - _NAME_TO_COUNT), c.start()) or "\n" in text[max(0, c.start() - _NAME_TO_COUNT):c.start()]:
            continue
        want, at, words = counts[c.group("n").lower()], c.end(), []
        skipping = True
        while len(words) < want:
            gap = _BETWEEN.match(text, at)
            w = _WORD.match(text, gap.end())
            if not w or "\n" in gap.group() and words:
                break
            if skipping and w.group().lower() in fmt:
                at = w.end()
                continue
            skipping = False
            words.append(w)
            at = w.end()
        head = name.search(text, max(0, c.start() - _NAME_TO_COUNT), c.start())
        if len(words) == want and words[0].group().lower() not in _DETERMINER \
                and not _advice().search(text, head.start() if head else c.start(), words[-1].end()):
            out.append((words[0].start(), words[-1].end(), "password"))
    return out
