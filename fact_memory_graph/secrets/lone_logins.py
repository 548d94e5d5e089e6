"""A username told alone is a handle, not a credential.

"My Steam username is dragonslayer77", "Mój login na forum to kasia.nowak", "ユーザー名はtanaka_kです",
"Мой логин — ivanov_a, пароль не скажу": a username's label (~30 languages, assets/lone_logins.json), at most four words without digits, then one login-shaped token (letters with
"_", ".", "@", "-" or digits). Readers of login pairs withhold such a token beside a password; when every
password-like span left in the message is such a labelled login (the password beside it was only talk —
"das Passwort sage ich dir nicht" — or there is none), nothing secret stands beside it and it is kept.
A password, a PIN, a security answer or a login's password found in the message keeps it withheld; so
does a password's name between the label and the token ("username and password: …"), and a bank's word
(a bank's login id, half of its credential, stays withheld).

Read last, on the spans found: a message with no password span, or without a user's label, pays nothing.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import (
    bank_logins,
    lexicon,
    login_labels,
    prefilter,
    reference_values,
    refusals,
)

Span = tuple[int, int, str]

_SECRET_KINDS = frozenset({"password", "pin", "security answer", "login", "api key", "private key", "seed phrase"})
_LOGIN = re.compile(r"@?[^\W_][\w.@+-]{1,39}")
#: Between the label and the value: up to five words with no digit ("on the forum", "bei Netflix",
#: "only for the shared spotify"; none a handle's), a copula or a dash; the turn's break when the value is the next turn's.
_GAP = re.compile(r"[ \t]*(?:[^\W\d_][^\s\d.!?;,_@]{0,24}[ \t]*){0,5}?(?:[:=：—–-][ \t]*)?(?:\s?\u2029\s?)?")
#: A short aside in parentheses: "(no pw needed)", "(no password!)", "(pw is in my manager)".
_ASIDE = re.compile(r"\([^()\d]{1,40}\)")
_UNSPACED_TAIL = re.compile(r"[はがを이은는:： \t]{0,3}")
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")


@functools.cache
def _data() -> dict[str, list[str]]:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("lone_logins.json").read_text(encoding="utf-8"))


def _words(handle: bool = False) -> list[str]:
    data = _data()
    return [*data["labels"], *data["as_labels"], *(data["at_labels"] if handle else ())]


@functools.cache
def _labels(handle: bool = False) -> re.Pattern[str]:
    """A username's name; with ``handle``, also a name that labels a value written as a handle ("login @x")."""
    spaced = [w for w in _words(handle) if not _UNSPACED.search(w)]
    unspaced = [w for w in _words(handle) if _UNSPACED.search(w)]
    return re.compile(rf"(?i)(?<![\w-])(?:{prefilter.alternation(spaced, any_apostrophe=True)})(?![\w-])|{prefilter.alternation(unspaced, any_apostrophe=True)}")


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_words(True))


@functools.cache
def _password_names() -> re.Pattern[str]:
    return re.compile(rf"(?i)(?<![\w])(?:{prefilter.alternation(login_labels._data()['pass_labels'], any_apostrophe=True)})(?![\w])")


def _labelled(text: str, sp: Span) -> bool:
    s, e, _ = sp
    value = text[s:e]
    if not _LOGIN.fullmatch(value) or not re.search(r"[^\W\d_]", value) or not re.search(r"[_.@\-\d]", value):
        return False
    if e < len(text) and (text[e].isalnum() or text[e] in "_@"):
        return False  # part of a longer token
    before = text[max(0, s - 60):s]
    for m in reversed(list(_labels(value.startswith("@")).finditer(before))):
        gap = before[m.end():]
        if "(" in gap:  # an aside that refuses the password is no password's name ("username (no pw needed): …")
            gap = _ASIDE.sub(lambda a: " " if _refusals().finditer(a.group()) else a.group(), gap)
        if not (_GAP.fullmatch(gap) or _UNSPACED_TAIL.fullmatch(gap)):
            continue
        # "the password for my user: …", "redis has a password, no user: …": the label names whose password it is
        at = s - len(before) + m.start()
        clause = re.split(r"[.!?。！？\n\u2029]", text[max(0, at - 60):at])[-1]
        return not _password_names().search(gap) and not _password_names().search(clause)
    return False


@functools.cache
def _refusals() -> reference_values._Words:
    return refusals._words()[0]


def _refusal_word(text: str, sp: Span) -> bool:
    """Whether ``sp`` is a word of a refusal, read as the password it refuses: no digit, short, and
    ending inside (or at the punctuation after) a refusal that starts at most 16 characters after it,
    a password's name before it or inside the refusal ("password I'll keep to myself", "(no password!)")."""
    s, e, _ = sp
    if e - s > 12 or any(c.isdigit() for c in text[s:e]):
        return False
    lo = max(0, s - 30)
    for a, b in _refusals().finditer(text, lo, min(len(text), e + 30)):
        if a - 16 <= s and e <= b + 2 and _password_names().search(text, lo, b):
            return True
    return False


def without_lone_logins(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the labelled logins that no secret of the message stands beside."""
    if not spans or not _gate().open(text):
        return spans
    secret = [sp for sp in spans if sp[2] in _SECRET_KINDS]
    if not secret:
        return spans
    logins = [sp for sp in secret if sp[2] == "password" and _labelled(text, sp)]
    if not logins:
        return spans
    # a piece of the login another reader read ("j.nguy", "en23"), a refusal's own word read as the
    # password's value ("password I'll keep to myself", "(no pw needed)"): no secret beside it either
    rest = [sp for sp in secret if sp not in logins and not any(a <= sp[0] and sp[1] <= b for a, b, _ in logins)]
    if rest:
        rest = [sp for sp in rest if not _refusal_word(text, sp)]
    if rest or bank_logins.banking_in(text):
        return spans  # a bank's login id is half of its credential ("mijn inlognaam voor de bank is …")
    return [sp for sp in spans if sp not in secret]


#: A turn that is only a handle: "elec.brandt", "@amina_travels", "it's meadow17 👍".
_HANDLE_TURN = re.compile(r"\s*(?:(?:it'?s|its|here\s*(?:->|→|:)?|ok:?)\s+)?(?P<v>@?[^\W_][\w.@+-]{1,39})\s*[.!👍🙂😉]*\s*")
#: The turn before ending in a username's name: "login name", "my login name for the portal", "username only (no pw needed)".
_NAMED_TAIL = re.compile(r"[ \t]*(?:[^\W\d_][^\s\d.!?;,]{0,24}[ \t]*){0,5}?[?:：]?\s*")


def without_handle_turn(text: str, before: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a handle that is this whole turn, after a turn that ended naming a username
    and no password ("login name" / "elec.brandt", "my login name for the portal" / "magnolia92"); a
    password's name in that turn (other than in an aside that refuses it) or a bank's word keeps it."""
    if not spans or len(text) > 60:
        return spans
    m = _HANDLE_TURN.fullmatch(text)
    if not m:
        return spans
    value = m.group("v")
    if not re.search(r"[^\W\d_]", value) or not re.search(r"[_.@\-\d]", value):
        return spans
    tail = before[-80:]
    if "(" in tail:
        tail = _ASIDE.sub(lambda a: " " if _refusals().finditer(a.group()) else a.group(), tail)
    label = next(reversed(list(_labels(value.startswith("@")).finditer(tail))), None)
    if label is None or not _NAMED_TAIL.fullmatch(tail, label.end()) or _password_names().search(tail) \
            or bank_logins.banking_in(before) or bank_logins.banking_in(text):
        return spans
    a, b = m.span("v")
    return [sp for sp in spans if not (sp[2] == "password" and a <= sp[0] and sp[1] <= b)]
