"""A security question's answer pointed at after it: what the form wants, what it was set to.

People give the answer first and only then say what it is, in words about the form rather than
about a "security question": "grew up on <street>, that's the one it wants", "<town> - where my
parents met. the portal asks that every time", "ik ben opgegroeid in de <straat>, dat is het
antwoord", "첫 애완동물 이름 <이름> 이에요 그걸로 해주세요" (set it to that), "<name>. try that".
What makes the value a secret is the pair: a POINTER after it (assets ``wanted_answers.json``
``pointers``, ~20 languages: "that's the one it wants", "that's the answer", "try that", "set it
to that", "dat is het antwoord", "eso es lo que pide", "그걸로 해주세요", "就填这个", "वही डालो"), and
an ANCHOR before it in the turn or the turn before: a security question's topic (the grammar of
``security_answers``), its name, a topic named only by a question word and a noun ("the
question is the street thing"), or a childhood place said as a verb ("grew up on", "opgegroeid
in", "crecí en" — ``places``).

The value is the clause right before the pointer: after the anchor when the anchor opens it
("grew up on X"), else the clause itself, its lead ("its", "c'est", "ni") and a copula at its end
("이에요", "था", "hai") left out; when that clause is only the anchor ("X - where my parents met.
…"), the clause before it. At most four words, not a pronoun, not talk.

Kept: a pointer with no anchor ("pizza, that's the one it wants" at a restaurant), a pointer that does
not end its clause ("try that bakery"; ``ends``: the words that may close it, "every time", "pls"), an anchor with
no pointer (the other readers' business), a quiz's or homework's answer (the grammar's quiz words
in the turn).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from . import security_answers as sa

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "wanted_answers.json"
_KIND = "password"
_MAX_WORDS = 4
#: What ends a clause before a pointer: punctuation, a spaced dash, an arrow, a new turn.
_CUT = re.compile(r"[.;:!?\n\u2029。！？；：]|\s[—–-]\s|[—–]|->|→|,|，|、")
#: What joins a value to its pointer: spaces, punctuation, "and", "so".
_JOIN = re.compile(r"(?i)(?:[\s,.;:!?—–\-→>。、，！？]|\b(?:and|so|y|e|et|und|en|i|dan|na|aur|ve|at)\b)*$")
_WORD = re.compile(r"[^\s.,;:!?()\[\]\"“”‘’«»「」—–。、！？；，]+")


class _W:
    def __init__(self) -> None:
        data = json.loads(_ASSET.read_text(encoding="utf-8"))
        self.pointer = re.compile(rf"(?i){sa._alt(data['pointers'])}")
        self.pointer_words, self.pointer_glued = sa.phrase_words(data["pointers"])
        self.place = re.compile(rf"(?i)(?:{sa._alt(data['places'])})(?:[^\S\n]+(?:{sa._alt(data['articles'])}))?[^\S\n]*")
        self.question = re.compile(rf"(?i)(?:{sa._alt(data['question_words'])})")
        self.lead = re.compile(rf"(?i)^[^\S\n]*(?:(?:{sa._alt(data['leads'])})[^\S\n]*[:\-—]?[^\S\n]*)+")
        self.copula = re.compile(rf"(?i)[^\S\n]*(?:{sa._alt(data['end_copulas'])})[^\S\n]*$")
        self.not_first = frozenset(w.casefold() for w in data["not_first"])
        self.nouns = re.compile(rf"(?i)(?:{sa._alt(sa._p_data()['nouns'])})")
        #: after a pointer: its clause's end, or a word that may close it ("… asks that every time", "try that pls")
        self.end = re.compile(rf"(?i)[^\S\n]*(?:$|[.,;:!?)\n\u2029。！？，、…]|(?:{sa._alt(data['ends'])})(?![^\W\d_]))")


@lru_cache(maxsize=1)
def _open_answer() -> re.Pattern[str]:
    """A turn ending on an answer's word and its copula ("…, la respuesta es", "the answer is:"): the
    security-answer grammar's connectors that hold one of its answer words."""
    p = sa._p()
    words = [c for c in sa._p_data()["connectors"] if p.weak.search(c)]
    return re.compile(rf"(?i)(?:{sa._alt(words)})[^\S\n]*[:：\-—–]?[^\S\n]*$")


@lru_cache(maxsize=1)
def _w() -> _W:
    return _W()


def _question_noun(text: str, lo: int, hi: int) -> bool:
    """A question named by a question word and a noun such questions ask about, within four words
    ("the question is the street thing", "la pregunta de la mascota")."""
    w = _w()
    for q in w.question.finditer(text, lo, hi):
        near = text[max(lo, q.start() - 40):min(hi, q.end() + 40)]
        if w.nouns.search(near):
            return True
    return False


def _anchored(text: str, lo: int, hi: int) -> bool:
    """A security question's topic, its name, a question word beside a topic noun, or a childhood
    place said as a verb, in ``text[lo:hi]``."""
    p = sa._p()
    return bool(p.topic.search(text, lo, hi) or p.strong.search(text, lo, hi) or _w().place.search(text, lo, hi)
                or _question_noun(text, lo, hi))


def _clean(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A value's words between ``start`` and ``end``: its lead and a copula at its end left out;
    None when it is not one to four words of an answer."""
    w, p = _w(), sa._p()
    seg = text[start:end]
    lead = w.lead.match(seg)
    if lead and lead.end() < len(seg):
        start += lead.end()
        seg = text[start:end]
    cop = w.copula.search(seg)
    if cop and cop.start() > 0:
        end = start + cop.start()
        seg = text[start:end]
    stripped = seg.strip(" \t'\"“”‘’«»")
    if not stripped:
        return None
    start += seg.index(stripped)
    end = start + len(stripped)
    words = _WORD.findall(stripped)
    if len(words) > _MAX_WORDS:  # "its where i went to Maple Grove": its trailing name, capitalised
        names = list(re.finditer(r"(?:[A-ZÀ-Þ][^\s.,;:!?]*)(?:[^\S\n]+[A-ZÀ-Þ][^\s.,;:!?]*){0,3}$", stripped))
        if not names or names[0].start() == 0 or not stripped[:names[0].start()].rstrip()[-1:].islower():
            return None
        start += names[0].start()
        stripped = names[0].group()
        words = _WORD.findall(stripped)
    if not words or len(words) > _MAX_WORDS or end - start > sa._MAX_CHARS:
        return None
    first = words[0].casefold().strip("'’")
    if first in p.no_answer or first in p.talk_first or first in p.talk or first in w.not_first:
        return None
    if p.topic.search(text, start, end) or p.strong.search(text, start, end) or w.pointer.search(text, start, end):
        return None
    if not any(ch.isalpha() for ch in stripped):
        return None
    return start, end


def _value_before(text: str, lo: int, at: int) -> tuple[int, int] | None:
    """The value in the clause right before ``at`` (a pointer's start), in the turn from ``lo``."""
    w, p = _w(), sa._p()
    join = _JOIN.search(text, lo, at)
    end = join.start() if join else at
    if end <= lo:
        return None
    cuts = [m.end() for m in _CUT.finditer(text, lo, end)]
    start = cuts[-1] if cuts else lo
    # the clause opens with its anchor: the value after it ("grew up on X", "첫 애완동물 이름 X 이에요")
    anchor = None
    for m in (*p.topic.finditer(text, start, end), *w.place.finditer(text, start, end)):
        if anchor is None or m.end() > anchor.end():
            anchor = m
    if anchor is not None:
        a_end = anchor.end()
        for _ in range(4):  # its possessors and qualifiers: "이름", "ka naam", "de mi madre"
            tail = p.tail.match(text, a_end, end)
            if not tail or tail.end() == a_end:
                break
            a_end = tail.end()
        if text[a_end:end].strip(" \t:=-—–,"):
            return _clean(text, a_end, end)
        if len(cuts) >= 1:  # the clause is the anchor alone: the value is the clause before it
            before = [c for c in cuts if c < start]
            prev_start = before[-1] if before else lo
            prev_end = start - 1
            while prev_end > prev_start and not text[prev_end - 1].isalnum():
                prev_end -= 1
            return _clean(text, prev_start, prev_end) if prev_end > prev_start else None
        return None
    return _clean(text, start, end)


def _may(text: str) -> bool:
    w = _w()
    return sa.names_a_phrase_word(text, w.pointer_words, w.pointer_glued)


def spans(text: str) -> list[Span]:
    """Values a pointer after them names as the answer a form wants, a topic or a childhood place
    named before them in the turn (``text`` normalised; turns may be joined by U+2029)."""
    if len(text) > 600 or not _may(text):
        return []
    w, p = _w(), sa._p()
    out: list[Span] = []
    for m in w.pointer.finditer(text):
        lo, hi = sa._turn_bounds(text, m.start())
        if not w.end.match(text, m.end()) or p.quiz.search(text, lo, hi) or not _anchored(text, lo, m.start()):
            continue
        value = _value_before(text, lo, m.start())
        if value:
            out.append((value[0], value[1], _KIND))
    return out


def thread_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """The value of ``text`` that a pointer after it names as the answer, when the turn before
    named the question ("street I grew up on" / "X — that's the answer it wants"; "locked out of
    the portal" / "the question is the street thing. X. try that" reads in its own turn); and the
    short turn after a turn that named a topic and ended on its answer's word ("el pueblo de mi
    madre, la respuesta es" / "X")."""
    if not turns or not text or len(text) > 300:
        return []
    from . import forms
    prev = forms.view(turns[-1])[0]
    if len(prev) > 300 or not _anchored(prev, 0, len(prev)):
        return []
    norm, origin = forms.view(text)
    w, p = _w(), sa._p()
    if p.quiz.search(norm) or p.quiz.search(prev):
        return []
    if p.topic.search(prev) and _open_answer().search(prev.rstrip(" .…")) and len(norm) <= 60:
        value = _clean(norm, 0, len(norm.rstrip(" .!…")))  # "el pueblo de mi madre, la respuesta es" / "Zacatlán"
        return forms.back([(value[0], value[1], _KIND)], origin) if value else []
    if not _may(text):
        return []
    out: list[Span] = []
    for m in w.pointer.finditer(norm):
        if not w.end.match(norm, m.end()):
            continue  # "try that bakery": no pointer
        value = _value_before(norm, 0, m.start())
        if value:
            out.append((value[0], value[1], _KIND))
    return forms.back(out, origin)
