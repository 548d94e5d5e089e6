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

Both are needed: an interpreter relaying a client's real password in quotes ("dile al banco: "mi
contraseña es Nyota_azul275"") says no lesson's word, and a lesson's word beside a value neither quoted in
a sample sentence nor trivial ("after class my locker code is 4471") keeps that value withheld.

Gated by one lexicon lookup (the cue words); the quotes' pattern is linear.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fact_memory_graph.secrets import lexicon, prefilter

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
    """``spans`` without a lesson's sample values (see the module's note)."""
    if not spans or not _gate().open(text) or not _cue().search(text):
        return spans
    samples = [m.span() for m in _QUOTED.finditer(text) if _sample_sentence(m.group())]
    return [sp for sp in spans
            if not (trivial(text[sp[0]:sp[1]]) or any(a < sp[0] < b - 1 for a, b in samples))]
