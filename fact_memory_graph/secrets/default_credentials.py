"""A factory's login, kept: "admin/admin", "root:toor" named as the default (round twenty-nine).

"the mixer default login is admin/admin, everyone knows that", "o manual diz senha padrão: admin/admin, já
troquei", "kali's default creds are root:toor": a device's or a program's factory credentials are printed in its
manual; telling them gives nothing away. A password's or a login's reading is dropped when every word of it is
one vendors ship ("admin", "root", "toor", "password", "1234", …; ``assets/default_credentials.json``) and its
sentence names it, before it, as the default, the factory's or the manual's ("… is admin, changed from the default"
says the current password is admin). Decision: both
are needed — "my password is admin" with no such word stays withheld (a weak password is still a password), and
a password beside a default login ("admin / tangerinebramble8 on the synology") keeps its reading.

Gated by the lexicon's pass over the defaults' words.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "default_credentials"  # assets/default_credentials.json
_KINDS = frozenset({"password", "pin", "login"})
_PARTS = re.compile(r"[^\s/:|,;\"'“”‘’()\[\]]+")


@lru_cache(maxsize=1)
def _words() -> tuple[lexicon.Gate, re.Pattern[str], frozenset[str]]:
    data = lexicon.asset_lists(_ASSET)
    return (lexicon.Gate(data["defaults"]), re.compile("(?i)" + prefilter.whole_words(data["defaults"])),
            frozenset(lexicon.fold(v) for v in data["values"]))


def _default_value(value: str, values: frozenset[str]) -> bool:
    parts = _PARTS.findall(value)
    return bool(parts) and len(parts) <= 2 and all(lexicon.fold(p) in values for p in parts)


def without_defaults(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a factory credential named as the default in its sentence (see the module's note)."""
    if not spans:
        return spans
    gate, defaults, values = _words()
    if not gate.open(text):
        return spans
    out = []
    for sp in spans:
        if sp[2] in _KINDS and _default_value(text[sp[0]:sp[1]], values):
            head = text.rfind("\n", 0, sp[0]) + 1
            start = max((m.end() for m in re.finditer(r"[.!?。！？]\s", text[head:sp[0]])), default=0) + head
            if defaults.search(text, start, sp[0]):  # named the default before it ("changed from the default": not)
                continue
        out.append(sp)
    return out
