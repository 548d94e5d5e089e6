"""An online-banking login's id beside its credential, read as a family.

A bank signs its customers in with a number of its own — a customer / client / contract /
membership number, a "Verfügernummer", a "numéro client", an "お客様番号", a "CRN" — and a
password, a PIN, a TAN or a memorable word. That number is half of the login: it is withheld

- when a credential is GIVEN (a credential's name with a value after it) in the same message,
  or in a neighbouring turn of the thread (the turn before, the one before that, or the next);
- or when an online-banking word stands near it ("my customer number for online banking is …").

Alone, a customer number is kept (a utility's customer number on a bill, a gym's membership
number, a customer-service line). The grammar: the id's name, at most six words without a digit
between (a second word, a possessive, the bank's name: "customer number for online banking is",
"número de cliente de Bankinter es", "Kundennummer fürs Onlinebanking lautet"), then the first
token holding digits. Words are data (``assets/bank_logins.json``, ~30 languages).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Sequence

from fact_memory_graph.secrets import login_labels, prefilter
from fact_memory_graph.secrets.forms import ASSETS

Span = tuple[int, int, str]

_EDGE = r"A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF"


@functools.cache
def _data() -> dict:
    data = json.loads((ASSETS / "bank_logins.json").read_text(encoding="utf-8"))
    # more labels of a login's user name, kept in a file of their own
    extra = json.loads((ASSETS / "spoken_codes.json").read_text(encoding="utf-8"))["bank_logins"]
    for key, words in extra.items():
        if isinstance(words, dict):  # by language
            for lang, more in words.items():
                have = data[key].setdefault(lang, [])
                have.extend(w for w in more if w not in have)
        else:
            data[key] = [*data[key], *(w for w in words if w not in data[key])]
    return data


def _words(key: str) -> list[str]:
    from fact_memory_graph.secrets.forms import view

    node = _data()[key]
    words = [w for v in node.values() for w in v] if isinstance(node, dict) else list(node)
    return sorted({view(w)[0].lower() for w in words} | {w.lower() for w in words}, key=len, reverse=True)


def _atom(ch: str) -> str:
    return r"[\s\-_]?" if ch == " " else "['’]" if ch == "'" else re.escape(ch)


@functools.cache
def _pattern(key: str) -> re.Pattern[str]:
    alt = "|".join("".join(_atom(c) for c in w) for w in _words(key))
    return re.compile(rf"(?i)(?<![{_EDGE}\d_])(?:{alt})(?![{_EDGE}\d_])")


@functools.cache
def _quick(key: str) -> re.Pattern[str]:
    """The same words as a prefix tree: a test of presence only (cost)."""
    return prefilter.word_tree(_words(key), _atom, head=rf"(?<![{_EDGE}\d_])", tail=rf"(?![{_EDGE}\d_])") \
        or _pattern(key)


#: The value after an id's name: the gap (no digit, no line break, no sentence end), then the first
#: token holding a digit (digits in groups, or letters with digits).
_AFTER_ID = re.compile(r"(?P<gap>[^\d\n;!?。；！？()\[\]{}<>]{0,60}?)"
                       r"(?<![\w\-])(?P<v>(?:\d{2,8}(?:[ \-]\d{2,8}){0,4}(?![\w])|[A-Za-z0-9][A-Za-z0-9._\-]*\d[A-Za-z0-9._\-]*))")
_SENTENCE_END = re.compile(r"(?<![Nn][oOrRº°])(?<![Nn])[.]\s|[—–]\s|\s[-—–]\s")
_GAP_STOP = re.compile(r"(?i)\b(?:call|phone|hotline|helpline|service|support|care|whatsapp|fax|tel|ended|ending|ends|last|"
                       r"digits|order|invoice|bill|meter|tracking|ticket|case|complaint|reference|ref|parcel|flight|room)\b")
_AMOUNT_AFTER = re.compile(r"(?i)\s*(?:[%€$£¥₹]|eur\b|euros?\b|usd\b|dollars?\b|kr\b|rs\b|ksh\b|gb\b|mb\b|km\b|kg\b|"
                           r"times\b|days?\b|years?\b|months?\b|points?\b|pts\b|miles?\b|am\b|pm\b|h\b|min\b)")
_GIVEN_DIGITS = re.compile(r"[\s:：=\-–—]*(?:[^\W\d_]{3,12}\s+)?(?:(?:is|es|est|ist|lautet|é|è|era|was|ni|ay|adalah|là|are|sind|son|são|sont|="
                           r"|was|it's|its|hai|h|hain)\s+)?[\s:：=]*(?:(?:my|the|mi|el|la|mon|ma|le|meu|minha|o|a|mein|meine|"
                           r"die|der|il)\s+)?(?P<v>[^\s,;]{3,})")


_LEAD = re.compile(r"[\s:：=\-–—]*(?:(?:is|es|est|ist|lautet|é|era|was|war|ni|c'est)\s+)?[\s:：=]*")
_SPACED_DIGITS = re.compile(r"\d(?:[ .\-]\d){3,7}(?![\d\w])")
_GIVEN_WORD = re.compile(r"[\s:：=\-–—]*(?:(?:is|es|est|ist|lautet|é|è|era|was|ni|ay|adalah|là|=|it's|its|hai)\s+)?"
                         r"[\s:：=]*(?P<v>[^\s,;]{3,64})")


def _credentials(norm: str, names: list) -> list[tuple[int, int]]:
    """The values of the credentials given in a message: a password's name with a value after it
    (not a mask, a slot or a word about it), a PIN's or a code's name with four digits or more."""
    from fact_memory_graph.secrets import families

    out = []
    for n in names:
        if n.kind == "password" and families._given(norm, n.stop):
            m = _GIVEN_WORD.match(norm, n.stop, min(len(norm), n.stop + 80))
            said = m and (m.start("v") > n.stop and re.search(r"[:：=]|\S\s", norm[n.stop:m.start("v")])
                          or re.search(r"[^a-zà-ÿ]", m.group("v").rstrip(".,!?)")))
            if said and m.group("v").rstrip(".,!?)").casefold() in login_labels.talk_words():
                said = False  # "пароль потом сам введу", "Kennwort hab ich vergessen": talk, not a value
            if m and said:  # "password Tulip#884", "memorable word: pebble"; not "my password though"
                out.append((m.start("v"), m.start("v") + len(m.group("v").rstrip(".,!?)"))))
        elif n.kind == "digits":
            m = _GIVEN_DIGITS.match(norm, n.stop, min(len(norm), n.stop + 40))
            spaced = _SPACED_DIGITS.match(norm, _LEAD.match(norm, n.stop).end())
            if spaced:  # "code secret : 4 1 8 8 0 2"
                out.append((spaced.start(), spaced.end()))
            elif m and (len(re.sub(r"\D", "", m.group("v"))) >= 4 or families._password_like(m.group("v"))):
                out.append((m.start("v"), m.start("v") + len(m.group("v").rstrip(".,!?)"))))
    return out


def _credential_in(norm: str, names: list) -> bool:
    """Whether a credential (a password's, a PIN's, a code's name with a value after it) is given."""
    return bool(_credentials(norm, names))


@functools.lru_cache(maxsize=2048)
def credential_given(text: str) -> bool:
    """:func:`_credential_in` for a raw turn of a thread (its normalised view read here)."""
    from fact_memory_graph.secrets import forms

    if not text or not text.strip():
        return False
    norm = _unmarked(forms.view(text)[0])
    return _credential_in(norm, forms.names_in(norm))


@functools.lru_cache(maxsize=2048)
def banking_in(text: str) -> bool:
    """An online-banking word or a bank's name ("Volksbank", "app ngân hàng") in a turn."""
    text = _unmarked(text)
    return bool(text) and bool(_quick("banking").search(text) or _quick("banks").search(text))


def _ids(norm: str, names: list) -> Iterator[tuple[int, int, int]]:
    """(name's start, value's start, value's end) of every id's name followed by a value."""
    name_starts = [n.start for n in names]
    for m in _pattern("ids").finditer(norm):
        v = _AFTER_ID.match(norm, m.end())
        if not v:
            continue
        gap = v.group("gap")
        if re.search(r"[^\W\d_]", gap) and _SENTENCE_END.search(norm, m.end(), v.start("v")) or len(re.findall(r"[^\W\d_]+", gap)) > 7 or _GAP_STOP.search(gap):
            continue
        if any(m.end() <= s < v.start("v") for s in name_starts):
            continue  # "customer number and PIN 4471": the value is the PIN's
        value = v.group("v").rstrip(".-_")
        digits = len(re.sub(r"\D", "", value))
        letters = bool(re.search(r"[A-Za-z]", value))
        if digits < (4 if letters else 5) or len(value) > 26:
            continue
        if re.fullmatch(r"\d{1,4}[\-./]\d{1,2}[\-./]\d{2,4}", value) or re.fullmatch(r"(?:19|20)\d{2}", value):
            continue  # a date, a year
        before = norm[max(0, v.start("v") - 2):v.start("v")]
        if "+" in before or re.search(r"[$€£¥₹]\s*$", before) or _AMOUNT_AFTER.match(norm, v.start("v") + len(value)):
            continue  # a phone number in E.164, an amount
        if re.search(r"[*•]|[xX]{3,}", norm[v.start("v"):v.start("v") + len(value) + 2]):
            continue  # a masked value
        yield m.start(), v.start("v"), v.start("v") + len(value)


#: Login words too wide to look past other words for a value ("account", "email", "id").
_WIDE_LOGIN = frozenset({"id", "account", "acct", "acc", "email", "e-mail", "mail", "handle", "correo", "compte", "konto",
                         "hesap", "cuenta", "conta", "akun", "akaun", "tk", "حساب", "الحساب", "بالحساب", "계정", "アカウント",
                         "账户", "tài khoản", "บัญชี", "hesabı", "hesabım", "аккаунт", "акаунт", "courriel", "kennung"})
_USER_AFTER = re.compile(r"(?P<gap>(?:[\s:：=\-–—]*(?!(?i:password|passwort|pass\b|pw\b|pin\b))(?>[^\s\d:：=,;]+)){0,6}?)[\s:：=\-–—]*"
                         r"(?P<v>(?=[^\s,;]*[^\W\d_])(?=[^\s,;]*[\d._@])[^\W_][\w.@\-]{2,40}[^\W_]|\d{6,14})(?![\w@])")


def _users(norm: str) -> Iterator[tuple[int, int, int]]:
    """(name's start, value's start, value's end) of a user name after a login's name, up to four
    words between ("username niya lolaremy48", "ชื่อผู้ใช้ K PLUS ของแม่คือ somsri_jai")."""
    from fact_memory_graph.secrets import families

    logins = families._word_quick("login", "words").search(norm)
    if not logins and not _quick("users").search(norm):
        return
    for m in sorted([*(families._word_re("login", "words").finditer(norm) if logins else ()),
                     *_pattern("users").finditer(norm)], key=lambda m: m.start()):
        if m.group().lower() in _WIDE_LOGIN:
            continue
        v = _USER_AFTER.match(norm, m.end(), min(len(norm), m.end() + 80))
        if not v or _SENTENCE_END.search(norm, m.end(), v.start("v")) or "://" in v.group("v") \
                or v.group("v").lower().startswith(("http", "www.")):
            continue
        yield m.start(), v.start("v"), v.end("v")


#: A public profile's words: a bank's handle on a social network is no login.
_SOCIAL = re.compile(r"(?i)instagram|twitter|tiktok|facebook|youtube|linkedin|telegram|\bx\.com|\bhandle|\bprofile|"
                     r"\bpage\b|\bchannel|\bfollow|\btag\b|gamertag|discord|reddit")


def spans(norm: str, names: list) -> list[Span]:
    """The login ids of one message (its normalised view) withheld by the message itself."""
    users = list(_users(norm))  # "username niya lolaremy48", up to six words between
    if not users and not _quick("ids").search(norm):
        return []
    found = list(_ids(norm, names)) if _quick("ids").search(norm) else []
    at_bank = [u for u in users if _credentials(norm, names) or banking_in(norm) and not _SOCIAL.search(norm)]
    found += at_bank  # a user name at a bank ("his Chase app. username is ronald_k_1949")
    if not found:
        return []
    given = [(s, e) for s, e in _credentials(norm, names)  # not the id's own name ("codice cliente 8029…")
             if not any(a <= s < b for _, a, b in found)]
    if given:  # the login's id and the credential's value beside it
        ids = [(s, e, "password") for _, s, e in found]
        return ids + [(s, e, "password") for s, e in given if not any(a <= s < b for a, b, _ in ids)]
    out = [(s, e, "password") for _, s, e in at_bank]
    for start, s, e in found:
        if (start, s, e) not in at_bank and (_quick("banking").search(norm[max(0, start - 60):e + 60])
                                             or _quick("banks").search(norm[max(0, start - 40):e + 20])):
            out.append((s, e, "password"))
    return out


def spans_beside(text: str, neighbours: Sequence[str]) -> list[Span]:
    """The login ids of a turn (raw text) withheld by a credential (or an online-banking word) in a
    neighbouring turn of the thread ("Customer number: 5512093847" / "Password: …")."""
    from fact_memory_graph.secrets import families, forms

    if not text:
        return []
    ids = _quick("ids").search(text)
    users = families._word_quick("login", "words").search(text) or _quick("users").search(text)
    if not ids and not users:
        return []
    given = any(credential_given(t) or banking_in(t) for t in neighbours if t)
    if not given:
        return []
    norm, origin = forms.view(text)
    found = [(s, e, "password") for _, s, e in _ids(norm, forms.names_in(norm))] if ids else []
    if given and users:
        found += [(s, e, "password") for _, s, e in _users(norm)]
    found = [sp for sp in found if not any(a <= sp[0] < b for a, b in _credentials(norm, forms.names_in(norm)))] \
        if found else found
    return forms.back(found, origin) if found else []


# ---------------------------------------------------------------- a wallet app's PIN, not named
_CLAUSE = re.compile(r"[.!?;\n。！？]\s|[.!?;。！？]$|\n|\s[—–-]\s|,\s(?:but|and then|pero|mais|aber)\s")
_WALLET_DIGITS = re.compile(r"(?<![\w.,:/+\-*#₱$€£¥₹৳])(?P<v>\d{4,6})(?![\w#*])(?![.,:/\-]\d)")


def wallet_spans(norm: str) -> list[Span]:
    """Four to six digits in a clause naming a wallet app (M-Pesa, GCash, bKash, UPI, Nequi …) and
    a verb of keying them in ("the 4 digits I use for gcash are 8812", "i use 4729 for mpesa"):
    the app's PIN. Not when the clause names a public number (a paybill, a till, an agent, a
    receipt, a helpline, an amount)."""
    if not _quick("wallets").search(norm) or not _quick("use_words").search(norm):
        return []
    out: list[Span] = []
    for w in _pattern("wallets").finditer(norm):
        start = max((m.end() for m in _CLAUSE.finditer(norm, 0, w.start())), default=0)
        end = _CLAUSE.search(norm, w.end())
        end = end.start() if end else len(norm)
        clause = norm[start:end]
        if not _pattern("use_words").search(clause) or _not_secret(clause):
            continue
        for v in _WALLET_DIGITS.finditer(norm, start, end):
            if abs(v.start() - w.start()) > 60 or _AMOUNT_AFTER.match(norm, v.end()):
                continue
            out.append((v.start("v"), v.end("v"), "password"))
    return out


@functools.cache
def _not_secret_re() -> re.Pattern[str]:
    words = [w for w in _words("not_secret") if w != "number"]
    alt = "|".join("".join(_atom(c) for c in w) for w in words)
    return re.compile(rf"(?i)(?<![{_EDGE}\d_])(?:{alt})(?![{_EDGE}\d_])")


def _not_secret(clause: str) -> bool:
    return bool(_not_secret_re().search(clause)) or bool(re.search(r"[*#]\d|\d[*#]", clause))


# ---------------------------------------------------------------- a bank account number without its country
_BARE_26 = re.compile(r"(?<![\w\-/.])\d{2}(?:[ \-]?\d{4}){6}(?![\w\-/])")
#: Countries whose IBAN is two letters and 26 digits: the digits alone (a Polish NRB, a Hungarian
#: account with its IBAN check digits) pass the IBAN checksum with one of these prefixes.
_PREFIXES_26 = ("2521", "1730")  # PL, HU (letters as IBAN numbers: P=25 L=21, H=17 U=30)


def bare_account_spans(norm: str) -> list[Span]:
    """A 26-digit account number given without its country's letters ("Mój to 16 8711 5490 …",
    a Polish NRB): withheld when the IBAN checksum holds with the country put back."""
    if len(norm) < 26 or not re.search(r"\d{4}", norm):
        return []
    out: list[Span] = []
    for m in _BARE_26.finditer(norm):
        digits = re.sub(r"\D", "", m.group())
        if any(int(digits[2:] + prefix + digits[:2]) % 97 == 1 for prefix in _PREFIXES_26):
            out.append((m.start(), m.end(), "bank account"))
    return out


#: Pakistan's CNIC (NADRA): five digits (the region), seven, one (odd for a man, even for a woman),
#: written with its two dashes; no phone, date or reference number is written so.
_CNIC = re.compile(r"(?<![\w\-/.+])\d{5}-\d{7}-\d(?![\w\-/])")


def cnic_spans(norm: str) -> list[Span]:
    """A Pakistani national id card's number in its written shape ("55989-2680420-6")."""
    return [(m.start(), m.end(), "government id") for m in _CNIC.finditer(norm)] if "-" in norm else []


# ---------------------------------------------------------------- a card's number beside its name
_CARD_GROUPS = re.compile(r"(?<![\w\-/.+])(?:\d{4}[ \-]){3}\d{4}(?:[ \-]?\d{1,3})?(?![\w\-/])|(?<![\w\-/.+])\d{15,19}(?![\w\-/])")
_NOT_PAYMENT = re.compile(r"(?i)loyalty|rewards?|points|member|fidelidad|fidélité|treue|punti|pontos|bonus|gift|geschenk|"
                          r"cadeau|regalo|presente|library|biblioth|biblio|bibliot|test|example|beispiel|exemple|ejemplo|"
                          r"exemplo|esempio|dummy|sample|tracking|parcel|order|pedido|commande|bestell|imei|serial|iccid|sim")


def card_spans(norm: str, names: list) -> list[Span]:
    """A card's number (16-19 digits, Luhn) in a message naming a payment card, whatever brand its
    first digits belong to ("ma carte bancaire … j'ai mis 5904 7825 8568 9614", "I read my card over
    the phone, 5983 …"): the brand lists stop at the networks we know; a writer's card need not."""
    from fact_memory_graph.secrets.checksums import luhn

    if not any(n.kind == "card" for n in names) or _NOT_PAYMENT.search(norm):
        return []
    out: list[Span] = []
    for m in _CARD_GROUPS.finditer(norm):
        digits = re.sub(r"\D", "", m.group())
        if 15 <= len(digits) <= 19 and luhn(digits) and len(set(digits)) > 2:
            out.append((m.start(), m.end(), "card number"))
    return out


# ---------------------------------------------------------------- a credential's value keyed in
_PIN_SPACED = re.compile(r"(?P<v>\d(?:[ .\-·]\d){3,7})(?![\w.\-])")
_ENTERED_VALUE = re.compile(r"(?P<gap>(?:[\s:：=,]*[^\W\d_]+){0,3}?)[\s:：=,]*(?<![\w.,/:+\-#*])(?P<v>\d{4,8})(?![\w#*])(?![.,:/\-]\d)")


def keyed_spans(norm: str, names: list) -> list[Span]:
    """A credential's value given by how it was keyed in: dotted or spaced digits after a PIN's or a
    password's name ("pin: 7.4.4.9"); digits after a verb of typing them ("the bank asked for the
    6-digit password of internet banking, I entered 731950"), in a message naming a credential, a
    bank's online service or a wallet app."""
    out: list[Span] = []
    for n in names:
        if n.kind in ("digits", "password"):
            m = _PIN_SPACED.match(norm, _LEAD.match(norm, n.stop).end())
            if m and not _AMOUNT_AFTER.match(norm, m.end()):
                out.append((m.start("v"), m.end("v"), "password"))
    if not re.search(r"\d{4}", norm) or not _quick("entered_words").search(norm):
        return out
    named = [n.start for n in names if n.kind in ("digits", "password")]
    for w in _pattern("entered_words").finditer(norm):
        if not (any(s < w.start() for s in named) or _quick("banking").search(norm, 0, w.start())
                or _quick("wallets").search(norm, 0, w.start())):
            continue
        v = _ENTERED_VALUE.match(norm, w.end(), min(len(norm), w.end() + 50))
        if not v or _AMOUNT_AFTER.match(norm, v.end("v")) or re.fullmatch(r"(?:19|20)\d\d", v.group("v")):
            continue
        if _not_secret(norm[max(0, w.start() - 40):v.end()]):
            continue
        out.append((v.start("v"), v.end("v"), "password"))
    return out


# ---------------------------------------------------------------- an airtime voucher loaded by USSD
_USSD_VOUCHER = re.compile(r"(?<![\w*])\*\d{2,4}\*(?P<v>\d{12,20})#")


def voucher_spans(norm: str) -> list[Span]:
    """A scratch card's PIN keyed into a top-up USSD code ("*141*9964512344227703#"): the code is
    public, the long number between its star and its hash is the voucher's secret (a phone number
    in a transfer code is shorter, starts with 0 or a country code, or is followed by another *)."""
    if "*" not in norm or "#" not in norm:
        return []
    out: list[Span] = []
    for m in _USSD_VOUCHER.finditer(norm):
        v = m.group("v")
        if len(v) < 14 and (v.startswith("0") or v.startswith(("254", "234", "233", "255", "256", "91", "92", "880", "63"))):
            continue
        out.append((m.start("v"), m.end("v"), "password"))
    return out


# ---------------------------------------------------------------- a Thai id card's number
_THAI_ID = re.compile(r"(?<![\w\-])\d(?:[ \-]?\d{4})(?:[ \-]?\d{5})(?:[ \-]?\d{2})(?:[ \-]?\d)(?![\w\-])")
_THAI_CARD = re.compile(r"บัตร|ประชาชน|ประจำตัว")


def thai_id_spans(norm: str) -> list[Span]:
    """Thirteen digits that pass the Thai citizen id's checksum after a Thai card word ("เลขบัตร
    1804…"): the card word alone names a payment card too, whose number has 16 digits."""
    if not _THAI_CARD.search(norm):
        return []
    from stdnum.th import pin

    out: list[Span] = []
    for m in _THAI_ID.finditer(norm):
        if _THAI_CARD.search(norm, max(0, m.start() - 40), m.start()) and pin.is_valid(re.sub(r"\D", "", m.group())):
            out.append((m.start(), m.end(), "government id"))
    return out


# ---------------------------------------------------------------- a card's security code by where it is
_CARD_WORD = re.compile(r"(?i)\b(?:card|carte|tarjeta|karte|cartão|cartao|carta|kartu|kad|kaart|karta|kart|kadi)\b|карт|カード|卡|카드|บัตร|بطاقة|کارت|כרטיס|कार्ड|কার্ড")
_COUNT_BEFORE = re.compile(r"(?i)(?:\b[34]|\b(?:three|four|tres|cuatro|trois|quatre|drei|vier|três|quatro|tre|quattro|trzy|cztery|üç|dört|"
                           r"три|четыре|tiga|empat|ba|bốn|teen|char|tatu|nne|tatlong|tatlo|apat na|apat|drie|kolme|négy|három|tři|trei|patru)|"
                           r"तीन|चार|ثلاث\w*|أربع\w*|三|四|세|네|สาม|สี่|τρία|τέσσερα)[\s\-]*(?:last\s+|ultimos\s+|últimos\s+|derniers\s+)?$")
_CVV_VALUE = re.compile(r"(?<![\w.,/:+\-])(?P<v>\d{3,4})(?![\w.,/:\-]\d|\d)")


def card_back_spans(norm: str) -> list[Span]:
    """Three or four digits named by where they are on a card: a digits word and a back word in one
    clause, the value after them ("yung 3 digits sa likod 245", "los 3 dígitos de atrás son 512",
    "die drei Ziffern hinten: 731")."""
    if not _quick("card_back").search(norm) or not _quick("card_back_digits").search(norm):
        return []
    carded = bool(_CARD_WORD.search(norm))
    out: list[Span] = []
    for d in _pattern("card_back_digits").finditer(norm):
        if not carded and not _COUNT_BEFORE.search(norm[max(0, d.start() - 14):d.start()]):
            continue  # "the number on the back of the house": a count ("3 digits") or a card's name
        back = _pattern("card_back").search(norm, d.end(), min(len(norm), d.end() + 30))
        if not back and not _pattern("card_back").search(norm, max(0, d.start() - 30), d.start()):
            continue
        at = back.end() if back else d.end()
        end = _CLAUSE.search(norm, at)
        v = _CVV_VALUE.search(norm, at, min(end.start() if end else len(norm), at + 40))
        if v and not _AMOUNT_AFTER.match(norm, v.end()):
            out.append((v.start("v"), v.end("v"), "card number"))
    return out


# ---------------------------------------------------------------- public numbers a secret's rule may take
_USSD = re.compile(r"(?<![\w*])\*\d{2,3}(?:\*\d{1,6})*#")  # "*2580#" (four digits alone) opens a door lock
_PHONE_SHAPE = re.compile(r"\+?[\d][\d \-().]{2,17}\d")
_MASK_HEAD = re.compile(r"(?i)[x*•]{2,}")


#: A screen pattern's dots, one digit each, joined one by one ("7-6-5-3-8-4-2"): no phone is written so.
_PATTERN_DOTS = re.compile(r"[1-9](?:\s?[-–>→]\s?[1-9]){3,8}")


def _pattern_dots(value: str) -> bool:
    digits = re.sub(r"\D", "", value)
    return bool(_PATTERN_DOTS.fullmatch(value)) and len(set(digits)) == len(digits)


def _after_last_digits(norm: str, s: int, value: str) -> bool:
    """Whether ``value`` (three or four digits at ``s``) comes right after a card's or an account's
    last-digits phrase in its clause ("下4桁は", "the one ending", "Karte mit Endziffern")."""
    if not re.fullmatch(r"\d{3,4}", value):
        return False
    clause_start = max((m.end() for m in _CLAUSE.finditer(norm, 0, s)), default=0)
    head = norm[max(clause_start, s - 40):s]
    endings = list(_pattern("last_digits").finditer(head[-24:]))
    ending = endings[-1] if endings else None  # the last one before the value
    return bool(ending and re.fullmatch(r"[\s:：=、,]*(?:(?:is|are|es|son|est|sont|é|são|ist|sind|は|是|:)[\s:：]*)?",
                                        head[-24:][ending.end():]))


def told_as_last_digits(norm: str, s: int, e: int) -> bool:
    """Whether the digits at ``s:e`` are a card's or an account's last digits told by their phrase (for a
    reader that runs after :func:`without_public_numbers`: "Abbuchung … auf der Karte mit Endziffern …")."""
    return bool(_quick("last_digits").search(norm, max(0, s - 40), s)) and _after_last_digits(norm, s, norm[s:e])


def without_public_numbers(norm: str, spans: list[Span]) -> list[Span]:
    """Spans that are a public number a secret's rule took: a USSD code ("*131*4#"), a number
    after a paybill / till / agent / merchant / helpline / phone word in its clause with no
    credential's name between ("kode merchant qris warung aku 3660908", "el teléfono de la
    Seguridad Social es 901 16 65 65"), the visible end of a masked value ("A/c XX4471",
    "下4桁は2291")."""
    if not spans:
        return spans
    ussd = [m.span() for m in _USSD.finditer(norm)] if "*" in norm and "#" in norm else []
    public = _quick("public_numbers").search(norm) or _quick("phone_words").search(norm)
    last = _quick("last_digits").search(norm)
    if not ussd and not public and not last and not _MASK_HEAD.search(norm):
        return spans
    from fact_memory_graph.secrets import forms

    out = []
    for sp in spans:
        s, e = sp[0], sp[1]
        value = norm[s:e]
        if any(a <= s and e <= b for a, b in ussd) and not re.fullmatch(r"\d{12,20}", value):
            continue  # inside a USSD code, not a voucher's PIN
        if re.fullmatch(r"[xX*•]{2,}[\s\-]?\d{2,6}", value.strip()) \
                or re.search(r"[xX*•]{2,}[\s\-]?$", norm[max(0, s - 6):s]) and re.fullmatch(r"\d{2,6}", value):
            continue  # "A/c XX4471": the visible end of a masked number
        clause_start = max((m.end() for m in _CLAUSE.finditer(norm, 0, s)), default=0)
        head = norm[max(clause_start, s - 40):s]
        if last and _after_last_digits(norm, s, value):
            continue  # "下4桁は2291", "the one ending 0932"
        tail = re.fullmatch(r"(?:[^\W\d_]{1,12}\s)?(\+?\d[\d \-().]*\d)", value)  # "bude 7719230": a word taken too
        if tail:
            value = tail.group(1)
        digits = len(re.sub(r"\D", "", value))
        if public and tail and _PHONE_SHAPE.fullmatch(value) and 3 <= digits <= 13 and not _pattern_dots(value):
            hits = list(_pattern("public_numbers").finditer(head))
            if not hits and digits >= 7 and (digits >= 9 or re.search(r"[ \-]", value)):
                hits = list(_pattern("phone_words").finditer(head))  # "el teléfono de … es 901 16 65 65"
                # "banque en ligne: identifiant 88…", "banca en línea": online, no phone line
                hits = [h for h in hits if not _ONLINE_LINE.search(head[max(0, h.start() - 4):h.start()])
                        and not _pattern("ids").search(head, h.end())]
            hit = hits[-1] if hits else None
            # an id's name between ("the fake IRS agent made me say my TIN 346-…"): the value is the id, not the agent's line
            if hit and not any(n.kind in ("password", "digits", "id") for n in forms.names_in(head[hit.end():])):
                continue
        out.append(sp)
    return out


#: "en ligne", "en línea", "em linha", "on line": online, not a phone line.
_ONLINE_LINE = re.compile(r"(?i)(?<![^\W\d_])(?:en|em|on|in)[\s\-]+$")
_MAY_HOLD = re.compile(r"[\d_@]")
#: The filter's own marks ("[bank account withheld]") in a stored record: no bank's name, no credential.
_MARK = re.compile(r"\[[a-z][a-z\- ]{1,40} withheld\]")


def _unmarked(text: str) -> str:
    return _MARK.sub(lambda m: " " * len(m.group()), text) if "withheld]" in text else text


def all_spans(norm: str, names: list) -> list[Span]:
    """Every span of this module's rules in one message (its normalised view); nothing to do in a
    message without a digit, an underscore or an @ (every value here holds one)."""
    if not _MAY_HOLD.search(norm):
        return []
    from fact_memory_graph.secrets import families

    norm = _unmarked(norm)
    out = [*spans(norm, names), *wallet_spans(norm), *bare_account_spans(norm), *cnic_spans(norm),
           *card_spans(norm, names), *voucher_spans(norm), *card_back_spans(norm),
           *(thai_id_spans(norm) if not norm.isascii() else ())]
    keyed = keyed_spans(norm, names)
    if keyed:
        out += families.without_lookalikes(norm, keyed, names)  # "pin code 4 0 0 0 5 0 Bandra": a postal code
    return out
