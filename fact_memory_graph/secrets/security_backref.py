"""A security question's answer NAMED AFTER it is given.

"I set 'Pemberton' as the answer to the best-friend question", "Larch Avenue — that's what I used
as my security answer", "Krümel habe ich als Antwort auf die Sicherheitsfrage angegeben": the value
comes first, then a phrase (``assets/security_answer_names.json`` ``back_refs``, about thirty
languages) names it as the person's own answer. The value is the quote just before the phrase, or
the short head of its clause (at most four words, not a pronoun, not talk). Not read: a quiz's or a
trivia answer (the security-answer grammar's quiz words in the turn), someone else's ("his", "her" before
"answer"), a phrase with no first-person word and no set verb.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from . import security_answers as sa

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "security_answer_names.json"
_HEAD_END = re.compile(r"[.;!?\n\u2029:。！？；]|\s[—–-]\s(?=.)")
#: What joins the value to the phrase: "X — that's what", "X, and that's what", "X. That's what".
_JOIN = re.compile(r"(?i)[\s,—–\-.:]*(?:(?:and|so|y|e|et|und|i|và|dan|na|aur|ve)\s+)?$")
_SUBJECT = re.compile(r"(?i)^(?:(?:i|yo|eu|je|ich|io|ik|ja|я|ben|saya|aku|tôi|main|mimi)\s+)?"
                      r"(?:(?:set|put|used|chose|picked|entered|typed|gave|puse|usé|coloqué|coloquei|usei|ai mis|"
                      r"j'ai mis|habe|hab|ho messo|heb|wpisałem|wpisałam|указал|указала|yazdım|isi|pakai|daala|rakha)\s+)?")


_ANSWER = re.compile(r"(?i)answer|respuesta|resposta|réponse|antwort|risposta|antwoord|odpowied|ответ|cevap|yanıt|jawab|"
                     r"jawapan|câu trả lời|sagot|jibu|जवाब|إجابة|جواب|پاسخ|答|답|memorable")
_QUESTION = re.compile(r"(?i)question|pregunta|pergunta|frage|domanda|vraag|pytani|вопрос|питанн|soru|pertanyaan|soalan|"
                       r"câu hỏi|tanong|swali|sawal|सवाल|प्रश्न|سؤال|سوال|پرسش|问题|質問|질문|security|secret|recovery")


_QUOTED = re.compile(r"(?<![^\W\d_])['\"“‘«「][^'\"“”‘’«»「」\n]{1,60}['\"”’»」](?![^\W\d_])")


class _B:
    def __init__(self) -> None:
        data = json.loads(_ASSET.read_text(encoding="utf-8"))
        self.back = re.compile(rf"(?i){sa._alt(data['back_refs'])}")
        self.own = {w.casefold() for w in data["own"]}
        self.words = tuple(sorted({w.split()[-1].casefold() for w in data["back_refs"]}))


@lru_cache(maxsize=1)
def _b() -> _B:
    return _B()


def extra_words() -> tuple[list[str], list[str]]:
    """The cue names and set verbs this module adds to the security-answer grammar."""
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return list(data["extra_strong"]), list(data["extra_set_verbs"])


def backref_spans(text: str) -> list[sa.Span]:
    """The value a back-reference phrase names as the person's own security answer."""
    low = text.casefold()
    if not any(w in low for w in ("answer", "respuesta", "resposta", "réponse", "antwort", "risposta", "antwoord",
                                  "odpowied", "ответ", "cevap", "yanıt", "jawab", "câu trả lời", "sagot", "jibu",
                                  "जवाब", "إجابة", "جواب", "پاسخ", "答", "답", "memorable", "what i")):
        return []
    b, p = _b(), sa._p()
    spans: list[sa.Span] = []
    for m in b.back.finditer(text):
        lo, hi = sa._turn_bounds(text, m.start())
        if p.quiz.search(text, lo, hi) or sa._THIRD.search(text, max(lo, m.start() - 12), m.start()):
            continue
        phrase = text[m.start():m.end()].casefold()
        clause_after = text[m.end():hi][:80]
        said = set(re.findall(r"[^\W\d_']+(?:'[^\W\d_]+)?", phrase + " " + text[lo:m.start()].casefold()))
        if not (said & b.own
                or re.search(r"(?i)\b(?:my|mi|minha|meu|ma|mon|meine|mia|mijn|moj)\b", clause_after)
                or p.strong.search(text, m.start(), min(hi, m.end() + 80))):
            continue  # "as the answer to the riddle": not the person's own security answer
        if not (_ANSWER.search(phrase) or _QUESTION.search(clause_after) or p.strong.search(clause_after)):
            continue  # "pizza — that's what I used for the party"
        before = text[lo:m.start()]
        join = _JOIN.search(before)
        head_end = lo + (join.start() if join else len(before))
        if head_end <= lo:
            continue
        quote_close = text[head_end - 1]
        value = None
        earlier = list(_QUOTED.finditer(text, max(lo, m.start() - 80), m.start()))
        if quote_close not in sa._QUOTES.values() and earlier:
            head_end = earlier[-1].end()  # "'Zeytin' yazdım, güvenlik sorusuna cevap olarak": the quote earlier in the clause
            quote_close = text[head_end - 1]
        if quote_close in sa._QUOTES.values():
            opening = max(text.rfind(o, lo, head_end - 1) for o in sa._QUOTES)
            if opening >= lo and head_end - 1 - opening <= sa._MAX_CHARS:
                value = (opening + 1, head_end - 1)
        if value is None:
            cut = [x.end() for x in _HEAD_END.finditer(text, lo, head_end)]
            start = cut[-1] if cut else lo
            head = text[start:head_end]
            sub = _SUBJECT.match(head.strip())
            lead = len(head) - len(head.lstrip()) + (sub.end() if sub else 0)
            words = head[lead:].split()
            if len(words) > 4:  # "grew up on Harbour Row and that's what I used": its trailing name
                k = len(words)
                while k > 0 and words[k - 1][:1].isupper() or k > 0 and words[k - 1][:1].isdigit():
                    k -= 1
                if not 0 < len(words) - k <= 4 or k == 0:
                    continue
                lead = len(head) - len(" ".join(words[k:]))
                words = words[k:]
            if not words:
                continue
            first = words[0].casefold().strip("'\"“‘«")
            if first in p.no_answer or first in p.talk_first or "?" in head:
                continue
            value = (start + lead, head_end)
        s, e = value
        inner = text[s:e].strip()
        if inner and "?" not in inner and not p.topic.search(text, s, e) and not p.strong.search(text, s, e):
            spans.append((s, e, sa._KIND))
    return spans


class _Q:
    def __init__(self) -> None:
        data = json.loads(_ASSET.read_text(encoding="utf-8"))
        raw = json.loads(sa._ASSET.read_text(encoding="utf-8"))
        self.second = re.compile(rf"(?i){sa._alt(data['second_person'])}")
        self.noun = re.compile(rf"(?i){sa._alt(raw['nouns'] + data['extra_nouns'])}")
        self.label = re.compile(rf"(?i)^\s*(?:{sa._alt(data['answer_labels'])})\s*[:：=\-—–→]\s*")


@lru_cache(maxsize=1)
def _q() -> _Q:
    return _Q()


_WH = re.compile(r"(?i)(?:^|(?<=[\s'\"“‘«]))(?:what|what's|whats|which|where|who|whom|when|name of|qu[ée]|qual|quale|quel|quelle|"
                 r"cu[áa]l|c[óo]mo se llama|d[óo]nde|onde|o[ùu]|wo|wie|welche[rs]?|dove|come si chiama|chi|in che|gdzie|jak|"
                 r"как|где|какой|какая|кто|hangi|nerede|apa|di mana|siapa|gì|nào|ở đâu|ano|saan|sino|nini|wapi|kya|kahan|"
                 r"kaun|کیا|کہاں|ما|ماذا|أين|من|چه|کجا|什么|哪|何|どこ|무엇|어디)(?=[\s?]|$)")
_ARROW = re.compile(r"[^\S\n]*(?:→|->|=>|⇒|[:：]|\s[—–-]\s)[^\S\n]*")


def question_shape_spans(text: str) -> list[sa.Span]:
    """A security question asked in words we do not list, then its answer: a question about the
    person (a question word or a quote, a second-person word, a noun such questions ask about)
    then a verb of setting or answering it after its quote ("fb asks 'what street did u grow up
    on' i put X", "alla domanda '…i tuoi genitori' ho risposto X"), or an arrow/colon after it
    where an account or a check is named ("what city were your parents married in → X (paypal)")."""
    if len(text) > 600:
        return []
    p = sa._p()
    quoted = any(c in text for c in "'\"“‘«") and sa._maybe(text, p)  # a quote, and a cue's words
    arrowed = any(a in text for a in ("→", "->", "=>", "⇒", "?:", "? :", "? -", "? —", "?—", "？："))
    if not (quoted or arrowed):
        return []
    q = _q()
    spans: list[sa.Span] = []
    for open_at, ch in ((i, c) for i, c in enumerate(text) if quoted and c in "'\"“‘«"):
        close = sa._QUOTES[ch]
        end = text.find(close, open_at + 1, open_at + 90)
        if end < 0 or end - open_at < 8:
            continue
        inner = text[open_at + 1:end]
        if not (q.second.search(inner) and q.noun.search(inner)) or p.quiz.search(text, *sa._turn_bounds(text, open_at)):
            continue
        gap = sa._SET_AFTER.match(text, end + 1)
        space = re.compile(r"[^\S\n]*[,:]?[^\S\n]*").match(text, end + 1)
        cue = p.answer_or_set.match(text, gap.end() if gap else end + 1) or p.answer_or_set.match(text, space.end())
        if cue is None:
            continue
        value = sa._value_after(text, cue.end())
        if value and not p.topic.search(text, *value) and not q.second.search(text, *value):
            spans.append((value[0], value[1], sa._KIND))
    if arrowed:
        for wh in _WH.finditer(text):
            lo, hi = sa._turn_bounds(text, wh.start())
            arrow = _ARROW.search(text, wh.end(), min(hi, wh.end() + 90))
            if not arrow:
                continue
            between = text[wh.end():arrow.start()].rstrip().removesuffix("?").removesuffix("？")
            if sa._END.search(between.replace("—", " ").replace("–", " ")):
                continue  # the arrow answers this question only: "… in → X", "… in? → X"
            ask = text[wh.start():arrow.start()]
            if not (q.second.search(ask) and q.noun.search(ask)) or p.quiz.search(text, lo, hi):
                continue
            if not (sa._context(text[lo:hi]) or p.strong.search(text, max(0, lo - 2 * sa._NEAR), hi)):
                continue
            value = sa._value_after(text, arrow.end())
            if value and not p.topic.search(text, *value) and not q.second.search(text, *value):
                spans.append((value[0], value[1], sa._KIND))
    return spans


def labelled_next_turn(text: str, turns) -> list[sa.Span]:  # noqa: ANN001 - a sequence of earlier turns
    """"ตอบ: X", "Respuesta: X", "A: X" in the turn after one that names a security question."""
    if not turns or len(text) > 200:
        return []
    from . import forms
    q, p = _q(), sa._p()
    norm, origin = forms.view(text)
    m = q.label.match(norm)
    if not m:
        return []
    prev = forms.view(turns[-1])[0]
    if not p.strong.search(prev) or p.quiz.search(prev):
        return []
    value = sa._value_after(norm, m.end())
    return forms.back([(value[0], value[1], sa._KIND)], origin) if value else []


_FILLER = re.compile(r"(?i)(?:[^\S\n]*[,:\-—–]?[^\S\n]*(?:thing|one|bit|stuff|field|box|part|again|too|also|cosa|coisa|truc|"
                     r"ding|dingens|wala|ka|na|lang|ya|yaar|bhai|lol|haha))*[^\S\n]*[,:\-—–]?[^\S\n]*(?=['\"“‘«「])")


def cue_then_quote(text: str) -> list[sa.Span]:
    """A security answer's name, a filler word ("thing", "bit") or a comma, then the quoted value:
    "that's my answer for the memorable word thing, 'X'"."""
    p = sa._p()
    if not any(q in text for q in "'\"“‘«「") or not sa._maybe(text, p):
        return []
    spans: list[sa.Span] = []
    for cue in p.strong.finditer(text):
        gap = _FILLER.match(text, cue.end())
        if not gap or gap.end() == cue.end() and text[cue.end():cue.end() + 1] not in "'\"“‘«「":
            continue
        quote = sa._quoted(text, gap.end())
        if quote is None:
            continue
        inner = text[quote[0]:quote[1]]
        if inner.strip() and "?" not in inner and not p.topic.search(inner) and not p.strong.search(inner) \
                and inner.split()[0].casefold() not in p.no_answer and not p.quiz.search(text, *sa._turn_bounds(text, cue.start())):
            spans.append((quote[0], quote[1], sa._KIND))
    return spans
