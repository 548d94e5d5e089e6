"""A password after its name with more words behind it: "e-devlet şifrem rocket-tiger-mocha-mango lütfen
değiştir", "password ng fb ko olive-zebra-olive-olive pakipalitan naman", "كلمة السر للبريد
rocket-mocha-pixel-mango غيّرها من فضلك", and a plain word said with how it is written: "le code wifi c'est
zielonaherbata tout attaché", "wifi password is cafeaulait all lowercase".

The finders that take "the rest of the clause" after a name stop at the request or the remark that follows
the value and read it as talk. Here, within four words after a password's name (``forms.names_in``, all
its languages), a token of three or more words of three letters or more joined by dashes or underscores
(a passphrase's shape) is the value, unless one of its words is a secret's name or talk of one
("password-reset-link"); and a single word of five letters or more right before a remark on how it is
written (assets ``named_passphrases.json``: "all lowercase", "tout attaché", "todo junto", "слитно").

Runs only where a password's name was found and a dash, an underscore or a remark's word is in the text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from fact_memory_graph.secrets import lexicon, password_talk, prefilter
from fact_memory_graph.secrets.forms import NameMatch

Span = tuple[int, int, str]
#: The whole token (an address's or a link's piece is none: "no-reply@bank-secure-verify.test").
_DASHED = re.compile(r"(?<!\S)[^\W\d_]{3,12}(?:[-_][^\W\d_]{3,12}){2,5}(?=[,;:!?]*(?:\s|$)|\.(?:\s|$))")
_TOKEN = re.compile(r"\S+")
_BREAK = re.compile(r"[.!?;\n\u2029]\s")
_PLAIN = re.compile(r"[^\W\d_]{5,40}")


@functools.cache
def _written() -> re.Pattern[str]:
    data = lexicon.asset_lists("named_passphrases")
    return re.compile(r"(?i)[\s,]+(?:" + prefilter.whole_words(data["how_written"]) + r")")


def _window(text: str, at: int) -> tuple[int, int]:
    """Up to four tokens after ``at``, stopping at a sentence's end."""
    end = min(len(text), at + 80)
    stop = _BREAK.search(text, at, end)
    end = stop.start() if stop else end
    tokens = list(_TOKEN.finditer(text, at, end))[:5]
    return at, tokens[-1].end() if tokens else at


def spans(text: str, names: Sequence[NameMatch]) -> Iterator[Span]:
    """Passphrases and plain words told after a password's name, with words behind them."""
    passwords = [n for n in names if n.kind == "password"]
    if not passwords:
        return
    dashed = "-" in text or "_" in text
    written = _written()
    remark = written.search(text) is not None
    if not dashed and not remark:
        return
    for n in passwords:
        s, e = _window(text, n.stop)
        if dashed:
            for m in _DASHED.finditer(text, s, e):
                words = re.split(r"[-_]", m.group())
                if password_talk.talk(" ".join(words)) or any(w.lower() in _NOT_PARTS for w in words):
                    continue
                yield m.start(), m.end(), "password"
                break
        if remark:
            for m in _PLAIN.finditer(text, s, e):
                if written.match(text, m.end()) and m.group().lower() not in _NOT_PARTS \
                        and not password_talk.talk(m.group()):
                    yield m.start(), m.end(), "password"
                    break


#: Words that make a dashed or remarked token a thing about a password, not one.
_NOT_PARTS = frozenset({"password", "passwort", "reset", "link", "form", "manager", "protected", "field", "page",
                        "change", "changed", "login", "account", "email", "wifi", "code", "pin", "same", "written",
                        "type", "typed", "write", "the", "and", "with", "state", "art", "please"})
