"""Passwords, Wi-Fi keys and shared logins said without a label right before the value.

People name what a value is after it ("vmhurve380 <- thats the wifi for the office", "X - thats the
Octopus Energy password", "X is what I use for the property manager login"); answer a turn that named
it with a turn that is only the value ("tu te souviens du wifi du gîte ?" / "2qv7psvm96"); describe a
password by where it is typed ("the word I type after my email on the school chromebook" / "X"); give
a login as two bare values after a verb of logging in ("entra a mi classroom con xXKid y kitty025",
"do my quizlet for me login DragonVibes shadow59"); say a password was set to a value ("my grandson
set it to Dachshund7 for My Aviva"); or put the key a few words after "wifi" ("wifi el beit
dragonpookie41 ya 3am"). The value must look like a password (letters with digits or symbols, or mixed
case), a network's own name (its maker's prefix, "TP-Link_R7WA") or a network's talk ("called",
"speed") is kept. Words are data (assets/spoken_credentials.json).
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import families, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "spoken_credentials.json"
_MAX_MATCHES = 12
_TOKEN = r"[^\s,;()\"'“”«»<>]{4,64}"
_EMAIL = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")
_TRAIL = ".,!?:;)]}"
#: An arrow pointing back at a value ("035!Dragon <- thats my payroll one").
ARROW = r"<-|←|⬅"


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


def gate_words() -> list[str]:
    """Words one of which a text holds whenever :func:`spans` finds something (a shared pre-check)."""
    d = _data()
    return d["kinds"] + d["wifi"] + d["set_to"] + d["enter_verbs"] + d["typed_after"] + d["login_is"]


def password_like(token: str) -> bool:
    """A password's shape: 4-64 characters with no space, letters with digits or symbols, or mixed
    case, or 8+ capitals and digits; not an e-mail address, a link, a time, a price or a version."""
    token = token.rstrip(_TRAIL)
    if not 4 <= len(token) <= 64 or _EMAIL.fullmatch(token) or "://" in token or token.startswith("www."):
        return False
    if re.fullmatch(r"v?\d+(?:[.:/,\-]\d+)*(?:am|pm|h|%|k|m|g|gb|mb|mbps|€|\$|£)?", token, re.I):
        return False  # a number, a version, a time, a date, a size
    letters = len(re.findall(r"[^\W\d_]", token))
    digits = bool(re.search(r"\d", token))
    symbols = bool(re.search(r"[!@#$%^&*_+=~?.\-]", token))
    mixed = bool(re.search(r"[a-z][A-Z]|[A-Z][a-z]+[A-Z]|[A-Z]{2,}[a-z]", token))
    capitals = bool(re.fullmatch(r"[A-Z0-9]{8,}", token))
    return letters >= 2 and (digits or symbols or mixed or capitals)


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    d = _data()
    alt = prefilter.whole_words
    kinds, wifi = alt(d["kinds"]), alt(d["wifi"])
    article = r"(?:(?:the|my|our|his|her|their|your|mum'?s|dad'?s|le|la|les|el|los|das|der|die|mein|meine|mon|ma|mi|il|lo|o|a|de|het|onze|ons)\s+)?"
    return {
        "quick": re.compile(rf"(?i){alt(gate_words())}|{ARROW}"),
        # a value, then "that's the … password" / "is what I use for … login"
        "value_first": re.compile(
            rf"(?i)(?<![^\s\"'“(])(?P<v>{_TOKEN})\s*(?:<-+|←|<=|=|:|-|–|—)?\s*"
            rf"(?:(?:that'?s|thats|that is|this is|c'est|das ist|es|is|ist|är|er|je|è|é)\s+{article}"
            rf"(?:[^\s\d.!?]+\s+){{0,3}}?(?:{kinds})"
            rf"|(?:is|was|that'?s|thats|that is|that was|is\s+just)\s+what\s+(?:i|we|u|you|she|he|they|mum|mom|dad)\s+"
            rf"(?:(?:always|usually|just|have|had|always)\s+)?(?:use|uses|used|type|types|typed|put|puts|enter|enters|entered|tap|tapped|set|chose|picked)"
            rf"\s+(?:(?:in|it)\s+)?(?:for|on|in|as|at|into)\s+[^.!?\n]{{0,40}}?(?:{kinds}))"
            rf"(?![^\W\d_])"),
        "not_name_after": re.compile(rf"(?i)^\s*(?:{alt(d['not_wifi_name'] + d['talk'])})"),
        "talk": re.compile(rf"(?i){alt(d['talk'])}"),
        "kinds": re.compile(rf"(?i){kinds}"),
        "passwords": re.compile(rf"(?i){alt(d['passwords'])}"),
        "accounts": re.compile(rf"(?i){alt(d['accounts'])}"),
        "wifi": re.compile(rf"(?i){wifi}"),
        "bands": re.compile(rf"(?i){alt(d['bands'])}"),
        "not_wifi_name": re.compile(rf"(?i){alt(d['not_wifi_name'])}"),
        "typed_after": re.compile(rf"(?i)(?:{alt(d['typed_after'])})\s+(?:(?:my|your|ur|yr|the|mon|ma|ton|ta|mi|tu|el|la|le|die|der|das|meine?|deine?)\s+)?"
                                  rf"(?:{alt(d['typed_objects'])})"),
        "pair": re.compile(
            rf"(?i)(?:{alt(d['enter_verbs'])})[^.!?\n]{{0,40}}?(?:{alt(d['pair_leads'])})\s*[:：]?\s+"
            rf"(?P<u>[^\s,;/|]{{3,64}})\s*(?:(?:{alt(d['joins'])})\s*|(?<=\s))\s*(?P<v>{_TOKEN})"),
        # "the thing you type after the email on Gosuslugi is joll$675OF"
        "typed_is": re.compile(rf"(?i)(?:{alt(d['typed_after'])})[^.!?\n]{{0,60}}?\s(?:is|are|es|est|ist|é|è|ni|adalah|=|:)\s+"
                               rf"(?P<v>{_TOKEN})"),
        # "the shared deliveroo login, it's depot_nights and Monkey123"
        "login_is": re.compile(rf"(?i)(?:{alt(d['login_is'])})[^.!?\n]{{0,20}}?(?:it'?s|its|is|are|:|=|c'est|es|ist|é)\s+"
                               rf"(?P<u>[^\s,;/|]{{3,64}})\s*(?:and|&|/|,|und|et|y|e|en|i|og|och)\s*(?P<v>{_TOKEN})"),
        # "035!Dragon <- thats my payroll one": an arrow points back at the value
        "arrow": re.compile(rf"(?i)(?<![^\s\"'“(])(?P<v>{_TOKEN})\s*(?:<-+|←|⬅)\s*(?:that'?s|thats|this is|it'?s|its|is|c'est|das ist|es)\b"),
        "set_to": re.compile(rf"(?i)(?:{alt(d['set_to'])})\s+[\"'“]?(?P<v>{_TOKEN})"),
        "ssid": re.compile(rf"(?i)^(?:{'|'.join(re.escape(w) for w in d['ssid_heads'])})"),
    }


def _handle_like(token: str) -> bool:
    """An id's shape: an e-mail, or a word with a digit, an underscore, a dot or mixed case."""
    return bool(_EMAIL.fullmatch(token) or re.search(r"\d|_|\.|[a-z][A-Z]", token))


def _span(m: re.Match[str], group: str = "v") -> Span:
    value = m.group(group).rstrip(_TRAIL)
    return m.start(group), m.start(group) + len(value), "password"


def spans(text: str) -> list[Span]:
    """Credentials in ``text`` (a normalised message) said without a label right before them."""
    if len(text) > 4000:
        return []
    p = _patterns()
    if not p["quick"].search(text):
        return []
    out: list[Span] = []
    for m in itertools.islice(p["value_first"].finditer(text), _MAX_MATCHES):
        v = m.group("v").rstrip(_TRAIL)
        if password_like(v) and not p["ssid"].match(v) and not p["not_name_after"].match(text, m.end()):
            out.append(_span(m))
    for m in itertools.islice(p["pair"].finditer(text), _MAX_MATCHES):
        if _handle_like(m.group("u")) and password_like(m.group("v")) and not _EMAIL.fullmatch(m.group("v").rstrip(_TRAIL)):
            out.append(_span(m))
    for m in itertools.islice(p["typed_is"].finditer(text), _MAX_MATCHES):
        v = m.group("v").rstrip(_TRAIL)
        if password_like(v) or re.fullmatch(r"[^\W\d_]{6,40}|\d{4,12}", v):
            out.append(_span(m))
    for m in itertools.islice(p["login_is"].finditer(text), _MAX_MATCHES):
        if _handle_like(m.group("u")) and password_like(m.group("v")):
            out.append(_span(m))
    for m in itertools.islice(p["arrow"].finditer(text), _MAX_MATCHES):
        v = m.group("v").rstrip(_TRAIL)
        if password_like(v) and not p["ssid"].match(v):
            out.append(_span(m))
    for m in itertools.islice(p["set_to"].finditer(text), _MAX_MATCHES):
        v = m.group("v").rstrip(_TRAIL)
        if password_like(v) and re.search(r"\d", v) and len(v) >= 6:
            out.append(_span(m))
    for w in itertools.islice(p["wifi"].finditer(text), _MAX_MATCHES):
        if not families.network_named_before(text, w.start()):  # "la red wifi del bar es CafeLuna_24": its name
            out.extend(_after_wifi(text, w.end()))
    return out


_WORD_AFTER = re.compile(r"\s+(?P<v>[^\s,;()\"'“”«»<>]+)")


def _after_wifi(text: str, at: int) -> list[Span]:
    """The first password-shaped token of the three after "wifi" ("wifi el beit X"), only words
    between; none a network's talk ("called", "speed") or a credential's name (read elsewhere)."""
    p = _patterns()
    for _ in range(4):
        m = _WORD_AFTER.match(text, at)
        if not m:
            return []
        v = m.group("v").rstrip(_TRAIL)
        if len(v) >= 8 and password_like(v):
            return [] if p["ssid"].match(v) else [_span(m)]
        if not re.fullmatch(r"[^\W\d_]+", v) or p["not_wifi_name"].fullmatch(v) or p["kinds"].fullmatch(v) \
                or v != m.group("v"):
            return []  # a number, a network's talk, a credential's name, the clause's end
        at = m.end()
    return []


#: One-word replies that are no value.
_ACKNOWLEDGED = frozenset({"thanks", "thank", "okay", "alright", "sorry", "forgot", "dunno", "nevermind", "whatever",
                           "gracias", "merci", "danke", "obrigado", "obrigada", "grazie", "спасибо", "teşekkürler"})


def talks_of_managers(text: str) -> bool:
    """Whether ``text`` talks of password managers, policies or hints (assets ``talk``)."""
    return bool(_patterns()["talk"].search(text))


def answer_spans(text: str, before: str) -> list[Span]:
    """A short turn that is only a credential ("2qv7psvm96", "jan78@web.de en KETTL@5115"), after a
    turn that named a password, a Wi-Fi or a login, or described where a password is typed."""
    norm = text.strip()
    if not norm or len(norm) > 80:
        return []
    p = _patterns()
    tail = before[-200:]
    named = p["kinds"].search(tail) or p["typed_after"].search(tail)
    named = named or p["bands"].search(tail)  # "TheShed is the 2.4ghz one" / "8EBB8993BAC1EC65": a network, then its key
    if named and p["talk"].search(tail):
        return []  # "which password manager do you use?" / "Keeper2024"
    if not named:
        return _email_and_password(text) if p["accounts"].search(tail) else []
    wifi_only = not p["typed_after"].search(tail) and all(p["wifi"].fullmatch(m.group()) for m in p["kinds"].finditer(tail))
    if wifi_only and p["not_wifi_name"].search(tail):
        return []  # "what's the wifi called?" / "TP-Link_R7WA": the network's name
    lead = len(text) - len(text.lstrip())
    words = norm.split()
    first = words[0].rstrip(_TRAIL)
    if _EMAIL.fullmatch(first) and 3 <= len(words) <= 6:
        return _email_and_password(text)
    if len(words) <= 5:
        candidate, at = first, 0
    else:
        return []
    if len(words) == 1 and re.fullmatch(r"[^\W\d_]{6,40}", candidate) and p["passwords"].search(tail) \
            and re.search(r"[?？:：]|->|→|=", tail):
        return [(lead, lead + len(candidate), "password")]  # "what's the password?" / "ilovemycat"
    if len(words) == 1 and re.fullmatch(r"[^\W\d_]{6,40}", candidate) and p["typed_after"].search(tail) \
            and candidate.lower() not in _ACKNOWLEDGED:
        return [(lead, lead + len(candidate), "password")]  # "the word you type after the email on …" / "feijoada"
    if re.fullmatch(r"\d{4,12}", candidate) and p["typed_after"].search(tail):
        return [(lead + at, lead + at + len(candidate), "password")]  # "the number you tap in after your date of birth"
    if not password_like(candidate) or p["ssid"].match(candidate) or _EMAIL.fullmatch(candidate):
        return []
    return [(lead + at, lead + at + len(candidate), "password")]


def _email_and_password(text: str) -> list[Span]:
    """A turn that is an e-mail address, a joining word and a password ("jan78@web.de en KETTL@5115")."""
    m = _EMAIL_PAIR.match(text)
    if not m or not password_like(m.group("v")) or _EMAIL.fullmatch(m.group("v").rstrip(_TRAIL)):
        return []
    return [_span(m)]


_EMAIL_PAIR = re.compile(r"\s*[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+\s*(?:[,/|&+\-]|and|und|et|en|y|e|i|og|och|ve|và|dan|и)?\s*"
                         r"(?P<v>[^\s,;()\"'“”«»<>]{4,64})\W{0,3}(?:\s+\S+){0,3}\s*$")
