"""A value alone in its turn that the user's next turn names as a security question's answer.

"Moreau" / "^ mums maiden name, they always ask"; "Fernández." / "that's what I put for 'name of your
first school' on the bank app"; "첫 애완동물 이름 Abernathy" / "보안 질문 답이에요". The next turn names a
question's topic or a security question and says someone asks for it or that it was set ("they always
ask", "what I put", "답"): the two are read as one message, the value first and the naming turn after a
dash, and what the security-answer readers withhold in the value's turn, and did not withhold in it
alone, is withheld.

Kept: "Max" / "my first dog's name, he was lovely" (no asker, nothing set), a long turn (a story, not a
value), a next turn with no topic ("they always ask" alone).

Words as data in ``assets/named_answers.json``; read only for a short turn whose next turn names a
topic or a security question.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from importlib import resources

from fact_memory_graph.secrets import prefilter
from fact_memory_graph.secrets import security_answers as sa

Span = tuple[int, int, str]

_KIND = "password"
_MAX_VALUE_TURN = 60
_MAX_NAMING_TURN = 200
_BACK = re.compile(r"^[\s^↑⬆]+")


@functools.cache
def _asks() -> re.Pattern[str]:
    words = json.loads(resources.files("fact_memory_graph.assets").joinpath("named_answers.json")
                       .read_text(encoding="utf-8"))["asks"]
    return re.compile("(?i)" + prefilter.whole_words(words))


def named_by_next(text: str, after: str, spans_of: Callable[[str], list[Span]]) -> list[Span]:
    """The value in ``text`` that ``after`` names as a security answer (``spans_of``: the filter's reading)."""
    value = text.strip()
    if not value or len(value) > _MAX_VALUE_TURN or not after.strip() or len(after) > _MAX_NAMING_TURN:
        return []
    p = sa._p()
    if not (p.strong.search(after) or p.topic.search(after)) or not _asks().search(after):
        return []
    head = text.rstrip().rstrip(".!,;")
    joined = f"{head} — {_BACK.sub('', after.strip())}"
    alone = spans_of(text)
    return [(s, e, k) for s, e, k in spans_of(joined) if e <= len(head) and k == _KIND
            and not any(a < e and s < b for a, b, _ in alone)]
