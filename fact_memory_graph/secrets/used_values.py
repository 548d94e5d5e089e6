"""A value told by the login it is used for, with no password's name near it.

"i use cookie83 for YouTube, yes i know its bad", "uso gatito99 para Netflix", "j'utilise soleil2020
pour Instagram", "cookie83 is what i set for Roblox", "i set everything to chocolate1 bc i kept forgetting":
a verb of using or setting (``assets/used_values.json``, ~20 languages), the value, a word of purpose
("for", "para", "für", "для") and a service one logs into (the filter's list of services,
:func:`credential_forms.services`); the value given first, before "is what i use for" and a service; or
"everything" set to the value. The value has a password's shape (letters with a digit or a sign); set
for everything, a coined word in lower case no dictionary has ("lumpiashanghai") too. A plain word used
for a service ("i use chrome for youtube", "i use headphones for Spotify") or a service's name is none.

Runs only on a text holding one of the verbs (one set lookup) and a service's name.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import (
    credential_forms,
    juxtaposed_passwords,
    lexicon,
    prefilter,
    recalled_values,
)

Span = tuple[int, int, str]

_VALUE = r"(?P<v>[^\s\"'“”‘’«»()\[\]{}<>,;:?]{4,40})"
_EDGE = ".,;:?…'\"“”«»()"
_MAX_MATCHES = 6
#: Three or more words of three letters or more joined by dashes or underscores: a passphrase's shape.
_DASHED_WORDS = re.compile(r"[^\W\d_]{3,12}(?:[-_][^\W\d_]{3,12}){2,5}")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("used_values.json").read_text(encoding="utf-8"))


def _words(key: str) -> str:
    return prefilter.whole_words(_data()[key])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    owner = rf"(?:(?:{_words('owners')})\s+)?"
    used = re.compile(rf"(?i)(?<![^\W\d_])(?:{_words('verbs')})\s+{_VALUE}\s+(?:{_words('fors')})\s+{owner}(?=\S)")
    first = re.compile(rf"(?i)(?<![^\s\"'“‘«])(?P<v>[^\s\"'“”‘’«»()\[\]{{}}<>,;:!?]{{4,40}})[\s,—–]+(?:{_words('value_first')})"
                       rf"\s+{owner}(?=\S)")
    every = re.compile(rf"(?i)(?<![^\W\d_])(?:{_words('verbs')})\s+(?:{_words('everything')})\s+"
                       rf"(?:{_words('to_words')})\s+{_VALUE}")
    # "its mango-tiger-cobalt-mango for the dropbox": a copula, a value in a password's shape, the login it is for
    told = re.compile(rf"(?i)(?<![^\W\d_])(?:{_words('copulas')})\s+{_VALUE}\s+(?:{_words('fors')})\s+{owner}(?=\S)")
    return used, first, every, told


@functools.cache
def _gate() -> lexicon.Gate:
    d = _data()
    return lexicon.Gate([*d["verbs"], *d["value_first"]])


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold a value told by its use (a set lookup for most texts)."""
    return _gate().open(text) or _copula_gate().open(text) and credential_forms.services().search(text) is not None


@functools.cache
def _copula_gate() -> lexicon.Gate:
    return lexicon.Gate(_data()["copulas"])


def _a_value(token: str, coined: bool) -> bool:
    """A password's shape, or (``coined``: after "everything set to") a coined word in lower case that no
    dictionary has; after "use … for" a plain word may be a thing used ("i use headphones for Spotify")."""
    if "@" in token or "/" in token or token.lower().startswith("www") or credential_forms.services().fullmatch(token):
        return False
    shaped = juxtaposed_passwords.shaped_value(token)
    if shaped is not None:
        return shaped and not token.isdigit()
    if not coined:
        return _plain_word(token)
    common = recalled_values._common_words()
    return token.isalpha() and token.islower() and len(token) >= 8 and token not in common \
        and not (token.endswith("s") and (token[:-1] in common or token[:-2] in common))  # "headphones"


@functools.cache
def _things_used() -> frozenset[str]:
    return frozenset(w.casefold() for w in [*_data()["things_used"], *_data()["owners"], *_data()["everything"]])


def _plain_word(token: str) -> bool:
    """A plain word used for a service one logs into is its password ("i use chestnut for Netflix", "tortuga —
    that's what I put for Shein"), unless it is a thing one uses for it: a browser, a device, a way to pay, a
    pronoun ("i use chrome for youtube", "i use paypal for uber", "i use this for netflix")."""
    word = token.casefold()
    return token.isalpha() and len(token) >= 4 and (token.islower() or token[1:].islower()) \
        and word not in _things_used() and not (word.endswith("s") and word[:-1] in _things_used())


def _everything_after(text: str, at: int) -> bool:
    """Whether all of one's logins are named at ``at`` ("… what i use for everything")."""
    return re.match(rf"(?i)(?:{_words('everything')})(?![^\W\d_])", text[at:at + 40]) is not None


def spans(text: str) -> list[Span]:
    """Values told by what they are used for."""
    if len(text) > 2000:
        return []
    used, first, every, told = _patterns()
    services = credential_forms.services()
    out: list[Span] = []
    named = services.search(text) is not None  # no service named: only "everything set to X" can hold one
    for m in itertools.chain(itertools.islice(used.finditer(text), _MAX_MATCHES) if named else (),
                             itertools.islice(first.finditer(text), _MAX_MATCHES),
                             itertools.islice(every.finditer(text), _MAX_MATCHES),
                             itertools.islice(told.finditer(text), _MAX_MATCHES) if named else ()):
        token = m.group("v").rstrip(_EDGE)
        dashed = m.re is told and _DASHED_WORDS.fullmatch(token) is not None  # "mango-tiger-cobalt-mango"
        if not token or not dashed and not _a_value(token, m.re is every):
            continue
        if m.re is told and not (dashed or juxtaposed_passwords.shaped_value(token)):
            continue  # "it's cheesecake for netflix night": after a copula only a password's shape
        if m.re is first and _everything_after(text, m.end()) and juxtaposed_passwords.shaped_value(token):
            pass  # "Soleil_614 — thats what i use for everything"
        elif m.re is not every and not services.match(text, m.end()):
            continue  # "i use cookie83 for baking": no login named
        start = m.start("v")
        out.append((start, start + len(token), "password"))
    return out
