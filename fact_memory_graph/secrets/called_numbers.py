"""A telephone number to call, kept however near a secret's word it stands (a look-alike).

"gate code changed, ring the security hut on 07700 900512 to get it", "le code de la porte a changé, demandez-le au
gardien au 01 99 00 27 41", "门禁密码换了，打(212) 555-0156问物业", "비밀번호 바뀌었으니까 관리실 +52 55 7049 8224로 전화해",
"برای رمز جدید کارت با شماره 0800 031 4211 تماس بگیرید", "the verification code text came from 0161 496 0398": a
reader that took the number (or a part of it) for the code the sentence names is wrong. Read after every finder:

- the number: a run of digits with a telephone's separators, 7 to 15 digits, a valid number of a country
  (``phone_numbers``) — of seven or eight digits only with a "+", an area code in brackets or the "555-0185"
  grouping (a one-time code's "123 456" is none), never a card's Luhn-valid run;
- a call's word (assets/called_numbers.json, ~20 languages) before it in its clause, only small words between
  (no digit, no secret's name: "call me, the PIN is 0161 496 0398" stays withheld, unless the number is written
  with a "+": no PIN, password or code is), or right after it ("… 8224로 전화해", "… تماس بگیرید"); a number's own
  word counts only as someone else's ("their number is …") or with a call's word after the number
  ("با شماره … تماس بگیرید"): "my nhs number is 250 928 4010" is an id's;
- the span's digits all inside the number ("0161" of "0161 496 0982", "from 0161 496 0398"), its kind a
  password's, a PIN's, a code's or a number's (never an api key's or a seed's).

Every test runs only when the text has a digit run of seven and a call's word (one set lookup).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from fact_memory_graph.secrets import (
    checksums,
    forms,
    labelled_lookalikes,
    phone_numbers,
    prefilter,
)

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "called_numbers.json"
_KINDS = frozenset({"password", "pin", "one-time code", "bank account", "government id", "personal id", "card number",
                    "login"})
#: A telephone's run: digits with spaces, dashes, dots or brackets, a "+" first (bounded: linear in the text).
_RUN = re.compile(r"(?<![\dA-Za-z+])\+?\(?\d[\d \-.()\u00a0]{4,22}\d(?!\d)")
_SHORT_SHAPE = re.compile(r"\+.*|\(\d{2,5}\).*|\d{3}[\-\s.]\d{4}")
_CLAUSE_END = re.compile(r"[.!?;\n\u2029。！？]\s|[。！？\n\u2029]")
#: What may stand between a call's word and its number: words and punctuation, no digit, at most 40 characters.
_GAP = re.compile(r"[^\d\n\u2029]{0,40}")
#: Someone else's, or a service's, right before a number's word: "their number", "sa ligne", "его номер", "the
#: bank's fraud number", "emergency number", "customer service number", "the bank number" ("service number" alone is also an id's: a
#: soldier's, "DBS update service number …").
_THEIR = re.compile(r"(?i)(?<![^\W\d_])(?:their|his|her|leur|loro|его|её|их|jego|jej|ich"
                    r"|fraud|emergency|contact|support|customer service|client service|office|branch|reception|helpdesk|help desk|urgence|notruf|emergencia"
                    # an institution's ("the bank number is 404-…"; "my bank number" may be an account's)
                    r"|(?:the|their|la|le|die|der|el|il|de)\s+(?:bank|bank's|banque|banco|banca|company|company's|firm|agency|alarm company))\s+$")
#: Small words between a number's word and the number: "is", "on", ":".
_SMALL = re.compile(r"(?i)[^\S\n]*(?:(?:is|was|on|at|:|-|est|es|ist|é|è|это|—)[^\S\n]*){0,2}")
_DIGITS7 = re.compile(r"\d(?:[ \-.()\u00a0]{0,2}\d){6}")


@functools.cache
def _words() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], frozenset[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    calls = re.compile("(?i)" + prefilter.whole_words(data["calls"]))
    numbers = re.compile("(?i)" + prefilter.whole_words(data["numbers"]))
    after = re.compile(r"(?i)[^\d\w\n]{0,3}[^\W\d]{0,2}[^\S\n]{0,2}(?:" + prefilter.whole_words(data["after"]) + ")")
    heads = frozenset(w.split()[0].lower() for w in data["calls"] + data["numbers"] if w.isascii())
    return calls, numbers, after, heads


@functools.cache
def _purposes() -> re.Pattern[str]:
    """What a number's word says the number is for, right after it: "the number to reset it is …"."""
    words = json.loads(_ASSET.read_text(encoding="utf-8"))["purposes"]
    return re.compile(r"(?i)[^\S\n]+(?:" + prefilter.alternation(words) + r")(?![\w])")


def _may(text: str) -> bool:
    if not _DIGITS7.search(text):
        return False
    *_, heads = _words()
    return not text.isascii() or not heads.isdisjoint(re.findall(r"[\w.\-]+", text.lower()))


def _secret_named(text: str) -> bool:
    return bool(labelled_lookalikes._secret_names().search(text) or labelled_lookalikes._CODE_WORD.search(text)
                or labelled_lookalikes._PIN_NAME.search(text))


def _telephone(run: str) -> bool:
    digits = re.sub(r"\D", "", run)
    if not 7 <= len(digits) <= 15 or len(digits) >= 13 and checksums.luhn(digits):
        return False
    if len(digits) <= 8 and not _SHORT_SHAPE.fullmatch(run):
        return False
    dialled = ("+" if run.startswith("+") else "") + digits
    return phone_numbers.is_phone(dialled, possible=run.startswith("+")) or len(digits) <= 8 and run.startswith("+")


def _called(text: str, a: int, b: int, plus: bool) -> bool:
    """Whether the number at ``text[a:b]`` is named as one to call."""
    calls, numbers, after, _ = _words()
    lo = max(0, a - 80)
    clause = max((m.end() for m in _CLAUSE_END.finditer(text, lo, a)), default=lo)
    called_after = bool(after.match(text, b))  # "… 8224로 전화해", "… تماس بگیرید"
    best = None
    for pattern, is_number in ((calls, False), (numbers, True)):
        for m in pattern.finditer(text, clause, a):
            if _GAP.fullmatch(text, m.end(), a) and (best is None or m.end() > best[0].end()):
                best = (m, is_number)
    if best is None:
        return called_after
    m, is_number = best
    if is_number:  # "dikirim ke nomor …", "sent to the number …": a call's word before the number's word names a line
        m = next((c for c in calls.finditer(text, clause, m.start()) if _GAP.fullmatch(text, c.end(), a)), m)
        is_number = m is best[0]
    if not plus and _secret_named(labelled_lookalikes._without_topics(text[m.end():a].lower())):
        return False  # "call me, the PIN is 0161 496 0398"; not "helpline for password reset: 0161 …" (a request's topic)
    # "my nhs number is 250 928 4010", "passport number 0161 …": a number's word is a telephone's only as
    # someone else's or a service's ("their number is …", "fraud number") or with a call's word after the number
    # "su número de identificación personal es …": only small words after a number's word, unless "+"
    if is_number and not called_after and (p := _purposes().match(text, m.end(), a)):
        return plus or bool(_SMALL.fullmatch(text, p.end(), a))  # "the number to reset it is 0161 …"
    return not is_number or called_after or bool(_THEIR.search(text, clause, m.start())) \
        and (plus or bool(_SMALL.fullmatch(text, m.end(), a)))


def without_called_numbers(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the (parts of) telephone numbers the text names as ones to call."""
    if not spans or not any(sp[2] in _KINDS for sp in spans) or not _may(text):
        return spans
    runs = []
    for m in _RUN.finditer(text):
        a, b = m.start(), m.end()
        while b > a and (text[b - 1] in " -.(\u00a0" or text[b - 1] == ")" and text.count("(", a, b) < text.count(")", a, b)):
            b -= 1  # "… 555-0156)" closing an aside
        while a < b and text[a] == "(" and text.count("(", a, b) > text.count(")", a, b):
            a += 1
        run = text[a:b]
        if _telephone(run) and _called(text, a, b, run.startswith("+")):
            runs.append((a, b))
    if not runs:
        return spans
    out = []
    for sp in spans:
        s, e, kind = sp
        inside = kind in _KINDS and any(a < e and s < b and not re.search(r"\d", text[s:max(s, a)] + text[min(e, b):e])
                                        for a, b in runs)
        if not inside:
            out.append(sp)
    return out


_FEW_WORDS = 8


@functools.cache
def _asks() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return re.compile("(?i)" + prefilter.whole_words(data["lines"])), re.compile("(?i)" + prefilter.whole_words(data["asks"]))


def without_called_answers(text: str, spans: list[Span], before: str) -> list[Span]:
    """``spans`` without a telephone number that answers a turn about a line to call or a number a code is
    sent to (round thirty-five): "which number do I ring to unblock my card PIN?" / "+44 …"; "the login code goes
    to this number" / "(415) …"; "le code SMS arrive sur quel numéro ?" / "chez moi c'est le 06 …". The number is
    a valid telephone's (``_telephone``), this turn has few words beside it and names no secret itself; the turn
    before has a verb of calling or a helpline's word (``lines``; not one of asking: "the surgery asked me for my NHS number") or
    asks which number (``asks``), and names no id or account."""
    if not spans or not before or len(text) > 160 or not any(sp[2] in _KINDS for sp in spans) or not _DIGITS7.search(text):
        return spans
    calls, asks = _asks()
    if not (calls.search(before) or asks.search(before)):
        return spans
    if any(n.kind in ("id", "bank") for n in forms.names_in(forms.view(before)[0])):
        return spans  # "the surgery asked me for my NHS number" / "it's 943 …": the id, not a line
    runs = []
    for m in _RUN.finditer(text):
        a, b = m.start(), m.end()
        while b > a and text[b - 1] in " -.(\u00a0":
            b -= 1
        if _telephone(text[a:b]):
            runs.append((a, b))
    if not runs:
        return spans
    rest = text
    for a, b in reversed(runs):
        rest = rest[:a] + " " + rest[b:]
    if len(re.findall(r"[^\W\d_]+", rest)) > _FEW_WORDS or _secret_named(rest):
        return spans
    return [sp for sp in spans if not (sp[2] in _KINDS and any(a <= sp[0] + 1 and sp[1] <= b + 1 for a, b in runs))]
