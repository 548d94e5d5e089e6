"""A card, an IBAN or a national id typed in two or three turns, with or without words between the parts.

People split a number they think unsafe in one message ("una GB25MIDL744" / "tapos 95040614016",
"la tarjeta empieza por 3479 0276" / "y termina en 9513 200", "ok so its DE6292…" / "wait" / "6544…");
the words that join the parts differ in every language and may be none at all. What makes the parts
one secret is the number they make: a card (a network's prefix, 15 or 16 digits, Luhn), an IBAN
(its country's length, mod 97) or a national id with a strong check (a DNI's letter, a CPF's two
digits, a PESEL's date and digit; assets/split_national_ids.json). Two pieces that make one are withheld wherever they sit, in any
language; a phone or an order number typed in parts makes neither (and a turn announcing a public
value keeps its digits, ``forms.announces_public``).

A piece is a run of groups each with a digit or a bank code's capitals ("NL63 RABO 3345"); every
contiguous stretch of a run is tried, so words around it ("y termina en …") do not matter.

Cost: nothing for a turn, or a neighbour turn, without a digit (the gate); a few stretches each else.
"""

from __future__ import annotations

import importlib
import json
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path

from .checksums import luhn

Span = tuple[int, int, str]

_DIGIT = re.compile(r"\d")
#: A group of a piece: letters and digits with a digit, or a bank code's (or a country's) capitals.
_GROUP = re.compile(r"(?<![\w*#])(?:[A-Za-z0-9]*\d[A-Za-z0-9]*|[A-Z]{2,4})(?![\w*#])")
_GAP = re.compile(r"[ \-.]?")
#: Most groups a piece is read from (a card in fours is four, an IBAN in fours up to nine).
_MOST_GROUPS = 9

_IBAN_LENGTHS = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29, "BY": 28,
    "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18,
    "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22,
    "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20,
    "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15,
    "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SC": 31, "SE": 24, "SI": 19,
    "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}


def _iban(compact: str) -> bool:
    if len(compact) != _IBAN_LENGTHS.get(compact[:2], 0) or not compact[2:4].isdigit():
        return False
    moved = compact[4:] + compact[:4]
    return int("".join(str(int(ch, 36)) for ch in moved)) % 97 == 1


def _card(compact: str) -> bool:
    return compact.isdigit() and len(compact) in (15, 16) and compact[0] in "23456" and luhn(compact)


_IDS_ASSET = Path(__file__).resolve().parent.parent / "assets" / "split_national_ids.json"


@lru_cache(maxsize=1)
def _national_ids() -> tuple[re.Pattern[str], tuple[tuple[re.Pattern[str], Callable[[str], bool]], ...]]:
    """A shape every listed id has (the gate), and each id's shape with its python-stdnum check."""
    rows = json.loads(_IDS_ASSET.read_text(encoding="utf-8"))["ids"]
    checks = tuple((re.compile(shape), importlib.import_module(f"stdnum.{module}").is_valid) for module, shape in rows)
    return re.compile("|".join(f"(?:{shape})" for _, shape in rows)), checks


def _national_id(compact: str) -> bool:
    """Whether ``compact`` is a person's national id by its check digits (assets/split_national_ids.json)."""
    gate, checks = _national_ids()
    if not gate.fullmatch(compact):
        return False
    try:
        return any(shape.fullmatch(compact) and valid(compact) for shape, valid in checks)
    except Exception:  # noqa: BLE001 - a checker's own error on an odd value is no id
        return False


def _pieces(turn: str) -> list[tuple[int, int, str]]:
    """Every stretch of consecutive groups in ``turn``: (start, end, compact, upper-cased)."""
    groups = list(_GROUP.finditer(turn))
    runs: list[list[re.Match[str]]] = []
    for g in groups:
        if runs and _GAP.fullmatch(turn[runs[-1][-1].end():g.start()]):
            runs[-1].append(g)
        else:
            runs.append([g])
    out = []
    for run in runs:
        run = run[:_MOST_GROUPS]
        for i in range(len(run)):
            for j in range(i, len(run)):
                compact = "".join(g.group() for g in run[i:j + 1]).upper()
                if 3 <= len(compact) <= 30 and _DIGIT.search(compact):
                    out.append((run[i].start(), run[j].end(), compact))
    return out


def _whole(first: str, second: str) -> str | None:
    """The kind of number two pieces make, if they make one (neither a whole number by itself)."""
    joined = first + second
    if _card(joined) and len(first) >= 4 and len(second) >= 3 and not _card(first) and not _card(second):
        return "card number"
    if first[:2].isalpha() and _iban(joined) and len(second) >= 4 and not _iban(first):
        return "bank account"
    # "25214" / "168G": a DNI, a PESEL, a CPF … typed in two, each piece too short to be one
    if len(first) >= 3 and len(second) >= 3 and _national_id(joined):
        return "government id"
    return None


def spans(text: str, before: str, after: str = "") -> Iterator[Span]:
    """The pieces of ``text`` that make a card or an IBAN with a piece of the user's turn ``before``
    (``text`` ends it) or of the turn ``after`` (``text`` begins it)."""
    if not _DIGIT.search(text):
        return
    here = None
    for other, ends in ((before, True), (after, False)):
        if not other or not _DIGIT.search(other):
            continue
        here = here if here is not None else _pieces(text)
        for s, e, mine in here:
            for _, _, theirs in _pieces(other):
                kind = _whole(theirs, mine) if ends else _whole(mine, theirs)
                if kind:
                    yield s, e, kind
                    break


def thread_spans(text: str, turns: Sequence[str], after: str = "") -> list[Span]:
    """:func:`spans` with the turn before ``text`` among ``turns``, skipping one short turn without a
    digit between ("ok so its DE6292…" / "wait there's more" / "6544…")."""
    before = turns[-1] if turns else ""
    if len(turns) > 1 and not _DIGIT.search(before) and len(before) <= 40:
        before = turns[-2]
    return list(spans(text, before, after))


#: What two pieces make that no public number's parts make by chance: a card (a network's prefix,
#: its length, Luhn) and an IBAN (its country's length, mod 97). A national id's check is weaker
#: (one digit in ten, or a letter in 23): a phone's parts may pass it.
_STRONG = frozenset({"card number", "bank account"})


def strong_only(found: Sequence[Span], public: bool) -> list[Span]:
    """``found``; in a thread that announced a public value or a phone (``public``), only its cards
    and IBANs: the parts of a phone number make no card and no IBAN, but "dad reads it out on a
    call" or "hold on, the phone's ringing" may come between a card's halves."""
    return [sp for sp in found if not public or sp[2] in _STRONG]


# ---------------------------------------------------------------- a seed phrase in two turns
#: A phrase's lengths (BIP-39: 12 to 24 words, by threes).
_PHRASE_LENGTHS = frozenset({12, 15, 18, 21, 24})
#: Fewest words of a list a half must hold ("the first four" / "the other eight").
_FEWEST = 4


def _seed_run(turn: str, words: frozenset[str]) -> tuple[int, int, int] | None:
    """The one run of four or more distinct words of ``words`` in ``turn`` (a few other words may
    lead it, "de rest", "first six words"): (start, end, count); None when the turn has two such runs
    (talk, not a half) or the run repeats a word."""
    from .forms import _SEED_GAP, _SEED_TOKEN

    runs: list[list[re.Match[str]]] = [[]]
    for m in _SEED_TOKEN.finditer(turn):
        if m.group().lower() not in words:
            runs.append([])
        elif runs[-1] and not _SEED_GAP.match(turn[runs[-1][-1].end():m.start()]):
            runs.append([m])  # "half one — staff …": a label's words, then the half
        else:
            runs[-1].append(m)
    long = [r for r in runs if len(r) >= _FEWEST]
    # a phrase may repeat a word (about one in thirty of twelve words does): one repeat in six words or more
    if len(long) != 1 or len({m.group().lower() for m in long[0]}) < len(long[0]) - (len(long[0]) >= 6):
        return None
    return long[0][0].start(), long[0][-1].end(), len(long[0])


def seed_half_spans(text: str, other: str, other_first: bool) -> list[Span]:
    """The half of a seed phrase in ``text`` whose other half is in ``other`` (the turn before when
    ``other_first``, else the turn after): two runs of one BIP-39 list, a phrase's length together."""
    if text.count(" ") < _FEWEST - 1 or other.count(" ") < _FEWEST - 1:
        return []  # the gate: four words or more in each
    from .forms import _bip39

    # typed decomposed (an accent as a mark of its own, as some keyboards and copies send it): read composed
    text, origin = _composed(text)
    other = _composed(other)[0]

    for words in _bip39().values():
        mine = _seed_run(text, words)
        if not mine:
            continue
        theirs = _seed_run(other, words)
        # a label's own words may be of the list too ("half one — …", "the rest: …"): two at most
        if theirs and any(n in _PHRASE_LENGTHS for n in range(mine[2] + theirs[2] - 2, mine[2] + theirs[2] + 1)):
            if origin is None:
                return [(mine[0], mine[1], "seed phrase")]
            return [(origin[mine[0]][0], origin[mine[1] - 1][1], "seed phrase")]
    return []


def _composed(text: str) -> tuple[str, list[tuple[int, int]] | None]:
    """``text`` with each letter and its marks composed (NFC), and each character's span in ``text``
    (None when nothing changed): a list's word typed "ani\u0301s" is read as "anís"."""
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text, None
    out: list[str] = []
    origin: list[tuple[int, int]] = []
    i = 0
    while i < len(text):
        j = i + 1
        while j < len(text) and unicodedata.combining(text[j]):
            j += 1
        rep = unicodedata.normalize("NFC", text[i:j])
        out.append(rep)
        origin.extend([(i, j)] * len(rep))
        i = j
    return "".join(out), origin
