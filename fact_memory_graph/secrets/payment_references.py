"""A bank payment's reference in its own shape, kept (round twenty-eight).

"UTR 225613056152 hai payment ka", "RRN: 604512339871", "utr no SBIN326051234567": India's Unique Transaction
Reference (12 digits for an IMPS or UPI payment, a bank's four capitals then 12 to 18 characters for NEFT or
RTGS) and a UPI payment's RRN are printed on both parties' statements and quoted to trace a payment: the
record of a payment made, no key to anything. The UK's Unique Taxpayer Reference shares the name but has ten
digits and stays a tax id ("UTR for self assessment 1805205340"). Also kept: an M-Pesa confirmation code (ten
capitals and digits after "mpesa code"), and a telephone number after "pix" (the receiver's Pix key).
"""

from __future__ import annotations

import re

from fact_memory_graph.secrets import phone_numbers

Span = tuple[int, int, str]

_CHEAP = re.compile(r"(?i)utr|rrn|upi|pix|pesa")
#: The reference's name, maybe a number's word, a colon or a copula, then the value in a payment's shape.
_REF = re.compile(r"(?i)(?<![^\W\d_])(?:utr|rrn|upi\s+ref(?:erence)?|upi\s+txn|imps\s+ref)(?![^\W\d_])"
                  r"(?:\s*(?:no\.?|nr\.?|number|num|id|#))?\s*(?:[:=\-]\s*|(?:is|hai|h|tha|:)\s+)?"
                  r"(?P<v>(?<![\w\-])(?-i:\d{12}|[A-Z]{4}[0-9][0-9A-Z]{11,17})(?![\w\-]))")


#: An M-Pesa confirmation code: ten capitals and digits after the service's "code" or "ref" ("mpesa code QPHN3HP2TL").
_MPESA = re.compile(r"(?i)(?<![^\W\d_])(?:m-?pesa\s+(?:code|ref|reference|confirmation(?:\s+code)?|message\s+code)"
                    r"|code\s+ya\s+m-?pesa)(?![^\W\d_])\s*[:=\-]?\s*(?:is\s+|ni\s+)?"
                    r"(?P<v>(?<![\w\-])(?-i:(?=[A-Z0-9]*\d)(?=(?:[0-9]*[A-Z]){3})[A-Z0-9]{10})(?![\w\-]))")
#: A telephone number after "pix" (a Pix key may be the receiver's phone): "faz o pix pra +55 11 90182-4422".
_PIX_PHONE = re.compile(r"(?i)(?<![^\W\d_])pix(?![^\W\d_])[^\n.!?\d+]{0,30}(?P<v>\+\d[\d\s\-()]{8,18}\d)")


def without_references(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without those inside a payment's reference after its name."""
    if not spans or not _CHEAP.search(text):
        return spans
    refs = [m.span("v") for m in (*_REF.finditer(text), *_MPESA.finditer(text))]
    refs += [m.span("v") for m in _PIX_PHONE.finditer(text) if phone_numbers.is_phone(m.group("v"))]
    return [sp for sp in spans if not any(a <= sp[0] and sp[1] <= b for a, b in refs)] if refs else spans


def without_references_after(text: str, before: str, spans: list[Span]) -> list[Span]:
    """``spans`` of ``text`` without a payment's reference that the turn ``before`` named ("mpesa code" / "5KQ2…")."""
    if not spans or not _CHEAP.search(before[-80:]):
        return spans
    joined = f"{before[-80:]} \u2029 {text}"
    offset = len(joined) - len(text)
    refs = [(a - offset, b - offset) for a, b in (m.span("v") for m in (*_REF.finditer(joined), *_MPESA.finditer(joined)))
            if a >= offset]
    return [sp for sp in spans if not any(a <= sp[0] and sp[1] <= b for a, b in refs)] if refs else spans
