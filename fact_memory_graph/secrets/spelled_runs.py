"""A value spelled one character at a time for a listener (round thirty-one).

An interpreter, a relative on the phone or a call centre's caller writes a password or a code the way it
is read out, one character at a time with dashes or dots between: "spelling it for the interpreter:
1-U-m-h-o-D-E-u-E-W-V-S-B", "deletreo para el intérprete: 7-k-P-q-2-x-W-m". Joined, it is a password's
shape; spelled, no shape reader sees one. A run of eight single characters or more joined by one sign
(a dash or a dot) is a value

- when it has letters and digits and a word in its message says it is spelled or relayed character by
  character (``assets/spelled_runs.json`` ``spell``, ~25 languages), or
- when it has capitals, small letters and digits (a password's shape) with no such word.

A name spelled for a listener ("R-O-S-S-I", "M-A-X-I-M-I-L-I-A-N"), letters only, is no value; runs named
after a secret are the named readers'. Gated by one regex of three characters joined by a dash or a dot.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_HINT = re.compile(r"[A-Za-z0-9]([\-.])[A-Za-z0-9]\1[A-Za-z0-9]\1")
#: Eight or more single characters joined by one sign, standing alone.
_RUN = re.compile(r"(?<![\w\-.])[A-Za-z0-9](?P<sep>[\-.])[A-Za-z0-9](?:(?P=sep)[A-Za-z0-9]){6,62}(?![\w\-]|\.\w)")


@lru_cache(maxsize=1)
def _gate() -> lexicon.Gate:
    return lexicon.Gate(lexicon.asset_lists("spelled_runs")["spell"])


@lru_cache(maxsize=1)
def _spell() -> re.Pattern[str]:
    words = [w.lower() for w in lexicon.asset_lists("spelled_runs")["spell"]]
    return re.compile("(?i)" + prefilter.word_tree(words, prefilter.spaced_atom, head=prefilter.WORD_HEAD).pattern)


def spans(text: str) -> list[Span]:
    """Values spelled with a dash or a dot between their characters (see the module's note)."""
    if not _HINT.search(text):
        return []
    out: list[Span] = []
    told: bool | None = None
    for m in _RUN.finditer(text):
        chars = m.group().replace(m.group("sep"), "")
        digits, upper, lower = (any(c.isdigit() for c in chars), any(c.isupper() for c in chars),
                                any(c.islower() for c in chars))
        if not digits or not (upper or lower):
            continue
        if upper and lower:
            out.append((m.start(), m.end(), "password"))
            continue
        if told is None:
            told = _gate().open(text) and _spell().search(text) is not None
        if told:
            out.append((m.start(), m.end(), "password"))
    return out
