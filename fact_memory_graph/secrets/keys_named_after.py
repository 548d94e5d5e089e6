"""A wallet's private key written first and named after it: "0x9f… c'est la clé privée du compte",
"0x03a2… là khóa riêng của ví", "5Kb8kLf9… <- thats the btc private key".

The key's own shapes (64 hex digits with or without "0x", a WIF key of 51-52 base58 characters, a
Solana keypair's 86-88) say it is a key or a hash; its name after it, within a few words of the same
sentence, says which. A word saying it is something else between them (an address, a public key, a
transaction) keeps it. Names by language are data (``assets/private_key_names.json``); the reader runs
only on a text that holds one of them (one pass of the lexicon's automaton).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_KEY = re.compile(r"(?<![\w/+=])(?:0x)?[0-9a-fA-F]{64}(?![\w/+=])|(?<![\w/+=])[5KL][1-9A-HJ-NP-Za-km-z]{50,51}(?![\w/+=])"
                  r"|(?<![\w/+=])[1-9A-HJ-NP-Za-km-z]{86,88}(?![\w/+=])")
#: Between the key and its name: a few words, no sentence's end.
_REACH = 60
_MAX_WORDS = 6
_SENTENCE_END = re.compile(r"[.!?\n]\s")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("private_key_names.json")
                      .read_text(encoding="utf-8"))


def _names_list() -> list[str]:
    return [w for words in _data()["names"].values() for w in words]


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_names_list())


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (re.compile("(?i)" + prefilter.whole_words(_names_list())),
            re.compile("(?i)" + prefilter.whole_words(_data()["not_between"])))


def spans(text: str) -> list[Span]:
    """Private keys in ``text`` named after they are written."""
    if len(text) < 51 or len(text) > 4000 or not _gate().open(text):
        return []
    names, other = _patterns()
    found = [n for n in names.finditer(text)]
    if not found:
        return []
    out: list[Span] = []
    for key in _KEY.finditer(text):
        for n in found:
            if n.start() < key.end() or n.start() - key.end() > _REACH:
                continue
            between = text[key.end():n.start()]
            if _SENTENCE_END.search(between) or len(between.split()) > _MAX_WORDS or other.search(between):
                continue
            out.append((key.start(), key.end(), "private key"))
            break
    return out
