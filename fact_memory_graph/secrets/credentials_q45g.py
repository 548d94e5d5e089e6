"""Round 13 (q45g): three credential forms the earlier rounds' readers stop short of.

- **A break between a password's name and its copula**: "the password? its kittenfluff_31",
  "mein Passwort... es ist Blaumeise-Kiel-19", "mật khẩu — là hoa@2023". The clause readers end a
  clause at "?", "..." or a dash, so the value after the pronoun and copula was left visible.
  Only a value with a password's shape counts (letters with digits or symbols, six or more).
- **A PIN or code written with a dot or middle dot between single digits**: "pin: 7.4.4.9",
  "code 3·9·0·2" (a spaced or dashed one is read already).
- **A list of accounts as "user / password" pairs** after a service's name ("Netflix - dani.r /
  Pelicula88; router - admin / Zx9pq!mm"): a login's token, a slash, a password-shaped token.

Words as data: ``assets/credentials_q45g.json``. Each form runs only when its cheap trigger is
in the text (a password's or a code's name from ``forms.names_in``; a "/" and a service's name).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

Span = tuple[int, int, str]


@functools.cache
def _words() -> dict[str, Any]:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("credentials_q45g.json")
                      .read_text(encoding="utf-8"))


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+").replace("'", "['’]")
                    for w in sorted(set(words), key=len, reverse=True))


#: a password's value: no spaces, six to forty characters
_TOKEN = r"[^\s,;()\[\]{}<>\"“”«»]{6,40}"


@functools.cache
def _broken_copula() -> re.Pattern[str]:
    w = _words()
    return re.compile(
        r"(?i)[^\n.!]{0,24}?"  # a few words still of the name ("for the laptop", "de la wifi")
        r"(?:\?+|\.{2,}|…|\s[-–—]+|:\s*[-–—])"  # the break: "?", "...", a dash
        rf"\s*(?:(?:{_alt(w['interjections'])})[,!.]*\s+)?"
        rf"(?:{_alt(w['copulas'])})\s*[:=]?\s*"
        rf"(?P<value>{_TOKEN})")


_PASSWORDY = re.compile(r"(?=.*[^\W\d_])(?=.*(?:\d|[!@#$%^&*_+=?~|\\-]))")
_URLISH = re.compile(r"(?i)^(?:https?|www\.)|\.(?:com|org|net|de|fr|html?)$")


def _password_shape(value: str) -> bool:
    """Letters with a digit or a symbol, six to forty characters, not a URL, a path or an e-mail."""
    return (6 <= len(value) <= 40 and bool(_PASSWORDY.match(value)) and not _URLISH.search(value)
            and "/" not in value and not re.fullmatch(r"[\w.+-]+@[\w-]+\.[\w.]+", value))


def broken_copula_spans(text: str, names: list) -> list[Span]:
    out: list[Span] = []
    for n in names:
        if n.kind != "password":
            continue
        m = _broken_copula().match(text, n.end())
        if not m:
            continue
        value = m.group("value")
        stripped = value.rstrip(".!?:")
        if _password_shape(stripped):
            out.append((m.start("value"), m.start("value") + len(stripped), "password"))
    return out


_DOTTED = re.compile(r"\s*(?:(?i:is|es|est|ist|é|è|là|:|=|-|#)\s*){0,2}(?P<value>\d(?:\s?[.·•]\s?\d){3,7})(?![\d.·•]?\d)")


def dotted_code_spans(text: str, names: list) -> list[Span]:
    if "." not in text and "·" not in text and "•" not in text:
        return []
    out: list[Span] = []
    for n in names:
        if n.kind not in ("digits", "password"):
            continue
        m = _DOTTED.match(text, n.end())
        if m:
            out.append((m.start("value"), m.end("value"), "pin"))
    return out


@functools.cache
def _service() -> re.Pattern[str]:
    return re.compile(rf"(?i)(?<![\w@.])(?:{_alt(_words()['services'])})(?![\w@])")


_PAIR = re.compile(r"(?<![\w@./:-])(?P<login>[\w.+-]{2,40}(?:@[\w-]+(?:\.[\w-]+)+)?)[ \t]*/[ \t]*"
                   r"(?P<value>[^\s/,;()\[\]{}<>\"“”«»]{5,40})")


def pair_spans(text: str) -> list[Span]:
    if "/" not in text or not _service().search(text):
        return []
    out: list[Span] = []
    for m in _PAIR.finditer(text):
        login, value = m.group("login"), m.group("value").rstrip(".!?:")
        if not re.search(r"[^\W\d_]", login) or login.isdigit():
            continue
        if not (6 <= len(value) <= 40 and _PASSWORDY.match(value)) or re.fullmatch(r"[\d\W_]+", value):
            continue
        if not (re.search(r"\d", value) and re.search(r"[^\W\d_]", value)):
            continue
        if not _service().search(text, max(0, m.start() - 40), m.start()):
            continue
        out.append((m.start("value"), m.start("value") + len(value), "password"))
    return out


def spans(text: str, names: list) -> list[Span]:
    out: list[Span] = []
    if names:
        out.extend(broken_copula_spans(text, names))
        out.extend(dotted_code_spans(text, names))
    out.extend(pair_spans(text))
    return out
