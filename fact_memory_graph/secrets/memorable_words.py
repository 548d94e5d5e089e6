"""A bank's memorable word, secret word, code word or telephone password said in prose.

The grammar (words as data, ``assets/memorable_words.json``, about thirty languages): a NAME (a word
noun with a secrecy or memory qualifier, "mot mémorable", "hasło telefoniczne", "暗语"; or an
everyday word such as "palabra clave" or "password" when who it is for is said), then a TAIL of at
most six small words saying whose it is and for whom ("pour la banque", "do banku", "a banknál",
"ar gyfer y banc"), then an optional joining word, then the VALUE: one word that ends its clause
("… harbour", "… girasole hai"). Without a joining word the name's clause must name an institution
or a telephone line ("mot mémorable pour la banque harbour"): "I love the secret word game." is no
value. A value that is talk about the word ("changed", "vergeten"), a tail word or a pronoun is
none. In scripts without spaces the value is the run after the joining word ("暗语是青花瓷器").

:func:`thread_spans` reads a turn that only names the word ("bezpečnostní slovo pro banku") and the
short turn after it that gives it ("hjortron").
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from . import prefilter
from . import security_answers as sa

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "memorable_words.json"
_WORD = re.compile(r"[^\W_][\w'’\-]*")
_TAIL_WORDS = 8  # "voor de telefonische klantenservice van de bank"
#: What ends a value's clause (a colon does not: "code word for tonight: X" names what follows).
_CLAUSE_END = re.compile(r"\s*(?:[.,;!?)\]\n\u2029。，、！？；…]|\s[—–-]\s|\s*<-|[^\w\s]*\s*$)"
                         r"|\s+(?:and|but|aber|mais|pero|ma|mas|maar|men|но)\s+(?=[^\W\d_])"  # "word's X and my mum's is …"
                         # a new clause's subject after a dictated value ("… secret word orchid my support worker reads …")
                         r"|\s+(?=(?:my|i|he|she|we|they|his|her|our|their)\s+[^\W\d_]+\s+[^\W\d_])")
_CONNECTOR = re.compile(r"(?i)\s*(?:,\s*(?:which|that|que|qui|das|dat|che|который|которое)\s+(?:is|es|est|ist|è|é|это|—)\s|[:=：→?？]|->|[—–-](?=\s)|(?<![^\W\d_])(?:is|was|es|era|est|ist|lautet|é|è|e|är|er|on|jest|to|это|—|adalah|"
                        r"yaitu|ialah|là|hai|ni|ay|yw|ydy|este|είναι|je|є|это|olarak|wa|ndi|iko|van|az)(?![^\W\d_]))\s*")
_GLUED_CONNECTOR = re.compile(r"\s*(?:是|为|為|は|が|는|은|이|คือ|[:：])\s*")
_GLUED_VALUE = re.compile(r"[^\s.,;!?()\[\]。，、！？；「」『』\"'“”]{1,20}")
_GLUED_ENDS = re.compile(r"(?:です|だよ|だ|よ|입니다|이야|야|ครับ|ค่ะ|哦|啊|吧|呢|了)$")


def _bare(word: str) -> str:
    """``word`` without its diacritics ("hasło" -> "haslo"), or "" when it has none (Latin, Greek, Cyrillic only)."""
    if not any(ord(c) < 0x0530 for c in word):
        return ""
    bare = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    bare = bare.replace("ł", "l").replace("Ł", "L").replace("ı", "i").replace("ø", "o").replace("đ", "d")
    return unicodedata.normalize("NFC", bare) if bare != word else ""


class _M:
    def __init__(self) -> None:
        data = json.loads(_ASSET.read_text(encoding="utf-8"))
        # the words as the text is read (forms.view: NFKC splits Thai "ำ")
        data = {k: [unicodedata.normalize("NFKC", w) for w in v] if isinstance(v, list) else v for k, v in data.items()}
        for key in ("names", "bank_names", "tail", "institutions", "owners"):  # typed without diacritics: "haslo"
            data[key] = list(dict.fromkeys(data[key] + [_bare(w) for w in data[key] if _bare(w)]))
        data["tail"] = data["tail"] + data["owners"]  # "memorable word мами X": an owner stands in the tail
        # prefix trees: the same matches as the words' alternation, at a fraction of its cost
        self.names = re.compile("(?i)" + prefilter.whole_words(data["names"]))
        self.bank_names = re.compile("(?i)" + prefilter.whole_words(data["bank_names"]))
        self.gate_words, self.gate_glued = sa.phrase_words(data["names"])
        # an everyday name ("password", "keyword") is read only in a text that also names an institution
        self.bank_gate_words, self.bank_gate_glued = sa.phrase_words(data["bank_names"])
        self.institution_words, self.institution_glued = sa.phrase_words(data["institutions"])
        self.tail = {w.casefold() for w in data["tail"] if " " not in w}
        self.tail_phrases = re.compile(rf"(?i)\s*(?:{sa._alt([w for w in data['tail'] if ' ' in w])})")
        self.institution = re.compile("(?i)" + prefilter.whole_words(data["institutions"]))
        self.owner = re.compile(rf"(?i)(?:{sa._alt(data['owners'])})")
        # (an owner may close the clause after the copula: "… PILGRIMAGE ہے ابو کا", dad's)
        self.ends = re.compile(rf"(?i)\s+(?:{sa._alt(data['ends'])})(?:\s+(?:{sa._alt(data['owners'])}))?"
                               r"(?=\s*(?:[.,;!?)\n\u2029。！？]|$))")
        self.not_value = {w.casefold() for w in data["not"]}
        # "has always been", "sigue siendo", "ist immer noch": a joining phrase of more than one word
        self.joins = re.compile(rf"(?i)[^\S\n]*(?:{sa._alt(data['joins'])})[^\S\n]*|['’]s[^\S\n]+")  # "word's X"
        # a name strong enough that a value right after it needs no joining word ("mem word paisley.")
        self.bare_names = {" ".join(w.casefold().split()) for w in data["bare_names"]}
        self.adverbs = re.compile(rf"(?i)[^\S\n]*(?:{sa._alt(data['adverbs'])})(?=[^\S\n])")
        # "I chose X as my memorable word": the words between a value and its name
        self.as_word = re.compile(rf"(?i)(?:(?:[,—–:]|\s-)[^\S\n]*)?(?:{sa._alt(data['as_words'])})$"
                                  rf"|(?P<is>(?:(?:[,—–:]|\s-)[^\S\n]*)?(?:{sa._alt(data['is_words'])})$|(?:[,—–]|\s-)$)")


@lru_cache(maxsize=1)
def _m() -> _M:
    return _M()


def _not_value(word: str) -> bool:
    m, p = _m(), sa._p()
    w = word.casefold().strip("'’-")
    return len(w) < 3 or w in m.not_value or w in m.tail or w in p.no_answer or w in p.talk_first or w in p.talk


def _may(text: str) -> tuple[bool, bool]:
    """Whether ``text`` may hold a name, and an everyday name beside an institution (cheap word tests)."""
    m = _m()
    own = sa.names_a_phrase_word(text, m.gate_words, m.gate_glued)
    everyday = sa.names_a_phrase_word(text, m.bank_gate_words, m.bank_gate_glued) \
        and sa.names_a_phrase_word(text, m.institution_words, m.institution_glued)
    return own, everyday


def _names(text: str, own: bool = True, everyday: bool = True) -> list[tuple[int, int, bool]]:
    """Each name: its span and whether it needs an institution in its clause."""
    m = _m()
    out = [(n.start(), n.end(), False) for n in m.names.finditer(text)] if own else []
    if everyday:
        out += [(n.start(), n.end(), True) for n in m.bank_names.finditer(text)
                if not any(a <= n.start() < b for a, b, _ in out)]
    return out


def may_name(text: str) -> bool:
    """Whether ``text`` may hold a memorable word's own name (the cheap word test)."""
    return _may(text)[0]


def names_an_institution(text: str) -> bool:
    """Whether ``text`` names an institution that asks for a memorable word (cheap word test first)."""
    m = _m()
    return sa.names_a_phrase_word(text, m.institution_words, m.institution_glued) and bool(m.institution.search(text))


def names_who_asks(value: str) -> bool:
    """Whether ``value`` is an institution's name ("Barclays", "the bank"): who asks, no word."""
    return bool(_m().institution.fullmatch(value.strip()))


def name_at(text: str, at: int) -> bool:
    """Whether a memorable word's own name starts at ``at`` ("… (memorable word, Halifax)")."""
    m = _m()
    own, _ = _may(text)
    return own and bool(m.names.match(text, at))


def _after_tail(text: str, at: int, hi: int) -> tuple[int, bool]:
    """Past the tail after a name: the position, and whether the tail named an institution."""
    m = _m()
    named = False
    for _ in range(_TAIL_WORDS):
        phrase = m.tail_phrases.match(text, at, hi)
        if phrase and phrase.end() > at:
            named |= bool(m.institution.search(phrase.group()) or m.owner.fullmatch(phrase.group().strip()))
            at = phrase.end()
            continue
        space = re.match(r"[^\S\n]*", text[at:hi])
        owner = m.institution.match(text, at + (space.end() if space else 0), hi)
        if owner and " " in owner.group():  # "building society", "customer service"
            named, at = True, owner.end()
            continue
        w = _WORD.match(text, at + (space.end() if space else 0), hi)
        if not w:
            break
        word = w.group().casefold()
        if word in m.tail or m.institution.fullmatch(w.group()):
            named |= bool(m.institution.fullmatch(w.group()) or m.owner.fullmatch(w.group()))
            at = w.end()
            continue
        break
    return at, named


def _value(text: str, start: int, end: int, needs: bool) -> tuple[int, int] | None:
    """The value after a name ending at ``end`` (``start`` its start)."""
    m = _m()
    lo, hi = sa._turn_bounds(text, start)
    clause = max(lo, start - 40)
    # "bank ka code word X hai", "a banki jelszó X": the institution in the three words right before the name
    named_before = bool(m.institution.search(" ".join(text[clause:start].split()[-3:])))
    if not text[end:end + 1].isspace() and sa._GLUED.search(text[max(start, end - 1):end]):  # "暗语是青花瓷器"
        at, named = end, False
        for _ in range(4):  # "暗语的", "คำลับของธนาคาร": a genitive, then who asks for it
            glue = re.match(r"(?:の|的|に|で|ของ|ที่|의|\s)+", text[at:hi])
            at += glue.end() if glue else 0
            owner = m.institution.match(text, at, hi)
            if owner and owner.end() > at:
                at = owner.end()
                continue
            if not glue or not glue.group():
                break
        joined = _GLUED_CONNECTOR.match(text, at, hi)
        if not joined or not joined.group().strip():
            return None
        v = _GLUED_VALUE.match(text, joined.end(), hi)
        if not v:
            return None
        s, e = v.start(), v.end()
        ends = _GLUED_ENDS.search(text, s, e)
        if ends and ends.start() > s:
            e = ends.start()
        if needs and not (named_before or m.institution.search(text, clause, start)):
            return None
        return (s, e) if not _not_value(text[s:e]) else None
    at, named = _after_tail(text, end, hi)
    named = named or bool(m.institution.search(text, start, end))  # "telephone banking password X"
    # "bank ka code word X": the institution before the name only when nothing stands between it and the value
    # (an own name keeps it across the tail's small words: "a bank titkos szava nálam X")
    named_before = named_before and (not needs or not text[end:at].strip())
    joined = m.joins.match(text, at, hi) or _CONNECTOR.match(text, at, hi)
    if not (joined and joined.end() > at):
        later = _later_join(text, at, hi, named or named_before)
        if later:
            return later
    if joined and joined.end() > at:
        at = joined.end()
        for _ in range(2):  # "is still X", "es ahora X"
            adverb = m.adverbs.match(text, at, hi)
            if not adverb or adverb.end() >= hi:
                break
            at = adverb.end()
    elif not (named or named_before or at == end and " ".join(text[start:end].casefold().split()) in m.bare_names):
        return None  # "I love the secret word game.", "the bank password for mum"; "mem word paisley." is one
    if needs and not (named or named_before):
        return None
    return _word_at(text, at, hi)


def _word_at(text: str, at: int, hi: int) -> tuple[int, int] | None:
    """The value at ``at``: a quoted run, or one word that ends its clause."""
    m = _m()
    space = re.match(r"[^\S\n]*", text[at:hi])
    quote = text[at + (space.end() if space else 0):][:1]
    if quote in sa._QUOTES:
        inner = sa._quoted(text, at + space.end())
        return inner if inner and not _not_value(text[inner[0]:inner[1]]) else None
    w = re.compile(r"[^\s.,;:!?()\[\]\"“”‘’«»]+").match(text, at + (space.end() if space else 0), hi)
    if not w or _not_value(w.group().rstrip("'’")) or not any(c.isalnum() for c in w.group()):
        return None  # "… the family code word is 🙂": an emoji is no word
    e = w.end()
    ends = m.ends.match(text, e, hi)
    after = ends.end() if ends else e
    if not _CLAUSE_END.match(text, after, hi) and after < hi:
        return None
    return w.start(), e


#: "kapradina <- halifax memorable info": a value, then an arrow pointing at the name.
_ARROW_BEFORE = re.compile(r"(?P<v>[^\s<>=:,;]{3,40})\s*(?:<-+|←|<=)\s*")


def spans(text: str) -> list[Span]:
    """Each memorable word, secret word or telephone password given in prose after its name."""
    m = _m()
    own, everyday = _may(text)
    if not (own or everyday):
        return []
    out: list[Span] = []
    if own and ("<" in text or "←" in text):
        for arrow in _ARROW_BEFORE.finditer(text):
            name = m.names.search(text, arrow.end(), min(len(text), arrow.end() + 40))
            if name and "\u2029" not in text[arrow.end():name.start()] and not _not_value(arrow.group("v")):
                out.append((arrow.start("v"), arrow.end("v"), "password"))
    for start, end, needs in _names(text, own, everyday):
        value = _value(text, start, end, needs) or _value_before(text, start, end, needs)
        if value:
            out.append((value[0], value[1], "password"))
    return out


#: A joining word later in the name's clause: a colon (past commas: "…del banco, mamá la olvida
#: siempre: X"), or a copula within the clause ("… pour récupérer les enfants à la crèche c'est X").
_LATER_COLON = re.compile(r"[^.!?\n\u2029:;]{1,80}?[:：][^\S\n]*")
_LATER_COPULA = re.compile(r"[^.,!?\n\u2029:;]{1,70}?(?<=\s)(?=\S)")
_GAP_WORDS = 10


def _later_join(text: str, at: int, hi: int, named: bool) -> tuple[int, int] | None:
    """The value after a joining word a few words after the name's tail, when the words between
    name who asks for it or whose it is (an institution, an owner: "the family safe word (if a
    stranger says mum sent them) is: X"); a quiz's or a game's word is none."""
    m = _m()
    colon = _LATER_COLON.match(text, at, hi)
    if colon:
        gap, after = text[at:colon.end()], colon.end()
    else:
        after = -1
        for c in _LATER_COPULA.finditer(text, at, min(hi, at + 90)):
            j = m.joins.match(text, c.end(), hi) or _CONNECTOR.match(text, c.end(), hi)
            if j and j.group().strip() and j.end() > c.end() and text[j.end() - 1:j.end()].isspace():
                gap, after = text[at:c.end()], j.end()
                break
        if after < 0:
            return None
    if len(gap.split()) > _GAP_WORDS or sa._p().quiz.search(gap):
        return None
    if not (named or m.institution.search(gap) or m.owner.search(gap)):
        return None
    return _word_at(text, after, hi)


#: The value right before an "as" word: one word, or a quoted run.
_BEFORE = re.compile(r"(?:^|(?<=[\s(]))(?:(?P<q>['\"“‘«][^'\"“”‘’«»\n]{1,40}['\"”’»])|(?P<v>[^\s.,;:!?()\[\]\"“”‘’«»]{3,40}))[^\S\n]+$")


#: The value right before a comma or a dash: one word, or a quoted run, at its clause's start.
_BARE_BEFORE = re.compile(r"(?:^|(?<=[\s(]))(?:(?P<q>['\"“‘«][^'\"“”‘’«»\n]{1,40}['\"”’»])|(?P<v>[^\s.,;:!?()\[\]\"“”‘’«»]{3,40}))[^\S\n]*$")


def _value_before(text: str, start: int, end: int, needs: bool) -> tuple[int, int] | None:
    """A value said before its name and an "as" word: "I chose Pemberley as my telephone banking
    password", "puse girasol como palabra secreta", "Kuckuck als Kennwort für die Bank"."""
    m = _m()
    lo, _ = sa._turn_bounds(text, start)
    at = start
    for _ in range(3):  # "as my", "as our joint account's": the tail's small words before the name
        w = re.search(r"[^\W\d_][\w'’\-]*[^\S\n]+$", text[max(lo, at - 30):at])
        if not w or w.group().split()[0].casefold() not in m.tail or m.as_word.search(text[max(lo, at - 30):at].rstrip()):
            break
        at = max(lo, at - 30) + w.start()
    head = text[max(lo, at - 80):at].rstrip()
    cue = m.as_word.search(head)
    if not cue:
        return None
    bare = not re.search(r"[^\W\d_]", cue.group())  # "X, my memorable word …", "X — my memorable word"
    closed = cue.group("is") is not None  # "X — that's my memorable word": nothing may follow the name
    before = (_BARE_BEFORE if bare else _BEFORE).search(head[:cue.start()])
    if not before:
        return None
    base = max(lo, at - 80)
    if bare and base + before.start() > lo and not re.search(r"[.;!?:\n\u2029]\s*$", text[lo:base + before.start()]):
        return None  # the value is its clause's whole start
    if closed:  # and nothing follows the name in its clause ("X, that's my memorable word sorted")
        after, _ = _after_tail(text, end, len(text))
        if not _CLAUSE_END.match(text, after) and after < len(text):
            return None
    if before.group("q"):
        s, e = base + before.start("q") + 1, base + before.end("q") - 1
    else:
        s, e = base + before.start("v"), base + before.end("v")
    if _not_value(text[s:e].strip("'\"“”‘’«»")) or m.institution.fullmatch(text[s:e]):
        return None  # "Barclays - my memorable word": who asks, not the word
    if needs and not (m.institution.search(text, max(lo, s - 60), min(len(text), end + 60))):
        return None
    return s, e


#: A short turn that gives a value: its first word (and what follows it: "met een hoofdletter", "tror jag").
_LONE = re.compile(r"\s*['\"“‘«]?(?P<v>[^\s.,;:!?()\[\]\"“”‘’«»]{3,40})['\"”’»]?")


def thread_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """The value given in the turn after a turn that only named the word ("palavra de segurança do
    banco" / "kiwisaurus")."""
    if not turns or len(text) > 80 or len(text.split()) > 6:
        return []
    m = _m()
    prev = turns[-1]
    if len(prev) > 160:
        return []
    own, everyday = _may(prev)
    for start, end, needs in _names(prev, own, everyday) if own or everyday else ():
        at, named = _after_tail(prev, end, len(prev))
        rest = _FILLER_END.sub("", _SYMBOLS_END.sub("", prev[at:])).strip(" ?？;\u037e:：-—–")  # "what's the bank word again?", Greek "…στο Nationwide;"
        if rest and _OPEN_END.search(rest) and len(rest.split()) <= _GAP_WORDS and not sa._p().quiz.search(rest) \
                and (not needs or m.institution.search(rest) or m.owner.search(rest)):
            rest = ""  # "la palabra clave para recoger a los niños en la guarde es:": what follows is the word
            named = True
        if rest or (needs and not (named or m.institution.search(prev, 0, start))):
            continue
        k = _RECALLED.match(text).end()  # "ah yes Honeysuckle", "oui c'est Tournesol": the word after remembering it
        whole = _SHORT.fullmatch(text, k)
        if whole and len(whole.group("v").split()) > 1 and not _not_value(whole.group("v").split()[0]):
            return [(whole.start("v"), whole.end("v"), "password")]  # "purple dinosaur", "Cardigan Bay"
        v = _LONE.match(text, k)
        if v and not _not_value(v.group("v")):
            return [(v.start("v"), v.end("v"), "password")]
    return []


#: What a reply says before the word it remembers: an interjection, a yes, "it's" ("ah yes X", "oh right, it's X",
#: "ah oui c'est X", "ach ja, X", "ah sí, era X").
_RECALLED = re.compile(r"(?i)\s*(?:(?:ah+|oh+|aha|yes|yeah|yep|right|ok|okay|sure|got it|s[ií]|oui|ja|sim|già|tak|да|evet|iya|ya|"
                       r"ach|och|ahá|claro|ecco|tja|ну|а|ой)(?:[\s,!.…-]+|$))*"
                       r"(?:(?:it's|its|it is|it was|that's|thats|i think it's|es|era|c'est|c'était|das ist|es ist|es war|war|é|"
                       r"è|to|это|bu|itu)[\s,:]+)?")
#: Words that end a question about the word without saying more: "… again?", "… pls".
_FILLER_END = re.compile(r"(?i)(?:[^\S\n]+(?:again|now|pls|please|plz|lol|otra vez|de nuevo|encore|nochmal|ancora|weer|znowu|снова|yine|lagi|lại|phir se))+[\s?？!.]*$")
#: Emoji and other symbols ending a turn ("… yw 🚒"): no words.
_SYMBOLS_END = re.compile(r"[^\w\s.,;:!?？：()'\"“”‘’«»-]+[\s]*$")
#: A turn that ends on a joining word ("… is:", "… es:", "… c'est"): the next turn gives the value.
_OPEN_END = re.compile(r"(?i)(?:[:：]|(?<![^\W\d_])(?:is|es|est|c'est|ist|lautet|è|é|är|er|on|jest|to|это|adalah|là|hai|ni|waa|yw|ydy|era|était|war|είναι|є|este|je|van|ialah|yaitu|was))\s*[:：]?$")
#: A short turn that is the value whole: two or three words, then at most punctuation or an emoji.
_SHORT = re.compile(r"\s*['\"“‘«]?(?P<v>[^\W\d_][\w'’\-]*(?:[^\S\n][^\W\d_][\w'’\-]*){0,2})['\"”’»]?[^\w]*")
