"""A ticket's, a case's or a request's reference in a ticket system's shape, kept (round twenty-seven, t58c).

"password reset request logged as INC4085749", "the door code changed, I opened HR-5923657 with
facilities", "password reset ticket is" / "PO-5540304, IT says 2 days", "비번 초기화 요청 티켓" /
"ORD22409440", "暗証番号の再発行はREF-941884で受付": a reference of letters, then five or more digits
(a dash, a slash or a "#" between; a year after a slash), is what a help desk hands out about a
secret, not the secret. It is kept when a ticket's, a case's or a request's word, or a verb that opens
one ("logged as", "opened", "raised"), stands in its turn or in the turn before (``assets/ticket_refs.json``).
Only a password's, a PIN's, a login's or an answer's reading is dropped: an identity document's or a
card's number in the same shape is read by its own finders.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "ticket_refs.json"
_KINDS = frozenset({"password", "pin", "login", "security answer"})
#: A reference in a ticket system's shape: letters then five or more digits ("INC4085749", "REF-510381",
#: "HR-5923657", "FD321484/2026"), or "#" and five or more digits.
_SHAPE = re.compile(r"(?<![A-Za-z0-9\-/#])(?:[A-Z]{2,5}[-/#]?\d{5,12}(?:/\d{2,4})?|#\d{5,10})(?![A-Za-z0-9\-/])")
_CHEAP = re.compile(r"[A-Z]{2}[-/#]?\d{3}|#\d{5}|\d{5}")
#: A run of five to twelve digits (a reference's number named by its label).
_DIGITS = re.compile(r"(?<![\w\-/.,])\d{5,12}(?![\w\-/]|[.,]\d)")
#: Between a label and its number: a number's word, a colon, a copula, "#" (at most 14 characters).
_BETWEEN = re.compile(r"(?i)\s*(?:#|no\.?|nr\.?|n°|nº|number|numéro|número|numero|nummer)?\s*(?:is|est|es|é|ist|:|=|—|-|–)?\s*#?\s*")
#: The turn before ending on a label: "the alarm company gave me a case number", "ticket number?".
_ENDS = re.compile(r"\s*[?:.!…]*\s*$")
#: A card number's reading of a short run: no card is under twelve digits.
_SHORT_CARD = 12


@lru_cache(maxsize=1)
def _words() -> re.Pattern[str]:
    words = json.loads(_ASSET.read_text(encoding="utf-8"))["words"]
    return re.compile(prefilter.whole_words(w.lower() for w in words))


@lru_cache(maxsize=1)
def _labels() -> re.Pattern[str]:
    labels = json.loads(_ASSET.read_text(encoding="utf-8"))["labels"]
    return re.compile(prefilter.whole_words(w.lower() for w in labels))


def _labelled_runs(text: str, before: str) -> list[tuple[int, int]]:
    """Digit runs a reference's label names: right after it in ``text``, or ``text`` only the run after
    a ``before`` that ends on a label."""
    low = text.lower()
    runs = []
    for m in _DIGITS.finditer(text):
        head = low[max(0, m.start() - 40):m.start()]
        for lab in _labels().finditer(head):
            if _BETWEEN.fullmatch(head, lab.end()):
                runs.append(m.span())
                break
    if not runs and before and len(text) <= 24 and (m := _DIGITS.search(text)) and not text[:m.start()].strip(" :#") \
            and not text[m.end():].strip(" .!"):
        tail = before[-60:].lower()
        if any(_ENDS.fullmatch(tail, lab.end()) for lab in _labels().finditer(tail)):
            runs.append(m.span())
    return runs


def _only(text: str, sp: Span, a: int, b: int) -> bool:
    """Whether the span overlaps the reference at a..b and reads no digit outside it."""
    s, e = sp[0], sp[1]
    return s < b and a < e and not any(ch.isdigit() for ch in text[s:a] + text[b:e])


def without_tickets(text: str, spans: list[Span], before: str = "") -> list[Span]:
    """``spans`` without a password's, a PIN's, a login's or an answer's reading of a reference in a
    ticket's shape when a ticket's word stands in ``text`` or in ``before`` (the turn before)."""
    if not spans or not _CHEAP.search(text):
        return spans
    refs = [m.span() for m in _SHAPE.finditer(text)]
    hit = [sp for sp in spans if sp[2] in _KINDS and any(_only(text, sp, a, b) for a, b in refs)]
    if hit and not (_words().search(text.lower()) or before and _words().search(before[-200:].lower())):
        hit = []
    runs = _labelled_runs(text, before)  # "numéro d'intervention 12344803", "… gave me a case number" / "38641292"
    hit += [sp for sp in spans if sp not in hit and (sp[2] in _KINDS or sp[2] == "card number" and sp[1] - sp[0] < _SHORT_CARD)
            and any(_only(text, sp, a, b) for a, b in runs)]
    return [sp for sp in spans if sp not in hit] if hit else spans
