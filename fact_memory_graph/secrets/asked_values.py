"""A secret named by who asks for it, and a value said before the words that say what it is.

Telephone banking and memorable words are rarely named the bank's way by the people who use them:
"the word the bank asks for is chinchilla", "the number you tap in after your date of birth when
you ring" / "685200", "Periwinkle is mum's passphrase", "Renault Quatrelle, that's what goes in the
box for his security question", "Dunstable es lo que puse en lo del primer coche", "X comma is what
the Post Office account asks for". What such a value IS: a short word, name or number that an
institution ASKS FOR (a noun — word, number, code, name — with a verb of asking or keying in and
someone who asks), or one the next words name as a memorable word, a passphrase, a PIN or an
answer. Words as data (``assets/question_hints.json``: asked_nouns, askers, ask_verbs, post_values,
secret_word_names).

Kept: a number or a word asked for in a sentence that gives no value ("the number the bank asked
for is on the back of the card"), a name that is someone's ("Sarah is my sister"), talk.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache

from . import memorable_words, opening_values
from . import question_hints as qh
from . import security_answers as sa

_KIND = "password"
#: Dictated punctuation ("… on comma Sister Bernadette comma is what …"), as long as the word it
#: stands for, so that offsets hold.
_SPOKEN = re.compile(r"(?i)(?<=\s)(comma|full stop|period)(?=\s|$)")
_CLAUSE = re.compile(r"[.,;:!?\n\u2029—–。，；！？]|\s-\s")
_HEAD_WORDS = 4


class _W:
    def __init__(self) -> None:
        data = json.loads(qh._ASSET.read_text(encoding="utf-8"))
        noun = sa._alt(data["asked_nouns"])
        verb = sa._alt(data["ask_verbs"])
        # (a relative clause may stand between commas: "das Wort, das die Bank abfragt, lautet …")
        self.asked = re.compile(rf"(?i)(?:{noun})(?:,?[^\S\n]+[^\s.,;:!?]+){{0,8}}?,?[^\S\n]+(?:{verb})(?![^\W\d_])")
        self.asker = re.compile(rf"(?i){sa._alt(data['askers'] + data['context'])}")
        copulas = [c for c in data["copulas"] if c[:1].isalpha()]
        self.copula = re.compile(rf"(?i)[^\S\n]+(?:{sa._alt(copulas)})[^\S\n]*:?[^\S\n]+|[^\S\n]*[:=—–][^\S\n]*")
        self.post = re.compile(rf"(?i)(?:{sa._alt(data['post_values'] + data['what_is_asked'])})")
        self.that_is = re.compile(rf"(?i)(?:{sa._alt(data['that_is'])})[^\S\n]+")
        self.ask_verb = re.compile(rf"(?i){verb}")
        names = data["secret_word_names"]
        self.name = re.compile(rf"(?i){sa._alt(names)}")
        wordish = [n for n in names if re.search(r"word|phrase|kelime|palabra|mot|wort|parola|palavra|woord|слово|kata|từ|"
                                                  r"gair|focal|neno|shabd|memorable|słowo|لفظ|كلمة|eray", n)
                  and not re.search(r"pass|code|answer|question|wacht|hasło|kennwort|sandi", n)]  # "password manager"
        self.word_name = re.compile(rf"(?i)(?:{sa._alt(wordish)})")
        self.value_end = re.compile(rf"(?i)[^\S\n]*(?:$|[.,;!?\u2029)]|(?:{sa._alt(data['value_end'])})(?![^\W\d_]))")
        # a turn naming the value the turn before told bare, in the languages' own words ("ist das Passwort vom …")
        self.label_that_is = re.compile(rf"(?i)(?:{sa._alt(data['that_is'] + data['label_that_is'])})[^\S\n]+")
        self.label_owner = re.compile(rf"(?i)(?:(?:{sa._alt(data['label_owners'])})(?:[^\S\n]+|(?<=['’])))" + "{0,2}")
        self.label_name = re.compile(rf"(?i)(?:{sa._alt(names + data['label_names'])})(?![^\W\d_])")
        self.owner = re.compile(r"(?i)(?:(?:my|his|her|their|our|the|mum's|mums|mom's|moms|dad's|dads|mother's|father's|"
                                r"wife's|husband's|nan's|gran's|[^\W\d_]+'s)[^\S\n]+){0,2}")


@lru_cache(maxsize=1)
def _w() -> _W:
    return _W()


def spoken(text: str) -> str:
    """``text`` with dictated punctuation read as its mark (same length)."""
    if "comma" not in text.casefold() and "full stop" not in text.casefold() and "period" not in text.casefold():
        return text
    marks = {"comma": ",", "full stop": ".", "period": "."}
    return _SPOKEN.sub(lambda m: marks[m.group(1).casefold()].ljust(len(m.group(1))), text)


def _plain(value: str) -> bool:
    """A short value that is no talk: at most three words, not a pronoun, not a function word."""
    words = value.split()
    return 0 < len(words) <= 3 and not qh._talk(value) and not sa._p().topic.search(value)


def _asked_here(text: str, m: re.Match[str]) -> bool:
    """Someone who asks, in the asking phrase or just after it ("eso pide la aseguradora")."""
    w = _w()
    window = text[m.start():min(len(text), m.end() + 40)]
    # someone who asks: a pronoun, an asker's word, or a bank's own name ("give halifax letters of")
    return bool(w.asker.search(window) or re.search(r"(?i)\b(?:they|you|she|he|ze|ils|sie)\b", window)
                or memorable_words.names_an_institution(window))


#: Copulas of one language that are prepositions of another ("on" is Finnish "is", "to" Polish "is"):
#: before an article or a possessive they are the preposition ("asks for on the phone").
_PREPOSITION_LIKE = frozenset({"on", "to", "van", "er", "var", "ni", "je", "az", "ay"})
_ARTICLE = re.compile(r"(?i)(?:the|a|an|my|your|his|her|our|their|this|that)\s")


#: A phone number's shape, and a call's verb before it ("the number to call", "la línea a la que llamar").
_PHONE = re.compile(r"\+?\(?\d[\d\s\-().]{5,}\d")
_CALL = re.compile(r"(?i)\b(?:call|ring|phone|dial|llamar|appeler|anrufen|chiamare|ligar|bellen|zadzwonić|позвонить)")


#: A place after the copula: where the value is written, not the value ("is on the letter", "está en la carta").
_WHERE_AFTER = re.compile(r"(?i)(?:on|in|at|under|inside|behind|written|printed|somewhere|en|sur|dans|auf|im|am|unter|su|nel|"
                          r"nella|sul|op|onder|w|na|в|на|di|da|no|na)\s")


#: A sentence's end that is no ellipsis ("asks for on the phone... marmalade": the dots join).
_STOP = re.compile(r"(?<!\.)\.(?!\.)|[;!?\n\u2029。！？；]")
#: A pause that joins a name and its value: an ellipsis, a spaced hyphen, an arrow.
_PAUSE = re.compile(r"[^\S\n]*(?:\.{2,}|…|(?<=\s)-|->|→)[^\S\n]*(?=[^\W_])")


def _final_copula(text: str, at: int, hi: int) -> re.Match[str] | None:
    """The gap before one word that a clause-final copula ends ("the word the bank asks for
    Kilimanjaro7 hai"): a match ending where the value begins."""
    v = re.compile(r"[^\S\n]+(?=[^\s.,;:!?()]+[^\S\n]+)").match(text, at, hi)
    if not v:
        return None
    word = re.compile(r"[^\s.,;:!?()]+").match(text, v.end(), hi)
    if not word or _w().value_end.match(text, word.start()) or sa._p().connector.match(text, word.start()):
        return None  # "asks for hai na": the copula itself
    return v if _w().value_end.match(text, word.end()) and word.end() < hi \
        and text[word.end():word.end() + 1].isspace() else None


#: The turn's last word after the asking phrase, maybe after who asks and a small word ("… pide el banco
#: zeytun", "… asks for Marigold22"), nothing after it but a stop.
_LAST_WORD = re.compile(r"(?P<between>(?:[^\S\n]+[^\s.,;:!?()]+){0,3}?)[^\S\n]+(?P<v>[^\s.,;:!?()\"'“”«»]{3,40})[^\S\n]*[.!]?[^\S\n]*")
_SMALL = re.compile(r"(?i)(?:the|el|la|le|les|o|a|il|lo|der|die|das|de|do|da|du|di|for|about|to|al|von|vom|z|ze)")


def _turn_final(text: str, at: int, hi: int) -> tuple[int, int] | None:
    """The value that ends the turn right after an asking phrase, with no copula (round thirty): only who
    asks or small words between; else a value of a password's shape (a capital, a digit)."""
    m = _LAST_WORD.fullmatch(text, at, hi)
    if not m:
        return None
    value = m.group("v")
    between = m.group("between").split()
    plain = all(_w().asker.fullmatch(b) or memorable_words.names_who_asks(b) or _SMALL.fullmatch(b) for b in between)
    shaped = any(ch.isdigit() for ch in value) or value[:1].isupper()
    if not (plain or shaped) or qh._talk(value) or _w().ask_verb.fullmatch(value) or memorable_words.names_who_asks(value) \
            or value.casefold() in {"please", "again", "today", "yesterday", "now", "then", "here", "there", "too", "also"}:
        return None
    return m.start("v"), m.end("v")


def asked_spans(text: str) -> list[sa.Span]:
    """The value after a noun asked for: "the word the bank asks for is chinchilla"."""
    w, p = _w(), sa._p()
    text = spoken(text)  # "… is Zitronenfalter85 full stop thanks": the dictated stop ends the value
    spans: list[sa.Span] = []
    for m in w.asked.finditer(text):
        if not _asked_here(text, m):
            continue
        lo, hi = sa._turn_bounds(text, m.start())
        if p.quiz.search(text, lo, hi):
            continue
        stop = _STOP.search(text, m.end(), hi)
        limit = min(stop.start() if stop else hi, m.end() + 60)
        c = w.copula.search(text, m.end(), limit)
        while c and c.group().strip().casefold() in _PREPOSITION_LIKE and _ARTICLE.match(text, c.end()):
            c = w.copula.search(text, c.end(), limit)  # "asks for on the phone": a preposition, no copula
        if not c:  # "… asks for on the phone... marmalade", "… asks for - lighthouse", "… asks for Kilimanjaro7 hai"
            c = _PAUSE.search(text, m.end(), limit) or _final_copula(text, m.end(), hi)
        if not c and (last := _turn_final(text, m.end(), hi)):  # "la palabra que pide el banco zeytun"
            spans.append((*last, _KIND))
            continue
        if not c or _WHERE_AFTER.match(text, c.end()):
            continue  # "… is on the letter": where it is written, no value
        value = sa._value_after(text, c.end())
        if value:
            s, e = value
            inner = text[s:e]
            if _PHONE.fullmatch(inner.strip()) and _CALL.search(text, m.start(), c.start()):
                continue  # "the number to call is 0800 731 0469": a line to call, not a word asked for
            if _plain(inner) or qh.named(inner):
                spans.append((s, e, _KIND))
    return spans


def asks_for_word(text: str) -> bool:
    """Whether ``text`` names a word or a code someone asks for ("le mot que la banque demande", "the
    word the bank asks for"): its asking verb is no reference's noun ("demande", "request")."""
    if not sa.names_a_phrase_word(text, *_gate()):
        return False
    return any(_asked_here(text, m) for m in _w().asked.finditer(text))


def _head_before(text: str, at: int) -> tuple[int, int] | None:
    """The clause just before ``at`` when it is short (a value: "Sister Bernadette", "Periwinkle")."""
    cuts = [m.end() for m in _CLAUSE.finditer(text, max(0, at - 80), at)]
    lo = cuts[-1] if cuts else max(0, at - 80)
    if not cuts and lo > 0 and text[lo - 1] not in "\u2029":
        lo = text.rfind("\u2029", 0, at) + 1
        if at - lo > 80:
            return None
    head = text[lo:at]
    words = head.split()
    if not words or len(words) > _HEAD_WORDS:
        return None
    s = lo + len(head) - len(head.lstrip())
    e = lo + len(head.rstrip())
    inner = text[s:e].strip(" '\"“”‘’«»")
    if not inner or not (qh.named(inner) or (len(words) == 1 and not qh._talk(inner))):
        return None
    if qh._talk(inner) or sa._p().topic.search(inner) or _w().name.search(inner):
        return None
    return s, e


def before_name_spans(text: str) -> list[sa.Span]:
    """A value named after it is said: "Periwinkle is mum's passphrase for …", "X, that's what goes
    in the box for his security question", "X. eso pide la aseguradora", "X comma is what the Post
    Office account asks for", "Dunstable es lo que puse en lo del primer coche"."""
    w, p = _w(), sa._p()
    read = spoken(text)
    spans: list[sa.Span] = []
    named = w.name.search(read) is not None  # the copula reading needs a secret's name after it
    for c in (w.copula.finditer(read) if named else ()):  # "<value> is <owner> <secret's name>"
        owner = w.owner.match(read, c.end())
        name = w.name.match(read, owner.end() if owner else c.end())
        if not name or not c.group().strip() or c.group().strip() in ":=—–" or sa._IDIOM.match(read, name.end()):
            continue  # "'42' is the answer to everything"
        if name.group().casefold().startswith("answer") and not qh._set_at_bank(read):
            continue  # "X is the answer", "Nairobi is my answer to where I'd live": a reply, not a security answer
        head = _head_before(read, c.start())
        if head:
            spans.append((head[0], head[1], _KIND))
    for m in w.post.finditer(read):  # "<value>, that's what goes in …", "<value> es lo que puse …"
        lo, hi = sa._turn_bounds(read, m.start())
        stop = qh._SENTENCE_END.search(read, m.end(), hi)
        rest = read[m.start():min(stop.start() if stop else hi, m.end() + 120)]
        own = read[m.start():m.end()].casefold()
        if not (p.strong.search(rest) or qh._hints()[2].may(rest) and qh._hint_matches(rest)
                or p.topic.search(rest) or w.asker.search(rest) and (w.ask_verb.search(rest) or " put" in own
                                                                     or "puse" in own)):
            continue
        if p.quiz.search(read, lo, hi):
            continue
        at = m.start()
        lead = re.search(r"(?i)(?:(?:[,.—–:;]|\s-\s)\s*)?(?:(?:that's|thats|that is|this is|it's|its|is|es|est|c'est|"
                         r"das ist|è|é|dat is|eso es)\s+)?$", read[max(lo, at - 20):at])
        if lead:
            at = max(lo, at - 20) + lead.start()
        head = _head_before(read, at)
        if head:
            spans.append((head[0], head[1], _KIND))
    return spans


def bare_after_name_spans(text: str) -> list[sa.Span]:
    """One word right after a memorable word's name, at its clause's end or before a sentence's
    copula: "bank ka memorable word Pipistrelle hai", "telefonla sorduğu gizli kelime Bamburgh"."""
    w = _w()
    spans: list[sa.Span] = []
    for m in w.word_name.finditer(text):
        v = re.match(r"[^\S\n]+([^\s.,;:!?()\"'“”‘’«»]+)", text[m.end():])
        if not v:
            continue
        s, e = m.end() + v.start(1), m.end() + v.end(1)
        if not w.value_end.match(text, e):
            continue
        word = text[s:e]
        low = word.casefold()
        p = sa._p()
        if qh._talk(word) or low in p.reply or low in {"thing", "stuff", "again", "too", "also", "please", "lol", "here",
                                                       "there", "now", "then", "reset", "change", "changed", "hint"}:
            continue
        if low in {c.casefold() for c in json.loads(qh._ASSET.read_text(encoding="utf-8"))["copulas"]}:
            continue
        spans.append((s, e, _KIND))
    return spans


@lru_cache(maxsize=1)
def _gate() -> tuple[frozenset[str], tuple[str, ...]]:
    """The asking phrases' words (:func:`security_answers.phrase_words`)."""
    data = json.loads(qh._ASSET.read_text(encoding="utf-8"))
    return sa.phrase_words(data["asked_nouns"] + data["secret_word_names"] + data["post_values"] + data["what_is_asked"])


def spans(text: str) -> list[sa.Span]:
    """All of this module's readings of one text (a cheap word test first: most messages name none)."""
    if not sa.names_a_phrase_word(text, *_gate()):
        return []
    return [*asked_spans(text), *before_name_spans(text), *bare_after_name_spans(text)]


def thread_spans(text: str, turns: Sequence[str]) -> list[sa.Span]:
    """A short turn that gives the value a turn before asked about: "the word the bank asks for
    when I ring up" / "bluebell1952"; "mi escuela primaria?" / …; "what did i put for first
    school" / "nugget primary i think"; "ok the insurer's question. where i did my infants" / "Mrs
    Gaskell"."""
    if not turns or not text.strip() or len(text) > 80:
        return []
    if not (any(qh._setting_gate(t) for t in turns[-2:]) or "what did i " in turns[-1].casefold()):
        return []  # no bank, no check, no question named, no "what did I put for …": nothing asked
    from . import forms
    norm, origin = forms.view(text)
    prev = forms.view(turns[-1])[0]
    if len(prev) > 300:
        return []
    w, p = _w(), sa._p()
    hint, _, gated, _ = qh._hints()
    asked = next((m for m in w.asked.finditer(prev) if _asked_here(prev, m)), None)
    earlier = forms.TURN_JOIN.join(forms.view(t)[0] for t in turns[-2:])
    question = qh._answers()[3]
    about = bool(gated.may(prev) and qh._hint_matches(prev)) or bool(p.topic.search(prev)) or bool(question.search(prev)) \
        or (gated.may(prev) and p.set_verb.search(prev) is not None)
    # a bank or a check named (not only someone asking: "where did you get this car?" in a chat)
    setting = qh._institution(earlier, norm) or p.set_verb.search(prev) is not None \
        or bool(re.search(r"(?i)\bwhat did i (?:put|say|use|set|pick|choose)\b", prev)) \
        or bool(qh._ASKING.search(prev) and (qh._CLASSIC.search(prev) or re.match(r"(?i)\s*i (?:put|said|set|used|typed)\b", norm)))
    if not (asked or (about and setting)) or p.quiz.search(prev) or p.quiz.search(norm):
        return []
    if qh.hint_spans(prev) or qh.answer_word_spans(prev) or asked_spans(prev) or before_name_spans(prev):
        return []  # the turn before gave its own value
    lead = qh._lead().match(norm)
    value = sa._value_after(norm, lead.end() if lead else 0)
    if not value:
        return []
    s, e = value
    e = s + qh._name_head(norm[s:e])
    inner = norm[s:e]
    if qh._talk(inner) or p.topic.search(inner) or _courtesy(inner):
        return []
    if len(norm[e:].split()) > 8 or "?" in norm[e:]:
        return []  # the turn goes on to say something else: "Nice one! Why is he your favorite?"
    if not (qh.named(inner) or any(ch.isdigit() for ch in inner) or (len(inner.split()) <= 3 and len(norm.split()) <= 6)):
        return []
    return forms.back([(s, e, _KIND)], origin)


@lru_cache(maxsize=1)
def _courtesies() -> frozenset[str]:
    return frozenset(json.loads(qh._ASSET.read_text(encoding="utf-8"))["not_values"])


def _courtesy(value: str) -> bool:
    """A courtesy or a reply ("Thanks", "Got it", "Cheers"), not a value."""
    first = (sa._TOKEN.findall(value.casefold()) or [""])[0]
    return first in _courtesies()


#: After a secret's name, what makes it the name of something else ("the login page", "le code promo").
_NOT_LABEL_AFTER = re.compile(
    r"(?i)[^\S\n]*(?:page|screen|button|field|form|link|box|prompt|window|menu|manager|app|problem|issue|error|reset|"
    r"policy|rules?|hint|requirements?|promo|promocional|promotionnel|rabatt|discount|postal|seite|maske|feld|"
    r"seite|fenster|página|pantalla|campo|botón|enlace|écran|champ|bouton|lien|pagina|schermata|"
    r"site|website|url|name|username|email|address|attempt|pad|gestionnaire)(?![^\W\d_])")


#: An arrow or a finger pointing up at the turn before, opening the turn that names it.
_UP = re.compile(r"^\s*(?:\^+|↑|⬆|👆|☝|⤴)\ufe0f?\s*")


#: Where the naming clause ends: a comma, a stop, a dash between blanks, before a new clause.
_CLAUSE_END = re.compile(r"[,;.!:]\s|\s[-–—]\s|[，、。；]")


def _asks_of_it(rest: str, at: int) -> bool:
    """Whether the clause that names the value (from ``at``, past its name) is a question ("ist das Passwort
    noch aktuell?"). A question in a clause after it asks of something else ("das ist das Passwort von
    seinem Steam-Account, kannst du mir sagen ob das stark genug ist?": the naming clause stands)."""
    end = _CLAUSE_END.search(rest, at)
    clause = rest[:end.start()] if end else rest
    return clause.rstrip().endswith(("?", "？", "؟"))


def named_by_next(text: str, after: str) -> list[sa.Span]:
    """A short turn that the next one names as a secret: "7255" / "thats mums pin for the post
    office card account"."""
    if len(text) > 40 or len(text.split()) > 3 or not after.strip():
        return []
    if opened := opening_values.named_by_next(text, after):
        return opened  # "mango-biscuit42" / "^ that's the one for the old joint gmail"
    w = _w()
    after = _UP.sub("", after, count=1)  # "^ thats the password for the email …": pointing up at the turn before
    t = w.label_that_is.match(after.lstrip())  # "that's", "ist", "c'est"; or none before an article ("le mot de passe de …")
    rest = after.lstrip()[t.end():] if t else after.lstrip()
    owner = w.label_owner.match(rest)
    name = w.label_name.match(rest, owner.end() if owner else 0)
    if t and not name:  # "Chelsea" / "thats the word the bank asks when i call": named by who asks for it
        asked = w.asked.match(rest, owner.end() if owner else 0)
        name = asked if asked and _asked_here(rest, asked) else None
    if not (t or owner and owner.end()) or not name or _asks_of_it(rest, name.end()):
        return []  # "ist das Passwort noch aktuell?": a question about it names nothing
    if _NOT_LABEL_AFTER.match(rest, name.end()):
        return []  # "that's the login page": a page, a field, a manager, not the value
    s = len(text) - len(text.lstrip())
    e = len(text.rstrip(" .!"))
    inner = text[s:e]
    if not inner or qh._talk(inner):
        return []
    return [(s, e, _KIND)]
