"""A health plan's member number, read by the card it is on.

A member number has no public checksum: what makes it secret is whose card it is on. Its names
(~25 languages, assets/member_numbers.json), then a value with five digits or more:

- a health insurance's word (an insurer, a plan, its card — "Aetna", "Krankenkasse", "carte Vitale",
  "obra social", "保険証") and in its sentence a number's word ("member ID", "número", "記号番号"),
  or the insurance's word right before the value ("Kaiser: 1122…");
- an insured person's number named alone ("Versichertennummer", "número de asegurado", "insurance
  member ID", "sigorta numaram");
- a member number's word beside a place of care ("member id for the clinic intake");
- the value before its names ("PDZ2655… that's the member number for Cigna"), or in the turn after
  a turn that named it and gave none ("the hospital wants my insurance number" / "SGK-78…").

Kept: a number a public word names between the names and the value — a group or plan number, a
pharmacy's BIN / PCN, a claim, a phone line, an order, an amount ("Aetna group number 0123456",
"call Cigna at 1-800-…"); a phone number; a date; a masked or placeholder value ("XXXX1234").
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import checksums, lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "member_numbers.json"
#: A member number: an optional letter prefix (after a space, a dash or a slash: "STA/248739/98"), then
#: digits and letters, in groups split by a space, a dash, a dot or a slash (every group after the
#: first starts with a digit, or after a dash with a capital: "7E82-R1D-UK74").
_VALUE = re.compile(r"(?<![A-Za-z0-9\-/+.@*])(?:(?!(?:ID|NO|NR|IS)[ \-/])[A-Z]{1,4}[ \-/])?[A-Za-z]{0,4}\d[A-Za-z0-9]*"
                    r"(?:[ .\-/]\d[A-Za-z0-9]*|-[A-Z][A-Z0-9]{0,5}){0,6}(?![A-Za-z0-9@*]|[\-/]\w)")
#: The end of a sentence (not the dot of "no." / "nr." / "n°.").
_SENTENCE_END = re.compile(r"(?<![Nn]o)(?<![Nn]r)[.!?;\n\u2029](?:\s|$)|[。！？]")
_DATE = re.compile(r"(?:19|20)\d\d[ .\-/]\d{1,2}[ .\-/]\d{1,2}|\d{1,2}[ .\-/]\d{1,2}[ .\-/](?:19|20)?\d\d")
_MONEY = re.compile(r"[$€£¥₹₩]\s*$|^\s*(?:[$€£¥₹₩]|usd|eur|gbp|dollars?|euros?)", re.I)
_TOLL_FREE = re.compile(r"(?:1[ \-.])?(?:800|888|877|866|855|844|833)[ \-.]\d{3}|0[89]00[ \-.]?\d")
_FILLER = re.compile(r"(?i)xxx|\*\*\*|•••|000000|123456")
#: Between an insurer's word alone and its value: a sign, a copula, "card", "ID" or a number's word ("Kaiser: 1122…").
_RIGHT_AFTER = re.compile(r"(?i)[\s:#=\-–—(]*(?:(?:is|es|est|ist|é|è|card|id|no\.?|nr\.?|n°|nº"
                          r"|n[^\W\d_]{0,2}m[^\W\d_]{0,5})[\s:#=\-–—]*){0,2}")  # a number's word, typed fast ("nmuber")
#: Between the names and the value: a few words at most (a copula, a colon, "on my card").
_MAX_GAP = 45
#: A clause naming the number and ending in a colon may be longer ("Mitgliedsnummer bei der Barmer, für
#: das Formular vom Pflegedienst: 4471…"): the colon gives the value to the whole clause.
_MAX_COLON_GAP = 90
_COLON_BEFORE = re.compile(r"[:：]\s*$")
_MAX_MATCHES = 16  # a message names a card a few times; a crafted one repeating it is read only this far


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


def _words(key: str) -> list[str]:
    data = _data()[key]
    return [w for group in data.values() for w in group] if isinstance(data, dict) else list(data)


_LATIN_END = re.compile(r"[A-Za-zß-ɏ]$")
_INFLECTION = r"(?:[^\W\d_]{0,4})"  # "helseforsikringen", "sigorta numaram", "Versichertennummern"


def _tree(words: list[str]) -> str:
    """The words as whole words; Latin-script words of five letters or more with a short ending."""
    long = {w for w in words if len(w) >= 5 and _LATIN_END.search(w)}
    short = [w for w in words if w not in long]
    inflected = prefilter.word_tree(long, prefilter.spaced_atom, head=prefilter.WORD_HEAD,
                                    tail=_INFLECTION + prefilter.WORD_TAIL, flags="")
    parts = [prefilter.whole_words(short)] + ([inflected.pattern] if inflected is not None else [])
    return "(?i)(?:" + "|".join(parts) + ")"


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    member = [w for w in _words("member") if w != "#"]
    return {"health": re.compile(_tree(_words("health"))),
            "member": re.compile(_tree(member)[:-1] + "|#)"),
            "insured": re.compile(_tree(_words("insured"))),
            "care": re.compile(_tree(_words("care"))),
            "other": re.compile(_tree(_words("other_cover"))),
            "care_member": re.compile(_tree(_words("member_after_care"))),
            "public": re.compile(_tree(_words("public")))}


@lru_cache(maxsize=1)
def _gate() -> re.Pattern[str]:
    """Every word this reader starts from as one prefix tree, in lower case (read on the lowered
    text: cheaper than ignoring case), the long Latin words with their endings."""
    words = {w.lower() for w in (*_words("health"), *_words("insured"), *_words("member_after_care"))}
    ended = {w + _ENDING for w in words if len(w) >= 5 and _LATIN_END.search(w)}
    tree = prefilter.word_tree(ended | (words - {w[:-1] for w in ended}),
                               lambda ch: _INFLECTION if ch == _ENDING else prefilter.spaced_atom(ch),
                               head=prefilter.WORD_HEAD, tail=prefilter.WORD_TAIL, flags="")
    return tree if tree is not None else re.compile("(?!)")


_ENDING = "\x00"  # a word's place for its ending, in the gate's tree


@lru_cache(maxsize=1)
def _word_gate() -> lexicon.Gate:
    """:func:`_gate`'s words in the lexicon's one pass: each is written in full in any match of the
    tree (an ending only follows it), so a text without any holds no match (cost only)."""
    words = {w.lower() for w in (*_words("health"), *_words("insured"), *_words("member_after_care"))}
    return lexicon.Gate(words if not any("\u0307" in w for w in words) else [""])


def mentioned(text: str) -> bool:
    """Whether ``text`` has a word this reader starts from: without one it has no member number here."""
    return _word_gate().open(text) and _gate().search(text.lower()) is not None


def speaks_of_health(text: str) -> bool:
    """Whether ``text`` names health insurance, an insured person's number or a place of care: a
    member's word alone ("medlemsnummer ICA", "número de socio del club") names a shop's or a club's."""
    p = _patterns()
    return any(p[key].search(text) for key in ("health", "insured", "care"))


def _other_cover(text: str, at: int) -> bool:
    """Whether the sentence around ``at`` names what an insurance other than a health plan covers ("the
    cat's insurance number", "försäkringsnummer för katten", "Kfz-Versicherungsnummer") and no health
    plan: a policy number. With an NHS number beside it ("travel insurance policy number …, and my NHS
    number is …") the sentence stays a health plan's."""
    lo, hi = _sentence_start(text, at), _sentence_end(text, at, min(len(text), at + 120))
    p = _patterns()
    others = [(m.start(), m.end()) for m in itertools.islice(p["other"].finditer(text, lo, hi), _MAX_MATCHES)]
    generic = _generic()  # "contrat assurance habitation n° …": an insurer's word of any cover names no health plan
    return bool(others) and not any(not any(a < h.end() and h.start() < b for a, b in others)
                                    and h.group().lower() not in generic
                                    for h in itertools.islice(p["health"].finditer(text, lo, hi), _MAX_MATCHES))


def _a_word_of(word: str, words: frozenset[str]) -> bool:
    """Whether ``word`` (a match, with a short ending perhaps) is one of ``words``."""
    w = word.lower()
    return w in words or any(w.startswith(g) and len(w) - len(g) <= 4 for g in words if len(g) >= 5)


@lru_cache(maxsize=1)
def _policy_words() -> frozenset[str]:
    """A policy's number's words of any cover ("policy number", "numéro de police", "försäkringsnummer")."""
    return frozenset(w.lower() for w in _words("policy_numbers"))


def _policy_of_any_cover(text: str, at: int) -> bool:
    """Whether the sentence around ``at`` names only a policy of no cover in particular: an insurer's word
    of any kind ("assurance", "insurer") or none, a policy's number ("numéro de police assurance POL-…",
    "försäkringsnummer TRV-…") and no health plan's own word, no member's word, no place of care. As other
    covers' policies (round twenty-seven), such a number is kept: a health plan names itself or its member."""
    lo, hi = _sentence_start(text, at), _sentence_end(text, at, min(len(text), at + 120))
    p, generic, policy = _patterns(), _generic(), _policy_words()
    if p["care"].search(text, lo, hi):
        return False
    if any(not _a_word_of(h.group(), generic) for h in itertools.islice(p["health"].finditer(text, lo, hi), _MAX_MATCHES)):
        return False
    labels = [*itertools.islice(p["member"].finditer(text, lo, hi), _MAX_MATCHES),
              *itertools.islice(p["insured"].finditer(text, lo, hi), _MAX_MATCHES)]
    named = [m for m in labels if m.group() not in ("#", "no", "No", "NO") and not _a_word_of(m.group(), generic)]
    return bool(named) and all(_a_word_of(m.group(), policy) for m in named)


@lru_cache(maxsize=1)
def _generic() -> frozenset[str]:
    """Words of an insurer or a policy of any kind ("insurer", "assurance", "страховая")."""
    return frozenset(w.lower() for w in _words("generic_insurer"))


def cares(text: str) -> bool:
    """Whether ``text`` names a place or person of care (a clinic, a nurse, a care home)."""
    return _patterns()["care"].search(text) is not None


def _sentence_end(text: str, start: int, end: int) -> int:
    m = _SENTENCE_END.search(text, start, end)
    return m.start() if m else end


def _sentence_start(text: str, at: int, back: int = 100) -> int:
    lo = max(0, at - back)
    cut = max(text.rfind(". ", lo, at), text.rfind("\n", lo, at), text.rfind("\u2029", lo, at), text.rfind("? ", lo, at),
              text.rfind("! ", lo, at), text.rfind("; ", lo, at))
    return cut + 1 if cut >= 0 else lo


_CASE_SENSITIVE = re.compile(r"(?i)[ \-]?(?:in)?sensitive\b")


def _public(text: str, lo: int, hi: int) -> bool:
    """A public word in ``text[lo:hi]`` that is not part of an insurance's name ("plan" in "health plan")."""
    p = _patterns()
    for m in p["public"].finditer(text, lo, hi):
        if _CASE_SENSITIVE.match(text, m.end()):
            continue  # "(case sensitive)": the letters' case, no case number
        around = p["health"].finditer(text, max(0, m.start() - 30), min(len(text), m.end() + 30))
        if not any(h.start() <= m.start() and m.end() <= h.end() for h in around):
            return True
    return False


def public_label(text: str, at: int) -> bool:
    """Whether a public word labels the value at ``at`` (a phone line, a group, a claim within a few
    words before it, in its sentence): "telefone do plano: 61 4432…", "group 0193347"."""
    return _public(text, max(_sentence_start(text, at), at - 30), at)


def _value_after(text: str, label: int, at: int, limit: int, start: int | None = None) -> re.Match[str] | None:
    """The first value within ``_MAX_GAP`` characters after ``at`` when nothing public is named
    from ``label`` (the number's word, with the word before it) to the value; with ``start`` (where
    the names begin), a public word inside the names is theirs ("numéro CMU du patient", "benefit
    reference": the patient's, the reference's own number)."""
    for v in itertools.islice(_VALUE.finditer(text, at, min(limit, at + _MAX_COLON_GAP + 40)), 3):
        if v.start() - at > _MAX_GAP and not (v.start() - at <= _MAX_COLON_GAP and _COLON_BEFORE.search(text, at, v.start())):
            return None  # far from its names, unless a colon ends the clause that names it
        public = _public(text, label, start) or _public(text, at, v.start()) if start is not None \
            else _public(text, label, v.start())
        if public or re.search(r"\d", text[at:v.start()]):
            return None  # "Aetna group number 01234", "Cigna, call 1-800-…": a public number
        return v
    return None


def _value_before(text: str, at: int) -> re.Match[str] | None:
    """A value ending within ``_MAX_GAP`` characters before a number's names at ``at``, nothing
    public or numeric between ("M8816… – das ist meine KV-Nummer")."""
    lo = max(0, at - _MAX_GAP - 34)
    last = None
    for v in _VALUE.finditer(text, lo, at):
        last = v
    if last is None or at - last.end() > _MAX_GAP:
        return None
    if re.search(r"\d|\u2029", text[last.end():at]):
        return None
    # nothing public between, nor just before the value ("order 8812… for the Medicare card")
    return None if _public(text, max(0, last.start() - 20), at) else last


#: The next sentence's opening words before its value ("… Medicaid ID? It's 9MX4-…", "… KV-Nummer. Hier: M88…").
_NEXT_OPENING = re.compile(r"\s*(?:[^\W\d_]+['’]?[^\W\d_]*[\s:,\-–—]+){0,2}")


def _value_next_sentence(text: str, label: int, at: int, hi: int) -> re.Match[str] | None:
    """A value opening the sentence after the one naming the number, when that one gave none: a name
    asked or announced, then the value ("my mother's Medicaid ID? It's 9MX4-…")."""
    if hi >= len(text) or _VALUE.search(text, at, hi):
        return None
    start = hi + 1
    opening = _NEXT_OPENING.match(text, start)
    v = _VALUE.match(text, opening.end() if opening else start)
    if v is None or v.start() - start > _MAX_GAP or _public(text, label, v.start()):
        return None
    return v


def _a_member_number(text: str, v: re.Match[str]) -> bool:
    value = v.group()
    digits = re.sub(r"\D", "", value)
    letters = sum(ch.isalpha() for ch in value)
    if len(digits) < (4 if letters >= 4 and len(digits) + letters >= 10 else 5):  # "8YV3-MVE-AC70": a mixed id
        return False
    if len(value) > 32 or _FILLER.search(value) or _DATE.fullmatch(value):
        return False
    if len(set(digits)) <= 1:
        return False  # "00000000": a form's blank
    if _MONEY.search(text[max(0, v.start() - 3):v.start()]) or _MONEY.search(text[v.end():v.end() + 8]):
        return False
    # a phone number by its shape (a phone's word before it is a public word, read in the gap)
    return not (_TOLL_FREE.match(value) or text[max(0, v.start() - 2):v.start()].strip() in ("+", "("))


def _an_insurance(text: str, h: re.Match[str]) -> bool:
    """An insurance's word standing as a word: a short abbreviation ("TK", "AOK", "EPS") in capitals and
    not glued to digits ("TK1987" is a flight)."""
    if text[h.end():h.end() + 1].isdigit() or text[h.start() - 1:h.start()].isdigit():
        return False
    word = h.group()
    return not (len(word) <= 3 and word.isascii() and word.isalpha()) or word.isupper()


#: A negation right before a health insurer's word, after a comma or a dash: "…, nicht die Krankenkasse",
#: "…, not the health insurance", "…, pas la mutuelle", "…, no la del seguro médico".
_NEGATED_COVER = re.compile(r"(?i)[,;—–-]\s*(?:nicht|kein|keine|not|no|pas|non|não|nie|niet|не|değil)(?:\s+(?:die|der|das|den|the|my|la|le|el|il|a|o|de|het|del|da|do))?\s+$")


def _names(text: str, veto: bool = True) -> list[tuple[int, int, int, bool]]:
    """Where a member number is named: (label's start, names' start, names' end, whether the insurer's
    word alone names it). The label reaches a few words back, where a public word would say whose."""
    p = _patterns()
    out: list[tuple[int, int, int, bool]] = []
    for h in itertools.islice(p["health"].finditer(text), _MAX_MATCHES):
        if not _an_insurance(text, h) or veto and (_other_cover(text, h.start()) or _policy_of_any_cover(text, h.start())):
            continue
        if _NEGATED_COVER.search(text, max(0, h.start() - 14), h.start()):
            continue  # "Hausratversicherung Police LV/…, nicht die Krankenkasse": the health insurer denied
        lo, hi = _sentence_start(text, h.start()), _sentence_end(text, h.end(), min(len(text), h.end() + 120))
        out.append((max(lo, h.start() - 24), h.start(), h.end(), True))
        out.extend((max(lo, m.start() - 16), m.start(), m.end(), False)
                   for m in itertools.islice(p["member"].finditer(text, lo, hi), _MAX_MATCHES))
    for m in itertools.islice(p["insured"].finditer(text), _MAX_MATCHES):
        if veto and (_other_cover(text, m.start()) or _policy_of_any_cover(text, m.start())):
            continue  # "försäkringsnummer för katten PET-0754…": the cat's policy; "försäkringsnummer TRV-…": a policy
        out.append((max(_sentence_start(text, m.start()), m.start() - 16), m.start(), m.end(), False))
    if p["care"].search(text):
        for m in itertools.islice(p["care_member"].finditer(text), _MAX_MATCHES):
            lo, hi = _sentence_start(text, m.start()), _sentence_end(text, m.end(), min(len(text), m.end() + 120))
            if p["care"].search(text, lo, hi):
                out.append((max(lo, m.start() - 16), m.start(), m.end(), False))
    return sorted(set(out))


def spans(text: str) -> list[Span]:
    """Health plans' member numbers in ``text``."""
    if len(text) > 4000:
        return []
    out: list[Span] = []
    for label, start, at, alone in _names(text):
        hi = _sentence_end(text, at, min(len(text), at + 120))
        v = _value_after(text, label, at, hi, None if alone else start)
        if v and alone and not _RIGHT_AFTER.fullmatch(text, at, v.start()):
            v = None  # "Blue Cross paid 12500 of it": the insurer's word names only a value right after it
        if not (v and _a_member_number(text, v)) and not alone:
            v = _value_before(text, start) or _value_next_sentence(text, label, at, hi)
        if v and _a_member_number(text, v) and not checksums.named_imei(text, v.start(), v.group()):
            out.append((v.start(), v.end(), "government id"))
    return list(dict.fromkeys(out))


#: A turn that gives a value: a few words around it ("eccolo 8038…"), or the value first ("W180…, and …").
_SHORT_TURN = 8
_LEADING_WORDS = 3


def _own_label_end(text: str, at: int) -> int:
    """Where the words after a value stop naming it: at the next value, whose own words those are
    ("AIK6250… for Maya, group number 730418": the group number is the other value's)."""
    nxt = _VALUE.search(text, at)
    if nxt is None:
        return len(text)
    lo = max(at, nxt.start() - 24)
    return lo if _public(text, lo, nxt.start()) else len(text)


def thread_spans(text: str, before: str) -> list[Span]:
    """A member number alone in ``text`` after a turn ``before`` that named one and gave none
    ("the clinic wants my insurance number" / "SGK-7866546383")."""
    if len(text) > 400 or not re.search(r"\d", text) or not mentioned(before):
        return []
    veto = _patterns()["health"].search(text) is None  # "travel insurance policy number …" / "WFV1…, and my NHS number is …"
    names = [(label, at) for label, _, at, _ in _names(before, veto)
             if not _public(before, label, _sentence_end(before, at, len(before)))]  # "numéro de dossier à la mutuelle"
    if not names or any(_value_after(before, label, at, len(before)) for label, at in names):
        return []
    short = len(text.split()) <= _SHORT_TURN
    for v in itertools.islice(_VALUE.finditer(text), 2):
        if not short and len(text[:v.start()].split()) >= _LEADING_WORDS:
            return []
        if _public(text, 0, v.start()) or short and _public(text, v.end(), _own_label_end(text, v.end())):
            return []
        if _a_member_number(text, v):
            return [(v.start(), v.end(), "government id")]
    return []
