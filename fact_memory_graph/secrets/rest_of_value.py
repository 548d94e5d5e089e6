"""A secret's first part alone in its turn, told as such by the turn after (round thirty-one).

"Mama" / "1970# <- thats the rest of the password, the first part was above", "Sakur" / "la suite du mot de
passe : a0806@", "Tiger" / "der Rest vom Passwort: 77!x": the turn after says it holds the rest of a
password, a PIN or a code, so the lone token before it is the first part, withheld with it. Read when

- the turn is one token (letters, digits or signs, two to 24 characters, no space);
- the turn after holds a phrase saying it is the rest of a secret or that the first part came above
  (``assets/rest_of_value.json``, ~20 languages), and a secret the filter reads in it (the rest itself):
  "Mama" / "the rest of the password story is boring" keeps "Mama".

The rest itself is read where its phrase points at it: a token with a digit or a sign right before the phrase
("1970# <- thats the rest of the password") or after it and a colon ("der Rest vom Passwort: 77!x").

Gated by one lexicon lookup.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "rest_of_value"  # assets/rest_of_value.json
_TOKEN = re.compile(r"\s*(?P<v>[^\s\"'“”‘’«»()\[\]{}<>]{2,24})[\s.!]*")


@lru_cache(maxsize=1)
def _rest() -> tuple[lexicon.Gate, re.Pattern[str]]:
    words = lexicon.asset_lists(_ASSET)["rest"]
    return lexicon.Gate(words), re.compile(rf"(?i){prefilter.whole_words(words)}")


@lru_cache(maxsize=1)
def _told() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The rest told before its phrase ("1970# <- thats the rest of the password") or after it with a colon."""
    words = prefilter.whole_words(lexicon.asset_lists(_ASSET)["rest"])
    value = r"(?P<v>[^\s\"'“”‘’«»()\[\]{}<>]{2,24}?)"
    before = re.compile(rf"(?i)(?:^|(?<=\s)){value}[^\S\n]*(?:<-+|←|⬅|[—–-]|,|:)?[^\S\n]*"
                        rf"(?:(?:that'?s|that’s|this is|it'?s|is|eso es|esto es|es|c'est|ça c'est|das ist|ist|isso é|é|è|это)[^\S\n]+)?(?:{words})")
    after = re.compile(rf"(?i)(?:{words})[^\S\n]*[:：=][^\S\n]*{value}(?=[\s.,!;]|$)")
    return before, after


def spans(text: str) -> list[Span]:
    """The rest of a secret told beside the words that say so: "1970# <- thats the rest of the password",
    "der Rest vom Passwort: 77!x"; a token with a digit or a sign (a plain word may be talk: "boring")."""
    gate, _ = _rest()
    if not gate.open(text):
        return []
    out = []
    for pattern in _told():
        for m in pattern.finditer(text):
            v = m.group("v").rstrip(".,;!")
            if re.search(r"[\d!@#$%^&*_+=~?/\\]", v) and re.search(r"[^\W_]", v):
                out.append((m.start("v"), m.start("v") + len(v), "password"))
    return out


def first_part(text: str, after: str, secrets_in: Callable[[str], list[Span]]) -> list[Span]:
    """``text``'s lone token when ``after`` says it holds the rest of the secret it begins (see the note)."""
    if len(text) > 30 or not after.strip() or len(after) > 300:
        return []
    m = _TOKEN.fullmatch(text)
    if not m:
        return []
    gate, rest = _rest()
    if not gate.open(after) or not rest.search(after) or not (spans(after) or secrets_in(after)):
        return []
    return [(m.start("v"), m.end("v"), "password")]
