"""A developer credential named in the writer's own language: "der API-Schlüssel … lautet 9b2e…",
"API-nyckeln till vädret är …", "cheia API pentru … este …", "ufunguo wa API ni …", "le jeton
d'accès GitHub : …", "токен бота: …".

The provider rules know a key by its prefix, and the named-value grammar by the English and the
big European names. People write the rest in their language: a word for a key beside "API" or an
access word, or a token's own name, then (same clause, a few words later) a value of a key's
shape: one run of 16+ letters and digits, both present, that is no address, e-mail, URL or
version. A key the sentence calls public ("publishable key", "clé publique") stays. Words as data
(``assets/api_key_names.json``); the reader runs only on a text holding "api", an access word or a token's name.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

Span = tuple[int, int, str]

#: A key's shape: one unbroken run of 16-200 characters of a key's alphabet.
_VALUE = re.compile(r"(?<![\w/+=.\-@:])[A-Za-z0-9][A-Za-z0-9_\-.+/=:]{14,198}[A-Za-z0-9=](?![\w/+=@])")
#: Where the name's clause ends: a sentence's end, a line, or a new clause of another subject.
_CLAUSE_END = re.compile(r"[.!?。！？]\s|\n|\u2029|;\s")
_REACH = 70  # characters from the name to its value
_NEAR = 24  # characters between a key word and "API" / an access word
_DOMAIN = re.compile(r"(?i)(?:\.[a-z]{2,6}|\.html?|\.json|\.ya?ml|\.py|\.js|\.ts)$")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("api_key_names.json")
                      .read_text(encoding="utf-8"))


def _words(name: str) -> str:
    # Latin words stand whole; words of scripts written without spaces or glued to "API" ("APIキー") stand as they are
    alts = sorted({w.lower() for w in _data()[name]}, key=len, reverse=True)
    return "|".join(rf"(?<![^\W\d_]){re.escape(w)}(?![^\W\d_])" if re.search("[a-z]", w) else re.escape(w)
                    for w in alts)


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str], tuple[str, ...]]:
    key = re.compile(rf"(?i){_words('key_words')}")
    token = re.compile(rf"(?i){_words('token_words')}")
    access = re.compile(rf"(?i){_words('access_words')}")
    public = re.compile(rf"(?i){_words('public_words')}")
    gate = tuple({w.lower()[:4] for w in _data()["token_words"]} | {w.lower() for w in _data()["gate_words"]})
    return key, token, access, public, gate


def _a_key(value: str) -> bool:
    """Letters and digits both (two of each at least), and no URL, address, e-mail, file or version."""
    if "://" in value or value.lower().startswith("www.") or "//" in value or _DOMAIN.search(value):
        return False
    if re.fullmatch(r"[\d.\-]+[a-z]{0,3}", value, re.I):  # a version, a date, a number with a unit
        return False
    return len(re.findall(r"\d", value)) >= 2 and len(re.findall(r"[A-Za-z]", value)) >= 2


def spans(text: str) -> list[Span]:
    key, token, access, public, gate = _patterns()
    low = text.lower()
    if not any(g in low for g in gate):
        return []
    names: list[tuple[int, int]] = [m.span() for m in token.finditer(text)]
    for m in key.finditer(text):  # a key's word counts beside "API" or an access word, either side
        before, after = text[max(0, m.start() - _NEAR):m.start()], text[m.end():m.end() + _NEAR]
        if access.search(before) or access.search(after):
            names.append(m.span())
    out: list[Span] = []
    for start, end in sorted(names):
        if any(a <= end <= b for a, b, _ in out):
            continue
        stop = _CLAUSE_END.search(text, end, end + _REACH)
        window_end = stop.start() if stop else min(len(text), end + _REACH)
        value = _VALUE.search(text, end, window_end)
        if value is None or not _a_key(value.group().rstrip(".:")):
            continue
        if public.search(text, max(0, start - _NEAR), value.start()):
            continue  # "the publishable key is pk_…", "clé publique : …"
        out.append((value.start(), value.start() + len(value.group().rstrip(".:")), "api key"))
    return out
