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
_CHEAP = re.compile(r"[A-Z]{2}[-/#]?\d{3}|#\d{5}")


@lru_cache(maxsize=1)
def _words() -> re.Pattern[str]:
    words = json.loads(_ASSET.read_text(encoding="utf-8"))["words"]
    return re.compile(prefilter.whole_words(w.lower() for w in words))


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
    if not refs:
        return spans
    hit = [sp for sp in spans if sp[2] in _KINDS and any(_only(text, sp, a, b) for a, b in refs)]
    if not hit:
        return spans
    if not (_words().search(text.lower()) or before and _words().search(before[-200:].lower())):
        return spans
    return [sp for sp in spans if sp not in hit]
