"""A secret word confirmed by its own letters, or named by the letters a bank asks of it.

A bank asks for some letters of a memorable word, and people repeat both: "i gave him characters 4
and 8, which are p and i — out of Peppermint", "chars 5, 8 of the word (o, c). whole thing's
harmonica". The positions and the letters given are a checksum: a word of the text whose letters at
those positions are the letters given is the word they were taken from, whatever stands around it
(two positions at least). A word spelt out right after itself ("mem word pebbles (P E B B L E S)")
or after a verb of spelling ("the word is spelt K-E-S-T-R-E-L") is a secret word where the text names
one (a password, a memorable word): the spelling is withheld with the word. And the word the letters
are taken from, named by that ("3 random letters from castanets every time", "letters from my
passcode word (marigold)", "X is the word they ask bits of", "… letters 1 and 7 of my memorable
word, the word's X", "मेमोरेबल वर्ड के अक्षर …, वर्ड X है").

Kept: a name spelt out with no secret's word ("my name is Siobhan (S I O B H A N)"), letters of a
word game ("the 2nd letter of banana is a" has one position), "letters from my bank" (no value after
"from" that ends its clause), "the word they ask for is locked" (talk, read elsewhere).

Words as data in ``assets/letter_checks.json``; read only when the text holds a letters' word or a
run of single letters.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_KIND = "password"
_SPELT_RUN = re.compile(r"(?<![\w\-])[^\W\d_](?:[ \-.,][ ]?[^\W\d_]){3,40}(?![\w\-])")
_TOKEN = re.compile(r"[^\W\d_][^\W_]*(?:['’\-][^\W_]+)*")
_POSITIONS = re.compile(r"(?i)\s*(?:no\.?\s*|nos\.?\s*|#|number\s+|numbers\s+)?(?P<pos>\d{1,2}(?:(?:\s*[,/&+]\s*|\s+)(?:(?:and|und|et|y|e|i|og|och|ja|és|и|और|আর|&)\s+)?\d{1,2}){1,5})(?!\d)")
_SP = r"[^\S\n\u2029]+"  # a space within one turn (a turn's join is a paragraph mark)
_VALUE = r"(?P<v>[^\W\d_][^\s,;:.!?()\[\]\"“”«»…]{2,39})"
_CLAUSE_END = r"(?=\s*(?:$|[.,;!?…\n\u2029)—–]|\s-\s|\s(?:{ends})(?![^\W\d_])))"


@functools.cache
def _data() -> dict[str, Any]:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("letter_checks.json")
                      .read_text(encoding="utf-8"))


@functools.cache
def _patterns() -> dict[str, Any]:
    d = _data()
    letters = prefilter.whole_words(d["letters"])
    ends = prefilter.alternation(d["ends"] + ["and", "but", "so", "they", "the bank"])
    end = _CLAUSE_END.format(ends=ends)
    return {
        "letters": re.compile(f"(?i){letters}"),
        "positions_after": re.compile(f"(?i)(?:{letters}){_POSITIONS.pattern[4:]}"),
        "are": re.compile(rf"(?i)(?:^|\s|\()(?:{prefilter.alternation(d['are'])})(?:\s+(?:the\s+)?(?:letters?|characters?|chars?))?\s*"),
        "secret": re.compile("(?i)" + prefilter.whole_words(d["secret_words"])),
        "spelt": re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.alternation(d['spelt'])})(?:\s+(?:out|as|like))?\s*:?\s*"),
        # "3 random letters from castanets every time", "letters 2 and 5 out of lighthouse"
        "from": re.compile(rf"(?i)(?:{letters})(?:{_POSITIONS.pattern[4:]})?{_SP}(?:{prefilter.alternation(d['from'])}){_SP}{_VALUE}{end}"),
        # "letters from my passcode word (marigold)"
        "paren": re.compile(rf"(?i)(?:{letters}){_SP}(?:{prefilter.alternation(d['from'])}){_SP}(?:[^\W\d_]+{_SP}){{0,4}}?\(\s*{_VALUE}[^\S\n\u2029]*\)"),
        # "Zanzibar is the word they ask bits of", "X is the word the bank wants letters from"
        "first": re.compile(rf"(?i)(?<![^\W\d_]){_VALUE}{_SP}(?:is|was|=|are){_SP}(?:the|my){_SP}(?:memorable{_SP})?word{_SP}(?:[^\W\d_]+{_SP}){{0,3}}?"
                            rf"(?:{prefilter.alternation(d['asks'])})(?![^\W\d_])"),
        # "…, the word's Caterpillar", "वर्ड schmetterling है", "ওয়ার্ড হলো thunder"
        "word": re.compile(rf"(?i)(?<![^\W\d_])(?:the{_SP}word|word|whole{_SP}thing|वर्ड|ওয়ার্ড)(?:['’]s|{_SP}is|{_SP}was|\s*:|{_SP}হলো|{_SP}है)?{_SP}{_VALUE}"
                           rf"(?=\s*(?:$|[.,;!?…\n\u2029)—–]|\s-\s|\s(?:{ends}|है|হলো)(?![^\W\d_])))"),
        "asks": re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.alternation(d['asks'])})(?![^\W\d_])"),
        "not": {w.casefold() for w in d["not"]} | {w.casefold() for w in d["letters"]},
    }


def _letter_run(text: str, at: int, count: int) -> tuple[int, int, list[str]] | None:
    """``count`` single letters given right after ``at`` (after "which are", "=", "(")."""
    p = _patterns()
    window = text[at:at + 60]
    for m in p["are"].finditer(window):
        run = re.match(r"([^\W\d_])((?:(?:\s*[,/&]\s*|\s+(?:and|und|et|y|e|i|og|och|&)\s+|\s+)[^\W\d_](?![^\W\d_]))*)",
                       window[m.end():])
        if not run:
            continue
        letters = re.findall(r"(?<![^\W\d_])[^\W\d_](?![^\W\d_])", run.group(0))
        # "and" and "i" are words as well as letters: the run's last `count` single letters
        if len(letters) >= count:
            return at + m.end(), at + m.end() + run.end(), letters[-count:] if len(letters) > count else letters
    return None


def _checked_words(text: str) -> list[Span]:
    """Words whose letters at the positions asked are the letters given."""
    p = _patterns()
    out: list[Span] = []
    for m in p["positions_after"].finditer(text):
        positions = [int(n) for n in re.findall(r"\d{1,2}", m.group("pos"))]
        if len(positions) < 2 or min(positions) < 1:
            continue
        given = _letter_run(text, m.end(), len(positions))
        if given is None:
            continue
        lo, hi, letters = given
        want = [c.casefold() for c in letters]
        for w in _TOKEN.finditer(text):
            if m.start() <= w.start() < hi or len(w.group()) < max(positions) or len(w.group()) < 4:
                continue
            word = w.group().casefold()
            if word in p["not"]:
                continue
            if all(word[i - 1] == c for i, c in zip(positions, want, strict=True)):
                out.append((w.start(), w.end(), _KIND))
    return out


def _spelt_words(text: str) -> list[Span]:
    """A word followed by its own spelling, or a spelling after a verb of spelling, where a secret word is named."""
    p = _patterns()
    out: list[Span] = []
    if not p["secret"].search(text):
        return out
    for run in _SPELT_RUN.finditer(text):
        letters = re.findall(r"[^\W\d_]", run.group())
        spelt = "".join(letters).casefold()
        if len(letters) < 4 or len(set(spelt)) < 2:
            continue
        before = text[max(0, run.start() - 60):run.start()]
        word = re.search(r"([^\W\d_]+)\s*[(:—–\-=]?\s*$", before)
        if word and word.group(1).casefold() == spelt:
            start = run.start() - len(before) + word.start(1)
            out += [(start, start + len(word.group(1)), _KIND), (run.start(), run.end(), _KIND)]
        elif p["spelt"].search(before) and re.search(rf"(?:{p['spelt'].pattern[4:]})$", before):
            out.append((run.start(), run.end(), _KIND))
    return out


def _named_by_letters(text: str) -> list[Span]:
    """The word the letters asked are taken from, named by that."""
    p = _patterns()
    out: list[Span] = []
    asks = p["asks"].search(text) is not None
    for key in ("from", "paren"):
        for m in p[key].finditer(text):
            v = m.group("v")
            if v.casefold() in p["not"] or key == "from" and not (asks or re.search(r"\d|random", text[:m.start("v")], re.I)):
                continue
            out.append((m.start("v"), m.end("v"), _KIND))
    if asks:
        for m in p["first"].finditer(text):
            if m.group("v").casefold() not in p["not"]:
                out.append((m.start("v"), m.end("v"), _KIND))
        for m in p["word"].finditer(text):
            v = m.group("v")
            # the word named after the letters asked of it, or the letters after it ("वर्ड X है — 7 और 13 अक्षर")
            if v.casefold() not in p["not"] and not p["asks"].fullmatch(v) and p["letters"].search(text):
                out.append((m.start("v"), m.end("v"), _KIND))
    return out


def mentioned(text: str) -> bool:
    """The cheap test: a letters' word, or a run of single letters."""
    return _patterns()["letters"].search(text) is not None or _SPELT_RUN.search(text) is not None


def spans(text: str) -> list[Span]:
    """Secret words confirmed by their letters or named by the letters asked of them."""
    if not mentioned(text):
        return []
    out = [*_checked_words(text), *_spelt_words(text)]
    if _patterns()["letters"].search(text):
        out += _named_by_letters(text)
    return list(dict.fromkeys(out))
