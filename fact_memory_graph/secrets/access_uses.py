"""A password told by what using it does, on either side of the value, with no secret's word and no verb of
typing before it: "körsbär075$ pour entrer sur l'ENT des enfants", "Soleil_404 funkar för att logga in på
BankID-appen", "guests need lalalandnoodles! to get online", "do librusa wchodzę przez Lale!600", "usa Maize@979
pra entrar no app do banco", "you type bluehouse_77 to join".

The grammar: an access phrase (what using a value does: being let in, logging in, getting online, joining a
network — ``typed_logins``' phrases and this reader's, ~25 languages) and, in its sentence, a value of a
password's shape within a few words before or after it, no other value between. ``typed_logins`` reads the same
phrases with a verb of typing right before the value; this reader reads the value wherever it stands beside the
phrase.

Kept: a value labelled as a username, an email, a promo code, a booking or a search before it
(``typed_logins``' look-alike labels); a token after a determiner ("use my Pixel7 to log in", "the V2 app to
get in"); a code in capitals and digits ("use WELCOME10 to join", a flight, a model); a year, an amount, a
plain word, a link or an address. Gated by one lexicon lookup of the access phrases.
"""

from __future__ import annotations

import functools
import re

from fact_memory_graph.secrets import credential_forms, lexicon, prefilter, prompted_codes

Span = tuple[int, int, str]

_ASSET = "access_uses"
_GAP = 32  # how far apart the value and its access phrase may stand (a few words)
#: A password's shape: 6-40 characters holding a letter and a digit or a sign.
_VALUE = re.compile(r"(?<![\w@#$%&*.+/'’-])(?=[^\s]{0,39}[^\W\d_])(?=[^\s]{0,39}[\d!#$%&*?+=@^~_.-])"
                    r"[\w!#$%&*?+=@^~.-]{6,40}(?![\w@])")
#: What such a token may be that is no password: an address, a link, a domain, an amount with its unit, a
#: short plain word with a sentence's mark ("thanks!"), a code in capitals and digits (a promotion's, a flight's, a model's).
_NOT_VALUE = re.compile(r"(?i:.*(?:@|://|www\.|\.(?:com|org|net|de|fr|es|br|id|ph|in|pk|io|app)$)|\d+(?:[.,]\d+)*[a-z]{0,3}"
                        r"|[a-z]{1,9}[.!?]+|[^\d!#$%&*?+=@^~_]*)|[A-Z\d]+|[A-Z]?[a-z]+\.[a-z]+")
#: What may stand between the value and its phrase: a few words, no digit, no sentence's end.
_GAP_TEXT = re.compile(rf"[^\d\n.;!?。！？]{{0,{_GAP}}}")


@functools.cache
def _phrases() -> list[str]:
    return lexicon.asset_lists("typed_logins")["access"] + lexicon.asset_lists(_ASSET)["access"]


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_phrases())


@functools.cache
def _weak() -> tuple[frozenset[str], re.Pattern[str], re.Pattern[str]]:
    """Phrases that name no secret alone, verbs of typing a value in, a network's words."""
    typed = lexicon.asset_lists("typed_logins")
    keyed = re.compile("(?i)(?:" + prefilter.whole_words(typed["keyed"]) + r")[\s:,]{1,3}$")
    networks = re.compile("(?i)" + prefilter.whole_words(lexicon.asset_lists("network_keys")["networks"]))
    return frozenset(lexicon.fold(w) for w in lexicon.asset_lists(_ASSET)["weak"]), keyed, networks


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    access = re.compile("(?i)" + prefilter.whole_words(_phrases()))
    lookalikes = re.compile("(?i)" + prefilter.whole_words(lexicon.asset_lists("typed_logins")["lookalikes"]))
    objects = re.compile("(?i)(?:" + prefilter.whole_words(lexicon.asset_lists(_ASSET)["objects"]) + r")\s+$")
    return access, lookalikes, objects


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold such a value: an access phrase in it (a lexicon lookup)."""
    return len(text) <= 3000 and _gate().open(text)


def _value(text: str, m: re.Match[str]) -> tuple[int, int] | None:
    """The value of a shape match, a sentence's mark at its end left out when the sentence ends there."""
    start, end = m.span()
    rest = text[end:end + 2]
    if not rest.strip() or rest[:1] == "\n":
        while end > start and text[end - 1] in ".!?,":
            end -= 1
    value = text[start:end]
    if len(value) < 6 or _NOT_VALUE.fullmatch(value):
        return None
    return start, end


def spans(text: str) -> list[Span]:
    """Values of a password's shape beside a phrase saying they get one in (see the module's note)."""
    if not mentioned(text):
        return []
    access, lookalikes, objects = _patterns()
    out: list[Span] = []
    for cue in access.finditer(text):
        _, b = prompted_codes.sentence_bounds(text, cue.start(), cue.end())
        a = max(text.rfind("\n", 0, cue.start()) + 1, cue.start() - _GAP - 80)  # a value may end in "!"
        found = None
        before = list(_VALUE.finditer(text, max(a, cue.start() - _GAP - 40), cue.start()))
        if before:  # the last value before the phrase, only a few words between
            m = before[-1]
            if _GAP_TEXT.fullmatch(text, m.end(), cue.start()):
                found = _value(text, m)
        if found is None:
            m = _VALUE.search(text, cue.end(), min(b, cue.end() + _GAP + 40))
            if m and _GAP_TEXT.fullmatch(text, cue.end(), m.start()):
                found = _value(text, m)
        if found is None:
            continue
        start, end = found
        weak, keyed, networks = _weak()
        if lexicon.fold(cue.group()) in weak and not (keyed.search(text[max(a, start - 24):start])
                                                     or networks.search(text)):
            continue  # "I need Windows11 to join the meeting"; "type X to join", "… wifi … X to connect"
        if objects.search(text[max(a, start - 12):start]) or lookalikes.search(text, a, start):
            continue
        span = (start, end, "password")
        if span not in out:
            out.append(span)
    return out


@functools.cache
def _for_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = lexicon.asset_lists(_ASSET)
    links = prefilter.whole_words(data["for_links"])
    told = re.compile(rf"(?im)^[^\S\n]*[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»]{{6,40}}?)[\"'”’»?]?[^\S\n]*(?:[—–=:>,-]+[^\S\n]*)?"
                      rf"(?:{links})[^\S\n]+")
    # a thing's word may carry a short ending ("librusa", "portalu")
    things = re.compile(rf"(?i)(?:[^\s.!?;,]+[^\S\n]+){{0,3}}?(?<![^\W\d_])(?:{prefilter.alternation(data['for_things'])})[^\W\d_]{{0,2}}(?![^\W\d_])")
    return told, things


_FOR_REACH = re.compile(r"[^\n.!?;,]{0,40}")


def for_spans(text: str) -> list[Span]:
    """A value opening its line and told by what it is for: "Gato#70 это от вк", "körsbär195? — это от почты",
    "Soleil_4 is the one for the bank app" — a password's shape (not a code in capitals and digits: "RTX4090 for
    the pc"), then a link and within three words a login's word or a service's name."""
    if len(text) > 1500:
        return []
    told, things = _for_patterns()
    out: list[Span] = []
    for m in told.finditer(text):
        value = m.group("v").rstrip(".,!?")
        if not _VALUE.fullmatch(value) or _NOT_VALUE.fullmatch(value):
            continue
        reach = _FOR_REACH.match(text, m.end()).end()
        if not (things.match(text, m.end(), reach) or credential_forms.services().search(text, m.end(), reach)):
            continue
        out.append((m.start("v"), m.start("v") + len(value), "password"))
    return out
