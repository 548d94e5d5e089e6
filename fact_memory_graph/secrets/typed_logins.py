"""A password told by what typing it does, with no secret's word: "type PasarRamen8300 when the laptop
asks", "pra entrar no sistema do caixa digita Markt.mandazi2969", "untuk masuk ke komputer kasir ketik
toko_maju77", "чтобы войти, введи Lena-1990!".

A verb of typing a value in (``keyed``) right before a value of a password's shape (6-40 characters
holding a letter and a digit, signs allowed; no address, no link, no amount), in a
sentence that says what typing it gets one into or answers (``access``: "to log in", "para entrar", "when
the laptop asks"); or the value behind a colon or a dash right after the access phrase, a verb of typing
before it ("lo que meto después del correo para entrar: X"). Keypad digits are keypad_entries' and
prompted_codes'.

Kept: a value labelled as a username, an email, a promo code, a booking or a search (``lookalikes`` in the
sentence before the value), a year, an amount. Words as data (``assets/typed_logins.json``, ~30
languages); the reader runs only on a text holding an access phrase (one lexicon lookup).
"""

from __future__ import annotations

import functools
import re

from fact_memory_graph.secrets import lexicon, prefilter, prompted_codes

Span = tuple[int, int, str]

_ASSET = "typed_logins"
#: A password's shape: a token of 6-40 characters holding a letter and a digit (``_NOT_VALUE`` drops
#: those without a digit, an address, a link and an amount with its unit).
_VALUE = re.compile(r"(?<![\w@#$%&*.+/-])(?P<v>(?=[^\s]{0,39}[^\W\d_])(?=[^\s]{0,39}[\d!#$%&*?+=@^~_.-])"
                    r"[\w!#$%&*?+=@^~.-]{6,40})(?![\w@])")
_NOT_VALUE = re.compile(r"(?i).*(?:@|://|www\.|\.(?:com|org|net|de|fr|es|br|id|ph|in|pk|io)$)|\d+(?:[.,]\d+)*[a-z]{0,3}"
                        r"|[a-z]+|[^\d]*")


#: After the access phrase, the value behind a colon or a dash ("… para entrar: X").
_AFTER_CUE = re.compile(r"\s*[:：\-–—]\s*")
_BLANK = re.compile(r"\s*")


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(lexicon.asset_lists(_ASSET)["access"])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    data = lexicon.asset_lists(_ASSET)
    access = re.compile("(?i)" + prefilter.whole_words(data["access"]))
    keyed = re.compile("(?i)(?:" + prefilter.whole_words(data["keyed"]) + r")[\s:,]{1,3}(?:(?:this|it|in|isto|isso|esto|ça|das|ini|mo)\s+)?")
    lookalikes = re.compile("(?i)" + prefilter.whole_words(data["lookalikes"]))
    return access, keyed, lookalikes


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold such a value: an access phrase in it (a lexicon lookup)."""
    return len(text) <= 3000 and _gate().open(text)


def spans(text: str) -> list[Span]:
    """Values of a password's shape typed in to get into something (see the module's note)."""
    if not mentioned(text):
        return []
    access, keyed, lookalikes = _patterns()
    out: list[Span] = []
    for cue in access.finditer(text):
        a, b = prompted_codes.sentence_bounds(text, cue.start(), cue.end())
        verbs = list(keyed.finditer(text, a, b))
        starts = [v.end() for v in verbs]
        colon = _AFTER_CUE.match(text, cue.end()) or (_BLANK.match(text, cue.end()) if cue.group().endswith(":") else None)
        if colon and any(v.start() < cue.start() for v in verbs):
            starts.append(colon.end())  # "lo que meto después del correo para entrar: X"
        for at in starts:
            m = _VALUE.match(text, at)
            value = m.group("v").rstrip(".-!?") if m else ""  # a sentence's mark after it is no part of it
            if not value or m.start("v") + len(value) > b:
                continue
            if _NOT_VALUE.fullmatch(value) or lookalikes.search(text, a, m.start()):
                continue
            span = (m.start("v"), m.start("v") + len(value), "password")
            if span not in out:
                out.append(span)
    return out
