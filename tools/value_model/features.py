"""The features of a learned reader of candidate values (round thirteen, q45m): is this run of
digits, this mixed letter/digit token, this short code a secret or an ordinary value, judged from
its shape and the words around it, in any language.

NOT SHIPPED: measured leave-one-corpus-out it lost more look-alikes than it found secrets at every
threshold (see /work/notes/q45m.md and ``train.py``), so the filter does not call it. Kept here,
with its exporter and trainer, so a later round can retry with more data.

A candidate is a token holding a digit (``4920 2343 0343 8612``, ``Tr0ub4dor``, ``A7-22X``,
``*144#``), its digit groups joined across single spaces. Its features, hashed (crc32 modulo
``dim``): its shape (digit and letter counts, separators, a collapsed pattern ``9999 9999``, a Luhn
check, a leading zero, a repeated or sequential run), the words and character trigrams of a window
before and after it (``L:``/``R:``, the nearest two words also by position) and the words of the
previous turn's end (``P:``). A logistic regression (``train.py``). Pure Python.
"""

from __future__ import annotations

import re
import unicodedata
import zlib

from fact_memory_graph.secrets.checksums import luhn

#: A token holding a digit (ASCII after :func:`ascii_view`), then digit groups after single spaces.
CANDIDATE = re.compile(
    r"(?<![A-Za-z0-9])(?=[A-Za-z0-9\-_./#@!$%&*+=]*\d)[A-Za-z0-9+*#][A-Za-z0-9\-_./#@!$%&*+=]*"
    r"(?:[ \u00a0\-][0-9][0-9\-./]*)*")
_TRAIL = ".,:;!?-/"
_WORD = re.compile(r"[^\W\d_]+")
_BEFORE, _AFTER, _PREVIOUS = 40, 24, 40


def ascii_view(text: str) -> str:
    """``text`` with every Unicode decimal digit and full-width character as ASCII, same length."""
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
            continue
        if ch.isdigit():
            try:
                out.append(str(unicodedata.digit(ch)))
                continue
            except ValueError:
                pass
        folded = unicodedata.normalize("NFKC", ch)
        out.append(folded if len(folded) == 1 else ch)
    return "".join(out)


def candidates(text: str) -> list[tuple[int, int]]:
    """Spans of the candidate values of ``text`` (positions of ``text`` itself)."""
    view = ascii_view(text)
    out = []
    for m in CANDIDATE.finditer(view):
        start, end = m.start(), m.end()
        while end > start and view[end - 1] in _TRAIL:
            end -= 1
        if end > start and any(c.isdigit() for c in view[start:end]):
            out.append((start, end))
    return out


def _shape(value: str) -> list[str]:
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    upper = sum(c.isupper() for c in value)
    other = len(value) - digits - letters
    collapsed = re.sub(r"[A-Z]", "A", re.sub(r"[a-z]", "a", re.sub(r"[0-9]", "9", value)))
    compact = re.sub(r"(.)\1+", lambda m: f"{m.group(1)}{len(m.group())}", collapsed)
    runs = re.sub(r"(.)\1+", r"\1", collapsed)
    only = re.sub(r"\D", "", value)
    out = [f"nd:{min(digits, 24)}", f"nl:{min(letters, 16)}", f"no:{min(other, 6)}", f"len:{min(len(value), 32)}",
           f"sh:{compact[:24]}", f"rs:{runs[:12]}", f"up:{min(upper, 3)}", f"mix:{digits > 0}{letters > 0}{other > 0}",
           f"first:{collapsed[:1]}", f"last:{collapsed[-1:]}"]
    out += [f"sep:{c}" for c in sorted(set(value) - set("0123456789")) if not c.isalpha()]
    if only:
        out.append(f"z:{only[0] == '0'}")
        out.append(f"rep:{len(set(only)) <= 2}")
        out.append(f"seq:{only in '01234567890' or only in '9876543210'}")
        if len(only) >= 12:
            out.append(f"luhn:{luhn(only)}")
    if letters and digits and upper and upper < letters:
        out.append("case:mixed")
    return out


def _context(prefix: str, text: str, words_near: int) -> list[str]:
    low = text.casefold()
    words = _WORD.findall(low)
    out = [f"{prefix}:{w}" for w in words]
    near = words[-words_near:] if prefix == "L" else words[:words_near]
    if prefix == "L":
        out += [f"{prefix}{i}:{w}" for i, w in enumerate(reversed(near), 1)]
    else:
        out += [f"{prefix}{i}:{w}" for i, w in enumerate(near, 1)]
    squeezed = re.sub(r"\d", "9", re.sub(r"\s+", " ", low))
    out += [f"{prefix}3:{squeezed[i:i + 3]}" for i in range(len(squeezed) - 2)]
    tail = squeezed.rstrip()
    if prefix == "L" and tail:
        out.append(f"Lend:{tail[-1]}")
        out.append(f"Lend2:{tail[-2:]}")
    return out


def grams(text: str, start: int, end: int, previous: str = "") -> list[str]:
    """The feature strings of the candidate ``text[start:end]`` (before hashing)."""
    view = ascii_view(text)
    value = view[start:end]
    out = ["bias:1", *_shape(value)]
    out += _context("L", view[max(0, start - _BEFORE):start], 2)
    out += _context("R", view[end:end + _AFTER], 2)
    if previous:
        tail = ascii_view(previous)[-_PREVIOUS:].casefold()
        out += [f"P:{w}" for w in _WORD.findall(tail)]
    return out


def feature_ids(text: str, start: int, end: int, dim: int, previous: str = "") -> list[int]:
    mask, crc = dim - 1, zlib.crc32
    return sorted({crc(g.encode("utf-8")) & mask for g in grams(text, start, end, previous)})
