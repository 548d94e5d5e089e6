"""An account's backup codes told by what they are for, not by their name.

"save these in case i lose my phone again 73419616, z37p-wb9x, cntj-gdzv, 6025 4968", "falls ich
ausgesperrt werde: 4921 0038 / 7712 5590 / 1187 3345": the codes a site gives for a lost second factor
have few shapes (eight digits, four and four digits, two groups of four or five letters or digits
joined by a dash). Three of them or more in a row, after a word saying what they are kept against (losing
the phone, being locked out, the second factor; ~30 languages, ``assets/backup_code_lists.json``), are
the codes. One or two such numbers (a phone, an order) are not a list; a phone number's groups (3 and 4
digits) have none of these shapes.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

#: One backup code: eight digits, four and four, two dashed groups of four or five letters and digits, or eight
#: letters and digits, or ten (a list of those must read as random: :func:`_random_list`).
_CODE = (r"(?:\d{8}|\d{4}[ \-]\d{4}|(?=[a-z0-9]*[a-z])[a-z0-9]{4,5}-[a-z0-9]{4,5}|\d{5}-\d{5}|(?=[a-z0-9]*[a-z])[a-z0-9]{8}"
         r"|(?=[a-z0-9]*[a-z])[a-z0-9]{10}"  # ten letters and digits ("47p6mygm6v", "hzqlhukhne", as some sites print them)
         # two groups of four with a space, as a Google account prints them ("hm6x 2e6h", "zczj yahc"), a letter in
         # them; with no digit, :func:`_random` needs a group no word could be ("what when this that" stay words)
         r"|(?=[a-z0-9]{4} [a-z0-9]{4}(?![\w-]))(?=[a-z0-9 ]{0,8}[a-z])[a-z0-9]{4} [a-z0-9]{4})")
#: Three codes or more, one a line, or after commas, slashes, bars or blanks (a number before each may count them).
_LIST = re.compile(rf"(?<![A-Za-z0-9_-])(?:\d{{1,2}}[.)][ \t]*)?{_CODE}(?![\w-])(?:(?:[ \t]*[,;/|、，·•][ \t]*|[ \t]*\n[ \t\-*•]*|[ \t]+)"
                   rf"(?:\d{{1,2}}[.)][ \t]*)?{_CODE}(?![\w-])){{1,}}", re.I)
_CUE_BEFORE = 160
#: Three codes or more of eight to ten letters and no digit ("yienqhmu bfmxiaxt xwswajwn"): a list only when each
#: reads as random and is no common word, right after the cue (eight letters alone are words as often as codes).
_LETTERS = re.compile(r"(?<![\w-])[a-z]{8,10}(?![\w-])", re.I)
_LETTER_LIST = re.compile(r"(?<![\w-])[a-z]{8,10}(?:(?:[ \t]*[,;/|][ \t]*|[ \t]*\n[ \t\-*•]*|[ \t]+)[a-z]{8,10}){2,15}(?![\w-])",
                          re.I)
#: Two codes are a list when the cue stands this close before them ("backup codes for ProtonMail是…"),
#: or right after them behind an arrow or a dash ("55nt-2265 xvhz-rvut <- thats the recovery codes").
_CUE_NEAR = 40
_POINTER_AFTER = re.compile(r"[ \t]*(?:<-+|←|⬅|—|–|=|-(?=[ \t]))[ \t]*")
#: A turn that is only such codes (the turn before named them: "the 2fa backup codes, just in case" / "9711… 6943…").
_ONLY = re.compile(r"[\s\W]*$")


@functools.cache
def _cues() -> tuple[lexicon.Gate, re.Pattern[str]]:
    words = json.loads(resources.files("fact_memory_graph.assets").joinpath("backup_code_lists.json")
                       .read_text(encoding="utf-8"))["cues"]
    alt = prefilter.alternation(words)
    return lexicon.Gate(words), re.compile(rf"(?i)(?:{alt})")


#: One code of a short list, or typed alone: the shapes above, or eight random letters ("jhxfrrxf").
_ITEM = rf"(?:{_CODE}|[a-z]{{8}})"
#: Two codes or more close after their cue ("if I lose my phone use one of these: 5204-8983, 0894-6791",
#: "Wiederherstellungscodes carrrjer 5319-3151"): a pair is a list when its cue stands right before it.
_PAIR = re.compile(rf"(?<![\w-]){_ITEM}(?![\w-])(?:(?:[ \t]{{0,3}}[,;/|、，·•][ \t]{{0,3}}|[ \t]{{0,3}}\n[ \t\-*•]{{0,4}}|[ \t]{{1,3}}"
                   rf"|\s{{1,3}}(?:and|y|und|et|e|i|en|и)\s{{1,3}}){_ITEM}(?![\w-])){{1,11}}", re.I)
_PAIR_CUE = 60
#: A turn of one to three codes and nothing else ("jhxfrrxf", "and 7886-1575").
_CODE_TURN = re.compile(rf"\s*(?:(?:and|also|then|plus|y|und|et|e|i|en|и)\s+)?(?P<codes>{_ITEM}(?:[\s,;/]+{_ITEM}){{0,2}})\s*[.!]?\s*")
_ONE = re.compile(rf"(?<![\w-]){_ITEM}(?![\w-])")
_VOWELS = re.compile(r"[aeiou]")
_CONSONANTS = re.compile(r"[b-df-hj-np-tv-z]{4}|[b-df-hj-np-tv-xz]{3}")


def _random(code: str) -> bool:
    """A code, not a word: digits in it, or letters with two vowels at most ("jhxfrrxf", not "tomorrow"); two
    groups of four letters when neither is a common word and one could be no word ("zczj yahc", "ubuv cntj"; not
    "what when", "sana kazi")."""
    if any(ch.isdigit() for ch in code):
        return True
    low = code.lower()
    if " " in low:
        groups = low.split()
        words = _common_words()
        return not any(g in words for g in groups) and any(_no_word(g) for g in groups)
    vowels = len(_VOWELS.findall(low))  # "uiisyzyr": three vowels, but a run of consonants no word has
    return vowels <= 2 or vowels == 3 and _CONSONANTS.search(low) is not None


def _no_word(group: str) -> bool:
    """Four letters no word of a language written in Latin letters has: one vowel at most ("zczj", "yahc",
    "ptkw") or three consonants in a row ("cntj")."""
    return len(_VOWELS.findall(group)) <= 1 or _CONSONANTS.search(group) is not None


@functools.cache
def _common_words() -> frozenset[str]:
    from fact_memory_graph.secrets.recalled_values import _common_words as words

    return words()


def spans(text: str) -> list[Span]:
    """Each list of three backup codes or more after a word saying what they are kept against, and of
    two or more right after it."""
    gate, cue = _cues()
    if not gate.open(text):
        return []
    out = []
    for listed in _LIST.finditer(text):
        m = _random_tail(text, listed)  # "respaldo\n47p6mygm6v\n…": the cue's last word read as a code, left out
        if m is None:
            continue
        three = len(_CODES.findall(text, m[0], m[1])) >= 3
        near = max(0, m[0] - (_CUE_BEFORE if three else _CUE_NEAR))
        pointer = _POINTER_AFTER.match(text, m[1])
        if cue.search(text, near, m[0]) \
                or (pointer and cue.search(text, pointer.end(), min(len(text), pointer.end() + _CUE_NEAR))):
            out.append((m[0], m[1], "recovery code"))
    for m in _LETTER_LIST.finditer(text):  # "backup codes letters only GLQIEVRYFB, IUMFFHZKZW, QSIVRKLHIS"
        codes = _LETTERS.findall(m.group())
        if any(a <= m.start() < b for a, b, _k in out) or not all(_random(c) and c.lower() not in _common_words()
                                                                    for c in codes):
            continue
        if cue.search(text, max(0, m.start() - _CUE_NEAR), m.start()):
            out.append((m.start(), m.end(), "recovery code"))
    for m in _PAIR.finditer(text):
        codes = _ONE.findall(m.group())
        if any(a <= m.start() < b for a, b, _k in out) or not all(_random(c) for c in codes) \
                or not any(any(ch.isdigit() for ch in c) for c in codes):
            continue
        if cue.search(text, max(0, m.start() - _PAIR_CUE), m.start()):
            out.extend((c.start(), c.end(), "recovery code") for c in _ONE.finditer(text, m.start(), m.end()))
    return out


def _random_tail(text: str, listed: re.Match[str]) -> tuple[int, int] | None:
    """The list, or its codes after a first one that is a word (a cue's last word of eight letters: "codigos de
    respaldo" then the codes), when they read as random and are two or more; None otherwise."""
    if _random_list(listed.group()):
        return listed.start(), listed.end()
    codes = list(_CODES.finditer(text, listed.start(), listed.end()))
    if len(codes) >= 3 and not _random(codes[0].group()) and _random_list(text[codes[1].start():listed.end()]):
        return codes[1].start(), listed.end()
    return None


def _random_list(listed: str) -> bool:
    """A list whose every item reads as random ("ufkej7c1", "ksbcbptk", "6273-8454"), one with a digit at least:
    eight letters alone are a word as often as a code ("tomorrow, computer, keyboard")."""
    codes = _CODES.findall(listed)
    return all(_random(c) for c in codes) and any(any(ch.isdigit() for ch in c) for c in codes)


#: A code used, then the next one of the list ("I used hrgqmvnq already, the next one is 2gp7sqwv").
_USED_NEXT = re.compile(rf"(?i)(?<![^\W\d_])used[ \t]+(?P<a>{_CODE}|[a-z]{{8}})(?![\w-])[ \t]+already[ \t]*[,;.]?[ \t]*"
                        rf"(?:and[ \t]+|so[ \t]+)?the[ \t]+next(?:[ \t]+one)?[ \t]+(?:is|=|:)[ \t]+(?P<b>{_CODE}|[a-z]{{8}})(?![\w-])")


def used_next_spans(text: str) -> list[Span]:
    """A backup code used and the next one of its list, both withheld."""
    if "next" not in text.lower():
        return []
    out: list[Span] = []
    for m in _USED_NEXT.finditer(text):
        if _random(m.group("a")) and _random(m.group("b")):
            out.extend([(m.start("a"), m.end("a"), "recovery code"), (m.start("b"), m.end("b"), "recovery code")])
    return out


def _code_turn(turn: str) -> list[tuple[int, int]]:
    m = _CODE_TURN.fullmatch(turn) if len(turn) <= 60 else None
    if not m:
        return []
    codes = [(c.start(), c.end()) for c in _ONE.finditer(turn, m.start("codes"), m.end("codes"))]
    return codes if all(_random(turn[a:b]) for a, b in codes) else []


def thread_spans(text: str, turns: tuple[str, ...] | list[str]) -> list[Span]:
    """The codes typed one turn at a time after the turn that said what they are ("keep these for me,
    the instagram 2fa backups" / "jhxfrrxf" / "and 7886-1575"): the cue in the turn before, or two
    turns before when the turn between held only codes."""
    codes = _code_turn(text)
    if not codes or not turns:
        return []
    gate, cue = _cues()
    for back, turn in enumerate(reversed(turns[-2:])):
        if gate.open(turn) and cue.search(turn):
            return [(a, b, "recovery code") for a, b in codes]
        if back == 0 and not _code_turn(turn):
            return []
    return []


_CODES = re.compile(rf"(?<![\w-]){_CODE}(?![\w-])", re.I)


def list_turn_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """A turn of two codes or more and nothing else, after a turn saying what they are kept against
    ("the 2fa backup codes, just in case" / "97114091 69433097 74406838")."""
    if not turns or len(text) > 200:
        return []
    m = _LIST.search(text)
    if not m or text[:m.start()].strip() or not _ONLY.match(text, m.end()) or not _random_list(m.group()):
        return []
    gate, cue = _cues()
    prev = turns[-1]
    if len(prev) > 200 or not gate.open(prev) or not cue.search(prev) or _LIST.search(prev):
        return []
    return [(m.start(), m.end(), "recovery code")]


#: Three codes or more of four and four digits, two spaces or more between codes and one inside each: a
#: Google account's backup codes as its page prints them in columns and a copy joins them ("9111 3235  9791
#: 0135  5231 4548"). No phone, card or account number is written so (a card's groups are one space apart,
#: a phone's are not all four), so this shape alone names them, whatever the words around it ("ye rakh le").
_PRINTED = re.compile(r"(?<![\d\-/.,])\d{4} \d{4}(?: {2,}\d{4} \d{4}){2,}(?![\d\-/]|[.,]\d)")


def printed_spans(text: str) -> list[Span]:
    """Each run of three or more backup codes printed in Google's columns (see :data:`_PRINTED`)."""
    if "  " not in text:
        return []
    return [(m.start(), m.end(), "recovery code") for m in _PRINTED.finditer(text)
            if len(set(m.group().split())) > 3]  # "1111 1111  1111 1111  …": a filler, not codes
