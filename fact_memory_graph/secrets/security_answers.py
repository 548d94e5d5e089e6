"""A security question's answer, read by its grammar.

Three parts, all words as data (``assets/security_answers.json``), in about thirty languages:

- a CUE that the value is a security, verification or recovery answer: the name of such a question
  or answer ("security question", "pregunta de seguridad", "resposta secreta", "security sawal",
  "秘密の質問" …, ``strong``), or an answer word or a verb of setting one ("the answer for",
  "jawab", "sagot", "what I set", "I put" …, ``weak``: counted only beside a topic);
- a TOPIC, what such a question asks about: a listed one ("mother's maiden name", "where my
  parents met", "maika naam" …) or a modifier (first, favourite, childhood …) within two words of a
  noun (pet, school, teacher, car, street, movie …), either order ("pangalan ng una kong aso",
  "klichka pervogo pitomca", "thú cưng đầu tiên"), then its possessors ("de mi madre", "ka naam");
- the VALUE: the rest of the clause after the topic and a joining word (":", "—", ",", "is", "era",
  "hai", "si", a quote), up to a stop (punctuation, "that's", "hai", "because" …), at most eight
  words. A value starting with a pronoun, a question word or a verb of forgetting is talk about the
  question ("security question: first car — I forgot it"), not its answer.

Without a cue nothing is read: "my first car was a Honda" in a life story is kept (docs/privacy.md).
A topic asked in one turn ("the bank asked my first car") and the answer given in the next
("I said Maruti 800", "Maruti 800 daala hai maine") is read by :func:`thread_spans`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "security_answers.json"
_GLUED = re.compile("[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_KIND = "password"
_NEAR = 150  # a cue this close to a topic (characters, same turn) makes it a security question's
_MAX_WORDS = 8
_MAX_CHARS = 60
_QUOTES = {"'": "'", '"': '"', "“": "”", "‘": "’", "«": "»", "「": "」", "『": "』", "„": "“", "”": "”", "’": "’"}
#: Ends a value: a clause's punctuation, a new turn, a spaced dash.
_END = re.compile(r"[.;!?()\[\]\n\u2029,—–。、！？；，]|\s-\s|\s->|→")
_LEAD = re.compile(r"(?:[\s:=\-—–→>,)\[\]：，、…]|\.{2,})+")  # "… surname... Rocco": an ellipsis leads to the value too
_COPULA = re.compile(r"(?i)\s(?:is|was|es|era|fue|é|foi|est|était|ist|war|è|jest|był|była|это|adalah|ialah|là|hai|ni|ay)\s")
_TOKEN = re.compile(r"[^\W\d_]+")
_QA = re.compile(r"(?:^|\s)(?:a|r|ans|answ|resp)\s?:")  # "Q: … A: …"
_IDIOM = re.compile(r"(?i)\s+(?:to|for|a|à|pra|para)\s+(?:everything|anything|all|life|todo|tudo|tout|alles)\b")
_THIRD = re.compile(r"(?i)\b(?:his|her|their|its|the candidate's|the student's)\s+$")
_TITLE = re.compile(r"(?i)mr|mrs|ms|mx|dr|st|sr|sra|srta|prof|fr|mme|mlle|hr|fr|sto|sta|dna|gng|bu|pak|sgt|capt|rev")
_PLACE_PREP = frozenset({"at", "in", "on", "en", "em", "no", "na", "à", "au", "im", "am", "nel", "nella", "sa"})
#: "the answer to <a question put to 'you'> is X" — a security question asks about the person.
_ANSWER_TO = re.compile(r"(?i)\s+(?:to|for|of|de|da|do|à|a|para|per|zu|für|на|ke|kwa|sa)\s+(?:the\s+)?(?:question\s+)?"
                        r"['\"“‘«]?(?:what|where|who|which|when|name|qu[ée]|qual|quel|quelle|cu[áa]l|d[óo]nde|onde|o[ùu]|"
                        r"wo|wie|welche[rs]?|dove|come|chi|gdzie|jak|где|как|kapan|di mana|siapa|apa|kahan|kya|kaun)\b")
_SECOND = re.compile(r"(?i)\b(?:you|your|tu|tus|tú|seu|sua|teu|tua|você|votre|vous|ton|ta|dein|deine|ihr|ihre|tuo|jouw|"
                     r"twój|twoja|ваш|ваша|твой|твоя|kamu|anda|aap|tumhara|tera|teri|wako|yako)\b")
_WORD = re.compile(r"[^\s.,;:!?()\[\]\"“”‘’«»「」—–。、！？；，]+")


def _alt(words: Sequence[str]) -> str:
    words = [unicodedata.normalize("NFKC", w) for w in words]  # as the text is read (Thai "ำ" splits)
    spaced = sorted({w for w in words if not _GLUED.search(w)}, key=len, reverse=True)
    glued = sorted({w for w in words if _GLUED.search(w)}, key=len, reverse=True)

    def one(w: str) -> str:
        return re.escape(w).replace(r"\ ", r"\s+").replace("'", "['’]")
    parts = []
    lead = [w for w in spaced if not w[:1].isalnum()]  # "'s name": no word boundary before it
    spaced = [w for w in spaced if w[:1].isalnum()]
    if spaced:  # as a prefix tree: the same matches in the same order, each position tries one branch (cost only)
        tree = prefilter.word_tree(spaced, prefilter.spaced_atom, flags="")
        body = tree.pattern if tree is not None else "|".join(one(w) for w in spaced)
        parts.append(rf"(?<![^\W\d_])(?:{body})(?![^\W\d_])")
    if lead:
        parts.append(rf"(?:{'|'.join(one(w) for w in lead)})(?![^\W\d_])")
    if glued:
        parts.append(rf"(?:{'|'.join(one(w) for w in glued)})")
    return "|".join(parts) or "(?!)"


def phrase_words(phrases: Sequence[str]) -> tuple[frozenset[str], tuple[str, ...]]:
    """Each phrase's longest word (a text holding none of them holds none of the phrases), and the
    phrases of scripts without spaces, whole: the cheap test :func:`names_a_phrase_word` reads."""
    words, glued = set(), set()
    for w in phrases:
        tokens = _TOKEN.findall(w.casefold())
        if _GLUED.search(w) or not tokens:
            glued.add(w.casefold())
        else:
            words.add(max(tokens, key=len))
    return frozenset(words), tuple(sorted(glued))


@lexicon.per_text
def _folded_words(text: str) -> tuple[str, frozenset[str]]:
    """``text`` casefolded and its words: read once for every gate of :func:`names_a_phrase_word`."""
    low = text.casefold()
    return low, frozenset(_TOKEN.findall(low))


def names_a_phrase_word(text: str, words: frozenset[str], glued: tuple[str, ...]) -> bool:
    """Whether ``text`` holds one of :func:`phrase_words`' words, or one of its unspaced phrases."""
    low, tokens = _folded_words(text)
    return not words.isdisjoint(tokens) or (not text.isascii() and any(g in low for g in glued))


class _Gated:
    """A large pattern run only when one of its anchor phrases can be in the text (all the words of
    one phrase among the text's words, or a phrase of a script without spaces in it): a topic's
    pattern is read on few messages."""

    def __init__(self, pattern: re.Pattern[str], anchors: Sequence[str]) -> None:
        self.pattern = pattern
        self.index: dict[str, list[frozenset[str]]] = {}
        glued = set()
        for w in anchors:
            w = unicodedata.normalize("NFKC", w).casefold()
            tokens = _TOKEN.findall(w)
            if _GLUED.search(w) or not tokens:
                glued.add(w)
            else:
                self.index.setdefault(max(tokens, key=len), []).append(frozenset(tokens))
        self.glued = tuple(sorted(glued))
        self.may = lru_cache(maxsize=512)(self._may)

    def _may(self, text: str) -> bool:
        low = text.casefold()
        words = set(_TOKEN.findall(low))
        for word in [w for w in words if w in self.index]:  # the text's few words, not the index's many
            if any(need <= words for need in self.index[word]):
                return True
        return not text.isascii() and any(g in low for g in self.glued)

    def finditer(self, text: str, *bounds: int):  # noqa: ANN201 - re's own iterator
        return self.pattern.finditer(text, *bounds) if self.may(text) else iter(())

    def search(self, text: str, *bounds: int) -> re.Match[str] | None:
        return self.pattern.search(text, *bounds) if self.may(text) else None


class _P:
    def __init__(self) -> None:
        data = json.loads(_ASSET.read_text(encoding="utf-8"))
        from . import security_backref  # bank, telco and portal questions' names
        extra_strong, extra_set = security_backref.extra_words()
        data["strong"], data["set_verbs"] = data["strong"] + extra_strong, data["set_verbs"] + extra_set
        from . import forms  # the topics listed since round seven count too
        listed = list(forms._words().get("security_topics", {}).get("words", []))
        self.strong = re.compile(rf"(?i){_alt(data['strong'])}")
        self.weak = re.compile(rf"(?i){_alt(data['weak'])}")
        self.context = re.compile(rf"(?i){_alt(data['context'])}")
        cues = data["strong"] + data["weak"] + data["set_verbs"] + data["quoted_question_cue"]
        self.glued_cues = tuple(sorted({unicodedata.normalize("NFKC", w).casefold() for w in cues if _GLUED.search(w)}))
        self.cue_index: dict[str, list[frozenset[str]]] = {}  # a cue's rarest word -> all its words
        for w in cues:
            tokens = _TOKEN.findall(unicodedata.normalize("NFKC", w).casefold())
            if tokens and not _GLUED.search(w) and w not in ("a:", "r:", "q", "one"):
                self.cue_index.setdefault(max(tokens, key=len), []).append(frozenset(tokens))
        self.set_verb = re.compile(rf"(?i){_alt(data['set_verbs'])}")
        self.trigger = re.compile(rf"(?i){_alt(data['strong'] + data['weak'] + data['set_verbs'])}"
                                  rf"|['’\"”」]\s*(?:{_alt(data['quoted_question_cue'])})")
        mod = _alt(data["ordinals"] + data["favourites"] + data["childhood"])
        noun = _alt(data["nouns"])
        gap = r"(?:[^\S\n]+[^\s.,;:!?()\"“”‘’«»—–]+){0,2}?[^\S\n]*"
        post_gap = r"(?:[^\S\n]+[^\s.,;:!?()\"“”‘’«»—–]+){0,1}?[^\S\n]*"  # "mascota favorita", "mnyama wa kwanza"
        glued_gap = r"[^\s.,;:!?()]{0,4}?"
        topic_words = data["topics"] + listed + data["ordinals"] + data["favourites"] + data["childhood"] + data["post_mods"]
        self.topic = _Gated(re.compile(
            rf"(?i)(?:{_alt(data['topics'] + listed)})|(?:{mod}){gap}(?:{noun})|(?:{noun}){post_gap}(?:{_alt(data['post_mods'])})"
            rf"|(?:{mod}){glued_gap}(?:{noun})"), topic_words)
        self.tail = re.compile(rf"(?i)[^\S\n]*(?:{_alt(data['tails'] + data['nouns'])})")
        self.connector = re.compile(rf"(?i)(?:{_alt(data['connectors'])})")
        self.stop = re.compile(rf"(?i)(?:{_alt(data['stops'])})")
        self.quiz = re.compile(rf"(?i){_alt(data['quiz'])}")
        self.reply = {w.casefold() for w in data["reply_words"]}
        self.talk_first = {w.casefold() for w in data["talk_first"]}
        self.talk = {w.casefold() for w in data["talk"]} | {w.casefold() for w in data["no_answer"]}
        self.no_answer = {w.casefold() for w in data["no_answer"]}
        self.question_cue = re.compile(rf"(?i)\s*(?:{_alt(data['quoted_question_cue'])})")
        told = list(forms._words().get("security_context", {}).get("told", []))
        self.answer_or_set = re.compile(rf"(?i)(?:{_alt(data['weak'] + data['set_verbs'])})")
        self.told = re.compile(rf"(?i)(?:{_alt(told + data['weak'] + data['set_verbs'])})")
        self.post = re.compile(rf"(?i)(?:{_alt(data['post_set'])})")


@lru_cache(maxsize=1)
def _p_data() -> dict:
    """The grammar's words (``assets/security_answers.json``), for readers built on them."""
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _p() -> _P:
    return _P()


def _turn_bounds(text: str, at: int) -> tuple[int, int]:
    lo = text.rfind("\u2029", 0, at) + 1
    hi = text.find("\u2029", at)
    return lo, len(text) if hi < 0 else hi


def _context(text: str) -> bool:
    """An account, a login, a bank or a check named (a question asked there has an answer set)."""
    from . import named_values
    return bool(_p().context.search(text) or named_values._security_context().search(text))


def _weak(text: str, a: int, b: int) -> bool:
    """An answer word between ``a`` and ``b`` that names a security answer: not a quiz's, a
    survey's or a homework's, not a reply ("answer: yes, ...")."""
    p = _p()
    for m in p.weak.finditer(text, a, b):
        if _THIRD.search(text, max(0, m.start() - 8), m.start()):
            continue  # "his answer to the question about his first job": someone else's
        if _IDIOM.match(text, m.end()):
            continue  # "that's my answer to everything"
        nxt = _TOKEN.search(text, m.end(), min(len(text), m.end() + 12))
        if nxt and nxt.group().casefold() in p.reply and not text[m.end():nxt.start()].strip(" :=-—,"):
            continue
        lo, hi = _turn_bounds(text, m.start())
        if p.quiz.search(text, lo, hi):
            continue
        return True
    return False


#: "… to the question about …" after an answer: the question it answers comes after it.
_QUESTION_AFTER = re.compile(r"(?i)\s(?:på spørgsmålet|på spørsmålet|på frågan|auf die frage|op de vraag|to the question|"
                             r"for the question|on the question|na pytanie|a la pregunta|à la question|alla domanda|na pergunta)\b")


def _cued(text: str, start: int, end: int) -> bool:
    """A security question's name, or an answer word / a verb of setting it, near the topic."""
    p = _p()
    lo, hi = _turn_bounds(text, start)
    a, b = max(lo, start - _NEAR), min(hi, end + _NEAR)
    if p.strong.search(text, max(0, start - 2 * _NEAR), end + _NEAR) or _weak(text, a, b):
        return True  # a question's name in this turn or the one before ("setting up the recovery questions")
    if p.set_verb.search(text, a, b) and _context(text):  # "i put", "elegí": where an account or a check is named
        return True
    q = text[end:end + 1]  # "the 'first pet' question, it's Mr Wiggles"
    if q in _QUOTES.values() and p.question_cue.match(text, end + 1):
        return True
    return _quoted_then_set(text, start, end) is not None


_SET_AFTER = re.compile(r"[^\S\n]*[,:]?[^\S\n]*(?:(?:and|e|y|et|und|i|và|dan|na|aur)[^\S\n]+)?"
                        r"(?:(?:i|eu|yo|je|ich|io|ik|ja|я|ben|saya|tôi|main|mimi)[^\S\n]+)?")


def _quoted_then_set(text: str, start: int, end: int) -> re.Match[str] | None:
    """A topic inside a quoted question, then a verb of setting it or an answer
    word ("for 'what was your first car' I put …", "alla domanda 'nome del tuo primo animale' ho
    messo …", "a pergunta é '…' e eu coloquei …"): the quoted question is the cue. Returns the
    verb's match (the value follows it)."""
    lo = max(0, start - 70)
    opening = max(text.rfind(o, lo, start) for o in "'\"“‘«")
    if opening < 0:
        return None
    close = _QUOTES.get(text[opening], "")
    at = text.find(close, end, end + 50) if close else -1
    if at < 0 or text.find(close, opening + 1, start) >= 0:
        return None
    p = _p()
    gap = _SET_AFTER.match(text, at + 1)
    cue = p.answer_or_set.match(text, gap.end() if gap else at + 1)
    if cue is None and p.weak.search(text, max(0, opening - 40), opening) \
            and _weak(text, max(0, opening - 40), opening):  # "a resposta da pergunta '…' é X"
        return _COPULA.match(text, at + 1)
    if cue is None or (p.weak.match(text, cue.start()) and not _weak(text, cue.start(), cue.end())):
        return None
    return cue


def _quoted(text: str, at: int) -> tuple[int, int] | None:
    """The span inside a quote opening at ``at`` (closed within the value's length)."""
    close = _QUOTES.get(text[at:at + 1])
    if not close:
        return None
    end = text.find(close, at + 1, at + 2 + _MAX_CHARS)
    if end <= at + 1:
        return None
    return at + 1, end


def _value_after(text: str, pos: int, *, skip_quote: bool = True) -> tuple[int, int] | None:
    """The answer after a topic (or a cue) ending at ``pos``: joining words skipped, the rest of
    the clause up to a stop; None when what follows is talk about the question."""
    p = _p()
    lo, hi = _turn_bounds(text, pos)
    i = pos
    for _ in range(8):
        if text[i:i + 1] == "(" and text.find(")", i, i + 32) > 0:  # "first pet (security q): Mochi"
            i = text.find(")", i, i + 32) + 1
            continue
        m = _LEAD.match(text, i, hi)
        if m and m.end() > i:
            i = m.end()
            continue
        m = p.connector.match(text, i, hi)
        if m and m.end() > i:
            i = m.end()
            continue
        break
    if i >= hi:
        return None
    quote = _quoted(text, i)
    if quote:
        s, e = quote
        inner = text[s:e]
        if inner.strip() and "?" not in inner and not p.topic.search(inner) and inner.split()[0].casefold() not in p.no_answer:
            return s, e
        if not skip_quote:
            return None
        return None
    words = []
    j = i
    while j < hi and len(words) <= _MAX_WORDS:
        w = _WORD.match(text, j, hi)
        if not w:
            break
        if words and p.stop.match(text, w.start(), hi):
            break
        words.append(w)
        j = w.end()
        if _TITLE.fullmatch(w.group()) and text[j:j + 1] == ".":
            j += 1  # "Mrs. Dizon", "St. Brigid's", "Dr. Okafor"
            while j < hi and text[j] in " \t":
                j += 1
            continue
        nxt = re.match(r"[^\S\n]*", text[j:hi])
        gap_end = j + (nxt.end() if nxt else 0)
        if _END.match(text, j, hi) or (gap_end < hi and _END.match(text, gap_end, hi) and text[gap_end] != ","):
            break
        if gap_end < hi and text[gap_end] in "'\"“”‘’«»「」":
            break
        j = gap_end
    if not words or len(words) > _MAX_WORDS:
        return None
    first = words[0].group().casefold().strip("'’")
    if first in _PLACE_PREP and len(words) > 1:  # "at a bus stop in nairobi" (a where-question's answer)
        first = words[1].group().casefold().strip("'’")
    if first in p.no_answer or first.split("'")[0] in p.no_answer:
        return None
    start, end = words[0].start(), words[-1].end()
    if end - start > _MAX_CHARS:
        return None
    after = text[end:end + 3].lstrip()
    if after.startswith("?"):
        return None  # "first pet?": a question
    spelled = re.match(r"(?i)[\s,]*(?:that's |thats |it's )?(?:spelled|spelt|deletreado|soletrado|épelé)\b[^.\n\u2029]{0,60}",
                       text[end:hi])
    if spelled:
        end += spelled.end()
    return start, end


def _maybe(text: str, p: _P) -> bool:
    """The cheap test first: a cue's rarest word among the text's words, a cue of a script
    without spaces in it, or a "Q: … A:" layout."""
    low = text.casefold()
    words = set(_TOKEN.findall(low))
    for word in [w for w in words if w in p.cue_index]:  # the text's few words, not the index's many
        if any(need <= words for need in p.cue_index[word]):
            return True
    if not text.isascii() and any(g in low for g in p.glued_cues):
        return True
    return ":" in low and bool(_QA.search(low))


def answer_spans(text: str) -> list[Span]:
    """A security question's answer in ``text`` (a normalised turn, or turns joined)."""
    p = _p()
    told = before_verb_spans(text)  # its own cues: a topic and an institution are enough
    if not _maybe(text, p) or not p.trigger.search(text):  # "bluebird (memorable word, Halifax)", "first school? X, thats the one i used"
        return told + annotated_spans(text) + [sp for sp in _around_topic_spans(text) if not any(a <= sp[0] < b for a, b, _ in told)]
    spans: list[Span] = []
    for topic in p.topic.finditer(text):
        start, end = topic.span()
        if not _cued(text, start, end):
            continue
        for _ in range(4):  # its possessors and qualifiers: "de mi madre", "ka naam", "ko nung bata"
            m = p.tail.match(text, end)
            if not m or m.end() == end:
                break
            end = m.end()
        close = text.find("?", end, end + 3)
        if close >= 0:  # "'What was your first pet?' — Rex": past the question's end
            end = close + 1
        if end < len(text) and text[end] in _QUOTES.values() and text[end] not in "“«「『‘":
            end += 1  # past a quoted question's close
        set_cue = _quoted_then_set(text, start, topic.end()) if text[start - 70 if start > 70 else 0:start].count("'") \
            or any(o in text[max(0, start - 70):start] for o in "\"“‘«") else None
        value = _value_after(text, set_cue.end()) if set_cue else _value_after(text, end)
        if not value:  # "<topic> on my USCIS account is Kumasi": a copula later in the clause
            copula = _COPULA.search(text, end, min(len(text), end + 50))
            if copula and not _END.search(text, end, copula.start()):
                value = _value_after(text, copula.end())
        if value and not p.strong.search(text, value[0], value[1]):  # "… is a common security question"
            spans.append((value[0], value[1], _KIND))
    strong: list[tuple[int, int]] = []
    for cue in p.answer_or_set.finditer(text):  # "…'s answer: 'Pintu'", "答を '망원동'으로", "jawabannya Si Belang"
        strong = strong or [m.span() for m in p.strong.finditer(text)] or [(-1, -1)]
        if any(a <= cue.start() and cue.end() < b for a, b in strong):
            continue  # "risposta" of "risposta di sicurezza": the name's, read after it
        if not (p.strong.search(text, max(0, cue.start() - _NEAR), cue.end() + _NEAR)
                or (p.topic.search(text, max(0, cue.start() - _NEAR), cue.start())
                    and ((p.weak.match(text, cue.start()) and _weak(text, cue.start(), cue.end())) or _context(text)))
                or (_QUESTION_AFTER.search(text, cue.end(), min(len(text), cue.end() + 80))  # "svarede jeg X på spørgsmålet om …"
                    and p.topic.search(text, cue.end(), min(len(text), cue.end() + _NEAR)) and _context(text))):
            continue
        q = re.match(r"[\s:=\-—–,]*(?:(?:is|was|es|é|est|ist|hai|maine|मैंने)\s+)?", text[cue.end():cue.end() + 16])
        at = cue.end() + (q.end() if q else 0)
        quote = _quoted(text, at)
        if quote:
            inner = text[quote[0]:quote[1]]
            if inner.strip() and "?" not in inner and not p.topic.search(inner):
                spans.append((quote[0], quote[1], _KIND))
        elif not any(a <= cue.end() + 3 and cue.end() < b for a, b, _ in spans):
            value = _value_after(text, cue.end())  # "… and the answer is Mrs Okonkwo", "Ik vulde in: Opel Kadett"
            if value:  # "jeg svarte Kowalczyk på sikkerhetsspørsmålet om …": the value ends where the question's name begins
                value = _before_named(text, *value)
            if value and not (p.strong.search(text, *value) or p.topic.search(text, *value)):
                spans.append((value[0], value[1], _KIND))
    for cue in p.weak.finditer(text):  # "the answer to where did you meet your spouse is salsa night"
        to = _ANSWER_TO.match(text, cue.end())
        if not to or not _weak(text, cue.start(), cue.end()):
            continue
        lo, hi = _turn_bounds(text, cue.start())
        copula = _COPULA.search(text, to.end(), min(hi, to.end() + 80))
        if not copula or _END.search(text, to.end(), copula.start()) \
                or not _SECOND.search(text, to.start(), copula.start()):
            continue
        value = _value_after(text, copula.end())
        if value and not any(a <= value[0] < b for a, b, _ in spans) and not p.topic.search(text, *value):
            spans.append((value[0], value[1], _KIND))
    if ";" in text or "," in text or "q" in text.casefold():
        spans.extend(list_spans(text))
    spans.extend(sp for sp in _around_topic_spans(text) if not any(a <= sp[0] < b for a, b, _ in spans))
    spans.extend(sp for sp in told if not any(a <= sp[0] < b for a, b, _ in spans))
    spans.extend(annotated_spans(text))
    spans.extend(_after_names(text, spans))
    return spans


#: A preposition that joins a value to the name of the question it answers ("X på sikkerhetsspørsmålet").
_TO_NAME = re.compile(r"(?i)[^\S\n]+(?:på|to|for|on|auf|op|til|till|à|a|al|na|para|per|zu|für|на|do|ke|sa)[^\S\n]+$")


def _before_named(text: str, start: int, end: int) -> tuple[int, int] | None:
    """``text[start:end]`` cut before a security question's name or a topic that a preposition
    joins to it; None when nothing is left before it or what is left is long."""
    p = _p()
    named = p.strong.search(text, start, end) or p.topic.search(text, start, end)
    if not named:
        return start, end
    head = text[start:named.start()]
    prep = _TO_NAME.search(head)
    if not prep:
        return start, end  # the caller's own tests reject it
    words = head[:prep.start()].split()
    if not 1 <= len(words) <= 4:
        return None
    return start, start + prep.start()


#: "I put X as <topic>", "ho messo X come città <topic>", "puse X como <topic>": a verb of setting, a
#: value, an "as" word and at most one noun right before the topic.
_AS_BEFORE = re.compile(r"(?i)(?P<v>(?:[^\s.,;:!?()\[\]\"“”«»]+[^\S\n]+){1,4}?)(?:as|come|como|comme|als|jako|как|olarak|sebagai|"
                        r"bilang|som|kao|ως|σαν)[^\S\n]+(?:(?:the|my|a|il|la|lo|mia|mio|el|mi|le|ma|mon|die|der|das|mein|meine|"
                        r"o|a|minha|meu|mój|moja|min|mitt)[^\S\n]+)*(?:[^\W\d_]+[^\S\n]+(?:(?:de|of|di|do|da|del|du|von|van)[^\S\n]+)?"
                        r"(?:(?:my|mon|ma|mi|mio|mia|meu|minha|mein|meine|meines|mijn)[^\S\n]+)?)?$")
#: "<value> was the name of <topic>", "<value> foi o nome da minha <topic>": a value at its clause's
#: start, a copula, maybe "the name of" and a possessive, then the topic.
_VALUE_IS_TOPIC = re.compile(r"(?i)(?:^|[:\n\u2029]|[.;!?—–-][^\S\n])[^\S\n]*(?P<v>[^\W\d_][^.,;:!?()\n\u2029]{0,40}?)[^\S\n]+"
                             r"(?:was|is|foi|era|é|war|ist|est|était|fue|es|è|był|była|было|был|была|var|är|er|oli|on)[^\S\n]+"
                             r"(?:(?:the|o|a|el|la|le|il|der|die|das|de|het)[^\S\n]+)?"
                             r"(?:(?:name|nome|nombre|nom|name|naam|nazwa|imię|navn|namn|nimi)[^\S\n]+(?:of|do|da|dos|das|de|del|du|des|"
                             r"della|dello|del|des|van|von|af|på)?[^\S\n]*)?"
                             r"(?:(?:my|minha|meu|mi|mis|mon|ma|mes|mein|meine|meines|meiner|il mio|la mia|mio|mia|mijn|mój|moja|"
                             r"min|mitt|mine)[^\S\n]+)?$")
#: After a value: "that's the one i used", "that's what I put", "c'est ce que j'ai mis", "eso es lo que puse".
_USED_AFTER = re.compile(r"(?i)[^\S\n]*[,.;—–-]?[^\S\n]*(?:that'?s|thats|this is|it'?s|its|which is)[^\S\n]+"
                         r"(?:the one|what)[^\S\n]+(?:i|we)[^\S\n]+(?:always[^\S\n]+)?(?:used(?![^\S\n]+to\b)|use|put|set|said|gave|typed|chose|picked)\b"
                         r"|[^\S\n]*[,.;—–-]?[^\S\n]*(?:c'est ce que j'ai (?:mis|donné|choisi)|eso es lo que (?:puse|di)|es lo que puse"
                         r"|das hab(?:e)? ich (?:angegeben|genommen|eingegeben)|è quello che ho messo|é o que (?:eu )?(?:coloquei|pus|usei)"
                         r"|dat heb ik ingevuld|to wpisałem|to wpisałam|это я (?:указал|указала|вписал|вписала))")
_LABEL_AFTER = re.compile(r"[^\S\n]*(?:\?|->|→|:|—|–|\s-)[^\S\n]*(?:(?:that'?d be|that would be|it'?s|its|it was|that'?s)[^\S\n]+)?")
#: After a value: who keeps asking for it ("…, the portal keeps asking", "…, el banco lo pide siempre").
_ASKED_AFTER = re.compile(r"(?i)[^\S\n]*[,;—–-][^\S\n]*(?:(?:the|that|this|my|el|la|le|die|der|das|il|o|a)[^\S\n]+)?"
                          r"(?:portal|bank|app|site|website|form|system|they|it|banco|banque|bankk?en|banca|banku|банк)[^\S\n]+"
                          r"(?:(?:keeps|always|still|lo|la|me|te|immer|toujours|sempre|siempre)[^\S\n]+)?"
                          r"(?:asking|asks|ask|wants|pide|pregunta|demande|fragt|will|chiede|pergunta|pyta|спрашивает)\b")


def _around_topic_spans(text: str) -> list[Span]:
    """An answer said around its topic rather than after a cue: "ho messo Nagpur come città dove si
    sono conosciuti i miei genitori" (set as the topic), "pergunta de segurança: Dona Cleusa foi o
    nome da minha primeira professora" (a value, a copula, the topic; a security question named),
    "first school? Biscuit primary, thats the one i used on Discord" (a topic as a label, the value,
    then a verb of using it)."""
    p = _p()
    if not p.topic.may(text):
        return []
    spans: list[Span] = []
    for topic in p.topic.finditer(text):
        lo, hi = _turn_bounds(text, topic.start())
        if p.quiz.search(text, lo, hi):
            continue  # a quiz's, a survey's or a homework's answer
        head = text[max(lo, topic.start() - 70):topic.start()]
        base = max(lo, topic.start() - 70)
        verb = None
        for v in p.set_verb.finditer(head):
            verb = v
        if verb is not None:
            m = _AS_BEFORE.search(head, verb.end())
            if m and m.start() <= verb.end() + 1:
                s, e = base + m.start("v"), base + m.end("v")
                words = text[s:e].split()
                if words and words[0].casefold() not in p.no_answer:
                    spans.append((s, s + len(text[s:e].rstrip()), _KIND))
                    continue
        m = _VALUE_IS_TOPIC.search(head)
        if m and p.strong.search(text, lo, topic.start()):
            s, e = base + m.start("v"), base + m.end("v")
            words = text[s:e].split()
            if 1 <= len(words) <= 4 and words[0].casefold() not in p.no_answer and words[0].casefold() not in p.talk_first \
                    and not p.strong.search(text, s, e):
                spans.append((s, e, _KIND))
                continue
        label = _LABEL_AFTER.match(text, topic.end())
        if label and label.group().strip():
            value = _value_after(text, label.end())
            if value and (_USED_AFTER.match(text, value[1]) or _ASKED_AFTER.match(text, value[1])) \
                    and not p.topic.search(text, *value):
                spans.append((value[0], value[1], _KIND))
    return spans


#: What stands right before an answer given before its verb: an auxiliary ("ik heb X ingevuld", "hab X
#: angegeben"), a quoted question's close, a comma, a colon.
_BEFORE_VERB = re.compile(r"(?i)(?:(?<![^\W\d_])(?:ik heb|heb ik|ik had|ich habe|ich hab|habe ich|hab ich|hab|habe|heb|jeg har|"
                          r"har jeg|jag har|har jag|ben|ve)|['\"”’»」:,—–])[^\S\n]+")


def before_verb_spans(text: str) -> list[Span]:
    """An answer said before the verb of giving it, where a security question or its topic and an
    institution are named: "veiligheidsvraag … 'straat waar je opgroeide', ik heb X ingevuld",
    "als Antwort auf 'In welcher Straße …' X angegeben", "annemin kızlık soyadını soracak, X diyeceğim"."""
    p = _p()
    if not _post_gate()(text):
        return []
    spans: list[Span] = []
    for m in p.post.finditer(text):
        if m.start() == 0 or not text[m.start() - 1].isspace():
            continue
        lo, hi = _turn_bounds(text, m.start())
        head_lo = max(lo, m.start() - 60)
        cuts = list(_BEFORE_VERB.finditer(text, head_lo, m.start()))
        if not cuts:
            continue
        s, e = cuts[-1].end(), m.start() - 1
        while e > s and text[e - 1].isspace():
            e -= 1
        words = text[s:e].split()
        if not 1 <= len(words) <= 4 or words[0].casefold() in p.no_answer or words[0].casefold() in p.talk_first:
            continue
        if p.topic.search(text, s, e) or p.strong.search(text, s, e) or _END.search(text, s, e):
            continue
        before = text[lo:s]
        quoted = bool(re.search(r"['\"“‘«][^'\"”’»]{6,80}['\"”’»]", before)) and bool(p.weak.search(before))
        if not (p.strong.search(text, lo, hi) or quoted
                or (p.topic.search(text, lo, s) and (_context(text[lo:hi]) or p.weak.search(text, lo, s)))):
            continue
        if p.quiz.search(text, lo, hi):
            continue
        spans.append((s, e, _KIND))
    return spans


@lru_cache(maxsize=1)
def _post_gate() -> Callable[[str], bool]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    words, glued = phrase_words(data["post_set"])
    return lambda text: names_a_phrase_word(text, words, glued)


#: A value, then in brackets or after a dash what it is: "Gonzaga (pergunta de segurança)",
#: "Tarkan — güvenlik sorusunun cevabı", "bluebird (memorable word, Halifax)".
_ANNOTATED = re.compile(r"(?P<v>[^\W_][^.;!?:()\[\]\n\u2029—–]{0,40}?)[^\S\n]*(?:\(|\[|[^\S\n][—–-][^\S\n])[^\S\n]*"
                        r"(?:(?:my|the|a|mi|la|el|ma|le|mon|meine?|die|der|il|mijn|de|moje?|moja)[^\S\n]+)?")


def annotated_spans(text: str) -> list[Span]:
    """A value at its clause's start, named by a security question's or a memorable word's name
    in brackets or after a dash right after it."""
    if "(" not in text and "[" not in text and "—" not in text and "–" not in text and " - " not in text:
        return []
    p = _p()
    from . import memorable_words
    if not (_maybe(text, p) or memorable_words.may_name(text)):
        return []  # no name of either: the cheap word tests first
    spans: list[Span] = []
    for m in _ANNOTATED.finditer(text):
        s, e = m.span("v")
        if s > 0 and not re.search(r"(?:^|[.;!?:\n\u2029,])\s*$", text[max(0, s - 3):s]):
            continue  # not a clause's start
        named = p.strong.match(text, m.end()) or memorable_words.name_at(text, m.end())
        if not named:
            continue
        words = text[s:e].split()
        if not 1 <= len(words) <= 4 or words[0].casefold() in p.no_answer or words[0].casefold() in p.talk_first \
                or p.topic.search(text, s, e) or p.strong.search(text, s, e) or p.quiz.search(text) \
                or memorable_words.names_who_asks(text[s:e]):
            continue  # "Barclays - my memorable word": who asks, not the value
        spans.append((s, e, _KIND))
    return spans


#: A question's or an answer's name, then a separator or a quote in its clause: the value.
_NAMED = re.compile(r"\s*(?:[:=—–→]|-\s|\s-)")


#: A name that says an answer follows (not only a question's name).
_ANSWER_NAME = re.compile(r"(?i)answer|\bans\b|odpowied|respuesta|réponse|antwort|risposta|resposta|\bsvar|cevab|jawab|ответ|"
                          r"відповід|odpověď|răspuns|válasz|vastaus|απάντηση|sagot|jibu|trả lời|答|답|คำตอบ|תשובה|جواب|إجابة|uttar|"
                          r"idahun|ìdáhùn|amsa|javob|cavab|жауап|መልስ|பதில்|উত্তর|उत्तर")


#: Right after a question's name, the word for its answer in a language that puts it after ("xavfsizlik savoli
#: javobi X", "பாதுகாப்பு கேள்விக்கு பதில் X", "güvenlik sorusunun cevabı X", "секретный вопрос, ответ: X").
_ANSWER_AFTER = re.compile(r"(?i)[^\S\n]*(?:[,:][^\S\n]*)?(?:javobi|javob|cavabı|cavab|жауабы|жообу|джавоби|cevabı|yanıtı|"
                           r"jawabu|jibu|jawabnya|jawaban|jawapan|ka jawab|ki jawab|का जवाब|का उत्तर|की उत्तर|को उत्तर|"
                           r"کا جواب|جوابش|پاسخ|উত্তর|பதில்|సమాధానం|జవాబు|ఉత్తరం|ಉತ್ತರ|ഉത്തരം|ਜਵਾਬ|જવાબ|"
                           r"উত্তর|उत्तर|जवाब|ответ|відповідь|answer|amsa|idahun|azịza)(?![^\W\d_])")


def _bare_answer(text: str, end: int) -> tuple[int, int] | None:
    """One to three words right after an answer's name that end their clause: the answer."""
    p = _p()
    value = _value_after(text, end)
    if not value:
        return None
    words = text[value[0]:value[1]].split()
    if len(words) > 3 or words[0].casefold().strip("'’") in p.talk or words[0].casefold() in p.talk_first:
        return None
    return value


def _after_names(text: str, found: list[Span]) -> list[Span]:
    """The value right after a security question's or answer's name when no topic stands in its
    clause ("otvet na kontrolnyy vopros — Tuzik", "the verification answer I gave Chase was
    'Pinecrest'")."""
    p = _p()
    spans: list[Span] = []
    for cue in p.strong.finditer(text):
        end = cue.end()
        clause = _END.search(text, end)
        stop = clause.start() if clause and clause.start() > end else min(len(text), end + 80)
        if p.topic.search(text, end, stop) or any(end <= a < stop for a, _, _ in found):
            continue  # the grammar's, or already read
        if _NAMED.match(text, end):
            value = _value_after(text, end)
        else:
            q = re.search(r"['\"“‘«「]", text[end:stop])
            value = _quoted(text, end + q.start()) if q and q.start() <= 50 else None
            words = text[value[0]:value[1]].split() if value else []
            if not words or words[0].casefold() in p.no_answer:
                value = None  # nothing but blanks between the quotes, or "'none'": no answer given
            if value is None and not q and (_ANSWER_NAME.search(cue.group()) or _ANSWER_AFTER.match(text, end)):
                value = _bare_answer(text, end)  # "odpowiedź na pytanie pomocnicze Petrovic lol", "… savoli javobi X"
        if value and "?" not in text[value[0]:value[1]] and not p.topic.search(text, *value):
            spans.append((value[0], value[1], _KIND))
            # "<name>: <a question in words we do not list> — <answer>": the part
            # after the dash answers the part before it
            dash = re.match(r"[^\S\n]*(?:[—–→=]|\s-\s)[^\S\n]*", text[value[1]:value[1] + 6])
            second = _value_after(text, value[1] + dash.end()) if dash else None
            if second:
                spans.append((second[0], second[1], _KIND))
    return spans


#: After a question's name, a list of answers: "Q1: first pet = Rocky; Q2: city born = Leeds",
#: "security answers: pet - Nala, school - St Mary's, car - Corolla".
_ITEM = re.compile(r"(?:^|(?<=\s)|[;,]|\bq\d+\s*[:.)])\s*(?:q\d+\s*[:.)]\s*)?[^\W\d_][^;,=:\-–—→\n\u2029]{0,30}?"
                   r"\s*(?:=|:|\s-\s|–|—|→)\s*([^;,.\n\u2029]{1,40})", re.IGNORECASE)


def list_spans(text: str) -> list[Span]:
    """Each answer of a list of questions and answers after a security question's name."""
    p = _p()
    spans: list[Span] = []
    for cue in p.strong.finditer(text):
        lo, hi = _turn_bounds(text, cue.start())
        hi = min(hi, cue.end() + 300)
        items = list(_ITEM.finditer(text, cue.start(), hi))
        if len(items) < 2:
            continue  # one item is the grammar's ("security question: first pet = Rocky")
        for item in items:
            value = item.group(1).strip()
            words = value.split()
            if not words or words[0].casefold() in p.no_answer or len(words) > 6 or "?" in value:
                continue
            start = item.start(1) + item.group(1).index(value)
            spans.append((start, start + len(value), _KIND))
    return spans


def thread_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """The answer given in ``text`` to a security question's topic asked in the turn before it
    ("bank wale puchte hain pehli gaadi kaunsi thi" / "Maruti 800 daala hai maine";
    "el banco me preguntó en qué calle crecí" / "dije calle Los Almendros")."""
    if not turns or not text or len(text) > 300:
        return []
    p = _p()
    prev = turns[-1]
    topic = p.topic.search(prev)
    if not topic:
        return []
    # the question asked in a turn of its own after a turn that named security
    # questions ("it wants security questions" / "street I grew up on" / "Wexford Terrace"), or a
    # quoted question left open by a verb of setting it ("alla domanda '…' ho messo" / "Briciola")
    asked_alone = len(turns) > 1 and len(prev) <= 120 and bool(p.strong.search(turns[-2])) \
        and not prev[topic.end():].strip(" ?？'\"”’»").split()[3:]
    pending = _quoted_then_set(prev, topic.start(), topic.end()) is not None \
        and not prev[topic.end():].strip(" '\"”’»:-—–").split()[2:]
    from . import forms
    norm, origin = forms.view(text)
    own = not (p.strong.search(prev) or _context(prev) or asked_alone or pending)
    if own and not (_REPLY_SET.match(norm) or _owned_head(norm)):
        return []  # no security question named, and the reply names none nor says it set an answer
    if answer_spans(prev) and not pending:
        return []  # the turn before gave its own answer
    spans: list[Span] = []
    head_named = _owned_head(norm)
    if head_named:  # "Delacroix btw for the myPay security question", "Biscuit, I always use that for the security q"
        return forms.back([(*head_named, _KIND)], origin)
    set_lead = _REPLY_SET.match(norm)
    if set_lead:  # "put Mrs Okonkwo", "i put Betsy Beetle lol", "Antwort Krümelmonster" after the question's topic
        value = _value_after(norm, set_lead.end())
        if value and len(norm[value[0]:value[1]].split()) <= 4 and not p.topic.search(norm, *value):
            return forms.back([(*value, _KIND)], origin)
    if own:
        return []  # read only by the reply's own words above
    post = p.post.search(norm)
    head = norm[:post.start()].strip(" ,—–-:") if post else ""
    if head and len(head.split()) <= 4 and head.split()[0].casefold() not in p.no_answer:
        spans.append((0, len(head), _KIND))  # "Maruti 800 daala hai maine"
    else:
        for cue in p.told.finditer(norm):
            value = _value_after(norm, cue.end())
            if value:
                spans.append((value[0], value[1], _KIND))
                break
    if not spans and (asked_alone or pending) and len(norm) <= 120:
        lead = re.match(r"(?i)\s*(?:(?:a|r|ans|answer|resp)\s?:\s*)?", norm)
        value = _value_after(norm, lead.end() if lead else 0)  # the answer as the whole short turn
        first = _TOKEN.search(norm, *value) if value else None
        if value and not p.topic.search(norm, *value) and not (first and first.group().casefold() in p.talk_first):
            spans.append((value[0], value[1], _KIND))
    return forms.back(spans, origin)


#: What opens a reply before its answer's word ("um", "ok so").
_REPLY_LEAD = re.compile(r"(?i)\s*(?:(?:um+|uh+|ok|okay|so|well|ähm|euh|pues|bueno|então|allora|ну)[\s,]+)*")
#: A reply that opens with an answer's label or an imperative of setting it, before the value: "put Mrs Okonkwo",
#: "i put Betsy Beetle", "Antwort Krümelmonster", "відповідь: Whitmore", "respuesta: Toby", "mets Caramel".
_REPLY_SET = re.compile(r"(?i)\s*(?:(?:um+|uh+|ok|okay|so|just|well)[\s,]+)*(?:i\s+)?(?:put|say|said|use|used|type|typed|"
                        r"answer|ans|antwort|réponse|reponse|respuesta|resposta|risposta|odpowiedź|ответ|відповідь|"
                        r"cevap|jawab|jawaban|svar|svaret|vastaus|válasz|απάντηση|odpověď|răspuns|antwoord|"
                        r"pon|puse|mets|j'ai mis|setz|schreib|metti|ho messo|coloca|coloquei|wpisz|wpisałem|вписал|напиши|"
                        # "I wrote X", "I said X" in more languages ("سألني عن … / كتبت X")
                        r"escribí|dije|j'ai écrit|j'ai dit|ich schrieb|hab geschrieben|ho scritto|escrevi|disse|napisałem|"
                        r"napisałam|написал|написала|yazdım|saya tulis|aku tulis|sinulat ko|nilagay ko|niliandika|"
                        r"كتبت|قلت|حطيت|وضعت|نوشتم|लिखा|likha|daala|ghi là|적었어요|적었어|書いた|写了)"
                        r"(?![^\W\d_])[^\S\n]*[:=\-—–]?[^\S\n]*")
#: The value that opens a reply, then what it is: a security question's name or a verb of using it
#: ("Delacroix btw for the myPay security question", "Biscuit, I always use that for the security q",
#: "Mme Rousseau taught me piano, put that").
_HEAD = re.compile(r"\s*(?P<v>[^\W\d_][^,.;:!?\n\u2029—–]{0,45}?)\s*(?:,|\s-\s|—|–|\s(?=btw\b|for\b|that's\b|thats\b|is what\b|"
                   r"i always\b|i use\b|i used\b))")
_USE_THAT = re.compile(r"(?i)(?:put|use|used|say|said|type|set|pick|chose)\s+(?:that|this|it|that one)\b"
                       r"|\bthat'?s what i (?:put|use|used|said|set)\b|\bi always use (?:that|it|this)\b")


def _owned_head(norm: str) -> tuple[int, int] | None:
    """The reply's opening value when the rest of its clause names a security question or says it is
    used as one's answer (:data:`_HEAD`)."""
    if len(norm) > 120:
        return None
    m = _HEAD.match(norm)
    if not m:
        return None
    p = _p()
    rest = norm[m.end("v"):]
    if not (p.strong.search(rest) or _USE_THAT.search(rest)):
        return None
    words = m.group("v").split()
    first = words[0].casefold()
    if len(words) > 6 or first in p.no_answer or first in p.talk_first or p.topic.search(m.group("v")) \
            or p.strong.search(m.group("v")) or _REPLY_SET.match(m.group("v")):
        return None
    return m.start("v"), m.end("v")


def without_talk(text: str, spans: list[Span]) -> list[Span]:
    """Spans read as a security question's answer that are talk about the question: one word such
    as "guess", "safest", "name" right after the question's name ("security questions like
    'favourite colour' are easy to guess", "the security question asks for my first pet's name")."""
    if not spans:
        return spans
    p = _p()
    out = []
    for sp in spans:
        start, end, kind = sp
        word = text[start:end].strip(" .,!?;:'\"—–-").casefold()
        first = (_TOKEN.findall(word) or [""])[0]
        if kind == _KIND and (word in p.talk or (first in p.talk_first and len(word.split()) <= 8)) \
                and p.strong.search(text, max(0, start - 80), start):
            continue  # "are easy to guess", "es muy fácil de adivinar", "do I have to answer that"
        out.append(sp)
    return out


def without_talk_turn(text: str, turns: Sequence[str], spans: list[Span]) -> list[Span]:
    """A turn after a security question's name that begins with talk ("what should I pick as a
    security question?" / "something nobody can find online"): not an answer."""
    if not spans or not turns:
        return spans
    p = _p()
    first = _TOKEN.search(text)
    if not first or first.group().casefold() not in p.talk_first or not p.strong.search(turns[-1]):
        return spans
    return [sp for sp in spans if not (sp[2] == _KIND and sp[0] <= first.start())]
