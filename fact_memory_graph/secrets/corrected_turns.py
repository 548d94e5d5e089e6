"""A secret word corrected in the turn after the one that gave it.

"memorable word is snowdrop" / "sorry no thats the old one, its bluebell now"; "mem word Blackwall" /
"nah hang on its portakabin i changed it after the fraud thing". The turn before gave a password's
value (a secret reader read one there); this short turn opens with a correction's word ("no", "sorry",
"hang on", "perdón", "attends", "warte") and gives one word after "it's" / "c'est" / "es ist" that ends
its clause or is followed by "now", "i changed it". The value is withheld as the one before it was. A PIN
corrected by a PIN ("… passcode on the kids ipad was …" / "no wait that's the old one, new one is …"): four
to eight digits count when the turn before gave digits of about their length.

Kept: a correction after a turn that held no secret ("my cat is called Tom" / "no wait its Tim now"),
talk ("no its fine now", "sorry its locked") — a value that is one of the ``not`` words.

Words as data in ``assets/corrected_turns.json``; read only on a short turn that opens with a cue.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Sequence
from importlib import resources

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_KIND = "password"
_MAX_CHARS = 160
_VALUE = r"(?P<v>[^\W\d_][^\s,;:.!?()\[\]\"“”«»…]{2,39}|\d{4,8}(?![\d/:.,]\d))"


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("corrected_turns.json")
                      .read_text(encoding="utf-8"))


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], frozenset[str]]:
    d = _data()
    cue = re.compile(rf"(?i)^\W*(?:[^\W\d_]+\s+){{0,2}}?(?:{prefilter.alternation(d['cues'], any_apostrophe=True)})(?![^\W\d_])")
    value = re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.alternation(d['tells'], any_apostrophe=True)})\s+[\"'“‘«]?{_VALUE}[\"'”’»]?"
                       rf"(?=\s*(?:$|[.,;!?…\n\u2029)—–]|\s-\s|\s(?:{prefilter.alternation(d['ends'], any_apostrophe=True)})(?![^\W\d_])))")
    return cue, value, frozenset(w.casefold() for w in d["not"])


def thread_spans(text: str, turns: Sequence[str], spans_of: Callable[[str], list[Span]]) -> list[Span]:
    """The corrected value in ``text`` when the turn before it gave a password's value (``spans_of``: the filter's reading)."""
    if not turns or len(text) > _MAX_CHARS:
        return []
    cue, value, not_values = _patterns()
    if not cue.search(text):
        return []
    found = [m for m in value.finditer(text) if m.group("v").casefold() not in not_values]
    if not found:
        return []
    before = [turns[-1][a:b] for a, b, kind in spans_of(turns[-1]) if kind == _KIND]
    if not before:
        return []
    # a PIN corrected by a PIN ("screen time passcode … was 1330" / "no wait that's the old one, new one is
    # 0859"): digits only where the turn before gave digits of about their length
    pins = [len(v) for v in before if v.isdigit()]
    return [(m.start("v"), m.end("v"), _KIND) for m in found
            if not m.group("v").isdigit() or any(abs(n - len(m.group("v"))) <= 2 for n in pins)]
