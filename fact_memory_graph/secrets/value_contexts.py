"""A learned reader of a value by the words around it: "ramz-e gooshi-am 1527 e", "el password taba3 el bank
HX8ud3p84d7mQG", "KG2213121 - abbu's passport" — a secret whose name or sentence no rule of the filter has
learned yet, in a language or a word order the rules were not written for.

The rules read a secret's name, then its value, in the orders the spent corpora showed; each new corpus
words a few anew. This reader scores every value-shaped token the rules left (a run of digits, a token
mixing letters with digits, an inner symbol or a capital after a small letter) with a logistic regression
over the hashed features of :mod:`fact_memory_graph.privacy_model`, read from a reading of the token's
neighbourhood: up to :data:`LEFT` words before it and :data:`RIGHT` after it (the text as
:func:`~fact_memory_graph.privacy_model.normalise` makes it) around the token's shape (``Aa9`` classes,
runs cut at two) and its length. It is trained on the spent secret corpora
(``tools/value_context_model/train.py``): the tokens that are a secret's value (positives) against every token
of a look-alike, the other tokens of a secret's message ("the card ending 9569"), everyday chat, LoCoMo's
development conversations and the unit tests' kept texts; the weights ship as data
(``assets/value_context_model.json``).

The model reads a neighbourhood, not which word names the value; before it is asked, a token is left alone when
it is a number printed on a thing (a VIN, an ISBN, a wallet's address, "#" and digits), a telephone number in
its groups, a string that is only the value, or when a public label (the rules' lists: an order, a parcel, a
roll number, a room, a phone) stands next to it with no secret's name beside (:func:`labelled_public`). A token
it reads above the shipped threshold is withheld, then passed through the filter's look-alike readers (a phone
number, a date, a placeholder, a public label's value, an example) as every late reader's values are. The
threshold (0.98) was chosen out of fold: trained without five corpora, read on them beside the rules
(docs/privacy.md, round thirty-two, has the figures); no turn of LoCoMo's held-out conversations is read.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from fact_memory_graph import privacy_model as pm
from fact_memory_graph.secrets import checksums, forms, lexicon, phone_numbers

Span = tuple[int, int, str]

#: Words read before and after a token.
LEFT, RIGHT = 8, 6
#: What a token is stripped of at its ends (punctuation around a value).
_ENDS = ".,;:!?()[]{}\"'«»“”‘’<>。，、！？：；"
_TOKEN = re.compile(r"\S+")
_INNER_SYMBOL = re.compile(r"[^\W\d_][_!@#$%^&*+=~]|[_!@#$%^&*+=~][^\W\d_]")
_CAMEL = re.compile(r"[a-z][A-Z]")
#: Something a value-shaped token holds (cost only: most chat has none, and is not split into tokens).
_MAYBE = re.compile(r"\d|[^\W\d_][_!@#$%^&*+=~]|[a-z][A-Z]")
#: The kind a withheld token is named by.
KIND = "secret value"


@cache
def model() -> pm.Model | None:
    """The shipped model, or ``None`` when its asset is absent (the rules alone then read)."""
    try:
        raw = json.loads((resources.files("fact_memory_graph") / "assets" / "value_context_model.json")
                         .read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    return pm.from_data(raw)


def _value_shaped(token: str) -> bool:
    if len(token) > 80:
        return False
    if any(ch.isdigit() for ch in token):
        return len(token) >= 4 or token.isdigit()
    return len(token) >= 4 and (_INNER_SYMBOL.search(token) is not None or _CAMEL.search(token) is not None)


def candidates(text: str) -> list[tuple[int, int]]:
    """The value-shaped tokens of a text, a run of digit groups one token ("+966 50 735 9154")."""
    found: list[tuple[int, int]] = []
    if _MAYBE.search(text) is None:
        return found
    for m in _TOKEN.finditer(text):
        word = m.group()
        start = m.start() + len(word) - len(word.lstrip(_ENDS))
        end = m.end() - (len(word) - len(word.rstrip(_ENDS)))
        if end <= start or not _value_shaped(text[start:end]):
            continue
        if found and text[found[-1][1]:start] == " " and _digits(text[found[-1][0]:found[-1][1]]) \
                and _digits(text[start:end]):
            found[-1] = (found[-1][0], end)
        else:
            found.append((start, end))
    return [(s, e) for s, e in found if e - s >= 4]


def _digits(token: str) -> bool:
    """Digits with a leading plus, dashes or spaces between them (a run of groups read so far)."""
    return token.replace("+", "").replace("-", "").replace(" ", "").isdigit()


def shape(token: str) -> str:
    """A token's classes (``9`` a digit, ``A`` a capital, ``a`` another letter, a symbol itself), a run
    of one class cut at two, at most 14 marks."""
    out: list[str] = []
    for ch in token:
        mark = "9" if ch.isdigit() else "A" if ch.isupper() else "a" if ch.isalpha() else ch
        if len(out) < 2 or out[-1] != mark or out[-2] != mark:
            out.append(mark)
    return "".join(out)[:14]


def _around(text: str, start: int, end: int) -> tuple[list[str], list[str]]:
    """The :data:`LEFT` words before ``text[start:end]`` and the :data:`RIGHT` after it, normalised: what every check
    of a token's neighbourhood reads (computed once per token)."""
    return (pm.normalise(text[max(0, start - 200):start]).split()[-LEFT:],
            pm.normalise(text[end:end + 200]).split()[:RIGHT])


def _reading(token: str, left: list[str], right: list[str]) -> str:
    return f"{' '.join(left)} vv{shape(token)}vv vl{min(len(token), 24) // 3} {' '.join(right)}"


def reading(text: str, start: int, end: int) -> str:
    """What the model reads for the token ``text[start:end]``: the words around it and its shape."""
    return _reading(text[start:end], *_around(text, start, end))


_VIN = re.compile(r"[A-HJ-NPR-Z0-9]{17}")
_VIN_VALUES = {**{str(d): d for d in range(10)}, **dict(zip("ABCDEFGH", range(1, 9), strict=True)),
               **dict(zip("JKLMN", range(1, 6), strict=True)), "P": 7, "R": 9,
               **dict(zip("STUVWXYZ", range(2, 10), strict=True))}
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def vin(token: str) -> bool:
    """A vehicle identification number by its check digit (the ninth character, ISO 3779 / 49 CFR 565): a
    car's number printed on it, no secret."""
    if not _VIN.fullmatch(token):
        return False
    total = sum(_VIN_VALUES[ch] * w for ch, w in zip(token, _VIN_WEIGHTS, strict=True)) % 11
    return token[8] == ("X" if total == 10 else str(total))


#: An Ethereum-style address (40 hex digits after ``0x``): public, given to be paid; a private key has 64.
_ADDRESS = re.compile(r"0x[0-9a-fA-F]{40}")
#: Words read for a public label before and after a token (the rules' labels read further, in their forms).
LABEL_BEFORE, LABEL_AFTER = 4, 3
#: The label lists of ``assets/labelled_lookalikes.json`` whose words name a public thing's number.
_LABEL_LISTS = ("labels", "public_numbers", "places", "game_ids", "business_ids", "phone_words")
#: A reference written with a number sign and digits ("#911074444"): an order's, a ticket's, an issue's.
_NUMBER_SIGN = re.compile(r"#\d+")
#: A label's letters glued before a token's digits ("AWB7022850172").
_GLUED_LABEL = re.compile(r"[^\W\d_]{2,6}(?=[\-/#]?\d)")


#: The lists of ``assets/secret_words.json`` (by language) whose words name a secret: one beside a public label
#: ("the gate code", "room safe pin") leaves the token to the model.
_SECRET_LISTS = ("password", "digits", "card", "bank", "id", "seed")


def _words_pattern(words: set[str]) -> re.Pattern[str]:
    alternation = "|".join(re.escape(w) for w in sorted(words - {""}, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternation})(?!\w)")


@cache
def _public_labels() -> re.Pattern[str]:
    lists = lexicon.asset_lists("labelled_lookalikes")
    return _words_pattern({pm.normalise(w).strip() for key in _LABEL_LISTS for w in lists[key]})


@cache
def _masked_tails() -> re.Pattern[str]:
    """A card's or an account's last digits named ("the last four digits for the card: 4412", "尾号 8841"): what
    a statement prints, from ``assets/bank_logins.json``."""
    return _words_pattern({pm.normalise(w).strip() for w in lexicon.asset_lists("bank_logins")["last_digits"]})


@cache
def _tool_names() -> frozenset[str]:
    """Password managers and other tools by name (``assets/service_names.json``): "Bitwarden2" names an app."""
    return frozenset(w.lower() for w in lexicon.asset_lists("service_names")["tools"])


@cache
def _secret_names() -> re.Pattern[str]:
    lists = lexicon.asset_lists("secret_words")
    return _words_pattern({pm.normalise(w).strip() for key in _SECRET_LISTS for words in lists[key].values()
                           for w in words})


def labelled_public(text: str, start: int, end: int) -> bool:
    """Whether a public label (an order's, a parcel's, a roll number's, a phone's, a room's …: the rules' lists
    in ``assets/labelled_lookalikes.json``) stands among the :data:`LABEL_BEFORE` words before the token
    ``text[start:end]`` or the :data:`LABEL_AFTER` after it, or is glued to its head ("AWB7022850172"), and no
    secret's name stands among them ("the gate code"); a card's last digits named before it ("the last four digits
    for the card: 4412"); a tool's name ("Bitwarden2"). The model reads a neighbourhood, not which word names the
    value: a public label near it keeps it."""
    return _labelled_public(text, start, end, *_around(text, start, end))


def _labelled_public(text: str, start: int, end: int, left_words: list[str], right_words: list[str]) -> bool:
    labels = _public_labels()
    if text[start:end].rstrip("0123456789_-.!").lower() in _tool_names():
        return True
    glued = _GLUED_LABEL.match(text, start, end)
    if glued and labels.fullmatch(pm.normalise(glued.group()).strip()):
        return True
    if _masked_tails().search(" ".join(left_words)):
        return True
    left, right = " ".join(left_words[-LABEL_BEFORE:]), " ".join(right_words[:LABEL_AFTER])
    if labels.search(left) is None and labels.search(right) is None:
        return False
    names = _secret_names()
    return names.search(left) is None and names.search(right) is None


#: Words of letters the model needs around a token: with fewer ("here -> 392102676589195", "Smokey.Eater94 🙏")
#: it would read the token's shape alone.
MIN_WORDS = 2


def _words_of_letters(words: list[str]) -> int:
    return sum(any(ch.isalpha() for ch in w) for w in words)


def _printed_number(token: str) -> bool:
    """A number printed on a thing, checked by its digit: a VIN, an ISBN-13 (a book's), a wallet's address, a
    reference after a number sign."""
    if vin(token) or _ADDRESS.fullmatch(token) or _NUMBER_SIGN.fullmatch(token):
        return True
    digits = token.replace("-", "").replace(" ", "")
    if len(digits) == 13 and digits[:3] in ("978", "979") and digits.isdigit():
        from stdnum import isbn
        return bool(isbn.is_valid(digits))
    return False


#: A phone's IMEI by its name, in the clause before the number (the name is the same in most languages).
def spans(norm: str, taken: list[Span]) -> list[Span]:
    """The value-shaped tokens outside ``taken`` that the model reads as a secret's value (a number printed on a
    thing, a telephone number written in its groups and a value a public label names stay)."""
    reader = model()
    if reader is None:
        return []
    out = []
    at = 0
    for part in norm.split(forms.FIELD_JOIN):  # a record's strings (a claim, a key, its value) each read alone
        for start, end in candidates(part):
            start, end = start + at, end + at
            token = norm[start:end]
            if any(a < end and start < b for a, b, _ in taken) or _printed_number(token) \
                    or part.strip(_ENDS + " ") == token:  # a string that is only the value: nothing around it to read
                continue
            if checksums.named_imei(norm, start, token):
                continue  # "IMEI of the phone my son lost at the tournament: …": a device's printed number
            if _digits(token) and (token[0] == "+" or " " in token or "-" in token) and phone_numbers.is_phone(token):
                continue  # a telephone number written in its groups ("0161 496 0757", "+966 50 735 9154")
            local, a, b = norm[at:at + len(part)], start - at, end - at
            left, right = _around(local, a, b)
            if _words_of_letters(left + right) >= MIN_WORDS \
                    and reader.clause_score(_reading(token, left, right)) > reader.threshold \
                    and not _labelled_public(local, a, b, left, right):
                out.append((start, end, KIND))
        at += len(part) + len(forms.FIELD_JOIN)
    return out
