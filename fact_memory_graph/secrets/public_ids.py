"""Public identifiers recognised by their own validation, kept wherever a reader took them for a secret.

Some values are printed for everyone by design, and prove it by a checksum or a registry's shape:

- a bank's BIC / SWIFT code (four letters, an ISO country, a place, maybe a branch), in a message or a
  thread that names a BIC or SWIFT code ("codul SWIFT al băncii" / "RABONL2U");
- a bank branch's code standing alone — a UK sort code, an Australian BSB, an Indian IFSC — when no
  account number is in the message nor the turns around it: the branch's code identifies a branch,
  only the account beside it is the customer's (a US routing number, a SWIFT or a bank's code named
  alone before its value is kept earlier, by ``public_values._bank_code_alone``, round twenty-four; one
  asked about before its name, "is 021000021 the routing number on my checks?", stays withheld);
- an EU (or UK) VAT number with its country prefix that validates ("NIP UE" / "IT05789070413"),
  which every invoice prints — not when it is also a valid IBAN;
- a company's registration number named as one (Companies House, KvK, SIREN / SIRET, Handelsregister, …);
- a legal entity's identifier (LEI, ISO 17442: twenty capitals and digits, mod-97 check digits) where an
  entity, a bank or "LEI" is named;
- a BIC or a VAT number typed in lower case ("bankens bic ubswchzh80a", "de611571905");
- a cryptocurrency's receiving address (Bitcoin or Litecoin by Base58Check / bech32, TRON by
  Base58Check, Ethereum by its 40 hex digits) when no private key, seed or password is named around
  it: an address receives; the key that spends from it is the secret.

- a year or a count a bank account's reader took for an account ("a Ford Transit from 2017 with
  84000 miles": "transit" names a Canadian branch too);
- an identifier's template by its shape: an IBAN whose check digits are letters ("NLxx BANK 0123 4567
  89"; an IBAN with impossible digits, "GB00-…", is still withheld: it may be mistyped), a value of X's
  and zeros ("XXXXXX00X00X000X").

A wallet's address is kept by its shape alone (no checksum) when the message or the turn before names
an address or a wallet and no key: people copy and retype addresses, checksums and all.

Only the spans other readers found are read: a message with none pays nothing.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import forms, prefilter, value_contexts

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "public_ids.json"

_BIC = re.compile(r"(?<![A-Za-z0-9])[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![A-Za-z0-9])")
_BIC_ANY_CASE = re.compile(r"(?<![A-Za-z0-9])[a-z]{4}[a-z]{2}[a-z0-9]{2}(?:[a-z0-9]{3})?(?![A-Za-z0-9])")
_SORT_CODE = re.compile(r"(?<![\d\-])\d{2}[-‐ ]\d{2}[-‐ ]\d{2}(?![\d\-])|(?<![\d\-])\d{3}[-‐ ]\d{3}(?![\d\-])"
                        r"|(?<![\dA-Za-z])[A-Z]{4}0[A-Z0-9]{6}(?![\dA-Za-z])")
#: An account number beside a branch's code: seven digits or more, in groups or not.
_ACCOUNT = re.compile(r"\d(?:[ \-]?\d){6,}")
_VAT = re.compile(r"(?<![A-Za-z0-9])(?:[A-Z]{2}|EL)[ \-]?[0-9A-Z](?:[ \-.]?[0-9A-Z]){7,13}(?![A-Za-z0-9])")
#: The same in lower case ("de611571905"): the country's letters glued to the number (a word before a
#: number, "es el 71928364", is no prefix).
_VAT_LOWER = re.compile(r"(?<![A-Za-z0-9])[a-z]{2}\d[0-9a-z]{7,13}(?![A-Za-z0-9])")
_LOWER_RUN = re.compile(r"[a-z]{2}")
#: A Legal Entity Identifier (ISO 17442): four characters of its issuer, fourteen of the entity, two check
#: digits (mod 97), in capitals; not an AWS key id's prefix. Read where an entity, a bank or "LEI" is named.
_LEI = re.compile(r"(?<![A-Za-z0-9])(?!A[KS]IA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{4}(?=[A-Z0-9]*[A-Z])[A-Z0-9]{14}\d{2}(?![A-Za-z0-9])")
_ENTITY_WORD = re.compile(r"(?i)(?<![^\W\d_])(?:lei|legal entity|entity|bank\w*|banca|banque|banco|bankens|company|firma"
                          r"|empresa|soci[eé]t[eé]|societ[aà]|issuer|emittent\w*|perusahaan|şirket\w*)(?![^\W\d_])")
_COMPANY_NO = re.compile(r"(?<![A-Za-z0-9])[A-Z]{0,3}[ \-]?\d(?:[ .\-]?\d){5,13}(?![A-Za-z0-9])")
#: Ten digits alone: a Russian organisation's taxpayer number (ИНН) has ten, a person's twelve.
_TEN_DIGITS = re.compile(r"(?<![\d\-])\d{10}(?![\d\-])")
_ETH = re.compile(r"(?<![\w/+=])0x[0-9a-fA-F]{40}(?![\w/+=])")
_TRON = re.compile(r"(?<![\w/+=])T[1-9A-HJ-NP-Za-km-z]{33}(?![\w/+=])")
_BTC = re.compile(r"(?<![\w/+=])(?:(?:bc|tb|ltc)1[ac-hj-np-z02-9]{11,71}|[13LM][1-9A-HJ-NP-Za-km-z]{25,34})(?![\w/+=])")


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _words() -> dict[str, re.Pattern[str]]:
    def alt(key: str) -> re.Pattern[str]:  # one prefix tree per list: the alternation's matches, found faster
        return re.compile("(?i)" + prefilter.whole_words(_data()[key]))
    return {key: alt(key) for key in ("bic", "branch", "company", "entity_tax", "key", "address", "year_cues")}


@lru_cache(maxsize=1)
def _quantity() -> re.Pattern[str]:
    units = sorted(_data()["quantities"], key=len, reverse=True)
    return re.compile(r"(?i)\s?(?:" + "|".join(re.escape(w) for w in units) + r")(?![^\W\d_])")


_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_COUNT = re.compile(r"\d(?:[,.\s]?\d)*")


def _year_or_count(text: str, span: Span) -> bool:
    """A bank account's value that is a year after a word of time ("a Ford Transit from 2017") or a
    count before its unit ("with 84000 miles"): the reader took an everyday fact for an account."""
    start, end, _ = span
    counts = list(_COUNT.finditer(text, start, end))
    if len(counts) != 1:
        return False
    m = counts[0]
    if re.search(r"[^\W\d_]", text[m.end():end]):
        return False
    if _YEAR.fullmatch(m.group()):
        head = text[max(0, m.start() - 16):m.start()]
        cues = list(_words()["year_cues"].finditer(head))
        if cues and not head[cues[-1].end():].strip(" :,"):
            return True
    return _quantity().match(text, m.end()) is not None and not re.match(r"\s?[$€£]", text[m.end():m.end() + 2]) \
        or bool(re.search(r"[$€£]\s?$", text[max(0, m.start() - 2):m.start()]))


def crypto_address(value: str) -> bool:
    """A receiving address: Ethereum (0x and 40 hex digits), TRON (Base58Check, version 0x41) or
    Bitcoin / Litecoin (python-stdnum's Base58Check and bech32 checks, or version bytes 0x30 / 0x32)."""
    if _ETH.fullmatch(value):
        return True
    if _TRON.fullmatch(value):
        return forms.base58check_version(value) == 0x41
    if _BTC.fullmatch(value):
        from stdnum import bitcoin

        if value[:1] in "13" or value[:3].lower() in ("bc1", "tb1"):
            try:
                return bool(bitcoin.is_valid(value))
            except Exception:  # a validator that cannot parse this shape says no
                return False
        return value[:1] in "LM" and forms.base58check_version(value) in (0x30, 0x32)
    return False


def _valid(module: str, value: str) -> bool:
    import importlib

    try:
        return bool(importlib.import_module(f"stdnum.{module}").is_valid(value))
    except Exception:  # a validator that cannot parse this shape says no
        return False


def _inside(pattern: re.Pattern[str], text: str, start: int, end: int) -> list[re.Match[str]]:
    """Matches of ``pattern`` overlapping the span (a span may hold its name: "sort code 20-00-00")."""
    return [m for m in pattern.finditer(text, max(0, start - 12), min(len(text), end + 12))
            if m.start() < end and start < m.end()]


def _covers(span: Span, m: re.Match[str], text: str) -> bool:
    """The match holds every letter and digit of the span's value, beyond the span's name."""
    start, end, _ = span
    rest = text[start:m.start()] + text[m.end():end]
    return not re.search(r"\d", rest)


#: An IBAN's template: the country, then letters or a placeholder for its check digits.
_IBAN_TEMPLATE = re.compile(r"(?<![A-Za-z0-9])(?!XX)[A-Z]{2}[Xx?*#_]{2}(?:[ \-]?[A-Za-z0-9]){11,30}(?![A-Za-z0-9])")
_X_AND_ZEROS = re.compile(r"(?=(?:[^Xx]*[Xx]){3})[Xx0](?:[ \-./]?[Xx0]){5,}")


def _template(text: str, span: Span) -> bool:
    """The span's value, or the IBAN it ends ("NLxx [BANK 0123 …]"), is a template."""
    start, end, _ = span
    if not _TEMPLATE_MARK.search(text, max(0, start - 3), end):
        return False
    lead = len(text[start:end]) - len(text[start:end].lstrip(" :,.;()'\""))
    if any(m.start() <= start + lead for m in _IBAN_TEMPLATE.finditer(text, max(0, start - 5), end)):
        return True
    return _X_AND_ZEROS.fullmatch(text[start:end].strip(" :,.;()'\"")) is not None


class _Around:
    """The words around a message's spans, each list searched once and only when a value needs it."""

    def __init__(self, text: str, context: str) -> None:
        self.both = text + "\n" + context
        self._found: dict[str, bool] = {}

    def names(self, key: str) -> bool:
        if key not in self._found:
            self._found[key] = _words()[key].search(self.both) is not None \
                or key == "bic" and "swift" in self.both.casefold()  # "银行SWIFT代码": no word's edge in Chinese

        return self._found[key]


def _public(text: str, span: Span, context: str, after: str, around: _Around) -> bool:
    start, end, kind = span
    if kind == "seed phrase":  # twelve words or more: never one public code, though one may be a BIC's shape
        return False           # ("… swift … language …": "swift" names a BIC, "LANGUAGE" is one's form)
    if _template(text, span) or kind == "bank account" and _year_or_count(text, span):
        return True
    window = text[max(0, start - 12):end + 12]
    for m in _inside(_LEI, text, start, end) if end - start >= 20 else ():
        if _covers(span, m, text) and _valid("lei", m.group()) and _ENTITY_WORD.search(around.both):
            return True  # a legal entity's identifier: a public registry's (GLEIF), printed on its filings
    if _LOWER_RUN.search(window):  # typed in lower case: a BIC or a VAT number names a bank or a company all the same
        if around.names("bic") and any(_covers(span, m, text) and m.group().islower() and _valid("bic", m.group().upper())
                                       for m in _inside(_BIC_ANY_CASE, text, start, end)):
            return True
        for m in _inside(_VAT_LOWER, text, start, end):
            compact = re.sub(r"[ \-.]", "", m.group()).upper()
            if _covers(span, m, text) and (_valid("eu.vat", compact) or _valid("gb.vat", compact)) \
                    and not _valid("iban", compact):
                return True
    if not _DIGIT_OR_CAPITAL.search(window):
        # a BIC typed in lower case ("bic: bnpafrpp", "o swift é caixesbb") names its bank all the same
        return around.names("bic") and any(_covers(span, m, text) and _valid("bic", m.group().upper())
                                           for m in _inside(_BIC_ANY_CASE, text, start, end))
    capitals = _TWO_CAPITALS.search(window) is not None
    for m in _inside(_VAT, text, start, end) if capitals else ():
        compact = re.sub(r"[ \-.]", "", m.group())
        if _covers(span, m, text) and (_valid("eu.vat", compact) or _valid("gb.vat", compact)) \
                and not _valid("iban", compact):
            return True
    if around.names("bic"):  # "bankens bic ubswchzh80a": a BIC with its branch's digits, typed in lower case
        for m in _inside(_BIC if capitals else _BIC_ANY_CASE, text, start, end):
            if _covers(span, m, text) and _valid("bic", m.group().upper()):
                return True
    if capitals and _LEI.search(window) and _ENTITY.search(around.both):  # a bank's or a firm's LEI (ISO 17442)
        for m in _inside(_LEI, text, start, end):
            if _covers(span, m, text) and _valid("lei", m.group()) and not around.names("key"):
                return True
    if end - start >= 26 and kind in ("api key", "private key", "password", "bank account", "card number",
                                      "government id"):
        for m in _inside(_ETH, text, start, end) + _inside(_TRON, text, start, end) + _inside(_BTC, text, start, end):
            if _covers(span, m, text) and not around.names("key") \
                    and (crypto_address(m.group()) or around.names("address")):
                return True
    if around.names("branch"):
        for m in _inside(_SORT_CODE, text, start, end):
            whole = around.both + "\n" + after
            if _covers(span, m, text) and \
                    not [a for a in _ACCOUNT.finditer(whole) if not (a.start() <= m.start() and m.end() <= a.end())]:
                return True
    if kind in ("government id", value_contexts.KIND) and around.names("entity_tax"):
        # "ИНН перевозчика 3155946903": a Russian taxpayer number of ten digits is an organisation's (a
        # person's has twelve), public on every invoice; its check digits must hold
        for m in _inside(_TEN_DIGITS, text, start, end):
            if _covers(span, m, text) and _labelled(_words()["entity_tax"], text, m.start(), context) \
                    and _valid("ru.inn", m.group()) and not around.names("key"):
                return True
    if around.names("company"):
        for m in _inside(_COMPANY_NO, text, start, end):
            if _covers(span, m, text) and _labelled(_words()["company"], text, m.start(), context) \
                    and not around.names("key") and not _personal(m.group()):
                return True
    return False


_TWO_CAPITALS = re.compile(r"[A-Z]{2}")
#: A Legal Entity Identifier: eighteen characters and two check digits (mod 97, as an IBAN's), named
#: beside a bank's, a firm's or an entity's word: a random key passes the check once in a hundred.
_LEI = re.compile(r"(?<![A-Za-z0-9])[0-9A-Z]{18}\d\d(?![A-Za-z0-9])")
_ENTITY = re.compile(r"(?i)bank|banc|banq|banka|\blei\b|entit|entidad|société|societ|compan|firm|empresa|unterneh|"
                     r"банк|компан|銀行|银行|은행|企業|公司|회사")
_DIGIT_OR_CAPITAL = re.compile(r"[\dA-Z]")
_TEMPLATE_MARK = re.compile(r"[Xx?*#_]")


#: A person's own numbers by checksum: a value that validates as one is no company's, whatever names
#: a business near it ("TFN for my ABN sole trader stuff: 957 414 360").
_PERSONAL = ("au.tfn", "nl.bsn", "us.ssn", "in_.aadhaar", "ca.sin", "pl.pesel", "dk.cpr", "be.nn", "de.idnr",
             "br.cpf", "fr.nir", "es.dni", "it.codicefiscale", "tr.tckimlik")


def _personal(value: str) -> bool:
    compact = re.sub(r"[\s.\-]", "", value)
    return any(_valid(module, compact) for module in _PERSONAL)


#: Between a company register's name and its number: a few words at most ("KvK-nummer van de zaak: …").
_LABEL_REACH = 40


def _labelled(names: re.Pattern[str], text: str, at: int, context: str) -> bool:
    """Whether ``names`` labels the value at ``at``: in its sentence just before it, or at the end of the
    turn before when the value opens this one ("the startup's companies house number" / "06481002")."""
    lo = max(0, at - _LABEL_REACH)
    head = text[lo:at]
    cut = max(head.rfind(". "), head.rfind("\n"), head.rfind("; "))
    if names.search(head[cut + 1:] if cut >= 0 else head):
        return True
    return len(text[:at].split()) <= 2 and names.search(context[-_LABEL_REACH - 20:]) is not None


def without_public_ids(text: str, spans: list[Span], context: str = "", after: str = "") -> list[Span]:
    """``spans`` without the public identifiers among them; ``context`` is the turn before ``text``,
    ``after`` the turn after it (an account number there makes a branch's code part of the account)."""
    if not spans:
        return spans
    around = _Around(text, context)
    return [sp for sp in spans if not _public(text, sp, context, after, around)]
