"""A password the user asks about and then answers in the same turn: "What password do I use for the pension
portal again... oh I remember, it's Gartenzwerg45", "which one did i use for the library app? oh choirbook7749",
"what's the thing I type to get into the HR system? never mind, Tigre!07", "¿cuál era la clave del banco? ah
ya me acordé: Pino_77".

The grammar: a question (up to a "?", an ellipsis or a dash) that names a password (a secret's name of the
password kind), what one types or uses to get in (``typed_logins``' and ``access_uses``' access phrases), or what
one set or used for a login ("which one did i use for …"); then, within a few words, a word of recall or an
interjection ("oh", "ah", "never mind", "I remember", "ya me acordé", "вспомнила") and the value, maybe after a
copula ("it's", "es", "ist", "это"). The value has a password's shape: a digit, a sign or a capital inside.

Kept: a question about a thing that is no password ("what's the wifi called? oh, Casa_22" names a network's
name; "which password manager do you use? oh, Bitwarden1" a tool: ``qualified_secrets``' not_things), a link, an
address. The same reply in a turn of its own is ``recalled_values``'. Words as data (``assets/self_answers.json``
with ``qualified_secrets``' recall words); read only in a turn holding a question's mark or an ellipsis.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import Any

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "self_answers"
_QUESTION_END = re.compile(r"\?+|？|\.{3,}|…|\s[—–-]\s")
_SHAPED = re.compile(r"\d|[!@#$%^&*_+=~]|[a-z][A-Z]")


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    own = lexicon.asset_lists(_ASSET)
    recall = lexicon.asset_lists("qualified_secrets")["recall"]
    opener = prefilter.whole_words([*own["interjections"], *recall])
    copula = prefilter.whole_words(own["copulas"])
    # after the question: at most two openers (an interjection, a word of recall), maybe "I'll tell you so you
    # remember", a copula, then the value
    answer = re.compile(rf"(?i)[\s,:!.]*(?:(?:{opener})[\s,:.!\-–—]+){{1,3}}"
                        rf"(?:[^\d\n?]{{0,40}}?[:\-–—]\s*)?(?:(?:{copula})\s+)?"
                        r"[\"'“‘«]?(?P<v>[^\s,;!?\"'”’»]*[^\s,.;!?\"'”’»])")
    asks = re.compile("(?i)" + prefilter.whole_words([*own["asks"], *lexicon.asset_lists("typed_logins")["access"],
                                                      *lexicon.asset_lists("access_uses")["access"],
                                                      *lexicon.asset_lists("qualified_secrets")["set_before"]]))
    talk = re.compile("(?i)" + prefilter.whole_words([*lexicon.asset_lists("qualified_secrets")["not_things"],
                                                      *own["not_asked"]]))
    return answer, asks, talk


def spans(text: str, names_in: Callable[[str], Sequence[Any]]) -> list[Span]:
    """Values given as the user's own answer to the question before them in ``text`` (see the module's note)."""
    if len(text) > 600 or not ("?" in text or "？" in text or ".." in text or "…" in text or " - " in text
                                or " — " in text or " – " in text):
        return []
    answer, asks, talk = _patterns()
    out: list[Span] = []
    for q in _QUESTION_END.finditer(text):
        m = answer.match(text, q.end())
        if not m:
            continue
        value = m.group("v")
        if len(value) < 5 or len(value) > 40 or not _SHAPED.search(value) or "://" in value or "@" in value:
            continue
        question = text[max(0, q.start() - 160):q.start()]
        question = question[max(question.rfind("\n"), question.rfind(". "), question.rfind("? ")) + 1:]
        if talk.search(question):
            continue  # "which password manager do you use? oh, Bitwarden1"
        if not (any(n.kind == "password" for n in names_in(question)) or asks.search(question)):
            continue
        out.append((m.start("v"), m.end("v"), "password"))
    return out
