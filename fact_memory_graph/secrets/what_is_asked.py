"""A value told as what someone asks for, with no noun naming it (round thirty-one).

"what the bank asks for, characters from it: tangerine15", "what nationwide asks for on the phone —
lighthouse75", "lo que pide el banco: Faro75", "ce que la banque demande au téléphone : Phare75": a bank's
memorable word or a phone password named only by who asks for it. ``asked_values`` reads "the word the bank
asks for is …" (a noun for the value); here the relative "what" stands for it. Read when

- "what" (``whats``, ~15 languages) and up to four words (who asks) come before a verb of asking for
  (``asks``) in the turn;
- the value is the turn's last token after a colon, a dash or a copula in the same sentence, within 70
  characters of the verb;
- it has a password's shape: letters and digits, or a capital inside a word of five letters or more
  ("Faro75", "tangerine15", "LightHouse"); an amount ("£500"), a form's field ("DOB") or a plain word is left.

Words as data (``assets/what_is_asked.json``), gated by one lexicon lookup.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "what_is_asked"  # assets/what_is_asked.json
_REACH = 70


@lru_cache(maxsize=1)
def _patterns() -> tuple[lexicon.Gate, re.Pattern[str], re.Pattern[str]]:
    data = lexicon.asset_lists(_ASSET)
    asked = re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.alternation(data['whats'])})\s+(?:[^\s.!?;]+\s+){{0,4}}?"
                       rf"(?:{prefilter.whole_words(data['asks'])})")
    value = re.compile(r"(?i)(?:[:：—–]|\s-|\bis\b|\bes\b|\best\b|\bist\b|\bé\b|\bè\b)\s*[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»]{4,40}?)"
                       r"[\"'”’»]?[\s.!]*$")
    return lexicon.Gate(data["asks"]), asked, value


def _shaped(value: str) -> bool:
    letters, digits = re.search(r"[^\W\d_]", value), re.search(r"\d", value)
    if letters and digits:
        return not re.search(r"[£$€¥₹%]", value)
    return bool(letters) and len(value) >= 5 and not value.isupper() and any(c.isupper() for c in value[1:])


def asking_at(text: str, at: int) -> bool:
    """Whether ``text[at]`` is inside "what <someone> asks for" ("ce que la banque demande": no request's word)."""
    gate, asked, _ = _patterns()
    return gate.open(text) and any(m.start() <= at < m.end() for m in asked.finditer(text, max(0, at - 80), min(len(text), at + 40)))


def spans(text: str) -> list[Span]:
    """The value a message tells as what someone asks for (see the module's note)."""
    gate, asked, value = _patterns()
    if len(text) > 400 or not gate.open(text):
        return []
    out: list[Span] = []
    for m in asked.finditer(text):
        end = min(len(text), m.end() + _REACH)
        stop = re.search(r"[.!?\n\u2029](?:\s|$)", text[m.end():end])
        if stop and text[m.end() + stop.end():].strip():
            end = m.end() + stop.start()  # the value is in the verb's own sentence
        if end < len(text.rstrip(" .!")):
            continue  # the turn goes on: the value must end it
        v = value.search(text, m.end(), len(text))
        if v and _shaped(v.group("v").rstrip(".,;!")):
            token = v.group("v").rstrip(".,;!")
            out.append((v.start("v"), v.start("v") + len(token), "password"))
    return out
