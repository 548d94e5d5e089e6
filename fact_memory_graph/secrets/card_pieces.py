"""A payment card's number typed in pieces with anything between them: words ("4539 then 1488
then 0343 then 6467"), emojis ("4539 💳 1488 …"), the last digits said apart ("… 6467 and 0 3"),
a card read out in words in any language (the normalised view has turned them into digits).

The pieces are consecutive digit runs a short gap apart; a run of them whose digits are a card's
number (a network's prefix for its length and the Luhn check, :func:`fact_memory_graph.secrets._card_number`)
is the card, whatever stands between the pieces. Read only when the text's runs of four or more
digits hold ten digits (most of a card), so other messages pay nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

Span = tuple[int, int, str]

#: Any run of digits (groups joined by a space, a dash or a dot count as one run), not inside a
#: word, a date, a time or a decimal.
_PIECE = re.compile(r"(?<![\w/:])\d(?:[ \u00a0\-.]{0,3}\d)*(?![\w/:%])")
#: The most a gap between two pieces may hold, and what ends the number (a new paragraph).
_GAP_CHARS = 32
_MAX_PIECES = 8


def spans(text: str, runs: Sequence[re.Match[str]], is_card: Callable[[str], bool],
          not_a_card_before: Callable[[str, int], bool]) -> Iterator[Span]:
    """``runs``: the text's runs of four digits or more (the caller's, already found)."""
    if sum(sum(ch.isdigit() for ch in r.group()) for r in runs) < 10:
        return
    pieces = [(m.start(), m.end(), re.sub(r"\D", "", m.group())) for m in _PIECE.finditer(text)]
    taken = -1
    for i in range(len(pieces)):
        if pieces[i][0] < taken:
            continue
        digits = ""
        for j in range(i, min(i + _MAX_PIECES, len(pieces))):
            if j > i:
                gap = text[pieces[j - 1][1]:pieces[j][0]]
                if len(gap) > _GAP_CHARS or "\n\n" in gap or "\u2029" in gap:
                    break
            digits += pieces[j][2]
            if len(digits) > 19:
                break
            if j > i and len(digits) >= 13 and is_card(digits) and not not_a_card_before(text, pieces[i][0]):
                for start, end, _ in pieces[i:j + 1]:
                    yield start, end, "card number"
                taken = pieces[j][1]
                break
