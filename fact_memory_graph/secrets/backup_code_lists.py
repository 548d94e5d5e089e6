"""An account's backup codes told by what they are for, not by their name.

"save these in case i lose my phone again 73419616, z37p-wb9x, cntj-gdzv, 6025 4968", "falls ich
ausgesperrt werde: 4921 0038 / 7712 5590 / 1187 3345": the codes a site gives for a lost second factor
have few shapes (eight digits, four and four digits, two groups of four or five letters or digits
joined by a dash). Three of them or more in a row, after a word saying what they are kept against (losing
the phone, being locked out, the second factor; ~30 languages, ``assets/backup_code_lists.json``), are
the codes. One or two such numbers (a phone, an order) are not a list; a phone number's groups (3 and 4
digits) have none of these shapes.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

#: One backup code: eight digits, four and four, or two dashed groups of four or five letters and digits.
_CODE = r"(?:\d{8}|\d{4}[ \-]\d{4}|(?=[a-z0-9]*[a-z])[a-z0-9]{4,5}-[a-z0-9]{4,5}|\d{5}-\d{5})"
#: Three codes or more, one a line, or after commas, slashes, bars or blanks (a number before each may count them).
_LIST = re.compile(rf"(?<![\w-])(?:\d{{1,2}}[.)][ \t]*)?{_CODE}(?![\w-])(?:(?:[ \t]*[,;/|、，·•][ \t]*|[ \t]*\n[ \t\-*•]*|[ \t]+)"
                   rf"(?:\d{{1,2}}[.)][ \t]*)?{_CODE}(?![\w-])){{2,}}", re.I)
_CUE_BEFORE = 160


@functools.cache
def _cues() -> tuple[lexicon.Gate, re.Pattern[str]]:
    words = json.loads(resources.files("fact_memory_graph.assets").joinpath("backup_code_lists.json")
                       .read_text(encoding="utf-8"))["cues"]
    alt = prefilter.alternation(words)
    return lexicon.Gate(words), re.compile(rf"(?i)(?:{alt})")


def spans(text: str) -> list[Span]:
    """Each list of three backup codes or more after a word saying what they are kept against."""
    gate, cue = _cues()
    if not gate.open(text):
        return []
    out = []
    for m in _LIST.finditer(text):
        if cue.search(text, max(0, m.start() - _CUE_BEFORE), m.start()):
            out.append((m.start(), m.end(), "recovery code"))
    return out
