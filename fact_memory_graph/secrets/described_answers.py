"""A security answer or a password told as a small story, or by what it is before it is said.

"Security question is my first pet — we named the dog after the cartoon, Biscuit", "Pregunta de
seguridad: mi primera mascota. Le pusimos Canelo", "Контрольный вопрос — первая собака, её звали Жужа";
"the netflix password is just our dog's name, rocky", "memorable word? I went with my nan's village,
Little Snoring". Words as data (``assets/described_answers.json``), in about twenty-five languages:

- NAMING: after a security question's name (:mod:`security_answers`' strong cues) and within the same
  turn, a verb of naming ("we called him", "le pusimos", "on l'appelait", "hieß", "звали", "namanya",
  "gọi nó là" …); the value is the name after it in its clause: a run of capitalised words (a few
  words of the story may stand between: "named the dog after the cartoon, Biscuit"), or one word
  ending the clause;
- DESCRIBED: a secret's name ("password", "memorable word", "contraseña" …), then within eight words a
  noun describing the value (name, village, street, team …), then a comma, colon or dash and the value
  ending its clause.

Without a secret's name nothing is read: "we named the dog after the cartoon, Biscuit" in a life
story is kept.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import credential_forms, lexicon, prefilter
from fact_memory_graph.secrets import security_answers as sa

Span = tuple[int, int, str]

_NEAR = 250  # a question's name this far before the naming verb (characters, same turn)
_CLAUSE = re.compile(r"[.;!?\n\u2029()。！？；]|\s[-–—]\s")
_WORD = re.compile(r"[^\s.,;:!?()\[\]\"“”‘’«»—–。、！？；，]+")
_CASED = re.compile(r"[A-Za-zÀ-ÿĀ-žͰ-ϿЀ-ӿ]")
_JOIN = re.compile(r"[ \t]*(?:[,:—–]|\s-)[ \t]*['\"“‘«]?")
#: Up to two words owning the described noun: "imię kota", "name of our dog", "nombre de mi perro".
_OWNER = re.compile(r"(?:[ \t]+[^\s.,;:!?()\[\]\"“”‘’«»—–]+){1,3}?(?=[ \t]*(?:[,:—–]|\s-))")
_MAX_GAP_WORDS = 6
_MAX_NAME_WORDS = 3


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("described_answers.json")
                      .read_text(encoding="utf-8"))


@functools.cache
def _gate() -> lexicon.Gate:
    d = _data()
    return lexicon.Gate(d["naming"] + d["described_cue"])


@functools.cache
def _naming() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(_data()["naming"]))


@functools.cache
def _cue() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(_data()["described_cue"]))


@functools.cache
def _described() -> re.Pattern[str]:
    return re.compile("(?i)(?:['’]s\\s+|\\s)(?:" + prefilter.whole_words(_data()["described"]) + ")")


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold a story's or a described value (a set lookup for most texts)."""
    return _gate().open(text)


def _clause_end(text: str, at: int) -> int:
    m = _CLAUSE.search(text, at, min(len(text), at + 120))
    return m.start() if m else min(len(text), at + 120)


def _capitalised_run(text: str, at: int, end: int) -> tuple[int, int] | None:
    """The first run of capitalised words between ``at`` and ``end`` after at most a few plain words."""
    words = list(_WORD.finditer(text, at, end))
    for n, w in enumerate(words[:_MAX_GAP_WORDS + 1]):
        token = w.group()
        if token[:1].isupper():
            last = w
            for nxt in words[n + 1:n + _MAX_NAME_WORDS]:
                if not (nxt.group()[:1].isupper() or nxt.group()[:1].isdigit()) or text[last.end():nxt.start()].strip():
                    break
                last = nxt
            return w.start(), last.end()
    return None


def _value(text: str, at: int) -> tuple[int, int] | None:
    end = _clause_end(text, at)
    words = list(_WORD.finditer(text, at, end))
    if not words:
        return None
    if not _CASED.search(words[0].group()):  # a script without capitals: the word after the verb
        return words[0].span()
    run = _capitalised_run(text, at, end)
    if run:
        return run
    if len(words) == 1 and len(words[0].group()) >= 3:  # "we called him biscuit."
        return words[0].span()
    return None


def _turn_start(text: str, at: int) -> int:
    return text.rfind("\u2029", 0, at) + 1


def _turn_end(text: str, at: int) -> int:
    end = text.find("\u2029", at)
    return len(text) if end < 0 else end


@functools.cache
def _named_question() -> re.Pattern[str]:
    """A question named by its topic's noun: "the street question", "the pet one", "la pregunta del perro"."""
    nouns = prefilter.whole_words(sa._p_data()["nouns"])
    words = prefilter.whole_words(_data()["question_words"])
    return re.compile(rf"(?i)(?:{nouns})[ \t]+(?:{words})|(?:{words})[ \t]+(?:\w+[ \t]+)?(?:{nouns})")


def _cue_after(text: str, at: int, hi: int) -> bool:
    """A verb of setting an answer, then its topic, after the name: "…, that's what I put as first pet"."""
    p = sa._p()
    return p.answer_or_set.search(text, at, hi) is not None \
        and (p.topic.search(text, at, hi) is not None or _named_question().search(text, at, hi) is not None)


def naming_spans(text: str, *, cued: bool = False) -> list[Span]:
    """A name given by a verb of naming near a security question's name (``cued``: the turn before
    named one and its topic)."""
    p = sa._p()
    if not cued and not sa._maybe(text, p):
        return []
    out: list[Span] = []
    for m in _naming().finditer(text):
        lo = max(_turn_start(text, m.start()), m.start() - _NEAR)
        hi = min(_turn_end(text, m.end()), m.end() + _NEAR)
        if not (cued or p.strong.search(text, lo, hi) or _cue_after(text, m.end(), hi)):
            continue
        value = _value(text, m.end())
        if value and not p.strong.search(text, *value) and not credential_forms.services().fullmatch(text[value[0]:value[1]]):
            out.append((value[0], value[1], "password"))
    return out


def described_spans(text: str) -> list[Span]:
    """A value given after a secret's name and a noun describing it ("just our dog's name, rocky")."""
    out: list[Span] = []
    for cue in _cue().finditer(text):
        end = _clause_end(text, cue.end())
        for noun in _described().finditer(text, cue.end(), end):
            if len(_WORD.findall(text, cue.end(), noun.start())) > 8:
                break
            after = _OWNER.match(text, noun.end())  # "imię kota:", "name of our dog,"
            join = _JOIN.match(text, after.end() if after else noun.end())
            if not join or not text[noun.end():join.end()].strip(" \t"):
                continue
            words = list(_WORD.finditer(text, join.end(), _clause_end(text, join.end())))
            if not words:
                break
            run = _capitalised_run(text, join.end(), words[-1].end()) if _CASED.search(words[0].group()) else None
            if run and run[0] == words[0].start() and run[1] == words[-1].end():
                out.append((run[0], run[1], "password"))
            elif len(words) == 1 and len(words[0].group()) >= 3 \
                    and not credential_forms.services().fullmatch(words[0].group()):
                out.append((words[0].start(), words[0].end(), "password"))
            break
    return out


#: After a topic: up to four words of what it is for ("do banku", "for the bank"), then "=", ":" or an arrow.
_LABEL_SIGN = re.compile(r"(?:[ \t]+[^\s=:→>.,;!?]+){0,4}?[ \t]*(?:=|:|->|→)[ \t]*")


def labelled_topic_spans(text: str) -> list[Span]:
    """A security question's topic written as a label, its value after "=", ":" or an arrow, where a
    service or an account is named ("Nintendo — rodné příjmení mámy = Greenacre",
    "nazwisko panieńskie matki do banku: Fernández")."""
    if not ("=" in text or ":" in text or "->" in text or "→" in text):
        return []
    p = sa._p()
    out: list[Span] = []
    for topic in p.topic.finditer(text):
        end = topic.end()
        for _ in range(4):  # its possessors: "de mi madre", "của mẹ", "mámy"
            m = p.tail.match(text, end)
            if not m or m.end() == end:
                break
            end = m.end()
        sign = _LABEL_SIGN.match(text, end)
        if not sign:
            continue
        lo, hi = _turn_start(text, topic.start()), _turn_end(text, end)
        if not (credential_forms.services().search(text, lo, hi) or sa._context(text[lo:hi])):
            continue
        value = sa._value_after(text, sign.end())
        if value and not p.topic.search(text, *value) and not p.strong.search(text, *value):
            out.append((value[0], value[1], "password"))
    return out


def spans(text: str) -> list[Span]:
    found = labelled_topic_spans(text)
    if not mentioned(text):
        return found
    return found + naming_spans(text) + described_spans(text)


def thread_spans(text: str, turns: tuple[str, ...] | list[str]) -> list[Span]:
    """A name told by a story in the turn after one naming a security question and its topic
    ("setting up the pension, q: name of first pet?" / "we had a tortoise called Bonzo"). A question
    mark alone is no cue: "seen any good movie lately?" / "one called 'Inception'" is chat."""
    if not turns or len(text) > 300 or not _gate().open(text):
        return []
    p = sa._p()
    prev = turns[-1]
    if not p.topic.search(prev) and not _named_question().search(prev):
        return []
    if not (p.strong.search(prev) or re.search(r"(?i)(?:^|\s)q\s*:", prev) or sa._weak(prev, 0, len(prev))
            or sa._context(prev) or len(turns) > 1 and p.strong.search(turns[-2])):
        return []
    return naming_spans(text, cued=True)
