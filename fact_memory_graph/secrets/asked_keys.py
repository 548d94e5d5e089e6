"""A question for a credential and its answer, when the question's words alone do not say which.

- **In one turn**: "the password? bluebird", "wifi key? lemontree", "Netflix pw? Summer!Rain" — a
  short question naming a credential, then a lone value, read as the two turns a thread reads
  (:func:`spoken_credentials.answer_spans`).
- **Over turns, with a generic word**: "wifi name?" / "HomeSweetHome" / "and the key?" / "lemontree",
  "y la clave?" after a turn about the router, "und der Code?" after a turn about the phone: "key",
  "code", "clave" name a credential only because a turn of the thread named a Wi-Fi, a device or
  an account (``assets/asked_keys.json``, ~30 languages). The next turn, a lone value, is its value.

Each reader runs only when its cheap test holds: a "?" in the turn, a short question before it.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import prefilter, spoken_credentials

Span = tuple[int, int, str]

_QUESTION = re.compile(r"[?？]")
_LAST_QUESTION = re.compile(r"[?？](?=[^?？]*$)")
#: The answer after a question in the same turn: one token, a full stop or "!" at most after it.
_LONE = re.compile(r"[^\S\n]*(?:(?:it'?s|its|es|c'est|é|è|is|ist)[^\S\n]+)?(?P<v>[^\s?？]{4,64}?)[.!。]?\s*$", re.I)
_TRAIL = ".,;:!?。"


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("asked_keys.json").read_text(encoding="utf-8"))


@functools.cache
def _filler() -> re.Pattern[str]:
    """A word said before answering one's own question ("well,", "pues", "also", "ну,"), then an optional comma."""
    words = prefilter.whole_words(sorted(set(_data()["fillers"]), key=len, reverse=True))
    return re.compile(rf"(?i)[^\S\n]*(?:{words})[^\S\n]*[,，、…:-]*(?=\s)")


@functools.cache
def _key_question() -> re.Pattern[str]:
    """A short question that is little more than a generic key word: "and the key?", "y la clave?"."""
    words = prefilter.whole_words(_data()["key_words"])
    return re.compile(rf"(?i)^\W*(?:(?:and|also|plus|und|et|y|e|en|i|и|a|ve|och|og|ja|és|și|và|dan|what'?s|whats|was ist|c'est quoi|"
                      rf"qual é|qual è|cuál es|what about|so|ok|and what'?s|the|wifi|wi-fi)\s+)*{words}\s*[?？]+\W*$")


@functools.cache
def _topics() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(_data()["topics"]))


@functools.cache
def _not_answers() -> frozenset[str]:
    return frozenset(_data()["not_answers"])


def _a_value(token: str) -> bool:
    """A password's shape, a plain word of six letters or more that answers nothing else, or 4-12 digits."""
    token = token.rstrip(_TRAIL)
    if token.lower() in _not_answers():
        return False
    return (spoken_credentials.password_like(token) or bool(re.fullmatch(r"[^\W\d_]{6,40}", token))
            or bool(re.fullmatch(r"\d{4,12}", token)))


def in_turn_spans(text: str) -> list[Span]:
    """"the password? bluebird": the question's answer in the same turn."""
    q = next(_LAST_QUESTION.finditer(text), None)
    if q is None or len(text) - q.end() > 66 or len(text[:q.start()].split()) > 6:
        return []
    after = text[q.end():]
    m = _LONE.match(after)
    if not m and (filler := _filler().match(after)):  # "¿la clave del router? pues girasol2020"
        after, base_shift = after[filler.end():], filler.end()
        m = _LONE.match(after)
    else:
        base_shift = 0
    if not m or m.group("v").rstrip(_TRAIL).lower() in _not_answers():
        return []
    found = spoken_credentials.answer_spans(after[m.start("v"):], text[:q.end()])
    question = text[:q.end()]
    if not found and _key_question().match(question) and _topics().search(question) and _a_value(m.group("v")):
        found = [(0, len(m.group("v").rstrip(_TRAIL)), "password")]  # "wifi key? lemontree"
    base = q.end() + base_shift + m.start("v")
    return [(base + s, base + e, k) for s, e, k in found]


def thread_spans(text: str, turns: tuple[str, ...] | list[str]) -> list[Span]:
    """"and the key?" after a turn naming a Wi-Fi, a device or an account: this turn, a lone value, is the key."""
    if not turns or len(text) > 70 or len(turns[-1]) > 60 or not _QUESTION.search(turns[-1]):
        return []
    if not _key_question().match(turns[-1]) or not any(_topics().search(t) for t in turns[-3:]):
        return []
    m = _LONE.match(text)
    if not m or not _a_value(m.group("v")):
        return []
    value = m.group("v").rstrip(_TRAIL)
    return [(m.start("v"), m.start("v") + len(value), "password")]
