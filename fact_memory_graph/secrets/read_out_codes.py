"""One-time codes read out as they come: orders :mod:`received_codes` does not read.

- The value, then what it is pointed at as: "249829 is the one the bank texted", "G-834022 is what the
  text says", "551203 es el que me mandó el banco", "c'est ce que dit le SMS".
- A code begun in words, a pause, then the whole of it in digits: "five two... hang on: 727100",
  "its four seven one... ok reading it properly: 138063", "cinco dos… espera: 727100".
- A code asked for, then found: "what's the code... oh here 874242", "¿cuál era el código? ah aquí 874242".
- A message that came with it: "just got a text from booksy with 857814", "me llegó un sms con 551203".
- A verification's word right before two groups of three or six digits: "verification 003 296".

The value has a one-time code's shape (four to eight digits, two groups of three, "G-482913"), is no
year, no amount and no time. Every order is tried only when its words and a run of three digits are
in the message; each pattern reads a bounded window (no nested unbounded repetition). Words as data
(assets/read_out_codes.json).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "read_out_codes.json"
_DIGITS = re.compile(r"\d{3}")
_VALUE = r"(?<![\w$€£¥₹.,:/+#\-])(?P<v>[A-Z]-\d{4,8}|\d{3}[ \-]\d{3}|\d{4,8})(?![\w%€$£]|[.,:/\-]\d)"
_YEAR = re.compile(r"(?:19|20)\d{2}")
_UNIT_AFTER = re.compile(r"(?i)\s*(?:am|pm|uhr|h|hrs|hours?|mins?|minutes?|days?|%|kg|km|€|\$|£|euros?|dollars?|pounds?"
                         r"|pesos?|steps?|people|points?|miles?)\b")
#: A code read out ends its clause ("… hang on: 727100 thx"); a count goes on into its noun ("300000 in savings").
_ENDS = re.compile(r"(?i)\s*(?:$|[\n.,;!?)\u2029]|(?:thx|thanks|ty|pls|please|ok|lol|now|gracias|merci|danke|grazie|obrigad[oa])\b)")
_MONEY_BEFORE = re.compile(r"[$€£¥₹₽₺]\s?$")


@functools.cache
def _data() -> dict[str, list[str]]:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    d = _data()
    w = {k: prefilter.whole_words(d[k]) for k in ("pointing", "sent", "digit_words", "pauses", "code_words", "found",
                                                  "received", "messages", "with", "verification")}
    gap = r"[^\d\n.!?;]{0,30}?"
    return {
        "pointed": re.compile(rf"(?i)\s+(?:{w['pointing']})\b{gap}(?:{w['sent']})(?![^\W\d_])"),
        # (the normalised view writes a code's spoken digits as digits: "four seven one" is "471")
        "spoken": re.compile(rf"(?i)(?:(?:(?:{w['digit_words']})[\s,\-]{{1,3}}){{1,6}}(?:{w['digit_words']})|(?<![\w.,])\d(?:[ \-]?\d){{0,4}})"
                             rf"(?:(?:\.\.\.|…)\s*(?:(?:{w['pauses']})(?![^\W\d_])[^\d\n]{{0,40}}?)?"
                             rf"|[\s,\-–—]{{1,3}}(?:{w['pauses']})(?![^\W\d_])[^\d\n]{{0,40}}?)[:\-–—]?\s*\Z"),
        "found": re.compile(rf"(?i)(?:{w['code_words']})(?![^\W\d_])[^\d\n]{{0,25}}?(?:{w['found']})(?![^\W\d_])"
                            r"[\s:,\-–—]{0,4}\Z"),
        "with": re.compile(rf"(?i)(?:{w['received']})\s+(?:(?:a|an|un|una|une|ein|eine|um|uma|the|el|la|le)\s+)?"
                           rf"(?:{w['messages']})(?![^\W\d_]){gap}\s(?:{w['with']})\s+\Z"),
        "verification": re.compile(rf"(?i)(?:{w['verification']})(?![^\W\d_])\s*[:#]?\s*\Z"),
        "value": re.compile(_VALUE),
    }


@functools.cache
def _gate() -> re.Pattern[str]:
    d = _data()
    words = [*d["sent"], *d["digit_words"], *d["pauses"], *d["code_words"], *d["messages"], *d["verification"]]
    # the words as a prefix tree behind the lexicon's gate: true on the same texts as their alternation
    # (cost only: the alternation tried 200 words at every position of each message with a digit)
    tree = prefilter.word_tree(set(words), lambda ch: r"\s+" if ch == " " else re.escape(ch))
    return tree if tree is not None else re.compile("(?i)" + prefilter.alternation(words))


def _a_code(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    if len(re.sub(r"\D", "", value)) < 6:
        return False  # a one-time code is six digits at least here; a shorter number is a count, a price, a PIN
    return not (_YEAR.fullmatch(value) or _UNIT_AFTER.match(text, end) or _MONEY_BEFORE.search(text, max(0, start - 3), start))


def spans(text: str) -> list[Span]:
    """The one-time codes of ``text`` (a normalised message) read out in one of the orders above."""
    if len(text) > 600 or not _DIGITS.search(text) or not _gate().search(text):
        return []
    p = _patterns()
    out: list[Span] = []
    for m in list(p["value"].finditer(text))[:6]:
        start, end = m.span("v")
        if not _a_code(text, start, end):
            continue
        lo = max(0, start - 90)
        if p["pointed"].match(text, end) or _ENDS.match(text, end) and p["spoken"].search(text, lo, start) \
                or p["found"].search(text, lo, start) \
                or p["with"].search(text, lo, start) or p["verification"].search(text, max(0, start - 25), start):
            out.append((start, end, "password"))
    return out
