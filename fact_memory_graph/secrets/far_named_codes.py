"""A thing's code told after a long qualifier of the thing.

``physical_codes`` reads a thing that opens and its code a few words apart ("the gate to the storage
yard is 3269"). People as often say which one at length first: "the safe in the wardrobe of the spare
bedroom at my parents' house is 2580", "the door code for the building where my physio has her office
on the third floor is 2580", "pour la porte de l'immeuble de ma tante à Lyon, celle sur la rue, c'est
2580", "das Tor zur Garage hinter dem Haus meiner Eltern geht mit 2580 auf". The grammar: a thing that
opens with a code (a door, a gate, a safe, a lockbox, an intercom; ~30 languages) or a code's name, a
qualifier of up to ~25 words (no digits but a short ordinal, no sentence end), a link (a copula, a colon
or a dash, a verb of opening with) and a value of a keypad's shape that ends its clause.

Look-alikes kept: a number the qualifier labels ("the door of flat 4 …", "… room number is 2145"), a
measure, an amount, a year or a time after the value, an airport's gate (travel words), a code its
sentence says is posted (the public filters run after this reader). Words are data
(``assets/far_named_codes.json`` with physical_codes.json and access_codes.json); the reader runs only
when a thing's word is in the text and a run of four digits is.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_SHAPE = re.compile(r"\d{4}|\d[-. ]\d[-. ]\d")
_YEAR = re.compile(r"1[5-9]\d\d|20\d\d")
#: A link that says the value opens the thing ("opens with", "geht mit", "ha la combinazione"): a year-shaped code is one.
_OPENS = re.compile(r"(?i)open|unlock|with|mit|avec|con|com|met|med|code|combina|koodilla|kodem|кодом|код|на|ile|cu|με|bằng|dengan|kwa")
#: Digits, digits read apart, or digits with a letter at one end as some keypads take them ("C0394X", "2580B").
_KEYPAD = r"[*#]?\d{4,8}[*#]{0,2}|\d(?:[-. ]\d){3,7}[*#]?|[A-Z]\d{4,6}[A-Z]?|\d{4,6}[A-Z]"
#: The qualifier: words, commas, a short number of its own ("on the 3rd floor"), at most ~180 characters.
#: (an ellipsis is a pause, not an end; an ordinal's dot is no end either: "døren på 3. sal")
_QUALIFIER = r"(?P<gap>(?:[^\d\n.!?;:]|\.\.\.|(?<!\d)\d{1,2}(?:\.(?=\s))?(?!\d)){8,180}?)"
_LABEL_WORDS = (r"room|floor|flat|apt|apartment|unit|no|nr|number|suite|zimmer|stock|etage|chambre|habitación|piso|planta"
                r"|stanza|quarto|kamer|pokój|квартира|этаж|номер|oda|street|house number|postcode|zip|plz|flight|terminal"
                r"|platform|bus|train|seat|table|ticket|booking|order|year|address|hausnummer|numéro|número|numero|nummer"
                r"|numer|calle|rue|straße|strasse|via|rua")
#: A label of a number in the qualifier ("the door of flat 4 …") or right before the link ("… the room number is"):
#: the value is that number. A floor or a street said in words ("on the third floor is 2580") labels none.
_LABELS = re.compile(rf"(?i)(?<![^\W\d_])(?:{_LABEL_WORDS})(?![^\W\d_])\s*(?:#|no\.?|nr\.?|number|nummer|numéro|número|numero)?\s*\d"
                     r"|(?<![^\W\d_])(?:room|flat|apt|apartment|unit|no|nr|number|suite|seat|table|ticket|booking|order|flight"
                     r"|platform|bus|train|year|zimmer|chambre|habitación|stanza|quarto|kamer|pokój|квартира|номер|oda"
                     r"|numéro|número|numero|nummer|numer)\W*$")


def _load(name: str) -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath(name).read_text(encoding="utf-8"))


@functools.cache
def _data() -> tuple[list[str], dict]:
    physical, access, own = _load("physical_codes.json"), _load("access_codes.json"), _load("far_named_codes.json")
    heads = sorted({*physical["openings"], *physical["things"], *physical["code_places"], *access["also_things"], *own["heads"]})
    return heads, {"links": own["links"], "units": own["units"], "travel": physical["travel"]}


@functools.cache
def _words() -> lexicon.Gate:
    return lexicon.Gate(_data()[0])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    heads, d = _data()
    alt = prefilter.whole_words
    far = re.compile(rf"(?i)(?:{alt(heads)}){_QUALIFIER}(?:(?<=\s)(?:{alt(d['links'])})\s*[:,]?|\s*[:：]|\s(?:[-–—]+|[-=]+>|→))\s*"
                     rf"(?<![\w*#])(?P<v>{_KEYPAD})(?![\w*#]|[.,:/-]\d)"
                     rf"(?P<after>\s*(?:[.,;!?)]|$|\s[-–—]\s|\s(?:and|und|et|y|e|en|i|и|ve|och|og|ja|a|then|dann|puis|luego|poi|depois|потом|sonra|daarna|potem)\s|\s(?:auf|open)\b))")
    units = re.compile(rf"(?i)\s*(?:{alt(d['units'])})")
    travel = re.compile(rf"(?i)(?:{alt(d['travel'])})")
    return far, units, travel


def spans(text: str) -> list[Span]:
    """Codes after a long qualifier of the thing they open (see the module's note)."""
    if len(text) > 3000 or not _SHAPE.search(text) or not _words().open(text):
        return []
    far, units, travel = _patterns()
    out: list[Span] = []
    for m in far.finditer(text):
        gap = m.group("gap")
        if _LABELS.search(gap) or travel.search(gap) or units.match(text, m.end("v")):
            continue  # "the door of flat 4 …", "the gate for the flight …", "… is 2500 square feet"
        if _YEAR.fullmatch(m.group("v")) and not _OPENS.search(text, m.end("gap"), m.start("v")):
            continue  # "the gate at the old mill is 1887": a year, unless the thing opens with it
        out.append((m.start("v"), m.end("v"), "password"))
    return out
