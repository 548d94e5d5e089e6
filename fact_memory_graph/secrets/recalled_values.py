"""A secret's value given as the reply to a turn that asked for it or named it without a value:
"password kya tha?" / "haan yaad aaya kolorowyparasol", "wifi at my airbnb?" / "Guest6143",
"Passwort ist einfach …" / "grandmaskitchen, ganz klein".

The reply is short: maybe a word of recall ("I remember", "yaad aaya", "naalala ko na", words as
data in assets ``qualified_secrets.json``), the value, maybe a few short words after it. A value
with a digit, a symbol or a capital inside counts; a plain word counts when it is long (eight letters), not a
common English word (the shipped MiniLM tokenizer's whole words: "remember", "later") nor a reply ("gracias").
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]
_ASSETS = Path(__file__).resolve().parent.parent / "assets"
_REPLY_CHARS = 80


@functools.cache
def _data() -> dict[str, Any]:
    return json.loads((_ASSETS / "qualified_secrets.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@functools.cache
def _reply() -> re.Pattern[str]:
    recall = prefilter.whole_words(_data()["recall"])
    return re.compile(rf"(?i)^\W*(?:(?:[^\W\d_]{{1,6}}[\s,]+){{0,2}}?(?P<recall>{recall})[\s,:.!\-–—]+)?"
                      r"[\"'“‘«]?(?P<v>[^\s,.;!?\"'”’»]{5,40})[\"'”’»]?"
                      r"(?:[,.;!?]*\s+(?:[^\W\d_]{1,6}\s*){1,3})?[\s.!?]*$")


@functools.cache
def _wifi() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(_data()["wifi"]))


@functools.cache
def _set_before() -> re.Pattern[str]:
    """A turn's last clause saying what the user set or typed, with at most six words after it ("i keep forgetting
    what i set for the portal", "soll ich dir sagen was ich eingegeben hab")."""
    return re.compile(rf"(?i){prefilter.whole_words(_data()['set_before'])}(?:[^\S\n]+[^\s.,;:!?]+){{0,6}}[\s?？!.…:]*$")


@functools.cache
def _network_talk() -> re.Pattern[str]:
    """A network's name, speed or bill; or a reference beside "internet" ("the internet order?", "internet banking"):
    what the reply then gives is no Wi-Fi key."""
    words = json.loads((_ASSETS / "spoken_credentials.json").read_text(encoding="utf-8"))["not_wifi_name"]
    return re.compile("(?i)" + prefilter.whole_words([*words, *_data()["wifi_references"]]))


@functools.cache
def _replies() -> frozenset[str]:
    return frozenset(_data()["replies"])


@functools.cache
def _talk() -> re.Pattern[str]:
    """What a password is talked about as ("which password manager do you use?"): the reply names a tool."""
    return re.compile("(?i)" + prefilter.whole_words(_data()["not_things"]))


@functools.cache
def _common_words() -> frozenset[str]:
    vocab = json.loads((_ASSETS / "all-MiniLM-L6-v2.tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"]
    return frozenset(w for w in vocab if w.isalpha())


_SHAPED = re.compile(r"\d|[!@#$%^&*_+=~]|[a-z][A-Z]")


def thread_spans(text: str, prior: str, names_in: Callable[[str], Sequence[Any]]) -> Iterator[Span]:
    """``prior``: the user's turn before ``text``."""
    if len(text) > _REPLY_CHARS or not prior:
        return
    m = _reply().match(text)
    if not m:
        return
    value = m.group("v")
    if not _SHAPED.search(value) and (len(value) < 8 or value.lower() in _common_words() or value.lower() in _replies()):
        return  # a plain word: long, and no common English word nor a reply ("gracias", "tomorrow")
    if "://" in value or "@" in value:
        return
    if _talk().search(prior) or not (any(n.kind == "password" for n in names_in(prior))
                                     or _wifi().search(prior) and not _network_talk().search(prior)
                                     or _SHAPED.search(value) and _set_before().search(prior[-120:])):
        return  # the turn before named no password, and no network but for its name or speed ("what's the wifi called?")
    yield m.start("v"), m.end("v"), "password"
