"""A trade's public numbers kept: credentials, permits and trade cards (look-alikes of a secret).

- A trade credential's or a permit's number right after its name in the same clause: "CSCS card no
  50725338", "crane's LOLER cert number 96679707", "建築確認番号第R07確認建築東京23677号", "Gas Safe
  ID 512345" — shown on site, printed on a certificate, looked up in a public register.
- A trade account's or a builders' merchant's card number: "Screwfix trade card number 6654914640",
  "Koçtaş kart no 9649835772" — a customer number at the counter, not a payment card's.
- The same number typed alone in the turn after the name ("Prüfbescheinigung vom Gerüst" / "Nr.
  67678814", "apúntate mi tarjeta de Leroy Merlin" / "es la 7795740038143").

Never when a secret's name (a password, a PIN, a code, a login; assets/secret_words.json through
:mod:`reference_values`) stands between the name and the value or in the turn that named it, and
never a payment card's number (a network's prefix, a card's length, the Luhn check). Names as data
in ~15 languages (assets/trade_credentials.json); the reader runs only on spans already found, its
names looked up word by word.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import public_statements, reference_values

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "trade_credentials.json"
#: The kinds a public number can be read as (a trade's, or one a refusal names instead); an api key, a private key or
#: a seed is never one.
NUMBER_KINDS = frozenset({"password", "pin", "card number", "bank account", "government id", "personal id", "login"})
#: A clause's end between a name and a value: the value belongs to another clause.
_CLAUSE_END = re.compile(r"[.!?;\n]\s|[。！？；]|\u2029")
_LAST_END = re.compile(r"(?s).*(?:[.!?;\n]\s|[。！？；]|\u2029)")
#: A secret's own words the shared list does not hold as a blocker ("code", "login").
_SECRET = re.compile(r"(?i)\w*(?:code|codes|c[oó]digo|codice|kod|kode|passcode|passwort|wort|sandi|senha|parol)(?![^\W\d_])"
                     r"|(?<![^\W\d_])(?:login|logins?|user ?name|pin\w*|pwd|pw|otp|cvv|cvc|crypto|prüfziffer|prüfnummer)(?![^\W\d_])"
                     r"|コード|코드|暗証|密码|密碼|비번|비밀번호|パスワード|пароль|şifre")
#: A turn that is the value alone, with a short lead ("Nr. 67678814", "es la 7795…", "it's 0412 5520").
_LONE = re.compile(r"\s*(?:[^\W\d_]{1,6}\.?:?\s+){0,2}#?\s?(?P<v>[\w][\w\-./ ]{3,30}?)\s*[.!]?\s*")
#: How far a value may stand after its name (a number's word, a copula, a few words between).
_REACH = 40


@lru_cache(maxsize=1)
def _names() -> reference_values._Words:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    words = [w for key in ("credentials", "merchants") for group in data[key].values() for w in group]
    return reference_values._Words(words)


#: A card's or an account's bare name: what a trade card or a trade account is too ("Koçtaş kart no").
_CARD_OR_ACCOUNT = re.compile(r"(?i)(?:cards?|kart\w*|tarjetas?|cartes?|cart[ãa]o|carta|kaart|karta|карт\w*|accounts?|cuentas?"
                              r"|comptes?|conta|konto|conto|rekening|hesab\w*)(?:\s*(?:number|no|nr|#|n[úu]mero|numéro))?\.?")


def _secret_named(text: str) -> bool:
    if _SECRET.search(text):
        return True
    return any(not _CARD_OR_ACCOUNT.fullmatch(text[a:b]) for a, b in reference_values._words()["blocker"].finditer(text))


def _payment_card(text: str, sp: Span) -> bool:
    return sp[2] == "card number" and public_statements._network_card(re.sub(r"\D", "", text[sp[0]:sp[1]]))


def _named_before(text: str, start: int, names: list[tuple[int, int]]) -> bool:
    """A name ending at most :data:`_REACH` characters before ``start``, nothing secret between nor in its
    clause before it."""
    for a, b in reversed(names):
        if b > start:
            continue
        if start - b > _REACH:
            return False
        between = text[b:start]
        lead = text[max(0, a - 30):a]  # the clause's words before the name ("my bank account at screwfix is …")
        lead = lead[m.end():] if (m := _LAST_END.search(lead)) else lead
        return not (_CLAUSE_END.search(between) or _secret_named(between) or _secret_named(lead)
                    or reference_values._patterns()["document"].search(text, max(0, a - 30), start))  # "work permit (on my BRP)"
    return False


def without_trade_credentials(text: str, spans: list[Span], before: str = "") -> list[Span]:
    """``spans`` without the numbers of a trade's credential, a permit or a trade card named before them
    (in ``text``, or in the turn ``before`` when ``text`` is the number alone)."""
    if not spans or not any(sp[2] in NUMBER_KINDS for sp in spans) or any(_payment_card(text, sp) for sp in spans):
        return spans  # (a payment card's number in the message: its code and expiry are no trade's)
    names = _names().finditer(text)
    lone = bool(before) and _LONE.fullmatch(text) is not None and not names and bool(_names().finditer(before)) \
        and not _secret_named(before) and not _secret_named(text)
    if not names and not lone:
        return spans
    out = []
    for sp in spans:
        if sp[2] in NUMBER_KINDS and re.search(r"\d", text[sp[0]:sp[1]]) and not _payment_card(text, sp) \
                and (lone or _named_before(text, sp[0], names)):
            continue
        out.append(sp)
    return out
