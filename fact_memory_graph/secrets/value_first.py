"""A value opening its sentence, its name after it: "girasol98 ese es mi contraseña", "Sunflower89 c le
code de déverrouillage", "1235 bu yazlığın telefon şifresi", "bluebird — that's my email password".

The sentence's first token, a word pointing back at it ("that's", "ese es", "c'est", "bu", "это", "が"),
then within a few words a password's, a code's or a Wi-Fi key's name. The value has a password's shape
or is digits (four or more, or an unlock pattern's dashed dots); after a demonstrative or a dash ("that's",
"c'est", "—"), a plain word of five letters or more is one too. A sentence that talks about a value (an
example, a weak or common password, a rule, a negation) gives none. Words are data
(``assets/value_first.json``); the finder reads only texts holding a name's word.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import lexicon, memorable_words, prefilter, spoken_credentials

Span = tuple[int, int, str]

_TOKEN = re.compile(r"\s*(?P<v>[^\s\"“”«»()\[\]{}<>がは是]{4,64})")
_SENTENCES = re.compile(r"[.!?\n]\s+")
_CLAUSE_END = re.compile(r"[.!?\n,;]")
#: The name with a copula of its own is the subject of another clause: "NETGEAR4 - the code is printed …"
#: (Finnish "on", not English "on the": "5044 = pin on the credit card").
_OWN_COPULA = re.compile(r"(?i)\s+(?:is|was|are|es|est|ist|è|é|era|lautet|jest|это|är|er|on(?!\s+(?:the|my|a|an|his|her|our|your|their|this|that|mum'?s|dad'?s)\s)|is\s+het|zijn)(?![^\W\d_])")
_YEAR = re.compile(r"(?:19|20)\d\d")
_DIGITS = re.compile(r"\d{4,12}|\d(?:[-.]\d){3,8}")
#: A keypad's or a lock's code with a capital letter among its digits ("4471C", "C4417", "3385X").
_KEYPAD_CODE = re.compile(r"(?=(?:[A-Z]*\d){3})(?=[0-9]*[A-Z])[A-Z0-9]{4,8}")
_PLAIN = re.compile(r"[^\W\d_]{5,40}")
#: A memorable word's or a security answer's value: a plain word, a name too ("Okonkwo", "marzipan").
_ANSWER_WORD = re.compile(r"[^\W\d_][^\W\d_'’\-]{2,39}")
_TRAIL = ".,;:?…"  # not "!": passwords end with one


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("value_first.json").read_text(encoding="utf-8"))


@functools.cache
def _not_answers() -> frozenset[str]:
    """Words that open a sentence about an answer without being one ("this", "mine", "which")."""
    from fact_memory_graph.secrets import security_answers

    return frozenset(security_answers._p().no_answer) | {"mine", "yours", "hers", "his", "ours", "same", "which", "done",
                                                                "sorted", "fine", "great", "thanks", "cool", "perfect", "finally", "okay", "right", "yes"}


@functools.cache
def _words() -> lexicon.Gate:
    return lexicon.Gate([*_data()["names"], *_data()["answer_names"], *_data()["word_names"], *_ASKING_VERBS])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], ...]:
    d = _data()
    pointer = re.compile(rf"(?i)\s*(?:[—–\-:,]\s*(?=[^\W\d_]))?(?:(?P<d>{prefilter.whole_words(d['demonstratives'])})|{prefilter.whole_words(d['pointers'])})")
    names = re.compile(rf"(?i){prefilter.whole_words([*d['names'], *d['answer_names'], *d['word_names']])}")
    answers = re.compile(rf"(?i){prefilter.whole_words(d['answer_names'])}|(?P<w>{prefilter.whole_words(d['word_names'])})")
    talk = re.compile(rf"(?i){prefilter.whole_words(d['talk'])}")
    after = re.compile(rf"(?i)[\s-]*(?:{prefilter.whole_words(d['not_after'])})")
    before = re.compile(rf"(?i)(?:{prefilter.whole_words(d['not_before'])})[\s-]*$")
    return pointer, names, talk, after, before, answers


def _value(value: str, demonstrative: bool) -> bool:
    if _DIGITS.fullmatch(value) or spoken_credentials.password_like(value):
        return not re.fullmatch(r"\d+[.,]\d+|\d{1,2}[:.]\d{2}", value)  # a price, a time
    if demonstrative and _KEYPAD_CODE.fullmatch(value):
        return True  # "3380X — that's the bike shed keypad": a keypad's code with a letter in it
    return demonstrative and bool(_PLAIN.fullmatch(value)) and not value[:1].isupper() or False


#: The verbs of :data:`_ASKED_FOR`: a text holding one is read too ("… — that's the one Halifax wants").
_ASKING_VERBS = ("wants", "wanted", "asks", "asked", "needs", "checks", "pide", "pidió", "piden", "demande", "demandait",
                 "verlangt", "will", "fragt", "chiede", "pede", "pediu", "vraagt", "хочет", "просит", "спрашивает")
#: After "that's": what a bank asks for ("what the bank app wants", "the one Nationwide asks for", "lo que pide el banco").
_ASKED_FOR = re.compile(
    r"(?i)\s*(?:what|the one|the word|the thing|the bit|lo que|la que|el que|ce que|celle que|celui que|das,? was|was|"
    r"quello che|o que|a que|то,? что|wat)\s+(?:[^\s.,;:!?]+\s+){0,4}?(?:asks for|asked for|" + "|".join(_ASKING_VERBS) + r")"
    r"(?![^\W\d_])")


def _asked_for(value: str, window: str, named: bool) -> bool:
    """A word that a bank asks for, told so after a demonstrative: "pemberton — that's the one Nationwide wants
    after the passnumber", "Tamarind — that's what the bank app wants as memorable info". The asker is an
    institution that asks for such words (a bank, a building society), and a memorable word's or an answer's
    name stands in its clause — or, for a word in lower case, the login's other half it comes after ("after the
    customer number"): "exactly — that's what the bank wants" is a reply, "paperwork — … wants from us" a chore."""
    m = _ASKED_FOR.match(window)
    if not m or not _ANSWER_WORD.fullmatch(value) or value.casefold() in _not_answers():
        return False
    if not memorable_words.names_an_institution(window[:m.end()]):
        return False
    if named:
        return True
    return not value[:1].isupper() and bool(_AFTER_LOGIN.match(window, m.end()))


#: After the bank's asking, the login's other half the word comes after ("… wants after the passnumber").
_AFTER_LOGIN = re.compile(r"(?i)\s+(?:after|with|next to|beside|along with|après|después de|nach|dopo|depois d[oa]|после)\s+"
                          r"(?:(?:the|my|his|her|your|our|their|le|la|el|mi|der|die|il|o|a)\s+)?[\w-]*?\s*"
                          r"(?:number|no|passnumber|username|user name|user id|login|id|pin|passcode|password|card|numéro|número|"
                          r"nummer|numero|номера?)(?![^\W\d_])")


def spans(text: str) -> list[Span]:
    """Values that open their sentence and are named a password, a code or a Wi-Fi key after it."""
    if len(text) > 1000 or not _words().open(text):
        return []
    pointer, names, talk, after, before, answers = _patterns()
    out: list[Span] = []
    starts = [0] + [m.end() for m in _SENTENCES.finditer(text)][:6]
    for start in starts:
        t = _TOKEN.match(text, start)
        if not t:
            continue
        value = t.group("v").rstrip(_TRAIL)
        p = pointer.match(text, t.start("v") + len(value))
        if not p and text.startswith(".", t.start("v") + len(value)):  # "marzipan. that's the memorable word": a fragment, then its name
            p = pointer.match(text, t.start("v") + len(value) + 1)
            p = p if p and p.group("d") and value.casefold() not in _not_answers() else None
        if not p:
            continue
        stop = _CLAUSE_END.search(text, p.end())
        window = text[p.end():min(stop.start() if stop else len(text), p.end() + 60)]
        answer = answers.search(window)
        if p.group("d") and _asked_for(value, window, answer is not None):
            out.append((t.start("v"), t.start("v") + len(value), "password"))  # "pemberton — that's what Nationwide wants"
            continue
        if not _value(value, bool(p.group("d"))) and not (
                answer and _ANSWER_WORD.fullmatch(value) and value.casefold() not in _not_answers()
                and not (answer.group("w") and value[:1].isupper())):  # a memorable word in lower case: "Brilliant — …" is a reply
            continue
        if _YEAR.fullmatch(value) and not p.group("d"):
            continue  # "2024 was the year I changed my password"
        n = names.search(window)
        if not n or len(window[:n.start()].split()) > 3 or talk.search(window) or talk.search(text, start, t.start("v")):
            continue
        if after.match(window, n.end()) or _OWN_COPULA.match(window, n.end()) or before.search(window[:n.start()]):
            continue  # "X is my password manager", "Casa_Mora is my wifi network", "90210 is my zip code"
        out.append((t.start("v"), t.start("v") + len(value), "password"))
    return out
