"""A login pair given after a word for logging in, whatever the password's shape.

"steam login j.mueller / tigresonnenblume", "accesso Poste ahmet.y / chocolat9683#", "the shared
login, it's store2214 and sunshine!": a word for a login, an account's access or its credentials
(~27 languages, assets/login_pairs.json), then within a few words a user's name (shaped as a login —
a dot, an underscore, an @ or a digit — or a role shared logins use: admin, owner, manager), a
separator ("/", ":", "|", "and", "&", ",") and the password: a token of four characters or more.

A login, a password's short name and the password with no joining word: "frontdesk mdp Shift!",
"dev_oli kode bonjourkasselampa".

Over three turns: a turn naming a login (or a service, or a name alone), a turn that is the user's name alone, a
turn that is the password alone ("paypal" / "kasia_w" / "nut3ll@0172").
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "login_pairs.json"
_MAX_MATCHES = 8
#: After the cue: a few words ("for the team", "Poste", "du compte", "it's"), then the pair.
_PAIR = re.compile(r"[^\n\u2029.!?;]{0,40}?(?<![\w@.+\-])(?P<login>[\w.+\-]{2,40}(?:@[\w\-]+(?:\.[\w\-]+)+)?)"
                   r"(?:[ \t]*[/:|][ \t]*|(?P<comma>[ \t]*,[ \t]*)|[ \t]+(?:and|&|und|et|y|e|en|og|och|ve|i|и)[ \t]+)"
                   r"(?P<value>[^\s/,;()\[\]{}<>\"“”«»]{4,64})")
_LOGIN_SHAPE = re.compile(r"[_.@\d]")
#: The value as its own clause's subject: "log in with the router admin, Netgear7000 is the model".
_SUBJECT = re.compile(r"(?i)\s+(?:is|was|are|model|version|series|ist|es|est|è|é)\b")
_ONE_TOKEN = re.compile(r"^\s*(?P<v>[^\s]{3,64}?)[\s.!?]*$")
_TRAILING = ".,?:;…"  # not "!": passwords end with one ("Shift!", "sunshine!")
_A_NAME = re.compile(r"^\s*[^\W\d_][\w.\-+]{1,24}\s*[:?]?\s*$")


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _cues() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words([w for ws in _data()["cues"].values() for w in ws]))


@lru_cache(maxsize=1)
def _gate() -> re.Pattern[str]:
    words = [w for ws in _data()["cues"].values() for w in ws] + _password_names()
    return re.compile(prefilter.whole_words([w.lower() for w in words]))


def _password_names() -> list[str]:
    return [w.rstrip(":") for w in _data()["password_names"]]


@lru_cache(maxsize=1)
def _named_pair() -> re.Pattern[str]:
    """A login, a password's short name, the password: "frontdesk mdp Shift!"."""
    return re.compile(r"(?i)(?<![\w@.+\-])(?P<login>[\w.+\-]{2,40}(?:@[\w\-]+(?:\.[\w\-]+)+)?)\s+"
                      r"(?:" + prefilter.whole_words(_password_names()) + r")\s*[:=]?\s*"
                      r"(?P<value>[^\s/,;()\[\]{}<>\"“”«»]{4,64})")


def mentioned(text: str) -> bool:
    """Whether ``text`` has a word for logging in (read on the lowered text: cheaper than ignoring
    case): without one it holds no pair here."""
    return _gate().search(text.lower()) is not None


@lru_cache(maxsize=1)
def _roles() -> frozenset[str]:
    return frozenset(_data()["roles"])


def _a_login(login: str) -> bool:
    return bool(_LOGIN_SHAPE.search(login) and re.search(r"[^\W\d_]", login)) or login.lower() in _roles()


def _a_password(value: str) -> bool:
    """Four characters or more with a digit or a sign; a plain word (an exclamation mark after it
    aside) of five letters with a capital, or of eight ("Shift!", "sunshine!"), not "great!"."""
    word = value.rstrip("!")
    if re.search(r"\d|[^\w]", word):
        return len(value) >= 4 and bool(re.search(r"[^\W_]", value))
    return len(word) >= 5 and not word.islower() or len(word) >= 8


def spans(text: str) -> list[Span]:
    """Passwords of login pairs after a word for logging in."""
    if len(text) > 2000:
        return []
    out: list[Span] = []
    for cue in itertools.islice(_cues().finditer(text), _MAX_MATCHES):
        m = _PAIR.match(text, cue.end())
        if not m:
            continue
        login, value = m.group("login"), m.group("value").rstrip(_TRAILING)
        if m.group("comma") and not _LOGIN_SHAPE.search(login) or _SUBJECT.match(text, m.start("value") + len(value)):
            continue  # "admin, Netgear7000 is the model": a role and a comma list things
        if _a_login(login) and _a_password(value) and value.lower() != login.lower():
            out.append((m.start("value"), m.start("value") + len(value), "password"))
    for m in itertools.islice(_named_pair().finditer(text), _MAX_MATCHES):
        login, value = m.group("login"), m.group("value").rstrip(_TRAILING)
        if _a_login(login) and _a_password(value) and not _SUBJECT.match(text, m.start("value") + len(value)):
            out.append((m.start("value"), m.start("value") + len(value), "password"))
    return out


def thread_spans(text: str, turns: tuple[str, ...], services: re.Pattern[str]) -> list[Span]:
    """The password alone in ``text`` after a turn that was a user's name alone, after a turn that
    named a login or a service (``services``)."""
    if len(turns) < 2 or len(text) > 70:
        return []
    v, login = _ONE_TOKEN.match(text), _ONE_TOKEN.match(turns[-1])
    if not (v and login and _a_login(login.group("v").rstrip(_TRAILING))):
        return []
    value = v.group("v").rstrip(_TRAILING)
    if not (re.search(r"\d|[^\w]", value) and re.search(r"[^\W\d_]", value) and len(value) >= 6):
        return []  # a plain word after a name is talk ("manager" / "thanks")
    cue = turns[-2]  # a login's word, a service's, or a name alone ("paypal")
    if len(cue) > 200 or not (mentioned(cue) or services.search(cue) or _A_NAME.match(cue)):
        return []
    return [(v.start("v"), v.start("v") + len(value), "password")]
