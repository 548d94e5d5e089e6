"""Physical access codes by what they are.

A code that opens something (a door, a gate, a garage, a key safe, an alarm's keypad) is read by its
grammar: the thing's name, a colon and a value of a keypad's shape ("gate: *2580", "Haustür: 5-5-1-9");
the code's own name in one word or two, then a value a few words on ("dörrkod 2580", "cod poartă
2580", "경보 해제 번호 2248"); or a phrase of getting in, then a value ("to get in press 4719",
"para entrar marca 4719"). Words are data (assets/physical_codes.json, ~30 languages).

A keypad's shape: 4-8 digits, 3 with a star or hash, single digits split by dashes, dots or blanks
("9-0-2-1", "3 3 8 1"), digits split by hashes ("1#7#3#9"); after a code's own name also pairs
("14-22-08") and short capital codes with letters ("B4729"). Look-alikes kept: a gate beside travel
words (an airport's gate), a room, a floor, a street number (no code word, no colon after a place),
times ("at 2230", "7:30"). The public filters of the pipeline run after these spans (a code posted at
the entrance is kept).
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "physical_codes.json"
_MAX_MATCHES = 24  # a message holds a few codes; a crafted one repeating a label is read only this far
_SHAPE = re.compile(r"\d{3}|\d[-.\u00a0 #*]\d")  # a cheap first test: no code of a keypad's shape, nothing to read
#: A script written without spaces (Chinese, Japanese, Korean, Thai) runs its words into a code
#: ("取件码004389", "44427です"): its letters do not end a value the way a Latin letter does.
_UNSPACED = r"\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
_START = rf"(?<![*#]|[^\W{_UNSPACED}])"
_END = rf"(?![*#]|[^\W{_UNSPACED}]|[.,:/]\d|[\s\u00a0]\d|\s?(?:am|pm|uhr|h)\b|\s?%)"  # not "0800 123 456"
_KEYPAD = (r"[*#]?\d{4,8}[*#]{0,2}|[*#]\d{3}[*#]?|\d{3}[*#]{1,2}|\d(?:[-.\u00a0 ]\d){2,7}[*#]?"
           r"|\d(?:[#*]\d){2,7}[#*]?")
_NAMED = _KEYPAD + (r"|\d{3}|\d{1,2}(?:[-–]\d{1,2}){2,3}|\d{3,4}[-‐–]\d{3,4}"
                    r"|(?=[A-Z0-9]*\d{3})(?=[A-Z0-9]*[A-Z])[A-Z0-9]{4,7}")
#: Between a code's name and its value: words, and a thing's own short number ("override on till 3 is 3012").
_GAP = r"(?:[^\d\n.!?;]|(?<![\w.,:/])\d{1,2}(?=[\s,]))"
_NOT_IN_GAP = re.compile(r"(?i)(?<![^\W\d_])(?:room|floor|apt|apartment|flat|unit|no|nr|number|suite|zimmer|stock"
                         r"|etage|chambre|habitación|piso|planta|квартира|этаж|street|house number|hausnummer"
                         r"|zip|zipcode|zip code|postcode|postal|plz|postleitzahl|cep|code postal|código postal"
                         r"|cap|pincode|pin code|индекс|郵便番号|邮编|우편번호)(?![^\W\d_])")
_TIME_BEFORE = re.compile(r"(?i)(?<![^\W\d_])(?:at|by|until|till|before|after|from|since|um|bis|ab|à|vers|a las"
                          r"|alle|om|до|в|saat|hasta|até|fino alle|tot)\s*$")


_alt = prefilter.whole_words  # each word whole, as one prefix tree


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _quick() -> re.Pattern[str]:
    d = _data()
    return re.compile("(?i)" + _alt(d["places"] + d["code_places"] + d["entry"] + d["things"] + d["pickup_names"]
                                    + d["coded_things"]))


@lru_cache(maxsize=1)
def _quick_words() -> lexicon.Gate:
    """:func:`_quick`'s words in the lexicon's one pass (a set lookup where none is: cost only)."""
    d = _data()
    words = d["places"] + d["code_places"] + d["entry"] + d["things"] + d["pickup_names"] + d["coded_things"]
    return lexicon.Gate(words if not any("\u0307" in w for w in words) else [""])


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], ...]:
    d = _data()
    # "gate: *2580", "Alarmanlage im Laden: 15072": a place, up to three words, a colon
    place = re.compile(rf"(?i)(?:{_alt(d['places'])})(?:['’]s)?(?P<gap>(?:\s+[^\W\d_]+){{0,3}}?)\s*(?:[:：=]|\s[-–—])\s*"
                       rf"{_START}(?P<v>{_KEYPAD}){_END}")
    named = re.compile(rf"(?i)(?:{_alt(d['code_places'])})(?P<gap>{_GAP}{{0,25}}?)"
                       rf"{_START}(?P<v>{_NAMED}){_END}")
    entry = re.compile(rf"(?i)(?:{_alt(d['entry'])})(?P<gap>[^\d\n.!?;,]{{0,24}}?)"
                       rf"{_START}(?P<v>{_KEYPAD}){_END}")
    # "the stockroom door is 2580.": a copula, then a value that ends its clause (not "is 2580 Industrial Way")
    copula = _alt(d["copulas"])
    # "the gate to the storage yard is 3269*": up to four words between a thing that opens and its
    # copula (a door, a gate, a keypad: not a room or a till, "the depot is 1200.")
    place_is = re.compile(rf"(?i)(?:{_alt(d['openings'])})(?P<gap>(?:\s+[^\W\d_]+){{0,4}}?)(?:\s*,?\s+(?:{copula})|['’]s)\s*"
                          rf"{_START}(?P<v>{_KEYPAD}){_END}(?=\s*(?:[.,;!?)\u2029]|$|\s[-–—]\s))")
    travel = re.compile(rf"(?i)(?:{_alt(d['travel'])})")
    # (a pump, a kiosk, a cabinet only beside a code's word: "pump code 4471", not "the kiosk is 1500")
    code, thing = _alt(d["code_words"]), _alt(d["things"] + d["places"] + d["coded_things"])
    gap = rf"(?P<gap>{_GAP}{{0,45}}?)"
    thing_code = re.compile(rf"(?i)(?:{thing})[^\d\n.!?;]{{0,20}}?(?:{code}){gap}{_START}(?P<v>{_NAMED}){_END}")
    code_thing = re.compile(rf"(?i)(?:{code})[^\d\n.!?;]{{0,25}}?(?:{thing}){gap}{_START}(?P<v>{_NAMED}){_END}")
    # "le code responsable pour annuler un ticket en caisse c'est 8311": a code's name, what it is for, a copula
    named_is = re.compile(rf"(?i)(?:{_alt(d['code_places'])})(?P<gap>{_GAP}{{0,60}}?\s(?:{copula}))\s*"
                          rf"{_START}(?P<v>{_NAMED}){_END}")
    # a pickup code's name, then digits (a money transfer's ten: "MTCN … 1398786339"), letters and
    # digits ("SYKC-4046"), or right after the name (a colon or a copula between) capitals only
    names = _alt(d["pickup_names"])
    # (a qualifier between: "MTCN para kay nanay 1398…", "número de control para recoger el envío es 8594…")
    pickup = re.compile(rf"(?i)(?:{names})(?P<gap>{_GAP}{{0,45}}?){_START}(?P<v>{_NAMED}|\d{{9,12}}|\d{{1,2}}-\d{{1,2}}-\d{{3,5}}|(?-i:[A-Z]{{2,5}}-\d{{3,6}})){_END}"
                        rf"|(?:{names})(?:\s+[^\W\d_A-Za-z\u00c0-\u024f]+){{0,4}}?"  # non-Latin words: "رمز استلام الطرد … XRTEZM"
                        rf"\s*(?:[:：=]|\s(?:{copula})\s)?\s*(?P<v2>(?-i:[A-Z][A-Z0-9]{{4,9}}))(?![\w*#])")
    # "40833 <- that's the no-sale code", "4471 is the code for the back": the value, then its name
    value_named = re.compile(rf"(?i){_START}(?P<v>{_KEYPAD}){_END}\s*(?P<gap>(?:<-+|←|=|-+>)\s*(?:(?:{copula}|that'?s|that is)\s+)?"
                             rf"|(?:{copula}|that'?s|that is)\s+)(?:the|my|our|your|le|la|el|der|die|das|il|lo|o|a|het|de)?\s*"
                             rf"(?:{_alt(d['code_places'])})")
    return place, named, entry, travel, thing_code, code_thing, place_is, named_is, pickup, value_named


_YEAR = re.compile(r"1[5-9]\d{2}|20\d{2}")
_GATES = re.compile(r"(?i)(?<![^\W\d_])(?:gate|tor|porte|puerta|porta|portão|poort|brama|kapı|ворота|cổng|gerbang"
                    r"|geti|البوابة|השער)(?![^\W\d_])")


def spans(text: str) -> list[Span]:
    """Physical access codes in ``text`` (a normalised message)."""
    if len(text) > 4000 or not (_quick_words().open(text) and _quick().search(text)):
        return []
    place, named, entry, travel, thing_code, code_thing, place_is, named_is, pickup, value_named = _patterns()
    out: list[Span] = []
    if not _SHAPE.search(text):  # no digits: only a pickup code in capitals ("collection code RGNTLG")
        return _pickup_spans(text, pickup) if _CAPITALS.search(text) else []
    out.extend(_pickup_spans(text, pickup))
    trip = travel.search(text) is not None  # read once per text
    for m in itertools.chain(itertools.islice(place.finditer(text), _MAX_MATCHES),
                             itertools.islice(place_is.finditer(text), _MAX_MATCHES)):
        if trip and _GATES.search(m.group()):
            continue  # "gate: 2215" beside a flight: an airport's gate
        if _NOT_IN_GAP.search(m.group("gap")) or m.re is place_is and m.group("gap") and _YEAR.fullmatch(m.group("v")):
            continue  # "door of flat 2: 4471", "the gate by the church is 1890"
        out.append((m.start("v"), m.end("v"), "password"))
    for pattern in (named, entry, thing_code, code_thing, named_is, value_named):
        for m in itertools.islice(pattern.finditer(text), _MAX_MATCHES):
            if _NOT_IN_GAP.search(m.group("gap")) or _TIME_BEFORE.search(m.group("gap")):
                continue  # "the code for room 4719", "door code … at 2230"
            if pattern is entry and trip:
                continue
            v = m.group("v")
            if re.fullmatch(r"(?:19|20)\d{2}", v) and pattern is entry:
                continue  # a year
            out.append((m.start("v"), m.end("v"), "password"))
    return out


_CAPITALS = re.compile(r"[A-Z][A-Z0-9]{4}")


def _pickup_spans(text: str, pickup: re.Pattern[str]) -> list[Span]:
    out: list[Span] = []
    for m in itertools.islice(pickup.finditer(text), _MAX_MATCHES):
        key = "v" if m.group("v") else "v2"
        if not _NOT_IN_GAP.search(m.group("gap") or ""):
            out.append((m.start(key), m.end(key), "password"))
    return out
