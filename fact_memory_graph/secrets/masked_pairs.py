"""A login beside a masked password, kept (round twenty-nine).

"login: mei.lin.trading password: ********", "usuario ana.r@correo.test contraseña ••••••••": a reader that
takes a login right before a password's name for half of a pair withholds it as the password's company. When
what follows the password's name is only masking characters (``*``, ``•``, ``●``, ``x`` four times or more)
the pair gives nothing away and the login, an identifier, is kept. A password's name in ~35 languages
(``assets/masked_pairs.json``); gated by the lexicon's pass over them and a run of four masking characters.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "masked_pairs"  # assets/masked_pairs.json
_KINDS = frozenset({"password", "login"})
_TOKEN_END = re.compile(r"[^\s,;|]*")
_MASK = re.compile(r"[*•●·∙]{4,}|[xX]{6,}")


@lru_cache(maxsize=1)
def _words() -> tuple[lexicon.Gate, re.Pattern[str]]:
    names = lexicon.asset_lists(_ASSET)["passwords"]
    after = re.compile(rf"[\s,;|/]*(?i:{prefilter.whole_words(names)})[^\S\n]*[:=：]?[^\S\n]*(?:[*•●·∙]{{4,}}|[xX]{{6,}})(?![\w*•●])")
    return lexicon.Gate(names), after


def without_masked_partners(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a login read as a password when the password beside it is masked (see the note)."""
    if not spans or not _MASK.search(text):
        return spans
    gate, after = _words()
    if not gate.open(text):
        return spans
    return [sp for sp in spans if sp[2] not in _KINDS or _MASK.search(text, sp[0], sp[1])
            or not after.match(text, _TOKEN_END.match(text, sp[1]).end())]  # a part of the login too ("mei.lin.")
