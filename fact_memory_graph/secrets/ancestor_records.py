"""Ids of the long dead, told as family history, are kept: "great-grandpa's SSN from the Death Index was …",
"Im Ahnenpass meines Urgroßvaters steht die Passnummer … (ausgestellt 1937)".

A genealogist copies numbers out of old records — a great-grandparent's passport of 1927, a domovský list of 1910, a
Social Security number published in the Death Index — to find the next record. The person is dead and the record
public, so storing the number exposes no one; the same shapes told of oneself or a living relative stay secrets.

The reader keeps a withheld identity number (a document's or a national id's, not a card, a password, a code, a key or
an account, whoever they belonged to) when the record is named beside it — within :data:`_NEAR` characters, before or
after, with no first person's possessive between ("my passport number" after a great-grandmother's year is one's own)
— and is a record of the dead: a great-grandparent or an earlier ancestor with a year before 1960 in the thread, or a
record only the dead have (the Death Index, an Ahnenpass, a death record, a passenger list). The words are data in
many languages (``assets/ancestor_records.json``); grandparents and parents are not there: they may be alive.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import checksums, forms

Span = tuple[int, int, str]

#: The kinds an ancestor's record holds: an identity document's or a national id's number (an SSN's groups are read
#: by some readers as a card's: a number that is no Luhn-valid card is kept with the rest).
_ID_KINDS = frozenset({"government id", "personal id", "national id", "social security number", "card number"})
_YEAR = re.compile(r"(?<![\d/.])(?<!\d-)(?:1[6-8]\d\d|19[0-5]\d)(?![\d/.\-]\d)")  # "z 1927", "מ-1934"
#: How far the record's name may stand from the number.
_NEAR = 120
#: One's own: a first person's possessive between the record and the number makes the number the speaker's.
_OWN = re.compile(r"(?i)(?<![^\W\d_])(?:my|mine|mein|meine|meinen|meiner|mijn|mon|ma|mes|mi|mis|mio|mia|meu|minha|min|mitt|"
                  r"mina|mój|moja|moje|mého|můj|mé|az én|benim|мой|моя|моё|мои|мій|sa akin)(?![^\W\d_])"
                  r"|我的|私の|僕の|내 |나의|שלי|خاصتي")
_DIGITS = re.compile(r"\d")
_SPACES = re.compile(r"\s*")


@functools.cache
def _words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    raw = json.loads((resources.files("fact_memory_graph") / "assets" / "ancestor_records.json")
                     .read_text(encoding="utf-8"))

    def alternation(words: list[str]) -> re.Pattern[str]:
        return re.compile("(?i)" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))
    return alternation(raw["ancestors"]), alternation(raw["records_of_the_dead"])


#: A code's kinds a document's number may have been read as ("Nummer Z 110338": a code after "Nummer").
_CODE_KINDS = frozenset({"password", "access code", "pin"})


def _document_named(text: str, start: int) -> bool:
    """Whether the last secret's name before ``start`` (within :data:`_NEAR`) is an identity document's: a number a
    reader took for a code after "Nummer" is the passport's named before it ("Reisepass … Nummer Z 110338")."""
    before = forms.names_in(text[max(0, start - _NEAR):start])
    return bool(before) and max(before, key=lambda n: n.stop).kind == "id"


def _own_between(text: str, a: int, b: int) -> bool:
    """A first person's possessive between ``a`` and ``b`` that is not an ancestor's ("my great-grandfather's
    passport" names his; "… 1921; my passport number is" one's own)."""
    ancestors = _words()[0]
    for m in _OWN.finditer(text, a, b):
        if not ancestors.match(text, _SPACES.match(text, m.end()).end()):
            return True
    return False


def _historical(text: str, span: Span, marks: list[tuple[int, int]]) -> bool:
    start, end, kind = span
    if not _DIGITS.search(text[start:end]):
        return False
    if kind not in _ID_KINDS and (kind not in _CODE_KINDS or not _document_named(text, start)):
        return False
    if kind == "card number" and checksums.luhn_card(text[start:end]):
        return False
    for a, b in marks:
        if b <= start and start - b <= _NEAR and not _own_between(text, b, start):
            return True
        if a >= end and a - end <= _NEAR and not _own_between(text, end, a):
            return True
        if start <= a < end and not _own_between(text, b, end):  # a reader's span that took the record's name in
            return True
    return False


def without_historical(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the identity numbers of a record of the long dead (see the module's docstring)."""
    if not spans:
        return spans
    ancestors, records = _words()
    marks = [(m.start(), m.end()) for m in records.finditer(text)]
    if _YEAR.search(text):
        marks += [(m.start(), m.end()) for m in ancestors.finditer(text)]
    if not marks:
        return spans
    return [sp for sp in spans if not _historical(text, sp, marks)]
