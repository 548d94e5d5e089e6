"""The account a password opens, not the password: a value a finder took after a secret's name that
is the service's name ("вчора змінив пароль від MetaMask", "pappa har bytt lösenord till BankID-appen",
"nimebadilisha nenosiri la M-Pesa", "ricordami di cambiare la password di disney+") or a password
manager's ("パスワード管理は" / "Bitwardenを使ってる").

Two tests, both on a password's span only:

- the value, without a particle or an inflection after a Latin name, is a password manager, an
  authenticator or a wallet's app (assets ``service_names.json``, ``tools``);
- the value follows a secret's name and a word that links it to what it opens ("for", "від", "till",
  "la", "στο", with their articles; ``secret_nouns`` × ``links``, per language) and is a name, not a
  secret's shape: at most three words, a capital letter, no digit, no quote, no sign but "+", "-", "&".
  "the password for Netflix is Summer24" gives the finders "Summer24", not "Netflix": this test reads
  only a value that ends its clause.

Only the password spans other readers found are read: a message with none pays nothing.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

Span = tuple[int, int, str]
_ASSET = Path(__file__).resolve().parent.parent / "assets" / "service_names.json"
#: A Latin name's tail that is grammar, not name: a Scandinavian article, an app's word.
_TAIL = re.compile(r"-(?:appen|appar|app|en|et|a|n)$")
_NAME = re.compile(r"[^\W\d_][\w+&.\-]*(?: [^\W\d_][\w+&.\-]*){0,2}[+]?")
_END = re.compile(r"\s*(?:$|[.!?,;)\n]|\s(?:and|y|e|et|und|en|och|og|i|и|і|και|na|dan|ve|și|a)\s|"
                  r"\s(?:today|yesterday|leo|jana|ieri|hoy|ayer|heute|gestern|hier|aujourd'hui|idag|igår|сьогодні|вчора"
                  r"|сегодня|вчера|χθες|σήμερα|hari ini|kemarin|dzisiaj|wczoraj|a fine mese|cada|every|каждый|jeden|chaque)\b)")


@functools.cache
def _data() -> tuple[frozenset[str], re.Pattern[str], frozenset[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    nouns = "|".join(re.escape(w) for w in sorted(data["secret_nouns"], key=len, reverse=True))
    links = "|".join(re.escape(w) for w in sorted(data["links"], key=len, reverse=True))
    # a link that is a copula after a noun of its language: Finnish "salasana on X" is "the password is X"
    copulas = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(data["copulas"], key=len, reverse=True))
    led = re.compile(rf"(?i)(?<![^\W\d_])(?!(?:{copulas})\s*$)(?:{nouns})\s+(?:{links})\s*$")
    return frozenset(data["tools"]), led, frozenset(w.casefold() for w in data["links"])


def _tool(value: str, tools: frozenset[str]) -> bool:
    """The value's Latin words, without the particles and the words of a script without spaces
    around them ("マネージャーは1Passwordを使ってる"), are one tool's name."""
    name = " ".join(_CJK.sub(" ", _TAIL.sub("", value.strip(" .,!?:;\"'"))).split()).casefold()
    if name in tools:
        return bool(name)
    # a case ending on the Latin name: Polish "w KeePassie", Finnish "Bitwardenissa", Turkish "Bitwarden'da"
    return any(name.endswith(e) and len(name) - len(e) >= 4 and name[:-len(e)].rstrip("'’") in tools for e in _CASE_ENDINGS)


#: Case endings a Latin name takes in Polish, Czech, Finnish, Turkish, Hungarian, Russian and Ukrainian.
_CASE_ENDINGS = ("ie", "u", "a", "em", "ach", "owi", "e", "issa", "ssa", "ssä", "sta", "stä", "iin", "ista",
                 "'da", "'de", "'ta", "'te", "’da", "’de", "ban", "ben", "ben", "ом", "е", "і", "у",
                 # Turkish, Azerbaijani, Uzbek and Kazakh locatives written without the apostrophe ("KeePassda")
                 "da", "de", "ta", "te", "dan", "den", "tan", "ten", "ga", "ge")


_CJK = re.compile(r"[\u3040-\u30ff\uac00-\ud7af\u4e00-\u9fff]+")
_WORD = re.compile(r"\S+")


def _service(text: str, start: int, end: int, led: re.Pattern[str], links: frozenset[str]) -> bool:
    """A name of one to three words right after a secret's name and its link, its clause ending
    after it: "contraseña de [la Seguridad Social] cada 90 días", "password di [disney+] a fine mese"."""
    words = [(m.start() + start, m.end() + start) for m in _WORD.finditer(text[start:end])]
    while words and text[words[0][0]:words[0][1]].casefold() in links:  # an article the value began with
        words.pop(0)
    if not words or led.search(text[max(0, start - 40):words[0][0]]) is None:
        return False
    for k in range(min(3, len(words)), 0, -1):
        name = text[words[0][0]:words[k - 1][1]].rstrip(".,!?;")
        if _NAME.fullmatch(name) and not any(c.isdigit() for c in name) \
                and (any(c.isupper() for c in name) or "+" in name or "&" in name) \
                and _END.match(text, words[0][0] + len(name)):
            return True
    return False


def without_service_names(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a password's "value" that names the service it opens or the tool it is kept in."""
    if not any(kind == "password" for _s, _e, kind in spans):
        return spans
    tools, led, links = _data()
    return [sp for sp in spans if sp[2] != "password"
            or not (_tool(text[sp[0]:sp[1]], tools) or _service(text, sp[0], sp[1], led, links))]
