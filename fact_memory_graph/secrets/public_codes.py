"""A value named by a code that is public by what it is.

A customs tariff code, an activity code (NAF, CNAE, ATECO, NACE, NAICS, HSN), an error code, a lot
number, a barcode, a bank's public code on its own (routing number, BSB, IFSC, sort code, SWIFT/BIC),
a company's public registration or VAT number, a promo code, a receipt's authorisation number: the
value right after such a name is not a secret. The names are data (assets/public_codes.json),
in many languages. Guards: at most a few words between the name and the value, no digit and no
secret's name (password, PIN, account, card, gift, ...) between them; an ambiguous tax id's name
(NIP, RFC, "tax id") counts only when the message speaks of a business (a company form, an invoice).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import phone_numbers, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "public_codes.json"
_B, _E = r"(?<![^\W\d_])", r"(?![^\W\d_])"
_GAP_MAX = 40
_VALUE_MAX = 30


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    sure = data["classification"] + data["bank"] + data["business"] + data["promo"] + data["receipt"]
    name = re.compile(rf"(?i){_B}(?:{_alt([w for w in sure if w not in data['bank']])}){_E}")
    maybe = re.compile(rf"(?i){_B}(?:{_alt(data['business_maybe'])}){_E}")
    marker = re.compile(rf"(?i){_B}(?:{_alt(data['business_markers'])}){_E}")
    secret = re.compile(rf"(?i){_B}(?:{_alt(data['secret_words'])})")
    hint = re.compile(rf"(?i)(?:{_alt(sure + data['business_maybe'])})")
    return name, maybe, marker, secret, hint


@lru_cache(maxsize=1)
def _hint_quick() -> re.Pattern[str] | None:
    """The hint of :func:`_patterns` as a prefix tree: the same matches, found faster (cost only)."""
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    sure = data["classification"] + data["bank"] + data["business"] + data["promo"] + data["receipt"]
    return prefilter.word_tree(set(sure + data["business_maybe"]), re.escape)


@lru_cache(maxsize=1)
def _marker_quick() -> re.Pattern[str] | None:
    """The business markers of :func:`_patterns` as a prefix tree: the same matches, found faster."""
    words = json.loads(_ASSET.read_text(encoding="utf-8"))["business_markers"]
    return prefilter.word_tree(set(words), re.escape, head=_B, tail=_E)


@lru_cache(maxsize=1)
def _bank_name() -> re.Pattern[str]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return re.compile(rf"(?i){_B}(?:{_alt(data['bank'])}){_E}")


@lru_cache(maxsize=1)
def _short_bank_name() -> re.Pattern[str]:
    """A SWIFT/BIC's or an IFSC's name ("bank_alone"): no PIN goes by it, so a value it names is the bank's
    public code even in a turn too short to hold anything else ("سويفت كود البنك …", "رمز السويفت …")."""
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return re.compile(rf"(?i){_B}(?:{_alt(data['bank_alone'])}){_E}")


@lru_cache(maxsize=1)
def _discount() -> re.Pattern[str]:
    """A discount right after a value ("— for 15% off", "ile %10 indirim"): a promo code."""
    words = json.loads(_ASSET.read_text(encoding="utf-8"))["discount_after"]
    return re.compile(rf"(?i)^[^\d]{{0,25}}(?:\d{{1,2}}\s?%|%\s?\d{{1,2}})\s*(?:de\s+|of\s+)?(?:{_alt(words)})")


def _named_public(text: str, start: int, pattern: re.Pattern[str]) -> bool:
    """A public code's name ends shortly before ``start``, with no digit and no secret's name between."""
    lo = max(0, start - _GAP_MAX - 40)
    last = None
    for m in pattern.finditer(text, lo, start):
        last = m
    if last is None:
        return False
    gap = text[last.end():start]
    if len(gap) > _GAP_MAX or re.search(r"\d|[A-Z]{4,}", gap):
        return False  # a digit or another code in capitals between: the value is not the one named
    if re.search(r"(?i)\b(?:my|mi|mis|meu|minha|mon|ma|mein|meine|mio|mia|mijn|mój|moja|мой|мій|benim)\s+$",
                 text[max(0, last.start() - 12):last.start()]) and pattern is _patterns()[1]:
        return False  # "mi RFC", "o meu NIF": a person's own tax id
    return not _patterns()[3].search(gap)


def without_public_codes(text: str, spans: list[Span], raw: str | None = None) -> list[Span]:
    """``spans`` without the values named by a public code (see the module's note)."""
    if not spans:
        return spans
    name, maybe, marker, _secret, hint = _patterns()
    if not (_hint_quick() or hint).search(text) and "%" not in text:
        return spans
    business = None
    out = []
    long_runs = len(re.findall(r"\d[\d \-]{6,}\d", text))
    for sp in spans:
        if sp[1] - sp[0] <= 16 and sp[2] == "password" and "%" in text and _discount().search(text[sp[1]:sp[1] + 60]) \
                and not _secret.search(text[max(0, sp[0] - 30):sp[0]]):
            continue  # "show this code at the till — SPRING15 — for 15% off"
        if sp[1] - sp[0] <= _VALUE_MAX:
            if _named_public(text, sp[0], name) and (long_runs <= 1 or not re.search(r"\d{4}", text[sp[0]:sp[1]])
                                                     or len(spans) == 1 and long_runs <= 1):
                continue
            if (len(text) >= 30 or _named_public(text, sp[0], _short_bank_name()) and not re.fullmatch(r"\d{4,6}", text[sp[0]:sp[1]])) \
                    and (raw is None or text[sp[0]:sp[1]] in raw) and _named_public(text, sp[0], _bank_name()) and not any(
                    (o[1] <= sp[0] or o[0] >= sp[1]) and re.search(r"\d{4}", text[o[0]:o[1]]) for o in spans):
                continue  # a bank's public code on its own; beside an account number it is part of the account
            if business is None:
                business = bool((_marker_quick() or marker).search(text))
            if business and _named_public(text, sp[0], maybe):
                continue
        out.append(sp)
    return out


#: "+351 912 448 306", "+91 98204 11736": an international number written with its country's "+".
_INTL = re.compile(r"\+\d{1,3}(?:[ \u00a0.\-]?\(?\d{1,5}\)?){2,6}")


def without_phone_numbers(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without those inside a number written with a "+" and its country code that
    ``phonenumbers`` knows as a valid telephone number (no secret's name right before it)."""
    if not spans or "+" not in text:
        return spans
    phones = []
    for m in _INTL.finditer(text):
        ok = phone_numbers.is_phone(m.group().strip())
        if ok and not _patterns()[3].search(text[max(0, m.start() - 20):m.start()]):
            phones.append(m.span())
    if not phones:
        return spans
    return [sp for sp in spans if not any(a <= sp[0] and sp[1] <= b for a, b in phones)]
