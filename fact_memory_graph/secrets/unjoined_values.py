"""A password, a code word or a security answer where the language joins no word between name and value.

The clause readers of :mod:`~fact_memory_graph.secrets.forms` take a plain word as a password only
after a joining word ("is", "es", "là", "adalah", "は"). Many languages need none, or put it last:

- **verb last** (Hindi, Urdu, Marathi, Nepali, Punjabi, Gujarati, Bengali, Persian, and Hinglish):
  "wifi ka password chandrama hai", "मेरा जीमेल पासवर्ड आमपन्ना है", "password maine tota rakha hai";
  the value stands right before the clause's final verb (or a "set / kept" verb before it). A
  final right after the name opens the value instead ("पासवर्ड है: तितली").
- **no copula** (Arabic, Hebrew, Tamil, Telugu, Bengali, Persian, ...): "كلمة السر للواي فاي برتقالة",
  "கடவுச்சொல் மல்லிகை"; the value is the clause's last word, after the name and at most a few
  qualifiers (possessives, "of the wifi", a service's Latin name).
- **a suffix on the name** (Indonesian and Malay "-nya"): "kata sandinya melati", "password Netflix-nya mangga".
- **a copula glued to the words before it** (Thai): "รหัสผ่านเฟซบุ๊กของฉันคือ มะม่วง".
- **a comma after the name** (Japanese, Chinese, Korean): "パスワード、もみじ".

A clause with a word about the password rather than one (forgot, changed, wrong, what, where, written
in a notebook) holds no value here. Words as data: ``assets/unjoined_values.json``. Gated by the
names, read in one pass by the lexicon: texts without one cost a set lookup.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

#: Where a clause ends: sentence marks, a turn's end, a comma or a full stop before a blank.
_CLAUSE_END = re.compile(r"[!?।॥;\n\u2029،؟。！？]|[.,，、:](?=\s|$)|\s[-–—](?=\s)")
_TOKEN = re.compile(r"\S+")
_TRIM = ".,;:!?\"'“”«»()[]{}…।،؟。！？、，"
#: Thai polite particles glued to the end of a value.
_THAI_TAIL = re.compile(r"(?:นะ|ครับ|ค่ะ|คะ|จ้ะ|จ้า|จ๊ะ|น้า|เลย)+$")
_DIGITS_ONLY = re.compile(r"^\d{1,2}$")


@functools.cache
def _data() -> dict[str, Any]:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("unjoined_values.json")
                      .read_text(encoding="utf-8"))


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate([w for ws in _data()["names"].values() for w in ws])


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold one of the names (a superset: the readers test the rest)."""
    return _gate().open(text)


@functools.cache
def _name(form: str) -> re.Pattern[str]:
    """A name of the form, not inside a longer word of a spaced script (a word may end it only where said)."""
    words = prefilter.alternation(_data()["names"][form])
    if form == "suffixed":
        return re.compile(rf"(?i)(?<![^\W\d_])(?:{words})(?P<nya>-?nya)?(?![^\W\d_])")
    if form in ("thai", "comma"):
        return re.compile(rf"(?:{words})")
    if form == "copula_less":  # "وكلمة المرور", "והסיסמה": "and" glued before the name
        return re.compile(rf"(?<![^\W\d_])[وו]?(?:{words})(?=[\s:：,،.]|$)")
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{words})(?=[\s:：,،.]|$)")


@functools.cache
def _set(key: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _data()[key])


@functools.cache
def _qualifiers() -> frozenset[str]:
    return frozenset(w.lower() for w in _data()["qualifiers"]["words"])


@functools.cache
def _prefixed() -> re.Pattern[str]:
    """A word with a preposition glued before it ("للواي", "לנטפליקס"): a qualifier, not a value."""
    return re.compile(rf"^(?:{prefilter.alternation(_data()['qualifiers']['prefixes'])})\w{{2,}}$")


@functools.cache
def _set_verbs() -> tuple[tuple[str, ...], ...]:
    return tuple(sorted((tuple(w.lower().split()) for w in _data()["set_verbs"]), key=len, reverse=True))


_COPULAS = frozenset({"هي", "هو", "היא", "הוא", "זה", "זו", "হল", "হলো", "என்பது", "is", "ist", "是"})
_PRONOUNS = frozenset({"yeh", "ye", "woh", "wo", "vo", "yahi", "wahi", "yehi", "yaha", "waha", "bas", "यह", "ये",
                       "वह", "वो", "यही", "वही", "یہ", "وہ", "এটা", "ওটা", "این", "آن", "mine", "this", "that"})


def _clause(text: str, start: int) -> tuple[int, int]:
    """The clause after ``start``: up to its first end mark (a mark right at its start is skipped)."""
    at = start
    lead = re.compile(r"\s*[:：,，、،-]?\s*").match(text, at)
    at = lead.end() if lead else at
    end = _CLAUSE_END.search(text, at)
    return at, end.start() if end else len(text)


def _tokens(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    out = []
    for t in _TOKEN.finditer(text, start, end):
        s, e = t.start(), t.end()
        while e > s and text[e - 1] in _TRIM:
            e -= 1
        while s < e and text[s] in _TRIM:
            s += 1
        if e > s:
            out.append((s, e, text[s:e]))
    return out


def _talk(word: str) -> bool:
    low = word.lower()
    return low in _set("talk") or low in _PRONOUNS


def _value_ok(word: str) -> bool:
    low = word.lower()
    return (len(word) >= 3 and not _talk(word) and low not in _qualifiers() and low not in _set("finals")
            and low not in _COPULAS and not _DIGITS_ONLY.match(word)
            and not any(low == " ".join(v) for v in _set_verbs()))


def _verb_final(text: str) -> list[Span]:
    out = []
    finals = _set("finals")
    for m in _name("verb_final").finditer(text):
        start, end = _clause(text, m.end())
        toks = _tokens(text, start, end)
        if not toks or len(toks) > 6 or _asked(text, end) or any(_talk(t[2]) for t in toks):
            continue
        words = [t[2].lower() for t in toks]
        if words[0] in finals:  # "पासवर्ड है: तितली", "password hai chandrama": the final opens the value
            rest = toks[1:] or _tokens(text, *_clause(text, end)) if len(toks) == 1 and text[end:end + 1] in ":：" else toks[1:]
            if len(rest) == 1 and _value_ok(rest[0][2]):
                out.append((rest[0][0], rest[0][1], "password"))
            continue
        if words[-1] not in finals:
            continue
        at = len(toks) - 1  # the final; a "set / kept" verb may stand before it ("rakha hai", "set kiya hai")
        for verb in _set_verbs():
            if at - len(verb) >= 1 and tuple(words[at - len(verb):at]) == verb:
                at -= len(verb)
                break
        if at < 1 or at > 4:  # the value, at most three words after the name ("maine", "لپ تاپ من")
            continue
        value = toks[at - 1]
        if _value_ok(value[2]):
            out.append((value[0], value[1], "password"))
    return out


def _asked(text: str, end: int) -> bool:
    """Whether the clause ending at ``end`` is a question ("ما هي كلمة السر للواي فاي؟"): it asks, it tells nothing."""
    return end < len(text) and text[end] in "?؟？"


def _forgotten_before_comma(text: str, name_start: int, name_end: int, value_start: int) -> bool:
    """Whether a comma after the name was skipped while the name's own clause, before it, says the
    password was forgotten ("I forgot the PIN, went to the bank"): the clause after the comma is another
    one (after "I changed the PIN," the new one may follow: read as before)."""
    if not re.search(r"[,，、،]", text[name_end:value_start]):
        return False
    return _forgotten_before(text, name_start)


def _forgotten_before(text: str, name_start: int, reach: int = 60) -> bool:
    """Whether the name's own clause, before it (``reach`` characters at most), says the password was
    forgotten ("نسيت كلمة السر …")."""
    before = max((e.end() for e in _CLAUSE_END.finditer(text, max(0, name_start - reach), name_start)),
                 default=max(0, name_start - reach))
    forgotten = _set("forgotten")
    return any(t[2].lower() in forgotten for t in _tokens(text, before, name_start))


def _forgotten_whose(text: str, name_start: int, toks: list[tuple[int, int, str]]) -> bool:
    """Whether the name's clause says, before it, that the password was forgotten and the words after it are
    a qualifier and what it is for, with no digit nor sign ("نسيت كلمة السر حق Nusuk", "I forgot the password
    for the DWP journal"): the thing whose password was forgotten, not the value."""
    if not toks or toks[0][2].lower() not in _qualifiers() or re.search(r"[\d!@#$%^&*_+=~?]", text[toks[0][1]:toks[-1][1]]):
        return False
    return _forgotten_before(text, name_start, reach=40)


def _copula_less(text: str) -> list[Span]:
    out = []
    qualifiers, prefixed = _qualifiers(), _prefixed()
    for m in _name("copula_less").finditer(text):
        start, end = _clause(text, m.end())
        toks = _tokens(text, start, end)
        if not toks or len(toks) > 4 or _asked(text, end) or any(_talk(t[2]) for t in toks):
            continue
        if _forgotten_before_comma(text, m.start(), m.end(), start):
            continue  # "نسيت الرقم السري، رحت للبنك الصبح": forgotten, then what was done next
        if _forgotten_whose(text, m.start(), toks):
            continue  # "نسيت كلمة السر حق Nusuk": the site whose password was forgotten
        if len(toks) == 1:  # the name and a word alone: a value only beside a login ("اسم المستخدم … وكلمة المرور X")
            if any(w in text[:m.start()] for w in _data()["logins_before"]) and _value_ok(toks[0][2]):
                out.append((toks[0][0], toks[0][1], "password"))
            continue
        *before, value = toks
        if before and before[0][2].lower() in qualifiers and _forgotten_before(text, m.start()):
            continue  # "نسيت كلمة السر حق Nusuk": forgot the password of a service; what follows names the service
        unknown = [t for t in before if not (t[2].lower() in qualifiers or t[2].lower() in _COPULAS
                                             or prefixed.match(t[2]) or t[2].isascii())]
        # a qualifier of the name ("للواي فاي", "לנטפליקס", "Netflix", "எனது") tells a value from a verb or an
        # adjective ("הסיסמה עובדת", "கடவுச்சொல் மறந்துவிட்டேன்"), which these languages also put right after it
        if before and len(unknown) < len(before) and len(unknown) <= 1 and _value_ok(value[2]) \
                and value[2].lower() not in qualifiers:
            out.append((value[0], value[1], "password"))
    return out


_NYA_COPULA = re.compile(r"(?i)\s*(?:adalah|ialah|iaitu|yaitu|yakni|:)?\s*")
_BARE_VALUE = re.compile(r"[^\s,;()\"“”«»]+")
_NYA_QUALIFIED = re.compile(r"(?i)\s+(?:\S+\s+){0,1}?\S+?-?nya(?=\s)")
_AFTER_VALUE = re.compile(r"(?i)\s*(?:$|[.,!?;:\n\u2029)]|(?:ya|yah|ok|oke|okay|dan|and|lho|kok|loh|deh|dong)(?![^\W\d_]))")


def _suffixed(text: str) -> list[Span]:
    out = []
    for m in _name("suffixed").finditer(text):
        at = m.end()
        if not m.group("nya"):  # "password Netflix-nya X", "kata sandi wifinya X": the suffix on a qualifier
            q = _NYA_QUALIFIED.match(text, at)
            if not q or any(_talk(w) for w in text[at:q.end()].split()):
                continue
            at = q.end()
        at = _NYA_COPULA.match(text, at).end()
        value = _BARE_VALUE.match(text, at)
        if not value:
            continue
        word = value.group().rstrip(_TRIM)
        if word and _value_ok(word) and _AFTER_VALUE.match(text, value.start() + len(word)):
            out.append((value.start(), value.start() + len(word), "password"))
    return out


@functools.cache
def _thai_copula() -> re.Pattern[str]:
    return re.compile(rf"[^\n\u2029.!?]{{0,40}}?(?:{prefilter.alternation(_data()['thai_copulas'])})(?:\s*[:：]\s*|\s+)(?P<v>[^\s,.!?]+)")


def _thai(text: str) -> list[Span]:
    out = []
    talk = _data()["thai_talk"]
    for m in _name("thai").finditer(text):
        c = _thai_copula().match(text, m.end())
        if not c or any(w in c.group() for w in talk):
            continue
        word = _THAI_TAIL.sub("", c.group("v")) or c.group("v")
        if len(word) >= 3 and not _talk(word):
            out.append((c.start("v"), c.start("v") + len(word), "password"))
    return out


@functools.cache
def _comma_value() -> re.Pattern[str]:
    marks = "".join(_data()["comma_marks"])
    return re.compile(rf"(?:は|는|은)?[{marks}]\s*(?P<v>[^\s{marks}。！？!?.「」『』]{{2,24}})(?=$|[\s。！？!?.\u2029])")


def _comma(text: str) -> list[Span]:
    out = []
    talk = [w for w in _data()["talk"] if not w.isascii() and len(w) <= 3]
    for m in _name("comma").finditer(text):
        c = _comma_value().match(text, m.end())
        lead = text[max(0, m.start() - 12):m.start()]  # "忘了密码，去了银行": forgotten, then what was done next
        if c and any(w in lead for w in _set("forgotten") if not w.isascii()):
            continue
        if c and not any(w in c.group("v") for w in talk) and not _talk(c.group("v")):
            out.append((c.start("v"), c.end("v"), "password"))
    return out


def spans(text: str) -> list[Span]:
    """Each value told after its name with no joining word, or before a final verb (see the module's note)."""
    if not mentioned(text):
        return []
    out = [*_verb_final(text), *_copula_less(text), *_suffixed(text)]
    if not text.isascii():
        out.extend(_thai(text))
        out.extend(_comma(text))
    return out
