"""A card's expiry and security code beside the card, in any language.

The expiry ("MM/YY", "MM/YYYY", "MM-YY") is part of the card's data: withheld when it stands a
few words from a card's number in the same text ("kortnummer 4602 … utgång 03/29", "carte …
expire 09/26"), whatever the word that names it. An expiry followed by three or four digits
("11/30 649", "06/28 086") is the back of a card — the expiry and its code — when the text or
the turn before names a card or its back; and a turn that is only an expiry, after a turn that
gave a card's number or code ("el CVV es 697" / "y caduca en 02/30"), is that card's.

A payment card's expiry after its own word is withheld too when the text names a card or a payment
and nothing else ("la carte pour le traiteur, elle expire fin 02/29", "pentru plata: expiră 04/27"):
people give it in the turn before the code on the back, which the filter cannot wait for. A card that
is not a payment's ("my library card expires 09/27", an id, a gym or travel card: a renewal worth a
reminder) keeps its date; words as data (``assets/card_expiry.json``).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from fact_memory_graph.secrets import forms, prefilter

Span = tuple[int, int, str]

_EXPIRY = re.compile(r"(?<![\d/.\-])(?P<exp>(?:0[1-9]|1[0-2])\s?[/\-.]\s?(?:20)?\d{2})(?![\d/]|[.\-]\d)")
#: An expiry, then its code a word or two on (a name in between: "06/28 cvv 086", "04/29 376").
_EXPIRY_CODE = re.compile(r"(?<![\d/.\-])(?P<exp>(?:0[1-9]|1[0-2])\s?/\s?(?:20)?\d{2})(?![\d/])"
                          r"[\s,;:|\-–—]{1,4}(?:[^\W\d_]{1,12}\.?:?[\s,;:]{1,3}){0,2}(?P<code>\d{3,4})(?![\d/:.,]\d|\d)")
#: How far an expiry may stand from the card's number.
_REACH = 48


def spans(text: str, found: Sequence[Span], card_named: bool) -> Iterator[Span]:
    """``found``: the text's secrets found so far; ``card_named``: whether the text (or the turn
    before it) names a card."""
    if "/" not in text and "-" not in text and "." not in text:
        return
    cards = [(s, e) for s, e, k in found if k == "card number" and e - s >= 12]
    for m in _EXPIRY.finditer(text) if cards else ():
        if any(0 <= m.start() - e <= _REACH or 0 <= s - m.end() <= _REACH // 2 for s, e in cards):
            yield m.start("exp"), m.end("exp"), "card number"
    if cards or card_named:
        for m in _EXPIRY_CODE.finditer(text):
            if not re.fullmatch(r"(?:19|20)\d{2}", m.group("code")):
                yield m.start("exp"), m.end("exp"), "card number"
                yield m.start("code"), m.end("code"), "card number"


#: A turn that is only an expiry and a few words ("y caduca en 02/30", "exp 11/29").
_EXPIRY_TURN = re.compile(r"^\W*(?:[^\W\d_]+\W+){0,4}(?P<exp>(?:0[1-9]|1[0-2])\s?[/\-.]\s?(?:20)?\d{2})\W*$")


#: An expiry after its own word, in the languages of a card ("… for the union shop, expiry 02/31").
_NAMED_EXPIRY = re.compile(r"(?i)(?<![^\W\d_])(?:exp(?:iry|ires?|iration|\.)?|valid(?: thru| until| to)?|good thru"
                           r"|caduca|caducidad|vence|vencimento|validade|expire|expiration|ablauf|gültig bis|läuft ab"
                           r"|scade|scadenza|ważna do|geldig tot|vervaldatum|son kullanma|срок действия|utgång|udløb)"
                           r"\W{0,3}(?:(?:en|em|le|am|on|in)\s)?"
                           r"(?P<exp>(?:0[1-9]|1[0-2])\s?[/\-.]\s?(?:20)?\d{2})(?![\d/]|[.\-]\d)")


def after_card_turn(text: str, card_before: bool) -> Iterator[Span]:
    """An expiry alone in a turn after a turn that held a card's number or code, or after its own
    word anywhere in such a turn ("thats my debit card for the shop, expiry 02/31")."""
    if not card_before:
        return
    m = _EXPIRY_TURN.match(text) if len(text) <= 60 else None
    if m:
        yield m.start("exp"), m.end("exp"), "card number"
    for m in _NAMED_EXPIRY.finditer(text) if len(text) <= 400 else ():
        yield m.start("exp"), m.end("exp"), "card number"


_ASSET = Path(__file__).resolve().parent.parent / "assets" / "card_expiry.json"


@functools.cache
def _words() -> dict[str, list[str]]:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@functools.cache
def _named_expiry() -> re.Pattern[str]:
    return re.compile(rf"(?i){prefilter.whole_words(_words()['expiry_words'])}[^\d\n]{{0,14}}?"
                      r"(?<![\d/.\-])(?P<exp>(?:0[1-9]|1[0-2])\s?[/\-.]\s?(?:20)?\d{2})(?![\d/]|[.\-]\d)")


@functools.cache
def _any_word(key: str) -> re.Pattern[str]:
    """Any word of the asset's list ``key`` ("payment_words", "other_cards"), whole."""
    return re.compile(rf"(?i){prefilter.whole_words(_words()[key])}")


def named_spans(text: str, before: str = "") -> Iterator[Span]:
    """A payment card's expiry after its own word, in a text that (or whose turn before) names a card
    or a payment and no other kind of card."""
    if ("/" not in text and "-" not in text and "." not in text) or not _EXPIRY.search(text):
        return
    expiries = list(_named_expiry().finditer(text))
    if not expiries:
        return
    if not payment_context(text, before):
        return  # "my library card expires 09/27": a reminder, not payment data
    for m in expiries:
        yield m.start("exp"), m.end("exp"), "card number"


def payment_context(text: str, before: str = "") -> bool:
    """Whether ``text`` or the turn ``before`` it names a card or a payment, and no card that is not
    a payment's (an id, a library, a gym card)."""
    context = f"{before[-200:]}\n{text}"
    return (any(n.kind == "card" for n in forms.names_in(context)) or bool(_any_word("payment_words").search(context))) \
        and not _any_word("other_cards").search(context)
