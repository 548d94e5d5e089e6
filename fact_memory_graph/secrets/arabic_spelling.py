"""Arabic words typed without their hamza, read as the filter's Arabic words (round twenty-nine).

People type Arabic on phones and shared keyboards without the hamza's seat or the ta marbuta's dots:
"سؤال الامان" for "سؤال الأمان", "كلمه السر" for "كلمة السر", "اكواد الاسترجاع" for "أكواد الاسترجاع".
The readers' Arabic words (``assets/*.json``) are written in full, some also without a hamza, never
all their spellings. Here every Arabic phrase of the assets that holds a hamza's letter (أ إ آ ؤ ئ), a
ta marbuta (ة) or an alef maqsura (ى) is folded to its bare letters (ا ا ا و ي ه ي: one letter for one);
where a text holds such a folded phrase as whole words, :func:`restored` writes the phrase back as
the assets spell it, letter for letter, so a span found in the restored text is the same span in the
text. The filter reads a text so restored beside the text itself (``secrets._read_with_asides``): a
word the assets hold only bare keeps its reading.

Cost: a text with no Arabic letter is answered by one ``str.isascii``/regex test; one automaton pass
over the folded text otherwise.
"""

from __future__ import annotations

import functools
import json
import re

import ahocorasick_rs

from fact_memory_graph.secrets import lexicon

#: The letters folded, each to its bare letter (one for one: offsets are kept).
_FOLD = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ؤ": "و", "ئ": "ي", "ة": "ه", "ى": "ي"})
_ARABIC_LETTER = re.compile(r"[\u0621-\u064A]")
_PHRASE = re.compile(r"[\u0621-\u064A]+(?: [\u0621-\u064A]+)*")
#: One-letter words written joined to the next ("and", "with", "for", "so", "as").
_PROCLITICS = frozenset("وبلفك")
#: Asset files of no word lists (models, tokenizers).
_SKIP = ("tokenizer", "_model")


def _strings(value: object, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    elif isinstance(value, dict):
        for k, v in value.items():
            if not str(k).startswith("_"):
                _strings(k, out)
                _strings(v, out)


@functools.cache
def _phrases() -> tuple[ahocorasick_rs.AhoCorasick | None, tuple[str, ...]]:
    """An automaton of the folded phrases and, by its index, each phrase as the assets spell it."""
    strings: list[str] = []
    for path in sorted(lexicon._ASSETS.glob("*.json")):
        if any(s in path.name for s in _SKIP):
            continue
        _strings(json.loads(path.read_text(encoding="utf-8")), strings)
    spelled: dict[str, str] = {}
    for s in strings:
        for m in _PHRASE.finditer(s):
            phrase = m.group()
            bare = phrase.translate(_FOLD)
            if bare != phrase and len(bare) >= 3:
                spelled.setdefault(bare, phrase)
    if not spelled:
        return None, ()
    bares = sorted(spelled)
    return ahocorasick_rs.AhoCorasick(bares), tuple(spelled[b] for b in bares)


def restored(text: str) -> str:
    """``text`` with each Arabic phrase of the assets it holds without a hamza (or with a bare ta
    marbuta) spelled as the assets spell it; ``text`` itself when there is none (same length)."""
    if text.isascii() or not _ARABIC_LETTER.search(text):
        return text
    automaton, spelled = _phrases()
    if automaton is None:
        return text
    bare = text.translate(_FOLD)
    found = []
    for index, start, end in automaton.find_matches_as_indexes(bare, overlapping=True):
        if _ARABIC_LETTER.match(bare, end) or start and _ARABIC_LETTER.match(bare, start - 1) and not (
                bare[start - 1] in _PROCLITICS and (start < 2 or not _ARABIC_LETTER.match(bare, start - 2))):
            continue  # inside a longer word ("و", "ب", "ل", "ف", "ك" joined before it start one)
        if text[start:end] != spelled[index]:
            found.append((start, end, index))
    if not found:
        return text
    chars = list(text)
    taken = [False] * len(text)
    for start, end, index in sorted(found, key=lambda f: (f[0] - f[1], f[0])):  # longest first
        if any(taken[start:end]):
            continue
        chars[start:end] = spelled[index]
        taken[start:end] = [True] * (end - start)
    return "".join(chars)
