"""The machine-readable zone of a passport, an id card or a residence permit (ICAO 9303), by its check digits.

People paste or type the two or three lines at the bottom of a document ("P<NORHANSEN<<KARI<…",
"C4X7K91P21NOR8504124F…"); no word needs to name them: the filler ``<`` and the 7-3-1 check digits
after the document's number, the birth date and the expiry date say what the line is. A line whose
document number (or birth date and expiry) checks is withheld whole, and so is a names line
(``P<``/``I<``/``A<``/``C<``/``V<``, a state, ``<<``) beside one. The specimen of the standard (the
state ``UTO``, Utopia) and a specimen's name are kept: they are printed in every guide.
"""

from __future__ import annotations

import re

Span = tuple[int, int, str]

#: A run of the zone's characters with a filler in it (a line, or the part of one people typed).
_LINE = re.compile(r"(?<![A-Za-z0-9<])[A-Z0-9<]{20,46}(?![A-Za-z0-9<])")
#: A names line (TD3/TD2 first line) or a TD1 first line: document type, issuing state.
_HEAD = re.compile(r"[PIACV][A-Z<][A-Z<]{3}")
_SPECIMEN = re.compile(r"UTO|SPECIMEN|MUSTER|D<<MUSTERMANN|SPECIMAN")
_WEIGHTS = (7, 3, 1)


def _value(ch: str) -> int:
    if ch.isdigit():
        return int(ch)
    return 0 if ch == "<" else ord(ch) - 55


def _check(field: str, digit: str) -> bool:
    if not digit.isdigit() or not field.strip("<"):
        return False
    return sum(_value(ch) * _WEIGHTS[i % 3] for i, ch in enumerate(field)) % 10 == int(digit)


def _dates_check(line: str, at: int) -> bool:
    """Birth date + digit, sex, expiry + digit from ``at`` (both dates checked)."""
    part = line[at:at + 15]
    return (len(part) == 15 and part[:6].isdigit() and part[8:14].isdigit() and _check(part[:6], part[6])
            and part[7] in "MFX<" and _check(part[8:14], part[14]))


def _numbered(line: str) -> bool:
    """A line holding a document's number with its check digit, or a holder's dates that check."""
    # TD3 / TD2 second line: number (9), digit, nationality (3), birth date, digit, sex, expiry, digit
    if len(line) >= 10 and any(ch.isdigit() for ch in line[:9]) and _check(line[:9], line[9]):
        return True
    if len(line) >= 28 and _dates_check(line, 13):
        return True
    # TD1 first line: type (2), state (3), number (9), digit
    if len(line) >= 15 and _HEAD.match(line) and any(ch.isdigit() for ch in line[5:14]) and _check(line[5:14], line[14]):
        return True
    return len(line) >= 15 and _dates_check(line, 0)  # TD1 second line: birth date first


def spans(text: str) -> list[Span]:
    """Each line of a machine-readable zone (see the module's note)."""
    if "<" not in text:  # a substring test: almost no message has the filler
        return []
    lines = [m for m in _LINE.finditer(text) if "<" in m.group()]
    if not lines or any(_SPECIMEN.search(m.group()) for m in lines):
        return []
    numbered = [m for m in lines if _numbered(m.group())]
    if not numbered:
        return []
    names = [m for m in lines if m not in numbered and _HEAD.match(m.group()) and "<<" in m.group()]
    return [(m.start(), m.end(), "government id") for m in (*numbered, *names)]
