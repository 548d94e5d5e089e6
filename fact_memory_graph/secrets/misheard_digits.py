"""Digits read out in words as speech-to-text writes them down (round thirty): now and then a digit comes
out as another word that sounds like it — "three eight for three", "oh three for one ate", "five five for
four six … won one seven", "seis meia dois três" (Brazil's "meia", half a dozen, for six), "double four
seven two". The filter's view reads number words as digits only when every word is one; here such a
run becomes its digits too, so that every reader after the view sees "3843", "03418".

A run (words of one language, apart only by spaces, commas, dots, dashes or a dictation's pauses) counts
when it holds at least three true digit words (two with a multiplier), at most as many heard words as true ones, a true digit
first, and four digits or more. A heard word that is also a preposition ("for", "to", "cette": the
``inner`` list) counts only between two digits' words: "three eight for three for the card" ends at the
second "three". Words as data (``assets/misheard_digits.json``); the whole reader runs only when a heard
word stands right after a digit's word or a multiplier right before one (one regex, false on ordinary chat).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]
_MIN_TRUE = 3
_MIN_DIGITS = 4
#: Between two words of one run: spaces, commas, dashes, a dictation's pauses ("four... eight").
_GAP = re.compile(r"[\s,\-–—·.…]*")


@functools.cache
def _tables() -> tuple[dict[str, dict[str, tuple[str, str]]], frozenset[str]]:
    """Per word (folded), per language: (what it is: true, heard or times; its digit or its count)."""
    data = lexicon.asset_lists("misheard_digits")
    table: dict[str, dict[str, tuple[str, str]]] = {}
    for lang, digits in data["digits"].items():  # type: ignore[union-attr]
        for digit, words in enumerate(digits):
            for word in words.split():
                table.setdefault(lexicon.fold(word), {})[lang] = ("true", str(digit))
    for key, kind in (("heard", "heard"), ("multipliers", "times")):
        for lang, pairs in data[key].items():  # type: ignore[union-attr]
            for pair in pairs:
                word, value = pair.split("=")
                table.setdefault(lexicon.fold(word), {}).setdefault(lang, (kind, value))
    return table, frozenset(lexicon.fold(w) for w in data["inner"])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    table, _ = _tables()
    true = {w for w, langs in table.items() if any(k == "true" for k, _ in langs.values())}
    heard = {w for w, langs in table.items() if any(k == "heard" for k, _ in langs.values())}
    times = {w for w, langs in table.items() if any(k == "times" for k, _ in langs.values())}
    word = re.compile(rf"(?i){prefilter.whole_words(table)}")
    gap = r"[\s,\-–—·.…]{1,6}"
    gate = re.compile(rf"(?i)(?:{prefilter.whole_words(true)}){gap}(?:{prefilter.whole_words(heard)})"
                      rf"|(?:{prefilter.whole_words(times)}){gap}(?:{prefilter.whole_words(true)})")
    return word, gate


def runs(text: str) -> list[Span]:
    """``(start, end, digits)`` of each run of digits' words with a misheard word or a multiplier in it."""
    word, gate = _patterns()
    if len(text) > 4000 or not gate.search(text):
        return []
    out: list[Span] = []
    group: list[re.Match[str]] = []
    for m in word.finditer(text):
        if group and _GAP.fullmatch(text, group[-1].end(), m.start()) is None:
            out.extend(_read(group))
            group = []
        group.append(m)
    out.extend(_read(group))
    return out


def _read(group: list[re.Match[str]]) -> Iterator[Span]:
    """The runs of ``group`` (words in a row) that read as digits in one language."""
    if len(group) < _MIN_TRUE + 1:
        return
    table, inner = _tables()
    words = [lexicon.fold(m.group()) for m in group]
    taken = -1
    for lang in ("en", "fr", "es", "pt", "it", "de"):
        i = 0
        while i < len(group):
            j = i
            while j < len(group) and lang in table[words[j]]:
                j += 1
            if j - i > _MIN_TRUE and i > taken:
                span = _digits(group[i:j], words[i:j], lang, table, inner)
                if span is not None:
                    taken = j - 1
                    yield span
            i = max(j, i + 1)


def _digits(group: list[re.Match[str]], words: list[str], lang: str,
            table: dict[str, dict[str, tuple[str, str]]], inner: frozenset[str]) -> Span | None:
    kinds = [table[w][lang] for w in words]
    a, b = 0, len(kinds)
    while a < b and kinds[a][0] == "heard":  # a run opens with a digit ("for three eight …" is "for")
        a += 1
    while a < b and (kinds[b - 1][0] == "times" or kinds[b - 1][0] == "heard" and words[b - 1] in inner):
        b -= 1  # "… for three for the card": a preposition after the run
    true = sum(k == "true" for k, _ in kinds[a:b])
    heard = sum(k == "heard" for k, _ in kinds[a:b])
    times = sum(k == "times" for k, _ in kinds[a:b])
    if true < _MIN_TRUE - (times > 0) or not heard + times or heard > true:  # "triple seven two" is 7772
        return None
    digits: list[str] = []
    repeat = 1
    for k, value in kinds[a:b]:
        if k == "times":
            repeat = int(value)
            continue
        digits.append(value * repeat)
        repeat = 1
    out = "".join(digits)
    if len(out) < _MIN_DIGITS:
        return None
    return group[a].start(), group[b - 1].end(), out
