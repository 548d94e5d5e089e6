"""A password written right after its name and what it is for, with no joining word.

"hasło do maila zebrasakurasommer", "mot de passe Rappi sakuracorazon stp garde le !!", "пароль от
ноута pinguinnebula запомни", "ghar ka wifi password chapatinamaharagwe": a password's name (the
filter's names in forty languages, :func:`forms.names_in`), up to four words of what it is for, then
one word ending the clause — or followed only by a request to keep it ("stp garde le", "запомни",
"unutursam söyle"; ``assets/juxtaposed_passwords.json``). A plain word counts from seven letters, not
one of the words that end such a clause about a password ("changed", "expired", "manager",
"vergessen", "caducada", …); a word with digits or signs from four characters; three to six words
joined by dashes or underscores (a passphrase: "jelszava accordion-zanzibar-buttercup").

Runs only on a text where a password's name was found (the names are read once for every finder).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import (
    credential_forms,
    prefilter,
    recalled_values,
    spoken_credentials,
)

Span = tuple[int, int, str]

#: The clause after the name: to a sentence's end, a semicolon, a line's end or a comma.
_CLAUSE_END = re.compile(r"[.!?;,:](?!\S)|[\n\u2029=()\[\]\"“”«»]|\s[-–—]\s")
_WORD = re.compile(r"\S+")
_EDGE = ".,;:!?…'\"“”«»()"
_PLAIN = re.compile(r"[^\W\d_]{7,40}")
_SHAPED = re.compile(r"(?=.*[^\W\d_])(?=.*[\d!@#$%^&*_+=~])[^\s]{4,40}")
#: A passphrase of three to six words joined by dashes or underscores ("accordion-zanzibar-buttercup").
_PASSPHRASE = re.compile(r"[^\W\d_]{3,15}(?:[-_][^\W\d_]{3,15}){2,5}")
#: Two or three words joined by dots ("marshmallow.maple", "peaches.dolphin"), not a site's or a file's name.
_DOTTED = re.compile(r"[^\W\d_]{3,15}(?:\.[^\W\d_]{3,15}){1,2}")
_SITE_OR_FILE = re.compile(r"(?i).*\.(?:com|net|org|info|app|dev|io|co|uk|de|fr|es|it|nl|pl|ru|ua|tr|br|pt|jp|cn|in|id|vn|th"
                           r"|eu|us|ch|at|be|se|no|dk|fi|gr|cz|me|tv|html?|php|json|xml|pdf|docx?|txt|jpe?g|png|xlsx?|csv"
                           r"|zip|exe|py|js|local|lan|home)")
#: Emoji, "!!", "😅": what may end a message after the value.
_NOISE = re.compile(r"^[\W_]*$")
#: An English verb's or adjective's ending, not a coined word's: "disabled", "sharing", "forgotten".
_INFLECTED = re.compile(r"(?i)(?:[^e]ed|ing|tten|able|ally|ment|ness|tion)$"
                        # a Turkish verb ending its clause ("… Enpass kullanıyorum", "değiştirdim")
                        r"|(?:yor(?:um|sun|uz|lar)?|[dt][ıiuü][mk]|m[ıi]ş|[ae]c[ae]ğ[ıi]m|m[ae]l[ıi]y[ıi]m)$")
#: Scripts written without spaces (a word cannot be told from the next), and a template's marks.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f<>{}\[\]]")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("juxtaposed_passwords.json")
                      .read_text(encoding="utf-8"))


@functools.cache
def _tail() -> re.Pattern[str]:
    """What may follow the value: softeners, then a request to keep it, then anything."""
    d = _data()
    return re.compile(rf"(?i)\s*(?:(?:{prefilter.whole_words(d['softeners'])})[\s,!]+){{0,3}}"
                      rf"(?:{prefilter.whole_words(d['keep_requests'])})")


@functools.cache
def _apposition() -> re.Pattern[str]:
    """After the value, a comma and what it is to the user ("…, the thing you type after you open the lid")."""
    return re.compile(rf"(?i),\s*(?:{prefilter.whole_words(_data()['appositions'])})")


@functools.cache
def _before_not() -> frozenset[str]:
    return frozenset(w.lower() for w in _data()["before_not"])


@functools.cache
def _particles() -> frozenset[str]:
    return frozenset(w.lower() for w in _data()["particles"])


@functools.cache
def _not_values() -> frozenset[str]:
    return frozenset(w.lower() for w in _data()["not_values"])


_AMOUNT_LIKE = re.compile(r"[\d.,:/\-]+[^\W\d_]{0,3}")


def shaped_value(token: str) -> bool | None:
    """For a token of a password's shape (letters with a digit or a sign, 4–40 characters): whether it
    is a value — not an amount, a date or a duration ("90d"). ``None`` for any other token (the
    caller's plain-word rule decides). Shared by the readers of a password after its name or role."""
    if not _SHAPED.fullmatch(token):
        return None
    return not _AMOUNT_LIKE.fullmatch(token)


def _a_value(token: str) -> bool:
    if token.lower() in _not_values() or "/" in token or "@" in token or token.startswith("www"):
        return False
    if credential_forms.services().fullmatch(token):
        return False  # "lösenord på spotify"
    if _INFLECTED.search(token) and not _coined(token):
        return False  # "password auth disabled"
    if _PASSPHRASE.fullmatch(token) or _DOTTED.fullmatch(token) and not _SITE_OR_FILE.fullmatch(token):
        return True
    shaped = shaped_value(token)
    if shaped is not None:
        return shaped
    return bool(_PLAIN.fullmatch(token)) and (token.islower() or not token[1:].islower())


def a_value(token: str) -> bool:
    """Whether a plain or shaped token after a password's name is its value by this reader's rule (a plain
    word of seven letters or more that ends no clause about a password, a shaped word, a passphrase)."""
    return _a_value(token)


def _coined(token: str) -> bool:
    """A long word in lower case no dictionary has, whatever its ending: a compound made up as a
    password ("manchesterunited", "bluebirdsinging"), not "disabled" or "forgotten"."""
    return len(token) >= 10 and token.islower() and token.isalpha() and token not in recalled_values._common_words()


def spans(text: str, names: list) -> list[Span]:
    """The password after its name and up to four words of what it is for."""
    out: list[Span] = []
    for name in names:
        if name.kind != "password" or len(out) >= 4:
            continue
        if name.stop >= len(text) or not text[name.stop].isspace():
            continue  # "パスワードはBitwardenで…": no space after the name, no word to read
        stop = _CLAUSE_END.search(text, name.stop)
        end = stop.start() if stop else len(text)
        words = list(_WORD.finditer(text, name.stop, min(end, name.stop + 120)))
        if not words:
            continue
        # the value: the clause's last word, or the last before a request to keep it
        pick = None
        for n, w in enumerate(words[:6]):
            if _tail().match(text, w.start()) and n:
                pick = n - 1
                break
        if pick is None:
            rest = text[end:]
            # "pw wifi kopikenangan ya", "… X nha em": a sentence-final particle or a term of address after it
            tail = 0
            while tail < 2 and len(words) > tail + 1 and words[-1 - tail].group().lower().strip(_EDGE) in _particles():
                tail += 1
            if len(words) - tail > 5 or not (stop is None or rest[:1] in ".!;,\n\u2029" and
                                             (_NOISE.match(rest) or rest[:1] in ".;\n\u2029" or _apposition().match(rest))):
                continue
            pick = len(words) - 1 - tail
        if pick > 4:
            continue
        if any(_UNSPACED.search(x.group()) for x in words) or spoken_credentials.talks_of_managers(text[name.start:end]):
            continue  # "şifre yöneticisi olarak Enpass …": a password manager, talked of
        if pick and words[pick - 1].group().lower().strip(_EDGE) in _before_not():
            continue  # "lösenord på spotify": what the password is for
        w = words[pick]
        token = w.group().strip(_EDGE)
        if not token or not _a_value(token):
            continue
        if any(not re.search(r"\w", x.group()) for x in words[:pick]):
            continue  # a dash or a sign between: another clause
        start = w.start() + w.group().find(token)
        if any(n.start <= start < n.stop for n in names):
            continue  # "login with the sticker password": a name, not its value
        out.append((start, start + len(token), "password"))
    return out
