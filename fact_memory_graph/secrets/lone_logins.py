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

from fact_memory_graph.secrets import bank_logins, credential_forms, lexicon, login_labels

Span = tuple[int, int, str]

_SECRET_KINDS = frozenset({"password", "pin", "security answer", "login", "api key", "private key", "seed phrase"})
_LOGIN = re.compile(r"[^\W_][\w.@+-]{1,39}")
#: Between the label and the value: up to four words with no digit ("on the forum", "bei Netflix"), a copula or a dash.
_GAP = re.compile(r"[ \t]*(?:[^\W\d_][^\s\d.!?;,]{0,24}[ \t]*){0,4}?(?:[:=：—–-][ \t]*)?")
_UNSPACED_TAIL = re.compile(r"[はがを이은는:： \t]{0,3}")
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")


@functools.cache
def _words() -> list[str]:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("lone_logins.json")
                      .read_text(encoding="utf-8"))["labels"]


@functools.cache
def _labels() -> re.Pattern[str]:
    spaced = [w for w in _words() if not _UNSPACED.search(w)]
    unspaced = [w for w in _words() if _UNSPACED.search(w)]
    return re.compile(rf"(?i)(?<![\w-])(?:{credential_forms._alt(spaced)})(?![\w-])|{credential_forms._alt(unspaced)}")


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_words())


@functools.cache
def _password_names() -> re.Pattern[str]:
    return re.compile(rf"(?i)(?<![\w])(?:{credential_forms._alt(login_labels._data()['pass_labels'])})(?![\w])")


def _labelled(text: str, sp: Span) -> bool:
    s, e, _ = sp
    value = text[s:e]
    if not _LOGIN.fullmatch(value) or not re.search(r"[^\W\d_]", value) or not re.search(r"[_.@\-\d]", value):
        return False
    if e < len(text) and (text[e].isalnum() or text[e] in "_@"):
        return False  # part of a longer token
    before = text[max(0, s - 60):s]
    for m in reversed(list(_labels().finditer(before))):
        gap = before[m.end():]
        if not (_GAP.fullmatch(gap) or _UNSPACED_TAIL.fullmatch(gap)):
            continue
        # "the password for my user: …", "redis has a password, no user: …": the label names whose password it is
        at = s - len(before) + m.start()
        clause = re.split(r"[.!?。！？\n\u2029]", text[max(0, at - 60):at])[-1]
        return not _password_names().search(gap) and not _password_names().search(clause)
    return False


def without_lone_logins(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the labelled logins that no secret of the message stands beside."""
    if not spans or not _gate().open(text):
        return spans
    secret = [sp for sp in spans if sp[2] in _SECRET_KINDS]
    if not secret:
        return spans
    logins = [sp for sp in secret if sp[2] == "password" and _labelled(text, sp)]
    if not logins or len(logins) < len(secret) or bank_logins.banking_in(text):
        return spans  # a bank's login id is half of its credential ("mijn inlognaam voor de bank is …")
    return [sp for sp in spans if sp not in logins]
