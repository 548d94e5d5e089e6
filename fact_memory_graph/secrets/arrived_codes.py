"""One-time codes told by how they came or what must be done with them, in any order around the value.

:mod:`received_codes` and :mod:`read_out_codes` read a code in a fixed order of words ("the SMS says
663 021", "249829 is the one the bank texted"). People also say it the other way round, or with the
channel in a parenthesis or after the value: "199226 just came by sms, do i give it to …", "129034 (from
the bank text)", "just got 015 842 by sms, enter it quick", "687232 is what came in", "kode OTP nya
7135 min", "کد پیامکی 254291 را به او گفتم", "its 220223 hurry it expires". A value of a one-time code's
shape is withheld when its message (one short message) holds

- words saying a value has just come by a message or an app (``arrived``: "by sms", "from the bank app",
  "just came", "popped up", "me acaba de llegar", "по смс") or is read out or dictated from a screen
  (``read_out``: "off the screen", "yo te dicto"), or
- a one-time code's own name anywhere (``one_time``: "otp", "sms code", "code de confirmation",
  "کد پیامکی", "验证码"), or
- two of: haste ("quick", "hurry"), its running out ("expires"), typing it in ("type it in", "enter it").

The value: six digits, or two groups of three ("015 842"); four to eight digits when a one-time code's
name is in the message. Kept: a message with a label that makes the number something else (an order, a
parcel, a booking, a case, a phone, an amount, a transfer, an example: ``labels``), a message saying the
code did not come (``not_came``: "el código OTP no llegó, número de caso …"), a year, an amount, a time, a
number inside a longer run of digits (a phone's). Words as data (``assets/arrived_codes.json``); the
reader runs only on a short text with three digits in a row and one of its words (a lexicon lookup).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import forms, lexicon, prefilter

Span = tuple[int, int, str]

_MAX_CHARS = 300
_MAX_VALUES = 4
_DIGITS = re.compile(r"\d{3}")
_VALUE = re.compile(r"(?<![\w$€£¥₹.,:/+#\-*])(?<!\d[ \-])(?P<v>\d{3}[ \-]\d{3}|\d{4,8})(?![\w%€$£*#]|[.,:/\-]\d|[ \-]\d)")
_YEAR = re.compile(r"(?:19|20)\d{2}")
_UNIT_AFTER = re.compile(r"(?i)\s*(?:am|pm|uhr|h|hrs|hours?|mins?|minutes?|secs?|seconds?|days?|%|kg|km|mb|gb|€|\$|£"
                         r"|euros?|dollars?|pounds?|pesos?|reais|rupees?|rs|usd|eur|gbp|yen|kr|zł|₽|₺|円|元|원|steps?|people"
                         r"|votes?|views?|likes?|followers?|subscribers?|users?|visitors?|downloads?|copies|words?|pages?)\b")
_BEFORE = re.compile(r"(?i)(?:[$€£¥₹₽₺]\s?|\b(?:at|by|until|from|um|à|a las|alle|om|às|в|saat|rs\.?|inr|usd|eur)\s*)$")


@functools.cache
def _data() -> dict[str, list[str]]:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("arrived_codes.json")
                      .read_text(encoding="utf-8"))


@functools.cache
def _gate() -> lexicon.Gate:
    d = _data()
    return lexicon.Gate([*d["arrived"], *d["read_out"], *d["one_time"], *d["hurry"], *d["expiry"], *d["enter"]])


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    d = _data()
    return {k: re.compile(f"(?i)(?:{prefilter.whole_words(d[k])})")
            for k in ("arrived", "one_time", "hurry", "expiry", "enter", "labels", "not_came")}


def _a_code(text: str, start: int, end: int, short: bool) -> bool:
    value = text[start:end]
    digits = re.sub(r"\D", "", value)
    if len(digits) != 6 and not (short and 4 <= len(digits) <= 8):
        return False
    if len(set(digits)) <= 1 or _YEAR.fullmatch(value) or digits in "0123456789" or digits in "9876543210":
        return False
    unit = _UNIT_AFTER.match(text, end)
    if unit and not (short and unit.group().strip().lower() == "min"):  # "kode OTP nya 7135 min": "min" is "admin"
        return False
    return not _BEFORE.search(text, max(0, start - 8), start)


def spans(text: str) -> list[Span]:
    """One-time codes in ``text`` (a normalised message) its words say came by a message or must be typed in."""
    if len(text) > _MAX_CHARS or not _DIGITS.search(text) or not _gate().open(text):
        return []
    p = _patterns()
    named = p["one_time"].search(text) is not None
    urged = sum(p[k].search(text) is not None for k in ("hurry", "expiry", "enter")) >= 2
    if not (named or urged or p["arrived"].search(text) or _pointed().search(text)) or p["labels"].search(text) \
            or p["not_came"].search(text):
        return []
    values = list(_VALUE.finditer(text))
    if not values or len(values) > _MAX_VALUES:
        return []
    return [(m.start("v"), m.end("v"), "password") for m in values if _a_code(text, m.start("v"), m.end("v"), named)]


_LONE = re.compile(r"\W{0,3}(?P<v>\d{3}[ \-]\d{3}|\d{6})\W{0,3}")


@functools.cache
def _pointed() -> re.Pattern[str]:
    return re.compile(f"(?i)(?:{prefilter.whole_words([*_data()['arrived'], *_data()['read_out']])})")


def named_by_next(text: str, after: str) -> list[Span]:
    """A code alone in its turn that the user's next turn says came by a message or was read out from a
    screen ("704546" / "that's the one that came to mum's mobile", "six one seven nine zero five" /
    "thats what i read to him off the screen"); not when the next turn gives it a label (an order's)."""
    if len(text) > 60 or not after.strip() or len(after) > 300:
        return []
    norm, origin = forms.view(text)
    m = _LONE.fullmatch(norm)
    if not m or not _a_code(norm, m.start("v"), m.end("v"), False):
        return []
    if not _gate().open(after) or not _pointed().search(after) or _patterns()["labels"].search(after) \
            or _patterns()["not_came"].search(after):
        return []
    return forms.back([(m.start("v"), m.end("v"), "password")], origin)
