"""Check digits the filter computes itself (python-stdnum's ``luhn`` reads ASCII digits only; these
read any Unicode decimal digit, as the filter's normalised views hold them)."""

from __future__ import annotations


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
