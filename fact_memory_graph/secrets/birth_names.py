"""A mother's maiden name said as her birth name: "mum was born Moreau", "she was a Lindqvist before she
married", "Mama ist eine geborene Kleinschmidt", "mama z domu Wiśniewska", "мама в девичестве Самойлова".

The maiden-name grammar (:mod:`topic_notes`, :mod:`security_answers`) reads the value after the topic's
name; people who tell it as family history name no topic where the name stands. Such a sentence is a
secret only where the text names the maiden-name question, a security answer or the bank that asks
(``cues``); "Oma ist eine geborene Kleinschmidt aus Kiel" alone is a life story, kept. Words as data
(``assets/birth_names.json``); the reader runs only on a text holding a cue.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

#: The birth name: one word (a hyphenated or apostrophised one too), any case.
_NAME = r"(?P<v>[^\W\d_][^\W\d_'’\-]{1,30})"


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("birth_names.json").read_text(encoding="utf-8"))


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], tuple[str, ...]]:
    d = _data()
    cue = re.compile(rf"(?i){prefilter.whole_words(d['cues'])}")
    before = re.compile(rf"(?i)(?:{prefilter.whole_words(d['before'])})\s*{_NAME}")
    married = re.compile(rf"(?i)(?<![^\W\d_]){_NAME}\s+(?:{prefilter.whole_words(d['after_married'])})")
    gate = tuple({w.lower()[:5] for w in (*d["before"], *d["after_married"])})
    return cue, before, married, gate


#: A capitalised word after the text's first letter: a writer who capitalises names.
_CAPITALISED = re.compile(r"(?<=.)(?<![.!?]\s)(?<![.!?])\b[A-ZÀ-Ý][a-zà-ÿ]")
#: Words that stand where a birth name would and are none ("born in", "was a nurse before she married").
_NOT_NAMES = frozenset({"in", "on", "at", "and", "the", "a", "an", "to", "into", "with", "there", "here", "then", "when",
                        "en", "à", "em", "im", "am", "w", "в", "nurse", "teacher", "student", "child", "baby", "girl",
                        "boy", "twin", "lot", "bit", "kid", "widow", "secretary", "singer", "dancer", "also", "so", "very",
                        "really", "just", "still", "only", "year", "day", "week", "de", "di", "da", "do", "del", "von", "van"})


def spans(text: str) -> list[Span]:
    low = text.lower()
    cue, before, married, gate = _patterns()
    if not any(g in low for g in gate) or not cue.search(text):
        return []
    out: list[Span] = []
    for pattern in (before, married):
        for m in pattern.finditer(text):
            value = m.group("v").strip("'’-")
            if value.casefold() in _NOT_NAMES or re.match(r"\s*\d", text[m.end("v"):]):
                continue  # "born in …", "born June 1961"
            if not value[:1].isupper() and (pattern is before or _CAPITALISED.search(text)):
                continue  # a name in lower case only from a writer who capitalises nothing ("she was a lindqvist before …")
            out.append((m.start("v"), m.start("v") + len(value), "password"))
    return out
