"""An example's values, not a person's: a template of zeros or x's ("cpf: 000.000.000-00",
"iban: dexx xxxx xxxx xxxx xxxx xx als beispiel", "0000 0000 00 0000000000") and, in a message that
says it shows an example (a manual, a tutorial, documentation, a form's template — assets
``template_values.json``, ~25 languages), a credential made only of an example's words and a run of
digits ("Passwort geheim123", "mot de passe: motdepasse123", "ChangeMe123", "usuario.ejemplo",
"max.mustermann", "user@example.com / hasło123").

A template's run needs an x, a mask's dot or three groups of zeros, and eight of its characters: a
real PIN "0000" is not one. An example's credential needs its cue in its own message and every one of
its letter runs among the demo words: "the manual's example is fine, my password is Tulpe-Rot-88" keeps
"Tulpe-Rot-88" withheld.

Only spans other readers found are read, each test behind a cheap character or word test.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

Span = tuple[int, int, str]
_ASSET = Path(__file__).resolve().parent.parent / "assets" / "template_values.json"

#: A template's run: a country's two letters maybe, then zeros, x's or a mask's dots in groups.
_TEMPLATE = re.compile(r"(?i)(?:[a-z]{2}(?=[x0]))?[0x*•●#](?:[ .\-/]?[0x*•●#]){7,}")
_TEMPLATE_CHAR = re.compile(r"[0xX*•●#]")
_LETTERS = re.compile(r"[^\W\d_]+")
_DIGITS = re.compile(r"\d+")


@functools.cache
def _data() -> tuple[re.Pattern[str], frozenset[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    cues = "|".join(re.escape(w) for w in sorted(set(data["cues"]), key=len, reverse=True))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{cues})"), frozenset(w.casefold() for w in data["demo_words"])


def _template(value: str) -> bool:
    m = _TEMPLATE.match(value)
    if not m:
        return False
    run = m.group()
    if re.search(r"[1-9]", run) or not (re.search(r"[xX*•●#]", run) or len(re.findall(r"0+", run)) >= 3):
        return False
    return not _DIGITS.search(value[m.end():])  # the words after it hold no digit ("als beispiel")


def _demo_value(value: str, demo: frozenset[str]) -> bool:
    """Only an example's words (split at case changes too: "ChangeMe123"), digits and separators."""
    words = [w for run in _LETTERS.findall(value) for w in re.findall(r"[A-Z]?[^\W\d_A-Z]+|[A-Z]+(?![^\W\d_])", run) or [run]]
    if not words or not all(w.casefold() in demo for w in words):
        return False
    digits = _DIGITS.findall(value)
    return all(d in "0123456789" or d == "0" * len(d) for d in digits)


def _in_template(text: str, start: int, end: int) -> bool:
    """The span lies in a template's run or begins one ("[000].000.000-00", "dexx xxxx … als beispiel")."""
    for m in _TEMPLATE.finditer(text, max(0, start - 24), min(len(text), end + 24)):
        if m.start() <= start < m.end() and _template(text[m.start():max(end, m.end())]):
            return True
    return False


def _token(text: str, start: int, end: int) -> str:
    """The span widened to its whitespace-bounded token ("hasło[123]"), its first token if the rest is
    words ("motdepasse123 [comme exemple]")."""
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    value = text[start:end].strip(" '\"“”«»(),.;:!?")
    first, _, rest = value.partition(" ")
    return first if rest and not _DIGITS.search(rest) else value


def without_templates(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a template's run and an example's credential."""
    if not spans:
        return spans
    cue = None
    out = []
    for sp in spans:
        if _TEMPLATE_CHAR.search(text, sp[0], sp[1] + 1) and _in_template(text, sp[0], sp[1]):
            continue
        # a seed phrase is twelve words or more of a list, not one example's word ("example" is a BIP-39 word)
        if sp[2] != "seed phrase" and _demo_value(_token(text, sp[0], sp[1]), _data()[1]):  # the value first: the cue's search is the dearer
            if cue is None:
                cue = _data()[0].search(text) is not None
            if cue:
                continue
        out.append(sp)
    return out
