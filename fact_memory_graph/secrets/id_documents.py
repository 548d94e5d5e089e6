"""Identity documents' numbers read by the document's name, in shapes the other readers leave.

A passport, a driving licence or an id card rarely has a checksum: the word naming the document is
what makes its number secret. Two shapes are read here, both right after a document's name (the
multilingual list of ``reference_values``) and its number's word:

- the number's word set apart by an exclamation or a dash ("my provisional licence!! number A180-…");
- a number of letters only, as some passports are written ("passport number CVZKWKULS"): eight to
  ten capitals with few vowels, so a word in capitals ("PENDING", "UNKNOWN") is not one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fact_memory_graph.secrets import reference_values

Span = tuple[int, int, str]

#: Punctuation a chatty message puts between the document and its number's word.
_APART = re.compile(r"[\s!?.,:;\-–—)]{1,6}")
#: A document number after its number's word: letters and digits with a digit, or capitals only.
_VALUE = re.compile(r"\s*(?:is|:|#|-|–)?\s*(?P<v>(?=[A-Z0-9\-]*\d)[A-Z0-9][A-Z0-9\-]{5,18}[A-Z0-9]|[A-Z]{8,10})(?![\w-])")
_VOWELS = frozenset("AEIOUY")
#: A quick gate: no document's word, nothing to read.
_GATE = re.compile(r"(?i)pass|licen|ausweis|permis|carnet|dokument|document|id\b")


def _random_capitals(value: str) -> bool:
    return not value.isalpha() or sum(ch in _VOWELS for ch in value) / len(value) < 0.25


def spans(text: str) -> Iterator[Span]:
    """Document numbers after a document's name set apart from its number's word, or of capitals only."""
    if not _GATE.search(text):
        return
    pats = reference_values._patterns()
    for doc in pats["document"].finditer(text):
        apart = _APART.match(text, doc.end())
        number = pats["number_after"].match(text, apart.end() if apart else doc.end()) or \
            pats["number_after"].match(text, doc.end())
        if not number:
            continue
        m = _VALUE.match(text, number.end())
        if m and _random_capitals(m.group("v")):
            yield m.start("v"), m.end("v"), "government id"
