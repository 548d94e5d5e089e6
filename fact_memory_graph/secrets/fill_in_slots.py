"""A form's blank where a secret's value will go, kept as what it is: no value (round twenty-eight).

"Passwort: [wird nachgereicht]", "PIN: (à compléter)", "token: REDACTED", "API_KEY=isi_dengan_key_kamu":
a secret's name with, where its value goes, words saying the value is still to come, was taken out, or
is to be put in. Three shapes, their words as data in many languages (``assets/fill_in_slots.json``):

- words in brackets (``[ ]``, ``( )``, ``【 】``, ``「 」``; no digit inside) with a word saying the value
  is pending or to be filled in ("[bitte eintragen]", "(a completar)", "【後で記入】");
- a whole value that says it was taken out ("REDACTED", "скрыто", "[removed]"), or opens with such a word
  in capitals ("REDACTED ta");
- a name joined by "_" or "-" of three parts or more with a verb telling the reader to put a value in
  and a secret's noun or a "your" of its language ("isi_dengan_key_kamu", "pon-aqui-tu-clave"). Both
  are needed: "tu-casa-verde" alone may well be a Spanish passphrase (``public_values``' decision on
  lower-case slots, which stay English-only without such a verb).

A value that only *starts* with such a blank is dropped too (``forms.outside_regions``); a value that
holds digits or a blank beside a real value ("[bitte eintragen] Sommer2024!") keeps its own reading.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fact_memory_graph.secrets import forms, lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "fill_in_slots"  # assets/fill_in_slots.json

#: Words in brackets, no digit and no bracket inside (at most 60 characters).
_BRACKETED = re.compile(r"[\[(（【「『]\s*(?P<c>[^\[\]()（）【】「」『』\n\d]{2,60}?)\s*[\])）】」』]")
#: A name of three to eight parts joined by "_" or "-", letters only.
_JOINED = re.compile(r"(?<![\w\-])[^\W\d_]+(?:[_\-][^\W\d_]+){2,7}(?![\w\-])")
_EDGES = " \t\"'“”‘’«»*[]()（）【】「」『』.,;:!?"


@lru_cache(maxsize=1)
def _gate() -> lexicon.Gate:
    data = lexicon.asset_lists(_ASSET)
    return lexicon.Gate([*data["pending"], *data["redacted"], *data["fill"]])


@lru_cache(maxsize=1)
def _pending() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(w.lower() for w in lexicon.asset_lists(_ASSET)["pending"]))


@lru_cache(maxsize=1)
def _redacted() -> frozenset[str]:
    return frozenset(lexicon.fold(w) for w in lexicon.asset_lists(_ASSET)["redacted"])


@lru_cache(maxsize=1)
def _parts() -> tuple[frozenset[str], frozenset[str]]:
    data = lexicon.asset_lists(_ASSET)
    return frozenset(lexicon.fold(w) for w in data["fill"]), frozenset(lexicon.fold(w) for w in [*data["nouns"], *data["your"]])


def _blank_name(name: str) -> bool:
    fill, named = _parts()
    parts = [lexicon.fold(p) for p in re.split(r"[_\-]", name)]
    verbs = [i for i, p in enumerate(parts) if p in fill]
    return any(p in named and [i] != verbs for i, p in enumerate(parts) if verbs)


def _redacted_value(value: str) -> bool:
    """A value that is a redaction's word, or opens with one in capitals ("REDACTED ta", "[REMOVED] thx")."""
    value = value.strip(_EDGES)
    if lexicon.fold(value) in _redacted():
        return True
    first = value.split(maxsplit=1)[0].strip(_EDGES) if value else ""
    return first.isupper() and len(first) >= 4 and lexicon.fold(first) in _redacted()


def _regions(text: str) -> list[tuple[int, int]]:
    regions = [m.span() for m in _BRACKETED.finditer(text) if _pending().search(m.group("c"))]
    regions += [m.span() for m in _JOINED.finditer(text) if _blank_name(m.group())]
    return regions


def without_fill_ins(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without those whose value is a form's blank (see the module's note)."""
    if not spans or not _gate().open(text):
        return spans
    spans = [sp for sp in spans if not _redacted_value(text[sp[0]:sp[1]])]
    regions = _regions(text)
    return forms.outside_regions(text, spans, regions) if regions and spans else spans
