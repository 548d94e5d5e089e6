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
from collections.abc import Sequence
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

#: One backup code: eight digits, four and four, or two dashed groups of four or five letters and digits.
_CODE = r"(?:\d{8}|\d{4}[ \-]\d{4}|(?=[a-z0-9]*[a-z])[a-z0-9]{4,5}-[a-z0-9]{4,5}|\d{5}-\d{5})"
#: Three codes or more, one a line, or after commas, slashes, bars or blanks (a number before each may count them).
_LIST = re.compile(rf"(?<![A-Za-z0-9_-])(?:\d{{1,2}}[.)][ \t]*)?{_CODE}(?![\w-])(?:(?:[ \t]*[,;/|、，·•][ \t]*|[ \t]*\n[ \t\-*•]*|[ \t]+)"
                   rf"(?:\d{{1,2}}[.)][ \t]*)?{_CODE}(?![\w-])){{1,}}", re.I)
_CUE_BEFORE = 160
#: Two codes are a list when the cue stands this close before them ("backup codes for ProtonMail是…"),
#: or right after them behind an arrow or a dash ("55nt-2265 xvhz-rvut <- thats the recovery codes").
_CUE_NEAR = 40
_POINTER_AFTER = re.compile(r"[ \t]*(?:<-+|←|⬅|—|–|=)[ \t]*")
#: A turn that is only such codes (the turn before named them: "the 2fa backup codes, just in case" / "9711… 6943…").
_ONLY = re.compile(r"[\s\W]*$")


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
        three = len(_CODES.findall(m.group())) >= 3
        near = max(0, m.start() - (_CUE_BEFORE if three else _CUE_NEAR))
        pointer = _POINTER_AFTER.match(text, m.end())
        if cue.search(text, near, m.start()) \
                or (pointer and cue.search(text, pointer.end(), min(len(text), pointer.end() + _CUE_NEAR))):
            out.append((m.start(), m.end(), "recovery code"))
    return out


_CODES = re.compile(rf"(?<![\w-]){_CODE}(?![\w-])", re.I)


def thread_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """A turn of two codes or more and nothing else, after a turn saying what they are kept against
    ("the 2fa backup codes, just in case" / "97114091 69433097 74406838")."""
    if not turns or len(text) > 200:
        return []
    m = _LIST.search(text)
    if not m or text[:m.start()].strip() or not _ONLY.match(text, m.end()):
        return []
    gate, cue = _cues()
    prev = turns[-1]
    if len(prev) > 200 or not gate.open(prev) or not cue.search(prev) or _LIST.search(prev):
        return []
    return [(m.start(), m.end(), "recovery code")]
