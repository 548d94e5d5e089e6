"""A value told by what it opens: "m@pl352 is what opens the booksy admin", "falcon gets you into the
reception mac, no caps", "338899 unlocks the refund menu on the terminal", "Scaffold_6623 <- that gets you
into the BMS workstation", "pelican82 es lo que abre el portal del cole".

The value opens its clause (the text's start, a sentence's end, a colon, a dash or an arrow before it);
after it, at most a pointer ("is what", "that's what", "<-", "—", "es lo que", "c'est ce qui"), then a verb
of opening, unlocking or getting into (``verbs``), then within four words a thing one logs into or opens
with a secret (``things``: a device, an account, a portal, an admin page, a menu, a keypad, a door). The
value has a password's shape or is 4-8 digits (not a year, a time or an amount); a plain word in lower
case counts only before a device's or an account's word ("falcon gets you into the mac"): a thing opening
another ("chrome opens the admin page", "the key opens the door") has an article or a capital.

Words as data (``assets/opening_values.json``, ~20 languages); the reader runs only on a text holding a
verb's word (one lexicon lookup).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import credential_forms, juxtaposed_passwords, lexicon, prefilter

Span = tuple[int, int, str]

_EDGE = ".,;:?…'\"“”«»()"
_MAX_MATCHES = 6
#: The value and what may stand between it and the verb, read backwards from the verb.
_DIGITS = re.compile(r"\d{4,8}[*#]?")
_YEAR = re.compile(r"(?:19|20)\d\d")
_PLAIN = re.compile(r"[a-zà-öø-ÿ]{4,24}")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("opening_values.json").read_text(encoding="utf-8"))


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate([*_data()["verbs"], *_data()["try_verbs"], *_data()["one_words"], *_data()["join_with"]])


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold a verb of opening, of trying a value, or "the … one" (a set lookup for most texts)."""
    return _gate().open(text)


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    d = _data()
    verb = re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.whole_words(d['verbs'])})(?![^\W\d_])")
    before = re.compile(
        r"(?:^|(?<=[.!?\n:;])|(?<=[.!?:;]\s)|(?<=\n\s)|(?<=[—–]\s)|(?<=\s[—–-]\s)|(?<=:\s\s))"
        r"\s*[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»()\[\]{}<>]{4,40}?)[\"'”’»]?"
        rf"\s*(?:(?:<-+|←|⬅|[—–\-]|,)\s*)?(?:(?:{prefilter.whole_words(d['pointers'])})\s+)?$", re.I)
    thing = re.compile(rf"(?i)\s+(?:[^\s.!?;,]+\s+){{0,4}}?(?:{prefilter.whole_words([*d['things'], *d['devices']])})(?![^\W\d_])")
    device = re.compile(rf"(?i)\s+(?:[^\s.!?;,]+\s+){{0,4}}?(?:{prefilter.whole_words(d['devices'])})(?![^\W\d_])")
    return verb, before, thing, device


@functools.cache
def _thing_word() -> re.Pattern[str]:
    d = _data()
    return re.compile(rf"(?i)(?:{prefilter.whole_words([*d['things'], *d['devices']])})")


def names_a_thing(text: str) -> bool:
    """Whether ``text`` names a thing one logs into or opens with a secret (a portal, a door, a cash machine)."""
    return _thing_word().search(text) is not None


@functools.cache
def _not_values() -> frozenset[str]:
    return frozenset(_data()["not_values"])


def _random_case(token: str) -> bool:
    """Letters in random case ("AMrVvreaHMRw"), not a brand's two words ("PowerPoint")."""
    return len(token) >= 8 and token.isalpha() and len(re.findall(r"[a-z][A-Z]", token)) >= 2


def _a_value(token: str, plain_ok: bool) -> bool:
    if "@" in token and "." in token.split("@")[-1] or "/" in token or token.lower().startswith("www"):
        return False  # an e-mail address, a link
    if credential_forms.services().fullmatch(token):
        return False  # "Chrome opens the admin page"
    if _DIGITS.fullmatch(token):
        return not _YEAR.fullmatch(token)
    if len(token) >= 14 and re.fullmatch(r"[A-Za-z][a-z]{2,}(?:-[a-z]{3,}){2,}", token):
        return True  # words joined by dashes: "orbit-river-purple-quartz"
    shaped = juxtaposed_passwords.shaped_value(token)
    if shaped is not None:
        return shaped and not token.isdigit() and not re.fullmatch(r"\d+[.,:]\d+|\d{1,2}(?:am|pm|h)", token, re.I)
    if _random_case(token):
        return True  # letters in random case ("AMrVvreaHMRw"), not a brand's two words ("PowerPoint")
    return plain_ok and bool(_PLAIN.fullmatch(token)) and token not in _not_values()


def spans(text: str) -> list[Span]:
    """Values that open their clause and are told by what they open; values tried on such a thing."""
    if len(text) > 1500:
        return []
    verb, before, thing, device = _patterns()
    out: list[Span] = tried_spans(text)
    for n, v in enumerate(verb.finditer(text)):
        if n >= _MAX_MATCHES:
            break
        m = before.search(text, max(0, v.start() - 60), v.start())
        if not m:
            continue
        token = m.group("v").rstrip(_EDGE)
        if not thing.match(text, v.end()):
            continue
        plain = device.match(text, v.end()) is not None and not m.group(0).lstrip().startswith(("'", '"'))
        if len(token) < 4 or not _a_value(token, plain):
            continue
        start = m.start("v")
        out.append((start, start + len(token), "password"))
    return out


@functools.cache
def _back() -> re.Pattern[str]:
    d = _data()
    verbs = [*d["verbs"], *d["back_verbs"]]
    pointer = prefilter.alternation(d["back_pointers"])
    return re.compile(rf"(?i)\s*(?:(?:{pointer})\s*){{1,3}}\s(?:(?:i|you|we|he|she|they|just|also|always)\s+)*"
                      rf"(?:(?:is|was|what|how|the one|that)\s+)*(?:{prefilter.whole_words(verbs)})(?![^\W\d_])")


#: After a thing's word, a word making it another thing ("the card game", "the card table").
_GAME_AFTER = re.compile(r"(?i)\s+(?:games?|tables?|tricks?|readers?|shops?|stores?|boxes|holders?|sharks?|players?|deck)(?![^\W\d_])")
_LONE = re.compile(r"\s*[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»]{4,40}?)[\"'”’»]?[\s.!]*")


#: A value told last in its turn after "it's" ("ok so the volunteer set it up, its herat_6039"): as good as alone.
_TOLD_LAST = re.compile(r"(?i)(?:^|[\s,])(?:it'?s|it’s|it is|c'est|es|ist|это|це|هو|هي|waa)\s+[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»]{4,40}?)[\"'”’»]?[\s.!]*$")


def named_by_next(text: str, after: str) -> list[Span]:
    """A lone value the next turn points back at and tells by what it opens: "mango-biscuit42" / "^ that's
    the one for the old joint gmail", "34896#" / "that gets you through the gate at the storage unit",
    "sunflower?1962" / "^ that's what I typed into the fake PayPal page"."""
    m = _LONE.fullmatch(text) or (_TOLD_LAST.search(text) if len(text) <= 160 else None)
    if not m or len(after) > 200:
        return []
    back = _back().match(after)
    if not back:
        return []
    _, _, thing, _ = _patterns()
    told = thing.match(after, back.end())
    if told and _GAME_AFTER.match(after, told.end()):
        told = None  # "that's for the card game tonight": a thing of another kind
    if not (told or credential_forms.services().search(after, back.end())):
        return []
    token = m.group("v").rstrip(_EDGE)
    if not (_DIGITS.fullmatch(token.rstrip("#*")) and not _YEAR.fullmatch(token)
            or juxtaposed_passwords.shaped_value(token) and not token.isdigit() or _random_case(token)):
        return []
    return [(m.start("v"), m.start("v") + len(token), "password")]


@functools.cache
def _for_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    d = _data()
    things = prefilter.whole_words([*d["things"], *d["devices"]])
    value = r"[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»()\[\]{}<>,;]{4,40}?)[\"'”’»]?"
    tried = re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.whole_words(d['try_verbs'])})\s+(?:(?:{prefilter.whole_words(d['try_fillers'])})\s+)?{value}\s+(?:{prefilter.whole_words(d['fors'])})"
                       rf"\s+(?:[^\s.!?;,]+\s+){{0,3}}?(?:{things})(?![^\W\d_])")
    joined = re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.whole_words(d['join_with'])})\s+{value}(?=[.,;:!?…)]*(?:\s|$))")
    one = re.compile(rf"(?i)(?<![^\W\d_])the\s+(?:[^\s.!?;,]+\s+){{0,3}}?(?:{things})\s+one(?:'s|’s|\s+is|\s+was)\s+{value}(?=[.,;:!?…]*(?:\s|$))")
    return tried, one, joined


def tried_spans(text: str) -> list[Span]:
    """A value to try or type for a thing one logs into ("try AUDx0m0l$g%2% for the portal", "use 4471 on
    the gate", "prueba Gato_22 en el portátil"), and "the … one is X" ("the nail tablet one is blossomRainbow1"):
    a password's shape or digits only, never a plain word ("try ethernet for the router", "the work one is broken");
    and a key a network is joined with ("guests can get on with z6pSLXAA338Z (network …)", "se conectan con X")."""
    if len(text) > 1500:
        return []
    out: list[Span] = []
    for kind, pattern in enumerate(_for_patterns()):
        for n, m in enumerate(pattern.finditer(text)):
            if n >= _MAX_MATCHES:
                break
            token = m.group("v").rstrip(_EDGE)
            if m.group(0)[:4].lower() == "dial" and not re.fullmatch(r"[*#]?\d{4,6}[*#]?", token):
                continue  # "dial 5551234 on your phone": a number called; a callbox's code is short
            joined = kind == 2 and len(token) >= 10 and token.isalpha() \
                and re.search(r"[a-z][A-Z]", token) is not None  # a network's key in random case ("ZitronenBaumpurple")
            if len(token) >= 4 and (joined or _a_value(token, False) and (token.isdigit() or re.search(r"[a-z]|[^\w\s-]", token))):
                # (a promotion's code in capitals is no password: "use WELCOME10 on the app")
                out.append((m.start("v"), m.start("v") + len(token), "password"))
    return out
