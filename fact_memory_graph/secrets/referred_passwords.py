"""A password told by pointing at another login: "same as the netflix one: marigoldsky", "the
login for hulu is jenny.k and the other one is pancakehouse", "la même que celle de Free : chocolat42",
"dasselbe wie bei Amazon, also Pusteblume7".

Two families, words as data (``assets/referred_passwords.json``) in about twenty-five languages:

- SAME: a word saying the password is another's ("same as", "igual que", "même que", "dasselbe wie",
  "taki sam jak", "такой же как", "ile aynı", "sama dengan" …), up to five words naming which (a
  service's name, "one", a password's name), a joining sign or word (":", "—", ",", "i.e.", "o sea",
  "czyli" …), then the value;
- OTHER: "the other one is", "el otro es", "l'autre c'est", "das andere ist", "drugie to", "второе —" …,
  said where a login's word is in the text (a login's second value is its password).

- ARROW: one to three words opening a line, an arrow pointing back at them, and a password's name within
  three words after it ("moonlight meatball <- thats the password for Streamlabs"): the name is said,
  so a plain word counts.

The value of SAME and OTHER is one token ending its clause (a request to keep it may follow), of a password's shape
(letters with a digit or a sign) or a word no dictionary has ("pancakehouse": a coined compound):
"the other one is expensive" and "same as netflix: cheaper" are talk, kept.
A gate (the lexicon's one pass) keeps texts without these words at a set lookup.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import (
    credential_forms,
    forms,
    lexicon,
    login_pairs,
    prefilter,
    recalled_values,
)

Span = tuple[int, int, str]

#: How far the referent may run after "same as" (characters) before its joining sign or word.
_REFERENT_CHARS = 48
#: A clause's end: what may follow the value.
_CLAUSE_END = re.compile(r"\s*(?:$|[.!?;,()\n\u2029…]|\s[-–—]\s|[\U0001F300-\U0001FAFF\u2600-\u27BF]|:\)|:D)")
_TOKEN = re.compile(r"[^\s,;()\[\]{}<>\"“”«»]+")
_EDGE = ".,;:?…'\"“”«»()"
_SHAPED = re.compile(r"(?=.*[^\W\d_])(?=.*[\d!@#$%^&*_+=~?])\S{4,40}")
_CAMEL = re.compile(r"[a-z][A-Z]")
_PLAIN = re.compile(r"[^\W\d_]{6,40}")
_AMOUNT = re.compile(r"[\d.,:/\-]+[^\W\d_]{0,3}")
_URL_OR_MAIL = re.compile(r"@|://|^www\.|\.(?:com|net|org|de|fr|es|it|co|io)\b", re.I)


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("referred_passwords.json")
                      .read_text(encoding="utf-8"))


@functools.cache
def _gate() -> lexicon.Gate:
    d = _data()
    return lexicon.Gate(d["same"] + d["other"])


@functools.cache
def _same() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(_data()["same"]))


@functools.cache
def _other() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words([w.rstrip(":") for w in _data()["other"]]) + r"[ \t]*[:=—–-]?[ \t]*")


@functools.cache
def _ones() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(_data()["ones"]))


@functools.cache
def login_words() -> re.Pattern[str]:
    """A login's names ("username", "identifiant", "логин", "用户名" …)."""
    return re.compile("(?i)" + prefilter.whole_words(_data()["login_words"]))


@functools.cache
def _joins() -> re.Pattern[str]:
    signs = [w for w in _data()["joins"] if not w[:1].isalnum()]
    words = [w for w in _data()["joins"] if w[:1].isalnum()]
    sign = "|".join(re.escape(s) for s in sorted(signs, key=len, reverse=True))
    return re.compile(rf"(?i)[ \t]*(?:(?:{sign})[ \t]*(?:(?:{prefilter.whole_words(words)})[ \t]+)?"
                      rf"|[ \t]+(?:{prefilter.whole_words(words)})[ \t]*[:,]?[ \t]+)")


@functools.cache
def _keep_after() -> re.Pattern[str]:
    return re.compile(r"(?i)[\s,!]*(?:" + prefilter.whole_words(_data()["keep_after"]) + ")")


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold a referred password (a set lookup for most texts)."""
    return _gate().open(text)


def _a_value(token: str) -> bool:
    """A password's shape, or a coined word (not in the dictionary of the filter's word model)."""
    if _URL_OR_MAIL.search(token) or credential_forms.services().fullmatch(token):
        return False
    if _SHAPED.fullmatch(token):
        return not _AMOUNT.fullmatch(token)
    if not _PLAIN.fullmatch(token):
        return False
    return bool(_CAMEL.search(token)) or token.lower() not in recalled_values._common_words()


def _value_at(text: str, at: int) -> Span | None:
    """The one token at ``at`` when it ends its clause and is a value."""
    m = _TOKEN.match(text, at)
    if not m:
        return None
    token = m.group().rstrip(_EDGE)
    token = token.lstrip("'\"“‘«")
    start = m.start() + m.group().find(token)
    end = start + len(token)
    if not token or not _a_value(token):
        return None
    rest = end
    while rest < len(text) and text[rest] in _EDGE and text[rest] not in ".,;?…":
        rest += 1
    if not (_CLAUSE_END.match(text, rest) or _keep_after().match(text, rest)):
        return None  # "same as netflix: something long" — talk, not a value
    return start, end, "password"


def spans(text: str) -> list[Span]:
    """Passwords told as another login's ("same as the netflix one: X"), as a login's other value, or
    by an arrow pointing back at them ("X <- thats the password for Y")."""
    out: list[Span] = arrowed_spans(text) if "<-" in text or "←" in text or "⬅" in text else []
    if not mentioned(text):
        return out
    for m in _same().finditer(text):
        stop = min(len(text), m.end() + _REFERENT_CHARS)
        lead = text[text.rfind("\u2029", 0, m.start()) + 1:m.start()]
        if login_words().search(lead) and not forms.names_in(lead):
            continue  # "my username is the same as on twitch: X": a login's, public
        for j in _joins().finditer(text, m.end() + 1, stop):
            referent = text[m.end():j.start()]
            if not referent.strip() or re.search(r"[.!?;\n\u2029]", referent):
                break
            value = _value_at(text, j.end())
            # another login's password: a password's name in the text, or "the <service> one"
            pointed = credential_forms.services().search(referent) or _ones().search(referent)
            if value and (forms.names_in(text) or login_pairs.mentioned(text)
                          or pointed and _SHAPED.fullmatch(text[value[0]:value[1]])
                          or _ones().search(referent) and credential_forms.services().search(text)):
                out.append(value)
            break
    for m in _other().finditer(text):
        lead = text[text.rfind("\u2029", 0, m.start()) + 1:m.start()]
        if not (login_words().search(lead) or login_pairs.mentioned(lead) or forms.names_in(lead)):
            continue  # "the other one is cheaper": no login before it
        value = _value_at(text, m.end())
        if value:
            out.append(value)
    return out


#: One to three words opening a turn or a line, then an arrow pointing back at them.
_ARROWED = re.compile(r"(?:^|(?<=[\n\u2029]))[ \t]*(?P<v>[^\s<←⬅]+(?:[ \t]+[^\s<←⬅]+){0,2}?)[ \t]*(?:<-+|←|⬅)[ \t]*"
                      r"(?P<tail>[^\n\u2029]{0,60})")


def arrowed_spans(text: str) -> list[Span]:
    """A value of one to three words an arrow points back at, named a password within a few words
    after it ("moonlight meatball <- thats the password for Streamlabs", "Cupcake. <- das ist mein
    Passwort"): the name said, a plain word counts."""
    out: list[Span] = []
    for m in _ARROWED.finditer(text):
        tail = m.group("tail")
        names = [n for n in forms.names_in(tail) if n.kind == "password"]
        if not names or len(tail[:names[0].start].split()) > 3:
            continue
        value = m.group("v").rstrip(".,;:")
        if len(value) >= 3 and not credential_forms.services().fullmatch(value):
            out.append((m.start("v"), m.start("v") + len(value), "password"))
    return out
