"""A secret asked for in one turn and given as a short reply in the next.

"my roommate asks for the storage code" / "it's harbour180"; "ma coloc me demande le code du cadenas" /
"c'est 1-6-8-7-9-3"; "weißt du noch mein Passwort für die App?" / "ach egal, es ist w27ZBWoiTw";
"kämppis kysyy varaston koodia" / "se on YNTZ6N3RKM". The asking turn names a secret
(:func:`forms.names_in`) and asks for it: a password or a PIN by a question mark or a verb of asking or
recalling; a code by someone's asking told ("asks for", "me demande", "kysyy": a question for "your
friend code" is for a public one) (``assets/asked_replies.json``, ~25 languages). The reply is at most six words,
its last the value: a secret's shape (letters with digits or signs, mixed case, a run of four digits or
more) — a plain word or a sentence about the secret ("it's on the router") is not read here.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import forms, prefilter, spoken_credentials

Span = tuple[int, int, str]

_KINDS = frozenset({"password", "digits", "pin"})
_MAX_WORDS = 6
_LAST = re.compile(r"(?P<v>[^\s,;:]+?)[.!。]?\s*$")
_SHAPED = re.compile(r"(?=.*[^\W\d_])(?=.*[\d!@#$%^&*_+=~?])[^\s]{5,40}")
_MIXED = re.compile(r"(?=.*[a-z])(?=.*[A-Z].*[A-Z])[A-Za-z]{8,40}")  # "DumplingSunflower", "uKonWkZmtU"
_DIGITS = re.compile(r"\d(?:[\s\-.]?\d){3,15}")
_LEAD_WORD = re.compile(r"[^\W\d_]{1,8}[,.!]?")


@functools.cache
def _asks() -> re.Pattern[str]:
    data = json.loads(resources.files("fact_memory_graph.assets").joinpath("asked_replies.json").read_text(encoding="utf-8"))
    return re.compile("(?i)" + prefilter.whole_words(data["ask_words"]))


@functools.cache
def _told_asks() -> re.Pattern[str]:
    data = json.loads(resources.files("fact_memory_graph.assets").joinpath("asked_replies.json").read_text(encoding="utf-8"))
    return re.compile("(?i)" + prefilter.whole_words(data["told_asks"]))


def _asks_for_a_secret(turn: str) -> bool:
    kinds = {n.kind for n in forms.names_in(turn)}
    if kinds & _KINDS - {"digits"}:  # a password, a PIN: asked for, or recalled
        return "?" in turn or "？" in turn or _asks().search(turn) is not None
    return "digits" in kinds and _told_asks().search(turn) is not None  # "my roommate asks for the storage code"


def thread_spans(text: str, turns: tuple[str, ...] | list[str]) -> list[Span]:
    """The value ending a short reply to a turn asking for a secret."""
    words = text.split()
    if not turns or not 1 <= len(words) <= _MAX_WORDS or "\n" in text.strip():
        return []
    m = _LAST.search(text)
    if not m:
        return []
    value = m.group("v")
    if not (_SHAPED.fullmatch(value) or _MIXED.fullmatch(value) or _DIGITS.fullmatch(value)):
        return []
    lead = text[:m.start("v")].split()
    if not all(_LEAD_WORD.fullmatch(w) for w in lead):
        return []  # a sentence before the value, not "ach egal, es ist" / "se on"
    if not _asks_for_a_secret(turns[-1]) or spoken_credentials.talks_of_managers(turns[-1]):
        return []  # "which password manager do you use?" / "Keeper2024": a tool's name
    return [(m.start("v"), m.end("v"), "password")]
