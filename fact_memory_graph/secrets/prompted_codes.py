"""Codes the user means to type in when something asks for them.

A one-time or access code is often told by what will happen to it, not by its name: "type 482913 in
when it asks", "remember 482913 for when it asks", "enter 482913 on the next screen", "cuando te lo
pida, mete 482913", "когда спросит, введи 482913", "sorarsa 482913 gir". The grammar: a clause of being
asked or prompted, or a place a code is typed into (~30 languages), and a value of a code's shape in
the same sentence (4-10 digits, digits in two or three groups, or a code of capitals and digits).

Look-alikes kept: what a prompt asks for that is no secret ("when it asks for the booking reference,
type ABX992", "enter your room number, 214, when asked"; a prompt's "it" may point back at a number the
text labelled before: "membership no. 4021933, the desk asks for it"), a year, a time, an amount or a measure (the
value's neighbours say so), a phone number (more digits). Words are data (``assets/prompted_codes.json``);
the reader runs only when a prompt's word is in the text (one lexicon lookup).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_DIGITS = re.compile(r"\d")

_REACH = 120  # a prompt and its code share a sentence: this far either side at most
_SENTENCE_END = re.compile(r"[.!?;\n。！？](?:\s|$)|\n")
#: A code's shape: digits (4-10, or groups of 2-4 split by a blank or a dash), or capitals and digits
#: with at least two digits ("G-482913", "X7K2-99QP").
_CODE = re.compile(r"(?<![\w.,:/+#$€£-])(?P<v>\d{4,10}|\d{2,4}(?:[ -]\d{2,4}){1,2}"
                   r"|(?=[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9]{1,8}(?:-[A-Za-z0-9]{1,8}){0,3})"
                   r"(?![\w€£$%]|[.,:/-]\d)")
_NOT_CODE = re.compile(r"(?i)\d+(?:st|nd|rd|th|am|pm|h|hrs?|mins?|s|kg|km|g|gb|mb|tb|k|m|x|p|ml|cm|mm|mbps|ghz|mhz|px)"
                       r"|(?:19|20)\d\d|[a-z]+\d{2}|[a-z]{4,}\d+[a-z]*")  # "4pm", a year, "mp3", "covid19"
_UNIT_AFTER = re.compile(r"(?i)\s*(?:am|pm|uhr|h|hours?|minutes?|mins?|days?|km|kg|euros?|dollars?|pounds?|eur|usd|gbp|%|€|\$|£)\b")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("prompted_codes.json").read_text(encoding="utf-8"))


@functools.cache
def _words() -> lexicon.Gate:
    return lexicon.Gate(_data()["prompts"])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    d = _data()
    return (re.compile("(?i)" + prefilter.whole_words(d["prompts"])),
            re.compile("(?i)" + prefilter.whole_words(d["lookalike_objects"])),
            re.compile("(?i)" + prefilter.whole_words(d["code_words"])))


def _labelled(text: str, start: int, at: int, lookalikes: re.Pattern[str], codes: re.Pattern[str],
              prompt: tuple[int, int] = (0, 0)) -> bool:
    """Whether a look-alike's label stands in ``text[start:at]`` with no code's word after it
    ("my member number, in the app, is 40213"; not "member login in the app, then the code 4471"); a word
    of the prompt itself is no label ("when the phone asks, type 7608": the phone asks, it is not asked for)."""
    ends = [m.end() for m in lookalikes.finditer(text, start, at) if not prompt[0] <= m.start() < prompt[1]]
    return bool(ends) and not codes.search(text, ends[-1], at)


def sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentence around ``text[start:end]`` starts and ends, at most ``_REACH`` either side (shared with
    ``typed_logins``: a typed value and its access phrase share a sentence as a prompt and its code do)."""
    head = text[max(0, start - _REACH):start]
    cuts = [m.end() for m in _SENTENCE_END.finditer(head)]
    a = start - len(head) + (cuts[-1] if cuts else 0)
    m = _SENTENCE_END.search(text, end, min(len(text), end + _REACH))
    return a, m.start() if m else min(len(text), end + _REACH)


def spans(text: str) -> list[Span]:
    """Codes in a sentence that says they are to be typed in when asked (see the module's note)."""
    if len(text) > 3000 or not _DIGITS.search(text) or not _words().open(text):  # every value holds digits
        return []
    prompts, lookalikes, codes = _patterns()
    out: list[Span] = []
    for p in prompts.finditer(text):
        a, b = sentence_bounds(text, p.start(), p.end())
        if lookalikes.search(text, p.end(), min(b, p.end() + 40)):
            continue  # "when it asks for the booking reference": what it asks for is no secret
        found = []
        for m in _CODE.finditer(text, a, b):
            value = m.group("v")
            if _NOT_CODE.fullmatch(value) or _UNIT_AFTER.match(text, m.end()) \
                    or _labelled(text, 0, m.start(), lookalikes, codes, p.span()) \
                    or lookalikes.search(text, m.end(), b) and not codes.search(text, a, m.start()):
                continue  # a year, a time, a price; "room 214", "my membership no. 4021933. the desk asks for it"
            found.append((abs(m.start() - p.start()), m.start(), m.end()))
        if found:
            _, start, end = min(found)  # the value nearest the prompt
            out.append((start, end, "password"))
    return out
