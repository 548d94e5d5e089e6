"""A password, a PIN or a Wi-Fi's key told as what it was changed to; a device told by what opens it.

- **Changed to**: "I changed the wifi to sunnymeadow", "Passwort auf Waldmeister geändert", "j'ai
  changé le mot de passe en tournesol", "zmieniłem hasło na truskawka7", "şifreyi kiraz olarak
  değiştirdim", "密码改成 hudie88": what is changed (a password's, a PIN's, a Wi-Fi's word), a few words,
  a word for "to" and the value, with a verb of changing or setting in the same clause.
- **Opened with**: "unlock my laptop with hunter2pass", "to get into my phone type 3-7-1-9", "das
  Handy entsperrst du mit 4821": a device, a verb of opening it, a word for "with" (or of typing) and
  the value.

A value is digits, a password's shape, or a plain word that ends its clause ("changed my password to
protect the account" goes on: talk, not a value). Words in ~25 languages are data
(``assets/changed_secrets.json``); the finder runs only when a topic's or a device's word is in the text.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter, spoken_credentials

Span = tuple[int, int, str]

_VALUE = r"(?P<v>\d(?:[ \-.]\d){3,11}(?![\d\w])|[^\s,;:()\[\]{}<>\"“”«»]{3,40})"
_TRAIL = ".,;:!?…"
#: What may follow a plain word that is a value: the clause's end, or a word that opens another clause.
_CLAUSE_END = re.compile(r"(?i)\s*(?:$|[.,;:!?…)\n]|\s(?:and|but|because|so|now|yesterday|today|last|since|for|"
                         r"und|aber|weil|jetzt|gestern|et|mais|parce|hier|y|pero|porque|ayer|e|mas|ontem|ma|perché|ieri|"
                         r"en|maar|omdat|gisteren|i|ale|bo|wczoraj|и|но|вчера|ve|ama|dün|och|men|igår|ja|mutta|eilen)\b)")
_PRONOUN = r"(?:\s+(?:you|du|tu|je|ty|ты|sen|man|u|jij|voi|vous|usted|você))?"


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("changed_secrets.json")
                      .read_text(encoding="utf-8"))


def _alt(key: str) -> str:
    return prefilter.whole_words(_data()[key])


@functools.cache
def _words() -> lexicon.Gate:
    """A topic's or a device's word in the lexicon's one pass: a text with none pays a set lookup."""
    return lexicon.Gate(_data()["topics"] + _data()["topics_to"] + _data()["devices"])


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    return {
        "changed_to": re.compile(rf"(?i)(?:(?P<t>{_alt('topics')})(?:\s+[^\s.!?;,:]+){{0,4}}?\s*(?:{_alt('to')})"
                                 rf"|(?P<tt>{_alt('topics_to')}))\s*{_VALUE}"),
        "set_first": re.compile(rf"(?i)(?P<t>{_alt('topics')})(?:\s+[^\s.!?;,:]+){{0,2}}?\s+{_VALUE}\s+(?:{_alt('after')})"),
        "changes": re.compile(rf"(?i){_alt('changes')}"),
        "verb_after": re.compile(rf"(?i)\s+(?:{_alt('changes')}|{_alt('after')})"),
        "device": re.compile(rf"(?i){_alt('devices')}"),
        "unlock": re.compile(rf"(?i){_alt('unlocks')}"),
        "with": re.compile(rf"(?i){_PRONOUN}\s*[,:]?\s*(?:(?:just|simply|einfach|juste|solo|só|solo)\s+)?(?:{_alt('with')})\s+"
                           rf"(?:(?:the\s+)?(?:code|pin|passcode|password)\s+)?{_VALUE}"),
        "digits": re.compile(r"\d(?:[ \-.]?\d){3,11}"),
    }


@functools.cache
def _not_values() -> frozenset[str]:
    return frozenset(w.casefold() for w in _data()["not_values"])


@functools.cache
def _not_topics() -> re.Pattern[str]:
    return re.compile(rf"(?i){_alt('not_topics')}")


@functools.cache
def _to_or_for() -> re.Pattern[str]:
    return re.compile(rf"(?i){_alt('to_or_for')}")


@functools.cache
def _digit_topics() -> frozenset[str]:
    return frozenset(w.casefold() for w in _data()["digit_topics"])


def _clause(text: str, at: int, before: int) -> int:
    """The start of ``at``'s clause, at most ``before`` characters back."""
    start = max(0, at - before)
    for m in re.finditer(r"[.!?;\n]", text[start:at]):
        start = max(0, at - before) + m.end()
    return start


def _value(text: str, m: re.Match[str], digits_only: bool) -> Span | None:
    value = m.group("v").rstrip(_TRAIL)
    if value.casefold() in _not_values() or len(value) < 4:
        return None
    if _patterns()["digits"].fullmatch(value):
        return m.start("v"), m.start("v") + len(value), "password"
    if digits_only:
        return None
    end = m.start("v") + len(value)
    plain = re.fullmatch(r"[^\W\d_]{4,40}", value) is not None
    if plain and not (_CLAUSE_END.match(text, end) or _patterns()["verb_after"].match(text, end)):
        return None  # "changed my password to protect the account": a verb, not a value
    if plain or spoken_credentials.password_like(value):
        return m.start("v"), end, "password"
    return None


def _changed(text: str) -> list[Span]:
    p = _patterns()
    out: list[Span] = []
    for key in ("changed_to", "set_first"):
        for m in p[key].finditer(text):
            start = _clause(text, m.start(), 60)
            if not p["changes"].search(text, start, min(len(text), m.end() + 30)):
                continue  # "the password to the shed": no change told
            topic = m.group("t") or m.groupdict().get("tt") or ""
            gap = text[m.end("t"):m.start("v")].casefold() if m.group("t") else ""
            if _not_topics().search(gap):
                continue  # "changed the wifi name to CasaMora", "my password manager to Bitwarden"
            value = m.group("v")
            if key == "changed_to" and value[:1].isupper() and value.rstrip(_TRAIL).isalpha() \
                    and _to_or_for().fullmatch(gap.strip()):
                continue  # "bytt lösenord till Fortnox": the password for a service, not its value
            if _patterns()["changes"].fullmatch(value.rstrip(_TRAIL)):
                continue  # "password reset kar diya": the change itself
            span = _value(text, m, topic.casefold() in _digit_topics())
            if span:
                out.append(span)
    return out


def _opened(text: str) -> list[Span]:
    p = _patterns()
    out: list[Span] = []
    for d in p["device"].finditer(text):
        start = _clause(text, d.start(), 40)
        unlock = None
        for u in p["unlock"].finditer(text, start, min(len(text), d.end() + 25)):
            if not re.search(r"[.!?;\n]", text[min(u.end(), d.end()):max(u.start(), d.start())]):
                unlock = u
                break
        if unlock is None:
            continue
        m = p["with"].match(text, max(unlock.end(), d.end()))
        if m:
            span = _value(text, m, False)
            if span:
                out.append(span)
    return out


def spans(text: str) -> list[Span]:
    """Values a secret was changed to, and values that open a device."""
    if len(text) > 2000 or not _words().open(text):
        return []
    return _changed(text) + _opened(text)
