"""How a named secret's value is found, read by what the value is.

Each reading here is general (a shape, a grammar), its words data in ``assets/secret_words.json``:

- :func:`coded_value_spans` — a code is often letters and digits ("Digicode : FC5GP", "Steam guard
  code …: LO28M", "код домофона 47к1928"): after a code's name, a few words of qualifier and maybe a
  colon or "is", the first token carrying a digit, when it is a short code (4–24 letters and digits,
  Latin letters in capitals, at least one letter and one digit), is withheld.
- :func:`arrow_answer_spans` — a security question (its name or its topic) then an arrow or "=":
  what follows the arrow, to the end of its clause, is the answer ("question secrète : ville de
  naissance de ma mère → Quimper").
- :func:`told_answer_spans` — a security question's topic in a sentence about an account, a bank, a
  login or a security check ("the bank lady asked my first car"), then (in that turn or the next) a
  verb of telling or "it was": the rest of that clause is the answer ("told her it was a '94 Corolla
  named Betsy"). A life story with no such context ("my first car was a Corolla") is kept: the line
  is whether the text says the answer is one (a bank, an account, a security question, a login).
- :func:`recorrected_spans` — a correction word after a withheld value in any of the languages of
  ``corrections`` ("… না মানে rupa@dhaka99", "wait no just write it: 5602"), a few words and a
  colon allowed between.
- :func:`listed_code_spans` — a second code listed after a withheld one with its own noun and no
  joining word (", en het sleutelkastje bij de achteringang 71661").
- :func:`lone_value_turn` — a turn that is a single password-shaped token, one or two turns after a
  turn naming a password or a code (an aside between: "what's the laptop password" / "the dog's name
  with a 1" / "Buster1").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from fact_memory_graph.secrets import forms, lexicon, prefilter, security_answers

Span = tuple[int, int, str]

_CLAUSE_END = re.compile(r"[.!?。！？؟](?:\s|$)|[\n\u2029;]")
_CODE_TOKEN = re.compile(r"(?<![\w\-/.])[\"'“‘«]?(?P<v>[^\W_]{1,12}(?:-[^\W_]{1,12}){0,5})[\"'”’»]?(?![\w\-/])")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LATIN_LETTER = re.compile(r"[A-Za-z]")


@functools.cache
def _code_names() -> re.Pattern[str]:
    alts = "|".join(re.escape(w).replace(r"\ ", r"[\s\-]?") for w in sorted(_code_name_words(), key=len, reverse=True))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{alts})")


def _code_name_words() -> set[str]:
    """The names of a code in letters (:func:`_code_names`, its prefix tree and its lexicon gate)."""
    data = forms._words()
    words = set(data["letter_codes"]["names"]) | set(data["gift_cards"]["words"])
    return words | set(data.get("coded_values", {}).get("names", []))


@functools.cache
def _code_names_gate() -> lexicon.Gate:
    return lexicon.Gate(_code_name_words())


@functools.cache
def _code_names_quick() -> re.Pattern[str]:
    """:func:`_code_names` as a prefix tree: the same matches found faster (a pre-check, cost only)."""
    return prefilter.word_tree(_code_name_words(), lambda ch: r"[\s\-]?" if ch == " " else re.escape(ch),
                               head=r"(?<![^\W\d_])") or _code_names()


@functools.cache
def _not_a_code_word() -> re.Pattern[str]:
    words = forms._words().get("coded_values", {}).get("not_secret", [])
    alts = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{alts})[^\W\d_]{{0,4}}(?![^\W\d_])")  # inflected too ("товара")


@functools.cache
def _not_a_code_word_quick() -> re.Pattern[str]:
    """:func:`_not_a_code_word` as a prefix tree: the same matches found faster (cost only)."""
    words = forms._words().get("coded_values", {}).get("not_secret", [])
    return prefilter.word_tree(set(words), re.escape, head=r"(?<![^\W\d_])",
                               tail=r"[^\W\d_]{0,4}(?![^\W\d_])") or _not_a_code_word()


def _a_code(value: str) -> bool:
    bare = value.replace("-", "")
    if not 4 <= len(bare) <= 24 or not any(ch.isdigit() for ch in bare):
        return False
    letters = [ch for ch in bare if ch.isalpha()]
    if not letters:
        return False  # digits alone: the older readings' (they know years, times, phones)
    latin = [ch for ch in letters if _LATIN_LETTER.match(ch)]
    if latin and not all(ch.isupper() for ch in latin):
        return False  # "v2", "abc123def": a word or a version, not a code typed in capitals
    if not latin and not _CYRILLIC.search(bare):
        return False
    return not re.fullmatch(r"\d+(?:st|nd|rd|th|am|pm|h|km|kg|mb|gb|x)", bare, re.I)


def coded_value_spans(text: str, names: Sequence[forms.NameMatch]) -> Iterator[Span]:
    ends = [m.end() for m in names if m.kind == "digits"]
    ends += [m.end() for m in _code_names().finditer(text)] \
        if _code_names_gate().open(text) and _code_names_quick().search(text) else []
    for at in sorted(set(ends)):
        stop = _CLAUSE_END.search(text, at)
        limit = min(stop.start() if stop else len(text), at + 90)
        if _not_a_code_word_quick().search(text, max(0, at - 40), limit):
            continue  # "code promo", "error code", "postal code …": not a secret's code
        for m in _CODE_TOKEN.finditer(text, at, limit):
            value = m.group("v")
            if not any(ch.isdigit() for ch in value):
                continue
            between = text[at:m.start()]
            if len(between.split()) <= 8 and _a_code(value):
                yield m.start("v"), m.end("v"), "password"
            break  # only the first token with a digit


@functools.cache
def _topic_or_question() -> re.Pattern[str]:
    data = forms._words()
    words = set(data["security_topics"]["words"])
    for names in data["answer"].values():
        words |= set(names)
    alts = "|".join(re.escape(w).replace(r"\ ", r"\s+").replace("'", "['’]")
                    for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{alts})")


@functools.cache
def _topic_quick() -> re.Pattern[str] | None:
    """:func:`_topic_or_question`'s words as a prefix tree: the same matches found twenty times
    faster, a pre-check (cost only, see :mod:`~fact_memory_graph.secrets.prefilter`)."""
    data = forms._words()
    words = set(data["security_topics"]["words"])
    for names in data["answer"].values():
        words |= set(names)
    return prefilter.word_tree(words, prefilter.spaced_atom, head=r"(?<![^\W\d_])")


_ARROW = re.compile(r"\s*(?:→|->|=>|⇒|⟶|➡|➔|=)\s*")
_ANSWER_CLAUSE = re.compile(r"[^\s,;.!?。！？\n\u2029()]+(?:[ \t]+[^\s,;.!?。！？\n\u2029()]+){0,7}")


def arrow_answer_spans(text: str) -> Iterator[Span]:
    if not any(a in text for a in ("→", "->", "=>", "⇒", "⟶", "➡", "➔", "=")):
        return
    for topic in _topic_or_question().finditer(text):
        stop = _CLAUSE_END.search(text, topic.end())
        limit = min(stop.start() if stop else len(text), topic.end() + 80)
        arrow = _ARROW.search(text, topic.end(), limit)
        if not arrow:
            continue
        value = _ANSWER_CLAUSE.match(text, arrow.end())
        if value:
            yield value.start(), value.end(), "password"


@functools.cache
def _security_context() -> re.Pattern[str]:
    return _bounded(forms._words().get("security_context", {}).get("words", []), "")


@functools.cache
def _topic_only() -> re.Pattern[str]:
    """A topic (what a question asks about), not a question's own name: "my security question is
    set" says nothing of an answer."""
    words = forms._words()["security_topics"]["words"]
    alts = "|".join(re.escape(w).replace(r"\ ", r"\s+").replace("'", "['’]") for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?i)(?:{alts})")


@functools.cache
def _strong_context() -> re.Pattern[str]:
    return _bounded(forms._words().get("security_context", {}).get("strong", []), "")


@functools.cache
def _told() -> re.Pattern[str]:
    return _bounded(forms._words().get("security_context", {}).get("told", []), r"[\s:]*")


def _bounded(words: Sequence[str], tail: str) -> re.Pattern[str]:
    """Words of a spaced script matched as whole words, others (Han, kana, Thai...) anywhere."""
    def alt(group: list[str]) -> str:
        return "|".join(re.escape(w).replace(r"\ ", r"\s+").replace("'", "['’]")
                        for w in sorted(group, key=len, reverse=True)) or "(?!)"
    spaced = [w for w in words if not re.search(f"[{forms._CJK}\u0e00-\u0e7f]", w)]
    glued = [w for w in words if w not in spaced]
    return re.compile(rf"(?i)(?:(?<![^\W\d_])(?:{alt(spaced)})(?![^\W\d_])|(?:{alt(glued)})){tail}")


#: A topic's own joining word ("first car was …", "childhood street: …", "name was …"), up to two words between.
_TOPIC_JOIN = re.compile(r"(?i)(?:['’]s)?(?:\s+[^\W\d_]{1,10}){0,2}?(?:\s*[:=：]|\s+(?:was|is|were|es|era|est|était|ist|war|é|è|był|była"
                         r"|был|была|было|это|adalah|là|ni))\s+")
_STOP_WORDS = re.compile(r"(?i)\s(?:save|remember|keep|note|so|and|but|because|pls|please|guarda|merke?|retiens"
                         r"|lembra|ricorda)\b")


def told_answer_spans(text: str) -> Iterator[Span]:
    """A topic in a security sentence, then its answer told (this turn or the next)."""
    quick = _topic_quick()
    if quick is not None and not quick.search(text):
        return
    for topic in _topic_or_question().finditer(text):
        start = max(0, topic.start() - 160)
        turn_start = text.rfind(forms.TURN_JOIN, 0, topic.start())
        start = max(start, turn_start + 1 if turn_start >= 0 else 0)
        if not _security_context().search(text, start, min(len(text), topic.end() + 80)):
            continue  # no account, bank, login or security check in sight: a life story
        joined = _TOPIC_JOIN.match(text, topic.end()) if _topic_only().fullmatch(topic.group()) else None
        if joined and not _strong_context().search(text, start, min(len(text), topic.end() + 80)) \
                and not _told().search(text, max(start, topic.start() - 30), topic.start()):
            joined = None  # "a bank account when my first job was …": a bank is no question asked
        told = joined or _told().search(text, topic.end(), min(len(text), topic.end() + 120))
        if not told:
            continue
        after = told.end()
        again = _told().match(text, after)  # "told her" + "it was"
        if again and again.end() > after:
            after = again.end()
        rest = text[after:]
        value = _ANSWER_CLAUSE.match(rest)
        if not value:
            continue
        end = value.end()
        cut = _STOP_WORDS.search(rest, 0, end)
        if cut:
            end = cut.start()
        said = rest[:end]
        if _topic_or_question().search(said) or re.match(r"(?i)(?:not|never|no|too|so|such|always|usually|a common)\b", said):
            continue  # "… is a common security question": talk about the question, not its answer
        if end > 1:
            yield after, after + end, "password"


@functools.cache
def _correction() -> re.Pattern[str]:
    words = forms._words()["corrections"]["words"]
    alts = "|".join(re.escape(w).replace(r"\ ", r"[\s,]+") for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?i)[\s.,;:!?…\-–—]{{0,8}}(?<![^\W\d_])(?:{alts})(?![^\W\d_])"
                      r"(?P<gap>(?:[\s.,;!?…\-–—]+[^\W\d_]{1,12}){0,4}?)[\s.,;:!?…\-–—]*"
                      r"(?:(?:it'?s|its|it is|is|es|é|c'est|ist|это|:)\s*)?"
                      r"(?P<v>\d(?:[ .\-]?\d){2,11}(?!\d)|(?=\S*[\d!@#$%^&*_+=~?])[^\s,;]{4,64})")


def recorrected_spans(text: str, found: Sequence[Span]) -> Iterator[Span]:
    for _, end, kind in found:
        if kind != "password":
            continue
        m = _correction().match(text, end)
        if m and m.end("v") - end <= 64 and (not m.group("gap") or ":" in text[m.end("gap"):m.start("v")]):
            v = m.group("v").rstrip(".,;:!?")
            yield m.start("v"), m.start("v") + len(v), "password"


_LISTED = re.compile(r"\s*[,;]\s*(?:(?:and|e|y|et|und|i|en|và|dan|na|и|та|ve|og|och|ja|és)\s+)"
                     r"(?P<words>(?:[^\W\d_][^\s,;.!?:=\d]{0,19}\s+){1,6}?)[:=]?\s*"
                     r"(?P<v>\d{4,8})(?=\s*(?:[.,;!?)]|$|\n|\u2029))")


def listed_code_spans(text: str, found: Sequence[Span]) -> Iterator[Span]:
    ends = sorted({e for s, e, k in found if k == "password" and e > s and text[e - 1].isdigit()})
    for at in ends:
        m = _LISTED.match(text, at)
        if not m or re.fullmatch(r"(?:19|20)\d{2}", m.group("v")) or forms.clock_or_year(text, m.start("v"), m.end("v")):
            continue
        if forms.public_value(text, m.start("v"), m.end("v")) or _not_a_code_word().search(m.group("words")):
            continue
        yield m.start("v"), m.end("v"), "password"


_LONE_TOKEN = re.compile(r"\s*[\"'“‘«`]?(?P<v>[^\s\"'”’»`]{5,40})[\"'”’»`]?[\s.!]*")
_PASSWORD_SHAPE = re.compile(r"(?=.*[^\W\d_])(?=.*(?:\d|[!@#$%^&*_+=~?]))")


def lone_value_turn(text: str, turns: Sequence[str]) -> Iterator[Span]:
    """A turn that is only a password-shaped token, one or two turns after a turn naming a password
    or a code that gave no value of its own."""
    m = _LONE_TOKEN.fullmatch(text)
    value = m.group("v").rstrip(".!?,;:") if m else ""
    if len(value) < 5 or not _PASSWORD_SHAPE.match(value) or "://" in text or "@" in value[1:-1] \
            and "." in value.split("@")[-1]:
        return  # "thanks!": the mark ends a word, it is not inside a password
    for turn in list(turns)[-2:]:
        norm = forms.view(turn)[0]
        names = [n for n in forms.names_in(norm) if n.kind in ("password", "digits") and forms.names_a_secret(norm, n)]
        if names and not any(forms._manager()[1].match(norm, n.end()) for n in names):
            yield m.start("v"), m.start("v") + len(value), "password"
            return


_LATER_JOIN = re.compile(r"(?i)(?:\s(?:is|are|was|is now|er|est|ist|es|é|è|är|jest|on|je|là|adalah|ni|lautet|wynosi|это"
                         r"|zijn|sind|será|sera|será)|\s*[:=：])\s*[\"'“‘«]?(?P<v>[^\s\"'”’»,;]{4,64})")
_VALUE_SHAPE = re.compile(r"\d|[!@#$%^&*_+=~?]|[a-z][A-Z]|[^\W\d_]-[^\W\d_]")


def later_value_spans(text: str, names: Sequence[forms.NameMatch]) -> Iterator[Span]:
    """A password's name, what it opens ("til e-Boks på arbejdet", "for the VPN at work"), then
    a joining word and the value: the value is withheld (it has a digit, a symbol or joined parts)."""
    for name in names:
        if name.kind != "password" or forms._manager()[1].match(text, name.end()) \
                or forms._manager()[0].search(text, max(0, name.start - 40), name.start):
            continue  # "my password manager is 1Password": a tool, not a password
        stop = _CLAUSE_END.search(text, name.end())
        limit = min(stop.start() if stop else len(text), name.end() + 80)
        m = _LATER_JOIN.search(text, name.end(), limit)
        if not m or len(text[name.end():m.start()].split()) > 7:
            continue
        value = m.group("v").rstrip(".!?")
        if _VALUE_SHAPE.search(value) and not forms.a_site(value) and "://" not in value:
            yield m.start("v"), m.start("v") + len(value), "password"


_DIGITS_AFTER_NAME = re.compile(r"\s*(?:[:=：]\s*)?(?P<v>\d{4,10})(?=\s*(?:[.,;!?)]|$|\n|\u2029))")


def bare_code_spans(text: str, names: Sequence[forms.NameMatch]) -> Iterator[Span]:
    """Digits right after a code's name ("…, PUK 56101043."): the code's, whatever the sentence
    said before about phones."""
    for name in names:
        if name.kind != "digits" or not forms.names_a_secret(text, name):
            continue  # "steam friend code 7140…", "zip code 94110": a public code's name
        m = _DIGITS_AFTER_NAME.match(text, name.end())
        if m and not re.fullmatch(r"(?:19|20)\d{2}", m.group("v")):
            yield m.start("v"), m.end("v"), "password"


@functools.cache
def _token_before_name() -> re.Pattern[str]:
    """A password-shaped token, a joining word, an article or possessive and up to two words, then
    (the caller checks) a password's name: "Kitten99 is my new password", "Lapin#4 est mon mot de passe"."""
    data = forms._words()
    joins = sorted({forms._key(w) for w in data["connectors"] if any(ch.isalpha() for ch in w)}, key=len, reverse=True)
    arts = sorted({forms._key(w) for w in data["name_after"]["words"]}, key=len, reverse=True)
    join = "|".join(re.escape(w) for w in joins)
    art = "|".join(re.escape(w) for w in arts)
    return re.compile(rf"(?i)(?<![^\s\"'“‘«(])[\"'“‘«]?(?P<v>[^\s\"'”’»,;:]{{5,40}})[\"'”’»]?\s+(?:{join})\s+(?:(?:{art})\s+)?"
                      r"(?:[^\W\d_]{2,15}\s+){0,2}$")  # no article before a definite ending ("X är lösenordet")


def token_before_name_spans(text: str, names: Sequence[forms.NameMatch]) -> Iterator[Span]:
    for name in names:
        if name.kind != "password" or forms._manager()[1].match(text, name.end()):
            continue
        m = _token_before_name().search(text, max(0, name.start - 80), name.start)
        if m and _VALUE_SHAPE.search(m.group("v")) and not forms.a_site(m.group("v")) and "://" not in m.group("v"):
            yield m.start("v"), m.end("v"), "password"


_CVV_AFTER = re.compile(r"(?P<gap>[^\d\n\u2029]{1,24}?)(?<!\d)(?P<v>\d{3,4})(?=\s*(?:[.,;!?)。，]|$|\n|\u2029))")


def expiry_cvv_spans(text: str) -> Iterator[Span]:
    """A card's expiry after its name ("MM/YY") and, a few words on, three or four digits ending
    the clause: the card's security code ("تاريخ الانتهاء ٠٢/٢٨ والرمز ٧٣٥", "hạn 12/27 mã 335")."""
    from fact_memory_graph.secrets import _EXPIRY

    for m in _EXPIRY.finditer(text):
        cvv = _CVV_AFTER.match(text, m.end("exp"))
        if not cvv or len(cvv.group("gap").split()) > 4 or re.fullmatch(r"(?:19|20)\d{2}", cvv.group("v")):
            continue
        if forms.public_value(text, cvv.start("v"), cvv.end("v")) or _not_a_code_word().search(cvv.group("gap")) \
                or forms.clock_or_year(text, cvv.start("v"), cvv.end("v")):
            continue
        yield m.start("exp"), m.end("exp"), "card number"
        yield cvv.start("v"), cvv.end("v"), "card number"


_SHORT_ANSWER = re.compile(r"\s*[\"'“‘«]?(?P<v>[^\s?？؟\"”’»]+(?:[ \t]+[^\s?？؟\"”’»]+){0,4}?)[\"'”’»]?[\s.!]*")
_FILLER = re.compile(r"(?i)(?:ok(?:ay)?|yes|yeah|yep|no|nope|sure|thanks|thank you|wait|hmm+|lol|haha|right|one sec"
                     r"|hang on|got it|sí|si|oui|non|ja|nein|sim|não|да|нет|evet|hayır|ya|tidak|はい|いいえ|好的|对|네|아니요)")


#: A question put to "you" in quotes or after "¿" (a form's, a bot's): 'says "What was the name of your
#: elementary school?"', "me preguntó el bot: ¿en qué ciudad nació tu padre?".
_QUOTED_YOUR_QUESTION = re.compile(
    r"(?i)[\"“'«¿:]\s*(?:what|which|where|in what|in which|who|qu[eé]|cu[aá]l|d[oó]nde|en qu[eé]|quel(?:le)?|o[uù]|"
    r"wie|wo|welche[rsn]?|in welcher|qual|em que|onde)\b[^\"”»?\n]{3,80}?\b(?:your|ur|tu|tus|su|ton|ta|tes|votre|vos|"
    r"dein(?:e[rsn]?)?|ihr(?:e[rsn]?)?|seu|sua|teu|tua|tuo)\b[^\"”»?\n]{0,60}\?")


def lone_answer_turn(text: str, turns: Sequence[str]) -> Iterator[Span]:
    """A short turn (up to five words, no question) right after a turn naming a security question
    (its name, or a topic with a question asked or an account in sight) that gave no answer of its
    own: the answer ("my mother's maiden name? for the bank form" / "Abernathy")."""
    if not turns:
        return
    m = _SHORT_ANSWER.fullmatch(text)
    if not m or _FILLER.fullmatch(m.group("v").strip(".,!")):
        return
    before = forms.view(turns[-1])[0]
    if forms.names_in(text) or not before.strip():
        return
    named = any(n.kind == "answer" for n in forms.names_in(before))
    topic = _topic_or_question().search(before)
    if not (named or (topic and _security_context().search(before))):
        quoted = _QUOTED_YOUR_QUESTION.search(before)  # 'the form says "What was the name of your elementary school?"'
        if not (quoted and security_answers._p().topic.search(quoted.group())):
            return
        topic = None
    tail = before[(topic.end() if topic else 0):]
    if re.search(r"[.!]\s*\S", tail.strip()) and not tail.rstrip().endswith("?"):
        return  # the turn went on to say something else: this one answers that
    yield m.start("v"), m.end("v"), "password"


#: One character at a time after a withheld start ("capital B, l, u, e, 4, 2"): each a letter or a
#: digit alone, maybe said as a capital or a small one.
_SPELLED_ON = re.compile(r"(?i)(?:[\s,;\-–]+(?:(?:capital|cap|small|upper\s?case|lower\s?case|big|großes|groß|kleines|klein"
                         r"|mayúscula|minúscula|majuscule|minuscule|maiúscula|minúscula|maiuscola|minuscola)\s+)?"
                         r"[^\W_](?![^\W_]))+")


def spelled_on_spans(text: str, found: Sequence[Span]) -> Iterator[Span]:
    for _, end, kind in found:
        if kind != "password":
            continue
        m = _SPELLED_ON.match(text, end)
        if m and len(re.findall(r"(?<![^\W_])[^\W_](?![^\W_])", m.group())) >= 2:
            yield m.start(), m.end(), "password"
