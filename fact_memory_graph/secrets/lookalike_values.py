"""Look-alikes a secret's name stands near, kept by what the value IS.

Read after every finder, on the spans found (like :mod:`labelled_lookalikes`):

- A date after a word of time ("password changed 2025-03-14", "el PIN caduca el 30/06/2026",
  "パスワードの有効期限は2026年3月31日"): a calendar date by its shape (a valid day and month), a word
  of time among the three words before it (or inside the span, for scripts without spaces); never
  beside a birthday's word ("my PIN is my birthday, 14/03/1990").
- A commit's hash or a file's checksum ("the password column migration is in commit e83c516…"):
  the whole hex token after a hash's name (commit, sha256, checksum, etag, revert …).
- An Indian postal PIN ("pin: 201301 noida sector 62", "अपना पिन 800001 पटना"): six digits
  after a PIN's name, with a place after them or a postal word in the message (or the turn before),
  never beside a bank's, a card's or a wallet's word that is not negated ("ATM pin nahi, postal pin").
- A way of signing in named where a password would stand ("agora é biometria", "now I use a
  passkey"): no digits, a few words, one of them an authentication method's name.
- A famous example password ("hunter2", "password123", "correct horse battery staple") quoted as a
  joke or an example, or a factory default ("PIN: 0000 por defecto"); digits only with a default's
  or an example's word.
- An organisation's tax id whose span also took the organisation's word ("NIF de la empresa B1234…"):
  read again from the id's own token.
Every test runs only when its cheap pre-check passes.
"""

from __future__ import annotations

import json
import re
from functools import cache, lru_cache
from pathlib import Path

from fact_memory_graph.secrets import families, labelled_lookalikes, reference_values

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "lookalike_values.json"


@lru_cache(maxsize=1)
def _data() -> dict[str, reference_values._Words]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return {k: reference_values._Words(v) for k, v in data.items() if not k.startswith("_")}


_TOKEN = re.compile(r"[^\W_]+")
_UNSPACED = re.compile(r"[^\x00-\u024f]")


@cache
def _firsts(key: str) -> tuple[frozenset[str], bool]:
    """The first four letters of each word list's first words (a message-level pre-check), and whether the
    list holds words outside Latin script (then the pre-check passes for any non-ASCII message)."""
    words = json.loads(_ASSET.read_text(encoding="utf-8"))[key] if key != "postal_names" else [
        *json.loads((_ASSET.parent / "secret_words.json").read_text(encoding="utf-8"))["postal"],
        *json.loads(_ASSET.read_text(encoding="utf-8"))["postal_names_extra"]]
    firsts = {t[0].lower()[:4] for w in words if (t := _TOKEN.findall(w))}
    return frozenset(firsts), any(_UNSPACED.search(w) for w in words)


def _present(key: str, tokens: set[str], ascii_text: bool) -> bool:
    firsts, unspaced = _firsts(key)
    return bool(tokens & firsts) or (unspaced and not ascii_text)


_DATE = re.compile(
    r"(?:(?:19|20)\d\d[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])"
    r"|(?:0?[1-9]|[12]\d|3[01])[-/.](?:0?[1-9]|1[0-2])[-/.](?:19|20)\d\d"
    r"|(?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])[-/.](?:19|20)\d\d"
    r"|(?:19|20)\d\d\s?[年년]\s?(?:0?[1-9]|1[0-2])\s?[月월]\s?(?:0?[1-9]|[12]\d|3[01])\s?[日일]?)"
    r"(?!\d)(?:\s?(?:[01]?\d|2[0-3]):[0-5]\d)?")
_DATE_HINT = re.compile(r"\d[-/.年년]\s?\d")
_HEX = re.compile(r"[0-9a-fA-F]{7,128}")
_SIX = re.compile(r"[1-9]\d{2}[\s-]?\d{3}")
_PIN_WORD = re.compile(r"(?i)(?:(?<![^\W\d_])(?:pin|pin\s?code|pincode|pin-code)|पिन(?:\s?कोड)?|பின்\s?கோட்|পিন)"
                       r"\s{0,2}(?:no\.?|number|code)?\s{0,2}(?:is|hai|:|-|–|=|h)?\s{0,3}$")
_WORDS = re.compile(r"[^\W_]+")
_SENTENCE_END = re.compile(r"[.!?。！？\n]|(?:\s\|\s)")


def _sentence(text: str, s: int, e: int) -> tuple[int, int]:
    a = max((m.end() for m in _SENTENCE_END.finditer(text, max(0, s - 200), s)), default=max(0, s - 200))
    m = _SENTENCE_END.search(text, e, min(len(text), e + 200))
    return a, (m.start() if m else min(len(text), e + 200))


def _date_kept(text: str, sp: Span) -> bool:
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()[]'\"")
    m = None
    for found in _DATE.finditer(value):
        m = found
    if m is None or m.end() != len(value):
        return False
    head = value[:m.start()]
    if re.search(r"\d", head) or len(head) > 24:
        return False
    words = _data()
    a, b = _sentence(text, s, e)
    if words["birthday"].finditer(text, a, b):
        return False
    lo = s
    for _ in range(3):  # the three words before the span
        w = re.search(r"[^\W\d_]+[\W\d_]*$", text[max(0, lo - 40):lo])
        if not w:
            break
        lo = max(0, lo - 40) + w.start()
    last = re.search(r"([^\W\d_]+)\W*$", text[max(0, s - 20):s] + head)
    if last and words["destination"].finditer(last.group(1)) == [(0, len(last.group(1)))]:
        return False  # "password changed to 2024-12-25": the new value
    return bool(words["date_context"].finditer(text, lo, s) or (head and words["date_context"].finditer(head)))


def _token_around(text: str, sp: Span) -> tuple[int, int]:
    """The whole alphanumeric token a span lies in (a span may start inside a hash or a VIN)."""
    s, e, _ = sp
    while s > 0 and text[s - 1].isalnum():
        s -= 1
    while e < len(text) and text[e].isalnum():
        e += 1
    return s, e


def _hash_kept(text: str, sp: Span) -> bool:
    s, e = _token_around(text, sp)
    token = text[s:e]
    if not _HEX.fullmatch(token) or not re.search(r"\d", token) or not re.search(r"[a-fA-F]", token):
        return False
    names = _data()["hash_names"].finditer(text, max(0, s - 40), s)
    if not names:
        return False
    gap = text[names[-1][1]:s]
    return bool(re.fullmatch(r"[\s:=#'\"`(]{0,3}(?:(?:is|was|id|hash|ist|war|es|era|est|é|è|är|er|jest|to|je|"
                             r"adalah|là|ni|hai|是|为|は|이|는|:|：)\s{0,2}){0,2}", gap, re.I))


def _negated(text: str, a: int, b: int) -> bool:
    around = text[max(0, a - 12):min(len(text), b + 14)].lower()
    return any(_data()["negations"].finditer(around))


def _postal_pin_kept(text: str, sp: Span, before: str) -> bool:
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()")
    if not _SIX.fullmatch(value):
        m = _SIX.match(value)  # "201301 noida sector 62": the span ran on into the place
        if not m or not re.match(r"[\s,(]+[^\W\d_]", value[m.end():]):
            return False
        value = m.group()
    s = text.index(value, s)
    words = _data()
    a, b = _sentence(text, s, s + len(value))
    near = _PIN_WORD.search(text[max(0, s - 24):s]) or (
        words["postal_context"].finditer(text, a, b) and re.search(r"(?i)(?<![^\W\d_])pin(?![^\W\d_])|पिन",
                                                                  text[max(a, s - 64):s]))
    if not near and not (before and re.search(r"(?i)(?<![^\W\d_])pin(?:\s?code)?\W{0,3}$|पिन", before[-40:])
                         and re.fullmatch(r"(?i)\W*(?:it'?s|its|is|hai|ye|yeh)?\W*", text[:s])):
        return False
    if words["secrecy"].finditer(text, a, b) or families.names_a_lock(text[a:b]):
        return False
    for x, y in words["bank_words"].finditer(text, a, b):
        if not _negated(text, x, y) and not re.match(r"(?i)\s*(?:form|branch|address|office)", text[y:y + 10]):
            return False
    after = text[s + len(value):min(len(text), s + len(value) + 40)]
    return bool(words["india_places"].finditer(after) or words["india_places"].finditer(text, max(0, s - 30), s)
                or words["postal_context"].finditer(text) or (before and words["postal_context"].finditer(before)))


_POSTAL_VALUE = re.compile(r"\d{3,7}|\d{2,5}[ -]\d{3,4}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d"
                           r"|[A-Z]\d{2} ?[A-Z0-9]{4}|\d{4} ?[A-Z]{2}")


@lru_cache(maxsize=1)
def _postal_names() -> reference_values._Words:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    shared = json.loads((_ASSET.parent / "secret_words.json").read_text(encoding="utf-8"))["postal"]
    return reference_values._Words([w for w in shared if w not in ("cp", "индекс", "pin code", "pincode")]
                                   + data["postal_names_extra"])


def _postal_name_kept(text: str, sp: Span) -> bool:
    """A postal code its name stands before, a few words apart ("המיקוד של העסק 6473921", "〒150-0002"),
    never with a bank's word or a secret's name between or a plea for secrecy in the sentence."""
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()")
    if not _POSTAL_VALUE.fullmatch(value):
        return False
    s = text.index(value, s)
    a, b = _sentence(text, s, s + len(value))
    names = _postal_names().finditer(text, max(a, s - 48), s)
    if not names:
        return False
    gap = text[names[-1][1]:s]
    words = _data()
    if re.search(r"\d", gap) or len(_WORDS.findall(gap)) > 4 or reference_values._words()["blocker"].finditer(gap) \
            or labelled_lookalikes._CODE_WORD.search(gap) or families.names_a_lock(gap) \
            or words["secrecy"].finditer(text, a, b):
        return False
    return not any(not _negated(text, x, y) for x, y in words["bank_words"].finditer(text, a, b))


def _method_kept(text: str, sp: Span) -> bool:
    s, e, _ = sp
    value = text[s:e]
    if re.search(r"\d", value) or len(value) > 48 or len(_WORDS.findall(value)) > 5:
        return False
    return bool(_data()["auth_methods"].finditer(value))


_STRONG_DIGIT_CONTEXT = ("default_words",)


def _famous_kept(text: str, sp: Span) -> bool:
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()[]'\"“”‘’«»!")
    head = re.match(r"\S+", value)
    if head and head.end() < len(value) and not re.search(r"\d", value[head.end():]):
        value = head.group().strip(",.;:)'\"”’»!")  # "1234 — é o padrão de fábrica": the span ran on
    low = value.lower()
    words = _data()
    found = words["famous"].finditer(low)
    if not found or found[0] != (0, len(low)):
        return False
    a, b = _sentence(text, s, e)
    if words["secrecy"].finditer(text, a, b):
        return False
    for x, _ in words["default_words"].finditer(text, a, b):
        if not words["not_default"].finditer(text, max(a, x - 16), x):
            return True
    if low.isdigit():
        return False
    return bool(words["joke_example"].finditer(text, a, b))


def _famous_id_kept(text: str, sp: Span) -> bool:
    """A document's textbook example ("PAN: ABCDE1234F jaisa format", "SSN 123-45-6789 e.g.")."""
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()[]'\"“”‘’«»!").lower()
    words = _data()
    if words["famous_ids"].finditer(value) != [(0, len(value))]:
        return False
    a, b = _sentence(text, s, e)
    return bool(words["format_words"].finditer(text, a, b) or words["default_words"].finditer(text, a, b))


_ID_TOKEN = re.compile(r"[A-Z0-9][A-Z0-9.\-/]{5,24}[A-Z0-9]")


def _business_token_kept(text: str, sp: Span) -> bool:
    s, e, kind = sp
    if kind not in ("government id", "password", "bank account", "tax id"):
        return False
    toks = [m for m in _ID_TOKEN.finditer(text, s, e) if len(re.findall(r"\d", m.group())) >= 5]
    if len(toks) != 1 or (toks[0].start() == s and toks[0].end() == e):
        return False
    t = toks[0]
    return labelled_lookalikes._business_id_kept(text, text.lower(), (t.start(), t.end(), kind))


_NOT_VALUE_KINDS = frozenset({"password", "pin", "login", "government id", "bank account", "api key"})


def _not_a_value(text: str, sp: Span) -> bool:
    """Where a password would stand, the tool that keeps it or the place it leaked ("agora uso o LastPass",
    "leaked in the LinkedIn breach", "iCloudキーチェーンで管理"): a password manager's name, or a few words
    without digits after a preposition in a sentence that tells of a leak."""
    s, e, kind = sp
    if kind not in _NOT_VALUE_KINDS:
        return False
    value = text[s:e].strip(" ,.;:()'\"“”‘’«»!?")
    if not value or len(value) > 48 or len(_WORDS.findall(value)) > 6:
        return False
    words = _data()
    low = value.lower()
    prods = words["products"].finditer(low)
    if prods and not re.search(r"\d", low[:prods[-1][0]] + low[prods[-1][1]:]):
        return True  # "agora uso o LastPass", "random junk in Proton Pass", "iCloudキーチェーンで管理してる"
    if len(_WORDS.findall(value)) > 4:
        return False
    if re.search(r"\d", value) or re.search(r"[^\w\s.'-]", value):
        return False
    head = text[max(0, s - 16):s]
    lead = re.search(r"([^\W\d_]+(?:\s[^\W\d_]+)?)[\s-]*$", head)
    a, b = _sentence(text, s, e)
    if not words["leak_words"].finditer(text, a, b) or words["starts_ends"].finditer(text, max(0, s - 48), s):
        return False  # only where a leak is told ("leaked in the LinkedIn breach"); "fängt mit Eisbär an"
    if lead and any(b == len(lead.group(1)) and a in (0, len(lead.group(1)) - len(lead.group(1).split()[-1]))
                    for a, b in words["not_value_lead"].finditer(lead.group(1))):
        return value[0].isupper() or not value.isascii()
    return False


_VIN = re.compile(r"[A-HJ-NPR-Z0-9]{17}")


def _vin_kept(text: str, sp: Span) -> bool:
    s, e = _token_around(text, sp)
    token = text[s:e]
    if not _VIN.fullmatch(token) or not re.search(r"\d", token) or not re.search(r"[A-Z]", token):
        return False
    names = _data()["vin_names"].finditer(text, max(0, s - 40), s)
    return bool(names) and not reference_values._words()["blocker"].finditer(text, names[-1][1], s)


_AMAZON_ORDER = re.compile(r"\d{3}-\d{7}-\d{7}")
_S10 = re.compile(r"[A-Z]{2}\d{9}[A-Z]{2}|1Z[0-9A-Z]{16}")


def _tracking_kept(text: str, sp: Span) -> bool:
    """A parcel's tracking number by its own checksum: the UPU S10 code ("RR123456785CN", printed on every
    international parcel, its ninth digit checked by weights 8 6 4 2 3 5 9 7) or UPS's 1Z number."""
    value = text[sp[0]:sp[1]].strip(" ,.;:()'\"")
    if not _S10.fullmatch(value):
        return False
    if _given_as_value(text, text.index(value, sp[0])):
        return False  # "my password is RU123456785CN"
    if value.startswith("1Z"):
        return True
    digits = [int(c) for c in value[2:11]]
    check = 11 - sum(d * w for d, w in zip(digits[:8], (8, 6, 4, 2, 3, 5, 9, 7), strict=True)) % 11
    return {10: 0, 11: 5}.get(check, check) == digits[8]


_HOUSE = re.compile(r"\s*\d{1,5}[a-zA-Z]?\s*")
_HOUSE_IN = re.compile(r"(?<!\d)\d{1,5}[a-zA-Z]?\s+[^\W\d_]")
_STREET_AFTER = re.compile(r"\s+((?:[^\W\d_a-z][\w'.-]*\s+){0,2}[^\W\d_][\w.]*)(?![\w])")


def _address_kept(text: str, sp: Span) -> bool:
    """A street address where a (map) pin's name stood: a house number, at most two words, a street's word
    ("the pin on my maps is the café at 1600 Amphitheatre Pkwy")."""
    s, e, _ = sp
    if _HOUSE.fullmatch(text, s, e):  # the house number alone: the street follows
        m = _STREET_AFTER.match(text[e:e + 48])
        if not m or _given_as_value(text, s + len(text[s:e]) - len(text[s:e].lstrip())):
            return False
    elif not _HOUSE_IN.search(text, s, e):
        return False
    else:
        m = re.search(r"(?<!\d)\d{1,5}[a-zA-Z]?\s+((?:[^\W\d_][\w'.-]*\s+){0,2}[^\W\d_][\w.]*\.?)\s*$", text[s:e])
        if m and re.search(r"\d", text[s:e][m.end(1):]):
            return False
    if not m:
        return False
    last = m.group(1).split()[-1].lower()
    return bool(_data()["street_words"].finditer(last)) and _data()["street_words"].finditer(last)[0] == (0, len(last))


def _device_kept(text: str, sp: Span) -> bool:
    """What a PIN pad or a password field is, not a PIN ("the PIN pad at the shop is a Verifone V240m")."""
    s, _, _ = sp
    names = reference_values._words()["blocker"].finditer(text, max(0, s - 60), s)
    if not names:
        return False
    after = _data()["device_after"].finditer(text, names[-1][1], min(s, names[-1][1] + 16))
    if not after or text[names[-1][1]:after[0][0]].strip(" -"):
        return False
    gap = text[after[0][1]:s]  # what the device IS: "… is a Verifone", never what it shows
    return bool(_WHAT_IT_IS.search(gap)) and not labelled_lookalikes._CODE_WORD.search(gap) \
        and not reference_values._words()["blocker"].finditer(gap)


_WHAT_IT_IS = re.compile(r"(?i)(?<![^\W\d_])(?:is|was|es|era|ist|war|est|é|è)\s+(?:a|an|un|una|uno|ein|eine|um|uma|une)"
                         r"(?![^\W\d_])")


_ENTITY_ID = re.compile(r"[A-Z0-9][A-Z0-9.\-/ ]{7,17}[A-Z0-9]")


def _entity_id(value: str) -> bool:
    """A tax id only a legal entity holds, by its checksum and its entity's prefix: a Spanish CIF, an
    Argentine CUIT of a company (30/33/34), a Peruvian RUC of a company (20), a Mexican RFC of a
    company (12 characters)."""
    from stdnum.ar import cuit
    from stdnum.es import cif
    from stdnum.mx import rfc

    compact = re.sub(r"[\s.\-/]", "", value).upper()
    if re.fullmatch(r"[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]", compact):
        return cif.is_valid(compact)
    if re.fullmatch(r"3[034]\d{9}", compact):
        return cuit.is_valid(compact)
    if re.fullmatch(r"[A-Z&Ñ]{3}\d{6}[A-Z0-9]{3}", compact):
        return rfc.is_valid(compact)
    if re.fullmatch(r"\d{14}", compact):  # a Brazilian CNPJ: a legal entity's number, by its check digits
        from stdnum.br import cnpj

        return cnpj.is_valid(compact)
    return False


_OWN_ID = re.compile(r"(?i)(?<![^\W\d_])(?:my|mi|mis|meu|minha|mon|ma|mein|meine|mio|mia|tengo|soy|i'm)(?![^\W\d_])")


def _entity_kept(text: str, sp: Span) -> bool:
    """A legal entity's tax id (:func:`_entity_id`) as the last token of its span, named by an id's name or an
    organisation's word in its sentence and not as one's own ("el NIF de la empresa que nos vendió …: G3794…")."""
    s, e, _ = sp
    m = re.search(r"[A-Z0-9][A-Z0-9.\-/]{7,16}[A-Z0-9]$", text[s:e].rstrip(" :,.()"))
    if not m or not _entity_id(m.group()):
        return False
    a, b = _sentence(text, s, e)
    if _OWN_ID.search(text, a, b):  # "CIF … de mi empresa": one's own, kept back
        return False
    q = labelled_lookalikes._data()
    return bool(q["business_ids"].finditer(text.lower(), a, b) or q["organisations"].finditer(text.lower(), a, e))


def _slot_kept(text: str, sp: Span) -> bool:
    """A template's slot where a value goes: "[enter PIN]", "[REDACTED]", "<ASK MANAGER>", "IhrPasswortHier"."""
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:'\"“”‘’«»!?")
    words = _data()
    squashed = re.sub(r"[\s_\-]", "", value.lower())
    if re.search(r"\d", squashed):
        squashed = ""
    if words["concat_slot"].finditer(squashed) == [(0, len(squashed))] or re.fullmatch(
            r"(?:your|ihr|ihre|dein|deine|tu|su|sua|seu|votre|ton|tuo|tua)\w{0,12}(?:password|passwort|contrase\w+|senha"
            r"|motdepasse|pin|token|key|apikey|schlüssel|clave|chave|cl[eé])(?:here|hier|aqu[ií]|ici|qui)?", squashed) \
            or squashed and _owned_slot().fullmatch(squashed):
        return True
    a = text.rfind("[", max(0, s - 30), s + 1)
    a = max(a, text.rfind("<", max(0, s - 30), s + 1), text.rfind("{", max(0, s - 30), s + 1))
    if a < 0:
        return False
    close = {"[": "]", "<": ">", "{": "}"}[text[a]]
    b = text.find(close, a, e + 30)
    if b < 0 or re.search(r"\d", text[b:e]) or re.search(r"\d", text[a:b]) or len(_WORDS.findall(text[a:b])) > 4 or not _WORDS.search(text[a:b]):
        return False
    inner = text[a + 1:b]
    letters = re.sub(r"[^\w]", "", inner)
    return bool(letters.isupper() or words["slot_words"].finditer(inner)
                or reference_values._words()["blocker"].finditer(inner))


def _other_than_kept(text: str, sp: Span) -> bool:
    """A value the sentence says the secret is not: "set your PIN to something other than 0000"."""
    s, e, _ = sp
    last = re.search(r"\S+\s*$", text[s:e])
    s = s + last.start() if last else s  # "than 0000": the span took the phrase's last word
    head = text[max(0, s - 24):s]
    found = _data()["other_than"].finditer(head)
    return bool(found) and re.fullmatch(r"[\s'\"“‘«:]*", head[found[-1][1]:]) is not None


def _handle_kept(text: str, sp: Span) -> bool:
    """A payment app's public handle: "venmo me for mom's flowers: @Jess-Alvarez-88", "cashtag $RosaFlowers"."""
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()'\"")
    if not re.fullmatch(r"[@$][A-Za-z][\w.\-]{2,30}", value):
        return False
    apps = _data()["pay_apps"].finditer(text, max(0, s - 60), s)
    return bool(apps) and not reference_values._words()["blocker"].finditer(text, apps[-1][1], s)


_SLOT_FIRSTS = frozenset({"your", "ihr", "ihre", "ihrp", "dein", "hier", "here", "tu", "tuco", "sua", "suas", "seu", "votr", "tuo", "tua", "tuap"})


def _squashed_words(key: str) -> list[str]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))[key]
    return sorted({re.sub(r"[\s_\-]", "", w.lower()) for w in data}, key=len, reverse=True)


@cache
def _owned_slot() -> re.Pattern[str]:
    """A secret's word owned by "your" in any language, written as one token — before the word
    ("twojehaslo", "ваш_пароль", "votre_mot_de_passe", "enteryourpin") or after it ("salasanasi",
    "şifreniz", "katasandianda", "parolata"), maybe with "here" ("deinpassworthier"): a template's slot."""
    def alt(key: str) -> str:
        return "|".join(re.escape(w) for w in _squashed_words(key))
    before, after, secret, here = (alt(k) for k in ("slot_owner_before", "slot_owner_after", "slot_secrets", "slot_here"))
    return re.compile(rf"(?:(?:{before})+(?:{secret})(?:{after})?|(?:{secret})(?:{after}))(?:{here})?")


@cache
def _owned_slot_firsts() -> frozenset[str]:
    """The pre-check's first four letters of a token that may be such a slot: an owner's, or a secret's
    word of a language that puts the owner after it (English words open the gate only by their owner:
    "password", "pin", "code" open it in too many messages)."""
    return frozenset(w[:4] for w in _squashed_words("slot_owner_before")) | frozenset(
        w[:4] for w in _squashed_words("slot_secrets") if w not in _ENGLISH_SECRETS)


_ENGLISH_SECRETS = frozenset({"password", "passwd", "pass", "pwd", "pin", "code", "token", "key", "apikey", "secret",
                              "username", "user", "login", "email"})


_MASK = re.compile(r"[Xx*•●_#]{2,}(?:[\s\-./][Xx*•●_#\d]{1,6}){0,5}")
_TIME_AFTER = re.compile(r"\s?(?:[01]?\d|2[0-3])[:h][0-5]\d")


def _mask_kept(text: str, sp: Span) -> bool:
    """A mask, not a value: "Enter your SSN: XXX-XX-XXXX", "PIN ****" (the span may run on into words)."""
    s, e, _ = sp
    head = re.match(r"\s*([^\s'\"”’),;]+)", text[s:e])
    return bool(head and _MASK.fullmatch(head.group(1)) and len(re.findall(r"[Xx*•●_#]", head.group(1))) >= 4)


def _given_as_value(text: str, s: int) -> bool:
    """Whether a secret's name and a copula or a colon stand right before ``s`` ("password: …", "PIN is …")."""
    named = reference_values._words()["blocker"].finditer(text, max(0, s - 24), s)
    return bool(named) and re.fullmatch(r"(?i)\s*(?:[:=：]|is|es|é|ist|est|era|was)?\s*", text[named[-1][1]:s]) is not None


def _timestamp_kept(text: str, sp: Span) -> bool:
    """A date with its time of day ("it shows 2025-03-09 14:07"): a timestamp, never a PIN."""
    s, e, _ = sp
    while s < e and text[s] in " ,.;:()'\"":
        s += 1
    m = _DATE.match(text, s)  # the span may hold part of it ("2025", "2025-11-02 09")
    if not m or m.end() < len(text[:e].rstrip(" ,.;:()'\"")):
        return False
    if _given_as_value(text, s):
        return False  # "password: 2025-03-09 14:07"
    if _TIME_AFTER.search(m.group()) or _TIME_AFTER.match(text, m.end()):
        a, b = _sentence(text, s, e)
        return not _data()["birthday"].finditer(text, a, b)
    return False


_PLACE_END = re.compile(r"(?:#|n[º°o]\.?|no\.)?\s?(" + labelled_lookalikes._PLACE.pattern + r")\W{0,2}$")


@cache
def _places() -> reference_values._Words:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return reference_values._Words(data["places_extra"])  # rooms and halls people meet in, no gate or door


def _place_led_kept(text: str, sp: Span) -> bool:
    """A room's, a hall's or a classroom's number where a code's name stood before ("la clave del curso es el
    aula 305", "festa no salão 173B"): a place's word right before a short place-like number."""
    s, e, _ = sp
    m = _PLACE_END.search(text[max(0, s - 4):e])
    if not m or not m.group(1)[:1].isalnum():
        return False
    start = max(0, s - 4) + m.start()
    names = _places().finditer(text, max(0, start - 24), start)
    if not names or text[names[-1][1]:start].strip():
        return False
    place = names[-1][0]
    lo = max(0, place - 80)
    ends = [b for _, b in reference_values._words()["blocker"].finditer(text, lo, place)]
    ends += [m.end() for m in labelled_lookalikes._CODE_WORD.finditer(text, lo, place)]
    if not ends:
        return True
    gap = text[max(ends):place]  # a code's name before: only across a clause or after "is the"
    return bool(re.search(r"[,;.!?]", gap) or re.search(
        r"(?i)(?<![^\W\d_])(?:is|es|é|est|ist|era|was|fica|queda|liegt)\s+(?:in\s+)?(?:the|el|la|o|a|le|der|die|das)?\s*$", gap))


def _queue_kept(text: str, sp: Span) -> bool:
    """A queue ticket ("a senha do atendimento no banco foi A047", "token number B12"): a letter or two and
    up to four digits, a queue's word in the sentence."""
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()'\"").split(" ")[-1]  # the span may begin at the ticket's name
    if not re.fullmatch(r"[A-Z]{1,2}-?\d{2,4}", value):
        return False
    s = text.rindex(value, s, e)
    a, b = _sentence(text, s, e)
    a = max([a, *(a + m.end() for m in re.finditer(r"[,;]", text[a:s]))])  # the value's own clause
    b = min([b, *(e + m.start() for m in re.finditer(r"[,;]", text[e:b]))])
    return bool(_data()["queue_words"].finditer(text, a, b)) and not _data()["secrecy"].finditer(text, a, b) \
        and not families.names_a_lock(text[a:b])


def _slot_head_kept(text: str, sp: Span) -> bool:
    """A template's value made of a slot's head and words: "SECRET_KEY=changeme-in-production"."""
    s, e, _ = sp
    value = text[s:e].strip(" ,.;:()'\"").lower()
    parts = re.split(r"[-_]", value)
    return len(parts) > 1 and bool(_data()["slot_heads"].finditer(parts[0])) and \
        _data()["slot_heads"].finditer(parts[0])[0] == (0, len(parts[0])) and all(p.isalpha() for p in parts)


#: A currency's sign or code right before an amount ("Rp 25.000", "R$ 1.250,00", "KSh 2,500", "₹ 45,000"):
#: a price, whatever name of a secret the message holds ("harga nasi goreng Rp 25.000").
_CURRENCY_BEFORE = re.compile(r"(?:(?<![^\W\d_])(?i:rp|rs|inr|idr|usd|eur|gbp|php|myr|rm|ksh|kes|ngn|ghs|zar|tl|try"
                              r"|pkr|bdt|tk|lkr|egp|mxn|cop|ars|clp|pen|brl|vnd|thb|aed|sar)\.?|r\$|us\$|[$€£¥₹₱₦₺₩₫฿৳₵])\s?$")
_AMOUNT = re.compile(r"\d{1,3}(?:([.,\u00a0 ])\d{3})(?:\1\d{3})*(?:[.,]\d{1,2})?|\d+[.,]\d{2}")


def _price_kept(text: str, sp: Span) -> bool:
    """An amount after a currency's sign or code (``_CURRENCY_BEFORE``): a price, not an id."""
    value = text[sp[0]:sp[1]].strip()
    amount = _AMOUNT.search(value)
    if not amount or amount.end() != len(value):
        return False
    at = sp[0] + (len(text[sp[0]:sp[1]]) - len(text[sp[0]:sp[1]].lstrip())) + amount.start()  # "Rp25.000" read whole
    head = text[sp[0]:at]
    return bool(_CURRENCY_BEFORE.search(text, max(at - 5, 0), at)) and not any(c.isdigit() for c in head)


#: A Kenyan KRA PIN starting with "P": a company's or an organisation's tax PIN (an individual's starts with "A"),
#: printed on its receipts and invoices ("agrovet company PIN on the receipt P085506184A") — no secret of a person.
_COMPANY_KRA_PIN = re.compile(r"P\d{9}[A-Z]")


def without_lookalikes(text: str, spans: list[Span], before: str = "") -> list[Span]:
    """``spans`` without dates after a word of time, commits' hashes, Indian postal PINs, sign-in
    methods, famous example passwords and organisations' tax ids read with their organisation."""
    if not spans:
        return spans
    dates = bool(_DATE_HINT.search(text))
    hexes = bool(_HEX.search(text))
    six = bool(_SIX.search(text))
    low = text.lower()
    tokens = {t[:4] for t in _TOKEN.findall(low)}
    methods = not text.isascii() or any(w in low for w in ("pass", "bio", "face", "touch", "finger", "auth",
                                                            "digital", "hello", "key", "2fa", "mfa", "sms",
                                                            "link", "huella", "empreinte", "druck"))
    slots = "[" in text or "<" in text or "{" in text or bool(tokens & _SLOT_FIRSTS) or bool(tokens & _owned_slot_firsts())
    handles = "@" in text or "$" in text
    plain = text.isascii()
    postal = _present("postal_names", tokens, plain)
    famous = _present("famous", tokens, plain) or _present("famous_ids", tokens, plain)
    business = bool(tokens & labelled_lookalikes._data()["business_first"]) or not plain
    products = _present("products", tokens, plain) or _present("leak_words", tokens, plain)
    vin = _present("vin_names", tokens, plain)
    other = _present("other_than", tokens, plain)
    masks = bool(re.search(r"[Xx*•●_#]{2}", text))
    places = _present("places_extra", tokens, plain)
    queue = _present("queue_words", tokens, plain)
    heads = ("-" in text or "_" in text) and _present("slot_heads", tokens, plain)
    streets = _present("street_words", tokens, plain)
    devices = _present("device_after", tokens, plain)
    out = []
    for sp in spans:
        if dates and _date_kept(text, sp) or hexes and _hash_kept(text, sp) \
                or six and _postal_pin_kept(text, sp, before) or postal and _postal_name_kept(text, sp) \
                or methods and _method_kept(text, sp) or famous and _famous_kept(text, sp) \
                or business and _business_token_kept(text, sp) or products and _not_a_value(text, sp) \
                or famous and _famous_id_kept(text, sp) or vin and _vin_kept(text, sp) \
                or _AMAZON_ORDER.fullmatch(text[sp[0]:sp[1]].strip()) or _entity_kept(text, sp) \
                or slots and _slot_kept(text, sp) or other and _other_than_kept(text, sp) \
                or handles and _handle_kept(text, sp) or masks and _mask_kept(text, sp) \
                or dates and _timestamp_kept(text, sp) or places and _place_led_kept(text, sp) \
                or queue and _queue_kept(text, sp) or heads and _slot_head_kept(text, sp) \
                or _tracking_kept(text, sp) or streets and _address_kept(text, sp) or _price_kept(text, sp) \
                or _COMPANY_KRA_PIN.fullmatch(text[sp[0]:sp[1]].strip()) and ("PIN" in text or "KRA" in text.upper()) \
                or devices and _device_kept(text, sp) or _measure_kept(text, sp):
            continue
        out.append(sp)
    return out


@cache
def _measures() -> tuple[frozenset[str], frozenset[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return frozenset(data["measure_verbs"]), frozenset(data["measure_units"])


_WORD_BEFORE = re.compile(r"([^\W\d_]+)\s*(?:(?:about|around|only|just|over|under|nearly|almost|etwa|ungefähr|nur|environ|seulement"
                          r"|unos|unas|solo|circa|solo|cerca de|около|всего|ungefär|noin|yaklaşık|sekitar)\s*)?[$€£¥₹]?\s*$")
_WORD_AFTER = re.compile(r"\s*([^\W\d_]+|[$€£¥₹])")


def _measure_kept(text: str, sp: Span) -> bool:
    """A price or a measure: digits after a verb of costing or weighing ("the safe costs 1200", "wiegt 350")
    or before a unit ("350 grams", "1200 euros") — what a thing costs is no code that opens it."""
    value = text[sp[0]:sp[1]]
    verbs, units = _measures()
    led = re.fullmatch(r"([^\W\d_]+)\s+\d{1,6}", value)  # a finder's span may take the word before ("cost 2450")
    if led:
        return led.group(1).lower() in verbs
    # or the unit after, apart and of two characters or more ("compteur … 53521 m3"; "65050902W" is a DNI)
    unit = re.fullmatch(r"\d{1,9}\s([^\W\d_][\w³²/]{1,5})", value)
    if unit:
        return unit.group(1).lower() in units
    if not value.isdigit() or len(value) > 6:
        return False  # ten digits are no price said in words ("namba ya kuchukua pesa 3239696945")
    after = _WORD_AFTER.match(text, sp[1])
    if after and after.group(1).lower() in units | {"$", "€", "£", "¥", "₹"}:
        return True
    before = _WORD_BEFORE.search(text, max(0, sp[0] - 40), sp[0])
    return bool(before and before.group(1).lower() in verbs)

