"""A secret refused, a public number told instead: the number kept (a look-alike).

"I won't tell you the password, my member number is BB-64149209", "пароль не скажу, номер карты клиента
604409285", "パスワードは教えないけど会員番号はLSH463225", "I don't put passwords in chats. username's
fade_lupex though", "its not a pin its my member no, GLW-143115": the message refuses or denies a
secret (a refusal's words, assets/refusals.json ``refusals``), and the value stands right after a
public number's or a handle's name (``labels``: a member's, a customer's, a client card's number, a
username) — a finder that read the value as the refused secret's is wrong. Only the value that follows
its label directly (a copula, a colon, an article between) is kept; one after a secret's name, or after
more words ("my username is bob and it's hunter2"), stays withheld. Names as data in ~18 languages,
looked up word by word only when a span was found.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import reference_values, trade_credentials

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "refusals.json"
#: What may stand between a label and its value: a possessive, a copula, a colon, an article.
_CONNECT = re.compile(r"(?i)[\s:=#,'’\-–—]*(?:s\s+)?(?:(?:is|es|est|ist|era|é|è|to|jest|это|wa|ni|adalah|là)\s+"
                      r"|[はがも：:]\s*)?(?:(?:the|el|la|le|o|a|un|una)\s+)?(?:no\.?\s*|nr\.?\s*|#\s*)?")
_REACH = 24


@lru_cache(maxsize=1)
def _words() -> tuple[reference_values._Words, reference_values._Words]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return (reference_values._Words([w for group in data["refusals"].values() for w in group]),
            reference_values._Words([w for group in data["labels"].values() for w in group]))


def _told_instead(text: str, sp: Span, refusals: list[tuple[int, int]], labels: list[tuple[int, int]]) -> bool:
    s, e, _kind = sp
    for _a, b in reversed(labels):
        if b > e or e - b > 40:
            continue
        start = max(s, b)
        if start - b > _REACH or not _CONNECT.fullmatch(text, b, start) or trade_credentials._secret_named(text[b:start]):
            return False
        # the refusal not between the label and the value ("member no, not the pin: 4471")
        return not any(b <= r0 < e for r0, _r1 in refusals)
    return False


def without_refused(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the value a public label names right after a refused secret."""
    if not spans or not any(sp[2] in trade_credentials.NUMBER_KINDS for sp in spans):
        return spans
    refusal_words, label_words = _words()
    refusals = refusal_words.finditer(text)
    if not refusals:
        return spans
    labels = label_words.finditer(text)
    if not labels:
        return spans
    return [sp for sp in spans if not (sp[2] in trade_credentials.NUMBER_KINDS and _told_instead(text, sp, refusals, labels))]


def tells_public_instead(text: str) -> bool:
    """Whether ``text`` refuses or denies a secret and names a public number after it ("das ist keine
    Geheimzahl, nur meine Kundennummer …"): the refusal is no request to keep the message private."""
    refusal_words, label_words = _words()
    refusals = refusal_words.finditer(text)
    return bool(refusals) and any(a >= refusals[0][1] for a, _b in label_words.finditer(text))
