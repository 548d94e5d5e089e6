"""A seed phrase of a list we do not ship (Monero's 25 or 13 words, Electrum's,
a wallet's own), by its shape rather than by its words.

- Monero's checksum, which needs no word list: the last word repeats the word at
  ``crc32(the first three or four letters of each other word) mod n`` (n = 24 or 12). Any
  language of its lists with a prefix of three or four letters.
- After a seed's name ("seed", "mnemonic", "frase semilla", assets ``seed``): twelve bare words or
  more in a row, each of three letters or more, almost all different and none a function word of
  prose ("the", "and", "with"): a wallet's words, whatever list they come from.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator

from fact_memory_graph.secrets import forms

Span = tuple[int, int, str]

_WORD = re.compile(r"[^\W\d_]{3,14}")
#: What joins two words of a phrase: spaces, or a comma, a dash, a slash with spaces.
_GAP = re.compile(r"\s*[,;/\-–·]?\s+|\s*,\s*")
#: Function words of prose in the languages of the corpora: a run holding one is a sentence.
_PROSE = frozenset(
    ["the", "and", "you", "for", "that", "with", "this", "was", "are", "have", "not", "but", "from", "they", "will", "what", "your", "can", "all", "there", "when", "which", "about", "has", "had", "were", "been", "our", "their", "them", "then", "than", "its", "his", "her", "she", "him", "who", "how", "why", "into", "out", "just", "like", "more", "some", "also", "only", "very", "much", "would", "could", "should", "does", "did", "get", "got", "here", "where", "after", "before", "over", "again", "los", "las", "una", "que", "por", "para", "con", "del", "pero", "como", "más", "este", "esta", "son", "fue", "muy", "sus", "les", "des", "une", "est", "pas", "avec", "pour", "dans", "sur", "qui", "que", "mais", "comme", "der", "die", "das", "und", "ist", "mit", "den", "dem", "ein", "eine", "nicht", "auf", "für", "von", "sich", "auch", "wie", "uma", "não", "com", "por", "para", "mais", "como", "são", "foi", "seu", "sua", "che", "non", "per", "con", "una", "del", "della", "sono", "anche", "come", "più", "het", "een", "van", "dat", "niet", "met", "voor", "ook", "zijn", "maar", "als", "что", "это", "как", "для", "так", "его", "она", "они"])


def _words(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """Runs of bare words (letters only) joined by a phrase's gaps."""
    return [(m.start(), m.end(), m.group().lower()) for m in _WORD.finditer(text, start, end)]


def _runs(text: str, start: int = 0, end: int | None = None) -> Iterator[list[tuple[int, int, str]]]:
    end = len(text) if end is None else end
    run: list[tuple[int, int, str]] = []
    for tok in _words(text, start, end):
        if run and _GAP.fullmatch(text[run[-1][1]:tok[0]]) and tok[2] not in _PROSE:
            run.append(tok)
            continue
        if len(run) >= 12:
            yield run
        run = [tok] if tok[2] not in _PROSE else []
    if len(run) >= 12:
        yield run


def _monero(words: list[str]) -> bool:
    n = len(words) - 1
    for prefix in (3, 4):
        crc = zlib.crc32("".join(w[:prefix] for w in words[:n]).encode("utf-8"))
        if words[n] == words[crc % n]:
            return True
    return False


def monero_spans(text: str) -> Iterator[Span]:
    """25 (or 13) bare words whose last one is Monero's checksum word."""
    for run in _runs(text):
        for size in (25, 13):
            for i in range(len(run) - size + 1):
                window = run[i:i + size]
                words = [w for _, _, w in window]
                if len(set(words)) >= size - 3 and _monero(words):
                    yield window[0][0], window[-1][1], "seed phrase"
                    break
            else:
                continue
            break


def named_spans(text: str) -> Iterator[Span]:
    """Twelve bare words or more right after a seed's name (see the module's note)."""
    names = [n for n in forms.names_in(text) if n.kind == "seed"]
    for name in names:
        for run in _runs(text, name.end(), min(len(text), name.end() + 400)):
            lead = text[name.end():run[0][0]]
            words = [w for _, _, w in run]
            if len(lead) <= 40 and not re.search(r"[.!?\n]\s", lead) and len(set(words)) * 10 >= len(words) * 9:
                yield run[0][0], run[-1][1], "seed phrase"
            break
