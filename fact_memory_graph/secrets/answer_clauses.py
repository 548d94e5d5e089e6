"""A learned reader of the clause that gives a security answer or a bank's memorable word.

The rules (:mod:`security_answers`, :mod:`topic_notes`, :mod:`memorable_words`, …) read a cue, a
topic and a value in the orders people were seen to write them; each new writer words a few anew
("okay note the the word the bank asks for is X full stop", "first pet was a hamster called X",
"hasło do telefonicznej obsługi w banku X"). This reader scores each clause of the message with a
logistic regression over the clause's hashed character and word n-grams — the features of the
privacy-request reader (:mod:`fact_memory_graph.privacy_model`), read from the same normalised
text — trained on the security answers and memorable words of the spent secret corpora (the
clauses that hold the answer) against their look-alikes and everyday chat
(``tools/security_answer_model/train.py``; weights as data, ``assets/answer_clause_model.json``).

It is asked only where the message names a password or a security answer, or is a note of one
clause naming a security question's topic (the words the rules start from; :func:`asks`), and it
reads only a clause holding a word outside the everyday words of its training data (the value): a
clause it reads there is withheld whole — the answer has no shape to cut it by. Elsewhere nothing
is read: "my first dog was called Biscuit, he was lovely" is a life story and stays
(docs/privacy.md has the decision and its measure). The threshold is the one
at which, leave one corpus out, no LoCoMo turn is read (docs/privacy.md has the figures).
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from fact_memory_graph import privacy_model as pm
from fact_memory_graph.secrets import forms, memorable_words
from fact_memory_graph.secrets import security_answers as sa

Span = tuple[int, int, str]

#: The kinds of a secret's name that make a message one that may give an answer or a word.
ASKING_KINDS = frozenset({"password", "answer"})
#: A clause of the text as the filter reads it (the boundaries of :data:`privacy_model.CLAUSES`,
#: with the dashes and CJK marks that ``normalise`` turns into them, and the filter's joins of a
#: thread's turns and of a record's fields: a turn before is a clause of its own).
_CLAUSE = re.compile(r"[^,.!?;:\n()\u2014\u2013\u3001\u3002\uff0c\uff61\uff64\u2028\u2029]+")
_KIND = "password"
#: A clause ending on a question mark (Latin, Arabic, Greek, full-width).
_ASKED = frozenset("?\u061f\u037e\uff1f")


@cache
def model() -> pm.Model | None:
    """The shipped model, or ``None`` when its asset is absent (the rules alone then read)."""
    try:
        raw = json.loads((resources.files("fact_memory_graph") / "assets" / "answer_clause_model.json")
                         .read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    return pm.from_data(raw)


#: A note opens with its topic, no one saying it in its first words ("my first pet was …", "il nome del mio primo
#: animale …"): "i said my first pet was a hamster named X" tells what was said, a story.
_NOTE_LEAD = 3


def asks(norm: str, names: list[forms.NameMatch], note: bool = True) -> bool:
    """Whether the message names a password, a security question or answer or a memorable word, or names a security question's
    topic where it is a note of one clause ("first pet was a hamster called X", "ma première école
    c'était X": an answer written down), is laid out as a note ("Nintendo — rodné příjmení mámy = X"),
    or names an institution that asks it (a bank: not a person who asked) or an answer word ("ans:"). Told with more about it and nobody asking ("my
    first dog was called Biscuit, he was lovely", a turn before it in the thread) it is a story, and
    stays."""
    if any(n.kind in ASKING_KINDS for n in names):
        return True
    p = sa._p()
    if not norm.isascii() and ((sa._maybe(norm, p) and p.strong.search(norm)) or memorable_words.may_name(norm)):
        return True  # a question's or a memorable word's own name in a language the names' reader lacks (none ASCII)
    topic = p.topic.search(norm)
    if topic is None:
        return False
    return ((note and sum(1 for m in _CLAUSE.finditer(norm) if m.group().strip()) == 1
             and not p.stop.search(" ".join(norm[:topic.start()].split()[:_NOTE_LEAD]))) or "=" in norm or "->" in norm
            or "\u2192" in norm or memorable_words.names_an_institution(norm) or p.weak.search(norm) is not None)


def clause_score(reader: pm.Model, text: str) -> float:
    """The highest score of the clauses of ``text`` (one clause of the message) that hold a word
    outside the model's everyday words — a value ("I forgot my memorable word again" holds none)."""
    return max((reader.clause_score(c) for c in pm.clauses(pm.normalise(text))
                if any(t not in reader.vocabulary for t in pm.tokens(c))), default=0.0)


#: A clause of at most this many words is read with the clause before it (the last of the turn before, for a
#: turn's first): a value apposed after a comma, a colon or a dash, or answering the turn before ("for the bank I
#: picked my gran's maiden name, Kowalczyk", "Reddit: anyám leánykori neve?" / "válasz: Loki"). The model is
#: trained on the same readings (``tools/security_answer_model/train.py``).
APPOSED_WORDS = 3


def readings(clauses: list[str], before: str = "") -> list[str]:
    """Each clause as the model reads it: a short one joined to the clause before it."""
    out = []
    for c in clauses:
        out.append(f"{before} {c}" if before and len(c.split()) <= APPOSED_WORDS else c)
        before = c
    return out


def _read(reader: pm.Model, norm: str, before: str, lead: bool) -> list[Span]:
    """The clauses read (with ``lead``, only a turn's leading short clauses up to the first holding a value:
    "válasz: Petőfi" after a question)."""
    out: list[Span] = []
    for m in _CLAUSE.finditer(norm):
        text = m.group()
        if not text.strip():
            continue
        if lead and len(text.split()) > APPOSED_WORDS:
            break
        if norm[m.end():m.end() + 1] in _ASKED:  # "Mädchenname deiner Mutter?": a question asks, it gives no answer
            before = text.strip()
            continue
        valued = any(t not in reader.vocabulary for t in pm.tokens(pm.normalise(text)))
        if valued and clause_score(reader, readings([text.strip()], before)[0]) >= reader.threshold:
            start = m.start() + len(text) - len(text.lstrip())
            out.append((start, m.start() + len(text.rstrip()), _KIND))
        if lead and valued:
            break
        before = text.strip()
    return out


def spans(norm: str, names: list[forms.NameMatch]) -> list[Span]:
    """Each clause the model reads as giving an answer or a memorable word, where the message asks."""
    reader = model()
    if reader is None or not asks(norm, names):
        return []
    return _read(reader, norm, "", lead=False)


#: Asking why in reply ("why do you ask", "a czemu pytasz", "warum?"): talk, not the answer.
_WHY = re.compile(r"(?i)(?<![^\W\d_])(?:why|warum|wieso|pourquoi|por ?qu[eé]|perch[eé]|porqu[eê]|czemu|dlaczego|почему|зачем"
                  r"|чому|neden|niye|waarom|miksi|varf[öo]r|hvorfor|γιατί|pro[cč]|mi[ée]rt|de ce|kenapa|mengapa|tại sao"
                  r"|क्यों|لماذا|ليش|למה)(?![^\W\d_])|为什么|為什麼|なぜ|なんで|왜")


def thread_spans(text: str, before: str) -> list[Span]:
    """The first clause of a turn read after the last clause of the turn before, where that turn asks
    by name, by who asks, or with an answer word in this turn ("Steam: nom de jeune fille de ma mère ?" /
    "réponse : Lemaire"): its leading short clauses only."""
    reader = model()
    first = next((m.group().strip() for m in _CLAUSE.finditer(text) if m.group().strip()), "")
    if reader is None or not first or len(first.split()) > APPOSED_WORDS or not before.strip() or _WHY.search(first):
        return []  # "a czemu pytasz, bo nie pamiętam": a question back is no answer
    norm, origin = forms.view(text)
    prev = forms.view(before)[0]
    last = next((c for c in reversed([m.group().strip() for m in _CLAUSE.finditer(prev)]) if c), "")
    if not last or not (asks(prev, forms.names_in(prev), note=False)
                        or (sa._p().topic.search(prev) and sa._p().weak.search(norm))):
        return []  # a question's topic alone then a short turn is talk ("first dog?" / "Rex, a beagle")
    return forms.back(_read(reader, norm, last, lead=True), origin)
