"""A cheap exact pre-check for the filter's long word alternations (cost only, no behaviour).

``re`` tries every alternative of ``(?i)(?:w1|w2|...)`` at every position: with hundreds of
words that is most of a message's cost, though almost every message has none of them. The same
words as a prefix tree (``(?i)(?:a(?:b|c)|d...)``) match exactly the same strings, so
``search`` finds a match in a text if and only if the flat alternation does, at a fraction of
the cost; a caller runs its own pattern only when the tree finds something.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from fact_memory_graph.secrets import lexicon


def _tree(words: Iterable[list[str]], chunk: int = 0) -> str:
    """The prefix tree's source; ``chunk``: the root's branches in groups of that many, each behind
    a set of its first letters (every atom of the root one escaped character), so that a position
    tries a few sets and one group, not every branch."""
    root: dict = {}
    for atoms in words:
        node = root
        for atom in atoms:
            node = node.setdefault(atom, {})
        node[""] = {}

    def source(node: dict) -> str:
        parts = [atom + source(child) for atom, child in node.items() if atom]
        if "" in node:
            parts.append("")
        return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"

    if chunk and root and "" not in root:
        atoms = sorted(root)
        groups = [atoms[i:i + chunk] for i in range(0, len(atoms), chunk)]
        return "(?:" + "|".join(f"(?=[{''.join(g)}])" + source({a: root[a] for a in g}) for g in groups) + ")"
    return source(root) if root else "(?!)"


def word_tree(words: Iterable[str], atom: Callable[[str], str], head: str = "", tail: str = "",
              flags: str = "(?i)") -> re.Pattern[str] | None:
    """``flags + head + (?:w1|w2|...) + tail``, each word written char by char with ``atom``, as a
    prefix tree. None (no pre-check) when there is no word (an empty alternation matches anywhere)
    or a word has a backslash (its escaping is not char by char)."""
    words = list(words)
    if not words or any("\\" in w for w in words):
        return None
    # a set of first letters before the tree: one test per position where no word starts (same matches)
    firsts = {atom(w[0]) for w in words if w}
    simple = all(w and atom(w[0]) == re.escape(w[0]) for w in words)
    first = f"(?=[{''.join(sorted(firsts))}])" if simple else ""
    tree = re.compile(f"{flags}{head}{first}{_tree(([atom(ch) for ch in w] for w in words), 6 if simple else 0)}{tail}")
    if all(ch in _SEPARATORS or atom(ch) == re.escape(ch) and ch != "\u0307" for w in words for ch in w):
        # every match holds each word's parts between separators as they are written (or in
        # another case): the lexicon's one pass says when none can be there (cost only; a combining
        # dot is left out: "İ" lowered by str.lower keeps it, folded by the lexicon it does not)
        return _LexiconGated(tree, words)  # type: ignore[return-value]
    return tree


#: What :mod:`~fact_memory_graph.secrets.lexicon` splits a word at (its parts are read apart).
_SEPARATORS = frozenset(" \t\n'’-_")


class _LexiconGated:
    """A word tree read only when the lexicon's pass finds one of its words' parts in the text:
    the same results as the tree (a text without any part has no match), most texts read by a
    set lookup. The gate is made when the tree first reads a text (a tree only written into a
    larger pattern, ``.pattern``, adds no words to the lexicon)."""

    __slots__ = ("tree", "words", "_gate", "pattern", "flags", "groups")

    def __init__(self, tree: re.Pattern[str], words: list[str]) -> None:
        self.tree, self.words, self._gate = tree, words, None
        self.pattern, self.flags, self.groups = tree.pattern, tree.flags, tree.groups

    def gate(self, text: str) -> bool:
        if self._gate is None:
            self._gate = lexicon.Gate(self.words)
        return self._gate.open(text)

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.tree.search(text, pos, endpos) if self.gate(text) else None

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.tree.finditer(text, pos, endpos) if self.gate(text) else iter(())

    def findall(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> list:
        return self.tree.findall(text, pos, endpos) if self.gate(text) else []

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.tree.match(text, pos, endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.tree.fullmatch(text, pos, endpos)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.tree, name)


def spaced_atom(ch: str) -> str:
    """``re.escape(w).replace(r"\\ ", r"\\s+").replace("'", "['’]")``, one char at a time."""
    return r"\s+" if ch == " " else "['’]" if ch == "'" else re.escape(ch)


#: Scripts written without spaces between words (Thai, Lao, Burmese, Khmer, kana, Han, Hangul): no word edge is needed there.
UNSPACED_SCRIPTS = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
WORD_HEAD = rf"(?:(?<![^\W\d_])|(?=[{UNSPACED_SCRIPTS}]))"
WORD_TAIL = rf"(?:(?![^\W\d_])|(?<=[{UNSPACED_SCRIPTS}]))"


def alternation(words: Iterable[str], *, any_apostrophe: bool = False) -> str:
    """The words as one plain alternation, longest first, a space matching any run of spaces (a
    pattern's source to embed; no word edges, no prefix tree); with ``any_apostrophe`` a word's
    straight apostrophe also matches a typographic one ("don't" as phones type "don’t")."""
    ordered = sorted(set(words), key=len, reverse=True)
    spaced = (re.escape(w).replace(r"\ ", r"\s+") for w in ordered)
    return "|".join(w.replace("'", "['’]") for w in spaced) if any_apostrophe else "|".join(spaced)


def whole_words(words: Iterable[str]) -> str:
    """The words as one prefix tree's pattern source (the same matches as their alternation, found
    faster), each a whole word — no edge needed in a script written without spaces."""
    tree = word_tree(set(words), spaced_atom, head=WORD_HEAD, tail=WORD_TAIL, flags="")
    return tree.pattern if tree is not None else "(?!)"


class GatedPattern:
    """A word alternation that reads a text only when its words can be there: ``gate`` (one of the
    lexicon's, a set lookup) first, then its prefix tree; ``search``, ``finditer`` and ``findall`` give
    exactly the pattern's own results (the tree finds a word if and only if the alternation does, the
    gate is open whenever the tree can match), at a fraction of the cost on the many texts with none."""

    __slots__ = ("full", "quick", "gate", "pattern", "flags", "groups")

    def __init__(self, full: re.Pattern[str], quick: re.Pattern[str], gate: Callable[[str], bool]) -> None:
        self.full, self.quick, self.gate = full, quick, gate
        self.pattern, self.flags, self.groups = full.pattern, full.flags, full.groups

    def _may(self, text: str, pos: int, endpos: int) -> bool:
        return self.gate(text) and self.quick.search(text, pos, endpos) is not None

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.full.search(text, pos, endpos) if self._may(text, pos, endpos) else None

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.full.finditer(text, pos, endpos) if self._may(text, pos, endpos) else iter(())

    def findall(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> list:
        return self.full.findall(text, pos, endpos) if self._may(text, pos, endpos) else []

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.full.match(text, pos, endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.full.fullmatch(text, pos, endpos)
