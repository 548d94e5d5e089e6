"""A security question's answer given for when someone asks.

"If the bank asks about the dog, it's Biscuit", "si te preguntan por mi primer colegio, di San
Ignacio", "wenn die Bank nach dem Geburtsort fragt: Quedlinburg", "ilk evcil hayvanımı sorarlarsa
Pamuk de": a CONDITION (an asker and a verb of asking, ``asks`` in ``assets/asked_topics.json``, or
"if" + up to four words + "asks" in English), a TOPIC before or after it, then the ANSWER after a
lead word ("say", "tell them", "it's", "di", "sag", "скажи" …). The topic is the security-answer
grammar's ("my first pet", "mother's maiden name") or a bare subject ("the dog", "mum", "the
school"); a bare subject counts only when the asker is an institution (a bank, an app, the phone
line) or an account, a bank or a check is named: "if the vet asks about the dog, she's fine" is
no answer, and neither is a value starting with a pronoun or with talk ("it's fine").
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from . import security_answers as sa

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "asked_topics.json"
#: "if the lady on the phone asks", "when Barclays wants": an English asker of up to four words.
_ENGLISH = r"(?<![^\W\d_])(?:if|when|whenever|in\s+case|should)\s+(?:[^\W\d_][\w'’&.-]*\s+){1,5}?(?:asks?|wants?|prompts?)(?![^\W\d_])"
#: "agar bank pehli gaadi ke baare mein puche": Hindi's asker and topic between "if" and the verb.
_HINDI = r"(?<![^\W\d_])(?:agar|jab|अगर|जब)\s+(?:\S+\s+){0,7}?(?:puche|puchein|puchen|pooche|poochein|puchhe|puchta|puchte|पूछे|पूछें)(?![^\W\d_])"
#: Words of a condition that are no verb of asking: not a gate.
_NOT_VERBS = frozenset({"if", "when", "whenever", "in", "case", "should", "they", "it", "me", "you", "i'm", "im", "i", "are", "is",
                        "anyone", "someone", "somebody", "the", "bank", "app", "question", "la", "el", "le", "de", "te", "lo", "se", "si",
                        "on", "o", "a", "em", "ils", "quand", "wenn", "sie", "die", "falls", "man", "du", "dich", "wird", "nach",
                        "ti", "mi", "als", "ze", "je", "wordt", "jeśli", "jak", "gdy", "jeżeli", "cię", "если", "тебя", "меня",
                        "банк", "когда", "якщо", "kalau", "jika", "mereka", "bila", "nếu", "họ", "ngân", "hàng", "bị", "khi",
                        "agar", "woh", "wo", "jab", "अगर", "बैंक", "pag", "kapag", "kung", "ka", "benki", "om", "banken", "hvis",
                        "jos", "pankki", "he", "ha", "když", "pokud", "banka", "dacă", "banca", "αν", "σε", "ako", "nel",
                        "caso", "que", "en", "wanneer", "efter", "banco", "banque", "cuando", "quando", "vous", "naar", "wirst"})
_SEP = re.compile(r"\s*(?:[,:：，、;—–→=]|\s-\s|\.\.\.)\s*")
_WINDOW = 90  # characters from the condition to the end of the topic
_BEFORE_WORDS = 5  # an answer said before its condition ("grew up on Larch Row if the bank asks …")


class _A:
    def __init__(self) -> None:
        data = json.loads(_ASSET.read_text(encoding="utf-8"))
        asks = data["asks"]
        # the gate: the verbs of asking only (a condition's "if", "they", "the bank" are in most messages)
        verbs = {t for w in asks if not sa._GLUED.search(w) for t in sa._TOKEN.findall(w.casefold()) if len(t) > 2} - _NOT_VERBS
        self.gate_words = frozenset(verbs | {"ask", "asks", "asked", "want", "wants", "prompt", "prompts", "prompted", "puche",
                                             "puchein", "puchen", "pooche", "poochein", "puchhe", "puchta", "puchte", "पूछे", "पूछें"})
        self.gate_glued = tuple(sorted({w.casefold() for w in asks if sa._GLUED.search(w)}))
        self.ask = re.compile(rf"(?i){sa._alt(asks)}|{_ENGLISH}|{_HINDI}")
        self.about = re.compile(rf"(?i)\s*(?:{sa._alt(data['about'])})\s*")
        self.subject = re.compile(rf"(?i){sa._alt(data['subjects'])}")
        self.institution = re.compile(rf"(?i){sa._alt(data['institutions'])}")
        self.lead = re.compile(rf"(?i)(?:{sa._alt(data['leads'])})")
        self.context = re.compile(rf"(?i){sa._alt(data['context'])}")
        trailing = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(data["trailing"], key=len, reverse=True))
        self.trailing = re.compile(rf"(?i)(?:\s+|(?<={sa._GLUED.pattern}))(?:{trailing})$")
        self.not_first = re.compile(rf"(?i){sa._alt(data['not_first'])}")


@lru_cache(maxsize=1)
def _a() -> _A:
    return _A()


def _topical(text: str, a: int, b: int, asker: str) -> bool:
    """A security question's topic between ``a`` and ``b``, or a bare subject an institution asks about."""
    p = sa._p()
    if p.topic.search(text, a, b) or p.strong.search(text, a, b):
        return True
    if not _a().subject.search(text, a, b):
        return False
    lo, hi = sa._turn_bounds(text, a)
    return bool(_a().institution.search(asker) or _a().context.search(text, lo, hi))


def _answer(text: str, at: int, hi: int) -> tuple[int, int] | None:
    """The answer at ``at``: separators and lead words skipped, a trailing lead word ("Pamuk de",
    "Maruti bolna") dropped, talk and pronouns refused."""
    a, p = _a(), sa._p()
    for _ in range(3):
        sep = _SEP.match(text, at, hi)
        if sep and sep.end() > at:
            at = sep.end()
        lead = a.lead.match(text, at, hi)
        if lead and lead.end() > at and (lead.end() >= hi or not text[lead.end()].isalnum()):
            at = lead.end()
            continue
        if not (sep and sep.end() > at):
            break
    value = sa._value_after(text, at)
    if not value:
        return None
    start, end = value
    for _ in range(2):
        tail = a.trailing.search(text, start, end)
        if tail and tail.start() > start:
            end = tail.start()
    first = (sa._TOKEN.findall(text[start:end].casefold()) or [""])[0]
    if first in p.talk or first in p.talk_first or first in p.no_answer or a.not_first.match(text, start) \
            or (p.topic.search(text, start, end) and not _named_place(text, start, end)):
        return None
    return start, end


def _named_place(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a proper name that holds a topic's noun ("Grundschule am
    Wiesengrund", "Greenhill Primary School"): a capitalised word of its own beside the noun, and
    no possessive ("my first pet's name" is talk about the question)."""
    p = sa._p()
    value = text[start:end]
    topic = p.topic.search(value)
    if topic is None or re.search(r"(?i)\b(?:my|your|his|her|our|their|mi|mon|ma|mein|meine|meu|minha)\b", value):
        return False
    rest = value[:topic.start()] + " " + value[topic.end():]
    return any(w[:1].isupper() for w in rest.split() if w[:1].isalpha()) or value[topic.start():topic.start() + 1].isupper() \
        and len(value.split()) >= 2


def _before(text: str, lo: int, at: int) -> tuple[int, int] | None:
    """A short clause right before the condition, as its answer ("Biscuit if they ask about the dog")."""
    ends = [c.end() for c in sa._END.finditer(text, lo, at)]
    start = ends[-1] if ends else lo
    clause = text[start:at]
    words = clause.split()
    if not words or len(words) > _BEFORE_WORDS:
        return None
    p = sa._p()
    first = (sa._TOKEN.findall(clause.casefold()) or [""])[0]
    if first in p.no_answer or first in p.talk_first or first in p.talk or _a().not_first.match(clause.lstrip()):
        return None
    s = start + len(clause) - len(clause.lstrip())
    return s, s + len(clause.strip())


def spans(text: str) -> list[sa.Span]:
    """Each answer given for a security question's topic asked under a condition."""
    a = _a()
    if not sa.names_a_phrase_word(text, a.gate_words, a.gate_glued):
        return []
    p = sa._p()
    out: list[sa.Span] = []
    for m in a.ask.finditer(text):
        lo, hi = sa._turn_bounds(text, m.start())
        if p.quiz.search(text, lo, hi):
            continue
        found = None
        # the topic after the condition: the first separator or lead word with a topic before it
        about = a.about.match(text, m.end(), hi)
        top = about.end() if about else m.end()
        stop = min(hi, m.end() + _WINDOW)
        cuts = sorted({c.start() for c in _SEP.finditer(text, top, stop)}
                      | {c.start() for c in a.lead.finditer(text, top, stop)
                         if c.start() > top and not text[c.start() - 1].isalnum()})
        for cut in cuts:
            clause = sa._END.search(text, top, cut)
            if clause and text[clause.start()] not in ",，、":
                break
            if _topical(text, top, cut, m.group()):
                found = _answer(text, cut, hi)
                break
        # the answer before the condition, the topic after it ("born in Aveiro if they ask the city of birth question")
        if found is None and m.start() > lo:
            stop = sa._END.search(text, top, hi)
            if _topical(text, top, stop.start() if stop else hi, m.group()):
                found = _before(text, lo, m.start())
        # the topic before the condition ("ilk evcil hayvanımı sorarlarsa Pamuk de", "犬のことを聞かれたら、ポチ")
        if found is None:
            before = max(lo, m.start() - 60)
            ends = [c for c in sa._END.finditer(text, before, m.start()) if text[c.start()] not in ",，、"]
            if ends:  # the clause the condition is in
                before = ends[-1].end()
            if _topical(text, before, m.end(), text[before:m.end()]):  # Hindi's topic is inside the condition
                to = re.match(r"(?i)\s*(?:to|toh|then|entonces|então|alors|dann|allora|dan|thì|basi|ise)?(?![^\W\d_])", text[m.end():hi])
                found = _answer(text, m.end() + (to.end() if to else 0), hi)
        if found:
            out.append((found[0], found[1], sa._KIND))
    return out
