"""A login and its password joined by a colon in one token: "m.kowal88:Lipa2019", "ana_r@mail.com:Girassol#7".

Services, leaked lists and password managers' exports write a credential so, and people paste it as it is,
with no word of logging in around it ("here you go: j.smith77:Winter2024"). The token stands alone
(a blank, a quote or the text's edge on either side) and has one colon: before it a login — letters with a
dot, an underscore, an @ or a digit, or an e-mail address; after it a password — six to forty characters with
letters and digits (or a mark). Both halves are withheld (a login of that shape is half of the secret).

Kept, by the halves' shapes: a time or a ratio ("10:30", "16:9": no letter before the colon), a host and its
port or a file and its line ("db.local:5432", "main.py:120": digits only after it), a link ("http://…",
"user@host:/path": a slash), a container image or a package and its version ("python:3.12-slim",
"node_18:lts": no digit and letter mix, or a version's dots), a Bible verse ("John 3:16"), a clock with
seconds ("10:30:15": two colons), a label and its value ("Note:Buy2"; a label is a plain word), a reference after
its label ("order_id:A1B2C3D4", "ref_no:XK12345"), a username after its own label ("user_name:kowal88"), a digest
after its algorithm ("sha256:9f86d0…"). Both halves are ASCII: a clock in Japanese or Chinese text ("集荷は8:00に")
is no login.
"""

from __future__ import annotations

import re

Span = tuple[int, int, str]

_TOKEN = re.compile(r"(?<![^\s\"'“‘«(\[])(?P<login>[A-Za-z0-9_.+-]{2,40}(?:@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)?)"
                    r":(?P<value>(?:(?![:/\\\"'()\[\]{}<>,;])[!-~]){6,40}?)"
                    r"(?=[\s\"'”’»)\].,;!?]*(?:\s|$))")
_LOGIN = re.compile(r"(?=.*[^\W\d_])(?=.*[_.@\d])")
_VALUE = re.compile(r"(?=.*[^\W\d_])(?=.*\d)")
#: A version or a tag after the colon ("3.12-slim", "v2.1", "lts-18", "latest"), a file's extension before it.
_VERSION = re.compile(r"(?i)v?\d+(?:\.\d+)+[\w.-]*|[\w-]*\d+\.\d+[\w.-]*|(?:lts|latest|stable|alpine|slim|bookworm|bullseye|jammy)[\w.-]*")
#: Parts of a label's name before a colon ("order_id", "Ref_No", "sku_2"): a reference follows, not a password.
_LABEL_PARTS = frozenset({"id", "no", "nr", "num", "number", "ref", "reference", "order", "sku", "code", "tracking", "invoice",
                          "ticket", "booking", "pnr", "awb", "case", "serial", "model", "item", "part", "version", "ver",
                          "build", "tag", "image", "branch", "commit", "room", "seat", "gate", "flight", "host", "port",
                          "file", "line", "page", "step", "test", "user", "username", "login", "email",
                          "sha", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3", "md5", "blake2b", "blake3", "crc32"})
_FILE = re.compile(r"(?i)\.(?:py|js|ts|tsx|jsx|java|c|cc|cpp|h|hpp|rs|go|rb|php|cs|kt|swift|sh|txt|log|md|json|ya?ml|toml|html?|css|sql|ini|cfg|xml)$")


def spans(text: str) -> list[Span]:
    """The two halves of "login:password" tokens standing alone in ``text``."""
    if ":" not in text or len(text) > 4000:
        return []
    out: list[Span] = []
    for n, m in enumerate(_TOKEN.finditer(text)):
        if n >= 8:
            break
        login, value = m.group("login"), m.group("value").rstrip(".!?")
        if login.startswith(".") or login.endswith(".") or not _LOGIN.match(login) or _FILE.search(login):
            continue
        if login.casefold().startswith(("http", "www", "ftp", "mailto", "tel", "sms")):
            continue
        if _LABEL_PARTS.intersection(re.split(r"[_.\-]+", login.casefold())):
            continue  # "order_id:A1B2C3D4", "ref_no:XK12345": a label and its reference
        if len(value) < 6 or not _VALUE.match(value) or _VERSION.fullmatch(value):
            continue
        if "." in value and "@" not in value and re.fullmatch(r"[\w-]+(?:\.[\w-]+)+", value) and not re.search(r"[A-Z]", value):
            continue  # "pkg.module:func2.attr": a dotted path
        out.append((m.start("login"), m.end("login"), "password"))
        out.append((m.start("value"), m.start("value") + len(value), "password"))
    return out
