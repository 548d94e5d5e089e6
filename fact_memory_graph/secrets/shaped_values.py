"""Secrets known by their shape, a checksum and a name near them.

Each rule needs two things: a value of a secret's shape (a Luhn-valid run of digits, a bank code
beside a run of digits, an id python-stdnum validates, a long mixed token, a list of short codes)
and a name of the secret near it, in any language (assets/secret_shapes.json). Either alone is
an ordinary number or an ordinary word:

- a card number after a card's name whose digits pass Luhn, whatever its network prefix;
- an account number beside a bank's public code (routing/ABA with its checksum, IFSC, sort code,
  BSB, SWIFT) — the code is then part of the secret too; an agency and an account ("ag 1234
  cc 56789-0"); a labelled IBAN whose check digits do not add up (still someone's account);
- an id python-stdnum validates after an id's name; with no name, only a checksum-valid id whose
  length is unusual for an ordinary number and that encodes a birth date (South Africa's 13 digits,
  China's 18, Korea's, Romania's, Norway's, Poland's, Turkey's 11, Sweden's with its dash);
- a key, token or secret's name (any language) then a long mixed token (letters and digits);
- two or more short codes after a backup or recovery word ("0926 9956, 27882142, pj9rc-xdw8u"),
  or one long grouped recovery key;
- a one-time code beside its name in a pasted bank message ("112134 आपका OTP है").

Look-alike guards: an order's, a tracking's, a phone's or an invoice's name before the value; a
phone number; a date, a year, an amount; a public key, a hash, a version.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from fact_memory_graph.secrets import forms
from fact_memory_graph.secrets.checksums import luhn as _luhn

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "secret_shapes.json"
_B, _E = r"(?<![^\W\d_])", r"(?![^\W\d_])"


def _alt(words: list[str]) -> str:
    """The words as one pattern, factored as a trie (lower case, matched with re.I): Python's re
    tries each alternative at each position, a trie only the branch of the next letter."""
    trie: dict[str, Any] = {}
    for word in set(words):
        node = trie
        for ch in word.lower():
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        branches = [re.escape(ch) + emit(node[ch]) for ch in sorted(k for k in node if k)]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if "" in node:
            return f"(?:{body})?"
        return body

    return emit(trie)


@lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    out: dict[str, Any] = {}
    for key, words in data.items():
        if key.startswith("_"):
            continue
        ascii_words = [w for w in words if w.isascii()]
        other = [w for w in words if not w.isascii()]
        parts = []
        if ascii_words:
            parts.append(rf"{_B}(?:{_alt(ascii_words)}){_E}")
        if other:  # a script without spaces: the name may touch its neighbours
            parts.append(rf"(?:{_alt(other)})")
        out[key] = re.compile("(?i)" + "|".join(parts))
    # "applicationKey", "STRIPE_SECRET", "authToken": a key's name at the end of an identifier
    out["api_suffix"] = re.compile(r"(?:[a-z](?:Key|Token|Secret)|_(?:KEY|TOKEN|SECRET)|_(?:key|token|secret))\b")
    return out


#: Anything worth a look: a run of five digits or more (grouped or not), a long token, a letter beside a digit.
_TRIGGER = re.compile(r"\d(?:[ \-./]?\d){4}|[A-Za-z0-9_\-]{16}|[A-Za-z]\d[A-Za-z0-9]{2}|\d[A-Za-z][A-Za-z0-9]{2}"
                      r"|(?i:\d{4}\s*(?:dash|hyphen|space|tiret|gui|tra|strich|tratt|тире|tire))")

_NOT_BEFORE = re.compile(
    r"(?i)(?:(?<![^\W\d_])(?:order|tracking|track|parcel|shipment|invoice|ticket|booking|confirmation|reservation"
    r"|flight|isbn|imei|vin\b|serial|model|sku|version|build|release|policy|case|loyalty|member|membership|customer"
    r"|library|zip|postal|postcode|pincode|pin code|room|barcode|claim|reference|ref\b|error|trace|commit|hash|sha\d*\b"
    r"|uuid|promo|coupon|referral"
    r"|container|image|digest|docket|phone|tel\b|mobile|call|whatsapp|fax|pedido|rastreio|commande|bestellung"
    r"|sendung|ordine|заказ|sipariş|kargo|awb|waybill|consignment|lot\b|batch)"
    r"|注文|订单|訂單|주문|طلب|ऑर्डर|অর্ডার|配送|快递|運送|伝票|송장)[^.!?\n]{0,30}$")
_AREA_CODE_BEFORE = re.compile(r"\(\+?\d{1,4}\)\s*$")  # "(11) 96987-9070": a phone's area code
_CURRENCY_BEFORE = re.compile(r"(?i)(?:[$€£¥₹₩₽]|rs\.?|inr|usd|eur|gbp|brl|r\$|mxn|aud|cad)\s*$")


_OWN_NAME = re.compile(r"(?i)\b(?:iban|clabe|cbu|bsb|ifsc)\b")


def names_itself(text: str, start: int) -> bool:
    """Whether the turn names the value at ``start`` itself, just before it (an account's, a
    card's or an IBAN's name): a public label that ended the turn before does not apply to it."""
    before = text[max(0, start - 30):start]
    words = _words()
    return bool(_OWN_NAME.search(before) or words["account"].search(before) or words["card"].search(before))


def _guarded(text: str, start: int, end: int) -> bool:
    """Whether the value at ``start:end`` reads as an order's, a phone's or an amount."""
    from fact_memory_graph.secrets import forms

    before = text[max(0, start - 45):start]
    return bool(_NOT_BEFORE.search(before) or _CURRENCY_BEFORE.search(text[max(0, start - 5):start])
                or _AREA_CODE_BEFORE.search(before)
                or forms.is_phone_number(text, start, end))


def _near(pattern: re.Pattern[str], text: str, start: int, reach: int = 40) -> re.Match[str] | None:
    """The last name of ``pattern`` ending within ``reach`` characters before ``start``."""
    found = None
    for m in pattern.finditer(text, max(0, start - reach - 30), start):
        if m.end() <= start and start - m.end() <= reach:
            found = m
    return found


# ---------------------------------------------------------------- cards
_CARD_RUN = re.compile(r"(?<![\d+])\d(?:[ \u00a0.\-]{0,3}\d){12,18}(?!\d)")


#: A card that is no payment card, named right before the card's name ("library card", "Payback-Karte").
_OTHER_CARD = re.compile(r"(?i)(?:loyalty|library|member\w*|gift|store|rewards?|points|club|bonus|transit|bus|metro"
                         r"|oyster|student|insurance|health|sim|payback|nectar|tesco|fidelidad|fidélité|kunden|treue"
                         r"|puntos|pontos|punkte|bibliot\w*|socio|sócio|presente|regalo|cadeau|geschenk)\W{0,3}$")


def _cards(text: str) -> Iterator[Span]:
    """A Luhn-valid run after a card's name: the name says what it is, so what stands before the
    name ("over the phone so her visa is …") does not make it a phone's or an order's number."""
    words = _words()
    for m in _CARD_RUN.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if not (13 <= len(digits) <= 19 and _luhn(digits)):
            continue
        name = _near(words["card"], text, m.start(), 30)
        if name and not _NOT_BEFORE.search(text[name.start():m.start()]) \
                and not _OTHER_CARD.search(text[max(0, name.start() - 20):name.start()]) \
                and not _CURRENCY_BEFORE.search(text[max(0, m.start() - 5):m.start()]):
            yield m.start(), m.end(), "card number"


#: A card read out with its separators spoken ("4825 dash 0185 dash 0852 dash 2916").
_SPOKEN_CARD = re.compile(r"(?i)(?<!\d)\d{4}(?:\s*(?:dash|hyphen|space|tiret|gui[oó]n|tra[cç]o|strich|trattino|тире|tire)"
                          r"\s*\d{3,4}){2,4}(?!\d)")


def _spoken_cards(text: str) -> Iterator[Span]:
    for m in _SPOKEN_CARD.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if 15 <= len(digits) <= 16 and _luhn(digits) and _words()["card"].search(text):
            yield m.start(), m.end(), "card number"


# ---------------------------------------------------------------- an authenticator's key in groups
_BASE32_GROUPS = re.compile(r"(?<![A-Za-z0-9])[A-Za-z2-7]{4}(?: [A-Za-z2-7]{4}){5,}(?![A-Za-z0-9])")
_SEED_NAME = re.compile(r"(?i)\b(?:key|secret|seed|setup|authenticator|2fa|totp|mfa|chave|clave|schlüssel|clé|chiave)\b"
                        r"|キー|密钥|키|ключ")


def _seed_groups(text: str) -> Iterator[Span]:
    for m in _BASE32_GROUPS.finditer(text):
        value = m.group()
        if re.search(r"[2-7]", value) and re.search(r"[A-Za-z]", value) \
                and sum(1 for g in value.split() if re.search(r"[2-7]", g)) >= 2 \
                and _SEED_NAME.search(text, max(0, m.start() - 60), m.start()):
            yield m.start(), m.end(), "one-time code"


# ---------------------------------------------------------------- bank accounts beside a bank code
_IFSC = re.compile(r"(?<![A-Za-z0-9])[A-Z]{4}0[A-Z0-9]{6}(?![A-Za-z0-9])")
_SWIFT = re.compile(r"(?<![A-Za-z0-9])[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![A-Za-z0-9])")
_CODE_VALUE = re.compile(r"[\s:#.\-=(]{0,4}(?:is\s+|es\s+|é\s+|ist\s+|:\s*)?(?P<v>\d{2}[- ]?\d{2}[- ]?\d{2}(?!\d)"
                         r"|\d{3}[- ]?\d{3}(?!\d)|\d{9}(?!\d)|\d{8}(?!\d)|\d{5}(?!\d)|\d{4}(?:-\d)?(?!\d)"
                         r"|[A-Z]{4}0[A-Z0-9]{6}|[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Za-z0-9])")
_ACCOUNT_RUN = re.compile(r"(?<![\w.,/:+])\d(?:[ \-]?\d){3,17}(?:-[\dXx])?(?![\w/:])")
_DATE_LIKE = re.compile(r"(?:19|20)\d{2}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](?:19|20)?\d{2}")


#: A bank code a few words after its name ("routing # for the mission fund is 2648…", "BSB của tài khoản
#: chùa là 904-708"): only a code's own shapes (a sort code, a BSB, a New Zealand bank and branch, six or
#: nine digits), no digit and no sentence's end between.
_FAR_CODE = re.compile(r"[^\d.!?;\n\u2029]{1,40}?(?<![\w\-])(?P<v>\d{2}-\d{2}-\d{2}|\d{3}-\d{3}|\d{2}-\d{4}|\d{6}|\d{9})"
                       r"(?![\w\-/.,]\d|[\w\-])")


def _far_code(text: str, at: int) -> re.Match[str] | None:
    return _FAR_CODE.match(text, at)


def _bank_codes(text: str) -> list[tuple[int, int]]:
    words = _words()
    found: list[tuple[int, int]] = []
    for m in words["bank_code"].finditer(text):
        v = _CODE_VALUE.match(text, m.end()) or _far_code(text, m.end())
        if not v:
            continue
        value = v.group("v")
        compact = re.sub(r"\D", "", value)
        name = m.group().lower()
        if len(compact) == 9 and ("routing" in name or "aba" in name or "ach" in name or "wire" in name):
            from stdnum.us import rtn

            if not rtn.is_valid(compact):
                continue
        found.append((v.start("v"), v.end("v")))
    for m in _IFSC.finditer(text):  # an IFSC is known by its shape alone
        if not any(a <= m.start() < b for a, b in found):
            found.append((m.start(), m.end()))
    return found


_SIX_DIGITS = re.compile(r"\d(?:[ \-]?\d){5}")


def _banks(text: str) -> Iterator[Span]:
    if not _SIX_DIGITS.search(text):
        return
    codes = _bank_codes(text)
    if not codes:
        return
    words = _words()
    has_account_word = bool(words["account"].search(text))
    for a, b in codes:
        for m in _ACCOUNT_RUN.finditer(text, max(0, a - 90), min(len(text), b + 90)):
            if m.start() < b and m.end() > a:
                continue
            digits = re.sub(r"\D", "", m.group())
            if not 6 <= len(digits) <= 18 or _DATE_LIKE.fullmatch(m.group()) or _guarded(text, m.start(), m.end()):
                continue
            if any(x <= m.start() < y for x, y in codes):
                continue
            gap = text[b:m.start()] if m.start() >= b else text[m.end():a]
            if len(gap) > 40 and not has_account_word:
                continue
            if re.search(r"\n\s*\n", gap):
                continue
            yield m.start(), m.end(), "bank account"
            if not (_SWIFT.fullmatch(text[a:b]) and not _IFSC.fullmatch(text[a:b])):  # a BIC names a bank: public
                yield a, b, "bank code"  # not "bank account": an IFSC alone is public (public_values)


_AGENCY_ACCOUNT = re.compile(
    r"(?i)\bag(?:ência|encia|\.)?\s*[:nº°]*\s*(?P<ag>\d{3,5}(?:-[\dxX])?)\b[^\n]{0,30}?"
    r"\b(?:c/?c|conta(?:\s+corrente)?|cta|cuenta)\s*[:nº°.]*\s*(?P<cc>\d{3,12}-?[\dxX]?)(?![\w])")

_IBAN_LABELLED = re.compile(r"(?i)\biban\b\s*[:：#-]?\s*(?P<v>[A-Z]{2}\d{2}(?:[ \-]?[A-Z0-9]){11,30})(?![A-Za-z0-9])")


def _iban_bad_check(value: str) -> bool:
    from stdnum import iban

    return not iban.is_valid(re.sub(r"[ \-]", "", value))


def _agencies(text: str) -> Iterator[Span]:
    for m in _AGENCY_ACCOUNT.finditer(text):
        yield m.start("ag"), m.end("ag"), "bank account"
        yield m.start("cc"), m.end("cc"), "bank account"
    if "iban" in text.lower():
        for m in _IBAN_LABELLED.finditer(text):
            if _iban_bad_check(m.group("v")):
                yield m.start("v"), m.end("v"), "bank account"


# ---------------------------------------------------------------- ids by checksum
_ID_RUN = re.compile(r"(?<![\w+])\d(?:[ \-./]?\d){7,17}(?:[ \-]?[\dXx])?(?![\w])")
#: Eleven digits are a phone's length in many countries and thirteen a barcode's or a waybill's: with no
#: name, only South Africa's and Korea's thirteen (a birth date, a checksum) and China's eighteen.
_BARE_ID_MODULES = {13: ("za.idnr", "kr.rrn"), 18: ("cn.ric",)}
_DASHED_PERSONAL = re.compile(r"(?<![\w\-+])\d{6}[-+]\d{4}(?![\w\-])")


@cache
def _module(name: str) -> Any:
    import importlib

    return importlib.import_module(f"stdnum.{name}")


def _valid(name: str, value: str) -> bool:
    try:
        return bool(_module(name).is_valid(value))
    except Exception:  # a module that cannot read it
        return False


def _ean13(digits: str) -> bool:
    from stdnum import ean

    return len(digits) == 13 and bool(ean.is_valid(digits))


def _ids(text: str, found: Sequence[Span] = ()) -> Iterator[Span]:
    """``found``: the government ids already found (validated): after a person's id's name one is
    a person's id, with no second look through python-stdnum's registry (its cost)."""
    from fact_memory_graph.secrets import forms

    words = _words()
    known = [(s, e) for s, e, k in found if k == "government id"]
    for m in _ID_RUN.finditer(text):
        compact = re.sub(r"[ \-./]", "", m.group()).upper()
        modules = _BARE_ID_MODULES.get(len(compact), ())
        named = _near(words["id"], text, m.start(), 50)
        if not named and not modules or _DATE_LIKE.fullmatch(m.group()) or _guarded(text, m.start(), m.end()):
            continue
        if named and (any(s <= m.start() < e or m.start() <= s < m.end() for s, e in known)
                      or forms._valid_somewhere(compact, checked=True)):  # a person's id by its name: no company's
            yield m.start(), m.end(), "personal id"
            continue
        if modules and not (len(compact) == 13 and _ean13(compact)) and re.fullmatch(r"\d+[\dX]", compact) \
                and any(_valid(name, compact) for name in modules):
            yield m.start(), m.end(), "government id"
    if "-" in text or "+" in text:
        for m in _DASHED_PERSONAL.finditer(text):
            if not _guarded(text, m.start(), m.end()) and _valid("se.personnummer", m.group()) \
                and _near(_words()["id"], text, m.start(), 50):
                yield m.start(), m.end(), "government id"


# ---------------------------------------------------------------- keys and tokens of any provider
_TOKEN = re.compile(r"(?<![\w/.@\-])[A-Za-z0-9][A-Za-z0-9_\-]{15,}(?![\w/@\-]|\.\w)")


def _token_shape(token: str) -> bool:
    if re.fullmatch(r"[a-z]{2,5}_(?=[A-Za-z]*[a-z])(?=[A-Za-z]*[A-Z])[A-Za-z]{14,}", token) \
            and len(re.findall(r"[a-z][A-Z]|[A-Z][a-z]", token)) >= 4:
        return True  # a provider's prefix, then random letters of both cases ("hf_YpnbkHIlrntZkcB")
    if not re.search(r"\d", token) or not re.search(r"[A-Za-z]", token):
        return False
    digits = len(re.findall(r"\d", token))
    mixed_case = bool(re.search(r"[a-z]", token) and re.search(r"[A-Z]", token))
    joined = "_" in token or "-" in token
    if re.fullmatch(r"[a-z]+(?:[-_][a-z]+)*[-_]?\d{1,4}", token):  # a slug with a number
        return False
    return (mixed_case and digits >= 2) or (joined and digits >= 6) or (len(token) >= 24 and digits >= 4)


_STRONG_KEY_NAME = re.compile(r"(?i)api|secret|token|segredo|secreto|geheim|segreto|sekret|секрет|токен|密钥|令牌|토큰|トークン")


def _keys(text: str) -> Iterator[Span]:
    words = _words()
    for m in _TOKEN.finditer(text):
        token = m.group()
        if not _token_shape(token):
            continue
        name = _near(words["api"], text, m.start(), 40) or _near(words["api_suffix"], text, m.start(), 30)
        if not name:
            continue
        window = text[name.start():m.start()]
        if words["not_api"].search(window) or words["not_api"].search(text[max(0, name.start() - 20):name.end()]):
            continue
        if re.search(r"[.!?]\s", window) or "\n\n" in window:
            continue
        if re.fullmatch(r"[0-9a-f]+|[0-9A-F]+", token) and not _STRONG_KEY_NAME.search(text, max(0, name.start() - 20), m.start()):
            continue  # hex after a plain "key" ("the cache key 5f4dcc3b…"): a hash, an id
        yield m.start(), m.end(), "api key"


# ---------------------------------------------------------------- backup and recovery codes
_CODE = re.compile(r"(?<![\w\-.:/])(?:\d{4}[ \-]\d{4}|\d{3}[ \-]\d{3}[ \-]\d{3,4}|[A-Za-z0-9]{3,6}(?:-[A-Za-z0-9]{3,6}){1,7}"
                   r"|[A-Za-z0-9]{6,12})(?![\w\-]|[.:/]\w)")
_YEAR = re.compile(r"(?:19|20)\d{2}")


def _code_like(token: str) -> bool:
    compact = re.sub(r"[ \-]", "", token)
    if _YEAR.fullmatch(compact) or _DATE_LIKE.fullmatch(token):
        return False
    return bool(re.search(r"\d", compact)) and not re.fullmatch(r"[A-Za-z]+\d{1,2}", compact)


def _layout(token: str) -> str:
    """Where a code's separators stand, its length: "uphy-3d3c" and "iebr-wtqj" are both "xxxx-xxxx"."""
    return re.sub(r"[A-Za-z0-9]", "x", token)


def _recovery(text: str) -> Iterator[Span]:
    if not _words()["recovery"].search(text):
        return
    name = None
    codes = [m for m in _CODE.finditer(text) if _code_like(m.group())]
    for first in codes[:4]:
        name = _words()["recovery"].search(text, max(0, first.start() - 160), first.start())
        if name is not None:
            break
    if name is not None:
        start, end = name.end(), min(len(text), name.end() + 160)
        stop = re.search(r"\n\s*\n", text[start:end])
        if stop:
            end = start + stop.start()
    elif codes and _words()["recovery"].search(text, codes[-1].end(), codes[-1].end() + 60):
        start, end = max(0, codes[0].start() - 40), codes[-1].end()  # "8472 1937, 5521 0093 are my backup codes"
    else:
        return
    tokens = list(_CODE.finditer(text, start, end))
    coded = [m for m in tokens if _code_like(m.group())]
    if not coded:
        return
    # a code of letters only listed with them, written the same way ("iebr-wtqj uphy-3d3c", "vznswueity and jod2317usz")
    shapes = {_layout(m.group()) for m in coded}
    listed = [m for m in tokens if m in coded or (_layout(m.group()) in shapes and m.group().islower()
                                                   and re.fullmatch(r"[a-z]+(?:-[a-z]+)*", m.group()))]
    listed = [m for m in listed if not _guarded(text, m.start(), m.end())]
    coded = [m for m in coded if m in listed]
    long_key = [m for m in coded if m.group().count("-") >= 3]
    if len(listed) >= 2 or long_key:
        for m in listed if len(listed) >= 2 else long_key:
            yield m.start(), m.end(), "recovery code"


# ---------------------------------------------------------------- one-time codes in a pasted message
_OTP_VALUE = re.compile(r"(?<![\w.,:/\-+])(?:\d{4,8}|\d{3} \d{3})(?![\w.,:/\-]|[.,]\d)")


def _otps(text: str) -> Iterator[Span]:
    otp = _words()["otp"]
    if not otp.search(text):
        return
    for m in _OTP_VALUE.finditer(text):
        value = m.group()
        if len(value) == 4 and _YEAR.fullmatch(value):
            continue
        names = [n for n in otp.finditer(text, max(0, m.start() - 60), min(len(text), m.end() + 60))
                 if not forms.public_code_name(text, n.start(), n.end())]  # "código de treinador 4632 …"
        if not names or _guarded(text, m.start(), m.end()):
            continue
        for n in names:
            between = text[m.end():n.start()] if n.start() >= m.end() else text[n.end():m.start()]
            if len(between) <= 30 and not re.search(r"\d|[.!?।]\s|\n", between):
                yield m.start(), m.end(), "one-time code"
                break


_FILLER_RUN = re.compile(r"X{6,}|x{6,}|\*{6,}|#{6,}|•{6,}")


def without_filler(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a value whose random part is a filler ("sk_test_XXXXXXXXXXXX",
    "ghp_xxxxxxxxxxxxxxxxxxxx"): a documentation's placeholder. Six identical X's in a random key
    are all but impossible; the filler must also be most of the value."""
    out = []
    for s, e, k in spans:
        value = text[s:e]
        run = max((len(m.group()) for m in _FILLER_RUN.finditer(value)), default=0)
        if run and run * 2 >= len(value.strip()) and k in ("api key", "password", "private key", "bank account"):
            continue
        out.append((s, e, k))
    return out


_MASK_BEFORE = re.compile(r"(?:[*•·xX#]\s?){2,}$")
_HASH_NAME = re.compile(r"(?i)(?<![^\W\d_])(?:commit|sha(?:-?\d+)?|hash|digest|checksum|revision|rev|md5)\W{0,3}$")
_APPLICATION_REF = re.compile(
    r"(?i)(?<![^\W\d_])(?<!tax )(?:application|file|dossier|case|reference|solicitud|expediente|protocolo|processo|antrag"
    r"|aktenzeichen|demande|pratica|aanvraag|wniosek|başvuru|заявк\w*|arn)\s+(?:file\s+)?"
    r"(?:number|no\.?|nr\.?|#|n[º°]\.?|número|numero|numéro|nummer|id|ref)\s*[:#=]?\s*$")


_ENDING_BEFORE = re.compile(
    r"(?i)(?:ending (?:in|with)|ends (?:in|with)|last (?:\d|four|six|eight) digits?(?: are| is)?|terminad[ao] en|que termina en"
    r"|terminando em|termina em|final(?:e)?|se terminant par|qui finit par|finissant par|endet auf|endend auf|endend mit"
    r"|eindigend op|eindigt op|kończąc\w* się na|заканчива\w*(?: на)?|ile biten|biten|berakhiran|đuôi|末尾|尾号|尾號|끝자리"
    r"|المنتهية ب|المنتهي ب|समाप्त होने वाले)\s*[:\-]?\s*$")
_ENDING_HINT = re.compile(r"(?i)end|last|termin|final|finit|finiss|eindig|kończ|заканч|biten|akhir|đuôi|末尾|尾[号號]|끝자리"
                          r"|المنته|समाप्त")
_NOT_PERSONAL_ID_BEFORE = re.compile(
    r"(?i)(?:student|employee|staff|roll|matric\w*|enrol\w*|badge|estudiante|alumno|aluno|matrícula|matricula"
    r"|étudiant|etudiant|matrikel\w*|studenten\w*|学号|學號|学籍|학번|사번|社員番号|学籍番号|öğrenci)"
    r"[^\d.!?\n]{0,20}$")


def without_lookalikes(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a masked value's visible tail ("la cuenta ****8841", "the card ending in
    09173446"), a commit's hash ("commit 94b51676…"), an application's or a file's number ("passport
    application file number DL10…": the file's, not the passport's), a student's or an employee's
    number."""
    out = []
    for s, e, k in dict.fromkeys(spans):
        value = text[s:e].strip()
        before = text[max(0, s - 40):s]
        digits = re.sub(r"\D", "", value)
        if k in ("bank account", "card number", "government id", "personal id") and len(digits) <= 6 \
                and _MASK_BEFORE.search(before):
            continue
        if re.fullmatch(r"[0-9a-f]{7,64}", value) and re.search(r"[a-f]", value) and re.search(r"\d", value) \
                and _HASH_NAME.search(before):
            continue
        if k in ("government id", "personal id") and _APPLICATION_REF.search(before):
            continue
        if k in ("card number", "bank account") and len(digits) <= 8 and _ENDING_HINT.search(before) \
                and _ENDING_BEFORE.search(before):
            continue  # "the card ending in 09173446": the visible tail of a masked number
        if k == "government id" and _NOT_PERSONAL_ID_BEFORE.search(before):
            continue  # "student number 2021-04417": a school's or an employer's number
        out.append((s, e, k))
    return out


_HALF_CARD = re.compile(r"(?<![\d.,/:])\d{4}[ \-.]?\d{4}(?![\d/:]|[.,]\d)")


def card_rest(text: str, earlier: Sequence[str]) -> list[Span]:
    """The second half of a card in ``text`` whose first half an earlier user turn gave after a
    card's name, even with a turn between them ("ok card is 4990 3547" / "wait, hold on" /
    "3928 6388 sorry"): the two halves must make a card (network prefix, Luhn)."""
    here = list(_HALF_CARD.finditer(text))
    if not here or not earlier:
        return []
    from fact_memory_graph.secrets import _card_number

    firsts = []
    for turn in earlier[-3:]:
        if _words()["card"].search(turn):
            firsts += [re.sub(r"\D", "", m.group()) for m in _HALF_CARD.finditer(turn)]
    out = []
    for m in here:
        second = re.sub(r"\D", "", m.group())
        if any(_card_number(first + second) for first in firsts):
            out.append((m.start(), m.end(), "card number"))
    return out


def bank_spans_before(text: str, after: str, join: str) -> list[Span]:
    """An account number in ``text`` whose bank code the user's next turn ``after`` gives ("my
    checking 5512098734" / "routing 121000358"), codes the next turn calls backup codes: the
    spans in ``text`` (raw offsets)."""
    if not _SIX_DIGITS.search(after) and not _IFSC.search(after) and not _words()["recovery"].search(after):
        return []
    from fact_memory_graph.secrets import forms

    joined = f"{text}{join}{after}"
    norm, origin = forms.view(joined)
    found = forms.back([*_banks(norm), *_recovery(norm)], origin)
    return [sp for sp in found if sp[1] <= len(text)]


def spans(text: str, found: Sequence[Span] = ()) -> list[Span]:
    """The secrets of ``text`` (normalised) these rules find (see the module's note); ``found``:
    the spans the other rules found in it."""
    if not _TRIGGER.search(text):
        return []
    out: list[Span] = []
    for finder in (_cards, _spoken_cards, _seed_groups, _banks, _agencies, _keys, _recovery, _otps):
        out.extend(finder(text))
    out.extend(_ids(text, found))
    return out
