"""What a user message asks the memory to forget, and the ``forget`` op a model may propose.

Two paths reach the same effects:

- **Without a model** (checked before any model call): :func:`asks_to_forget` reads the phrases of
  ``prompts/forget_phrases.json`` — data, one entry per language — and says what the message asks:
  the turn before (``"forget what I just said"``, ``"scratch that — forget it"``), this message
  itself (``"X, please don't remember that"``, ``"between you and me, X"``: X is not kept, and only
  X), or the facts about a topic (``"forget what I said about my health"``).
- **With a model**: the extraction schema has a ``forget`` op (``ref``: ``"previous"``, ``"this"``
  or a shown fact's reference), so any phrasing in any language works; :func:`plan_forget_ops`
  validates it: only the user's own recent turns and the facts they support can be forgotten.

Implicit privacy markers ("between you and me", "don't tell anyone", "keep this to yourself", in
several languages) count as a request not to keep the message they are in: nothing of it is stored
(docs/privacy.md).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Literal
from uuid import UUID

from fact_memory_graph import confided_places, privacy_model
from fact_memory_graph.privacy_model import fold_marks as _fold_marks
from fact_memory_graph.privacy_model import normalise
from fact_memory_graph.sanitize import summarize_rejected
from fact_memory_graph.schema import CATEGORY_WORDS, RejectedOp
from fact_memory_graph.secrets import refusals

logger = logging.getLogger(__name__)

#: The op a model proposes to forget something the user said.
FORGET_OP = "forget"
#: ``forget`` refs that name a turn rather than a fact.
PREVIOUS, THIS = "previous", "this"
#: The ``language`` of a request that is a hidden place's address (:func:`_hidden_place`): no marker, it
#: announces nothing and takes nothing back.
HIDDEN = "hidden"

Target = Literal["previous", "this", "both", "topic"]


@dataclass(frozen=True)
class ForgetRequest:
    """What a message asks to forget (:func:`asks_to_forget`).

    ``target``: ``"previous"`` — the user's turn before this message; ``"this"`` — this message
    itself (nothing of it is kept, the turn before is left alone); ``"both"`` — this message and the
    turn before (read in a thread only: a short request with a few words of its own right after
    what it is about, :func:`request_in_thread`); ``"topic"`` — the facts about
    ``topic`` that the user's recent turns support. ``private``: an implicit privacy marker
    ("between you and me") rather than an explicit request. ``language``: the phrase list that
    matched; ``phrase``: the matched text (normalised)."""

    target: Target
    topic: str | None = None
    private: bool = False
    language: str = ""
    phrase: str = ""


# ---------------------------------------------------------------------------- normalising

def _fold_phrase(text: str) -> str:
    """A phrase from the data folded as :func:`normalise` folds the text: NFKC first (Thai's sara am
    "ำ" is "ํา" after it), then the accents dropped."""
    return _fold_marks(unicodedata.normalize("NFKC", text))


# ---------------------------------------------------------------------------- phrases (data)

@dataclass
class _Language:
    code: str
    spaced: bool
    triggers: tuple[str, ...]
    previous: re.Pattern[str] | None
    private: re.Pattern[str] | None
    topics: tuple[re.Pattern[str], ...]
    fillers: re.Pattern[str] | None
    anywhere: re.Pattern[str] | None = None


@dataclass
class _Phrases:
    languages: tuple[_Language, ...]
    common: re.Pattern[str]
    topic_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    self_words: frozenset[str] = frozenset()
    stop_words: frozenset[str] = frozenset()


_START = r"(?:^|(?<=[,.!?;:\n(]))\s*"
_END = r"\s*(?=[,.!?;:\n)]|$)"
_TOPIC_END = r"\s*(?=[.!?;:\n)]|$)"


def _expand(pattern: str, variables: Mapping[str, str]) -> str:
    for _ in range(4):  # variables may name other variables
        for name, value in variables.items():
            pattern = pattern.replace("{" + name + "}", value)
    return pattern


def _spacing(pattern: str, spaced: bool) -> str:
    """A space in a pattern matches spaces and commas (spaced languages) or nothing (ja, zh)."""
    gap, optional = (r"[\s,]+", r"[\s,]*") if spaced else (r"\s*", r"\s*")
    return pattern.replace(" ?", optional).replace(" ", gap)


def _alternation(patterns: Iterable[str], spaced: bool, variables: Mapping[str, str]) -> str:
    return "|".join(f"(?:{_spacing(_expand(_fold_phrase(p), variables), spaced)})" for p in patterns)


def _language(code: str, data: Mapping[str, Any]) -> _Language:
    spaced = bool(data.get("spaced", True))
    variables = {k: _fold_phrase(v) for k, v in (data.get("vars") or {}).items()}
    alt = lambda key: _alternation(data.get(key) or [], spaced, variables)  # noqa: E731
    joiners = alt("joiners")
    start = _START if not joiners else rf"(?:{_START}|(?<=\s)(?=(?:{joiners})\s))"
    if not spaced:
        start = r"(?:^|(?<=[,.!?;:\n(])|)\s*"  # unspaced: the phrases carry their own context
    gap = r"[\s,]+" if spaced else r"\s*,?\s*"
    prefixes, suffixes = alt("prefixes"), alt("suffixes")
    lead = start + (rf"(?:(?:{prefixes}){gap})*" if prefixes else "")
    polite_lead = start + rf"(?:(?:{prefixes}){gap})+" if prefixes else None
    tail = rf"(?:{gap}(?:{suffixes}))*" if suffixes else ""
    previous = [f"{lead}(?:{alt('previous')}){tail}{_END}"] if data.get("previous") else []
    if data.get("polite") and polite_lead:
        previous.append(f"{polite_lead}(?:{alt('polite')}){tail}{_END}")
    private = (f"{lead}(?:{alt('private')})" + (r"(?=[\s,.!?;:\n)]|$)" if spaced else "")
               if data.get("private") else None)
    topics = tuple(re.compile(f"{lead}(?:{_alternation([p], spaced, variables)}){tail}{_TOPIC_END}")
                   for p in data.get("topic") or [])
    fillers = [*(data.get("fillers") or []), *(data.get("prefixes") or []), *(data.get("suffixes") or [])]
    bounded = (lambda body: rf"(?:^|(?<=[\s,.!?;:\n(]))(?:{body})(?=[\s,.!?;:\n)]|$)") if spaced else (lambda b: b)
    anywhere = bounded(alt("anywhere")) if data.get("anywhere") else None
    return _Language(
        code=code, spaced=spaced, triggers=tuple(_fold_phrase(t) for t in data.get("triggers") or []),
        previous=re.compile("|".join(previous)) if previous else None,
        private=re.compile(private) if private else None, topics=topics,
        fillers=re.compile(bounded(_alternation(fillers, spaced, variables))) if fillers else None,
        anywhere=re.compile(anywhere) if anywhere else None)


@cache
def _phrases() -> _Phrases:
    raw = json.loads((resources.files("fact_memory_graph") / "prompts" / "forget_phrases.json")
                     .read_text(encoding="utf-8"))
    languages = tuple(_language(code, data) for code, data in raw["languages"].items())
    common = re.compile(rf"(?:^|(?<=[\s,.!?;:\n(]))(?:{_alternation(raw.get('common_fillers') or [], True, {})})"
                        r"(?=[\s,.!?;:\n)]|$)")
    topic_words = {category: tuple(_fold_marks(w) for w in words)
                   for category, words in (raw.get("topic_words") or {}).items()}
    return _Phrases(languages=languages, common=common, topic_words=topic_words,
                    self_words=frozenset(_fold_marks(w) for w in raw.get("self_words") or []),
                    stop_words=frozenset(_fold_marks(w) for w in raw.get("stop_words") or []))


# ---------------------------------------------------------------------------- the request

_WIDE = re.compile(r"[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def _has_content(rest: str) -> bool:
    """Whether what is left beside the request says something: three letters or more (a CJK
    character counts two), once fillers and punctuation are gone."""
    letters = re.sub(r"[\W\d_]", "", rest)
    return sum(2 if _WIDE.match(c) else 1 for c in letters) >= 3


def _without(text: str, spans: Iterable[tuple[int, int]]) -> str:
    out, last = [], 0
    for start, end in sorted(spans):
        if start >= last:
            out.append(text[last:start])
            out.append(" , ")
            last = end
        else:
            last = max(last, end)
    out.append(text[last:])
    return "".join(out)


#: Two lines or more of "key: value" (a config file pasted), and a marker followed by a one-token
#: value to the end of its line ("secret: api_secret", "confidential: true"): a key, not a marker.
_CONFIG_LINES = re.compile(r"(?:^|\n)[^\S\n]*[\w.\-]+:[^\S\n]*\S*[^\S\n]*\n[^\S\n]*[\w.\-]+:")
_KEY_VALUE_LINE = re.compile(r"[^\S\n]*:[^\S\n]*\S+[^\S\n]*(?:\n|$)")


@lru_cache(maxsize=8192)  # a thread's turns are read again with every turn after them; the answer is immutable
def asks_to_forget(text: str) -> ForgetRequest | None:
    """What ``text`` (one user message) asks the memory to forget, or ``None``.

    Pure and offline (no model, no database): the path used before any model call. A request
    with nothing else in the message ("Can you forget what I just said?", "scratch that — forget
    it", "never mind, delete that") is about the turn before; a request beside other content
    ("I'm pregnant, please don't remember that", "Off the record: I'm job hunting") is about this
    message only; "forget what I said about my health" is about a topic. A bare "forget it" is a
    dismissal, not a request ("forget it, I'll do it myself")."""
    if not text or not text.strip():
        return None
    norm = normalise(text)
    phrases = _phrases()
    spans: list[tuple[int, int]] = []
    found: list[tuple[_Language, str, re.Match[str]]] = []
    for lang in phrases.languages:
        if lang.triggers and not any(t in norm for t in lang.triggers):
            continue
        for pattern in lang.topics:
            for m in pattern.finditer(norm):
                found.append((lang, "topic", m))
        for kind, pattern in (("previous", lang.previous), ("private", lang.private),
                              ("private", lang.anywhere)):
            if pattern is not None:
                found.extend((lang, kind, m) for m in pattern.finditer(norm) if m.end() > m.start())
    if found and _CONFIG_LINES.search(norm):  # "  secret: ${API_SECRET}": a config's key, no marker
        found = [(lg, k, m) for lg, k, m in found if not (k == "private" and _KEY_VALUE_LINE.match(norm, m.end()))]
    if not found:
        return _place_request(norm) or _hidden_place(text) or _model_request(norm)
    private_spans = [m.span() for _, k, m in found if k == "private"]
    # "delete all of this once we're done": a privacy request, not a topic "this once we're done"
    found = [(lg, k, m) for lg, k, m in found
             if k != "topic" or not any(s < m.end() and m.start() < e for s, e in private_spans)]
    spans = [m.span() for _, _, m in found]
    rest = _without(norm, spans)
    matched = {lang.code: lang for lang, _, _ in found}
    for lang in phrases.languages:  # the matched languages' fillers, and English ("ok", "thanks")
        if (lang.code in matched or lang.code == "en") and lang.fillers is not None:
            rest = lang.fillers.sub(" ", rest)
    rest = phrases.common.sub(" ", rest)
    lang, kind, match = next(((lg, k, m) for lg, k, m in found if k == "topic"), found[0])
    phrase = match.group(0).strip(" ,")
    if kind == "topic":
        topic = (match.group("topic") or "").strip(" ,.'")
        if topic:
            return ForgetRequest("topic", topic=topic, language=lang.code, phrase=phrase)
    private = all(k == "private" for _, k, _ in found)
    return ForgetRequest("this" if _has_content(rest) else "previous", private=private,
                         language=lang.code, phrase=phrase)


def _place_request(norm: str) -> ForgetRequest | None:
    """A request to keep a place to oneself (:mod:`fact_memory_graph.confided_places`: "keep the address
    to yourself", "nobody can know where she is"): about this message when it says more than the
    request (the place is in it), else about the turn before (where the place was told)."""
    if _CONFIG_LINES.search(norm):
        return None
    found = confided_places.request(norm)
    if found is None:
        return None
    span, words = found
    rest = _without(norm, words)
    model = privacy_model.model()
    new = [t for t in privacy_model.tokens(rest) if model is None or t not in model.vocabulary]
    said = bool(re.search(r"\d", rest)) or len(new) >= 2  # "she is at 4 Mill Street, keep her location secret"
    return ForgetRequest("this" if said else "previous", private=True, language="place",
                         phrase=norm[span[0]:span[1]].strip(" ,"))


def _hidden_place(text: str) -> ForgetRequest | None:
    """A place hidden by what it is called, its address told beside its name ("the safe house address is
    Via Roma 22", :func:`fact_memory_graph.confided_places.hidden_told`): nothing of the message is kept."""
    name = confided_places.hidden_told(text)
    return None if name is None else ForgetRequest("this", private=True, language=HIDDEN, phrase=name)


@cache
def _note_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    raw = json.loads((resources.files("fact_memory_graph") / "assets" / "note_requests.json").read_text(encoding="utf-8"))
    return tuple(normalise(w) for w in raw["verbs"]), tuple(normalise(w).rstrip() + (" " if w.endswith(" ") else "")
                                                            for w in raw["negations"])


def _asks_to_note(norm: str) -> bool:
    """Whether a message asks to write something down ("note this down pls",
    "segnati questo", "запиши это"), with no negation nor secrecy word: the learned reader's
    request there is a misreading of its opposite ("don't write this down")."""
    verbs, negations = _note_words()
    padded = f" {norm} "
    return any(v in norm for v in verbs) and not any(n in padded for n in negations)


def _model_request(norm: str) -> ForgetRequest | None:
    """What the learned reader (:mod:`fact_memory_graph.privacy_model`) finds when no phrase list
    did: a privacy request beside content is about this message, alone about the turn before."""
    model = privacy_model.model()
    if model is None or _CONFIG_LINES.search(norm):
        return None
    score, clause = model.best_clause(norm)
    if score < model.threshold or _asks_to_note(norm):
        return None
    if refusals.tells_public_instead(norm):  # "das ist keine Geheimzahl, nur meine Kundennummer …": a denial, no request
        return None
    if clause.endswith(privacy_model.LABEL):  # "private: true", "secret: api_secret": a key and its value
        label = clause.removesuffix(privacy_model.LABEL)
        at = norm.find(label + ":")
        if at >= 0 and _KEY_VALUE_LINE.match(norm, at + len(label)):
            return None
    return ForgetRequest("this" if model.has_content(norm, clause) else "previous", private=True,
                         language="model", phrase=clause.removesuffix(privacy_model.LABEL))


#: A turn ending on its colon, a dash, or a "but" the next turn finishes ("dont tell the bridge club but" / "Jean
#: has cancer again"): the marker announces what comes next. The conjunctions in about thirty languages.
_ANNOUNCES = re.compile(r"(?:\?|:|：|…|\.\.\.|-|–|—|(?i:(?:^|[\s,])(?:but|though|tho|pero|mas|mais|aber|doch|ma|però|maar|"
                        r"ale|но|але|ama|fakat|ancak|tapi|namun|pero|nhưng|lakini|lekin|magar|par|men|mutta|de|dar|"
                        r"αλλά|ομως|όμως|אבל|لكن|بس|ولكن|اما|ولی|但是|但|でも|けど|だけど|하지만|근데|แต่)))\s*$")
#: "Can I tell you something", said beside a request not to keep it: what follows is the private part.
_TELLS_SOMETHING = re.compile(
    r"(?:tell|say|share with|confess) (?:you|u|ya) (?:something|a secret|sth|smth|summat|a thing|this)|(?:say|share|confess) something"
    r"|get (?:this|something) off my chest|i (?:have|need|want|got) (?:something|a thing) to (?:say|tell|share)"
    r"|(?:contarte|decirte|confesarte) algo|te (?:cuento|digo) (?:algo|una cosa)|tengo que (?:contarte|decirte)"
    r"|te (?:dire|raconter) (?:quelque chose|un truc)|un truc a te dire|faut que je te (?:dise|raconte)"
    # "can I confide something in you" (the verb of confiding in six languages)
    r"|confide (?:something|sth|a thing) in you|confide in you|te confier (?:quelque chose|un truc|un secret)"
    r"|(?:confiarte|confesarte) (?:algo|una cosa|un secreto)|dir (?:etwas|was) anvertrauen"
    r"|confidarti (?:una cosa|qualcosa|un segreto)|te confiar (?:uma coisa|algo|um segredo)"
    r"|dir (?:etwas|was) (?:sagen|erzahlen)|(?:das|was) loswerden|was auf dem herzen"
    r"|te (?:contar|dizer) (?:uma coisa|algo)|tenho (?:que|de) te (?:contar|dizer)"
    r"|dirti (?:una cosa|qualcosa)|ti (?:dico|racconto) (?:una cosa|qualcosa)"
    r"|скажу тебе|расскажу|хочу (?:сказать|рассказать)|кое-что"
    r"|ek baat (?:batani|kehni|bolni|bataun|batau|bolun|bolu|boloon|kahun|kahu|kahoon)|kuch batana|एक बात"
    r"|একটা কথা (?:বলি|বলব|বলছি|বলার)|ekta kotha (?:boli|bolbo|bolchi)|ایک بات (?:بتاؤں|بتاؤ|کہوں|بتانی|بتاتا|بتاتی)"
    r"|^(?:something|a thing|sth) (?:personal|private|sensitive)"
    r"|話したい|言ってない|話がある|打ち明け|告诉你|跟你说|할 말|털어놓|얘기할게|말해줄게"
    r"|أقوله|اقوله|أقول لك|اقول لك|أحكيلك|احكيلك|أخبرك|اخبرك|عندي شي|عندي سر|عندي موضوع"
    # "let me vent / I'll tell you something" in more languages, and a request that
    # ends on "but" in Japanese ("内緒にしてほしいんですが"): what follows is the private part
    r"|curhat|mau cerita|mau ngomong|mau kasih tau|ada yang mau (?:aku |saya )?(?:ceritain|omongin)|nak cerita"
    r"|may sasabihin ako|may ikukwento ako|may aaminin ako|sana bir (?:sey|şey) (?:soyleyecegim|söyleyeceğim|anlatacagim|anlatacağım|diyecegim|diyeceğim)"
    r"|nikuambie kitu|nina jambo|ke cho (?:ban|bạn) nghe|kể cho (?:bạn|cậu) nghe|tâm sự|tam su|จะเล่าอะไรให้ฟัง|ขอระบาย"
    r"|powiem ci co(?:s|ś)|musze ci co(?:s|ś) powiedziec|muszę ci coś powiedzieć|ik moet je iets vertellen|ik vertel je iets"
    r"|скажу тобі|хочу розповісти|یه چیزی بگم|یه چیزی بهت بگم|یک چیزی بگم|یه چیزی میگم|ek raaz|ek raz ki baat"
    r"|(?:んですが|んだけど|んですけど)\s*$")


def announces_private(text: str, first: bool) -> ForgetRequest | None:
    """The privacy marker of a turn that is only a marker and announces the user's next turn ("can
    I tell you something private?", "between us:", or a first turn that is only a marker): the
    next turn is private, as if the marker were in it. ``None`` for any other turn."""
    request = asks_to_forget(text)
    if request is None and first:
        request = _first_turn_request(text)
    if request is None or request.target == "topic" or request.language == HIDDEN:
        return None
    if request.target == "previous" and not request.private:  # "no guardes esto" / "Bitte nicht speichern."
        # as the thread's FIRST turn has no turn before it to take back: it announces the next one
        if not (first and _only_request(text, request)) or len(text) > 120:
            return None
    elif request.target == "this":  # "can I tell you something and you just... not remember it"
        # in many languages ("ich muss das loswerden, aber bitte nicht speichern", "te cuento algo
        # pero que no se guarde", "عندي شي أبي أقوله بس لا تحفظه"): it announces what comes next
        # a confidence that ends on its colon ("que ça reste entre nous, je suis:"), or said first in a
        # few words beside its marker ("ojo, esto es secreto ok?", "non dirlo a nessuno del server"):
        # nothing private has been said yet, what comes next is
        beside = normalise(text).replace(request.phrase, " ", 1) if request.phrase else normalise(text)
        short_first = first and request.private and len(_WORD.findall(beside)) <= 2
        # "don't tell mum where i am", "niemandem sagen, wo ich bin": what it keeps is a place not yet told
        place_next = request.private and confided_places.only_place(beside)
        if not (_TELLS_SOMETHING.search(normalise(text)) or first and _only_request(text, request) or place_next
                or request.private and _ANNOUNCES.search(text.strip()) or short_first) or len(text) > 120:
            return None
    elif not request.private or not (first or _ANNOUNCES.search(text.strip())):
        return None
    return ForgetRequest("this", private=True, language=request.language, phrase=request.phrase)


#: A thread's first turn that is a short request and nothing else ("Прошу не
#: сохранять.", "یه چیزی بگم، ذخیره‌اش نکن") is read at this lower score: said first and alone, before
#: the content, it can only announce (out of sample such requests scored 0.64-0.76).
FIRST_TURN_SCORE = 0.6


def _first_turn_request(text: str) -> ForgetRequest | None:
    """The learned reader's request in a short first turn that holds nothing beside it."""
    model = privacy_model.model()
    norm = normalise(text)
    if model is None or len(norm) > 80 or _CONFIG_LINES.search(norm):
        return None
    score, clause = model.best_clause(norm)
    if score < FIRST_TURN_SCORE or clause.endswith(privacy_model.LABEL) or model.has_content(norm, clause) \
            or _asks_to_note(norm):
        return None
    request = ForgetRequest("previous", private=False, language="model", phrase=clause)
    return request if _only_request(text, request) else None


def _only_request(text: str, request: ForgetRequest) -> bool:
    """Whether a message is its request and nothing else: no word beside the request phrase that
    no training request of the learned reader holds ("لا تحفظ هذا من فضلك", "usihifadhi hili tafadhali")."""
    model = privacy_model.model()
    if model is None:
        return False
    norm = normalise(text)
    rest = norm.replace(request.phrase, " ", 1) if request.phrase else norm
    return not any(t not in model.vocabulary and (len(t) >= 3 or privacy_model._UNSPACED.search(t))
                   for t in privacy_model.tokens(rest))


def request_in_thread(text: str, earlier: Sequence[str]) -> ForgetRequest | None:
    """What ``text`` asks to forget, read after the user's ``earlier`` turns: its own request, or
    the one a bare privacy marker in the turn right before it announced (:func:`announces_private`)."""
    own = asks_to_forget(text)
    if own is not None and own.target == "this" and earlier and own.language != HIDDEN \
            and _reaches_back(text, own, earlier[-1]):
        return dataclasses.replace(own, target="both")
    if not earlier:
        return own
    if own is None and confided_places.address_reply(text) and confided_places.hidden_named(earlier[-1]):
        # "what was the safe house address again" / "Calle 7 #199, 3rd floor": the address named before
        return ForgetRequest("this", private=True, language=HIDDEN)
    if own is None and confided_places.address_reply(earlier[-1]) and len(_WORD.findall(normalise(text))) <= 12 \
            and confided_places.hidden_named(text):
        # "14 Rowan Close" / "that's the safe house, remember it": the address the name comes after
        return ForgetRequest("previous", private=True, language=HIDDEN)
    announced = announces_private(earlier[-1], first=len(earlier) == 1)
    if announced is None and len(earlier) >= 2 and (_opens_only(earlier[-2]) or announces_confidence(earlier[-2])):
        announced = _bare_request(earlier[-1])  # "listen" / "don't tell anyone" / the confidence; "عندي سر" / "لا تقوله لأحد" / …
    if announced is None and announces_confidence(earlier[-1]):  # "I have a secret" / "I'm pregnant"
        announced = ForgetRequest("this", private=True, language=ANNOUNCED)
    if own is not None and own.target == "previous" and announced is not None:
        # the turn before announced this one ("ok don't store this anywhere", then
        # "…and my wife doesn't know yet"): a request read in it cannot take the announced turn out
        return dataclasses.replace(own, target="both")
    return own if own is not None else announced


@cache
def _confidence_phrases(key: str, ends: str) -> re.Pattern[str]:
    """``assets/confidences.json``'s ``key`` list as one pattern over normalised text, each phrase whole
    (after a space or punctuation, before one of ``ends`` or the end)."""
    raw = json.loads((resources.files("fact_memory_graph") / "assets" / "confidences.json")
                     .read_text(encoding="utf-8"))
    words = sorted({normalise(w) for w in raw[key]}, key=len, reverse=True)
    return re.compile(r"(?:^|(?<=[\s,.!?;:]))(?:" + "|".join(map(re.escape, words)) + rf")(?=[{ends}]|$)")


def _openers() -> re.Pattern[str]:
    return _confidence_phrases("openers", r"\s,.!?;:")


def _opens_only(text: str) -> bool:
    """Whether a turn only opens a confidence ("can I tell you something", "listen", "ek baat
    bolu"; ``assets/confidences.json``): nothing of it is left once its openers are gone."""
    norm = normalise(text)
    return len(norm) <= 60 and not _has_content(_openers().sub(" ", norm))


#: The language of a request a turn that only announces a confidence makes about the next one.
ANNOUNCED = "announced"
#: The most words a turn announcing a confidence holds beside its announcement ("te cuento algo pero no
#: lo repitas", "можно тебе кое-что рассказать? только никому"): a short request, read by the learned reader.
_ANNOUNCER_REST_WORDS = 5


def _announcers() -> re.Pattern[str]:
    return _confidence_phrases("announcers", r"\s,.!?;:…")


def announces_confidence(text: str) -> bool:
    """Whether a turn only announces a confidence — "I have a secret", "I need to tell you something",
    "ich muss dir was beichten", "عندي سر" (``assets/confidences.json``, ``announcers``) — so that the
    user's next turn is the confidence. Openers may stand beside it ("ok confession time"), and a short
    request ("te cuento algo pero no lo repitas"); anything else beside it is news of its own ("I need
    to tell you something: I got the job"), and a weak opener alone ("guess what", "listen") announces
    nothing."""
    norm = normalise(text)
    if len(norm) > 90 or not _announcers().search(norm):
        return False
    rest = _openers().sub(" ", _announcers().sub(" ", norm))
    if not _has_content(_FILLERS.sub(" ", rest)):
        return True
    rest = _LEADING_BUT.sub("", rest)  # "… pero no lo repitas", "… but dont spread it"
    if len(_WORD.findall(rest)) > _ANNOUNCER_REST_WORDS:
        return False
    model = privacy_model.model()
    return model is not None and model.best_clause(rest)[0] >= FIRST_TURN_SCORE


#: Words said around an announcement that say nothing: "hey so, I have a confession to make", "bueno, tengo un secreto".
_FILLERS = re.compile(r"(?<![^\W\d_])(?:hey|hi|ok|okay|um+|uh+|well|bro|dude|girl|mate|yo|oi|hmm+|welp|alright|bueno|pues|vale"
                      r"|alors|bon|also|na|naja|allora|dai|então|entao|enfim|ну|короче|ладно|tja|nou|wel|yaar|yar|bhai"
                      r"|بصراحة|صراحة|والله|بصراحه|راستش|سچ پوچھو)(?![^\W\d_])")
_LEADING_BUT = re.compile(r"^[\s,.;:!?…-]*(?:but|and|pero|y|mais|et|aber|und|ma|e|mas|pero|maar|en|но|и|а|ama|ve|tapi|nhưng|nhung"
                          r"|lakini|lekin|par|men|och|ale|i)\s+")


def _bare_request(text: str) -> ForgetRequest | None:
    """The request of a turn that is a privacy request and nothing else, as about the next turn:
    said right after an opener, it has nothing before it to take back (read, as a first turn is, at
    :data:`FIRST_TURN_SCORE`)."""
    request = asks_to_forget(text) or _first_turn_request(text)
    if request is not None and request.target == "this" and request.phrase \
            and len(request.phrase) >= len(text.strip(" .!?…،؟")) - 2:  # the whole turn is the request ("لا تقوله لأحد أبداً")
        request = dataclasses.replace(request, target="previous")
    if request is None or request.target != "previous" or not request.private and len(text) > 120:
        return None
    return ForgetRequest("this", private=True, language=request.language, phrase=request.phrase)


#: A request sent right after a turn is about that turn too when the words beside it are few (at
#: most :data:`REACH_WORDS`) and at most :data:`REACH_NEW_WORDS` of them are words no training
#: request holds (the learned reader's request vocabulary; a pair of CJK/Thai characters counts a
#: half): "pero nadie sabe todavía, no lo apuntes", "tolong ini rahasia ya, jangan dicatat",
#: "actually forget i said that, please don't keep it" — the words beside such a request say why,
#: or ask twice. "I love hiking in Leeds, but please don't remember that" or "kocama sakın söyleme,
#: kredi çektim" say something new: about their own message only (the turn before is kept).
REACH_WORDS = 12
REACH_NEW_WORDS = 1


def _reaches_back(text: str, request: ForgetRequest, before: str) -> bool:
    """Whether a request about its own message, sent after ``before``, is about ``before`` too:
    little beside the request says anything new, and ``before`` asked nothing itself."""
    model = privacy_model.model()
    if model is None or not before.strip():
        return False
    norm = normalise(text)
    rest = norm.replace(request.phrase, " ", 1) if request.phrase else norm
    words = [w for w in _WORD.findall(rest) if len(w) > 1 or _WIDE.match(w)]
    if sum(max(1, len(w) // 2) if _WIDE.search(w) else 1 for w in words) > REACH_WORDS:
        return False
    rest = _without_questions_after(rest, norm, request.phrase)
    new = privacy_model.tokens(rest)
    spaced = sum(1 for t in new if t not in model.vocabulary and len(t) >= 3 and not privacy_model._UNSPACED.search(t))
    pairs = sum(1 for t in new if t not in model.vocabulary and privacy_model._UNSPACED.search(t))
    if spaced + (pairs + 1) // 2 > REACH_NEW_WORDS:
        return False
    return asks_to_forget(before) is None and announces_private(before, first=False) is None


_SENTENCE = re.compile(r"[^.!?]*[.!?]*")


def _without_questions_after(rest: str, norm: str, phrase: str) -> str:
    """``rest`` without the questions that follow the request to the end of the message ("please
    don't save this. how do I help him?", "لطفاً ذخیره نکن. چطور کمکش کنم؟"): a question asked after
    the request says nothing new about the user; the request before it points back."""
    at = norm.find(phrase) if phrase else -1
    if at < 0:
        return rest
    end = re.search(r"[.!?]+|$", norm[at + len(phrase):])
    cut = at + len(phrase) + end.end()  # the end of the request's sentence
    tail = [s.strip(" ,") for s in _SENTENCE.findall(norm[cut:])]
    tail = [s for s in tail if s.strip(" ,.!?;:")]
    if not tail or not all(s.endswith("?") for s in tail):
        return rest
    return norm[:cut].replace(phrase, " ", 1)


def withheld_turns(texts: Sequence[str]) -> list[bool]:
    """Which of a thread's user turns (oldest first) must not be shown again to the extractor: a
    turn that asked not to be kept (its request is about itself, or a marker before it announced
    it), and a turn a later "forget what I just said" (or a bare marker after it) took back."""
    out = [False] * len(texts)
    for n, text in enumerate(texts):
        request = request_in_thread(text, texts[:n])
        if request is None:
            continue
        if request.target in ("this", "both"):
            out[n] = True
        if request.target == "previous" and not n and len(_WORD.findall(normalise(text))) > 6:
            out[n] = True  # "don't store this but my sister ran away …" said first: nothing before it
        if request.target in ("previous", "both") and n:
            out[n - 1] = True
            if n >= 2 and _CONTINUES.match(normalise(texts[n - 1])) and len(texts[n - 1].split()) <= 15 \
                    and asks_to_forget(texts[n - 2]) is None:
                out[n - 2] = True  # "my sister has …" / "and no one knows" / "don't keep this"
    return out


#: A turn that only continues the one before it ("and no one in the family knows",
#: "y nadie lo sabe", "und keiner weiß es"): a request taking it back takes back what it continues.
_CONTINUES = re.compile(r"(?:and|also|plus|y|e|et|und|i|en|ve|и|а|dan|na|aur|at|và|و|ו)\s")


# ---------------------------------------------------------------------------- topics

_WORD = re.compile(r"[^\W\d_]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(normalise(text))


def _stem_match(word: str, haystack: set[str]) -> bool:
    if word in haystack:
        return True
    stem = word[:5] if len(word) >= 6 else None
    return stem is not None and any(h.startswith(stem) for h in haystack)


def facts_about(topic: str, facts: Sequence[tuple[UUID, str, str]]) -> list[UUID]:
    """The facts among ``facts`` (id, claim, category) a topic names, without a model: the
    topic's words found in the claim (or a word sharing its first five letters), or a word that
    names the fact's category (``CATEGORY_WORDS`` and the phrase file's ``topic_words``, several
    languages). A topic that only names the user ("about me") names them all."""
    phrases = _phrases()
    words = [w for w in _words(topic) if w not in phrases.stop_words]
    if not words or all(w in phrases.self_words for w in words):
        return [fid for fid, _, _ in facts] if _words(topic) else []
    chosen = []
    for fid, claim, category in facts:
        claim_words = set(_words(claim))
        names = {category, *CATEGORY_WORDS.get(category, ()), *phrases.topic_words.get(category, ())}
        if any(_stem_match(w, claim_words) or w in names for w in words if len(w) >= 3 or _WIDE.match(w)):
            chosen.append(fid)
    return chosen


# ---------------------------------------------------------------------------- the model's op

@dataclass
class ForgetPlan:
    """The validated ``forget`` ops of one message: forget the turn before (``previous``), keep
    nothing of this message (``this``), purge these facts (``fact_ids``)."""

    previous: bool = False
    this: bool = False
    fact_ids: list[UUID] = field(default_factory=list)

    def __bool__(self) -> bool:
        return self.previous or self.this or bool(self.fact_ids)


def is_forget_op(raw: Any) -> bool:
    return isinstance(raw, Mapping) and raw.get("op") == FORGET_OP


def split_forget_ops(raw_ops: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """The model's ``forget`` ops, and the others."""
    return [r for r in raw_ops if is_forget_op(r)], [r for r in raw_ops if not is_forget_op(r)]


def plan_forget_ops(raw: Sequence[Any], shown: Mapping[str, tuple[UUID, Collection[str]]],
                    recent_ids: Collection[str]) -> tuple[ForgetPlan, list[RejectedOp]]:
    """Validate the model's ``forget`` ops: ``ref`` is ``"previous"`` (the user's turn before this
    message), ``"this"`` (this message) or a fact reference shown in the prompt (``shown``: ref ->
    (fact id, the message ids that are its evidence)) whose evidence includes one of the user's
    recent turns (``recent_ids``: their ids and turn fingerprints). Anything else is rejected with
    a reason: a model cannot forget another user's data, nor facts the conversation did not touch."""
    plan, rejected = ForgetPlan(), []
    recent = {str(i) for i in recent_ids if i}

    def reject(op: Any, reason: str) -> None:
        logger.warning("fact-memory: rejected forget op: %s", reason)
        rejected.append(RejectedOp(op=summarize_rejected(op), reason=reason))

    for op in raw:
        ref = op.get("ref") if isinstance(op, Mapping) else None
        if not isinstance(ref, str) or not ref.strip():
            reject(op, "forget needs a ref: 'previous', 'this' or a fact reference shown in the prompt")
            continue
        ref = ref.strip()
        if ref.lower() == PREVIOUS:
            plan.previous = True
        elif ref.lower() == THIS:
            plan.this = True
        elif ref in shown:
            fact_id, evidence = shown[ref]
            if not recent & {str(e) for e in evidence}:
                reject(op, f"forget {ref}: only the facts of the user's recent turns can be forgotten this way"
                           " (memory.facts.purge forgets any fact)")
            elif fact_id not in plan.fact_ids:
                plan.fact_ids.append(fact_id)
        else:
            reject(op, "forget ref was not 'previous', 'this' nor a fact reference shown in the prompt")
    return plan, rejected


def request_state(request: ForgetRequest | None) -> dict[str, Any] | None:
    """A request as the write graph's state carries it (plain data: a checkpointer stores it)."""
    return None if request is None else dataclasses.asdict(request)


def request_from_state(state: Mapping[str, Any], text: str) -> ForgetRequest | None:
    """The request the embed node read from the message (``forget_request``), else read now."""
    if "forget_request" not in state:
        return asks_to_forget(text)
    found = state["forget_request"]
    return None if found is None else ForgetRequest(**found)
