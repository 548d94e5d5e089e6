"""A bank payment's reference in its own shape, kept (round twenty-eight).

"UTR 225613056152 hai payment ka", "RRN: 604512339871", "utr no SBIN326051234567": India's Unique Transaction
Reference (12 digits for an IMPS or UPI payment, a bank's four capitals then 12 to 18 characters for NEFT or
RTGS) and a UPI payment's RRN are printed on both parties' statements and quoted to trace a payment: the
record of a payment made, no key to anything. The UK's Unique Taxpayer Reference shares the name but has ten
digits and stays a tax id ("UTR for self assessment 1805205340").
"""

from __future__ import annotations

import re

Span = tuple[int, int, str]

_CHEAP = re.compile(r"(?i)utr|rrn|upi")
#: The reference's name, maybe a number's word, a colon or a copula, then the value in a payment's shape.
_REF = re.compile(r"(?i)(?<![^\W\d_])(?:utr|rrn|upi\s+ref(?:erence)?|upi\s+txn|imps\s+ref)(?![^\W\d_])"
                  r"(?:\s*(?:no\.?|nr\.?|number|num|id|#))?\s*(?:[:=\-]\s*|(?:is|hai|h|tha|:)\s+)?"
                  r"(?P<v>(?<![\w\-])(?-i:\d{12}|[A-Z]{4}[0-9][0-9A-Z]{11,17})(?![\w\-]))")


def without_references(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without those inside a payment's reference after its name."""
    if not spans or not _CHEAP.search(text):
        return spans
    refs = [m.span("v") for m in _REF.finditer(text)]
    return [sp for sp in spans if not any(a <= sp[0] and sp[1] <= b for a, b in refs)] if refs else spans
