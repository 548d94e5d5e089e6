"""Round fourteen (t45d): look-alikes a secret's name stands near, kept by what the value IS.

Read after every finder, on the spans found (like :mod:`lookalikes_q45l`):

- A date after a word of time ("password changed 2025-03-14", "el PIN caduca el 30/06/2026",
  "パスワードの有効期限は2026年3月31日"): a calendar date by its shape (a valid day and month), a word
  of time among the three words before it (or inside the span, for scripts without spaces); never
  beside a birthday's word ("my PIN is my birthday, 14/03/1990").
- A commit's hash or a file's checksum ("the password column migration is in commit e83c516…"):
  the whole hex token after a hash's name (commit, sha256, checksum, etag, revert …).
- An Indian postal PIN ("pin: 201301 noida sector 62", "अपना पिन 800001 पटना"): six digits
  after a PIN's name, with a place after them or a postal word in the message (or the turn before),
  never beside a bank's, a card's or a wallet's word that is not negated ("ATM pin nahi, postal pin").
- A way of signing in named where a password would stand ("agora é biometria", "now I use a
  passkey"): no digits, a few words, one of them an authentication method's name.
- A famous example password ("hunter2", "password123", "correct horse battery staple") quoted as a
  joke or an example, or a factory default ("PIN: 0000 por defecto"); digits only with a default's
  or an example's word.
- An organisation's tax id whose span also took the organisation's word ("NIF de la empresa B1234…"):
  read again from the id's own token.
Every test runs only when its cheap pre-check passes.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import lookalikes_q45l, reference_values

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "lookalikes_t45d.json"


@lru_cache(maxsize=1)
def _data() -> dict[str, reference_values._Words]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return {k: reference_values._Words(v) for k, v in data.items() if not k.startswith("_")}


_DATE = re.compile(
    r"(?:(?:19|20)\d\d[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])"
    r"|(?:0?[1-9]|[12]\d|3[01])[-/.](?:0?[1-9]|1[0-2])[-/.](?:19|20)\d\d"
    r"|(?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])[-/.](?:19|20)\d\d"
    r"|(?:19|20)\d\d\s?[年년]\s?(?:0?[1-9]|1[0-2])\s?[月월]\s?(?:0?[1-9]|[12]\d|3[01])\s?[日일]?)"
    r"(?!\d)(?:\s?(?:[01]?\d|2[0-3]):[0-5]\d)?")
_DATE_HINT = re.compile(r"\d[-/.年년]\s?\d")
_HEX = re.compile(r"[0-9a-fA-F]{7,128}")
_SIX = re.compile(r"[1-9]\d{2}[\s-]?\d{3}")
_PIN_WORD = re.compile(r"(?i)(?:(?<![^\W\d_])(?:pin|pin\s?code|pincode|pin-code)|पिन(?:\s?कोड)?|பின்\s?கோட்|পিন)"
                       r"\s{0,2}(?:no\.?|number|code)?\s{0,2}(?:is|hai|:|-|–|=|h)?\s{0,3}$")
_WORDS = re.compile(r"[^\W_]+")
_SENTENCE_END = re.compile(r"[.!?。！？\n]|(?:\s\|\s)")


def _sentence(text: str, s: int, e: int) -> tuple[int, int]:
    a = max((m.end() for m in _SENTENCE_END.finditer(text, max(0, s - 200), s)), default=max(0, s - 200))
    m = _SENTENCE_END.search(text, e, min(len(text), e + 200))
    return a, (m.start() if m else min(len(text), e + 200))


def _date_kept(text: str, sp: Span) -> bool:
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()[]'\"")
    m = None
    for m in _DATE.finditer(value):
        pass
    if m is None or m.end() != len(value):
        return False
    head = value[:m.start()]
    if re.search(r"\d", head) or len(head) > 24:
        return False
    words = _data()
    a, b = _sentence(text, s, e)
    if words["birthday"].finditer(text, a, b):
        return False
    lo = s
    for _ in range(3):  # the three words before the span
        w = re.search(r"[^\W\d_]+[\W\d_]*$", text[max(0, lo - 40):lo])
        if not w:
            break
        lo = max(0, lo - 40) + w.start()
    last = re.search(r"([^\W\d_]+)\W*$", text[max(0, s - 20):s] + head)
    if last and words["destination"].finditer(last.group(1)) == [(0, len(last.group(1)))]:
        return False  # "password changed to 2024-12-25": the new value
    return bool(words["date_context"].finditer(text, lo, s) or (head and words["date_context"].finditer(head)))


def _hash_kept(text: str, sp: Span) -> bool:
    s, e, _ = sp
    while s > 0 and text[s - 1].isalnum():
        s -= 1
    while e < len(text) and text[e].isalnum():
        e += 1
    token = text[s:e]
    if not _HEX.fullmatch(token) or not re.search(r"\d", token) or not re.search(r"[a-fA-F]", token):
        return False
    names = _data()["hash_names"].finditer(text, max(0, s - 40), s)
    if not names:
        return False
    gap = text[names[-1][1]:s]
    return bool(re.fullmatch(r"[\s:=#'\"`(]{0,3}(?:(?:is|was|id|hash|:)\s{0,2}){0,2}", gap, re.I))


def _negated(text: str, a: int, b: int) -> bool:
    around = text[max(0, a - 12):min(len(text), b + 14)].lower()
    return any(_data()["negations"].finditer(around))


def _postal_pin_kept(text: str, sp: Span, before: str) -> bool:
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()")
    if not _SIX.fullmatch(value):
        m = _SIX.match(value)  # "201301 noida sector 62": the span ran on into the place
        if not m or not re.match(r"[\s,(]+[^\W\d_]", value[m.end():]):
            return False
        value = m.group()
    s = text.index(value, s)
    if not _PIN_WORD.search(text[max(0, s - 24):s]):
        if not (before and re.search(r"(?i)(?<![^\W\d_])pin(?:\s?code)?\W{0,3}$|पिन", before[-40:])
                and re.fullmatch(r"(?i)\W*(?:it'?s|its|is|hai|ye|yeh)?\W*", text[:s])):
            return False
    words = _data()
    a, b = _sentence(text, s, s + len(value))
    if words["secrecy"].finditer(text, a, b):
        return False
    for x, y in words["bank_words"].finditer(text, a, b):
        if not _negated(text, x, y):
            return False
    after = text[s + len(value):min(len(text), s + len(value) + 40)]
    return bool(words["india_places"].finditer(after) or words["india_places"].finditer(text, max(0, s - 30), s)
                or words["postal_context"].finditer(text) or (before and words["postal_context"].finditer(before)))


def _method_kept(text: str, sp: Span) -> bool:
    s, e, _ = sp
    value = text[s:e]
    if re.search(r"\d", value) or len(value) > 48 or len(_WORDS.findall(value)) > 5:
        return False
    return bool(_data()["auth_methods"].finditer(value))


_STRONG_DIGIT_CONTEXT = ("default_words",)


def _famous_kept(text: str, sp: Span) -> bool:
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()[]'\"“”‘’«»!")
    head = re.match(r"\S+", value)
    if head and head.end() < len(value) and not re.search(r"\d", value[head.end():]):
        value = head.group().strip(",.;:)'\"”’»!")  # "1234 — é o padrão de fábrica": the span ran on
    low = value.lower()
    words = _data()
    if not words["famous"].finditer(low) or words["famous"].finditer(low)[0] != (0, len(low)):
        return False
    a, b = _sentence(text, s, e)
    if words["secrecy"].finditer(text, a, b):
        return False
    for x, _ in words["default_words"].finditer(text, a, b):
        if not words["not_default"].finditer(text, max(a, x - 16), x):
            return True
    if low.isdigit():
        return False
    return bool(words["joke_example"].finditer(text, a, b))


_ID_TOKEN = re.compile(r"[A-Z0-9][A-Z0-9.\-/]{5,24}[A-Z0-9]")


def _business_token_kept(text: str, sp: Span) -> bool:
    s, e, kind = sp
    if kind not in ("government id", "password", "bank account", "tax id"):
        return False
    toks = [m for m in _ID_TOKEN.finditer(text, s, e) if len(re.findall(r"\d", m.group())) >= 5]
    if len(toks) != 1 or (toks[0].start() == s and toks[0].end() == e):
        return False
    t = toks[0]
    return lookalikes_q45l._business_id_kept(text, text.lower(), (t.start(), t.end(), kind))


def without_lookalikes(text: str, spans: list[Span], before: str = "") -> list[Span]:
    """``spans`` without dates after a word of time, commits' hashes, Indian postal PINs, sign-in
    methods, famous example passwords and organisations' tax ids read with their organisation."""
    if not spans:
        return spans
    dates = bool(_DATE_HINT.search(text))
    hexes = bool(_HEX.search(text))
    six = bool(_SIX.search(text))
    low = text.lower()
    methods = not text.isascii() or any(w in low for w in ("pass", "bio", "face", "touch", "finger", "auth",
                                                            "digital", "hello", "key", "2fa", "mfa", "sms",
                                                            "link", "huella", "empreinte", "druck"))
    out = []
    for sp in spans:
        if dates and _date_kept(text, sp) or hexes and _hash_kept(text, sp) \
                or six and _postal_pin_kept(text, sp, before) or methods and _method_kept(text, sp) \
                or _famous_kept(text, sp) or _business_token_kept(text, sp):
            continue
        out.append(sp)
    return out
