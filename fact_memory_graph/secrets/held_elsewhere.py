"""A flat's or a room's number said after a secret someone else holds is the address, not the secret (round thirty-one).

"o código do portão está com o porteiro do apartamento 328C", "код домофона знает консьерж, квартира 401B",
"رمز الباب عند الحارس، شقة 240D", "la clave del portal la tiene el conserje, vive en el 825",
"暗証番号はあとで送ります、部屋は637号室": the message says who keeps the secret (a doorman, a neighbour, "has
it", "knows it") or that it comes later, so the value is not in it; the short number after a dwelling's or a
room's word is where that person lives or which room is meant. A reader that took the number for the code
the sentence names is wrong. A reading is dropped when

- it is a password's, a PIN's or a code's reading of one to four digits with a letter at most on each side
  (a flat's or a room's label: "401B", "825", "C12");
- a dwelling's or a room's word stands right before it (its "number", "no." or a copula between:
  "apartamento 328C", "部屋は637", "vive en el 825"), or a room's suffix right after it ("637号室", "302호");
- a holder's word or a word saying the value comes later stands before it in the text.

A bank's safe deposit box's number right after its name ("safe deposit box 1862 at the Main St branch", "貸金庫
1862") is the box's too; a code's word between keeps the code ("safe deposit box code at the branch is 02179").
"el código del apartamento es 4417" (no holder) and "the concierge gave me the code: 4417" (no dwelling's word
before the value) stay withheld. Words as data (``assets/held_elsewhere.json``); gated by two lexicon
lookups.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "held_elsewhere"  # assets/held_elsewhere.json
_KINDS = frozenset({"password", "pin", "one-time code"})
#: A flat's or a room's label: one to four digits, a letter at most before and after.
_BOX_NUMBER = re.compile(r"\d{1,5}[A-Za-z]?")
_SUFFIX_END = re.compile(r"(?<=\d)[^\W\d_]{1,2}$")
_LABEL_END = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]?-?\d{1,4}[A-Za-z]?$")
#: Between a dwelling's word and its number: a number's word, a sign, a copula or a particle (at most 16 characters).
_BETWEEN = r"[^\S\n]*(?:(?:no\.?|nr\.?|nº|n°|#|number|número|numero|numéro|nummer|номер|:|-|is|es|é|est|ist|は|의)[^\S\n]*){0,2}$"


@lru_cache(maxsize=1)
def _boxes() -> tuple[lexicon.Gate, re.Pattern[str]]:
    words = lexicon.asset_lists(_ASSET)["boxes"]
    return lexicon.Gate(words), re.compile(rf"(?i)(?:{prefilter.whole_words(words)}){_BETWEEN}")


@lru_cache(maxsize=1)
def _gates() -> tuple[lexicon.Gate, lexicon.Gate]:
    data = lexicon.asset_lists(_ASSET)
    return lexicon.Gate([*data["dwellings"], *data["suffixes"]]), lexicon.Gate([*data["holders"], *data["later"]])


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    data = lexicon.asset_lists(_ASSET)
    dwelling = re.compile(rf"(?i)(?:{prefilter.whole_words(data['dwellings'])}){_BETWEEN}")
    suffix = re.compile(rf"(?:{prefilter.alternation(data['suffixes'])})")
    held = re.compile(rf"(?i){prefilter.whole_words([*data['holders'], *data['later']])}")
    return dwelling, suffix, held


def _address(text: str, sp: Span) -> bool:
    dwelling, suffix, held = _patterns()
    if sp[2] not in _KINDS:
        return False
    # the label ends the reading; a reading that ran on from the secret's name ("はあとで送ります、部屋は637") holds no other digit
    end = sp[1]
    tail = _SUFFIX_END.search(text, sp[0], end)  # "…637号室": the room's suffix read with the number
    if tail is not None and suffix.fullmatch(tail.group()):
        end = tail.start()
    m = _LABEL_END.search(text, sp[0], end)
    if m is None or any(ch.isdigit() for ch in text[sp[0]:m.start()]):
        return False
    before = text[max(0, m.start() - 30):m.start()]
    if not (dwelling.search(before) or suffix.match(text, end)):
        return False
    return held.search(text, 0, m.start()) is not None


def without_held(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a flat's or a room's number after a secret someone else holds (see the module's note)."""
    if not spans:
        return spans
    gate, boxes = _boxes()
    if gate.open(text):  # "safe deposit box 1862 at the Main St branch": the box's number
        spans = [sp for sp in spans if not (sp[2] in _KINDS and _BOX_NUMBER.fullmatch(text, sp[0], sp[1])
                                            and boxes.search(text, max(0, sp[0] - 40), sp[0]))]
    places, holders = _gates()
    if not (places.open(text) and holders.open(text)):
        return spans
    return [sp for sp in spans if not _address(text, sp)]
