"""A login written as two labelled values, its password's label a short one.

"pass", "pw" or "p" alone are common words or letters ("a bus pass", "pw of the lamp"); right after
an id's label and value they are a password's ("HBO: login jmarsh, pass cheese", "prime video u:
sam@x.com p: rocket5", "username k.lee, pass Summer!"), or after an email address ("mia.t@school.org
pw unicorn"). Also a logins' word, then an id and a
password split by a slash ("identifiants Canal+ : pierre75 / baguette1"). The password is withheld
whatever its shape (a plain word is a password too); a placeholder ("****", "xxx") or a word of talk
("the same", "reset") is not. Words are data (assets/login_labels.json).
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "login_labels.json"
_MAX_MATCHES = 12
_VALUE = r"[^\s,;|]{3,48}"
_USER = r"[^\s,;|/]{2,64}"


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], ...]:
    d = _data()
    alt = prefilter.whole_words
    short_user = "|".join(re.escape(w) for w in d["short_user_labels"])
    short_pass = "|".join(re.escape(w) for w in d["short_pass_labels"])
    # an id's label (a one-letter one with a colon), its value, then a password's label and value
    user = rf"(?:{alt(d['user_labels'])}\s*(?:[:=：-]|\s+is)?|(?<![^\W\d_])(?:{short_user})\s*[:=：])"
    password = rf"(?:{alt(d['pass_labels'])}\s*(?:[:=：-]|\s+(?:is|=))?|(?<![^\W\d_])(?:{short_pass})\s*[:=：])"
    pair = re.compile(rf"(?i)(?:{user}\s*(?P<u>{_USER})|(?<![\w.+\-])[\w.+\-]+@[\w\-]+\.[\w.\-]*\w)\s*(?:[,;/|]|\s+(?:and|&|und|et|y|e|en|i|и|ve|và|dan))?"
                      rf"\s*(?:(?:the|its|el|la|le|das|die|der)\s+)?{password}\s*(?P<v>{_VALUE})")
    slashed = re.compile(rf"(?i)(?:{alt(d['login_words'])})[^\n.!?/]{{0,30}}?[:：]\s*(?P<u>{_USER})\s*/\s*(?P<v>{_VALUE})")
    account = re.compile(rf"(?i)(?:{alt(d['account_words'])})[^\n.!?/]{{0,40}}?[:：]\s*(?P<u>{_USER})\s*/\s*(?P<v>{_VALUE})")
    # a bare id (a digit, a dot, an underscore or an @ in it) right before a password's label: "kitchen.lead mdp Liverpool!"
    strong = [w for w in d["pass_labels"] if w not in ("pass", "passe")]
    bare = re.compile(rf"(?i)(?<![^\s\"'(:])(?P<u>(?=[\w.+\-@]*[^\W\d_])[\w+\-]*[\d._@][\w.+\-@]*\w)\s+(?:{alt(strong)})\s*(?:[:=：-]|\s+is)?"
                      rf"\s*(?P<v>{_VALUE})")
    quick = re.compile(rf"(?i){alt(d['pass_labels'] + d['login_words'] + d['account_words'])}|(?<![^\W\d_])(?:{short_pass})\s*[:=：]")
    return pair, slashed, quick, account, bare


def gate_words() -> list[str]:
    """Words one of which a text holds whenever this module finds something (a shared pre-check)."""
    d = _data()
    return d["pass_labels"] + d["login_words"] + d["account_words"] + d["short_pass_labels"]


@lru_cache(maxsize=1)
def _not_values() -> frozenset[str]:
    return frozenset(w.casefold() for w in _data()["not_values"])


def talk_words() -> frozenset[str]:
    """Words of talk after a password's label, never its value ("later", "потом", "hab ich vergessen")."""
    return _not_values()


def _password(text: str, m: re.Match[str]) -> Span | None:
    start, value = m.start("v"), m.group("v").rstrip(".)]}\"'”’»")
    if value.casefold() in _not_values() or re.fullmatch(r"[*x•.\-_#]+", value, re.I) or value.startswith(("<", "{", "[")):
        return None
    if value[:1] in "\"'“‘«`":
        start, value = start + 1, value[1:]
    return (start, start + len(value), "password") if len(value) >= 3 else None


def _shaped(value: str) -> bool:
    """Letters with a digit or a symbol, or mixed case: not a plain word ("savings / checking")."""
    return bool(re.search(r"\d|[!@#$%^&*_+=~?]|[a-z][A-Z]", value))


def spans(text: str) -> list[Span]:
    """Passwords after an id's label and value, or split from an id by a slash after a logins' word."""
    if len(text) > 4000:
        return []
    pair, slashed, quick, account, bare = _patterns()
    if not quick.search(text):
        return []
    out = []
    for pattern in (account, bare):
        for m in itertools.islice(pattern.finditer(text), _MAX_MATCHES):
            found = _password(text, m)
            if found and re.search(r"[^\W\d_]", m.group("v")) and (pattern is bare or _shaped(m.group("v"))):
                out.append(found)
    for pattern in (pair, slashed):
        for m in itertools.islice(pattern.finditer(text), _MAX_MATCHES):
            found = _password(text, m)
            if found:
                out.append(found)
    return out
