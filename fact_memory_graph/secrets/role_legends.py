"""Values followed by a legend naming their roles in order: "Xbox: LazyFox + Kanelbulle? (användarnamn +
lösenord)", "PSN: ghostferal40 / woaini1314 (用户名 / 密码)", "jdoe, Tr0mb0ne (user, pass)".

A bracketed legend of two or three roles joined by "+", "/", "|", "&" or ",", one of them a password's
name (:func:`forms.names_in`, forty languages) that is not a login's name; the values before the
bracket, joined the same way, one per role: the value in the password's place is withheld. A legend
with no password's role ("(name + age)") reads nothing.
"""

from __future__ import annotations

import re

from fact_memory_graph.secrets import forms, referred_passwords

Span = tuple[int, int, str]

_LEGEND = re.compile(r"[(\[（](?P<roles>[^()\[\]（）\n\u2029]{3,60})[)\]）]")
_ROLE_SEP = re.compile(r"\s*[+/|&,＋／、]\s*")
_VALUE_SEP = re.compile(r"^\s*[+/|&,＋／]\s*$")
_TOKEN = re.compile(r"[^\s+/|&,＋／()\[\]（）]+")


def mentioned(text: str) -> bool:
    """A bracket closing a legend (cheap: two characters)."""
    return ("(" in text or "[" in text or "（" in text) and ("+" in text or "/" in text or "," in text or "|" in text
                                                            or "&" in text or "＋" in text)


def _password_role(role: str) -> bool:
    return any(n.kind == "password" for n in forms.names_in(role)) and not referred_passwords.login_words().search(role)


def spans(text: str) -> list[Span]:
    """The value in a password's place before a legend of roles."""
    out: list[Span] = []
    for legend in _LEGEND.finditer(text):
        roles = [r for r in _ROLE_SEP.split(legend.group("roles").strip()) if r]
        if not 2 <= len(roles) <= 3 or any(len(r.split()) > 3 for r in roles):
            continue
        places = [n for n, r in enumerate(roles) if _password_role(r)]
        if len(places) != 1:
            continue
        line_start = max(text.rfind("\n", 0, legend.start()), text.rfind("\u2029", 0, legend.start()),
                         text.rfind(":", 0, legend.start()), text.rfind("->", 0, legend.start()) + 1,
                         text.rfind("→", 0, legend.start())) + 1
        tokens = list(_TOKEN.finditer(text, line_start, legend.start()))[-len(roles):]
        if len(tokens) != len(roles):
            continue
        if any(not _VALUE_SEP.match(text[x.end():y.start()]) for x, y in zip(tokens, tokens[1:], strict=False)):
            continue  # values are joined as their roles are: "a + b (user + pass)"
        value = tokens[places[0]]
        token = value.group().rstrip(",;:")
        if len(token) < 3:
            continue
        out.append((value.start(), value.start() + len(token), "password"))
    return out
