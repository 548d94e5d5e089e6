"""A card's security code told beside its card in other words than its name: "5249 5686 1072 6933 / 4187",
"amex … the 4 digit one on the front is 1410", "the 4 little numbers above the amex number, 3179, card is …",
"the thing you type after the card number, 9165, card is …", "carte … les trois chiffres au dos : 412".

Read only in a message where a card's number was found (or a run of 15–16 digits, its expiry and a code:
"5542758970828445 04/28 410", the three a card's whole front and back even where the check digit is off).
A number of three or four digits counts when it follows the card's number after a slash or a bar, or when
a description of where the code is printed or how it looks (assets ``card_codes_told.json``: "on the
front", "above the number", "au dos", "auf der Rückseite", "на обороте", "the 4 little numbers") stands
within a few words before it. Kept: a number a card's end is told by ("ending 4187", "last four 4187"),
an amount ("$410", "410 dollars"), an expiry's year ("exp 2027").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

#: Three or four digits standing alone (not part of a date, an amount, a longer number or a word).
_CODE = re.compile(r"(?<![\w/.,$€£¥₹:-])(\d{3,4})(?![\w/%$€£¥₹]|[.,:]\d)")
#: After a card's number: a slash or a bar, then the code, in digits or spelled ("/ four four six eight /").
_AFTER_CARD = re.compile(r"\s{0,3}[/|]\s{0,3}(\d{3,4}(?![\w/%.,]\d|[\w/%])"
                         r"|(?i:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?:[ -](?:zero|oh|one|two|three"
                         r"|four|five|six|seven|eight|nine)){2,3})(?![ -]?(?i:zero|oh|one|two|three|four|five|six|seven"
                         r"|eight|nine)\b|\w))")
#: A card's network named before its number in the clause, whatever else stands between ("amex for the
#: wholesale order 3700 761147 26419"): an order's word there says what the card pays for.
_BRANDED = re.compile(r"(?i)\b(?:amex|american express|visa|mastercard|master card|diners|discover)\b[^.!?\n\d]{0,50}?"
                      r"(?<![\d+])(?P<card>3[47]\d{2}[ -]?\d{6}[ -]?\d{5}|[2-6]\d{3}(?:[ -]?\d{4}){3})(?![\d/])")
#: Each length's network prefixes (as the filter's own card test).
_PREFIXES = {15: ("34", "37"), 16: ("4", "51", "52", "53", "54", "55", "22", "23", "24", "25", "26", "27", "6011", "65")}
#: A run of 15 or 16 digits (grouped or not), an expiry, then three or four digits.
_TRIPLE = re.compile(r"(?<![\w/.-])(?P<card>[2-6]\d{3}(?:[ -]?\d{4}){2}[ -]?\d{3,4})[\s,;|/]{1,4}"
                     r"(?:0[1-9]|1[0-2])\s?/\s?(?:\d{2}|20\d{2})[\s,;|/]{1,4}(?P<code>\d{3,4})(?![\w/.,]\d|\w)")
_AMOUNT_AFTER = re.compile(r"(?i)\s?(?:dollars?|euros?|pounds?|usd|eur|gbp|bucks|rs|rupees?|%)\b")
_YEAR_BEFORE = re.compile(r"(?i)(?:exp\w*|valid\w*|until|thru|through|vence|expire\w*|ablauf|gültig)\W{0,3}$")


@functools.cache
def _words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = lexicon.asset_lists("card_codes_told")
    cue = re.compile("(?i)" + prefilter.whole_words([*data["places"], *data["looks"]]))
    end = re.compile("(?i)(?:" + prefilter.whole_words(data["before_end"]) + r")\W{0,3}(?:\w+\W{1,3}){0,2}$")
    return cue, end


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _cards(text: str, spans: Sequence[Span]) -> list[Span]:
    """The card numbers found, pieces a blank apart joined ("3790 664479" and "71346": an Amex read in two)."""
    pieces = sorted(sp for sp in spans if sp[2] == "card number")
    joined: list[Span] = []
    for sp in pieces:
        if joined and 0 <= sp[0] - joined[-1][1] <= 2 and not text[joined[-1][1]:sp[0]].strip(" -"):
            joined[-1] = (joined[-1][0], max(joined[-1][1], sp[1]), "card number")
        else:
            joined.append(sp)
    return [sp for sp in joined if sp[1] - sp[0] >= 13]


@functools.cache
def _looks() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(lexicon.asset_lists("card_codes_told")["looks"]))


@functools.cache
def _brands() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(lexicon.asset_lists("card_codes_told")["brands"]))


def _amex_codes(text: str) -> Iterator[Span]:
    """With no card's number: four digits after how an Amex's code looks ("the 4 numbers"), American Express
    named in the message ("the little 4 numbers above the amex number 6332", "الاربع ارقام على وجه
    امريكان اكسبريس 5689"): the code on its front."""
    if len(text) > 600 or not re.search(r"\d{4}", text) or not _brands().search(text):
        return
    looks, ending = _looks(), _words()[1]
    for m in _CODE.finditer(text):
        s, e = m.span(1)
        before = text[max(0, s - 70):s]
        if e - s != 4 or _AMOUNT_AFTER.match(text, e) or not looks.search(before) or ending.search(before) \
                or _YEAR_BEFORE.search(before) or (text[s:s + 2] in ("19", "20") and not re.search(r"(?i)\b(?:is|:|,)\s*$", before)):
            continue
        yield s, e, "card number"


def branded_spans(text: str) -> Iterator[Span]:
    """A card's number after its network's name in the clause ("amex for the wholesale order 3700 761147
    26419"), Luhn-valid with the network's prefix: the card, whatever order or booking it pays for."""
    for m in _BRANDED.finditer(text):
        digits = re.sub(r"\D", "", m.group("card"))
        if digits.startswith(_PREFIXES.get(len(digits), ("-",))) and _luhn(digits):
            yield m.start("card"), m.end("card"), "card number"


def spans(text: str, found: Sequence[Span]) -> Iterator[Span]:
    """The codes of three or four digits told beside a card found in ``text`` (``found``: the spans read so far)."""
    for m in _TRIPLE.finditer(text) if len(text) >= 22 else ():
        yield m.start("card"), m.end("card"), "card number"
        yield m.start("code"), m.end("code"), "card number"
    branded = list(branded_spans(text)) if len(text) >= 19 else []
    yield from branded
    cards = _cards(text, [*found, *branded])
    if not cards:
        yield from _amex_codes(text)
        return
    for _, end, _kind in cards:
        after = _AFTER_CARD.match(text, end)
        if after:
            yield after.start(1), after.end(1), "card number"
    cue, ending = _words()
    if not cue.search(text):
        return
    for m in _CODE.finditer(text):
        s, e = m.span(1)
        if any(a <= s < b for a, b, _ in cards) or _AMOUNT_AFTER.match(text, e):
            continue
        before = text[max(0, s - 70):s]
        if not cue.search(before) or ending.search(before) or _YEAR_BEFORE.search(before):
            continue
        if e - s == 4 and text[s:s + 2] in ("19", "20") and not re.search(r"(?i)\b(?:is|:|,)\s*$", before):
            continue  # a year, told plainly
        yield s, e, "card number"
