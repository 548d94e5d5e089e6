"""Codes keyed in to operate a thing: "to switch off the alarm type 7391", "Um die Alarmanlage
auszuschalten, 7391 eingeben", "Чтобы отключить сигнализацию, наберите 7391", "警報を解除するには7391を
押してください", "Larmet stänger du av med 7391".

How people tell such a code is an instruction: a thing that opens or arms (an alarm, a door, a gate, a
lock, a safe, a key box) and a verb of keying digits in, in one sentence, in any order — the keypad-shaped
value in it is the code. Without such a verb, a verb of operating the thing (disarm, switch off, unlock)
and the value right after a word of "with" ("med 7391", "koodilla 7391"). Words are data
(assets/keypad_entries.json, ~25 languages); the reader runs only when a keying or operating word is in
the text (one lexicon lookup), then only on sentences that also name a thing.

Look-alikes kept: a time ("press the buzzer at 0800"), a room, floor or flat ("enter room 2480"), a
year, an amount or a measure ("1200 euros"), a phone number (a longer run of digits).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_UNSPACED = prefilter.UNSPACED_SCRIPTS
#: A keypad's shape: 4-6 digits (7 are a phone's), 3-8 with a star or hash beside, single digits
#: split by dashes, dots or blanks ("7-3-9-1").
_VALUE = re.compile(rf"(?<![\d_*#.,:/+-])(?:(?<=[{_UNSPACED}])|(?<![^\W\d_]))"
                    r"(?P<v>[*#]\d{3,8}[*#]{0,2}|\d{3,8}[*#]{1,2}|\d{4,6}[A-Z]?|\d(?:[-. ]\d){3,7}[*#]?)"
                    rf"(?![*#]|\d|[.,:/]\d|\s\d|[^\W\d{_UNSPACED}])")
_SENTENCE = re.compile(r"[^.!?;\n。！？]+(?:[.!?;。！？]+(?=\d)[^.!?;\n。！？]*)*")
_BEFORE_KEPT = re.compile(
    r"(?i)(?<![^\W\d_])(?:at|by|until|till|before|after|from|since|around|um|bis|ab|à|vers|a las|alle|om|до|в|saat"
    r"|hasta|até|às|fino alle|tot|room|floor|flat|apt|apartment|unit|suite|no|nr|number|zimmer|stock|etage|chambre"
    r"|habitación|piso|planta|stanza|quarto|kamer|pokój|квартира|этаж|номер|oda|rum|huone|phone|tel|call|ext"
    r"|extension|over|under|above|below|costs?|paid|pay|weighs?|kostet|coûte|cuesta|costa|custa|kost|kosztuje|стоит|kostar|tutar|between|and"
    r"|entre|et|y|e|und|en|och|и|i)\W{0,3}$")
_AFTER_KEPT = re.compile(r"(?i)\s*(?:am|pm|uhr|h|hrs|hours?|min|minutes?|sec|km|kg|g|grams?|lbs?|m|cm|mm|%|€|\$|£"
                         r"|euros?|dollars?|usd|eur|rupees?|yen|times|steps|people|pages)(?![^\W\d_])"
                         r"|\s*(?:時|点|시|円|元|원|人|번째|号室|호실|층|階|楼)")
_YEAR = re.compile(r"(?:19|20)\d{2}")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("keypad_entries.json")
                      .read_text(encoding="utf-8"))


def _stems(words: list[str]) -> str:
    """Each word from its beginning; a word of a spaced script shorter than 5 letters whole
    ("tor", "aç": not "tornado", "açık")."""
    long = [w for w in words if len(w) >= 5 or re.search(rf"[{_UNSPACED}]", w)]
    short = [w for w in words if w not in long]
    parts = []
    if long:
        parts.append(prefilter.WORD_HEAD + "(?:" + "|".join(re.escape(w) for w in sorted(long, key=len, reverse=True)) + ")")
    if short:
        parts.append(prefilter.whole_words(short))
    return "|".join(parts)


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    d = _data()
    things = re.compile("(?i)" + _stems(d["things"]))
    keyed = re.compile("(?i)" + prefilter.whole_words(d["keyed"]))
    operate = re.compile("(?i)" + _stems(d["operate"]))
    cues = re.compile("(?i)" + prefilter.whole_words(d["keyed"]) + "|" + _stems(d["operate"]))
    spaced_with = [w for w in d["with"] if not re.search(rf"[{_UNSPACED}]", w)]
    with_before = re.compile(rf"(?i)(?:{prefilter.whole_words(spaced_with)})\s*(?:(?:the|the code|code|der|den|le|el|il|o|a)\s+)?$")
    return things, keyed, operate, cues, with_before


@functools.cache
def _gate() -> lexicon.Gate:
    d = _data()
    return lexicon.Gate(d["keyed"] + d["operate"])


#: A keypad's value with its own key: a star or hash before or after 4-8 digits ("202819*", "*5858",
#: "6161#"). A service's short code has more than one ("*131*4#", "*#06#") and is not read here.
_STARRED = re.compile(r"(?<![\w*#])(?<!\d[ .-])(?:\*\d{4,8}|\d{4,8}[*#])(?![\w*#])")  # not "#55205763": a number's sign


def _trivial(value: str) -> bool:
    """A manual's example or a factory default ("1234#", "0000*"): the other finders judge it."""
    digits = value.strip("*#").strip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return digits in "0123456789" or digits in "9876543210" or len(set(digits)) == 1


@functools.cache
def _starred_cues() -> re.Pattern[str]:
    d = _data()
    return re.compile("(?i)" + _stems(d["things"]) + "|" + prefilter.whole_words(d["keyed"] + d["code_words"]))


def starred_spans(text: str) -> list[Span]:
    """A value keyed with its star or hash ("Der Türcode … ist 202819*", "*5858 c'est code de la boîte
    à clés"), in a text naming a code, a thing that opens or a verb of keying in: a keypad's code."""
    if len(text) > 3000 or ("*" not in text and "#" not in text):
        return []
    found = [m for m in _STARRED.finditer(text) if not _AFTER_KEPT.match(text, m.end()) and not _trivial(m.group())]
    if not found or not _starred_cues().search(text):
        return []
    return [(m.start(), m.end(), "password") for m in found]


@functools.cache
def _then_key() -> re.Pattern[str]:
    d = _data()
    keys = prefilter.alternation(d["after_keys"])
    return re.compile(rf"(?i)(?<![\w*#.,:/+-])(?<!\d\s)(?P<v>[*#]?\d{{4,8}}(?:[*#]|(?-i:[A-Z]))?)(?!\s?\d)[\s,]*(?:{prefilter.whole_words(d['then_words'])})"
                      rf"\s+(?:(?:{prefilter.whole_words(d['press_words'])})\s+)?(?:{keys})(?![^\W\d_])")


#: "and" before the key pressed after a code ("9117 and the star key"): then the key must say it is one.
_PLAIN_AND = re.compile(r"(?i)[\s,]*(?:and|y|et|und|e)\s+(?!(?:then|dann|luego|puis|poi|depois|daarna|dan)\b)")
_A_KEY = re.compile(r"(?i)key|button|touche|tecla|taste|tasto|symbol|[#*✓]|press|hit|push|tap|appuie|pulsa|drück")
_KEY_AFTER = re.compile(r"(?i)\s*(?:key|button|symbol|touche|tecla|taste|tasto)(?![^\W\d_])")


_DOOR_PART = re.compile(r"(?i)door|handle|knob|gate|porte|poignée|clé|puerta|manilla|pomo|tür|klinke|porta|deur|drzwi|kapı|дверь|ручку")


@functools.cache
def _then_move() -> re.Pattern[str]:
    d = _data()
    return re.compile(rf"(?i)(?<![\w*#.,:/+-])(?<!\d\s)(?P<v>[*#]?\d{{4,8}}[*#]?)(?!\s?\d)[\s,]*(?:{prefilter.whole_words(d['door_joins'])})"
                      rf"\s+(?:{prefilter.whole_words(d['door_moves'])})(?![^\W\d_])")


def then_key_spans(text: str) -> list[Span]:
    """A code told by the key pressed after it ("punch 6076 then press OFF", "1688 then press the key
    symbol", "453279 then the green button", "4471 und dann Raute") or by what one does to the door after it
    ("54758 then push hard", "1319 and then hold the knob down", "5506 puis la clé"): a keypad's sequence. Not a number
    called or a time ("call 0800 then press star", "at 0730 then hit snooze")."""
    if len(text) > 3000 or not re.search(r"\d{4}", text):
        return []
    out: list[Span] = []
    moves = list(_then_move().finditer(text))
    if moves and not (_patterns()[0].search(text) or _patterns()[1].search(text)
                      or any(_DOOR_PART.search(m.group()) for m in moves)):
        moves = []  # "we raised 4500 and push hard for more": no door, no keypad, no keying in
    for m in [*_then_key().finditer(text), *moves]:
        head = text[max(0, m.start() - 40):m.start()]
        v = m.group("v")
        if _BEFORE_KEPT.search(head) or re.search(r"(?i)(?<![^\W\d_])(?:call|dial|ring|phone|number|tel)\W", head) \
                or _YEAR.fullmatch(v.strip("*#")) or _trivial(v):
            continue
        if _PLAIN_AND.match(text, m.end("v")) and not (_A_KEY.search(text, m.end("v"), m.end()) or _KEY_AFTER.match(text, m.end())):
            continue  # "raised 4500 and the star of the show": after a plain "and", only a key's own word
        out.append((m.start("v"), m.end("v"), "password"))
    return out


@functools.cache
def _bare_thing() -> re.Pattern[str]:
    fillers = prefilter.alternation(_data()["bare_fillers"])
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.whole_words(_data()['bare_things'])})[\s:]+(?:(?:{fillers})\s+)?"
                      r"(?P<v>[*#]?(?:(?-i:[A-Z])?\d{4,8}|\d{3,7}(?-i:[A-Z]))[*#]{0,2})(?![\w*#]|[.,:/]\d|\s?\d)")


_CLOCK = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")


def bare_thing_spans(text: str) -> list[Span]:
    """A code right after the thing it opens, with no code's word ("building door 7507", "gate 6209",
    "keysafe 01614 at mrs hendry's", "Tor 4471#"): a door's, a gate's, an alarm's or a key box's keypad.
    Kept: an amount, a measure or a year after it ("the gate 2019", "door 1200 mm"), an alarm's time
    ("alarm 0630": a clock's), a longer number (a phone's)."""
    if len(text) > 3000 or not re.search(r"\d{4}", text):
        return []
    out: list[Span] = []
    for m in _bare_thing().finditer(text):
        v = m.group("v")
        digits = v.strip("*#").strip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        if _AFTER_KEPT.match(text, m.end()) or _YEAR.fullmatch(digits) or _trivial(v):
            continue
        if "alarm" in m.group(0).lower() and _CLOCK.fullmatch(digits) and not v.endswith(("#", "*")):
            continue  # a clock's alarm: "alarm 0630"
        if _BEFORE_KEPT.search(text[max(0, m.start() - 40):m.start()]):
            continue  # "at gate 1204", "room … door"
        out.append((m.start("v"), m.end("v"), "password"))
    return out


def spans(text: str) -> list[Span]:
    """Codes keyed in to operate a thing named in the same sentence, told by the key pressed after them,
    or right after the thing's name."""
    then = then_key_spans(text) + bare_thing_spans(text)
    if ("*" in text or "#" in text) and (starred := starred_spans(text)):
        return starred + _keyed_spans(text) + then
    return _keyed_spans(text) + then


def _keyed_spans(text: str) -> list[Span]:
    if len(text) > 3000 or not re.search(r"\d{3}", text) or not _gate().open(text):
        return []
    things, keyed, operate, cues, with_before = _patterns()
    if not cues.search(text):
        return []
    out: list[Span] = []
    for s in _SENTENCE.finditer(text):
        sentence = s.group()
        if not re.search(r"\d{3}", sentence) or not things.search(sentence):
            continue
        has_keyed = keyed.search(sentence) is not None
        if not has_keyed and not operate.search(sentence):
            continue
        for m in _VALUE.finditer(sentence):
            v = m.group("v")
            head = sentence[max(0, m.start() - 40):m.start()]
            if _BEFORE_KEPT.search(head) or _AFTER_KEPT.match(sentence, m.end()):
                continue
            if _YEAR.fullmatch(v):
                continue  # a year ("the gate, built in 1998, opens when you press …")
            if not has_keyed and not (with_before.search(head) or re.match(r"\s*(?:で|로|으로)", sentence[m.end():])):
                continue
            out.append((s.start() + m.start("v"), s.start() + m.end("v"), "password"))
    return out
