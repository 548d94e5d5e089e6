"""A language lesson's sample values, not a person's (round thirty-one).

Tutors, teachers and learners write sample sentences with made-up values: "ejemplo para la clase: "Mi
contraseña es gato123" → "My password is gato123"", "Übungssatz: "Meine PIN ist 1234" – bitte ins
Türkische übersetzen", "contoh soal: "kata sandi saya adalah rahasia123" (contoh saja)", "sentence
practice: "mera OTP 123456 hai" …". The secret's name inside the sample sentence made its value read as
one. A value is kept when its message has a lesson's word (an exercise, a practice or example sentence, a
textbook, homework — ``assets/lesson_examples.json`` ``cues``, ~25 languages) or says the value is made up
(``unreal``: "no es real", "не настоящий", "just example hai"), and the value is

- inside a quoted sample sentence (quotes of any script around two words or more beside it), or
- a trivial value: a run of one digit ("0000"), digits counting up ("1234", "123456"), a word with such a
  run ("gato123", "rahasia123"), "qwerty", "abc123".

In a vocabulary lesson or a glossary (``vocabulary``: "the word", "how do you say", "means", "glossary", "in
English", ~25 languages), a value made only of secrets' names is a word taught ("password in Turkish is şifre",
"用語集：暗証番号＝PIN、口座番号＝account number", "translation drill: PIN → код, password → пароль"); so is a
value without a digit right after a glossary's "=" or arrow ("boarding pass = tarjeta de embarque"), and what
follows a secret's name in quotes, the word mentioned, not used ("'password' is a countable noun").

Both are needed: an interpreter relaying a client's real password in quotes ("dile al banco: "mi
contraseña es Nyota_azul275"") says no lesson's word, and a lesson's word beside a value neither quoted in
a sample sentence nor trivial ("after class my locker code is 4471") keeps that value withheld.

Gated by one lexicon lookup (the cue words); the quotes' pattern is linear.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fact_memory_graph.secrets import forms, lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "lesson_examples"  # assets/lesson_examples.json

#: A quoted stretch on one line, in the quotes of the scripts people write lessons in.
_QUOTED = re.compile(r'"[^"\n]{2,200}"|“[^”\n]{2,200}”|„[^“”\n]{2,200}[“”]|«[^»\n]{2,200}»|「[^」\n]{2,200}」'
                     r"|『[^』\n]{2,200}』|‘[^’\n]{2,200}’")
_CJK = re.compile(f"[{prefilter.UNSPACED_SCRIPTS}]")
_EDGES = " \t\"'“”‘’«»„「」『』()[].,;:!?"
_WEAK = frozenset({"qwerty", "abc123", "abc", "abcd", "asdf", "password", "qwerty123", "1q2w3e"})


@lru_cache(maxsize=1)
def _gate() -> lexicon.Gate:
    data = lexicon.asset_lists(_ASSET)
    return lexicon.Gate([*data["cues"], *data["unreal"]])


@lru_cache(maxsize=1)
def _cue() -> re.Pattern[str]:
    data = lexicon.asset_lists(_ASSET)
    return re.compile("(?i)" + prefilter.whole_words(w.lower() for w in [*data["cues"], *data["unreal"]]))


@lru_cache(maxsize=1)
def _glossary() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(w.lower() for w in lexicon.asset_lists(_ASSET)["glossary"]))


@lru_cache(maxsize=1)
def _unreal() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(w.lower() for w in lexicon.asset_lists(_ASSET)["unreal"]))


def _said_unreal(text: str, sp: Span) -> bool:
    """The value's own clause says it is made up right after it ("gate 2656 is just a made-up number")."""
    tail = text[sp[1]:sp[1] + 40]
    tail = re.split(r"[.!?;,\n]", tail, maxsplit=1)[0]
    return _unreal().search(tail) is not None


@lru_cache(maxsize=1)
def _vocabulary_gate() -> lexicon.Gate:
    return lexicon.Gate(lexicon.asset_lists(_ASSET)["vocabulary"])


@lru_cache(maxsize=1)
def _vocabulary() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(w.lower() for w in lexicon.asset_lists(_ASSET)["vocabulary"]))


_WORDS = re.compile(r"[^\W_]+")
#: A glossary's "=" or arrow right before a value.
_GLOSS = re.compile(r"(?:=|＝|→|->|⇒)\s*$")
_GLOSS_MARK = re.compile(r"=|＝|→|->|⇒")
#: A word in quotes, then up to two words, right before a value ("'password' is a …").
_QUOTED_WORD = re.compile(r"[‘'\"“«„「]([^‘'\"“”’«»„「」\n]{2,25})[’'\"”»“」]\s*(?:[^\W\d_]+\s+){0,2}$")


def names_only(value: str) -> bool:
    """Whether every word of ``value`` is a secret's name ("şifre", "PIN、口座番号＝account")."""
    words = _WORDS.findall(value)
    if not words or any(c.isdigit() for c in value):
        return False
    for word in words:
        if not any(n.start == 0 and n.stop == len(word) for n in forms.names_in(word)):
            return False
    return True


def _glossed(text: str, sp: Span) -> bool:
    """A value with no digit right after a glossary's "=" or arrow, in a list of two pairs or more."""
    return (_GLOSS.search(text, max(0, sp[0] - 40), sp[0]) is not None and not any(c.isdigit() for c in text[sp[0]:sp[1]])
            and len(_GLOSS_MARK.findall(text)) >= 2)


def _taught(text: str, sp: Span, glossary: bool) -> bool:
    """A glossary's translation (:func:`_glossed`, ``glossary``: a glossary's word in the text), or a value
    after a secret's name in quotes."""
    head = text[max(0, sp[0] - 40):sp[0]]
    if glossary and _glossed(text, sp):
        return True
    quoted = _QUOTED_WORD.search(head)
    return bool(quoted and names_only(quoted.group(1)))


def _trivial_digits(digits: str) -> bool:
    if len(digits) < 3:
        return False
    if len(set(digits)) == 1:
        return True
    return all((int(b) - int(a)) % 10 == 1 for a, b in zip(digits, digits[1:], strict=False))


def trivial(value: str) -> bool:
    """A value no one keeps as a secret: one digit repeated, digits counting up, a word and such a run."""
    value = value.strip(_EDGES).casefold()
    if value in _WEAK:
        return True
    m = re.fullmatch(r"(?P<w>[^\W\d_]*)(?P<d>[\d \-]+)", value)
    if not m:
        return False
    digits = re.sub(r"[ \-]", "", m.group("d"))
    return _trivial_digits(digits) and (not m.group("w") or len(m.group("w")) >= 3 or m.group("w") in _WEAK)


def _sample_sentence(quoted: str) -> bool:
    inner = quoted[1:-1]
    return len(inner.split()) >= 3 or len(_CJK.findall(inner)) >= 4


def without_lesson_examples(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a lesson's sample values and the words a vocabulary lesson teaches (see the module's note)."""
    if not spans:
        return spans
    if _vocabulary_gate().open(text) and _vocabulary().search(text):
        glossary = _glossary().search(text) is not None
        spans = [sp for sp in spans if not (names_only(text[sp[0]:sp[1]]) or _taught(text, sp, glossary))]
    if not spans or not _gate().open(text) or not _cue().search(text):
        return spans
    samples = [m.span() for m in _QUOTED.finditer(text) if _sample_sentence(m.group())]
    return [sp for sp in spans
            if not (trivial(text[sp[0]:sp[1]]) or any(a < sp[0] < b - 1 for a, b in samples) or _said_unreal(text, sp)
                    or _glossed(text, sp))]
