"""Check digits the filter computes itself (python-stdnum's ``luhn`` reads ASCII digits only; these
read any Unicode decimal digit, as the filter's normalised views hold them)."""

from __future__ import annotations

import re


def luhn(digits: str) -> bool:
    """Whether a run of decimal digits passes the Luhn check (cards, IMEIs)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        n = int(ch)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def luhn_card(value: str) -> bool:
    """Whether ``value``'s digits are a payment card's: 13 to 19 of them passing the Luhn check."""
    digits = "".join(ch for ch in value if ch.isdecimal())
    return 13 <= len(digits) <= 19 and luhn(digits)


#: An IMEI's name (in the scripts people write it in), then the rest of its clause up to the value.
_IMEI_NAME = re.compile(r"(?i)(?<![^\W\d_])(?:imei|имей|ایمی|آی ?ام ?ای ?آی|आईएमईआई|串号|识别码)(?![^\W\d_])[^.!?\n]{0,60}$")


def named_imei(text: str, start: int, value: str) -> bool:
    """Whether ``value`` (at ``start`` in ``text``) is a phone's IMEI named before it: fifteen digits passing the
    Luhn check, an IMEI's name earlier in its clause. It is printed on the phone and its box and given to the
    police, the carrier or an insurer; it opens nothing (readers keep it whatever else names the clause)."""
    digits = "".join(ch for ch in value if ch.isdecimal())
    return len(digits) == 15 and luhn(digits) and bool(_IMEI_NAME.search(text, max(0, start - 80), start))
