"""Ordinary values kept by what labels them, after every reading found its spans.

- A value its own public label names directly: "the parcel number is 5512099", "branch code 00432",
  "pedido 77120", "注文番号 240-1182" — a label of an order, a parcel, a ticket, a room, an office, a
  seat, a promo code, a jersey … (~30 languages, assets/labelled_lookalikes.json), then at most a
  number's word and a copula or a colon, then the value. A password's or a PIN's name earlier in the
  message ("forgot my password again, anyway the parcel number is …") does not make it a secret; a
  secret's name between the label and the value ("order PIN 4421"), a bare label after a secret's
  name in the same clause ("the PIN for the order is 4421") or a secret's name right after the value
  ("… 4421 is my PIN") keeps it withheld.
- A USSD code by its shape: "*123#", "*150*01#", "*#06#" — a service's short code dialled by
  everyone; only the digits after a PIN's name inside a longer code ("*247*<PIN>#") stay withheld.
- An energy or water supply point's id (POD, CUPS, PDL, MPAN, Zählpunkt …) and a service account's
  number followed by its bill's word ("… 8155 3001 2234 5678 for the internet bill"), printed on
  every bill, never a card network's Luhn-valid number nor beside a bank's word.
Every test runs only when its cheap pre-check (a character or a word set) passes.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import (
    background_checks,
    bank_logins,
    checksums,
    families,
    forms,
    phone_numbers,
    prefilter,
    public_statements,
    reference_values,
)

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "labelled_lookalikes.json"
_KINDS = frozenset({"password", "government id", "bank account", "pin", "login", "security answer"})
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_B, _E = r"(?<![^\W\d_])", r"(?![^\W\d_])"
_COPULA = (r"(?:is|was|are|=|:|：|#|-|–|es|era|est|ist|war|é|è|to|jest|это|—|hai|ni|là|adalah|wa|"
           r"は|是|为|为：|이|은|는|:)")


def _alt(words: list[str]) -> str:
    parts, edged = [], []
    forms = {unicodedata.normalize("NFKC", w).lower() for w in words} | {w.lower() for w in words}
    for w in sorted(forms, key=len, reverse=True):
        body = re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w)
        if _UNSPACED.search(w):
            parts.append(body)
        else:
            edged.append(body + (_E if w[-1:].isalnum() or w.endswith("*") else ""))
    # the words' common left edge tested once per position, not once per word (cost only; an
    # unspaced word and an edged one never start the same match unless one is the other's head,
    # and the longer is tried first either way)
    return "|".join([*parts, _B + "(?:" + "|".join(edged) + ")"] if edged else parts)


@lru_cache(maxsize=1)
def _data() -> dict[str, object]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    # a player's id, a customer's or a device's number is labelled like an order's
    data["labels"] = data["labels"] + data.get("game_ids", []) + data.get("public_numbers", [])
    number = _alt(data["number_words"])
    tail = r"(?:(?:the|el|la|le|o|a|der|die|das)\s+)?$"
    label_tail = re.compile(
        rf"(?i)(?P<n>\s{{0,2}}(?:{number}))?\.?\s{{0,2}}"
        rf"(?P<gap>(?:[^\W\d_][^\W\d]{{0,14}}(?:\s|(?=[:：]))){{1,4}})??(?:(?:{_COPULA})\s{{0,2}}){{0,2}}{tail}")
    place_tail = re.compile(
        rf"(?i)(?:(?P<n>\s{{0,2}}(?:{number}))\.?\s{{0,2}}(?:(?:{_COPULA})\s{{0,2}}){{0,2}}"
        rf"|\s{{0,2}}#?\s{{0,2}})$")
    firsts = set()
    for w in data["labels"] + data["places"]:
        w = unicodedata.normalize("NFKC", w).lower()
        if _UNSPACED.search(w):
            firsts.add(w[0])
        else:
            firsts.add(re.findall(r"[^\W_]+|#", w)[0][:4])
    supply = re.compile(rf"(?i)(?:{_alt(data['supply'])})\W{{0,4}}(?:(?:is|es|é|ist|est|:)\s{{0,2}})?$")
    bill_after = re.compile(rf"(?i)^\s{{0,2}}(?:for|on|of|de|da|del|du|der|auf|per|sulla|na|en)?\s{{0,2}}"
                            rf"(?:the|my|la|mi|le|ma|die|meine|a|minha|il|la mia)?\s{{0,2}}[^\W\d_]{{0,12}}\s{{0,2}}"
                            rf"(?:{_alt(data['bill_after'])})")
    words = reference_values._Words
    phone_first = frozenset(re.findall(r"[^\W_]+", w.lower())[0][:4] for w in data["phone_words"]
                            if not _UNSPACED.search(w) and re.findall(r"[^\W_]+", w))
    postal = json.loads((_ASSET.parent / "secret_words.json").read_text(encoding="utf-8"))["postal"]
    postal = [w for w in postal if len(w) > 3] + data["postal_extra"]
    postal_first = frozenset(re.findall(r"[^\W_]+", w.lower())[0][:4] for w in postal
                             if not _UNSPACED.search(w) and re.findall(r"[^\W_]+", w))
    business_first = frozenset(re.findall(r"[^\W_]+", w.lower())[0][:4] for w in data["business_ids"]
                             if not _UNSPACED.search(w) and re.findall(r"[^\W_]+", w))
    donation_first = frozenset(re.findall(r"[^\W_]+", w.lower())[0][:4] for w in data["donations"]
                             if not _UNSPACED.search(w) and re.findall(r"[^\W_]+", w))
    return {"business_first": business_first, "donation_first": donation_first,
            "business_ids": words(data["business_ids"]), "organisations": words(data["organisations"]),
            "services": words(data["services"]), "postal_first": postal_first, "postal": words(postal), "phone_first": phone_first, "phone_words": words(data["phone_words"]), "donations": words(data["donations"]),
            "labels": words(data["labels"]), "places": words(data["places"]), "label_tail": label_tail,
            "place_tail": place_tail, "firsts": frozenset(firsts), "supply": supply,
            "bill_after": bill_after, "supply_words": frozenset(w.split()[0] for w in data["supply"]),
            "contrasts": words(data["contrasts"]), "airlines": frozenset(data["airlines"]),
            "travel": words(data["travel"])}


_TOKEN = re.compile(r"[^\W_]+|#")
_USSD = re.compile(r"(?<![\w*#])[*#]{1,2}\d{1,4}(?:[*#]{1,2}[\dA-Za-z]{1,16})*\*?#(?![\w*#])")
_BANKISH = re.compile(r"(?i)\b(?:bank|banco|banque|iban|routing|sort code|swift|card|debit|credit|tarjeta|cartão|karte)\b"
                      r"|银行|銀行|은행|बैंक")
_NEGATED_BANK = re.compile(r"(?i)\b(?:not|no|isn't|nicht|pas|não)\s+(?:a|an|my|the|un|une|um|uma|ein|eine)?\s*"
                           r"(?:bank|banco|banque|card|tarjeta|cartão|karte)\b")


def _secret_names() -> reference_values._Words:
    return reference_values._words()["blocker"]


#: A reference's value: letters, digits and . - / # only (a password's symbols are not in one).
_REFERENCE = re.compile(r"[#\w][\w\-./]*(?: [\dA-Z][\dA-Z\-./]*){0,5}")
#: A place's or a person's short number: "318", "B-214", "4.217", "3F-27", "14C".
#: A gate's keypad code: four to eight digits (a letter, a star or a hash beside), longer than an airport gate's number.
_GATE_KEYPAD = re.compile(r"[*#]?\d{4,8}[A-Za-z*#]?")
_PLACE = re.compile(r"(?:[A-Za-z]{1,2}-?)?\d{1,5}(?:[.\-/]\d{1,4})?[A-Za-z]?|\d[A-Za-z]-?\d{1,3}")
_LINKED = re.compile(r"(?i)(?:for|of|on|to|del?|da|do|du|für|fürs|zu|na|per|dla|для|của|ng|ka|ki|ke|の|的)\s*"
                     r"(?:the|my|this|that|our|el|la|o|a|le|der|die|das|mon|ma|meu|minha|il)?\s*$")


#: A code's or a password's name, also inside a compound ("Tresorcode", "Türcode", "비밀번호").
_CODE_WORD = re.compile(r"(?i)\w*(?:code|kode|kod|código|codice|pin|passwort|wort|sandi|senha|mật khẩu|parol)(?!\w)"
                        r"|비번|비밀번호|密码|暗証|パスワード|รหัส|コード|코드|密碼")


#: A label that names its own number ("roll code", "Bestellnummer", "订单号").
_NUMBERED = re.compile(r"(?i)(?:number|no\.?|code|id|#|nummer|numéro|número|numero|numer|номер|nomor|namba|n\.º|nº|n\.o|n°"
                       r"|numarası|番号|号|번호)$")


_DOCUMENT = re.compile(r"(?i)\b(?:driv\w*|residen\w*|work|aufenthalt\w*|arbeits\w*|séjour|travail|trabajo|passport\w*|visa)\W{0,3}$")


class _Label:
    """A label found before a value: where it starts, its text, its number's word, the words between."""

    def __init__(self, head: str, a: int, b: int, tail: re.Match[str]) -> None:
        self.start, self.label = a, head[a:b]
        self.numbered = bool(tail.group("n"))
        self.gap = tail.span("gap") if "gap" in tail.groupdict() and tail.group("gap") else None


_COPULA_WORD = re.compile(r"(?i)is|was|are|es|era|est|ist|war|é|è|to|jest|это|hai|ni|là|adalah|wa")
_TOPIC = re.compile(r"(?i)\s*(?:for|about|regarding|re|de|para|pour|für|per|za|для|по|için|untuk|kwa|ke liye|sobre)\b")


def _last_label(head: str, kind: str = "labels") -> _Label | None:
    """The label nearest the value (a regex alone would take the leftmost: "admit card pe roll code")."""
    data = _data()
    tail = data["label_tail" if kind == "labels" else "place_tail"]
    for a, b in reversed(data[kind].finditer(head)):
        if m := tail.match(head, b):
            return _Label(head, a, b, m)
    return None


@lru_cache(maxsize=1)
def _tracking_words() -> re.Pattern[str]:
    return re.compile(rf"(?i){_alt(json.loads(_ASSET.read_text(encoding='utf-8'))['tracking'])}")


def _tracking_label(label: str) -> bool:
    """Whether a label names a parcel's tracking number ("tracking no", "ट्रैकिंग नंबर", "رقم تتبع"): a document
    named before it is what the parcel holds, not whose number the value is."""
    return bool(_tracking_words().search(label))


def _blank(text: str, words: reference_values._Words) -> str:
    """``text`` with the names ``words`` finds in it blanked."""
    chars = list(text)
    for a, b in words.finditer(text):
        chars[a:b] = " " * (b - a)
    return "".join(chars)


def _CODE_NEAR(text: str, s: int, e: int) -> bool:  # noqa: N802 - a predicate read like a constant
    """A code's, a lock's or a secret's name within 60 characters before a place's number or 30 after it."""
    window = text[max(0, s - 60):s] + " " + text[e:e + 30]
    return bool(_CODE_WORD.search(window) or families.names_a_lock(window) or _secret_names().search(window)
                or re.search(r"(?i)alarm|lock|safe|door|tür|porta|puerta|porte|tor\b|cadeado|candado", window))


@lru_cache(maxsize=1)
def _requests() -> re.Pattern[str]:
    words = json.loads(_ASSET.read_text(encoding="utf-8"))["requests"]
    return re.compile(prefilter.whole_words(unicodedata.normalize("NFKC", w).lower() for w in words))


def _without_topics(text: str) -> str:
    """``text`` (lower case) with a secret's or a code's name blanked where a request's word stands beside it
    ("password reset ticket", "по смене пароля", "密码重置工单号", "PIN reissue"): the request's topic, not a
    value's name."""
    near = [m.span() for m in _requests().finditer(text)]
    if not near:
        return text
    found = [*_secret_names().finditer(text), *(m.span() for m in _CODE_WORD.finditer(text)),
             *(m.span() for m in _PIN_NAME.finditer(text))]
    chars = list(text)
    for a, b in found:
        if any(a - 24 <= ra <= b + 24 and rb >= a - 24 for ra, rb in near):
            chars[a:b] = " " * (b - a)
    return "".join(chars)


def _label_kept(text: str, low: str, sp: Span, kinds: frozenset[str] = _KINDS, strict: bool = False) -> bool:
    s, e, kind = sp
    value = text[s:e].strip()
    if not value or len(value) > 28 or kind not in kinds:
        return False
    data = _data()
    if (pre := re.search(r"(?<![\w-])[A-Z0-9]{1,6}(?:-[A-Z0-9]{1,6}){0,3}-$", text[max(0, s - 24):s])) and value[:1].isalnum():
        s, value = s - len(pre.group()), pre.group() + value  # "WPS-ES-83920174": the whole reference
    if (word := re.match(r"[^\W\d_]{2,12} ", value)) and not re.search(r"\d", word.group()):
        s, value = s + word.end(), value[word.end():]  # "code 00432" read after "branch"
    head = low[max(0, s - 48):s]
    m = _last_label(head, "places") if _PLACE.fullmatch(value) else None
    if m is not None and _CODE_NEAR(text, s, e):
        return False  # "entry codes — gate 4417", "office 7712 (alarm)": a place's code, not its number
    if m is not None and m.label.strip() == "gate" and _GATE_KEYPAD.fullmatch(value) and not data["travel"].search(low):
        return False  # "gate 5502 then lift the latch": an airport's gates have three digits at most; four and more, no trip, are a keypad's
    if m is None and _REFERENCE.fullmatch(value) and re.search(r"\d", value):
        m = _last_label(head)
    if m is None:
        return False
    at = s - len(head) + m.start
    names = _secret_names()
    if (_DOCUMENT.search(text, max(0, at - 30), at) or reference_values._patterns()["document"].search(text, max(0, at - 30), at)) \
            and not _tracking_label(m.label):  # a parcel's tracking number names no document's ("passport sent, tracking no …")
        return False  # "residence permit number …", "driving licence no. …": an identity document's
    if any(n.kind == "id" and n.start < at < n.stop for n in forms.names_in(text)):
        return False  # "numéro de dossier patient …", "health insurance policy no …": the label is a word of an id's name
    if m.gap:  # "queue number for PUK issues was B-219", "kode merchant qris warung aku 3660908"
        g0, g1 = s - len(head) + m.gap[0], s - len(head) + m.gap[1]
        gap = _without_topics(low[g0:g1])  # "номер обращения по смене пароля …": the request's topic
        words = [w for w in re.findall(r"[^\W\d_]+", gap) if not _COPULA_WORD.fullmatch(w)]
        if not words or names.search(words[-1]) or _CODE_WORD.search(words[-1]) or families.names_a_lock(gap):
            return False
        if (names.search(gap) or _CODE_WORD.search(gap) or _PIN_NAME.search(gap)) and not _TOPIC.match(gap):
            return False  # "parcel locker pickup PIN is …"; a topic after a preposition is fine: "for PUK issues"
    cut, _ = reference_values._clause(text, at)
    if turned := data["contrasts"].finditer(low, cut, at):  # "no password, but the customer number is …"
        cut = turned[-1][1]
    lo = max(cut, at - 40)
    window = _without_topics(_blank(low[lo:at], data["labels"]))  # other labels: "kode merchant qris"
    if (names.search(window) or families.names_a_lock(window) or _CODE_WORD.search(window)) \
            and (strict or not (m.numbered or _NUMBERED.search(m.label)) or _LINKED.search(text, max(0, at - 12), at)):
        return False  # a bare label after a secret's name in its clause: "the PIN for the order is 4421"
    # a secret's name right after the value: "order 4421 is my PIN"
    after = text[e:e + 24]
    cut_after = re.search(r"[.,;!?\n\u2029]", after)
    if names.search(text, e, e + (cut_after.start() if cut_after else len(after))):
        return False
    digits = re.sub(r"\D", "", value)
    return not (13 <= len(digits) <= 19 and checksums.luhn(digits) and digits[0] in "3456")  # a card's number


_DIAL = re.compile(r"(?i)\b(?:dial|dialing|dialling|ussd|press|call|marca|marque|marcar|disque|discar|digita|wählen|wähle|"
                   r"compose|composez|tecle|piga|bonyeza|tekan|i-dial|balance|saldo|recharge|recarga|bundle|menu|menú)\b"
                   r"|डायल|ডায়াল|拨打|ダイヤル|누르")


_PIN_NAME = re.compile(r"(?i)pin|passw|contraseña|senha|sandi|nenosiri|siri|密码|暗証|비밀번호")


def _ussd_kept(text: str, sp: Span) -> bool:
    s, e, _ = sp
    lo, hi = max(0, s - 24), min(len(text), e + 24)
    for m in _USSD.finditer(text, lo, hi):
        if not (m.start() < e and s < m.end()):
            continue
        code = m.group()
        groups = re.findall(r"\d+", code)
        if (len(groups) == 1 and len(groups[0]) >= 4 or families.names_a_lock(text[max(0, m.start() - 60):m.start()])) \
                and not _DIAL.search(text, max(0, m.start() - 40), m.start()):
            continue  # "현관 비밀번호 *7395#": a door lock's code between its keys
        first = re.match(r"[*#]{1,2}\d{1,4}", code)
        if s < m.start() + first.end() or not _PIN_NAME.search(text, max(0, m.start() - 30), min(len(text), m.end() + 30)):
            return True
    return False


_ACCOUNT_BEFORE = re.compile(r"(?i)(?:account|customer|contract|acct|a/c)\W{0,3}(?:number|no\.?|#|id)?\W{0,8}(?:is\W{0,3})?$")


def _service_account(text: str, sp: Span, before: str) -> bool:
    """An account, customer or contract number right after its name, a utility's word in the message
    or in the turn before it ("Meralco bill ni lola" / "Customer Account Number 0382-9174-56"), no bank's.
    A provider's letters may lead the digits ("account number VM40012345 for the broadband bill")."""
    s, e, kind = sp
    value = text[s:e].strip()
    digits = re.sub(r"\D", "", value)
    if kind not in ("bank account", "government id") or not 6 <= len(digits) <= 16 \
            or not re.fullmatch(r"[A-Za-z]{0,3}\d[\d\s\-./]*\d", value) or not _ACCOUNT_BEFORE.search(text[max(0, s - 30):s]):
        return False
    utility, bank = _utility_words()
    services = _data()["services"]
    return bool(utility.search(text) or before and utility.search(before) or services.finditer(text.lower())
                or before and services.finditer(before.lower())) and not (
        bank.search(text) or before and bank.search(before) or _PIN_NAME.search(text) or before and _PIN_NAME.search(before))


def _supply_kept(text: str, low: str, sp: Span) -> bool:
    s, e, kind = sp
    value = text[s:e].strip()
    if kind not in _KINDS or not value or len(value) > 48 or _BANKISH.search(_NEGATED_BANK.sub(" ", text)):
        return False
    digits = re.sub(r"\D", "", value)
    if 13 <= len(digits) <= 19 and checksums.luhn(digits) and digits[:1] in "3456":
        return False
    data = _data()
    if _NEGATED_BANK.search(text) and re.fullmatch(r"\d[\d\s\-./]{4,22}\d", value) \
            and _utility_words()[0].search(text) and _ACCOUNT_BEFORE.search(text[max(0, s - 30):s]):
        return True  # "electricity account number … — on the bill, not a bank account"
    if len(value) <= 34 and data["supply"].search(low[max(0, s - 40):s]) and re.fullmatch(r"[A-Za-z]{0,4}[\dA-Za-z\-\s]{6,30}", value):
        return True
    run = re.match(r"\d[\d\s\-.]{5,26}\d", value)
    return bool(run and kind == "bank account" and data["bill_after"].match(text[s + run.end():s + run.end() + 40])
                and _ACCOUNT_BEFORE.search(text[max(0, s - 30):s]))


_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
_OWN = re.compile(r"(?i)\b(?:my|mine|mi|mis|meu|minha|mon|ma|mein|meine|mio|mia|mój|moja|мой|мой|benim|saya|aku|tôi|mera|meri)\b"
                  r"|我的|私の|내 |제 |حسابي|رقمي")


def _payment_handle_kept(text: str, sp: Span) -> bool:
    """A bank account or a PIX key published for donations ("رقم حساب الجمعية الخيرية … للتبرعات"), or a
    random PIX key the message says is posted ("chave pix aleatória da barraca … tá no cartaz")."""
    s, e, kind = sp
    if kind != "bank account":
        return False
    lo, hi = public_statements._window(text, s, e)
    if _UUID.fullmatch(text[s:e].strip()) and public_statements._states_public(text, lo, hi):
        return True
    return bool(_data()["donations"].finditer(text, lo, hi)) and not _OWN.search(text, lo, hi)


_MASK_BEFORE = re.compile(r"(?:\.{3}|…|[*•●]{2,}|[Xx]{3,})\s?$")
_SLOT = re.compile(r"(?i)[\[<{]\s*(?:your|you|tu|su|sua|seu|votre|ton|dein|deine|ihr|il tuo|la tua|uw|twoje|twój|ваш|ваша|senin|kamu|anda|enter|insert|put|type)\b[^\]>}\n]{0,30}[\]>}]")
_MASKED = re.compile(r"(?:[Xx*•●]{2,}[\s\-.]?)+\d{2,6}")
_LAST_DIGITS = re.compile(r"(?:下\s?[4４四]\s?桁|末尾\s?[4４四]?\s?桁?|尾号|尾數|尾数|[后後]\s?[4４四]\s?位|末\s?[4４四]\s?位|最后\s?[4４四]\s?位"
                          r"|끝\s?[4４]?\s?자리|뒷\s?[4４]?\s?자리|뒤\s?[4４]\s?자리|마지막\s?[4４]\s?자리)"
                          r"[^\d\n]{0,6}?(?:は|是|为|為|는|은|:|：|が)?\s*$")


def _masked_kept(text: str, sp: Span) -> bool:
    """The shown digits of a masked number ("A/c XX4471 debited") or a number's last digits named in
    a language without "ending in" ("下4桁は2291", "尾号 8812", "끝자리 4471")."""
    s, e, kind = sp
    value = text[s:e].strip()
    if kind in ("seed phrase", "api key", "private key"):
        return False
    if _MASKED.fullmatch(value) or re.fullmatch(r"\d{2,6}", value) and _MASK_BEFORE.search(text, max(0, s - 8), s):
        return not _PIN_NAME.search(text, max(0, s - 14), s)  # "PIN: **1234" is no mask
    return bool(re.fullmatch(r"\d{2,6}", value) and _LAST_DIGITS.search(text, max(0, s - 24), s))


_PHONE = re.compile(r"\+?\(?\d[\d\s\-./()]{4,18}\d")


_INSTITUTION = re.compile(r"(?i)\s*(?:of|de|del|da|do|der|des|di|della|van|dell')\b")
_NUMBER_WORD = re.compile(r"(?i)\b(?:number|no\.|n[º°]|número|numero|numéro|nummer|numer|номер)")


#: What a reader of a secret's name may take for its value when a phone number to call follows it.
_CALLED_KINDS = frozenset({"password", "pin", "login", "security answer"})
#: A number as a telephone's is written: 9-15 digits, a "+" or a leading 0 or a bracketed area code, in groups.
_DIALLED = re.compile(r"(?:\+\s?|(?=0)|(?=\())[\d()][\d()\s\-./]{7,20}\d")


def _called_number(text: str, sp: Span) -> bool:
    """A telephone number to call after a secret's word ("the door code changed, call 0161 496 0000 to get
    it", "gate code changed, ring the office on +44 7700 931170"): a phone's or a call's word right before
    it in the same clause, the value (without that word) written as a phone number — a "+" and a possible
    number, or a valid number of a country — and no secret's name between the word and the number."""
    s, e, _ = sp
    if text[max(0, s - 2):s].rstrip().endswith("+"):
        s -= 1 + (text[s - 1] == " ")
    words = _data()["phone_words"]
    clause = max((m.end() for m in re.finditer(r"[.!?;\n。！？]", text[max(0, s - 50):s])), default=0) + max(0, s - 50)
    said = words.finditer(text, clause, e)
    if not said:
        return False
    start = said[-1][1]
    number = _DIALLED.search(text, start, e + 20)
    if not number or number.start() >= e or number.start() - start > 20 or number.end() < e - 1:
        return False
    gap = _blank(text[start:number.start()], words)
    if _secret_names().search(gap) or _CODE_WORD.search(gap) or _PIN_NAME.search(gap):
        return False
    dialled = re.sub(r"[^\d+]", "", number.group())
    if not 9 <= len(dialled.lstrip("+")) <= 15:
        return False
    if dialled.startswith("+") and _TO_NUMBER.fullmatch(gap):
        return True  # "llama al +1 (555) 0157-0733": a "+" right after a call's word is a telephone's
    return phone_numbers.is_phone(dialled, _REGIONS, possible=True)


#: The small words between a phone's word and its number ("call the caretaker at", "the guy to call is on").
_TO_NUMBER = re.compile(r"(?i)[^\S\n]*(?:(?:is|are|on|at|al|au|allo|à|a|ao|na|no|es|está|è|é|est|ist|unter|op|pod|по|the|le|la|il|"
                        r"el|o|der|die|den|de|:|-|は|是|为|為|：)[^\S\n]*){0,3}")


#: A value's run of digits, perhaps with a short prefix ("PO-2026-3537", "+1 (555) 0157-0733", "۸۸۲۱۰۴۵").
_VALUE_RUN = re.compile(r"(?:[A-Z]{1,3}[\-/]?)?\+?\(?\d[\d\s\-./()]*\d[A-Z]{0,3}|\d+")


def named_in_own_turn(text: str, sp: Span) -> bool:
    """A value this turn names as a public one, read when a secret's name stood only in the turn before ("pin
    changed" / "new phone number is 090-1234-5678", "银行卡丢了" / "挂失电话 95588", "пароль сменил" / "номер заявки
    11-48213"): its own public label right before it, a telephone number after a phone's or a call's word with
    only small words between (a service's short line too: five digits at least), or a look-alike this module keeps;
    never when this turn names a secret itself."""
    s, e, kind = sp
    if kind not in (*_CALLED_KINDS, "card number") or _secret_names().search(text) \
            or kind == "card number" and sum(ch.isdigit() for ch in text[s:e]) >= 12 \
            or _CODE_WORD.search(text) or _PIN_NAME.search(text) or families.names_a_lock(text):
        return False
    from . import forms

    while s > 0 and not text[s - 1].isspace() and text[s - 1] not in ":：=":  # "PO-2026-3537" read as "2026"
        s -= 1
    while e < len(text) and not text[e].isspace() and text[e] not in ".,;!?":
        e += 1
    around = next((m for m in _VALUE_RUN.finditer(text) if m.start() <= s and e <= m.end()), None)
    runs = [around] if around else list(_VALUE_RUN.finditer(text, s, e)) \
        or list(re.finditer(r"[^\s:：]+(?=[\s.,;!?]*$)", text[:e]))
    run = runs[-1] if runs else None
    after = text[run.end():e] if run else ""  # at most a closing word ("… 090-1234-5678 です")
    if run and (around or (len(after.split()) <= 1 and not re.search(r"\d|^\S", after)
                           and text[run.start() - 1:run.start()].isspace())):
        s, e = run.start(), run.end()  # a part of a number ("800 123 [456]"), or the turn read whole ("номер заявки 11-48213")
    sp = (s, e, kind)
    if sum(ch.isdigit() for ch in text[s:e]) < 3:
        return False  # a number's label, not a word's ("puse Seat Panda": no seat's number)
    if forms.public_value(text, s, e):
        return True
    value = text[s:e]
    if sum(ch.isdigit() for ch in value) < 5 or not re.fullmatch(r"[A-Z]{0,3}[\s\-]?\+?\(?\d[\d\s\-./()]*\d", value.strip()):
        return False
    words = _data()["phone_words"]
    clause = max((m.end() for m in re.finditer(r"[.!?;,\n。！？，]", text[:s])), default=0)
    said = words.finditer(text, clause, s)
    if not said:
        return False
    gap = text[said[-1][1]:s]
    return bool(_TO_NUMBER.fullmatch(gap))


_REGIONS = ("GB", "US", "IN", "DE", "FR", "ES", "IT", "BR", "MX", "AU", "PL", "NL", "TR", "ZA", "NG", "PH", "ID")


def _phone_kept(text: str, sp: Span) -> bool:
    """A telephone number (a public service's line, a contact's number) named as one: a phone's word
    in the clause before it or right after it ("ねんきんダイヤル 0570-05-1165 に電話した", "El teléfono de la
    Seguridad Social es 901 16 65 65"), no secret's name between the word and the number."""
    s, e, kind = sp
    value = text[s:e].strip()
    if kind in _CALLED_KINDS and _called_number(text, sp):
        return True
    if kind not in ("bank account", "government id") or not _PHONE.fullmatch(value):
        return False
    digits = re.sub(r"\D", "", value)
    if not 6 <= len(digits) <= 15 or len(digits) >= 13 and checksums.luhn(digits):
        return False
    words = _data()["phone_words"]
    cut = max((m.end() for m in re.finditer(r"[.!?;\n\u2029。！？](?=\s|$)|[。！？]", text[max(0, s - 60):s])), default=0)
    cut += max(0, s - 60)
    before = words.finditer(text, cut, s)
    if before:
        gap = text[before[-1][1]:s]
    elif words.finditer(text, e, min(len(text), e + 14)):
        gap = text[max(cut, s - 24):s]
    else:
        return False
    gap = _blank(gap, words)
    if _INSTITUTION.match(gap) and not _NUMBER_WORD.search(gap):
        gap = gap[:_INSTITUTION.match(gap).end()]  # "El teléfono de la Seguridad Social es …": an office's line
    return not (_secret_names().search(gap) or _CODE_WORD.search(gap) or families.names_a_lock(gap)
                or _PIN_NAME.search(gap))


_POSTAL_VALUE = re.compile(r"\d{5,6}|\d{3}\s\d{3}|\d{5}-\d{3,4}|\d{3}-\d{4}")
_POSTAL_BLOCK = re.compile(r"(?i)\b(?:atm|card|debit|credit|bank|upi|password|secret|share|otp|cvv|tell|anyone|nobody|dont|don.t|never|private|batana|kisi)\b|کارڈ|اے ٹی ایم|बैंक|कार्ड|एटीएम"
                          # a Dutch card ("salarispas", "de gezamenlijke pas") or a Dutch PIN's own wording
                          # ("mijn pincode", "pincode van de …"): a PIN, never India's postal PIN code
                          r"|\b(?:salaris|tank|spaar|bank|betaal|pin|creditcard|studenten)pas(?:je)?\b"
                          r"|\b(?:gezamenlijke|zakelijke|nieuwe|mijn|m'n|onze|jouw)\s+pas(?:je)?\b"
                          r"|\b(?:mijn|m'n|onze|jouw|je)\s+pincode\b|\bpincode\s+van\s+(?:de|het|mijn|m'n|onze|je|jouw)\b")
_POSTAL_COPULA = re.compile(r"(?i)\s*(?:is|es|é|est|ist|era|è|:|-|hai|ہے)?\s*$")


def _postal_kept(text: str, sp: Span) -> bool:
    """A postal code whose name stands earlier in its sentence, the words between naming a place or an
    office ("el código postal de la oficina de la Seguridad Social es 08013"), or a PIN code's name
    right before five or six digits and a place ("پن کوڈ 54000 لاہور"); never beside a card's or an ATM's word."""
    s, e, kind = sp
    value = text[s:e].strip()
    if (lead := _POSTAL_VALUE.match(value)) and re.fullmatch(r"\s*[,(（]\s*[^\W\d_][^\d]{0,24}", value[lead.end():]):
        e, value = s + len(text[s:e]) - len(text[s:e].lstrip()) + lead.end(), lead.group()  # "600040 (Chennai)"
    if kind not in ("password", "government id", "bank account") or not _POSTAL_VALUE.fullmatch(value) \
            or _POSTAL_BLOCK.search(text) or families.names_a_lock(text):
        return False
    cut = max((m.end() for m in re.finditer(r"[.!?;\n\u2029。！？]", text[max(0, s - 80):s])), default=0) + max(0, s - 80)
    found = _data()["postal"].finditer(text, cut, s)
    if not found:
        return False
    gap = text[found[-1][1]:s]
    if re.search(r"\d", gap):
        return False
    if not gap.strip() or _POSTAL_COPULA.fullmatch(gap):
        after = text[e:e + 24]
        place = re.match(r"\s*[,(（]?\s*(?:[A-Z][^\W\d_]{2,}|[^\W\d_a-zA-Z]{3,})", after)  # "Lahore", "لاہور"
        return bool(place) and not _secret_names().search(after) and not _PIN_NAME.search(after)
    words = _INSTITUTION.match(gap)
    return bool(words and _POSTAL_COPULA.search(gap) and len(gap) <= 60 and not _NUMBER_WORD.search(gap)
                and not _PIN_NAME.search(gap))


def _slot_kept(text: str, sp: Span) -> bool:
    """A template's slot in brackets: "PIN: [your PIN]", "<tu contraseña>", "{dein Passwort}"."""
    s, e, _ = sp
    return any(m.start() <= s and e <= m.end() for m in _SLOT.finditer(text, max(0, s - 40), min(len(text), e + 40)))


_EXAMPLE_AFTER = re.compile(r"(?i)\b(?:as an? (?:generic |sample )?example|as a sample|for illustration|como (?:un )?ejemplo|como exemplo|comme exemple"
                            r"|als beispiel|come esempio|sebagai contoh|bilang halimbawa|örnek olarak|в качестве примера|jako przykład"
                            r"|als voorbeeld)|例として|作为示例|作为例子|예시로|كمثال|उदाहरण के (?:तौर|रूप) (?:पर|में)")


def _example_kept(text: str, sp: Span) -> bool:
    """A value its sentence calls an example right after it ("'RFC: XAXX010101000' como ejemplo genérico"),
    none of it the writer's own ("my password is …, for example" stays withheld)."""
    s, e, kind = sp
    if kind in ("card number", "api key", "seed phrase", "private key"):
        return False
    after = text[e:e + 40]
    stop = re.search(r"[.!?;\n\u2029。！？]", after)
    if not _EXAMPLE_AFTER.search(after[:stop.start()] if stop else after):
        return False
    cut, clause = reference_values._clause(text, s)
    return not _OWN.search(clause)


def _business_id_kept(text: str, low: str, sp: Span) -> bool:
    """An organisation's tax or registration number: its name, then within four words an organisation's
    word, then the value ("Steuernummer des Vereins 12/345/67890", "NIP sklepu 1234563218")."""
    s, e, kind = sp
    if kind not in ("government id", "password", "bank account") or not re.search(r"\d{4}", text[s:e]):
        return False
    data = _data()
    names = data["business_ids"].finditer(low, max(0, s - 60), s)
    if not names:
        return False
    gap = low[names[-1][1]:s]
    if len(re.findall(r"[^\W\d_]+", gap)) > 5 or re.search(r"[\d,;]", gap) or _PIN_NAME.search(gap) or _OWN.search(gap) \
            or _secret_names().search(gap) or _CODE_WORD.search(gap):
        return False
    if data["organisations"].finditer(gap):
        return True
    # an organisation's word right before the id's name: "the contractor's EIN is …", "der Firma Steuernummer …"
    lead = low[max(0, names[-1][0] - 30):names[-1][0]]
    lead = lead[max((m.end() for m in re.finditer(r"[.!?;:\n]", lead)), default=0):]
    return bool(data["organisations"].finditer(lead)) and not _OWN.search(lead) and not _PIN_NAME.search(lead)


_ACCOUNT_WORD = re.compile(r"(?i)account|customer|contract|acct|a/c")
_UTILITY_WORDS: list[re.Pattern[str]] = []


def _utility_words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    if not _UTILITY_WORDS:
        _UTILITY_WORDS.extend((families._word_re("utility", "words"), families._word_re("utility", "bank")))
    return _UTILITY_WORDS[0], _UTILITY_WORDS[1]


def without_lookalikes(text: str, spans: list[Span], before: str = "") -> list[Span]:
    """``spans`` without values a public label names directly, USSD codes and supply points' ids."""
    if not spans:
        return spans
    low = text.lower()
    if len(low) != len(text):
        return spans
    data = _data()
    tokens = {t[:4] for t in _TOKEN.findall(low)}
    labelled = bool(tokens & data["firsts"]) or (not low.isascii() and any(ch in data["firsts"] for ch in low))
    ussd = "#" in text
    supply = bool(tokens & {w[:4] for w in data["supply_words"]}) or "bill" in low or "factur" in low or "fatura" in low
    payment = "bank account" in {k for _, _, k in spans} and (
        bool(tokens & data["donation_first"]) or not low.isascii() or "-" in text)
    business = bool(tokens & data["business_first"]) or not low.isascii()
    account = bool(_ACCOUNT_WORD.search(text))
    masked = bool(re.search(r"[Xx*•●]{2}|\.\.\.|…|桁|尾|位|자리", text))
    slots = "[" in text or "<" in text or "{" in text
    phone = bool(tokens & data["phone_first"]) or not low.isascii() and bool(data["phone_words"].finditer(low))
    postal = bool(tokens & data["postal_first"] or not low.isascii() and data["postal"].finditer(low)) \
        and bool(re.search(r"\d{3}", text))
    example = bool(_EXAMPLE_AFTER.search(text))
    if not (labelled or ussd or supply or payment or masked or phone or before or postal or slots or example) \
            and not (account or business):
        return spans
    out = []
    for sp in spans:
        if ussd and _ussd_kept(text, sp) or labelled and _label_kept(text, low, sp) \
                or supply and _supply_kept(text, low, sp) or payment and _payment_handle_kept(text, sp) \
                or masked and _masked_kept(text, sp) or phone and _phone_kept(text, sp) \
                or postal and _postal_kept(text, sp) \
                or slots and _slot_kept(text, sp) or example and _example_kept(text, sp) \
                or account and _service_account(text, sp, before) or business and _business_id_kept(text, low, sp):
            continue
        out.append(sp)
    return out


#: A later finder's kinds too: an id of a person read by its shape ("numer klienta 1029384756").
_LATE_KINDS = _KINDS | {"personal id"}
_FLIGHT = re.compile(r"(?P<airline>[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?\d{1,4}[A-Z]?")


def _flight_kept(text: str, sp: Span) -> bool:
    """A flight's number (an airline's code, 1-4 digits) in a message of a trip ("ho prenotato, codice
    TK0130", "PNR kodu LH 908"): no lock's, PIN's or password's word in the message."""
    s, e, kind = sp
    m = _FLIGHT.fullmatch(text[s:e].strip())
    data = _data()
    told = False  # the flight's digits read alone after its airline's code, a travel word right after or before
    if m is None and text[s:e].isdigit() and len(text[s:e]) <= 4:  # ("rezervasyon kodu HULWUK, VN 961 uçuşu")
        m = _FLIGHT.fullmatch(text[max(0, s - 3):e].strip())
        after = len(text[e:]) - len(text[e:].lstrip())
        told = bool(m) and (any(a == e + after for a, _ in data["travel"].finditer(text, e, e + 24))
                            or bool(data["travel"].finditer(text, max(0, s - 20), s - 3)))
    return bool(m and kind in _LATE_KINDS and m.group("airline") in data["airlines"] and data["travel"].search(text)
                and not (_PIN_NAME.search(text) or families.names_a_lock(text) or not told and _secret_names().search(text)))


_CREDENTIAL_KINDS = frozenset({"password", "pin", "security answer", "api key", "private key", "seed phrase", "card number"})


def without_labelled_late(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a value its public label names directly ("die Kundennummer ist 7712093",
    "número de serie de la bici W7CD5SNVZW") that a finder after the first look-alike pass read as a
    secret because a secret's name stood elsewhere in the message ("Mein Passwort sage ich nicht, aber …").
    Stricter than the first pass: no secret's name in the label's clause (after a "but": the writer turned
    away from it), none on the label ("my Aadhaar UID is …"), and no credential's value given beside it —
    a customer number next to a given password is a bank's login id ("Kundennummer 7723451090, die PIN 4471")."""
    if not spans or not any(sp[2] in _LATE_KINDS for sp in spans):  # an api key, a card, a seed: nothing to read
        return spans
    low = text.lower()
    if len(low) != len(text):
        return spans
    data = _data()
    tokens = {t[:4] for t in _TOKEN.findall(low)}
    business = bool(tokens & data["business_first"])
    if not (tokens & data["firsts"] or not low.isascii() and any(ch in data["firsts"] for ch in low)
            or business or _FLIGHT.search(text)):
        return spans
    kept = [sp for sp in spans if _label_kept(text, low, sp, _LATE_KINDS, strict=True) or _flight_kept(text, sp)
            or business and _business_id_kept(text, low, sp)]  # "the contractor's EIN is … for the 1099"
    if kept and background_checks.mentioned(text):  # "vérification des antécédents, référence VSC-…": the check's own number
        checked = set(background_checks.spans(text))
        kept = [sp for sp in kept if sp not in checked]
    if kept and bank_logins.banking_in(text):  # "online banking: customer no. 7102…": a bank's login id, not a public label
        return spans
    if not kept:
        return spans
    if any(sp[2] in _CREDENTIAL_KINDS for sp in spans if sp not in kept):
        return spans  # a credential given beside it: the label's number is its login's other half
    return [sp for sp in spans if sp not in kept]
