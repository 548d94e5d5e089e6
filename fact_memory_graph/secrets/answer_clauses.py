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


@cache
def model() -> pm.Model | None:
    """The shipped model, or ``None`` when its asset is absent (the rules alone then read)."""
    try:
        raw = json.loads((resources.files("fact_memory_graph") / "assets" / "answer_clause_model.json")
                         .read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    return pm.from_data(raw)


def asks(norm: str, names: list[forms.NameMatch]) -> bool:
    """Whether the message names a password, a security question or answer or a memorable word, or names a security question's
    topic where it is a note of one clause ("first pet was a hamster called X", "ma première école
    c'était X": an answer written down) or names who asks it (a bank, an account, a sign-up: "for
    Barclays I used the street I grew up on, X"). Told with more about it and nobody asking ("my
    first dog was called Biscuit, he was lovely", a turn before it in the thread) it is a story, and
    stays."""
    if any(n.kind in ASKING_KINDS for n in names):
        return True
    p = sa._p()
    if (sa._maybe(norm, p) and p.strong.search(norm)) or memorable_words.may_name(norm):
        return True  # a security question's or a memorable word's own name, in a language the names' reader lacks
    if p.topic.search(norm) is None:
        return False
    return sum(1 for m in _CLAUSE.finditer(norm) if m.group().strip()) == 1 or sa._context(norm)


def clause_score(reader: pm.Model, text: str) -> float:
    """The highest score of the clauses of ``text`` (one clause of the message) that hold a word
    outside the model's everyday words — a value ("I forgot my memorable word again" holds none)."""
    return max((reader.clause_score(c) for c in pm.clauses(pm.normalise(text))
                if any(t not in reader.vocabulary for t in pm.tokens(c))), default=0.0)


#: A clause of at most this many words after another is read with the clause before it as well: a value
#: apposed after a comma or a dash ("for the bank I picked my gran's maiden name, Kowalczyk").
_APPOSED_WORDS = 3


def spans(norm: str, names: list[forms.NameMatch]) -> list[Span]:
    """Each clause the model reads as giving an answer or a memorable word, where the message asks."""
    reader = model()
    if reader is None or not asks(norm, names):
        return []
    out: list[Span] = []
    before = ""
    for m in _CLAUSE.finditer(norm):
        text = m.group()
        if not text.strip():
            continue
        if clause_score(reader, text) >= reader.threshold or (
                before and len(text.split()) <= _APPOSED_WORDS
                and clause_score(reader, f"{before} {text}") >= reader.threshold
                and any(t not in reader.vocabulary for t in pm.tokens(pm.normalise(text)))):
            start = m.start() + len(text) - len(text.lstrip())
            out.append((start, m.start() + len(text.rstrip()), _KIND))
        before = text
    return out
