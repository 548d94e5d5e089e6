"""National health numbers read by their own checksum or fixed shape, anywhere in a message about health care.

``member_numbers`` reads a value by the words right around it; carers write more loosely ("Mum's NHS
number, for when you ring the surgery next week, is 485 777 3457", "634 587 2105 — her CHI number").
The public health systems' numbers carry a check digit or a shape no other number has, so once the
message (or the turn before it) speaks of health insurance or care, a value that validates is withheld
wherever it stands:

- NHS number (England, Wales, Isle of Man) and CHI number (Scotland): ten digits, modulus 11;
  an NHS number starts 4, 6 or 7, a CHI number with its holder's birth date (DDMMYY);
- Australian Medicare card: ten digits starting 2–6, weights 1 3 7 9 1 3 7 9, an issue number after;
- German Krankenversichertennummer: a letter and nine digits, the letter's place in the alphabet
  and the digits weighted 1 2 1 2 …, digit sums modulo 10;
- US Medicare Beneficiary Identifier: eleven characters, digit / letter / either in a fixed order,
  never S L O I B Z (no checksum, but a shape no order or phone number has).

A phone number (a leading 0 or +), a masked or repeated value is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

Span = tuple[int, int, str]

_SEP = r"[ \-./]?"
#: Ten digits in the groups people write them in (3-3-4, 4-5-1, 4-3-3, 2-4-4, or run together).
_TEN = re.compile(r"(?<![\w+\-/.])(?<!\d[ \-./])(\d(?:" + _SEP + r"\d){9})(?:" + _SEP + r"(\d))?(?![\w\-/]|[.,]\d| \d)")
_KVNR = re.compile(r"(?<![\w\-/])(?<!\d[ \-./])([A-Za-z])" + _SEP + r"(\d(?:" + _SEP + r"\d){8})(?![\w\-/]|[.,]\d)")
_CHI = re.compile(r"(?i)(?<![^\W\d_])chi(?![^\W\d_])|community health index")
#: An NHS or CHI number's name right before its digits ("nhs 1 623 540 5995", "CHI no: …").
_NAMED_RIGHT_BEFORE = re.compile(r"(?i)(?<![^\W\d_])(?:nhs|chi|hcn)(?:\s+(?:number|no\.?|num|#))?\s*[:#]?\s*$")
_MBI_LETTER = "AC-HJKMNP-RT-Y"
_MBI = re.compile(rf"(?<![\w\-/])[1-9][{_MBI_LETTER}][{_MBI_LETTER}0-9]\d[ \-]?[{_MBI_LETTER}][{_MBI_LETTER}0-9]\d"
                  rf"[ \-]?[{_MBI_LETTER}][{_MBI_LETTER}]\d\d(?![\w\-/])", re.I)


def _mod11(digits: str) -> bool:
    total = sum(int(d) * w for d, w in zip(digits[:9], range(10, 1, -1), strict=False))
    check = 11 - total % 11
    check = 0 if check == 11 else check
    return check != 10 and check == int(digits[9])


def _a_date(ddmmyy: str) -> bool:
    day, month = int(ddmmyy[:2]), int(ddmmyy[2:4])
    return 1 <= day <= 31 and 1 <= month <= 12


def nhs_or_chi(digits: str) -> bool:
    """An NHS number (starting 4, 6 or 7) or a CHI number (starting with a birth date), by modulus 11."""
    if len(digits) != 10 or not _mod11(digits):
        return False
    return digits[0] in "467" or _a_date(digits[:6])


def medicare_au(digits: str) -> bool:
    """An Australian Medicare card number (ten digits; the eleventh, the person's number, is optional)."""
    if len(digits) not in (10, 11) or digits[0] not in "23456":
        return False
    total = sum(int(d) * w for d, w in zip(digits[:8], (1, 3, 7, 9, 1, 3, 7, 9), strict=False))
    return total % 10 == int(digits[8])


def kvnr(letter: str, digits: str) -> bool:
    """A German Krankenversichertennummer: a letter and nine digits, the last a check digit."""
    if len(digits) != 9 or not letter.isascii() or not letter.isalpha():
        return False
    number = f"{ord(letter.upper()) - 64:02d}" + digits[:8]
    total = 0
    for i, ch in enumerate(number):
        product = int(ch) * (2 if i % 2 else 1)
        total += product // 10 + product % 10
    return total % 10 == int(digits[8])


def _blank(digits: str) -> bool:
    """A form's blank or a test value ("0000000000", "1234567890")."""
    return len(set(digits)) <= 2 or digits in "01234567890123456789" or digits in "98765432109876543210"


_GROUPED = re.compile(r"\d{3}[ \-]\d{3}[ \-]\d{4}")


def grouped(value: str) -> bool:
    """Whether ``value`` is written in the 3-3-4 groups of an NHS or CHI number ("630 132 6504"): with
    only a member's word before it ("the member id on the card is …"), a shop's or a club's number
    run together ("medlemsnummer ICA 6564605765") is no health number, whatever its check digit."""
    return _GROUPED.fullmatch(value.strip()) is not None


def spans(text: str) -> Iterator[Span]:
    """Health numbers in ``text`` that validate; the caller has seen a health or care word."""
    for m in _TEN.finditer(text):
        digits = re.sub(r"\D", "", m.group(1))
        if _blank(digits) or text[max(0, m.start() - 2):m.start()].strip() in ("+", "(") \
                or digits[0] == "0" and not _CHI.search(text):
            continue  # a phone number dials from 0 or +; a CHI number of a birthday's first nine days is named
        if nhs_or_chi(digits) or medicare_au(digits + (m.group(2) or "")):
            yield m.start(), m.end(), "government id"
        elif m.group(2) and _NAMED_RIGHT_BEFORE.search(text, max(0, m.start() - 16), m.start()) \
                and nhs_or_chi(digits[1:] + m.group(2)):
            # dictated right after its name with a digit too many before it ("nhs one six two three …"):
            # the ten after it validate
            yield m.start(), m.end(), "government id"
    for m in _KVNR.finditer(text):
        digits = re.sub(r"\D", "", m.group(2))
        if not _blank(digits) and kvnr(m.group(1), digits):
            yield m.start(), m.end(), "government id"
    for m in _MBI.finditer(text):
        yield m.start(), m.end(), "government id"


#: A hospital's record number that carries its own name ("MRN-6174912", "UHID:20481937", "MRN#0049137"): the name
#: is the value's prefix, so no name need stand before it (a ward's or a bed's number has no such prefix).
_PREFIXED_RECORD = re.compile(r"(?<![\w\-])(?:MRN|UHID)[\-:#]?\d{5,12}(?![\w\-])")


def prefixed_record_spans(text: str) -> list[Span]:
    """Medical record numbers written with their name as a prefix, by that shape."""
    if "MRN" not in text and "UHID" not in text:
        return []
    return [(m.start(), m.end(), "government id") for m in _PREFIXED_RECORD.finditer(text)]
