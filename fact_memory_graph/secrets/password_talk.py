"""Talk about a password, not a password: the value a finder took after a secret's name is only words
that say how the password is or what was done to it ("la contraseña es muy débil", "mein PIN ist
gesperrt", "ho dimenticato la password e devo reimpostarla", "Я забыл пароль, пришлось его сбросить",
"lupa kata sandi dan harus meresetnya").

Such a value is all lower case, holds no digit nor symbol (a secret's shape), is not quoted, and every
word of it is a word of talk (assets ``password_talk.json``: qualities, states, modal verbs and the
verbs of resetting, changing, blocking and forgetting, in their forms and with their clitics, in about
thirty languages). A capitalised word (a surname given as a security answer: "Long", "Kurz") or any
word outside the lists keeps the value withheld.

Only the password spans other readers found are read: a message with none pays nothing.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

Span = tuple[int, int, str]
_ASSETS = Path(__file__).resolve().parent.parent / "assets"
#: A word, its vowel signs and nasal marks inside it ("नहीं", "বলব", "ไม่"): Python's \w leaves them out.
_WORD = re.compile(r"(?:[^\W\d_]|[\u0900-\u0dff\u0e00-\u0e7f])+(?:['’][^\W\d_]+)?")
_SHAPE = re.compile(r"[\d!@#$%^&*_+=~?<>\[\]{}|/\\]")
_QUOTES = "\"'“”‘’«»「」『』"


#: Word lists read only where they stand (a date after its preposition, a place after the name), not as talk anywhere.
_READ_IN_PLACE = frozenset({"calendar", "where", "see", "date_words"})


@functools.cache
def _lists() -> tuple[frozenset[str], tuple[str, ...], tuple[str, ...]]:
    data = json.loads((_ASSETS / "password_talk.json").read_text(encoding="utf-8"))
    words = frozenset(w.casefold() for key, ws in data["words"].items() if key not in _READ_IN_PLACE for w in ws)
    return words, tuple(s.casefold() for s in data["stems"]), tuple(s.casefold() for s in data["inside"])


#: A small count before a unit of time ("elke 90 dagen", "tous les 6 mois", "every 3 months"): a period, no value.
_PERIOD = re.compile(r"(?<![\w.,])\d{1,3}(?=\s+([^\W\d_]+))")


#: A period told by its frequency ("every 6 months", "elke 90 dagen", "tous les 6 mois", "alle 90 Tage").
_FREQUENCY = re.compile(r"(?<![\w])([^\W\d_]+)\s+(?:(?:les|os|as|las|die|the)\s+)?\d{1,3}\s+([^\W\d_]+)")


def _periodic(value: str) -> bool:
    """Whether ``value`` says how often a password changes: a frequency's word, a count, a unit of time,
    and no secret's shape elsewhere (a digit or a symbol besides the count)."""
    units = _units()
    m = _FREQUENCY.search(value)
    if m is None or m.group(1).casefold() not in units or m.group(2).casefold() not in units:
        return False
    rest = value[:m.start()] + " " + value[m.end():]
    return len(value.split()) <= 10 and not _SHAPE.search(rest)


def _without_periods(value: str, units: frozenset[str]) -> str:
    """``value`` with the counts of a period left out when a unit of time follows each."""
    if not any(c.isdigit() for c in value):
        return value
    return _PERIOD.sub(lambda m: "" if m.group(1).casefold() in units else m.group(), value)


def talk(value: str) -> bool:
    """Whether ``value`` is only words about a secret, none of them a secret's shape; a period's
    count ("verloopt elke 90 dagen") is talk of how often it changes."""
    value = value.strip(" .,;:!?()-–—")
    if _periodic(value):
        return True  # "… de la page Facebook tous les 6 mois": how often it changes, whatever it belongs to
    value = _without_periods(value, _units())
    if not value or _SHAPE.search(value) or any(c.isupper() for c in value):
        return False
    words, stems, inside = _lists()
    found = _WORD.findall(value.replace("-", " "))
    if not found or len(found) > 6:
        return False
    return all(w in words or w.startswith(stems) or any(i in w for i in inside) for w in found)


#: A length's range or bound: "6-15", "8 to 20", "at least 8", "mindestens 8" (the unit follows, read from the asset).
_RANGE = re.compile(r"(?i)(?<![\w.,])(?:\d{1,2}\s*(?:-|–|to|a|à|bis|al|до|ile|tot|do)\s*|(?:at least|min\.?|minimum|mindestens|au moins|al menos|"
                    r"pelo menos|almeno|minstens|co najmniej|не менее|минимум|en az)\s+)\d{1,2}\s+([^\W\d_]+)")


def _length_rule(text: str, sp: Span) -> bool:
    """"the bank says the memorable word must be 6-15 letters", "mindestens 8 Zeichen": a rule of a secret's length
    (the value read is inside it, or holds it with no other digit nor sign of a secret's shape and no word with a
    capital inside) is talk of it."""
    if not any(c.isdigit() for c in text[sp[0]:sp[1]]):
        return False
    units = _rule_units()
    for m in _RANGE.finditer(text, max(0, sp[0] - 24), min(len(text), sp[1] + 24)):
        if m.group(1).casefold() not in units or m.end() <= sp[0] or sp[1] <= m.start():
            continue
        if m.start() <= sp[0] and sp[1] <= m.end():
            return True
        rest = text[sp[0]:m.start()] + " " + text[m.end():sp[1]]
        if m.start() >= sp[0] and m.end() <= sp[1]:
            return not _SHAPE.search(rest) and not any(w[1:] != w[1:].lower() for w in rest.split())
    return False


@functools.cache
def _rule_units() -> frozenset[str]:
    """Units a length's rule counts in: the length units and letters, digits ("rule_units")."""
    data = json.loads((_ASSETS / "password_talk.json").read_text(encoding="utf-8"))
    return _units() | frozenset(w.casefold() for w in data["words"]["rule_units"])


@functools.cache
def _units() -> frozenset[str]:
    data = json.loads((_ASSETS / "password_talk.json").read_text(encoding="utf-8"))
    return frozenset(w.casefold() for key in ("time_units", "length_units") for w in data["words"][key])


@functools.cache
def _placed() -> dict[str, frozenset[str]]:
    data = json.loads((_ASSETS / "password_talk.json").read_text(encoding="utf-8"))
    return {key: frozenset(w.casefold() for w in data["words"][key]) for key in _READ_IN_PLACE}


#: A day and month ("30.12.", "30/12"), or a day told by its ordinal ("the 3rd", "1st"): a date, no value.
_DATE = re.compile(r"(?:(?:0?[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])[./]?(?:\d{2}|\d{4})?|(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th))")
_LAST_WORD = re.compile(r"([^\W\d_]+)\W*$")


def _dated(text: str, sp: Span) -> bool:
    """Whether the value is a date or a day after a word of time ("Passwort läuft am 30.12. ab", "changed my PIN on
    the 3rd", "wachtwoord verloopt vrijdag", "غيرت كلمة السر الأسبوع الماضي"): when it changes, not what it is."""
    value = text[sp[0]:sp[1]].strip(" .,;:!?()").casefold()
    m = _LAST_WORD.search(text[max(0, sp[0] - 24):sp[0]])
    before = m.group(1).casefold() if m else ""
    placed = _placed()
    words, stems, _ = _lists()
    led = before in placed["date_words"] or before in placed["calendar"] or before in words or before.startswith(stems)
    if not led:
        return False
    if _DATE.fullmatch(value):
        return True
    found = _WORD.findall(value)
    return 0 < len(found) <= 2 and not _SHAPE.search(value) and any(w in placed["calendar"] for w in found) \
        and all(w in placed["calendar"] or w in words for w in found)


def _located(value: str) -> bool:
    """Whether the value says where the password is kept or where to look ("dans le carnet rouge du bureau", "in the
    kitchen drawer", "see label underneath", "(see password manager)"): a place's preposition or a verb of looking,
    then words, no digit nor symbol of a secret's shape."""
    value = value.strip(" .,;:!?()")
    found = _WORD.findall(value)
    if not found or len(found) > 8 or _SHAPE.search(value):
        return False
    first = found[0]
    if not first.islower():  # "I answered Debrecen": a capital is no preposition of place
        return False
    placed = _placed()
    return first in placed["see"] or first in placed["where"] and len(found) >= 3 and value.startswith(first)


_CLAUSE_END = re.compile(r"[,;!?\n]|\.(?:\s|$)")


def _clause_from(text: str, start: int) -> str:
    """The text from ``start`` to the end of its clause (a value cut after its first word: "dans" / "the kitchen drawer")."""
    m = _CLAUSE_END.search(text, start + 1)
    return text[start:m.start() if m else len(text)]


#: A security question or its answer: a place or a day may be the answer ("where did they meet? i answered in the park").
_ANSWERED = re.compile(r"(?i)answer|question|respu?esta|respond|pregunta|r[ée]pon|antwo|frage|rispo|domanda|pergunta|vraag"
                       r"|svar|odpowied|pytanie|ответ|вопрос|cevap|soru|jawab|sawal|質問|答え|问题|答案|질문|답|سؤال|جواب|إجابة")


def without_talk(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the passwords that are talk about one (an unquoted value only): words about it, and,
    unless a security question or its answer is spoken of, when it changes and where it is kept."""
    answered = None
    kept = []
    for sp in spans:
        if sp[2] == "password" and not _quoted(text, sp):
            if talk(text[sp[0]:sp[1]]) or _length_rule(text, sp):
                continue
            if answered is None:
                answered = bool(_ANSWERED.search(text))
            if not answered and (_dated(text, sp) or _located(_clause_from(text, sp[0]))):
                continue
        kept.append(sp)
    return kept


def _quoted(text: str, sp: Span) -> bool:
    before = text[max(0, sp[0] - 2):sp[0]]
    return any(q in before for q in _QUOTES)
