"""A plain word given a password's role: by "as", by a copula, or beside a login.

A password that is an ordinary word ("lighthouse", "Gartenzwerg", "ромашка") has no shape to find it
by; what makes it one is the sentence's grammar. Each family is a cue × a name × a value's place:

- **As a password**: a verb of choosing or using, the value, "as" and a password's name ("we use
  'tortuga' as the password for everything", "j'ai choisi coquelicot comme mot de passe", "wybrałam
  wiosna jako hasło"); or "as" and the name first, the value ending the clause beside such a verb ("als
  Passwort nehmen wir immer Gartenzwerg", "şifre olarak papatya kullanıyoruz").
- **Value, copula, name**: a word opening its sentence, "is" and an owner's word (or one after the name:
  "ο κωδικός μου", "nenosiri yangu"), then the name ending the
  clause or followed by what it opens ("sunflower is my bank password", "Gartenzwerg ist das Passwort von
  Oma", "fjäril är mitt lösenord").
- **Beside a login**: a login's name earlier in the turn, then a password's name and a plain word ending
  the clause, no joining word ("the login for the Wii is mario, password luigi").

A value is a plain word of four letters or more, or a token with digits or signs; a pronoun, a question
word or a description ("my birthday", "something long") is none. A clause with a negation, advice or an
example ("don't use the team name as the password") gives none. Words in ~25 languages are data
(``assets/password_roles.json``); the finder reads only texts holding a password's name.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import juxtaposed_passwords, lexicon, prefilter

Span = tuple[int, int, str]

_VALUE = r"(?P<v>[^\W_][^\s\"'“”‘’«»()\[\]{}<>,;:!?]{2,39})"
_QUOTE_OPEN = "\"'“‘«"
_QUOTE_CLOSE = "\"'”’»"
_TRAIL = ".…"
_PLAIN = re.compile(r"[^\W\d_]{4,40}")
#: A clause's end after a value: punctuation, a turn's end, or a word opening another clause.
_VALUE_END = re.compile(r"(?i)[\"'”’»]?\s*(?:$|[.,;!?\n\u2029\u2028)]|\s[-–—]\s|\s+(?:and|but|so|because|und|aber|"
                        r"et|mais|y|pero|e|mas|ma|en|maar|i|ale|и|но|ve|ama|och|men|og|ja|mutta|és|a|ale|și|και|"
                        r"và|dan|na|lol|haha|ok|okay|now|jetzt|maintenant|ahora|agora|ora|nu|teraz|сейчас)\b)")
_CLAUSE_STOP = re.compile(r"[.!?;\n\u2029\u2028]")
_SENTENCE_START = re.compile(r"(?:^|[.!?\n\u2029\u2028]\s*|:\s+)")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("password_roles.json")
                      .read_text(encoding="utf-8"))


def _alt(key: str) -> str:
    return prefilter.whole_words(_data()[key])


@functools.cache
def _gate() -> lexicon.Gate:
    """A password's name in the lexicon's one pass: a text with none pays a set lookup."""
    return lexicon.Gate(_data()["names"])


@functools.cache
def _folded(key: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _data()[key])


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    names, as_words = _alt("names"), _alt("as_words")
    few = r"(?:[^\s.,;:!?]+\s+){0,3}?"
    return {
        # "… 'tortuga' as the password", "coquelicot comme mot de passe": "as" and the name, the value read back
        "as_name": re.compile(rf"(?i)(?<![\w'’])(?:{as_words})\s+{few}(?P<n>{names})(?![\w'’])"),
        # "als Passwort nehmen wir immer Gartenzwerg"
        "as_before": re.compile(rf"(?i)(?<![\w'’])(?:(?:{as_words})\s+(?:[^\s.,;:!?]+\s+){{0,2}}?(?P<n>{names})"
                                rf"|(?P<n2>{names})\s+(?:olarak|として|के रूप में))(?![\w'’])"),
        # "sunflower is my bank password"
        "copula": re.compile(rf"(?i)(?P<q>[{_QUOTE_OPEN}])?{_VALUE}[{_QUOTE_CLOSE}]?\s*(?:{_alt('copulas')})\s+"
                             rf"(?P<o>(?:{_alt('owners')})\s+(?:(?:{_alt('owners')})\s+)?)?(?:[^\s.,;:!?]+\s+){{0,2}}?"
                             rf"(?P<n>{names})(?P<a>\s+(?:{_alt('after_owners')})(?![\w'’]))?(?![\w'’])"),
        # ", password luigi" after a login's name
        "beside_login": re.compile(rf"(?i)(?<![\w'’])(?P<n>{names})\s*[:=]?\s*(?P<q>[{_QUOTE_OPEN}])?{_VALUE}"),
        "login": re.compile(rf"(?i){_alt('login_words')}"),
        "verbs": re.compile(rf"(?i)(?:{_alt('choose_verbs')})"),
        "talk": re.compile(rf"(?i){_alt('talk')}"),
        "not_after": re.compile(rf"(?i)[\s\-]*(?:{_alt('not_after')})"),
        "whose_tail": re.compile(rf"(?i)\s+(?:{_alt('whose')})\s+(?:[^\s.,;:!?]+\s*){{1,4}}?(?=$|[.,;!?\n\u2029\u2028)])"),
    }


def _a_value(value: str) -> bool:
    low = value.lower()
    if low in _folded("not_values") or low in _folded("names") or low in _folded("choose_verbs"):
        return False
    if "/" in value or "@" in value or low.startswith(("www", "http")):
        return False
    shaped = juxtaposed_passwords.shaped_value(value)
    return shaped if shaped is not None else bool(_PLAIN.fullmatch(value))


def _clause_start(text: str, at: int) -> int:
    stops = list(_CLAUSE_STOP.finditer(text, 0, at))
    return stops[-1].end() if stops else 0


def _talk(text: str, start: int, end: int) -> bool:
    return _patterns()["talk"].search(text, _clause_start(text, start), end) is not None


def _after_verb(text: str, at: int) -> bool:
    """Whether the words before ``at`` end with a verb of choosing or using, an adverb at most after it."""
    before = text[max(0, at - 40):at].rstrip(" \t" + _QUOTE_OPEN)
    words = before.split()
    for n in (1, 2, 3):  # "went with" is two words; "use just" one and an adverb
        tail = " ".join(words[-n:])
        if _patterns()["verbs"].fullmatch(tail):
            return True
        if n >= 2 and _patterns()["verbs"].fullmatch(" ".join(words[-n:-1])):
            return len(words[-1]) <= 7 and words[-1].lower() not in _folded("owners")  # "use just X", not "use my X"
    return False


def _name_ends(text: str, end: int) -> bool:
    """The name ends its clause, or what it opens follows ("… password for the bank")."""
    if _patterns()["not_after"].match(text, end):
        return False
    return bool(re.match(r"\s*(?:$|[.,;!?\n\u2029\u2028)]|\s[-–—]\s)", text[end:])
                or _patterns()["whose_tail"].match(text, end))


#: The value right before "as": a token, quoted or not, and the blanks after it.
_BEFORE_AS = re.compile(rf"(?P<q>[{_QUOTE_OPEN}])?{_VALUE}[{_QUOTE_CLOSE}]?\s+$")


def _of_another(text: str, at: int, name: int) -> bool:
    """Between "as" and the name, a thing's word or "of": the value is that thing ("keepass come gestore
    di password", "X as manager for passwords")."""
    between = text[at:name].lower().split()[1:]
    return any(w in _folded("not_after") or w in _folded("whose") for w in between)


def _as_after(text: str) -> list[Span]:
    out: list[Span] = []
    for m in _patterns()["as_name"].finditer(text):
        head = max(0, m.start() - 46)
        v = _BEFORE_AS.search(text, head, m.start())
        if not v or (v.start() > head and not re.match(r"[\s\"'“‘«(]", text[v.start() - 1])):
            continue
        value = v.group("v").rstrip(_TRAIL)
        if not _a_value(value) or _patterns()["not_after"].match(text, m.end("n")) or _of_another(text, m.start(), m.start("n")):
            continue
        if not (v.group("q") or _after_verb(text, v.start())) or _talk(text, v.start(), m.end()):
            continue
        out.append((v.start("v"), v.start("v") + len(value), "password"))
    return out


def _as_before(text: str) -> list[Span]:
    """After "as … password": the clause's last word, or the word before a verb ending it, beside a verb."""
    out: list[Span] = []
    for m in _patterns()["as_before"].finditer(text):
        end = m.end()
        stop = re.compile(r"[.,;!?\n\u2029\u2028]").search(text, end)
        clause_end = stop.start() if stop else len(text)
        if clause_end - end > 60 or _patterns()["not_after"].match(text, end):
            continue
        words = list(re.finditer(r"[^\s\"'“”‘’«»]+", text[end:clause_end]))
        if not words or len(words) > 6:
            continue
        last = words[-1]
        pick = last
        verbs = _patterns()["verbs"]
        if verbs.fullmatch(last.group()) and len(words) >= 2:
            pick = words[-2]
        elif not any(verbs.fullmatch(w.group()) for w in words[:-1]) and not (
                len(words) >= 3 and verbs.fullmatch(" ".join(w.group() for w in words[-3:-1]))):
            continue
        value = pick.group().rstrip(_TRAIL)
        before = words[words.index(pick) - 1].group().lower() if words.index(pick) else ""
        if not _a_value(value) or before in _folded("owners") or before in _folded("not_values"):
            continue
        if _talk(text, m.start(), clause_end):
            continue
        start = end + pick.start()
        out.append((start, start + len(value), "password"))
    return out


def _copula(text: str) -> list[Span]:
    out: list[Span] = []
    for start in [0] + [s.end() for s in _SENTENCE_START.finditer(text) if s.end() > 0][:8]:
        m = _patterns()["copula"].match(text, start)
        if not m or m.start("v") - start > 2:
            continue
        value = m.group("v").rstrip(_TRAIL)
        if not (m.group("o") or m.group("a")) or not _a_value(value) or not _name_ends(text, m.end()) \
                or _talk(text, m.start(), m.end()):
            continue  # an owner's word before the name or after it: "my password", "ο κωδικός μου"
        out.append((m.start("v"), m.start("v") + len(value), "password"))
    return out


def _beside_login(text: str) -> list[Span]:
    out: list[Span] = []
    for m in _patterns()["beside_login"].finditer(text):
        value = m.group("v").rstrip(_TRAIL)
        if not _PLAIN.fullmatch(value) or not _a_value(value):
            continue
        if not _VALUE_END.match(text, m.start("v") + len(value)):
            continue
        lead = text[max(0, m.start() - 6):m.start()]
        if not re.search(r"(?:^|[,;/|\n\u2029\u2028]|\s(?:and|und|et|y|e|en|i|и|ve|och|og))\s*$", lead) and m.start() > 0:
            continue  # "…, password luigi", "and password luigi", a line or a turn of its own
        head = text[max(0, m.start() - 100):m.start()]
        if not _patterns()["login"].search(head) or _talk(text, m.start(), m.end()):
            continue
        out.append((m.start("v"), m.start("v") + len(value), "password"))
    return out


def spans(text: str) -> list[Span]:
    """Plain-word passwords given a password's role by the sentence's grammar."""
    if len(text) > 1000 or not _gate().open(text):
        return []
    return [*_as_after(text), *_as_before(text), *_copula(text), *_beside_login(text)]
