"""A security question's topic and its answer written as a note, with no question named.

The security-answer grammar (:mod:`security_answers`) reads a topic's value only beside a cue (a
question's name, an answer word). People also write the pair alone, or name who asks elsewhere in
the sentence (words as data, ``assets/topic_notes.json``):

- a topic asked only by security questions (a mother's maiden name, in about thirty languages):
  its value wherever it is said ("mammas flicknamn är X", "cognome da nubile di mia madre X");
- a NOTE of the topic and its value whose next clause says an institution asks for it ("first
  school? that was X, the bank wants it for recovery", "numele de fată al mamei e X, asta cere
  banca"). The pair alone ("la mia prima macchina era una Opel Corsa", "my first car was a Dacia
  Logan, loved it") is a life story, kept;
- the ASKER named before the topic (an institution and a verb of asking: "Handelsbanken frågar
  efter mitt första husdjur, jag skrev X", "el banco siempre pregunta por mi primera mascota y yo
  digo X");
- a turn naming only the topic, then a short turn with the answer alone (:func:`thread_spans`:
  "az első háziállatom neve?" / "X").
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from . import asked_topics
from . import security_answers as sa

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "topic_notes.json"
_NOTE_HEAD_WORDS = 4  # words before a note's topic ("el nombre de mi primera mascota")
_NOTE_VALUE_WORDS = 5
_CONJ = r"(?:(?:and|y|e|et|und|en|i|и|ve|dan|và|aur|at|na|og|och|ja|és|a|și|και|so|então|entonces|alors|dann|allora)\s+)?"
_SEP = re.compile(r"[\s,.:;—–\-]*")
#: A topic joined to its value as a form's label is ("city of birth: X", "first pet = X"), not by a verb of a story.
_LABEL = re.compile(r"\s*[:=：]\s*['\"“‘«]?")
#: A bank's own name ("Handelsbanken", "Sparebanken", "Rabobank").
_BANK_NAME = re.compile(r"(?i)[^\W\d_]*(?:bank|banken|banco|banque|banca|banka)(?![^\W\d_])")
#: ", which the bank always asks for," between a topic and its value.
_ASIDE = re.compile(r"\s*,\s*(?:which|that|que|qui|die|das|den|der|che|który|która|которую|который|som|joka|ami|care|που)\b[^,.\n\u2029]{3,70},")


class _N:
    def __init__(self) -> None:
        data = json.loads(_ASSET.read_text(encoding="utf-8"))
        self.self_cued = re.compile(rf"(?i){sa._alt(data['self_cued'])}|{'|'.join(re.escape(w) for w in data['self_cued'] if sa._GLUED.search(w))}")
        self.ask = re.compile(rf"(?i){sa._alt(data['ask_verbs'])}")
        self.told = re.compile(rf"(?i){_CONJ}(?:{sa._alt(data['told'])})")
        self.after = re.compile(rf"(?i){sa._alt(data['after_cues'])}")
        self.fillers = {w.casefold() for w in data["fillers"]}
        self.recall = re.compile(rf"(?i){sa._alt(data['recall'])}")
        # a topic's turn may name who asks ("Name vom ersten Haustier", "вопрос:", "… it keeps asking")
        self.topic_turn = self.fillers | {w.casefold() for w in data["topic_turn_words"]}
        # "my first pet was a hamster called" / "Biscuit": the name comes in the next turn
        self.naming_tail = re.compile(rf"(?i)(?:\s+[^\W\d_]+){{0,3}}?\s+(?:{sa._alt(data['naming_tail'])})\s*[:\-—–…]*\s*$")
        raw = json.loads(sa._ASSET.read_text(encoding="utf-8"))
        self.favourite = re.compile(rf"(?i){sa._alt(raw['favourites'])}")


@lru_cache(maxsize=1)
def _n() -> _N:
    return _N()


def _topic_end(text: str, end: int) -> int:
    """Past a topic's possessors and qualifiers ("de mi madre", "ka naam")."""
    p = sa._p()
    for _ in range(4):
        m = p.tail.match(text, end)
        if not m or m.end() == end:
            break
        end = m.end()
    return end


def _asked(text: str, a: int, b: int) -> bool:
    """An institution and a verb of asking between ``a`` and ``b`` ("the bank wants", "Nordea spør")."""
    at = asked_topics._a()
    return bool(_n().ask.search(text, a, b)) and bool(at.institution.search(text, a, b) or at.context.search(text, a, b)
                                                     or _BANK_NAME.search(text, a, b))


def _plain(text: str, value: tuple[int, int]) -> bool:
    """A value that is an answer: not talk, not the topic again, not a description of the subject."""
    p = sa._p()
    words = text[value[0]:value[1]].split()
    first = (sa._TOKEN.findall(text[value[0]:value[1]].casefold()) or [""])[0]
    return bool(words) and len(words) <= _NOTE_VALUE_WORDS and first not in p.talk and first not in p.talk_first \
        and not asked_topics._a().not_first.match(text, value[0]) and not p.topic.search(text, *value) \
        and not p.strong.search(text, *value)


#: "first school? that was X": the topic asked, then answered in the same turn.
_SELF_ASKED = re.compile(r"(?i)\s*[?？]\s*(?:(?:that|it|this)(?:['’]d| would)?\s+(?:be|was|is|'s)|that['’]s|it['’]s|its|thats)?\s*")


def _value(text: str, end: int) -> tuple[int, int] | None:
    asked = _SELF_ASKED.match(text, end)
    if asked and "?" in asked.group() or asked and "？" in asked.group():
        end = asked.end()
    value = sa._value_after(text, end)
    if value and text[value[0]:value[1]].split()[0].casefold() in _n().fillers:  # "… nacio mi padre es X"
        copula = sa._COPULA.search(text, value[0], value[1])
        value = sa._value_after(text, copula.end()) if copula else value
    if not value:  # "numele de fată al mamei e X": a copula later in the clause
        lo, hi = sa._turn_bounds(text, end)
        copula = sa._COPULA.search(text, end, min(hi, end + 40))
        if copula and not sa._END.search(text, end, copula.start()):
            value = sa._value_after(text, copula.end())
    return value if value and _plain(text, value) else None


def spans(text: str) -> list[Span]:
    """Each value of a security question's topic written as a note, or asked by an institution named before it."""
    p = sa._p()
    if not p.topic.may(text):
        return []
    n = _n()
    out: list[Span] = []
    for topic in p.topic.finditer(text):
        lo, hi = sa._turn_bounds(text, topic.start())
        if p.quiz.search(text, lo, hi):
            continue
        end = min(_topic_end(text, topic.end()), hi)  # a qualifier's words stop at the turn's end
        aside = _ASIDE.match(text, end, hi)
        if aside and _n().ask.search(text, aside.start(), aside.end()):
            end = aside.end()  # "my nan's maiden name, which Barclays always asks for, is X"
        head = text[lo:topic.start()]
        found = None
        if n.self_cued.search(text, topic.start(), end) or aside:
            found = _value(text, end)
        elif len(head.split()) <= _NOTE_HEAD_WORDS and not sa._END.search(head):
            value = _value(text, end)
            cue = value and (n.after.search(text, value[0] + 1, value[1]) or n.ask.search(text, value[0] + 1, value[1]))
            if cue:  # "… es Chiclayo es lo que pide el banco": the value ends where its asker's clause begins
                cut = re.search(r"(?i)[\s,]*(?:(?:es|is|é|est|ist|è|e|that's|thats|it's|its)\s+)?$", text[value[0]:cue.start()])
                value = (value[0], value[0] + cut.start()) if cut and cut.start() > 0 else None
            if value:
                rest = text[value[1]:hi]
                # "city of birth: X", a form's line; not a favourite ("favourite food: tacos" is taste)
                label = _LABEL.fullmatch(text, end, value[0]) and not n.favourite.search(text, topic.start(), end)
                if label or n.after.search(rest, 0, 80) or _asked(rest, 0, 80):
                    found = value
        if found is None and _asked(text, max(lo, topic.start() - 120), topic.start()):
            sep = _SEP.match(text, end, hi)
            told = n.told.match(text, sep.end(), hi)
            if told and told.end() > sep.end() or re.search(r"[:—–]", sep.group()):  # "…, jag skrev X", "…: X"
                value = sa._value_after(text, told.end() if told and told.end() > sep.end() else sep.end())
                found = value if value and _plain(text, value) else None
        if found:
            out.append((found[0], found[1], sa._KIND))
    return out


def _topic_turn(text: str, start: int, end: int) -> bool:
    """A turn that names only a topic, who asks for it, or that its name follows ("Name vom ersten
    Haustier?", "вопрос: кличка первого питомца", "la rue où j'ai grandi, c'est ce que demande la banque",
    "my first pet was a hamster called"): its other words are fillers, an asker's words, or a naming
    verb at its end after at most three words ("was a hamster called")."""
    tail = text[end:]
    named = _n().naming_tail.search(tail)
    if named:
        tail = tail[:named.start()]
    words = [w for w in re.findall(r"[^\s?？!.,:;]+", text[:start] + " " + tail) if w.casefold() not in _n().topic_turn]
    return not words or _asked(text, 0, len(text))


def _leftover(text: str) -> list[str]:
    """The words of ``text`` that are no filler."""
    return [w for w in re.findall(r"[^\s?？!.,:;]+", text) if w.casefold() not in _n().fillers]


#: An answer turn opening with an indefinite article describes ("una Opel Corsa"), it does not name.
_ARTICLES = frozenset({"a", "an", "un", "una", "uma", "um", "une", "ein", "eine", "einen", "een", "en", "ett", "et", "bir", "uno", "jeden", "jedna"})


_THIRD_PERSON = frozenset({"his", "her", "their", "its", "he", "she", "they", "su", "sus", "son", "sa", "ses", "sein", "seine", "ihr", "ihre",
                           "suo", "sua", "zijn", "haar", "jego", "jej", "его", "её", "ее"})


def thread_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """The answer alone in a short turn after a turn that named only a security question's topic
    ("nazwisko panieńskie mamy" / "X", "first pet ko si" / "X")."""
    if not turns or len(text) > 60:
        return []
    prev = turns[-1]
    p = sa._p()
    if len(prev) > 80 or not p.topic.may(prev):
        return []
    topic = p.topic.search(prev)
    if not topic or p.quiz.search(prev):
        return []
    end = _topic_end(prev, topic.end())
    spare = 1 if _n().self_cued.search(prev, topic.start(), end) else 0  # "nazwisko panieńskie babci"
    # "vad svarade jag på frågan om första bilen hos Handelsbanken?": what was answered, asked
    recalled = prev.rstrip().endswith(("?", "？")) and bool(_n().recall.search(prev))
    if not recalled and (len(_leftover(prev[:topic.start()])) > 0 or len(_leftover(prev[end:])) > spare) \
            and not _topic_turn(prev, topic.start(), end):
        return []
    from . import forms
    norm, origin = forms.view(text)
    words = _leftover(norm)
    if not words or len(words) > 4 or "?" in norm:
        return []
    start = norm.find(words[0])
    stop = norm.find(words[-1], start) + len(words[-1])
    first = norm.split()[0].casefold()
    if not _plain(norm, (start, stop)) or words[0].casefold() in p.no_answer or first in _ARTICLES or first in p.no_answer \
            or first in _THIRD_PERSON:
        return []
    return forms.back([(start, stop, sa._KIND)], origin)
