"""A card's security code told by where it is printed: "oh the back of the card. two seven two", "au dos de
la carte : 418", "カードの裏の数字は 731".

Three or four digits (or their words, in any language of ``assets/secret_words.json``'s ``digit_words``)
within a few words after the place of a card's security code (``assets/card_back_codes.json``) are that
code; a longer number there is something else (a phone line printed on the back, a card's own number,
read by the card readers). The reader runs only on a text that holds one of the places (one pass of the
lexicon's automaton).

A place without the card's word ("три цифри ззаду 468", "the back-of-card thing, it's 505") is read the
same way only where the text, or the turn before it, names a payment card or a payment and no other
kind of card (:func:`card_expiry.payment_context`): "the code on the back of the box" stays.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import card_expiry, forms, lexicon, prefilter

Span = tuple[int, int, str]

#: Between the place and the code: a few words ("… card. its", "…: the numbers are").
_GAP = r"(?:[\s.,:;!?\-–—=]|(?:[^\W\d_]+['’]?[^\W\d_]*))*?"
_MAX_GAP = 32
_YEAR = re.compile(r"(?:19|20)\d\d")
_PHONE_WORD = re.compile(r"(?i)(?<![^\W\d_])(?:call|phone|tel|number to call|hotline|ring)(?![^\W\d_])")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("card_back_codes.json")
                      .read_text(encoding="utf-8"))


@functools.cache
def _places(key: str = "places") -> list[str]:
    return [w for words in _data()[key].values() for w in words]


@functools.cache
def _gate(key: str = "places") -> lexicon.Gate:
    return lexicon.Gate(_places(key))


@functools.cache
def _bare_places() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(_places("bare_places")))


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    words = sorted({w for lang in forms._words()["digit_words"].values() for group in lang for w in group},
                   key=len, reverse=True)
    digit = "(?:" + "|".join(re.escape(w) for w in words) + r"|\d)"
    code = re.compile(rf"(?i)(?<![\d])(?:\d{{3,4}}(?![\d/.,:]\d|\d)|(?<![^\W\d_]){digit}(?:[\s,\-]+{digit}){{2,3}}(?![^\W\d_]|[\s,\-]+{digit}(?![^\W\d_])))")
    return re.compile("(?i)" + prefilter.whole_words(_places())), code


def spans(text: str) -> list[Span]:
    """Security codes after the place they are printed on a card."""
    if len(text) > 2000 or not _gate().open(text):
        return []
    return _after(_patterns()[0], text)


def bare_spans(text: str, before: str = "") -> list[Span]:
    """Security codes after a place with no card's word, where a payment card is named (see the module)."""
    if len(text) > 2000 or not _gate("bare_places").open(text) or not card_expiry.payment_context(text, before):
        return []
    return [sp for sp in _after(_bare_places(), text)  # "on the back 2 to 6 players": digits or words, not both
            if not (any(c.isdigit() for c in text[sp[0]:sp[1]]) and any(c.isalpha() for c in text[sp[0]:sp[1]]))]


def _after(places: re.Pattern[str], text: str) -> list[Span]:
    code = _patterns()[1]
    out: list[Span] = []
    for p in places.finditer(text):
        m = code.search(text, p.end(), min(len(text), p.end() + _MAX_GAP + 40))
        if m is None or m.start() - p.end() > _MAX_GAP or _PHONE_WORD.search(text, p.end(), m.start()):
            continue
        if len(text[p.end():m.start()].split()) > 5 or _YEAR.fullmatch(m.group()):
            continue  # far from the place, or a year ("blank, 2024 edition")
        out.append((m.start(), m.end(), "card number"))
    return out
