"""A security question named only by what it asks about, and its answer as a short named value.

People rarely say "security question" when the setting is already plain: "the pet question is
Biscuit", "for the school one its St Mary's", "la pregunta de la mascota: Toby", "bei der
Haustier-Frage hab ich Bello", "evcil hayvan sorusu Pamuk", "ペットの質問はモモ". What such an
answer IS, whatever the wording: a short named value (a proper noun: a name, a place, a school),
said beside a question NAMED BY ITS TOPIC (a noun such questions ask about, next to a question word
or "one"), in a conversation set at a bank, a login or a verification. Words as data
(``assets/question_hints.json``; topic nouns shared with ``security_answers.json``).

Read three ways:

- HINT then VALUE: "the pet question is Biscuit", "school one: St Mary's";
- VALUE then HINT: "Biscuit for the pet question", "St Mary's — that's the school one";
- a TOPIC (a hint, or the security-answer grammar's topic) asked or raised in one turn, the named value alone
  in the next ("and the street one?" / "Wexford Terrace").

Kept: a name in ordinary talk (no bank / verification / security word in the thread), a quiz's
question, a value that is talk ("the pet question is annoying"), a lower-case phrase where no
security question is named outright.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from . import security_answers as sa

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "question_hints.json"
_KIND = "password"
_MAX_NAME_WORDS = 4
#: Small words a proper noun may hold ("Church of St Anne", "Rua da Paz", "Van der Berg").
_NAME_GLUE = frozenset({"of", "the", "de", "da", "do", "dos", "das", "del", "la", "le", "les", "du", "des", "van", "der",
                        "den", "von", "zu", "di", "della", "y", "e", "and", "&", "on", "upon", "st", "st.", "al", "el",
                        "bin", "binti", "ibn", "ng", "sa", "na"})
#: An article before a name ("a Fiesta", "el Toby") is no part of what must be named.
_ARTICLE = re.compile(r"(?i)(?:a|an|the|el|la|le|il|lo|o|der|die|das|een|de|un|una|uma|um|une|ein|eine)\s+")
_SENTENCE_END = re.compile(r"[.;!?\n\u2029。！？；]")
_CLAUSE_START = re.compile(r"[.;!?\n\u2029:。！？；]")
_BEFORE_JOIN = re.compile(r"(?i)(?:[\s,—–\-]|\b(?:for|is|was|on|as|to|that's|thats|it's|its|that|be|would be|'d be|"
                          r"para|pour|für|per|voor|na|za|для|için|untuk|ke liye|ka|ki|kwa|cho|en|em|in|no|na|à|a|al|"
                          r"au|zur|zum|bei|the|my|la|el|o|a|le|die|der|das|mi|mon|ma|mein|meine|il|de|het)\b)+$")


@lru_cache(maxsize=1)
def _hints() -> tuple[re.Pattern[str], re.Pattern[str], sa._Gated, list[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    raw = json.loads(sa._ASSET.read_text(encoding="utf-8"))
    nouns = raw["nouns"] + data["extra_nouns"]
    mods = raw["ordinals"] + raw["favourites"]
    noun = sa._alt(nouns)
    qword = sa._alt(data["question_words"])
    one = sa._alt(data["one_words"])
    glued_q = "|".join(re.escape(w) for w in sorted(set(data["glued_question"]), key=len, reverse=True))
    gap = r"(?:[^\S\n]+[^\s.,;:!?()\"“”‘’«»—–]+){0,3}?[^\S\n]+(?:[dlDL]['’])?"
    noun_first = rf"(?:(?:{sa._alt(mods)})[^\S\n]+)?(?:{noun})(?:[^\S\n]*[-‐][^\S\n]*|[^\S\n]+)(?:[^\W\d_]+[^\S\n]+)?(?:{qword}|{one})"
    glued = rf"(?:{noun})[^\W\d_]{{0,3}}?(?:[-‐]|の|的|に関する)?(?:{glued_q})"
    about = r"(?:thing|one|bit|part)[^\S\n]+(?:about|with|for|on)"  # "the thing about the dog"
    q_first = rf"(?:{qword}|{about}){gap}(?:(?:{sa._alt(mods)})[^\S\n]+)?(?:{noun})"
    asked_topic = sa._alt(data["asked_topics"])  # "where was I born", "lugar de nacimiento"
    hint = re.compile(rf"(?i){noun_first}|{glued}|{q_first}|{asked_topic}")
    context = re.compile(rf"(?i){sa._alt(data['context'])}")
    gated = sa._Gated(hint, nouns + data["asked_topics"])
    return hint, context, gated, data["lead_fillers"]


@lru_cache(maxsize=1)
def _asks() -> re.Pattern[str]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    glued = "|".join(re.escape(w) for w in data["glued_question"])
    return re.compile(rf"(?i){sa._alt(data['question_words'])}|{glued}")


@lru_cache(maxsize=1)
def _lead() -> re.Pattern[str]:
    fillers = _hints()[3]
    return re.compile(rf"(?i)[\s,:\-—–]*(?:(?:{sa._alt(fillers)})[\s,:\-—–]+)*")


def _cased(ch: str) -> bool:
    return ch.lower() != ch.upper()


def named(value: str) -> bool:
    """A short named value: every word a capitalised one, a digit's or a small word a name holds
    ("St Mary's", "Rua da Paz", "Flat 4"), or a word of a script without capitals; at most four."""
    value = value.strip(" '\"“”‘’«»「」")
    m = _ARTICLE.match(value)
    if m and len(value) > m.end():
        value = value[m.end():]
    words = value.split()
    if not words or len(words) > _MAX_NAME_WORDS:
        return False
    for i, w in enumerate(words):
        w = w.strip("'\"“”‘’«»()")
        if not w:
            return False
        ch = w[0]
        if ch.isdigit() or not _cased(ch) and ch.isalpha():
            continue
        if ch.isupper():
            continue
        if i and w.casefold() in _NAME_GLUE:
            continue
        return False
    return words[-1].casefold() not in _NAME_GLUE or len(words) == 1


#: A verb of giving or setting an answer, with its subject either side ("I put", "hab ich", "j'ai mis").
_SUBJECT_VERB = re.compile(r"(?i)(?:(?:i|yo|eu|je|j'|ich|io|ik|ja|я|ben|saya|aku|tôi|main|mimi)\s*)?"
                           r"(?:put|said|set|used|wrote|typed|gave|entered|chose|picked|went with|hab|habe|hab ich|habe ich|"
                           r"puse|dije|usé|coloquei|disse|usei|ai mis|ai dit|ho messo|ho detto|heb|heb ik|zei|"
                           r"wpisałem|wpisałam|powiedziałem|написал|написала|сказал|сказала|yazdım|dedim|isi|pakai|"
                           r"bilang ko|nilagay ko|nilisema|niliandika|daala|bola|likha)(?:\s+(?:ich|ik|eu|yo))?\s+")


def _name_head(value: str) -> int:
    """The length of the named words a value starts with ("Bello angegeben" -> "Bello"), at most
    four; the whole value when its first word is not a name's."""
    words = list(re.finditer(r"\S+", value))
    k = 0
    for n in range(min(len(words), _MAX_NAME_WORDS)):  # "Our Lady of Lourdes": past a small word inside
        if named(value[words[0].start():words[n].end()]):
            k = n + 1
        elif words[n].group().casefold() not in _NAME_GLUE:
            break
    if k == 0:
        return words[min(len(words), _MAX_NAME_WORDS) - 1].end() if words else 0
    return words[k - 1].end()


def _set_at_bank(text: str) -> bool:
    """A bank, a login, a verification or a security question named in ``text``."""
    p = sa._p()
    return bool(p.strong.search(text) or _hints()[1].search(text) or sa._context(text) or _strong_stems().search(text))


#: After a setting's word, a word that keeps it a noun of its own ("the bank asks", "for the bank is"),
#: not a modifier of another noun ("the bank dinner", "security guard", "account manager").
_NOT_MODIFIER = re.compile(r"(?i)\s*(?:$|[^\w\s]|(?:is|was|are|were|asks|asked|ask|wants|wanted|needs|needed|will|would|"
                           r"might|may|can|could|for|to|they|it|i|and|or|but|with|on|at|when|if|said|says|has|had|"
                           r"called|rang|of|as|so|the|my|in|uses|used|requires|required|checks|checked|'ll|'s|app|apps|account|accounts|"
                           r"login|website|site|card|details|online|security|verification|portal|form|password|"
                           r"question|questions)\b)")


#: The setting's words that are nouns, and so may modify another noun ("bank dinner", "security guard").
_NOUN_SETTINGS = frozenset({"bank", "banking", "the bank", "security", "account", "login", "insurance", "pension", "identity",
                            "recovery", "verification", "council", "provider", "post office"})


#: What only a security question asks ("first pet", "maiden name", "where I was born"): "they asked"
#: is enough around it; a favourite film or food needs a bank or a check named.
_CLASSIC = re.compile(r"(?i)first|1st|maiden|born|grew|grow up|parents|primeir|primer|premi|erst|prim[oa]|eerste|pierwsz|"
                      r"перв|ilk|pertama|đầu tiên|una|kwanza|pehl|pahl")
_ASKING = re.compile(r"(?i)\b(?:they|it|she|he)\s+(?:ask|asks|asked|'ll ask|will ask)\b|\basked me\b|\basks me\b|"
                     r"\bif (?:they )?asked\b|\bwhen they (?:ask|call)\b")


def _institution(text: str, context: str) -> bool:
    """A bank, a check or a security question named, not only someone asking."""
    for t in (text, context):
        if sa._p().strong.search(t) or _strong_stems().search(t):
            return True
        for m in _hints()[1].finditer(t):
            if not _ASKING.match(t, m.start()) and not re.match(r"(?i)ask|asked|wants|they|it asks|if |when ", m.group()):
                return True
    return False


def _named_at_bank(text: str) -> bool:
    """A bank, a verification or a security question named outright (not an app or a website, not
    a word modifying another noun: "the bank dinner")."""
    if sa._p().strong.search(text) or _strong_stems().search(text):
        return True
    return any(not m.group()[:1].isascii() or m.group().casefold() not in _NOUN_SETTINGS or _NOT_MODIFIER.match(text, m.end())
               for m in _hints()[1].finditer(text))


def _talk(value: str) -> bool:
    """Talk, not a value: a pronoun, a question word, a function word first ("it was", "which"),
    unless the value is a name of capitalised words ("Our Lady of Lourdes", "The Willows")."""
    p = sa._p()
    words = value.split()
    if len(words) >= 2 and named(value) and words[-1][:1].isupper() and words[0].casefold() not in {"i", "it", "he", "she", "they", "we"}:
        return False
    first = (sa._TOKEN.findall(value.casefold()) or [""])[0]
    return first in p.no_answer or first in p.talk_first or first in p.talk or "?" in value


def _value_before(text: str, start: int) -> tuple[int, int] | None:
    """The trailing run of capitalised words just before a hint ("Biscuit for the pet question")."""
    lo = max(0, start - 80)
    cuts = [m.end() for m in _CLAUSE_START.finditer(text, lo, start)]
    head_lo = cuts[-1] if cuts else lo
    head = text[head_lo:start]
    join = _BEFORE_JOIN.search(head)
    end = head_lo + (join.start() if join else len(head))
    words = list(re.finditer(r"[^\s,—–]+", text[head_lo:end]))
    if not words:
        return None
    k = len(words)
    while k > 0 and len(words) - k < _MAX_NAME_WORDS and named(words[k - 1].group()):
        k -= 1
    if k == len(words):
        return None
    s, e = head_lo + words[k].start(), head_lo + words[-1].end()
    if k > 0 and words[k - 1].group().casefold() in {"i", "we", "my"}:
        return None  # "I Biscuit": not a name's start
    return s, e


@lru_cache(maxsize=1)
def _anchors() -> re.Pattern[str]:
    """The words a hint holds one of (a question's word, "one", "thing", a compound's "-frage", an
    asked topic's verb): the hint's pattern runs only around them."""
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    glued = "|".join(re.escape(w) for w in data["glued_question"])
    return re.compile(rf"(?i){sa._alt(data['question_words'] + data['one_words'] + ['thing', 'part', 'born'])}|{glued}"
                      rf"|{sa._alt(data['asked_topics'])}")


def _hint_matches(text: str) -> list[re.Match[str]]:
    """The hint pattern's matches, read only in windows around its anchor words (the pattern's
    nouns are many; the anchors are few in a message)."""
    hint = _hints()[0]
    found: list[re.Match[str]] = []
    done = 0
    for a in _anchors().finditer(text):
        lo, hi = max(done, a.start() - 80), min(len(text), a.end() + 120)
        if lo >= hi:
            continue
        for m in hint.finditer(text, lo, hi):
            if m.start() >= done:
                found.append(m)
                done = m.end()
    return found


def hint_spans(text: str, context: str = "") -> list[sa.Span]:
    """The answer beside a question named by its topic, where the thread (``text`` and the earlier
    turns in ``context``) is set at a bank, a login or a verification."""
    hint, _, gated, _ = _hints()
    p = sa._p()
    if not (gated.may(text) or p.topic.may(text)) or not (_setting_gate(text) or context and _setting_gate(context)):
        return []
    spans: list[sa.Span] = []
    setting: bool | None = None
    named_at_bank: bool | None = None
    hints = [(m, True) for m in _hint_matches(text)]
    asks = _asks()
    at_bank = _named_at_bank(text) or bool(context) and _named_at_bank(context)  # a bare topic needs one
    topics = [(m, False) for m in (p.topic.finditer(text) if at_bank else ())
              if not any(h.start() <= m.start() < h.end() or m.start() <= h.start() < m.end() for h, _ in hints)]
    for m, is_hint in sorted(hints + topics, key=lambda x: x[0].start()):
        lo, hi = sa._turn_bounds(text, m.start())
        if p.quiz.search(text, lo, hi) or p.quiz.search(context):
            continue
        if is_hint:
            if setting is None:
                setting = _set_at_bank(text) or _set_at_bank(context)
            if not setting and not asks.search(m.group()):  # "the pet question" says it; "the school one" does not
                continue
        else:  # a bare topic ("my first car"): only where a bank or a verification is named outright
            if named_at_bank is None:
                named_at_bank = _named_at_bank(text) or _named_at_bank(context)
            if not named_at_bank:
                continue
            if not _institution(text, context) and not _CLASSIC.search(m.group()):
                continue  # "when they asked about my favorite movie it was Heat": a chat's question
        end = m.end()
        for _ in range(3):  # "de mi madre", "'s name"
            t = p.tail.match(text, end)
            if not t or t.end() == end:
                break
            end = t.end()
        if text[end:end + 1] in "?？":
            continue  # "the pet question?": asked, answered in the next turn if at all
        value = sa._value_after(text, end)
        if not value or _talk(text[value[0]:value[1]]):  # "… for the bank is Henderson", "…, which is Mrs Albright"
            copula = sa._COPULA.search(text, end, min(hi, end + 50))
            value = sa._value_after(text, copula.end()) if copula and not _SENTENCE_END.search(text, end, copula.start()) \
                else None
        if not value or _talk(text[value[0]:value[1]]):  # "… the dog we had when I was small and I said X"
            stop = _SENTENCE_END.search(text, end, hi)
            told = p.told.search(text, end, min(stop.start() if stop else hi, end + 100))
            said = sa._value_after(text, told.end()) if told else None
            if said and named(text[said[0]:said[0] + _name_head(text[said[0]:said[1]])]):
                value = said
        if not value and re.match(r"[^\S\n]*[.!…]+\s", text[end:end + 6]):  # "… where my parents met. Lisbon."
            nxt = re.match(r"[^\S\n]*[.!…]+\s+", text[end:])
            value = sa._value_after(text, end + nxt.end()) if nxt else None
        if value and not named(text[value[0]:value[1]]):  # "hab ich Bello angegeben", "I put Mochi"
            told = p.told.match(text, value[0]) or re.match(_SUBJECT_VERB, text[value[0]:value[1]])
            if told:
                value = sa._value_after(text, value[0] + told.end()) or value
        if value:
            s, e = value
            e = s + _name_head(text[s:e])
            inner = text[s:e]
            quoted = text[s - 1:s] in sa._QUOTES
            direct = re.match(r"[^\S\n]*(?:is|was|:|=|—|–)[^\S\n]", text[end:s], re.IGNORECASE) is not None
            plain = direct and len(inner.split()) <= 2 and sa._END.match(text, e) is not None or \
                direct and len(inner.split()) <= 2 and p.stop.match(text, e + 1) is not None
            if not _talk(inner) and not p.topic.search(inner) and (quoted or named(inner) or plain):
                spans.append((s, e, _KIND))
                continue
        before = _value_before(text, m.start())
        if before and not _talk(text[before[0]:before[1]]):
            spans.append((before[0], before[1], _KIND))
    return spans


def thread_spans(text: str, turns: Sequence[str]) -> list[sa.Span]:
    """A turn that gives a named value right after a turn that raised a security question by its
    topic ("what about the pet one?" / "Biscuit"); and a turn with a hint read with the earlier
    turns as its setting ("the bank wants my answers" / "for the school one its St Mary's")."""
    if not turns or not text.strip():
        return []
    from . import forms
    hint, _, gated, _ = _hints()
    p = sa._p()
    if not any(_setting_gate(t) for t in turns[-2:]):
        return []  # no bank, no check, no question named before: nothing this turn answers
    norm, origin = forms.view(text)
    earlier = forms.TURN_JOIN.join(forms.view(t)[0] for t in turns[-2:])
    spans = []
    if gated.may(norm) or p.topic.may(norm) or _answer_gate(norm):
        spans = [sp for sp in (*hint_spans(norm, earlier), *answer_word_spans(norm, earlier))
                 if sp not in hint_spans(norm) and sp not in answer_word_spans(norm)]
    if spans or len(norm) > 120:
        return forms.back(spans, origin)
    prev = forms.view(turns[-1])[0]
    asked = (gated.may(prev) and _hint_matches(prev)) or p.topic.search(prev)
    if not asked or p.quiz.search(prev) or not _institution(earlier, ""):
        return []
    if hint_spans(prev, forms.view(turns[-2])[0] if len(turns) > 1 else "") or sa.answer_spans(prev):
        return []  # the turn before gave its own answer
    lead = _lead().match(norm)
    value = sa._value_after(norm, lead.end() if lead else 0)
    if not value:
        return []
    inner = norm[value[0]:value[1]]
    if _talk(inner) or not named(inner) or p.topic.search(inner) or _courtesy(inner):
        return []
    if len(norm[value[1]:].split()) > 8 or "?" in norm[value[1]:]:
        return []  # the turn goes on to say something else
    return forms.back([(value[0], value[1], _KIND)], origin)


def _courtesy(value: str) -> bool:
    from . import asked_values
    return asked_values._courtesy(value)


# ---------------------------------------------------------------- an answer word and its value
@lru_cache(maxsize=1)
def _answers() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    word = re.compile(rf"(?i){sa._alt(data['answer_words'])}")
    copula = sa._alt([c for c in data["copulas"] if c[:1].isalpha() or c[:1] in "'’"])
    marks = "".join(re.escape(c) for c in data["copulas"] if len(c) == 1 and not c.isalpha())
    # "answer is X", "svaret er X", "answer to the question about … is X", "answer: X", "yr ateb yw X"
    after = re.compile(rf"(?i)(?:[^\S\n]+(?:to|for|on|of|à|a|de|auf|zu|op|på|til|na|для|на|sa|kwa|ng)\b[^.;!?\n\u2029]{{0,70}}?)?"
                       rf"(?:[^\S\n]*[{marks}][^\S\n]*|[^\S\n]+(?:{copula})(?:[^\S\n]*:)?[^\S\n]+)")
    # "X. thats the answer …", and a dash alone before it: "Gizmo — the answer to 'name of your first pet' …"
    that_is = re.compile(rf"(?i)(?:(?:{sa._alt(data['that_is'])})[^\S\n]+|(?<=\S)[^\S\n]*[—–][^\S\n]*|(?<=\S)[^\S\n]+-[^\S\n]+)"
                         rf"(?:(?:the|la|le|die|il|a|o|my|mi|ma|mon|het|de|el)[^\S\n]+)?$")
    stems = sorted({w for w in data["question_words"] if len(w) >= 4 and not sa._GLUED.search(w)}, key=len, reverse=True)
    # a question word and its inflections ("kérdése", "pytaniu", "sorusuna"): a word start is enough
    setting = re.compile(rf"(?i){sa._alt(data['question_words'])}|(?<![^\W\d_])(?:{'|'.join(map(re.escape, stems))})")
    return word, after, that_is, setting


@lru_cache(maxsize=1)
def _strong_stems() -> re.Pattern[str]:
    """A security question's name and its inflections or compounds ("sikkerhetsspørsmålet",
    "Sicherheitsfragen", "güvenlik sorusuna"): a word start is enough."""
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    stems = sorted(data["strong_stems"], key=len, reverse=True)
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{'|'.join(re.escape(w).replace(chr(92) + ' ', chr(92) + 's+') for w in stems)})")


@lru_cache(maxsize=1)
def _name_words() -> re.Pattern[str]:
    return re.compile(rf"(?i){sa._alt(json.loads(_ASSET.read_text(encoding='utf-8'))['name_words'])}")


@lru_cache(maxsize=1)
def _setting_words() -> tuple[frozenset[str], tuple[str, ...]]:
    """The words of a setting (a bank, a check, an asking) and of a question's name: a text with none
    of them has no security question in it for this module."""
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    raw = json.loads(sa._ASSET.read_text(encoding="utf-8"))
    from . import forms
    phrases = data["context"] + data["question_words"] + data["askers"] + raw["context"] + raw["strong"] \
        + list(forms._words().get("security_context", {}).get("words", []))
    return sa.phrase_words(phrases)


@lru_cache(maxsize=2048)
def _setting_gate(text: str) -> bool:
    """A setting's or a question's word among the text's words, or a security question's name
    inside a compound ("sikkerhetsspørsmålet"): the cheap test before any pattern."""
    if sa.names_a_phrase_word(text, *_setting_words()):
        return True
    low = text.casefold()
    return any(stem in low for stem in _stem_words())


@lru_cache(maxsize=1)
def _stem_words() -> tuple[str, ...]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return tuple(w.casefold() for w in data["strong_stems"]) + ("frage", "vraag", "fråga", "spørsmål", "spørgsmål", "kysymy", "kérdés")


@lru_cache(maxsize=1)
def _answer_words() -> tuple[frozenset[str], tuple[str, ...]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    words = {max(sa._TOKEN.findall(w.casefold()), key=len) for w in data["answer_words"]
             if sa._TOKEN.findall(w.casefold()) and not sa._GLUED.search(w)}
    return frozenset(words), tuple(w for w in data["answer_words"] if sa._GLUED.search(w))


def _answer_gate(text: str) -> bool:
    """An answer word among the text's words (the cheap test before any pattern)."""
    words, glued = _answer_words()
    low = text.casefold()
    return not words.isdisjoint(sa._TOKEN.findall(low)) or (not text.isascii() and any(g in low for g in glued))


def _setting_of_answer(text: str, context: str) -> tuple[bool, bool]:
    """(a setting where an answer is a security one, a security question named outright)."""
    p = sa._p()
    question = _answers()[3]
    stems = _strong_stems()
    strong = bool(p.strong.search(text) or p.strong.search(context) or stems.search(text) or stems.search(context))
    at_bank = strong or _set_at_bank(text) or _set_at_bank(context)
    named_question = bool(question.search(text) or question.search(context))
    asked = named_question and bool(p.topic.search(text) or p.topic.search(context) or _hints()[2].may(text)
                                    or _hints()[2].may(context) or _name_words().search(context))
    return at_bank or asked, strong or (named_question and at_bank)


#: A question quoted right after an answer's word and "to" ("the answer to 'name of your first pet'").
_QUOTED_QUESTION = re.compile(r"(?i)[^\S\n]+(?:to|for|à|a|auf|zu|für|para|per|voor|na|на)[^\S\n]+(?:the[^\S\n]+)?"
                              r"[\"'“‘«„](?P<q>[^\"“”«»\n]{3,80}?)[\"'”’»](?![^\W\d_])")


def answer_word_spans(text: str, context: str = "") -> list[sa.Span]:
    """A value given as an answer where a security question is in sight: "the answer is Mr
    Pennington", "svaret är Mrs Gaskell", "a válasz Ford Anglia", "answer: cobden street", and the
    value before it: "Mr Pennington. thats the answer to the question about …", "X — c'est la
    réponse à « votre premier animal »"."""
    if not _answer_gate(text):
        return []
    word, after, that_is, _ = _answers()
    p = sa._p()
    found = list(word.finditer(text))
    if not found:
        return []
    setting, strong = _setting_of_answer(text, context)
    if not setting:  # "the answer to 'name of your first pet'": a question about the person quoted after its answer
        setting = any(_QUOTED_QUESTION.match(text, m.end()) and p.topic.search(_QUOTED_QUESTION.match(text, m.end())["q"])
                      for m in found)
    if not setting:
        return []
    spans: list[sa.Span] = []
    for m in found:
        lo, hi = sa._turn_bounds(text, m.start())
        if p.quiz.search(text, lo, hi) or p.quiz.search(context) or sa._THIRD.search(text, max(lo, m.start() - 12), m.start()):
            continue
        a = after.match(text, m.end(), hi)
        value = sa._value_after(text, a.end()) if a else None
        if not a and strong and re.match(r"[^\S\n]+\S", text[m.end():hi]):  # "a válasz Ford Anglia": no copula
            value = sa._value_after(text, m.end())
            value = value if value and named(text[value[0]:value[0] + _name_head(text[value[0]:value[1]])]) else None
        lead = that_is.search(text, lo, m.start())
        if value and lead and a and not re.match(r"[^\S\n]*(?:[:=—–-]|is\b)", text[m.end():a.end()]):
            value = None  # "Mango — that's the answer to the pet question on the Fidelity login": the value came first
        if value:
            s, e = value
            e = s + _name_head(text[s:e])
            inner = text[s:e]
            quoted = text[s - 1:s] in sa._QUOTES
            direct = a is not None and not re.match(r"[^\S\n]+(?:to|for|on|of|à|a|de|auf|zu|op|på|til|na|для|на|sa|kwa|ng)\b",
                                                   text[m.end():a.end()], re.IGNORECASE)
            plain = strong and direct and len(inner.split()) <= 3 and not _talk(inner)  # "the answer is cobden street"
            if not _talk(inner) and not p.topic.search(inner) and (quoted or named(inner) or plain):
                spans.append((s, e, _KIND))
                continue
        if lead:  # "X. thats the answer …", "X — c'est la réponse …"
            head = text[lo:lead.start()].rstrip(" \t,.:;—–-")
            run = re.search(r"(?:^|(?<=[\s\"'“‘«]))((?:[^\s.,;:!?—–]+[^\S\n]+){0,3}[^\s.,;:!?—–]+)[\"'”’»]?$", head)
            if run:
                s = lo + run.start(1)
                k = len(run.group(1).split())
                while k and not named(" ".join(run.group(1).split()[-k:])):
                    k -= 1
                if k:
                    tail = " ".join(run.group(1).split()[-k:])
                    s = lo + head.rfind(tail)
                    if not _talk(tail) and not p.topic.search(tail):
                        spans.append((s, s + len(tail), _KIND))
    return spans


@lru_cache(maxsize=1)
def _introducers() -> re.Pattern[str]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return re.compile(rf"(?i)(?:,[^\S\n]*(?:(?:{sa._alt(data['introducers'])})[^\S\n]+)?|[^\S\n]+(?:{sa._alt(data['introducers'])})[^\S\n]+)")


def apposed_spans(text: str, context: str = "") -> list[sa.Span]:
    """A named value set beside a security question's description, in a sentence that names the
    question outright: "… der Geburtsname meiner Mutter, also Our Lady of Lourdes", "… o nome do meu
    primeiro bichinho, que era Goldie", "… της μητέρας μου, Our Lady of Lourdes". The value is a
    short name (capitalised words) that ends its clause."""
    p = sa._p()
    stems = _strong_stems()
    low = text.casefold()
    if not (sa._maybe(text, p) or any(stem in low for stem in _stem_words())) \
            or not (p.strong.search(text) or stems.search(text)):
        return []
    spans: list[sa.Span] = []
    for cue in (*p.strong.finditer(text), *stems.finditer(text)):
        lo, hi = sa._turn_bounds(text, cue.start())
        if p.quiz.search(text, lo, hi) or p.quiz.search(context):
            continue
        stop = _SENTENCE_END.search(text, cue.end(), hi)
        end = stop.start() if stop else hi
        for m in _introducers().finditer(text, cue.end(), end):
            at = m.end()
            run = re.match(r"(?:[^\s.,;:!?()\"“”‘’«»]+[^\S\n]*){1,4}", text[at:end])
            if not run:
                continue
            k = _name_head(text[at:at + run.end()].rstrip())
            inner = text[at:at + k]
            if not named(inner) or _talk(inner) or p.topic.search(inner) or p.strong.search(inner) or stems.search(inner):
                continue
            after = text[at + k:at + k + 3]
            if after.strip() and not re.match(r"\s*(?:[.,;:!?)\u2029—–]|$)", after):
                continue  # the name runs on into the clause: "…, Lloyds Bank asks …"
            prev = text[max(lo, m.start() - 12):m.start()]
            if re.search(r"(?i)\b(?:at|with|from|bei|chez|en|in|na|w|в|of)\s*$", prev):
                continue
            if (at, at + k, _KIND) not in spans:
                spans.append((at, at + k, _KIND))
    return spans
