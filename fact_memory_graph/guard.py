"""The write-time guard: differences between two claims that cosine similarity cannot see.

Measured with MiniLM, "born 1990" vs "born 1991" scores .884 and "married to Alex" vs
"divorced from Alex" .857, above any useful merge threshold. The guard reasons by principle —
numbers (in digits or words), negation, antonyms, names, a state that is over — and errs toward
keeping claims apart: a duplicate it lets through is merged later by reconciliation, while a
wrong merge loses a fact. Used by the dedup node and again inside the apply transaction.
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[\w']+", re.UNICODE)
_NEGATIONS = frozenset(
    ["not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without", "cannot", "can't", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't", "won't", "hasn't", "haven't", "hadn't", "shouldn't", "wouldn't", "ex", "former", "formerly", "longer", "stopped", "quit"]
)
_ANTONYMS: tuple[tuple[str, str], ...] = (
    ("married", "divorced"), ("married", "single"), ("likes", "dislikes"), ("like", "dislike"),
    ("loves", "hates"), ("love", "hate"), ("concise", "detailed"), ("short", "long"),
    ("brief", "detailed"), ("morning", "evening"), ("mornings", "evenings"), ("early", "late"),
    ("more", "less"), ("increase", "decrease"), ("allowed", "forbidden"), ("vegan", "carnivore"),
    ("sister", "brother"), ("wife", "husband"), ("son", "daughter"), ("mother", "father"),
    ("started", "finished"), ("before", "after"), ("up", "down"),
)
# A state that is over: finished work, or a past state ("used to", "was", "retired", "left").
# Marked on either side only, the claims say different things about *now*.
_ENDED_WORDS = frozenset([
    "fixed", "finished", "done", "completed", "resolved", "shipped", "solved", "ended", "closed", "over",
    "used", "was", "were", "previously", "formerly", "former", "ex", "retired", "left", "quit", "stopped",
    "anymore", "past", "until",
])
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
# Numbers written as words count as numbers ("two kids" vs "three kids"); so do ordinals.
_NUMBER_WORDS = {
    **{w: str(i) for i, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"])},
    **{w: str(10 * i) for i, w in enumerate(["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], start=2)},
    **{w: str(i) for i, w in enumerate(
        ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"], start=1)},
    "once": "1", "twice": "2", "dozen": "12", "hundred": "100", "thousand": "1000", "million": "1000000",
}


def _numbers(text: str, words: set[str]) -> set[str]:
    return set(_NUMBER.findall(text)) | {_NUMBER_WORDS[w] for w in words if w in _NUMBER_WORDS}


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def claims_conflict(a: str, b: str) -> str | None:
    """Why two similar claims must not be merged, or ``None`` when nothing sets them apart."""
    ta, tb = _tokens(a), _tokens(b)
    la, lb = {t.lower() for t in ta}, {t.lower() for t in tb}
    na, nb = _numbers(a, la), _numbers(b, lb)
    if na != nb:
        return f"different numbers ({', '.join(sorted(na ^ nb))})"
    neg_a, neg_b = bool(la & _NEGATIONS) or "n't" in a.lower(), bool(lb & _NEGATIONS) or "n't" in b.lower()
    if neg_a != neg_b:
        return "one claim is negated"
    for x, y in _ANTONYMS:
        if (x in la and y in lb and y not in la) or (y in la and x in lb and x not in la):
            return f"opposite words ({x} / {y})"
    for word in la ^ lb:  # dislikes / likes, unhappy / happy
        for prefix in ("dis", "un", "in", "non"):
            if word.startswith(prefix) and word[len(prefix):] in (la | lb):
                return f"opposite words ({word[len(prefix):]} / {word})"
    if bool(la & _ENDED_WORDS) != bool(lb & _ENDED_WORDS):
        return "one claim says the state is over"
    # Proper nouns: a capitalised word (not the first) missing from the other claim.
    for mine, theirs in ((ta, lb), (tb, la)):
        for t in mine[1:]:
            if t[:1].isupper() and t.lower() not in theirs:
                return f"different names ({t})"
    return None
