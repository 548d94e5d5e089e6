"""A device's unlock code told by the device: "koden til min telefon er GcuWhlYP", "le code de mon téléphone
c'est BojhYAXd", "the laptop at the front desk wakes up with 180968", "el portátil se desbloquea con 4471".

- A code's word, then within four words a device's word ("koden til min telefon", "le code de mon
  téléphone", "the code for mum's iphone"), a copula ("er", "est", "c'est", "is", ":"), then the value:
  digits are read by the code's own name elsewhere; here also letters in random case ("GcuWhlYP",
  eight letters or more, two changes of case inside at least) or letters with digits (a password's shape).
- A device's word, then within five words a verb that takes its code after it ("wakes up with", "unlocks
  with", "se desbloquea con", "s'ouvre avec"), then 4-8 digits (no year) or a value of a password's shape.

Kept: a number with a unit or a currency, a year, a plain word ("the phone unlocks with face id" has no
value's shape). Words as data (``assets/device_codes.json``, ~20 languages); the reader runs only on a
text holding a device's word (one lexicon lookup).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import juxtaposed_passwords, lexicon, prefilter

Span = tuple[int, int, str]

_MAX_CHARS = 1500
_MAX_MATCHES = 6
_TOKEN = re.compile(r"[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»()\[\]{}<>,;]{4,40})")
_DIGITS = re.compile(r"\d{4,8}")
_YEAR = re.compile(r"(?:19|20)\d\d")
_EDGE = ".!?…:"
_UNIT_AFTER = re.compile(r"(?i)\s*(?:am|pm|h|hrs?|hours?|mins?|minutes?|secs?|seconds?|days?|%|kg|mb|gb|tb|mah|w|€|\$|£"
                         r"|euros?|dollars?|pounds?|rs|usd|eur|gbp|times)\b")


@functools.cache
def _data() -> dict[str, list[str]]:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("device_codes.json").read_text(encoding="utf-8"))


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_data()["devices"])


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    d = _data()
    device = prefilter.whole_words(d["devices"])
    return {
        "named": re.compile(rf"(?i)(?:{prefilter.whole_words(d['code_words'])})(?:\s+[^\s\d.!?;,:]+){{0,3}}?\s+(?:{device})"
                            rf"\s*(?:(?:{prefilter.alternation(d['copulas'])})(?![^\W\d_]))?\s*"),
        "device": re.compile(rf"(?i)(?:{device})"),
        # "my friend's phone, to open it: 3195": a comma may stand before the verb, a colon after it
        "wakes": re.compile(rf"(?i)(?:\s+[^\s\d.!?;,،]+){{0,5}}?[,،]?\s+(?:{prefilter.whole_words(d['wakes'])})(?:\s*[:：]\s*|\s+)"),
    }


#: A device that will not open (it asks for its code): "no abre", "won't unlock", "açılmıyor", "haifunguki".
_WILL_NOT_OPEN = re.compile(r"(?i)(?<![^\W\d_])(?:no (?:abre|desbloquea|prende)|não (?:abre|desbloqueia)|won'?t (?:open|unlock)"
                            r"|doesn'?t (?:open|unlock)|can'?t (?:open|unlock) it|ne s'ouvre pas|ne se déverrouille pas"
                            r"|geht nicht auf|lässt sich nicht entsperren|non si sblocca|non si apre|açılmıyor|kilidi açılmıyor"
                            r"|nahi khul raha|nahin khul raha|नहीं खुल रहा|نہیں کھل رہا|haifunguki|ba ya buɗewa"
                            r"|ayaw bumukas|hindi mabuksan|tidak bisa dibuka|không mở được|не открывается|не разблокируется)(?![^\W\d_])")


def will_not_open(text: str) -> bool:
    """Whether ``text`` says a device will not open ("el celular de mi papá no abre"): the next short
    turn's digits are codes to try."""
    return len(text) < 200 and mentioned(text) and _WILL_NOT_OPEN.search(text) is not None and bool(_patterns()["device"].search(text))


def mentioned(text: str) -> bool:
    """Whether ``text`` may name a device (a set lookup for most texts)."""
    return _gate().open(text)


def _a_value(text: str, start: int, end: int, mixed_case: bool) -> bool:
    token = text[start:end]
    if "@" in token or "/" in token or token.lower().startswith("www"):
        return False
    if _DIGITS.fullmatch(token):
        return not (_YEAR.fullmatch(token) or _UNIT_AFTER.match(text, end))
    if mixed_case and len(token) >= 8 and token.isalpha() and len(re.findall(r"[a-z][A-Z]|[A-Z][a-z]", token)) >= 3:
        return True  # letters in random case ("GcuWhlYP"), not a word with a capital
    shaped = juxtaposed_passwords.shaped_value(token)
    return bool(shaped) and not token.isdigit()


def _value_at(text: str, at: int, mixed_case: bool) -> Span | None:
    m = _TOKEN.match(text, at)
    if not m:
        return None
    token = m.group("v").rstrip(_EDGE)
    start = m.start("v")
    if not _a_value(text, start, start + len(token), mixed_case):
        return None
    return start, start + len(token), "password"


def spans(text: str) -> list[Span]:
    """Device codes in ``text`` (a normalised message) told by their device."""
    if len(text) > _MAX_CHARS or not _gate().open(text):
        return []
    p = _patterns()
    out: list[Span] = []
    for n, m in enumerate(p["named"].finditer(text)):
        if n >= _MAX_MATCHES:
            break
        span = _value_at(text, m.end(), True)
        if span:
            out.append(span)
    for n, d in enumerate(p["device"].finditer(text)):
        if n >= _MAX_MATCHES:
            break
        w = p["wakes"].match(text, d.end())
        span = w and _value_at(text, w.end(), False)
        if span:
            out.append(span)
    return out


#: A code set on a device the turn before named ("new phone from IT" / "they set it to 0713 for now").
_SET_TO = re.compile(r"(?i)(?<![^\W\d_])(?:set|reset|changed|change|put)\s+it\s+(?:to|as)\s+(?P<v>\d{4,8})(?![\w%€$£:.,]\d?)"
                     r"|(?<![^\W\d_])it(?:'s|’s| is)\s+set\s+to\s+(?P<w>\d{4,8})(?![\w%€$£:.,]\d?)")
_NEW_DEVICE = re.compile(r"(?i)(?<![^\W\d_])(?:new|nuevo|nueva|nouveau|nouvel|nouvelle|neues|neuer|nuovo|novo|nova|nieuwe|nowy|новый|yeni"
                         r"|replacement|work|loaner|spare)(?![^\W\d_])")
_TIME_WORDS = re.compile(r"(?i)(?<![^\W\d_])(?:alarm|clock|time|timer|wake|wakes|reminder|volume|brightness|temperature|degrees|font"
                         r"|wecker|réveil|despertador|sveglia|hour|hours|am|pm)(?![^\W\d_])")


def set_to_spans(text: str, before: str) -> list[Span]:
    """A code a turn says was set on a new device that the turn before named ("new phone from IT" / "they
    set it to 0713 for now"); not a clock, an alarm, a volume or a time."""
    if len(text) > 200 or len(before) > 300 or not _gate().open(before) or not _SET_TO.search(text):
        return []
    if not (_patterns()["device"].search(before) and _NEW_DEVICE.search(before)):
        return []
    if _TIME_WORDS.search(text) or _TIME_WORDS.search(before):
        return []
    out: list[Span] = []
    for m in _SET_TO.finditer(text):
        g = "v" if m.group("v") else "w"
        if not _YEAR.fullmatch(m.group(g)):
            out.append((m.start(g), m.end(g), "password"))
    return out
