"""One pass over a text for every word gate of the filter (cost only, no behaviour).

Many readers run only when a text holds one of their words ("gift card", "caps", "Teil 1", a
login's label ...). Each used to test its own word list with a regex (a prefix tree at best): tens
of passes over every message. Here every gate's words go into one Aho-Corasick automaton
(``ahocorasick-rs``), read once per text; a gate then is a set lookup.

A gate is a pre-check in front of the reader's own pattern, never a replacement: ``open`` is true
whenever the pattern can match (a superset), and the caller still runs its pattern when it is. So:

- each word is reduced to its longest part between separators (a pattern may write a space as
  ``\\s+`` or ``[\\s\\-_]?``, an apostrophe as ``['’]``): a match of the word contains that part;
- words and text are folded as ``re``'s IGNORECASE compares characters: ``str.lower`` (``re`` lowers
  "İ" to "i", Python to "i̇"), then each set of characters ``re`` treats as one case ("s", "ſ";
  "в", "ᲀ"; ``re._casefix``) to one of them;
- a gate with a word that folds to nothing is always open.
"""

from __future__ import annotations

import functools
import json
import re
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

import ahocorasick_rs

T = TypeVar("T")
_ASSETS = Path(__file__).resolve().parent.parent / "assets"
_SEPARATORS = re.compile(r"[\s'’\-_]+")


@functools.cache
def _same_case() -> dict[int, int]:
    """Each character ``re`` reads as the same letter as another (``re._casefix``) to the smallest of them."""
    try:  # CPython 3.11+: the characters ``str.lower`` keeps apart
        from re._casefix import _EXTRA_CASES
    except ImportError:  # pragma: no cover - another interpreter: every character its own case
        return {}
    table: dict[int, int] = {}
    for char, others in _EXTRA_CASES.items():
        group = (char, *others)
        for c in group:
            table[c] = min(min(group), table.get(c, c))
    return table


def fold(text: str) -> str:
    """``text`` as :mod:`re` compares it ignoring case, one character for one."""
    low = text.lower() if "İ" not in text else text.replace("İ", "i").lower()
    return low if low.isascii() else low.translate(_same_case())


@functools.cache
def asset_lists(name: str) -> dict[str, list[str]]:
    """The word lists of ``assets/<name>.json`` by key, its notes (keys starting with "_") left out."""
    data = json.loads((_ASSETS / f"{name}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if not k.startswith("_")}


class Gate:
    """Whether a text may hold one of ``words`` (see the module's note)."""

    __slots__ = ("id", "always")

    def __init__(self, words: Iterable[str]) -> None:
        needles = set()
        self.always = False
        for word in words:
            longest = max(_SEPARATORS.split(fold(word)), key=len)
            if not longest:
                self.always = True
                break
            needles.add(longest)
        with _LOCK:
            self.id = len(_NEEDLES)
            _NEEDLES.append(frozenset(needles))

    def open(self, text: str) -> bool:
        """True when ``text`` may hold one of the words (false: it holds none)."""
        return self.always or self.id in _present(text, len(_NEEDLES))


_NEEDLES: list[frozenset[str]] = []
_LOCK = threading.Lock()


class _Segment:
    """One automaton over the needles of the gates ``start`` to ``end`` (exclusive)."""

    __slots__ = ("start", "end", "size", "automaton", "owners")

    def __init__(self, start: int, end: int) -> None:
        owners: dict[str, list[int]] = {}
        for gate in range(start, end):
            for needle in _NEEDLES[gate]:
                owners.setdefault(needle, []).append(gate)
        words = sorted(owners)
        self.start, self.end, self.size = start, end, len(words)
        self.automaton = ahocorasick_rs.AhoCorasick(words)
        self.owners = tuple(tuple(owners[w]) for w in words)


#: Gates are made lazily, with their readers' words, one at a time in a cold process (about 50 in
#: its first messages). Rebuilding one automaton for each (8 ms apiece) cost a short-lived process
#: (the demo, a CLI command) ~0.4 s; so a new gate gets a small automaton of its own, merged with the
#: one before it while that one is at most twice its size (O(n log n) building, a few passes per
#: text while gates are being made), and everything is merged into one automaton once a process
#: stops making gates (:data:`_QUIET_READS` reads later, or :func:`compact`).
_SEGMENTS: tuple[_Segment, ...] = ()
_QUIET_READS = 256
_quiet = 0


def _merged(segments: list[_Segment]) -> list[_Segment]:
    while len(segments) > 1 and segments[-2].size <= 2 * segments[-1].size:
        last = segments.pop()
        segments[-1] = _Segment(segments[-1].start, last.end)
    return segments


def _segments(gates: int) -> tuple[_Segment, ...]:
    """Automata covering at least the first ``gates`` gates."""
    global _SEGMENTS, _quiet
    segments = _SEGMENTS
    if segments and segments[-1].end >= gates:
        _quiet += 1  # a race here only delays the merge
        if _quiet < _QUIET_READS or len(segments) == 1:
            return segments
    with _LOCK:
        segments, built = list(_SEGMENTS), _SEGMENTS[-1].end if _SEGMENTS else 0
        if built < len(_NEEDLES):
            segments = _merged([*segments, _Segment(built, len(_NEEDLES))])
            _quiet = 0
        elif len(segments) > 1 and _quiet >= _QUIET_READS:
            segments = [_Segment(0, built)]
        _SEGMENTS = tuple(segments)
        return _SEGMENTS


def compact() -> None:
    """Merge the automata into one now (after a warm-up has made every gate): one pass per text."""
    global _quiet
    _quiet = _QUIET_READS
    _segments(len(_NEEDLES))


@functools.lru_cache(maxsize=256)
def _present(text: str, gates: int) -> frozenset[int]:
    """The gates (of at least the first ``gates``) with a word in ``text``: one pass per automaton
    (a text's readers share it); a text read before a gate existed is read again for it (``gates``
    is part of the key), never answered from an older automaton."""
    folded = fold(text)
    found: set[int] = set()
    for segment in _segments(gates):
        hits = {n for n, _, _ in segment.automaton.find_matches_as_indexes(folded, overlapping=True)}
        found.update(g for n in hits for g in segment.owners[n])
    return frozenset(found)


_PER_TEXT: list = []


def per_text(read: Callable[[str], T]) -> Callable[[str], T]:
    """``read`` (a reading of a whole text several readers make: its folded words, ...) done once
    per text and shared, cached as the lexicon's pass is and cleared with it (cost only)."""
    cached = functools.lru_cache(maxsize=256)(read)
    _PER_TEXT.append(cached)
    return cached


class _TextCaches:
    """The lexicon's pass and the :func:`per_text` readings: what a benchmark clears (``cache_clear``)
    to time a text seen for the first time."""

    __call__ = staticmethod(_present)

    @staticmethod
    def cache_clear() -> None:
        _present.cache_clear()
        for cache in _PER_TEXT:
            cache.cache_clear()


present = _TextCaches()
