"""A public reference given alone after the turn that named it: "Buchungscode für den Urlaub mit Oma?"
/ "C2A2B9", "notează codul rezervării" / "2AFTPN", "número de incidencia de la avería" / "CRM-0287466".

The turn before names a booking, an order, a parcel's tracking, a ticket or an incident (the public
labels of ``labelled_lookalikes.json``, ~30 languages) and, once those labels are blanked out, no
secret's name nor a code's ("Buchungscode" is a booking's, "the door code for the booking?" a lock's);
this turn is the value alone, in a reference's shape: five to eight capitals and digits with both
(an airline's or a hotel's locator), a prefix and a number ("CRM-0287466", "F2228095"), or a postal
item's S10 number ("RR555242826DE"). A lower-case word, a password's symbols or a sentence around
the value keeps it withheld.

Only spans other readers found are read, and only when the turn before exists: a message with none
pays nothing.
"""

from __future__ import annotations

import re

from fact_memory_graph.secrets import labelled_lookalikes

Span = tuple[int, int, str]

_SHAPE = re.compile(r"(?=[A-Z0-9]*[A-Z])(?=[A-Z0-9]*\d)[A-Z0-9]{5,8}"  # a locator
                    r"|[A-Z]{1,4}[-‐ ]?\d{5,12}"  # a prefix and a number
                    r"|[A-Z]{2}\d{9}[A-Z]{2}")  # a postal item's S10 number
#: A code's or a secret's word at a word's start, inflected or not ("teslim alma kodu", "κωδικό", "PIN-Nummer").
_SECRET_STEM = re.compile(r"(?i)(?<![^\W\d_])(?:cod|kod|κωδικ|код|pin|pass|parol|wachtw|hasł|senha|contrase|clave|mot de passe"
                          r"|sandi|nenosiri|şifre|sifre|lösen|salasan|jelsz|heslo|lozink|geslo|mật khẩu|pwd)"
                          r"|暗証|密码|密碼|パスワード|コード|暗号|비밀번호|비번|코드|รหัส|סיסמ|קוד|كلمة|رمز|पासवर्ड|पिन|कोड")
_EDGE = " \t\n.,!?;:()\"'«»“”🙂🙏😅👍"
_TAIL = re.compile(r"[\s.,!?;:)\"'»”\U0001F300-\U0001FAFF\u2600-\u27BF]*$")


def _labels_only(before: str) -> bool:
    """``before`` names a public reference and no secret once those names are blanked out."""
    data = labelled_lookalikes._data()
    low = before.lower()
    found = list(data["labels"].finditer(low))
    if not found:
        return False
    rest, at = [], 0
    for a, b in found:
        rest.append(low[at:a])
        at = b
    rest.append(low[at:])
    rest_text = " ".join(rest)
    return not (labelled_lookalikes._secret_names().search(rest_text) or _SECRET_STEM.search(rest_text))


#: A commit's, a build's or an image's hash named in the turn before ("the app broke after commit" / "2e5eb9c").
_HASH_NAME = re.compile(r"(?i)(?<![^\W\d_])(?:commit|hash|sha|sha1|sha256|checksum|digest|revision|rev|build|"
                        r"image|tag|merge|cherry-pick|rebase|revert|git)(?![^\W\d_])|[@#]\s*$")
_HASH = re.compile(r"(?:sha(?:1|256|512):)?(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])(?:[0-9a-f]{7,40}|[0-9a-f]{64}|[0-9a-f]{128})"
                   r"(?![0-9A-Za-z])")


def _hash_after_name(text: str, spans: list[Span], before: str) -> list[Span]:
    """``spans`` without the hash this turn opens with after the turn ``before`` named a commit or a digest."""
    lead = len(text) - len(text.lstrip())
    m = _HASH.match(text, lead)
    if not m or not _HASH_NAME.search(before[-60:]) or _SECRET_STEM.search(before) \
            or _SECRET_STEM.search(text, m.end()):
        return spans
    return [sp for sp in spans if not (m.start() <= sp[0] and sp[1] <= m.end())]


def without_answered_references(text: str, spans: list[Span], before: str) -> list[Span]:
    """``spans`` without the reference this turn gives alone after the turn ``before`` that named it."""
    if not spans or not before:
        return spans
    if text[:1].isspace() or text[:1] in "0123456789abcdefs":  # a hash opens the turn, lower-case hex
        spans = _hash_after_name(text, spans, before)
    if not spans or len(text) > 40:
        return spans
    value = text.strip(_EDGE)
    value = value[:len(value) - len(_TAIL.search(value).group())] if value else value
    if not _SHAPE.fullmatch(value) or not _labels_only(before):
        return spans
    lo = text.find(value)
    hi = lo + len(value)
    return [sp for sp in spans if not (lo <= sp[0] and sp[1] <= hi)]
