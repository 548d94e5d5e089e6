"""A login pair given after a word for logging in, whatever the password's shape.

"steam login j.mueller / tigresonnenblume", "accesso Poste ahmet.y / chocolat9683#", "the shared
login, it's store2214 and sunshine!": a word for a login, an account's access or its credentials
(~27 languages, assets/login_pairs.json), then within a few words a user's name (shaped as a login —
a dot, an underscore, an @ or a digit — or a role shared logins use: admin, owner, manager), a
separator ("/", ":", "|", "and", "&", ",") and the password: a token of four characters or more.

A login, a password's short name and the password with no joining word: "frontdesk mdp Shift!",
"dev_oli kode bonjourkasselampa".

A site's or an app's word opens a pair as a login's does ("school portal: emma.w2015 / giraffe"); a dash,
an arrow or "then" joins the two ("peter.h@gmail.com then Summer!Rain"). After a login that can only be
one (an e-mail, a dot or an underscore, letters with digits) and a slash, a dash or an arrow, a plain
word is the password ("kbauer.w / giraffe"); after a bare name, only a value with a password's shape is.

Over three turns: a turn naming a login (or a service, or a name alone), a turn that is the user's name alone, a
turn that is the password alone ("paypal" / "kasia_w" / "nut3ll@0172").
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import credential_forms, lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "login_pairs.json"
_MAX_MATCHES = 8
#: After the cue: a few words ("for the team", "Poste", "du compte", "it's"), then the pair.
_PAIR_HEAD = (r"[^\n\u2029.!?;]{0,40}?(?<![\w@.+\-])(?P<login>[\w.+\-]{2,40}(?:@[\w\-]+(?:\.[\w\-]+)+)?)"
              r"(?:[ \t]*(?P<mark>[/|]|->|=>|→|[ \t][-–—](?=[ \t]))[ \t]*|[ \t]*:[ \t]*|(?P<comma>[ \t]*,[ \t]*)"
              r"|[ \t]+(?:and|&|und|et|y|e|en|og|och|ve|i|и)[ \t]+")
_VALUE = r"(?P<value>[^\s/,;()\[\]{}<>\"“”«»]{4,64})"
#: A service list's words that name no service of their own: they open a pair only as a login's word does.
_GENERIC_SERVICES = frozenset({"email", "e-mail", "mail", "account", "accounts", "login", "logins", "user", "username",
                               "usuario", "utilisateur", "benutzer", "konto", "cuenta", "conta", "compte", "admin",
                               "portal", "school portal", "server", "wifi", "wi-fi", "router", "modem"})
#: A login that is an e-mail address: the password may follow it after a blank alone.
_EMAIL_PAIR = re.compile(r"[^\n\u2029.!?;]{0,40}?(?<![\w@.+\-])(?P<login>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)[ \t]+" + _VALUE)
#: A login that can only be one: an e-mail, a dot or an underscore inside, letters with digits.
_SURE_LOGIN = re.compile(r"^[\w.+\-]+@[\w\-]+\.|^[^\W_][\w\-]*[._][\w.\-]*[^\W_]$|^(?=.*\d)(?=.*[^\W\d_])[\w\-]+$")
_PLAIN_WORD = re.compile(r"[^\W\d_]{4,40}")
_SHAPED = re.compile(r"(?=.*[^\W\d_])(?=.*(?:\d|[!@#$%^&*_+=?~]))")
_LOGIN_SHAPE = re.compile(r"[_.@\d]")
#: A user's name that is a plain word (a first name, "nonna", "tresorier"), and the marks that join it to a word.
_PLAIN_NAME = re.compile(r"[^\W\d_]{2,24}")
_PAIR_MARKS = frozenset({"/", "->", "=>", "→", "|"})
#: The value as its own clause's subject: "log in with the router admin, Netgear7000 is the model".
_SUBJECT = re.compile(r"(?i)\s+(?:is|was|are|model|version|series|ist|es|est|è|é)\b")
#: A turn that is one token; an emoji or a sign after it ("lenka8859 ✈️") is no part of it.
_ONE_TOKEN = re.compile(r"^\s*(?P<v>[^\s]{3,64}?)(?:[\s.!?]|\s+[^\w\s]{1,6})*$")
#: A pronoun with its verb contracted ("she'll", "we're", "c'est", "j'ai"): a clause of talk starting, never a password.
_TALK_CONTRACTION = re.compile(r"(?i)(?:i|you|he|she|it|we|they|that|there|who)['’](?:ll|s|re|ve|d|m)"
                               r"|(?:c|j|l|n|qu|m|t|s)['’](?:est|ai|a|ont|était|il|elle|on)|l['’](?:ho|ha|hanno)")
_TRAILING = ".,?:;…"  # not "!": passwords end with one ("Shift!", "sunshine!")
_A_NAME = re.compile(r"^\s*[^\W\d_][\w.\-+]{1,24}\s*[:?]?\s*$")


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


def _cue_words() -> list[str]:
    return [w for key in ("cues", "site_cues") for ws in _data()[key].values() for w in ws]


@lru_cache(maxsize=1)
def _cues() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(_cue_words()))


@lru_cache(maxsize=1)
def _gate() -> re.Pattern[str]:
    return re.compile(prefilter.whole_words([w.lower() for w in _cue_words() + _password_names()]))


@lru_cache(maxsize=1)
def _pair() -> re.Pattern[str]:
    """After the cue: a few words ("for the team", "Poste", "du compte", "it's"), then the pair."""
    then = prefilter.whole_words(_data()["then_joins"])
    return re.compile(_PAIR_HEAD + r"|[ \t]+(?P<then>" + then + r")[ \t]+)" + _VALUE, re.I)


@lru_cache(maxsize=1)
def _plain_stop() -> frozenset[str]:
    return frozenset(_data()["plain_stop"])


@lru_cache(maxsize=1)
def _not_pair_words() -> frozenset[str]:
    """Words two of which a slash joins as choices, not as a user and a password ("personal / business")."""
    return frozenset(_data()["not_pair_words"])


@lru_cache(maxsize=1)
def _names_folded() -> frozenset[str]:
    return frozenset(w.lower() for w in _password_names() + _cue_words())


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
    return _words().open(text) and _gate().search(text.lower()) is not None


def service_led(text: str) -> bool:
    """Whether ``text`` may hold a pair a service's name opens: an e-mail's "@" or a slash, and a service's word."""
    return ("@" in text or "/" in text or ":" in text or "->" in text or "→" in text) and _service_words().open(text) and credential_forms.services().search(text) is not None


@lru_cache(maxsize=1)
def _service_words() -> lexicon.Gate:
    return lexicon.Gate(credential_forms.service_words())


@lru_cache(maxsize=1)
def _words() -> lexicon.Gate:
    """The gate's words in the lexicon's one pass: a text with none of them pays a set lookup."""
    return lexicon.Gate(_cue_words() + _password_names())


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


#: The links of a path, by kind: a pair's own mark repeated before it makes a chain ("a / b / c", "a > b > c").
_LINKS = {"/": "/", "|": "|", "->": ">›»→", "=>": ">›»→", "→": ">›»→"}


def _in_chain(text: str, start: int, end: int, mark: str = "") -> bool:
    """Whether the pair is two links of a longer chain ("login page / settings menu / privacy"): a path.
    An arrow before a slash's pair points at it ("gmail -> olek / parisjetaime"): no chain."""
    before = text[max(0, start - 40):start].rsplit("\n", 1)[-1]
    links = _LINKS.get(mark.strip(), "/>›»|")
    return bool(re.search("[" + re.escape(links) + "]", before) or re.match(r"\s*[/>›»|]", text[end:end + 3]))


def _given_by_mark(login: str, value: str, mark: str = "") -> bool:
    """A pair a slash, a dash, an arrow or "then" joins: a plain word after a login that can only be
    one ("emma.w2015 / giraffe"), a password's shape after any name ("kbauer / Hortensie!"); after a
    slash or an arrow, a plain word after a plain name too ("Spotify: emma / strawberry"): two words a
    slash joins after a login's or a service's word are a user and a password."""
    word = value.rstrip("!")
    if _SURE_LOGIN.search(login) and re.search(r"[^\W\d_]", login):
        return (bool(_PLAIN_WORD.fullmatch(word)) and word.lower() not in _plain_stop()
                and not credential_forms.services().fullmatch(word)) or _a_password(value)  # not "… / xbox …"
    if mark.strip() in _PAIR_MARKS and _PLAIN_NAME.fullmatch(login) and _PLAIN_WORD.fullmatch(word):
        words = {login.lower(), word.lower()}
        return not (words & (_plain_stop() | _names_folded() | _not_pair_words())) \
            and not any(w.endswith(("ing", "ings", "ed")) for w in words) \
            and not credential_forms.services().fullmatch(word)  # "savings / checking": kinds, not a pair
    return len(value) >= 6 and (bool(_SHAPED.match(value)) or bool(_RANDOM_CASE.search(value))) \
        and not re.fullmatch(r"[\d.\-]+[^\W\d_]{0,2}", value)


#: Letters in random case: a capital after a small letter twice ("vKTzUZHShabq"; "PayPal", "iPhone" once).
_RANDOM_CASE = re.compile(r"[a-z][A-Z][^\s]*?[a-z][A-Z]")


def _with_login(pair: tuple[Span, Span | None] | None) -> list[Span]:
    """The pair's password, and its login when it can only be one (an e-mail, "emma_marmalade"): a
    login given with its password is half the credential."""
    return [] if pair is None else [pair[0]] + ([pair[1]] if pair[1] else [])


def _pair_and_login(text: str, at: int, led: bool = False) -> tuple[Span, Span | None] | None:
    """The password of the pair after a cue ending at ``at``, and its login when it can only be one.
    A pair that is no login's ("mairie : dupont.l") is read again from its second token: "portail de
    la mairie : dupont.l / Coquelicot!"."""
    return _marked_pair(text, at, led) or _email_pair(text, at)


#: Between a service's name and a pair it opens: a colon or an arrow ("VFS Global: mehmetc and …", "gmail -> …").
_LED_GAP = re.compile(r"[:：]|->|→|=>")


def _marked_pair(text: str, at: int, led: bool = False) -> tuple[Span, Span | None] | None:
    at0 = at
    for attempt in range(3):
        m = _pair().match(text, at)
        if not m:
            return None
        login, value = m.group("login"), m.group("value").rstrip(_TRAILING)
        at = m.start("value")
        if m.group("comma") and not _LOGIN_SHAPE.search(login) or _SUBJECT.match(text, m.start("value") + len(value)):
            return None  # "admin, Netgear7000 is the model": a role and a comma list things
        if re.sub(r"['’]s$", "", value.lower().rstrip(":")) in _names_folded():
            return None  # "usuario: ejemplo@empresa.com contraseña: ********", "…, password's in …": the next label
        if _TALK_CONTRACTION.fullmatch(value):
            return None  # "login name hana_k.3x, she'll set her own pw": a clause of talk after the login
        if value.lower() == login.lower():
            continue
        marked = bool(m.group("mark") or m.group("then"))
        mark = "" if _in_chain(text, m.start("login"), m.start("value") + len(value), m.group("mark") or "") \
            else m.group("mark") or ""
        if led and not marked and m.group("comma") is None and _LED_GAP.search(text, at0, m.start("login")):
            marked = True  # "the band netflix: crewlead77 and tourbus_tokyo15": a service, a colon, two values joined
        if (not attempt and _a_login(login) and _a_password(value)) or marked and _given_by_mark(login, value, mark):
            sure = _SURE_LOGIN.search(login) and re.search(r"[^\W\d_]", login) and login.lower() not in _roles()
            return ((m.start("value"), m.start("value") + len(value), "password"),
                    (m.start("login"), m.end("login"), "password") if sure else None)
    return None


def _email_pair(text: str, at: int) -> tuple[Span, Span | None] | None:
    m = _EMAIL_PAIR.match(text, at) if "@" in text[at:at + 120] else None
    if m:  # after an e-mail, a blank alone: "identifiants Canal+ : omar83@outlook.com VelvetLantern45"
        value = m.group("value").rstrip(_TRAILING)
        if value.lower().rstrip(":") not in _names_folded() and _a_password(value):
            return ((m.start("value"), m.start("value") + len(value), "password"),
                    (m.start("login"), m.end("login"), "password"))
    return None


def spans(text: str) -> list[Span]:
    """Passwords of login pairs after a word for logging in."""
    if len(text) > 2000:
        return []
    out: list[Span] = []
    for cue in itertools.islice(_cues().finditer(text), _MAX_MATCHES):
        out.extend(_with_login(_pair_and_login(text, cue.end())))
    if service_led(text):  # a service's name opens a pair as a login's word does: "Paramount+: yuki99@gmail.com / …"
        for cue in itertools.islice(credential_forms.services().finditer(text), _MAX_MATCHES):
            if cue.group().lower() not in _GENERIC_SERVICES:  # "email me at sara.k@yahoo.com, …": no service named
                out.extend(_with_login(_pair_and_login(text, cue.end(), led=True)))
    for m in itertools.islice(_named_pair().finditer(text), _MAX_MATCHES):
        login, value = m.group("login"), m.group("value").rstrip(_TRAILING)
        if _a_login(login) and _a_password(value) and not _SUBJECT.match(text, m.start("value") + len(value)):
            out.append((m.start("value"), m.start("value") + len(value), "password"))
    return out


def thread_spans(text: str, turns: tuple[str, ...], services: re.Pattern[str]) -> list[Span]:
    """The password alone in ``text`` after a turn that was a user's name alone, after a turn that
    named a login or a service (``services``); or a whole pair in ``text`` after such a turn."""
    if len(text) <= 90 and turns and len(turns[-1]) <= 200 and (mentioned(turns[-1]) or services.search(turns[-1])):
        pair = _pair_and_login(text, 0)  # "accesso booking extranet …" / "j.osei01 / mallorca93!"
        if pair:
            return _with_login(pair)
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


@lru_cache(maxsize=1)
def _name_after_login() -> re.Pattern[str]:
    """A password's name, found first; the login is read back from it (:data:`_LOGIN_BACK`)."""
    names = prefilter.whole_words(_password_names() + _data().get("short_password_names", []))
    return re.compile(r"(?i)(?<![\w])(?:" + names + r")(?![\w])")


#: Before a password's name: a token (an e-mail address too: "fiókja: x@y.hu, jelszó …"), a joining word at
#: most, an article at most ("… kassenwartotters lösen", "utente tenorotters password", "… harlow y la
#: contraseña", "user is nonna and pass is").
_LOGIN_BACK = re.compile(r"(?i)(?<![\w@.+\-])(?P<login>[^\W_][\w.+\-]{1,39}(?:@[\w\-]+(?:\.[\w\-]+)+)?)[\s,;/|]*(?:(?:and|und|et|y|e|en|i|и|ve|och|og|ja)\s+)?"
                         r"(?:(?:the|my|his|her|la|le|el|il|a|o|die|das|het|de|su|sa|son|mi|mon|ma)\s+)?$")


def _logins_before_names(text: str) -> Iterator[tuple[int, int, int]]:
    """(login's start, login's end, name's end) for each password's name with a token before it."""
    for n in _name_after_login().finditer(text):
        m = _LOGIN_BACK.search(text, max(0, n.start() - 56), n.start())
        if m:
            login = m.group("login").rstrip(".")
            yield m.start("login"), m.start("login") + len(login), n.end()


@lru_cache(maxsize=1)
def _lead_words() -> lexicon.Gate:
    return lexicon.Gate(_cue_words() + list(credential_forms.user_labels()))


@lru_cache(maxsize=1)
def _login_lead() -> re.Pattern[str]:
    """A login's word or a user's label before the login (within a few words)."""
    cues = [w for ws in _data()["cues"].values() for w in ws]  # not a site's word: "la password del portale paghe"
    return re.compile("(?i)" + prefilter.whole_words(cues + list(credential_forms.user_labels())))


def plain_login_spans(text: str, found: list[Span]) -> list[Span]:
    """The login of a pair whose password was found, whatever its shape ("inloggning idrottonline
    kassenwartotters lösen …", "utente tenorotters password …"): the token right before the password's
    name, after a login's word or a user's label a few words back. A login given beside its password is
    half the credential; a name alone ("my username is kasia") is kept."""
    pw = [sp for sp in found if sp[2] == "password"]
    if not pw or len(text) > 2000 or not _words().open(text):
        return []
    covered = [(a, b) for a, b, _ in found]
    out: list[Span] = []
    for start, stop, end in _logins_before_names(text):
        if not any(0 <= sp[0] - end <= 24 for sp in pw):
            continue  # the password this name opens was found
        login = text[start:stop]
        if any(a <= start < b for a, b in covered) or login.lower() in _not_logins():
            continue
        lead = _login_lead().search(text, max(0, start - 48), start)
        if lead is None or re.search(r"[.!?;\n\u2029]", text[lead.end():start]):
            continue
        if credential_forms.services().fullmatch(login) and not _LOGIN_SHAPE.search(login):
            continue  # "login for Netflix password …": the service, not the login
        out.append((start, start + len(login), "password"))
    return out


@lru_cache(maxsize=1)
def _not_logins() -> frozenset[str]:
    """Words a login's place may hold that are none: copulas, articles, pronouns, labels."""
    words = set(_plain_stop()) | _names_folded() | set(_data()["not_logins"])
    return frozenset(w.lower() for w in words)


_LABELLED_LOGIN = re.compile(r"(?i)\s*(?:is|es|est|ist|è|é|=|:|-)?\s*(?:is\s+)?[\"'“‘«]?(?P<v>[^\W_][\w.+\-]{1,39})[\"'”’»]?")


def plain_login_before(text: str, earlier: tuple[str, ...], after: str, password_in: Callable[[str], bool]) -> list[Span]:
    """The login, whatever its shape, of a turn whose next turn gives the password (see
    :func:`plain_login_candidates`)."""
    found = plain_login_candidates(text, earlier) if after else []
    return found if found and password_in(after) else []


def plain_login_candidates(text: str, earlier: tuple[str, ...]) -> list[Span]:
    """A login a password in the next turn would complete: a turn ending with a password's name ("login
    do systemu … tenorharlow hasło" / "blackbirdButtercup9"), a user's label and its value ending the
    turn ("user is sunny" / "pass parisjetaime"), or a turn that is the login alone after a turn naming
    a login ("sportlink inlog" / "kassenwartstmarys" / "ww …")."""
    if len(text) > 300:
        return []
    out: list[Span] = []
    one = _ONE_TOKEN.match(text)
    if one and earlier and len(earlier[-1]) <= 200 and mentioned(earlier[-1]):
        login = one.group("v").rstrip(_TRAILING)
        if login.lower() not in _not_logins() and re.search(r"[^\W\d_]", login):
            out.append((one.start("v"), one.start("v") + len(login), "password"))
    if not _lead_words().open(text):
        return out
    for start, stop, end in _logins_before_names(text):
        if text[end:].strip(" \t.:!?,;") == "" and text[start:stop].lower() not in _not_logins() \
                and _login_lead().search(text, max(0, start - 48), start):
            out.append((start, stop, "password"))
    for m in _login_lead().finditer(text):
        v = _LABELLED_LOGIN.match(text, m.end())
        if v and text[v.end():].strip(" \t.!?,;") == "" and v.group("v").lower() not in _not_logins():
            out.append((v.start("v"), v.end("v"), "password"))  # "user is sunny" / "pass parisjetaime"
    return out
