"""A card's PIN told by the card or the cash machine it is for, with no PIN's name.

"the numbers you punch at the ATM are 1-9-4-7", "nine-nine-three-oh for the visa", "tecleá 4471 en el
cajero": what makes the digits a PIN is a verb of typing a code with a card's or a cash machine's word
in its sentence, or a link word ("for", "pour", "für") from the digits to the card. Digit words are
digits already in the view the filter reads. The value has a PIN's shape (4-6 digits, or single digits
spaced or dashed). Kept: a number a label makes something else (its last four, "ending", an amount, a
limit, a year after "since"), an amount (a currency or a unit beside it). A PIN's count of digits before
it ("la del cajero... cuatro cifras: 6233") or its name before one or two short fragments ("the pin. for
the card. its 7116") tells it as well. Words are data (assets/card_pins.json).
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from pathlib import Path

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSETS = Path(__file__).resolve().parent.parent / "assets"
_MAX_MATCHES = 8
_MAX_CHARS = 2000
_DIGITS = re.compile(r"\d{4}|\d[ \-.]\d[ \-.]\d[ \-.]\d")
_VALUE = r"(?<![\w$€£¥₹.,:/+#*\-])(?P<v>\d{4,6}|\d(?:[ \-.]\d){3,5})(?![\w%€$£*]|[.,:/\-]\d)"
_UNIT_AFTER = re.compile(r"(?i)\s*(?:am|pm|uhr|h|hrs|hours?|mins?|minutes?|days?|%|€|\$|£|euros?|dollars?|pounds?|pesos?"
                         r"|reais|rupees?|rs|usd|eur|gbp|yen|kr|zł|₽|₺|円|元|원|times|x)\b")
_MONEY_BEFORE = re.compile(r"[$€£¥₹₽₺]\s*$")
#: A PIN told ends its clause ("… at the ATM are 1-9-4-7", "9930 for the visa, same as always"); a number
#: or a card's word going on into a noun is something else ("type 2024 in the year box", "the card game").
_CLAUSE_END = (r"\s*(?:$|[\n.,;:!?)\]\-–—\"'”’»]|(?i:and|then|but|so|pls|please|lol|y|e|et|und|en|i|и|ve|dan|và|och"
               r"|og|ja|és|şi|a|ou|o|oder|or|same|too|also|ok|okay|ya|jetzt|now)\b)")
_OWNER = r"(?i:of|de|di|van|von|do|da|del|della|des|du|för|av|для|від)\s+\w+"
#: After the value of a key-in verb: its clause ends, or a link word leads on to the card or the machine
#: within a few words, or a verb's particle ends it ("gibst du 8 2 0 3 ein").
_KEYED_LINK = r"\s*(?i:at|on|in|into|en|sur|au|am|an|auf|na|в|su|op|em|no|på|di|trên)\s+(?:[^\W\d_]+\s+){0,3}?"
_PARTICLE = r"|\s+(?i:ein|in|an)\W*$"


@functools.cache
def _data() -> dict[str, list[str]]:
    data = json.loads((_ASSETS / "card_pins.json").read_text(encoding="utf-8"))
    return data


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate([*_data()["things"], *_data()["glued_for"], *_data()["machines"]])


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    d = _data()
    thing = prefilter.whole_words(d["things"])
    return {
        "keyed": re.compile(rf"(?i)(?:{prefilter.whole_words(d['key_in'])})(?P<gap>[^\d\n.!?;]{{0,40}}?){_VALUE}"),
        "for": re.compile(rf"(?i){_VALUE}\s*,?\s*(?:{prefilter.whole_words(d['links'])}|(?P<on>{prefilter.whole_words(d['links_on'])}))"
                          rf"\s+(?:[^\W\d_]+\s+){{0,2}}?(?:{thing})(?P<after>{_CLAUSE_END}|\s+{_OWNER})"),
        # "8785 للبطاقة حق المساعدات": the digits, then "for the card" in one word, then its clause's end
        "glued": re.compile(rf"(?i){_VALUE}\s*,?\s*(?:{prefilter.whole_words(d['glued_for'])})(?:\s+[^\W\d_]+){{0,3}}\s*(?:$|[\n.,;:!?،؟)])"),
        "thing": re.compile(rf"(?i)(?:{thing}|{prefilter.whole_words(d['glued_for'])}|{prefilter.whole_words(d['machines'])})"),
        "keyed_after": re.compile(rf"{_CLAUSE_END}{_PARTICLE}|{_KEYED_LINK}(?i:{thing})"),
        "labels": re.compile(rf"(?i)(?:{prefilter.whole_words(d['labels'])})\W{{0,6}}$"),
        # "cuatro cifras: seis dos tres tres" (digit words are digits in the view): a PIN by its count of digits
        "counted": re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.whole_words(d['counts'])})[\s\-]+"
                              rf"(?:{prefilter.whole_words(d['digit_nouns'])})"
                              # "four digits for my payroll card: 7979": what the digits are for, a card or a machine
                              rf"(?:\s+(?:for|para|pour|für|per|voor|dla|для)\s+(?:[^\W\d_]+\s+){{0,3}}?(?:{thing})(?:\s+{_OWNER})?)?"
                              rf"\s*[:=,\-–—]?\s*(?:(?:{prefilter.whole_words(d['machine_copulas'])})\s+)?{_VALUE}"),
        # "el numerito del cajero, 9407", "namba ya ATM, ni 1097", "wenn der Automat fragt: 2399": a cash machine,
        # maybe its asking, a comma, a colon, a dash or a copula, then the value ending its clause
        "machine": re.compile(rf"(?i)(?:{prefilter.whole_words(d['machines'])})"
                              rf"(?:\s+one|\s+(?:{prefilter.whole_words(d['machine_prompts'])}))?\s*[,:=\-–—]?\s*"
                              rf"(?:(?:{prefilter.whole_words(d['machine_copulas'])})\s+)?{_VALUE}(?={_CLAUSE_END})"),
        # "the pin. for the card. its 7116": the name, one or two short fragments, then the value
        "fragments": re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.whole_words(d['pin_names'])})\s*[.…]+\s+"
                                rf"(?:[^\d.!?\n…]{{1,30}}[.…]+\s+){{1,2}}(?:it'?s|its|is|c'est|es|ist|é|è|это|to)\s+{_VALUE}"),
    }


def gate_words() -> list[str]:
    """Words one of which a text holds whenever this module finds something."""
    return [*_data()["things"], *_data()["glued_for"], *_data()["machines"]]


_SENTENCE_END = re.compile(r"[.!?\n;]\s")
_YEAR = re.compile(r"(?:19|20)\d\d")
_ENDS_BEFORE = re.compile(r"(?i)(?:last|first|final|ending|letzten|ersten|últimos|ultimos|primeros|derniers|premiers|ultime|"
                          r"prime|laatste|eerste|ostatnie|pierwsze|последние|первые)\s*$")


def spans(text: str) -> list[Span]:
    """PINs in ``text`` (a normalised message) told by the card or the cash machine they are for."""
    if len(text) > _MAX_CHARS or not _DIGITS.search(text) or not _gate().open(text):
        return []
    p = _patterns()
    if not p["thing"].search(text):
        return []
    out: list[Span] = []
    for m in itertools.islice(p["keyed"].finditer(text), _MAX_MATCHES):
        start = max((e.end() for e in _SENTENCE_END.finditer(text, 0, m.start())), default=0)
        end = next((e.start() for e in _SENTENCE_END.finditer(text, m.end())), len(text))
        if p["thing"].search(text, start, end) and p["keyed_after"].match(text, m.end("v")) and _a_pin(text, m):
            out.append((m.start("v"), m.end("v"), "password"))
    for pattern in (p["counted"], p["fragments"], p["machine"]):
        for m in itertools.islice(pattern.finditer(text), _MAX_MATCHES):
            if pattern is p["counted"] and _ENDS_BEFORE.search(text, max(0, m.start() - 14), m.start()):
                continue  # "the last four digits for the card: 4412": its visible end, no PIN
            if pattern is p["machine"] and _YEAR.fullmatch(m.group("v")):
                continue  # "ATM, 2024.": a year
            if _a_pin(text, m):
                out.append((m.start("v"), m.end("v"), "password"))
    for m in itertools.islice(p["glued"].finditer(text), _MAX_MATCHES):
        if _a_pin(text, m):
            out.append((m.start("v"), m.end("v"), "password"))
    for m in itertools.islice(p["for"].finditer(text), _MAX_MATCHES):
        if m.group("on") and m.group("v").isdigit():
            continue  # "4471 on the card": its last four or an amount put on it; spaced digits only
        if _a_pin(text, m):
            out.append((m.start("v"), m.end("v"), "password"))
    return out


def _a_pin(text: str, m: re.Match[str]) -> bool:
    start, end = m.start("v"), m.end("v")
    head = text[max(0, start - 25):start]
    arrow = max(head.rfind("→"), head.rfind("->"))
    if arrow >= 0 and not head[arrow:].strip(" →->"):
        head = ""  # "… put the card in → 858241": the arrow points at the value, the word before it labels none
    return not (_UNIT_AFTER.match(text, end) or _MONEY_BEFORE.search(head) or _patterns()["labels"].search(head)
                or "*" in head[-6:])
