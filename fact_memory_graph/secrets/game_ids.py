"""A game account's public id: a number a player gives a top-up seller or a friend, not a national id.

"ID ML aku … server (…) mau top up diamond", "ID do free fire …, quero recarregar pelo site": a bare
"ID" before nine digits reads as a national id when the digits happen to pass a checksum (a SIN, a
BSN). A game's account id opens nothing — whoever knows it can only credit or find the account; the
password or a recovery code is what opens it — so it is kept. What makes the number a game's: a word
of a game in its sentence (its id's name, a game's name, its server, a top-up of its currency), as
data in many languages (``assets/game_ids.json``). A national id's own name beside it ("NIK", "CPF",
"national id") still withholds it.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import prefilter

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "game_ids.json"
_SENTENCE_END = re.compile(r"[.!?\n。！？]")


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    d = json.loads(_ASSET.read_text(encoding="utf-8"))
    return (re.compile(rf"(?i){prefilter.whole_words(d['words'])}"),
            re.compile(rf"(?i){prefilter.whole_words(d['national_names'])}"))


def _sentence(text: str, start: int, end: int) -> str:
    head = max((m.end() for m in _SENTENCE_END.finditer(text, max(0, start - 80), start)), default=max(0, start - 80))
    tail = _SENTENCE_END.search(text, end, end + 80)
    return text[head:start] + " " + text[end:tail.start() if tail else min(len(text), end + 80)]


def is_game_id(text: str, start: int, end: int) -> bool:
    """Whether the number at ``start:end`` is told as a game account's id (see the module's docstring)."""
    game, national = _patterns()
    around = _sentence(text, start, end)
    return bool(game.search(around)) and not national.search(around)
