"""A security question's topic and the value set for it, told in one short clause with no "security" word.

People note a security answer by what the question asks about and what they put, not by its name:
"first pet?? I put Biscuit", "for the "city where your parents met" thing I put Porto Alegre",
"coloquei Coco que era o nome do meu primeiro cachorro", "la respuesta es Coco, como se llamaba mi
primer gato", "jibu ni Medan, mji wazazi wangu walipokutana". What makes the value an answer is a
TOPIC of a security question (a first pet, the street one grew up on, where one's parents met, a
mother's maiden name: ``security_answers`` topics, ~30 languages) beside a first-person verb of
setting ("I put", "coloquei") or an answer's word ("la respuesta es", "jibu ni"), in either order:

- the topic, then within a few words (a question mark, a colon or "thing" between) the verb and
  the value: "first pet?? I put Biscuit";
- the verb or the answer's word and the value, then within a few words the topic: "coloquei Coco que
  era o nome do meu primeiro cachorro".

The value is a short name (capitalised words, or a word of a script without capitals). Kept: a
quiz's or a survey's topic, a value that is talk ("I put nothing", "I put it in the garden"), a topic
and a verb in different sentences.
"""

from __future__ import annotations

import re

from . import question_hints as qh
from . import security_answers as sa

Span = tuple[int, int, str]

_KIND = "password"
_GAP = 40  # characters between the topic and the verb, or between the value and the topic
#: Between a topic and the verb after it: a question's marks, a colon, a dash, "thing" or "one" ("city where your
#: parents met" thing I put …); no words of a sentence ("first car was a Fiat, I put Michelin tyres on it").
_TOPIC_GAP = re.compile(r"(?i)[\s?？:：\-—–,\"'”’»)]*(?:(?:thing|one|question|q)(?![^\W\d_])[\s?？:：\-—–,]*)?")
_SENTENCE = re.compile(r"(?<!\.)\.(?=\s)|[;!\n\u2029。！；]")


def _value(text: str, at: int) -> tuple[int, int] | None:
    value = sa._value_after(text, at)
    if not value:
        return None
    s, e = value
    e = s + qh._name_head(text[s:e])
    inner = text[s:e]
    if not inner.strip() or not qh.named(inner) or qh._talk(inner) or sa._p().topic.search(inner):
        return None
    return s, e


def spans(text: str) -> list[Span]:
    """Values set for a security question's topic named beside them (module note)."""
    if len(text) > 600:
        return []
    p = sa._p()
    topics = list(p.topic.finditer(text))
    if not topics:
        return []
    out: list[Span] = []
    for topic in topics:
        lo, hi = sa._turn_bounds(text, topic.start())
        if p.quiz.search(text, lo, hi):
            continue
        # the topic first: "first pet?? I put Biscuit"
        verb = p.set_verb.search(text, topic.end(), min(hi, topic.end() + _GAP))
        if verb and _TOPIC_GAP.fullmatch(text, topic.end(), verb.start()) and verb.group()[:1].lower() == "i":
            value = _value(text, verb.end())
            if value:
                out.append((*value, _KIND))
        # the value first: "coloquei Coco que era …", "la respuesta es Coco, como se llamaba mi primer gato"
        head_lo = max(lo, topic.start() - _GAP - 30)
        cues = [*p.set_verb.finditer(text, head_lo, topic.start()), *p.weak.finditer(text, head_lo, topic.start())]
        for cue in sorted(cues, key=lambda m: m.start(), reverse=True)[:2]:
            value = _value(text, cue.end())
            if not value or value[1] > topic.start() or topic.start() - value[1] > _GAP:
                continue
            if _SENTENCE.search(text, cue.start(), topic.start()):
                continue
            out.append((*value, _KIND))
            break
    return list(dict.fromkeys(out))
