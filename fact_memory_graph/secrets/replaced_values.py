"""A number or a code given again: corrected, or told beside the one it replaced (round thirty-five).

People get a long number wrong and send it again, or give the new one and the old one together. The value
the filter withholds is one of them; the other is the same thing's number, and as much a secret:

- **A correction in the next turn**: "Code vom Fahrradkeller" / "7712" / "nein warte, 7721B"; "mera PAN number
  … hai" / "galat tha, sahi wala …"; "PIN-koden til kortet er …" / "beklager, skrev feil, det er …". The turn opens (within its first three words) with a word of correction (``assets/replaced_values.json``
  ``corrections``, ~30 languages: "no wait", "typo", "falsch", "je me suis trompé", "me equivoqué", "pomyłka",
  "ошибся", "yanlış", "skrev feil", "galat tha", "nimekosea", "打错了", "間違えた", "잘못" …); the turn before,
  read in its own thread, withheld a value; this turn's first value of a number's or a code's shape is withheld
  as that one's kind.
- **Two values of one thing in one message**: "my health insurance number is …, the old one was …", "passport
  number …, the old one was …", "the PIN is 5190… no wait 5109": between a withheld value and another stand at most a few words with one of the
  ``between`` words ("the old one was", "l'ancien", "der alte war", "el anterior", "no wait", "not", "sahi
  wala", "旧的是" …); the other is withheld as the withheld one's kind, before it or after it.

What counts as the other value: a run of digits and letters (hyphens, slashes, dots and single spaces inside)
with three digits at least, of about the withheld one's length (half to twice its letters and digits).
Kept: a correction after a turn that withheld nothing ("order 12345" / "no wait 12346" — an order's number
corrected is still an order's number), a date, a time, an amount, a telephone number ("my PIN is 4471, not my
phone 07700 900123" — its length is not a PIN's either), and a value its own public label names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from fact_memory_graph.secrets import forms, lexicon, prefilter

Span = tuple[int, int, str]
_ASSET = "replaced_values"
#: A number's or a code's shape: digits and letters, with hyphens, slashes, dots or single spaces between groups.
_VALUE = re.compile(r"(?<![\w\-/.])(?:\d{2,}(?:\s\d{2,}){1,4}|[^\W_]+(?:[\-/.][^\W_]+){0,5})(?![\w\-/]|\.\w)")
_MAX_TURN = 220
_MAX_GAP = 48
_UNIT = re.compile(r"\s?(?:%|€|\$|£|kg\b|km\b|cm\b|mm\b|ml\b|min\b|h\b)", re.I)
_TIME = re.compile(r"\d{1,2}[:h.]\d{2}(?:[ap]m)?|\d{1,2}\s*[ap]m", re.I)


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = lexicon.asset_lists(_ASSET)
    opener = re.compile(rf"(?i)^\W*(?:[^\W\d_]+\W+){{0,2}}?(?:{prefilter.alternation(data['corrections'], any_apostrophe=True)})"
                        r"(?![^\W\d_])")
    between = re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.alternation(data['between'], any_apostrophe=True)})(?![^\W\d_])")
    return opener, between


def _digits(value: str) -> int:
    return sum(ch.isdigit() for ch in value)


def _size(value: str) -> int:
    return sum(ch.isalnum() for ch in value)


def _a_value(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` may be a number's or a code's value: three digits at least, not a date, a
    time, an amount or a telephone number."""
    value = text[start:end]
    if _digits(value) < 3 or _TIME.fullmatch(value) or forms.a_date(value):
        return False
    if re.search(r"[$€£¥₹]\s*$", text[max(0, start - 2):start]) or _UNIT.match(text, end):
        return False
    return not forms.is_phone_number(text, start, end)


def _alike(value: str, other: str) -> bool:
    """Two values of one thing: about the same size (half to twice the letters and digits)."""
    a, b = _size(value), _size(other)
    return 2 * a >= b and 2 * b >= a


def _values(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _VALUE.finditer(text) if _a_value(text, *m.span())]


def same_message(text: str, found: list[Span]) -> list[Span]:
    """The values told beside a withheld one in ``found`` as its correction, its old or its new value
    (see the module's note)."""
    if not found or len(text) > 2000:
        return []
    held = [sp for sp in found if _digits(text[sp[0]:sp[1]]) >= 3]
    if not held:
        return []
    _, between = _patterns()
    out: list[Span] = []
    for s, e in _values(text):
        if any(a < e and s < b for a, b, _ in found):
            continue
        for a, b, kind in held:
            gap = text[e:a] if e <= a else text[b:s] if b <= s else None
            if gap is None or len(gap) > _MAX_GAP or not between.search(gap) or re.search(r"\d", gap) \
                    or not _alike(text[a:b], text[s:e]):
                continue
            if forms.public_value(text, s, e):
                continue
            out.append((s, e, kind))
            break
    return out


def thread_spans(text: str, turns: Sequence[str], read: Callable[[str, Sequence[str]], list[Span]]) -> list[Span]:
    """The value a correction in ``text`` gives for the one the turn before withheld (``read``: the filter's
    reading of a turn in its thread)."""
    if not turns or len(text) > _MAX_TURN or not any(ch.isdigit() for ch in text):
        return []
    opener, _ = _patterns()
    cue = opener.search(text)
    if not cue:
        return []
    values = [(s, e) for s, e in _values(text) if s >= cue.end()]
    if not values:
        return []
    before = turns[-1]
    held = [(before[a:b], kind) for a, b, kind in read(before, turns[:-1]) if _digits(before[a:b]) >= 3]
    if not held:
        return []
    s, e = values[0]
    for value, kind in held:
        if _alike(value, text[s:e]) and not forms.public_value(text, s, e):
            return [(s, e, kind)]
    return []
