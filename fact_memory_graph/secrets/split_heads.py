"""A value's first part at the end of a turn, its rest told by the next turn (round thirty-five).

"the locker pin comes in two bits, first Lumo" / "then 88!x at the end", "début du mot de passe Orvi" /
"et la fin 31#k", "first half of the laptop password tessel" / "the rest 5@19": the turn after is read as
the rest of a secret the turn before named (the thread readers withhold it there), but the turn
before kept its own half: what a model stored from it, read when it came, holds half the secret.
A split value is withheld in every turn that holds a part of it, whichever turn gives it away.

A turn's last token is that first part when

- the turn names a secret (``forms.names_in``) or says it holds a part ("first", "début", "first
  half"; the part words of ``dictated_parts`` and ``forms.value_part_words``), and the token is no
  part of that name;
- the token has a value's shape (a digit, a sign, a capital inside a word), or the turn names a part,
  or the next turn opens with a word saying it goes on ("then", "the rest", "suivi de", "dann",
  "còn lại"; ``assets/split_heads.json``, ~25 languages) — "my password is long" / "Xy12!" keeps "long";
- the next turn (at most 80 characters) holds a secret read after this turn that it does not hold
  read without it: this turn is what made it one.

Not withheld: a turn that names no secret (a service's name before its password, "Pipedrive" /
"cobaltMarten71", is read by the login readers), dates, amounts and times.

Cost: a word test of the two turns; the thread reading of the short next turn only past it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from . import dictated_parts, forms, lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "split_heads"
#: The turn's last token, trailing marks, emoji and spaces after it allowed.
_LAST = re.compile(r"(?:^|(?<=[\s:：=,(]))(?P<v>[^\s\"'“”‘’«»()\[\]{}<>,:：=]{3,40}?)[\s.!?…)\]\"'”’\W]*$")
_SHAPE = re.compile(r"\d|[!@#$%^&*_+=~?|\\/]|[a-z][A-Z]|[^\W\d_][.\-][^\W\d_]")
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
#: A value's kinds the next turn may give the rest of.
_KINDS = frozenset({"password", "secret value", "card number", "bank account", "government id", "pin", "api key"})


@lru_cache(maxsize=1)
def _continues() -> tuple[lexicon.Gate, re.Pattern[str]]:
    words = lexicon.asset_lists(_ASSET)["continues"]
    return lexicon.Gate(words), re.compile(rf"(?i)^\W*(?:{prefilter.whole_words(words)})(?!\w)")


def _goes_on(after: str) -> bool:
    """Whether ``after`` opens with a word saying it goes on with a value ("then …", "la fin …")."""
    gate, opening = _continues()
    return gate.open(after) and opening.search(after.strip()[:40]) is not None


@lru_cache(maxsize=4096)
def _head(text: str) -> tuple[int, int, bool, bool] | None:
    """The last token of ``text`` when the turn names a secret or a part and the token is no part of
    that name: (start, end, the turn names a part, the token has a value's shape)."""
    m = _LAST.search(text)
    if not m or not _LETTER_OR_DIGIT.search(m.group("v")):
        return None
    start, end = m.start("v"), m.end("v")
    value = text[start:end].rstrip(".!?…")
    end = start + len(value)
    if len(value) < 3 or forms.a_date(value) or re.fullmatch(r"[\d.,]+|\d{1,2}[:h]\d{2}", value):
        return None
    norm, origin = forms.view(text)
    if origin is not None:  # a turn the normalising view changes (emoji, fancy letters): read its own text
        norm = text
    names = forms.names_in(norm)
    part = dictated_parts.names_a_part(text) or any(w in forms.value_part_words() for w in re.findall(r"[^\W\d_]+", text[:start].lower()))
    if not names and not part:
        return None
    if any(n.start < end and start < n.stop for n in names):
        return None  # the name itself ("what was my password")
    return start, end, part, bool(_SHAPE.search(value))


def may_head(text: str, after: str) -> bool:
    """The cheap half of :func:`head_spans`: ``text`` may end on a first part ``after`` goes on from."""
    if not after.strip() or len(after) > 80 or len(text) > 200:
        return False
    head = _head(text)
    return head is not None and (head[2] or head[3] or _goes_on(after))


def head_spans(text: str, earlier: Sequence[str], after: str,
               read: Callable[[str, Sequence[str]], list[Span]]) -> list[Span]:
    """The first part ending ``text`` whose rest is ``after`` (see the note); ``read`` is the thread
    reader, ``read(turn, earlier_turns)``."""
    if not may_head(text, after):
        return []
    head = _head(text)
    assert head is not None
    start, end = head[0], head[1]
    thread = [sp for sp in read(after, (*earlier, text)) if sp[2] in _KINDS]
    if not thread:
        return []
    without = read(after, tuple(earlier))
    added = [sp for sp in thread if not any(a < sp[1] and sp[0] < b for a, b, _ in without)]
    if not added:
        return []
    return [(start, end, added[0][2] if added[0][2] != "secret value" else "password")]
