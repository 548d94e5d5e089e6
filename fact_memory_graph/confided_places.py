"""Where someone is, told in confidence: a request to keep a place to oneself.

A confided location is rarely asked to be forgotten with the words of a privacy request about "this"
or "it": the request names the place itself — "keep the address to yourself", "don't share my
whereabouts", "nobody can know where she is", "garde l'adresse pour toi", "адрес никому не давай",
"alamatnya jangan disebar ya", "住所は誰にも言わないで". What such a request IS: in one sentence, a word
for where someone lives, stays or hides (an address, a location, "where she is") and a word that keeps
a thing to oneself (a secrecy word, "between us", a negated verb of sharing or telling, "nobody …
know"). Both lists are data by language (``assets/confided_places.json``).

Read by :func:`fact_memory_graph.forgetting.asks_to_forget` when its phrase lists found no request, on
the normalised text (accents folded, lower case). Cost: one lexicon pass for the place words; the
sentence patterns run only when one is present.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from fact_memory_graph.privacy_model import normalise
from fact_memory_graph.secrets import lexicon, prefilter

#: A sentence of a normalised text (normalise made CJK stops ASCII).
_SENTENCE = re.compile(r"[^.!?;\n]+")


@cache
def _data() -> dict[str, dict[str, list[str]]]:
    return json.loads((resources.files("fact_memory_graph") / "assets" / "confided_places.json")
                      .read_text(encoding="utf-8"))


def _words(key: str) -> list[str]:
    return sorted({normalise(w) for words in _data()[key].values() for w in words} - {""})


@cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_words("places"))


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (re.compile(prefilter.whole_words(_words("places"))),
            re.compile(prefilter.whole_words(_words("keeps"))))


def request(norm: str) -> tuple[tuple[int, int], list[tuple[int, int]]] | None:
    """The first sentence of ``norm`` (a :func:`normalise`-d message) that asks to keep a place to
    oneself — its span and the spans of its place and keeping words — or ``None``."""
    if not _gate().open(norm):
        return None
    places, keeps = _patterns()
    if not places.search(norm):
        return None
    for sentence in _SENTENCE.finditer(norm):
        place = places.search(norm, *sentence.span())
        keep = place and keeps.search(norm, *sentence.span())
        if place and keep:
            return sentence.span(), [place.span(), keep.span()]
    return None


def only_place(rest: str) -> bool:
    """Whether ``rest`` (what a normalised privacy request leaves of its message) only names a place and
    tells none ("where i am", "wo ich bin", "mi dirección"): a word for a place, no digit, at most one
    word beside it."""
    if len(rest) > 60 or re.search(r"\d", rest) or not _gate().open(rest):
        return False
    place = _patterns()[0].search(rest)
    if not place:
        return False
    beside = rest[:place.start()] + " " + rest[place.end():]
    return len(re.findall(r"[^\W\d_]+", beside)) <= 1
