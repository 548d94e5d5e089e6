"""A security question's topic and its value as a whole message of one clause.

"first pet was a dog called Kowalczyk", "um first pet was a beagle named Waffles", "il nome del mio primo
cane era Marmalade 🚒", "first school i went to Holy Cross Infants 👍", "ma première école c'était
Oyelaran", "first pet Chichi". Round eighteen decided that such a note is withheld (a note written to keep
an answer); the learned reader of answer clauses reads some of them. This one reads the note by its
grammar: the message is only an opener or two ("um", "sorry again but"), the topic (:mod:`security_answers`'
topics and their possessors), a joining verb, an optional describing noun after an article and a naming
word ("was a hamster called"), or a verb of a school's or a street's ("i went to"), then a name of at most
four words, then nothing but an emoji, a closer ("lol"), punctuation or a phrase saying it was set ("so put
that in", "thats what i set it to"). A bare name after the topic
("first pet Chichi") must be capitalised. A favourite's topic is a taste told ("my favourite band is Queen"),
not read here.

Kept, as decided: the fact told as a story, anything said after the name ("my first dog was called
Biscuit, he was lovely"), a description not a name ("my first car was a Honda": an article opens it),
talk ("first pet was the best").

Words as data in ``assets/clause_notes.json``; read only on a message of at most 120 characters that may
hold a topic.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import prefilter, topic_notes
from fact_memory_graph.secrets import security_answers as sa

Span = tuple[int, int, str]

_KIND = "password"
_MAX_CHARS = 120
_MAX_NAME_WORDS = 4
_NAME = re.compile(r"[^\W\d_][\w'’.\-]*")
_TRAIL = re.compile(r"[\s.!,;:…~\-]*(?:[^\w\s]+\s*)*$")  # punctuation and emoji at the message's end


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("clause_notes.json")
                      .read_text(encoding="utf-8"))


@functools.cache
def _patterns() -> tuple[frozenset[str], re.Pattern[str], re.Pattern[str]]:
    d = _data()
    join = re.compile(rf"(?i)\s*(?:(?P<went>{prefilter.alternation(d['went'], any_apostrophe=True)})\s+|(?P<cop>{prefilter.alternation(d['copulas'], any_apostrophe=True)})\s+"
                      rf"(?:(?:{prefilter.alternation(d['articles'], any_apostrophe=True)})\s+[^\W\d_]+\s+(?P<named>{prefilter.alternation(d['naming'], any_apostrophe=True)})\s+)?"
                      rf"|(?P<name>{prefilter.alternation(d['naming'], any_apostrophe=True)})\s+|(?P<asked>\s?\?\s+)"
                      rf"|\s?(?:[:=\-—–>→…]+|\.{{2,}})\s*|\s)")
    closers = re.compile(rf"(?i)(?:\s+(?:{prefilter.alternation(d['closers'], any_apostrophe=True)}))+(?=[\W]*$)")
    return frozenset(w.casefold() for w in d["openers"]), join, closers


def spans(text: str) -> list[Span]:
    """The name in a message that is only a security question's topic and its value."""
    if len(text) > _MAX_CHARS or "\n" in text.strip() or "\u2029" in text or text.count("?") > 1:  # one message, one clause
        return []
    p = sa._p()
    if not p.topic.may(text):
        return []
    topic = p.topic.search(text)
    if not topic or p.quiz.search(text) or topic_notes._n().favourite.search(topic.group()):
        return []  # "my favourite band is Queen": a taste told, not a first pet's or a first school's name
    openers, join, closers = _patterns()
    head = [w for w in re.findall(r"[^\s,.:;!]+", text[:topic.start()]) if w.casefold() not in openers
            and w.casefold() not in topic_notes._n().fillers]
    if head:
        return []
    end = topic_notes._topic_end(text, topic.end())
    # the topic's own match may end in its copula ("first pet was"): read the join from the topic's noun
    back = re.search(r"(?i)\s+(?:was|is|era|war|est|ist|è|é|foi)$", text[topic.start():end])
    if back:
        end = topic.start() + back.start()
    m = join.match(text, end)
    if not m or "?" in text and not m.group("asked"):  # a question mark only right after the topic: "first school? Pokhara"
        return []
    tail = text[m.end():]
    told = re.search(rf"(?i)[\s,;.\-—–]+(?:so\s+|and\s+)?(?:{p.post.pattern[4:]})[\W]*$", tail)
    if told:  # "first dog was Nugget lol so put that in": the note said to be what was set
        tail = tail[:told.start()]
    stop = len(tail)
    closer = closers.search(tail)
    if closer:
        stop = closer.start()
    trail = _TRAIL.search(tail[:stop])
    stop = trail.start() if trail else stop
    value = tail[:stop]
    words = value.split()
    if not words or len(words) > _MAX_NAME_WORDS or not all(_NAME.fullmatch(w) for w in words):
        return []
    first = words[0].casefold()
    if first in topic_notes._ARTICLES or first in p.talk or first in topic_notes._THIRD_PERSON:
        return []
    # "first car? beetlegreen": two common words run together are a name made up to be remembered, as a capital is
    capitalised = all(w[:1].isupper() for w in words) or m.group("asked") is not None and len(words) == 1 \
        and _joined_words(words[0])
    if len(words) > 1 and not capitalised:  # "was the best one": a description, not a name
        return []
    if m.group("asked") and not capitalised:  # "first pet? dunno": a question asked, then talk
        return []
    if not (m.group("went") or m.group("cop") or m.group("name")) and not capitalised:
        return []  # "first pet cat": a bare word after the topic must be a name
    if m.group("cop") and not m.group("named") and not capitalised and len(words) == 1 \
            and not m.group("cop").casefold().startswith(("c", "s", "h", "з")):
        return []  # "first car was red": a plain copula before a lower-case word describes
    start = m.end()
    if not topic_notes._plain(text, (start, start + len(value))):
        return []
    return [(start, start + len(value), _KIND)]


@functools.cache
def _run_together() -> frozenset[str]:
    d = json.loads(resources.files("fact_memory_graph.assets").joinpath("clause_notes.json").read_text(encoding="utf-8"))
    return frozenset(d["run_together_talk"])


def _joined_words(word: str) -> bool:
    """"beetlegreen", "bluemoon": no word of its own but two common words of three letters or more run
    together, as an answer made up to be remembered is ("dunno", "nope", "fluffy" are no such)."""
    from fact_memory_graph.secrets.recalled_values import _common_words
    common = _common_words()
    word = word.casefold()
    if len(word) < 7 or not word.isalpha() or word in common or word in _run_together():
        return False
    return any(word[:i] in common and word[i:] in common for i in range(3, len(word) - 2))
