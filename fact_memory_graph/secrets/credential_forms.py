"""Three credential forms the earlier rounds' readers stop short of.

- **A break between a password's name and its copula**: "the password? its kittenfluff_31",
  "mein Passwort... es ist Blaumeise-Kiel-19", "mật khẩu — là hoa@2023". The clause readers end a
  clause at "?", "..." or a dash, so the value after the pronoun and copula was left visible.
  Only a value with a password's shape counts (letters with digits or symbols, six or more).
- **A PIN or code written with a dot or middle dot between single digits**: "pin: 7.4.4.9",
  "code 3·9·0·2" (a spaced or dashed one is read already).
- **A list of accounts as "user / password" pairs** after a service's name ("Netflix - dani.r /
  Pelicula88; router - admin / Zx9pq!mm"): a login's token, a slash, a password-shaped token.

Words as data: ``assets/credential_forms.json``. Each form runs only when its cheap trigger is
in the text (a password's or a code's name from ``forms.names_in``; a "/" and a service's name).
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from importlib import resources
from typing import Any

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]


@functools.cache
def _words() -> dict[str, Any]:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("credential_forms.json")
                      .read_text(encoding="utf-8"))


#: a password's value: no spaces, six to forty characters
_TOKEN = r"[^\s,;()\[\]{}<>\"“”«»]{6,40}"


@functools.cache
def _broken_copula() -> re.Pattern[str]:
    w = _words()
    return re.compile(
        r"(?i)[^\n.!]{0,24}?"  # a few words still of the name ("for the laptop", "de la wifi")
        r"(?:\?+|\.{2,}|…|\s[-–—]+|:\s*[-–—])"  # the break: "?", "...", a dash
        rf"\s*(?:(?:{prefilter.alternation(w['interjections'], any_apostrophe=True)})[,!.…]*\s+){{0,2}}"
        rf"(?:{prefilter.alternation(w['copulas'], any_apostrophe=True)})\s*[:=]?\s*"
        rf"(?P<value>{_TOKEN})")


_PASSWORDY = re.compile(r"(?=.*[^\W\d_])(?=.*(?:\d|[!@#$%^&*_+=?~|\\-]))")
_URLISH = re.compile(r"(?i)^(?:https?|www\.)|\.(?:com|org|net|de|fr|html?)$")


def _password_shape(value: str) -> bool:
    """Letters with a digit or a symbol, six to forty characters, not a URL, a path or an e-mail."""
    return (6 <= len(value) <= 40 and bool(_PASSWORDY.match(value)) and not _URLISH.search(value)
            and "/" not in value and not re.fullmatch(r"[\w.+-]+@[\w-]+\.[\w.]+", value))


@functools.cache
def _late_copula() -> re.Pattern[str]:
    """A password's name, up to sixty characters of its clause ("phần mềm quản lý của quán",
    "für Kleinanzeigen"), a copula, a password-shaped value: "Mật khẩu … của quán là X"."""
    return re.compile(rf"(?i)[^\n.!?;:,]{{0,60}}?(?<!\S)(?:{prefilter.alternation(_words()['copulas'], any_apostrophe=True)})\s*[:=]?\s*(?P<value>{_TOKEN})")


@functools.cache
def _not_the_password() -> re.Pattern[str]:
    return re.compile(rf"(?i)(?<![\w-])(?:{prefilter.alternation(_words()['not_the_password'], any_apostrophe=True)})(?![\w-])")


@functools.cache
def _abbreviation() -> re.Pattern[str]:
    words = _words()["password_abbreviations"]
    return prefilter.word_tree(words, prefilter.spaced_atom, head=r"(?<![\w-])", tail=r"(?![\w-])") \
        or re.compile(rf"(?i)(?<![\w-])(?:{prefilter.alternation(words, any_apostrophe=True)})(?![\w-])")


def broken_copula_spans(text: str, names: list) -> list[Span]:
    return _copula_spans(text, [n.end() for n in names if n.kind == "password"])


def abbreviated_spans(text: str) -> list[Span]:
    """"mk facebook của t là Simba#8918", "pw ni Kahawa_77": a password's abbreviation (JSON) opens the
    same reading. Run after the handle filter: with the abbreviation there, the value is no handle."""
    if len(text) >= 400:
        return []
    ends = [m.end() for m in _abbreviation().finditer(text)]
    out = _copula_spans(text, ends)
    for end in ends:  # "mk GonaPawpaw14 nha", "pw: Kahawa_77": the value right after, ending its clause
        m = _right_after().match(text, end)
        if m and _password_shape(m.group("value").rstrip(".!?:")) and not any(sp[0] == m.start("value") for sp in out):
            out.append((m.start("value"), m.start("value") + len(m.group("value").rstrip(".!?:")), "password"))
    return out


@functools.cache
def _right_after() -> re.Pattern[str]:
    """A value right after a password's abbreviation, then the clause's end or a sentence-final particle
    (``juxtaposed_passwords``' ``particles``: "nha", "ya", "po")."""
    particles = lexicon.asset_lists("juxtaposed_passwords")["particles"]
    return re.compile(rf"(?i)\s*[:=]?\s*(?P<value>{_TOKEN})(?=\s*(?:$|[.,!?;\n]|\s(?:{prefilter.alternation(particles)})(?![\w])))")


def _copula_spans(text: str, ends: list[int]) -> list[Span]:
    out: list[Span] = []
    for end in ends:
        m = _broken_copula().match(text, end) or _late_copula().match(text, end)
        if not m:
            continue
        value = m.group("value")
        stripped = value.rstrip(".!?:")
        if any(not _app_named(text, n.end(), m.start("value")) for n in _not_the_password().finditer(text, end, m.start("value"))):
            continue  # "my password manager is Bitwarden2": what keeps or rules passwords, not one
        if _password_shape(stripped):
            out.append((m.start("value"), m.start("value") + len(stripped), "password"))
    return out


#: Words of an English clause between "app" and its copula ("my password app on the phone is …").
_ENGLISH_GAP = frozenset({"on", "in", "for", "my", "the", "i", "we", "use", "that", "of", "at", "to", "is", "phone", "laptop"})


def _app_named(text: str, after: int, value_at: int) -> bool:
    """Whether an "app" before the copula is the app the password opens, named by two words or more
    after it ("mk app bán hàng là X": the sales app's password), not a password app ("password app is …")."""
    if text[after - 3:after].lower() != "app" and text[after - 4:after].lower() != "apps":
        return False
    words = re.findall(r"[^\W\d_]+", text[after:value_at])[:-1]  # without the copula
    return len(words) >= 2 and not any(w.lower() in _ENGLISH_GAP for w in words)


_DOTTED = re.compile(r"\s*(?:[^\W\d_]{1,12}\s+){0,3}?(?:(?i:is|es|est|ist|é|è|là|:|=|-|#)\s*){0,2}(?P<value>\d(?:\s?[.·•]\s?\d){3,7})(?![\d.·•]?\d)")


def dotted_code_spans(text: str, names: list) -> list[Span]:
    if "." not in text and "·" not in text and "•" not in text:
        return []
    out: list[Span] = []
    for n in names:
        if n.kind not in ("digits", "password"):
            continue
        m = _DOTTED.match(text, n.end())
        if m:
            out.append((m.start("value"), m.end("value"), "pin"))
    return out


@functools.cache
def _service() -> re.Pattern[str]:
    return re.compile(rf"(?i)(?<![\w@.])(?:{prefilter.alternation(_words()['services'], any_apostrophe=True)})(?![\w@])")


def service_words() -> list[str]:
    """The services' names (for a word gate before :func:`services`)."""
    return list(_words()["services"])


def services() -> re.Pattern[str]:
    """A service's name a login is for ("netflix", "router", "vpn")."""
    return _service()


_PAIR = re.compile(r"(?<![\w@./:-])(?P<login>[\w.+-]{2,40}(?:@[\w-]+(?:\.[\w-]+)+)?)[ \t]*/[ \t]*"
                   r"(?P<value>[^\s/,;()\[\]{}<>\"“”«»]{5,40})")


#: an e-mail address or an admin's login, a comma, a password-shaped token: "my yahoo, sara.k@yahoo.com,
#: Maus4711", "wifi admin: admin, Trq-55-Lp"
_COMMA_PAIR = re.compile(r"(?i)(?<![\w@./:-])(?P<login>[\w.+-]{1,40}@[\w-]+(?:\.[\w-]+)+|admin|root|administrator)"
                         r"[ \t]*[,|][ \t]*(?P<value>[^\s/,;()\[\]{}<>\"“”«»]{6,40})")


_LOG_IN = re.compile(r"(?i)\blog\s?(?:in|into|on)\b|\blogin|\bsign\s?in\b|credential|anmeld|einlogg|connexion|connecter"
                     r"|iniciar\s+sesi|inicia\s+sesi|entrar\s+n|accedi|zaloguj|giriş|đăng nhập|masuk\s+ke|ログイン|登录|登入|로그인")


_SUBJECT = re.compile(r"(?i)\s+(?:is|was|are|model|version|series|ist|es|est)\b")


def pair_spans(text: str) -> list[Span]:
    slash = "/" in text
    comma = ("," in text or "|" in text) and ("@" in text or "admin" in text or "root" in text) \
        and bool(_LOG_IN.search(text))
    if not (slash or comma) or not _service().search(text):
        return []
    out: list[Span] = []
    pairs = list(_PAIR.finditer(text)) if slash else []
    if comma:
        pairs += _COMMA_PAIR.finditer(text)
    for m in pairs:
        login, value = m.group("login"), m.group("value").rstrip(".!?:")
        if not re.search(r"[^\W\d_]", login) or login.isdigit():
            continue
        if not (6 <= len(value) <= 40 and _PASSWORDY.match(value)) or re.fullmatch(r"[\d\W_]+", value):
            continue
        if not (re.search(r"\d", value) and re.search(r"[^\W\d_]", value)):
            continue
        if not _service().search(text, max(0, m.start() - 40), m.start()):
            continue
        if _SUBJECT.match(text, m.start("value") + len(value)):
            continue  # "…, Netgear7000 is the model": the subject of its own clause
        out.append((m.start("value"), m.start("value") + len(value), "password"))
        if _LOGIN_SHAPE.search(login) and login.lower() not in ("admin", "root", "administrator"):
            out.append((m.start("login"), m.end("login"), "password"))  # the login of the pair
    return out


def spans(text: str, names: list) -> list[Span]:
    out: list[Span] = []
    out.extend(broken_copula_spans(text, names))
    if names:
        out.extend(dotted_code_spans(text, names))
    out.extend(pair_spans(text))
    out.extend(short_pair_spans(text))
    out.extend(corrected_spans(text))
    return out


def user_labels() -> list[str]:
    """A user's labels ("username", "usuario", "identifiant", …), as data."""
    return list(_words()["user_labels"])


@functools.cache
def _user_label() -> re.Pattern[str]:
    return re.compile(rf"(?i)(?<![\w-])(?:{prefilter.alternation(_words()['user_labels'], any_apostrophe=True)})(?![\w-])")


#: After a password: a comma or "and", an article at most, then where a user's label may start.
_LABEL_AFTER = re.compile(r"(?i)[ \t]*(?:[,;]|[ \t](?:and|und|et|y|e|en|i|и))[ \t]*(?:(?:the|my|her|his|der|die|le|la|el|il|o|a|de|het)[ \t]+)?"
                          r"(?P<label>[^\W\d_])")
_LOGIN_TOKEN = re.compile(r"(?<![\w@.+-])[\w][\w.@+-]{2,40}(?![\w@+-])")
_LOGIN_SHAPE = re.compile(r"[_.@\d]")


#: An e-mail address, then up to five words ("… and the password is") (a password's name in any script) right before a value.
_EMAIL_BEFORE = re.compile(r"(?<![\w.+-])(?P<e>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)\s+(?:[^\s@/]+\s+){0,5}?(?:[:=：-]\s*)?$")


def login_spans(text: str, spans: list[Span]) -> list[Span]:
    """The login beside a password found already, when its label stands a few words away
    ("Usuario del banco de la empresa: ferre_lopez / clave: …", "Логин в 1С: buh_ivanova, пароль …",
    "משתמש office_dana סיסמה …"): the first login-shaped token (with "_", ".", "@" or a digit) after
    the label and before the password, within 60 characters of the label."""
    pw = [sp for sp in spans if sp[2] == "password"]
    if not pw:
        return []
    covered = [(a, b) for a, b, _ in spans]
    out: list[Span] = []
    if "@" in text:  # "olena41@outlook.com የይለፍ ቃል X": an e-mail a password's name away from it is its login
        for sp in pw:
            m = _EMAIL_BEFORE.search(text, max(0, sp[0] - 60), sp[0])
            if m and not any(a <= m.start("e") < b for a, b in covered):
                out.append((m.start("e"), m.end("e"), "password"))
    for sp in pw:  # the login labelled after its password: "… is 8u2Yq…, email is ola.szabo@gmail.com"
        m = _LABEL_AFTER.match(text, sp[1])
        label = _user_label().match(text, m.start("label")) if m else None  # "email", "login name"
        v = _LOGIN_VALUE.match(text, label.end()) if label else None
        value = v.group("value").rstrip(".") if v else ""
        if v and _LOGIN_SHAPE.search(value) and re.search(r"[^\W\d_]", value) and not value.isdigit() \
                and not any(a <= v.start("value") < b for a, b in covered):
            out.append((v.start("value"), v.start("value") + len(value), "password"))
    for m in _user_label().finditer(text):
        after = [sp for sp in pw if sp[0] >= m.end() and sp[0] - m.end() <= 120]
        if not after:
            continue
        stop = min(sp[0] for sp in after)
        for t in _LOGIN_TOKEN.finditer(text, m.end(), min(stop, m.end() + 60)):
            if any(a <= t.start() < b for a, b in covered):
                break
            value = t.group().rstrip(".")
            if _LOGIN_SHAPE.search(value) and re.search(r"[^\W\d_]", value) and not re.fullmatch(r"\d+\w{0,2}", value):
                out.append((t.start(), t.start() + len(value), "password"))
                break
    return out


_SHORT_PAIR = re.compile(r"(?i)(?<![\w])(?:u|usr|user|login|id)\s*[:=]\s*(?P<login>[\w.@+-]{3,40})[\s,;|/]+"
                         r"(?:p|pw|pwd|pass)\s*[:=]\s*(?P<value>[^\s,;()\[\]{}<>\"“”«»]{4,40})")


def short_pair_spans(text: str) -> list[Span]:
    """"u: grandpa.joe  p: Fishing&Pipes!": a login and a password under one-letter labels."""
    if ":" not in text and "=" not in text:
        return []
    out: list[Span] = []
    for m in _SHORT_PAIR.finditer(text):
        value = m.group("value").rstrip(".!?")
        if len(value) >= 4 and re.search(r"[^\W_]", value):
            out.append((m.start("login"), m.end("login"), "password"))
            out.append((m.start("value"), m.start("value") + len(value), "password"))
    return out


@functools.cache
def _opening() -> re.Pattern[str]:
    w = _words()
    return re.compile(
        rf"(?i)\s*(?:(?:{prefilter.alternation(w['interjections'], any_apostrophe=True)})[,!.…]*\s+){{0,2}}"
        rf"(?:{prefilter.alternation(w['copulas'], any_apostrophe=True)})\s*[:=]?\s*(?P<value>{_TOKEN})")


def thread_spans(text: str, turns: tuple[str, ...] | list[str], names_in) -> list[Span]:
    """"Mein Passwort für Kleinanzeigen?" / "ach so, es ist Dackel-Waldi-88": a turn opening with a
    pronoun and a copula, after a turn that names a password and gives no value."""
    if not turns or len(text) > 300:
        return []
    before = turns[-1]
    if not any(n.kind == "password" for n in names_in(before)):
        return []
    m = _opening().match(text)
    if not m:
        return []
    value = m.group("value").rstrip(".!?:")
    return [(m.start("value"), m.start("value") + len(value), "password")] if _password_shape(value) else []


_CORRECTED = re.compile(
    r"(?i)(?<![\w])(?:not|nicht|no\s+es|pas|não\s+é|non\s+è|niet)\s+(?P<a>[^\s,;()\"“”«»]{6,40}?)[.!]?\s*[,;]\s*"
    r"(?:(?:it['’]?s|it\s+is|but|sondern|es(?:\s+ist)?|c['’]est|é|è|het\s+is|mais)\s+)(?P<b>[^\s,;()\"“”«»]{6,40})")


_DIGIT = re.compile(r"\d")
_NEGATION = re.compile(r"(?i)\b(?:not|nicht|no|pas|não|non|niet)\b")


def _alike(a: str, b: str) -> bool:
    return difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio() >= 0.7


def corrected_spans(text: str) -> list[Span]:
    """"its not kittykat22, its kittycat_22": a password-shaped value corrected into one like it
    (a password's near miss and the password); both are withheld."""
    if not _DIGIT.search(text) or not _NEGATION.search(text):
        return []
    out: list[Span] = []
    for m in _CORRECTED.finditer(text):
        a, b = m.group("a").rstrip(".!?"), m.group("b").rstrip(".!?")
        if not (_password_shape(a) and _password_shape(b) and re.search(r"[a-z]", a + b)
                and re.search(r"\d", a) and re.search(r"\d", b) and _alike(a, b)):
            continue
        out.append((m.start("a"), m.start("a") + len(a), "password"))
        out.append((m.start("b"), m.start("b") + len(b), "password"))
    return out


_LOGIN_VALUE = re.compile(r"[^\S\n]*(?:[:=：-]|(?i:is|es|est|ist|é|è|là|ni|hai|adalah|คือ|は|是|:))?[^\S\n]*"
                          r"(?P<value>[\w][\w.@+-]{2,40})(?![\w@+-])")


def login_before_password(text: str, after: str, password_in: Any) -> list[Span]:
    """"username is ronald_k_1949" / "password Buster!dog77": the login labelled in a turn whose next
    turn gives a password (``password_in(after)``: that turn's password spans). Only a login-shaped
    value ("_", ".", "@" or a digit with letters) right after its label and a copula or colon."""
    if not after or len(text) > 300:
        return []
    out: list[Span] = []
    for m in _user_label().finditer(text):
        v = _LOGIN_VALUE.match(text, m.end())
        if not v:
            continue
        value = v.group("value").rstrip(".")
        if _LOGIN_SHAPE.search(value) and re.search(r"[^\W\d_]", value) and not value.isdigit():
            out.append((v.start("value"), v.start("value") + len(value), "password"))
    if out and not password_in(after):
        return []
    return out
