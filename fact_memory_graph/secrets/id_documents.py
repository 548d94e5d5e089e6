"""Identity documents' numbers read by the document's name, in shapes the other readers leave.

A passport, a driving licence or an id card rarely has a checksum: the word naming the document is
what makes its number secret. Two shapes are read here, both right after a document's name (the
multilingual list of ``reference_values``) and its number's word:

- the number's word set apart by an exclamation or a dash ("my provisional licence!! number A180-…");
- a number of letters only, as some passports are written ("passport number CVZKWKULS"): eight to
  ten capitals with few vowels, so a word in capitals ("PENDING", "UNKNOWN") is not one;
- a driving licence named by its bare word or its initials right before its number ("licence
  Z2661133 (my US one)", "dl j448p26440"): letters and six digits or more, in either case — not a
  plate's, a key's or a software licence's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fact_memory_graph.secrets import reference_values

Span = tuple[int, int, str]

#: Punctuation a chatty message puts between the document and its number's word.
_APART = re.compile(r"[\s!?.,:;\-–—)]{1,6}")
#: A document's number: letters and digits with a digit, or capitals only (read first: they are rare).
_CANDIDATE = re.compile(r"(?<![\w-])(?:(?=[A-Z0-9\-]*\d)(?=[A-Z0-9\-]*[A-Z])[A-Z0-9][A-Z0-9\-]{5,18}[A-Z0-9]|[A-Z]{8,10})(?![\w-])")
#: Between the number's word and the number: a copula, a colon or a sign.
_JOIN = re.compile(r"\s*(?:is|:|#|-|–)?\s*$")
_VOWELS = frozenset("AEIOUY")


def _random_capitals(value: str) -> bool:
    return not value.isalpha() or sum(ch in _VOWELS for ch in value) / len(value) < 0.25


#: A licence's bare word or initials, then its number (letters and six digits or more, any case).
_BARE_LICENCE = re.compile(r"(?i)(?<![\w-])(?:licen[cs]e|lic|dl)\s*[:#]?\s*"
                           r"(?P<v>(?=[a-z0-9\-]*[a-z])(?=(?:[a-z\-]*\d){6})[a-z0-9][a-z0-9\-]{5,18}[a-z0-9])(?![\w-])"
                           r"(?!\s*(?:plate|key|keys|code|server|file)\b)")
#: Before a licence's bare word: the software or vehicle it belongs to, not a driver.
_NOT_A_DRIVER = re.compile(r"(?i)(?:software|product|windows|office|adobe|app|plate|vehicle|business|trade|liquor|radio|pilot|fishing"
                           r"|music|wifi|key)\W{0,3}$")


def bare_licence_spans(text: str) -> Iterator[Span]:
    """A driving licence's number after its bare word or initials ("dl j448p26440")."""
    low = text.lower()
    if "lic" not in low and "dl" not in low:
        return
    for m in _BARE_LICENCE.finditer(text):
        if not _NOT_A_DRIVER.search(text, max(0, m.start() - 20), m.start()):
            yield m.start("v"), m.end("v"), "government id"


def spans(text: str) -> Iterator[Span]:
    """Document numbers after a document's name set apart from its number's word, or of capitals only."""
    yield from bare_licence_spans(text)
    pats = None
    for m in _CANDIDATE.finditer(text):
        if not _random_capitals(m.group()):
            continue
        pats = pats or reference_values._patterns()
        lo = max(0, m.start() - 60)
        head = text[lo:m.start()]
        for doc in pats["document"].finditer(head):
            apart = _APART.match(head, doc.end())
            number = (apart and pats["number_after"].match(head, apart.end())) or pats["number_after"].match(head, doc.end())
            if number and _JOIN.match(head, number.end()):
                yield m.start(), m.end(), "government id"
                break
