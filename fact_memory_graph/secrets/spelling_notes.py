"""A token told with a note on how to type it: a password or a key, whatever names it.

"for guests: zielonadolina (all lowercase, no spaces)", "Bergblick7 (erster Buchstabe groß)",
"girasolazul — todo junto, en minúsculas": a note on a value's letters, case or spaces (``notes`` in
``assets/spelling_notes.json``, ~35 languages) says it is typed somewhere exactly, as a password or a
network's key is. The token: 6–40 characters with no space, letters in it, no e-mail address or link,
right before the note (in brackets, or after a dash). Kept: a token a login's, a name's, an
address's or a network name's word labels in its clause ("username: mkowalski (all lowercase)", "SSID
CasaVerde (one word)"): those take the same notes.

Gated by the notes' words (one lexicon lookup): ordinary chat has none.
"""

from __future__ import annotations

import functools
import re

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "spelling_notes"
#: The token, then the note in brackets or after a dash.
_TOKEN_BEFORE = re.compile(r"(?<![^\s:\"'“«(])(?P<v>[^\s\"'“”«»()\[\]{}<>,;]{6,40}?)[\"'”»]?[.!]?\s*(?:\(\s*|[—–-]\s+)$")
_CLAUSE = re.compile(r"[.!?;\n]\s")


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(lexicon.asset_lists(_ASSET)["notes"])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = lexicon.asset_lists(_ASSET)
    notes = re.compile(rf"(?i)(?:{prefilter.whole_words(data['notes'])})")
    logins = re.compile(rf"(?i)(?:{prefilter.whole_words(data['logins'])})")
    return notes, logins


def spans(text: str) -> list[Span]:
    """Tokens told with a note on how to type them (see the module's note)."""
    if len(text) > 1000 or not _gate().open(text):
        return []
    notes, logins = _patterns()
    out: list[Span] = []
    for note in notes.finditer(text):
        head = text[max(0, note.start() - 60):note.start()]
        # the note may open with another ("all lowercase, no spaces"): the token stands before the first
        m = _TOKEN_BEFORE.search(head)
        if not m:
            continue
        value = m.group("v")
        start = note.start() - len(head) + m.start("v")
        if not re.search(r"[^\W\d_]", value) or notes.search(value) or "@" in value or "://" in value or value.lower().startswith("www."):
            continue
        cut = max((c.end() for c in _CLAUSE.finditer(text, max(0, start - 60), start)), default=max(0, start - 60))
        if logins.search(text, cut, start):
            continue  # "username: mkowalski (all lowercase)": a login's note
        span = (start, start + len(value), "password")
        if span not in out:
            out.append(span)
    return out
