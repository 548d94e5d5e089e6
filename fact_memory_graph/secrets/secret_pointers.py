"""Where a secret is, or whom to ask for it, is no secret (round twenty-eight).

"wifi password: ask Tom", "ο κωδικός wifi είναι στο ψυγείο", "도어락 비번은 경비실 아저씨한테 물어봐",
"ドアの暗証番号変わったよ" / "管理人さんに聞いてね", "비밀번호는 나중에 알려줄게": a reader that takes what
follows a secret's name for its value has taken a pointer — a verb of asking, "later", a place's
preposition — for the value. Such a value is dropped when it

- is a password's or a PIN's reading (an identity document's or a card's is read by its own finders),
- holds no digit and no symbol (a secret's shape: "ask2024!" stays withheld), and
- opens with a pointer's word (``first``: "ask", "στο", "спроси", "later") and has a word after it, or,
  in a script written without spaces or with particles glued to words, holds a verb of asking, telling
  later or writing down (``inside``: "물어", "聞いて", "写在") and is three characters or more.

A one-word value after its name is never read as a pointer ("pw: later" may be the password). Words as
data (``assets/secret_pointers.json``), gated by the lexicon's pass.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fact_memory_graph.secrets import called_numbers, lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "secret_pointers"  # assets/secret_pointers.json

_KINDS = frozenset({"password", "pin"})
_SHAPE = re.compile(r"[\d!@#$%^&*_+=~<>\[\]{}|/\\]")
_EDGES = " \t\"'“”‘’«».,;:!?…。、！？"
_WORD = re.compile(r"[^\W\d_]+")
_LETTER = re.compile(r"[^\W\d_]")


@lru_cache(maxsize=1)
def _gate() -> lexicon.Gate:
    data = lexicon.asset_lists(_ASSET)
    return lexicon.Gate([*data["first"], *data["inside"]])


@lru_cache(maxsize=1)
def _first() -> tuple[frozenset[str], tuple[str, ...]]:
    words = [lexicon.fold(w) for w in lexicon.asset_lists(_ASSET)["first"]]
    return frozenset(w for w in words if " " not in w), tuple(w for w in words if " " in w)


@lru_cache(maxsize=1)
def _inside() -> tuple[str, ...]:
    return tuple(lexicon.asset_lists(_ASSET)["inside"])


def pointer(value: str) -> bool:
    """Whether ``value`` (what a reader took after a secret's name) points to the secret (see the note)."""
    value = value.strip(_EDGES)
    if not value or _SHAPE.search(value):
        return False
    words = _WORD.findall(value)
    if len(words) >= 2:
        single, spaced = _first()
        folded = lexicon.fold(value)
        if lexicon.fold(words[0]) in single or folded.startswith(spaced):
            return True
    return len(value) >= 3 and not value.isascii() and any(w in value for w in _inside())


#: "the wifi password is on a sticker at PC-29": the secret is somewhere, and a place's short label ends the
#: sentence that says where (a desk, a PC, a room: letters and a number, or a number of up to three digits).
_WHERE_BEFORE = re.compile(
    r"(?i)(?:\bis|\bare|'s|’s|\bist|\best|\bestá|\bes|\bzit|\bligt|\bjest)\s+(?:on|at|in|under|behind|inside|by|taped to|stuck to|written on|"
    r"auf|an|unter|hinter|sur|dans|sous|derrière|en|bajo|detrás de|op|onder|na|pod)\s+(?:[^\W\d_]+\s+){0,4}?"
    r"(?:at|on|in|of|by|near|next to|beside|an|am|bei|neben|à|de|près de|del|de la|junto a|bij|naast|przy)\s+$")
_PLACE_LABEL = re.compile(r"[A-Za-z]{1,4}[-\s]?\d{1,4}[A-Za-z]?|\d{1,3}")


def _place_label(text: str, sp: Span) -> bool:
    return bool(_PLACE_LABEL.fullmatch(text[sp[0]:sp[1]]) and _WHERE_BEFORE.search(text, max(0, sp[0] - 60), sp[0]))


@lru_cache(maxsize=1)
def _placed() -> tuple[lexicon.Gate, re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """A copula, a preposition of place and up to five words (no digit, no colon, no copula) ending where a value starts."""
    data = lexicon.asset_lists(_ASSET)
    copulas, places = prefilter.whole_words(data["copulas"]), prefilter.whole_words(data["places"])
    return lexicon.Gate(data["places"]), re.compile(
        rf"(?i)(?:{copulas})[^\S\n]+(?:{places})(?:[^\S\n]+[^\W\d_]+){{0,5}}?[^\S\n]+$"), re.compile(
        rf"(?i){prefilter.whole_words(data['written'])}"), re.compile(rf"(?i)(?:{places})[^\S\n]+$")


def _placed_value(text: str, start: int, end: int) -> bool:
    """"the wifi password is on the router sticker", "… is on a sticker at PC-29": the value read stands where the
    place the secret is written is told, after a copula and a preposition of place, with no colon between."""
    gate, placed, written, right_after = _placed()
    if not gate.open(text) or not _LETTER.search(text, start, end):
        return False
    before = text[max(0, start - 60):start]
    if _SHAPE.search(text, start, end) and not right_after.search(before):
        return False  # "es steht auf dem router kP2vX9qLm4": a password's shape is a place only right after "at" ("at PC-29")
    m = placed.search(before)
    # "… is in capitals PURPLEDOG": how it is written; "the panel is in the cupboard, code C0086X": a code named again
    return m is not None and not written.search(m.group()) and not called_numbers._secret_named(m.group())


def without_pointers(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a password's or a PIN's reading that is a pointer to it (see the module's note)."""
    if not spans:
        return spans
    if " is " in text or " are " in text:  # "… is on a sticker at PC-29": the place's label, not the password
        spans = [sp for sp in spans if sp[2] not in _KINDS or not _place_label(text, sp)]
    pointed = _gate().open(text)
    return [sp for sp in spans if sp[2] not in _KINDS
            or not (pointed and (pointer(text[sp[0]:sp[1]]) or _pointer_then_place(text, sp)))
            and not _placed_value(text, sp[0], sp[1])]


@lru_cache(maxsize=1)
def _place_after() -> re.Pattern[str]:
    return re.compile(rf"(?i)[^\S\n]+(?:{prefilter.whole_words(lexicon.asset_lists(_ASSET)['places'])})[^\S\n]+[^\W\d_]")


def _pointer_then_place(text: str, sp: Span) -> bool:
    """"the wifi password is taped under the desk": a reader took the one word "taped"; a pointer's word (a
    participle of posting or keeping) with a place's preposition and a word right after it says where the
    secret is. A lone pointer's word ending the clause stays withheld ("pw: later")."""
    value = text[sp[0]:sp[1]].strip(_EDGES)
    words = _WORD.findall(value)
    if len(words) != 1 or words[0] != value or _SHAPE.search(value):
        return False
    return lexicon.fold(value) in _first()[0] and _place_after().match(text, sp[1]) is not None
