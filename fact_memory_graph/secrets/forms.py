"""What a secret is, found with maintained libraries and data rather than the forms we wrote down.

- **A normalised view** of the text: Unicode digits and full-width forms as ASCII (NFKC and each
  digit's decimal value), and numbers written in words (``text2num``, in the languages it reads:
  English, French, Spanish, Portuguese, German, Dutch, Italian) as digits. Every finder scans the
  view; its finds are mapped back to the original characters.
- **Names of secrets, as data** (``assets/secret_words.json``: passwords, PINs and codes, ids,
  bank accounts, cards, wallet seeds, in the 20 most spoken languages and more): a name opens a
  window over the rest of its clause (into the next turn when the name ends a turn) in which the
  value is withheld — for a password the word after the joining word, for the others every token
  with digits (ids and accounts also letters and digits).
- **python-stdnum's whole registry**: every module whose first line names a personal, tax or bank
  identifier (company, VAT, product, postal and algorithm modules left out) checks a token with
  punctuation or letters and digits anywhere; bare digit runs only inside a name's window.
- **BIP-39 word lists in every language** (``mnemonic``): twelve or more words of one list in a
  row are a seed phrase anywhere, six or more after a wallet's name.
- **phonenumbers**: a number written as a phone number (``+`` or a phone word before it) is not
  an id.
- **gitleaks' rules** (``assets/gitleaks.toml``, vendored, MIT): about 220 provider-key rules
  with their keywords, each run only when one of its keywords is in the text.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
import unicodedata
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

Span = tuple[int, int, str]
ASSETS = Path(__file__).resolve().parents[1] / "assets"
#: Joins the turn before and this one when both are scanned together: not a sentence end.
TURN_JOIN = " \u2029 "


# ---------------------------------------------------------------- the normalised view
_NUMBER_LANGS = ("en", "fr", "es", "pt", "de", "nl", "it")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_RUN_GLUE = re.compile(r"^[\s,;\-]*(?:(?:and|y|und|et|e|en)\s+)?$", re.I)


@functools.lru_cache(maxsize=65536)
def _number_word(word: str) -> tuple[str, ...]:
    """The languages in which ``word`` alone is a number (text2num), cached per word."""
    if not 2 <= len(word) <= 14:
        return ()
    from text_to_num import alpha2digit

    return tuple(lang for lang in _NUMBER_LANGS if any(ch.isdigit() for ch in alpha2digit(word, lang, threshold=0)))


def _word_runs(text: str) -> Iterator[tuple[int, int, str]]:
    """Runs of three or more number words (digits, in order, of each run)."""
    from text_to_num import alpha2digit

    run: list[re.Match[str]] = []
    langs: dict[str, int] = {}

    def flush() -> Iterator[tuple[int, int, str]]:
        if len(run) >= 3:
            lang = max(langs, key=lambda k: langs[k])
            start, end = run[0].start(), run[-1].end()
            digits = "".join(ch for ch in alpha2digit(text[start:end], lang, threshold=0) if ch.isdigit())
            if len(digits) >= 3:
                yield start, end, digits

    for match in _WORD.finditer(text):
        word_langs = _number_word(match.group().lower())
        glue = text[run[-1].end():match.start()] if run else ""
        if word_langs and (not run or _RUN_GLUE.match(glue)):
            run.append(match)
            for lang in word_langs:
                langs[lang] = langs.get(lang, 0) + 1
            continue
        if run and not word_langs and match.group().lower() in ("and", "y", "und", "et", "e", "en"):
            continue
        yield from flush()
        run, langs = ([match], dict.fromkeys(word_langs, 1)) if word_langs else ([], {})
    yield from flush()


_MAYBE_NUMBER_WORDS = re.compile(r"[^\W\d_]{2,14}")


def view(text: str) -> tuple[str, list[tuple[int, int]] | None]:
    """The normalised text and, when it differs, each of its characters' span in ``text``."""
    runs = list(_word_runs(text)) if _MAYBE_NUMBER_WORDS.search(text) else []
    if text.isascii() and not runs:
        return text, None
    out: list[str] = []
    origin: list[tuple[int, int]] = []
    i, r = 0, 0
    while i < len(text):
        if r < len(runs) and runs[r][0] == i:
            start, end, digits = runs[r]
            out.append(digits)
            origin.extend([(start, end)] * len(digits))
            i, r = end, r + 1
            continue
        ch, j = text[i], i + 1
        while j < len(text) and unicodedata.category(text[j]).startswith("M"):  # a letter and its marks
            j += 1
        if j == i + 1 and ch.isascii():
            rep = ch
        elif j == i + 1 and unicodedata.category(ch) == "Nd":
            rep = str(unicodedata.decimal(ch, 0))
        else:
            rep = unicodedata.normalize("NFKC", text[i:j])
        out.append(rep)
        origin.extend([(i, j)] * len(rep))
        i = j
    return "".join(out), origin


def back(spans: list[Span], origin: list[tuple[int, int]] | None) -> list[Span]:
    if origin is None:
        return spans
    return [(origin[s][0], origin[max(s, e - 1)][1], k) for s, e, k in spans if s < len(origin)]


# ---------------------------------------------------------------- names of secrets (data)
@functools.cache
def _words() -> dict[str, Any]:
    return json.loads((ASSETS / "secret_words.json").read_text(encoding="utf-8"))


def _trie(words: list[str], space: str = r"[\s\-_]*") -> str:
    """One regex matching any of ``words``, as a trie (Python's ``re`` tries an alternation's
    branches one by one at every position: a trie reads each character once)."""
    root: dict[str, Any] = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict[str, Any]) -> str:
        branches = [(space if ch == " " else re.escape(ch)) + build(node[ch]) for ch in sorted(node) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return build(root)


KINDS = ("password", "digits", "id", "bank", "card", "seed")
_LATIN = re.compile(r"[\x00-\u024f'’.\-/\s\d]+")


def _key(name: str) -> str:
    return re.sub(r"[\s\-_]+", " ", name.lower()).strip()


@functools.cache
def _names_index() -> tuple[re.Pattern[str], dict[str, str]]:
    data = _words()
    kind_of: dict[str, str] = {}
    for kind in KINDS:
        for names in data[kind].values():
            for name in names:
                kind_of.setdefault(_key(name), kind)
    latin = [k for k in kind_of if _LATIN.fullmatch(k)]
    other = [k for k in kind_of if not _LATIN.fullmatch(k)]
    pattern = re.compile(rf"(?<![^\W\d_])(?P<latin>{_trie(latin)})(?P<suffix>[^\W\d_]{{0,4}})(?![^\W\d_])"
                         rf"|(?P<other>{_trie(other)})", re.I)
    return pattern, kind_of


class NameMatch:
    """A secret's name found in a text: its kind and where it ends."""

    __slots__ = ("kind", "start", "stop")

    def __init__(self, kind: str, start: int, stop: int) -> None:
        self.kind, self.start, self.stop = kind, start, stop

    def end(self) -> int:
        return self.stop


#: The one letter a name of four letters or fewer may end with: a plural or a case ending.
_SHORT_NAME_ENDINGS = frozenset("saeiouyäöüı")


def names_in(text: str) -> list[NameMatch]:
    """Every name of a secret in ``text`` (``assets/secret_words.json``), with its kind. A Latin
    name may carry some inflection ("lösenordet", "şifresi", "pins"), bounded by its length."""
    pattern, kind_of = _names_index()
    found = []
    for m in pattern.finditer(text):
        if m.group("latin") is not None:
            name = _key(m.group("latin"))
            suffix = m.group("suffix")
            allowed = 4 if len(name) >= 7 else 2 if len(name) >= 5 else 1
            if len(suffix) > allowed or name not in kind_of:
                continue
            if len(name) < 5 and suffix and suffix.lower() not in _SHORT_NAME_ENDINGS:
                continue  # a short name's one letter is an ending ("pins", "kodu"), not a word ("pink")
        else:
            name = _key(m.group("other"))
            if name not in kind_of:
                continue
        found.append(NameMatch(kind_of[name], m.start(), m.end()))
    return found


@functools.cache
def _connector() -> re.Pattern[str]:
    words = sorted(_words()["connectors"], key=len, reverse=True)
    alts = "|".join(rf"{re.escape(w)}(?![^\W\d_])" if w[-1].isalpha() else re.escape(w) for w in words)
    return re.compile(rf"\s*(?:{alts})\s*", re.I)


_SENTENCE_END = re.compile(r"[.!?。！？؟](?:\s|$)|\n|;")
_QUALIFIER_WORD = re.compile(r"\s*[^\s:=：,;.!?]+")
_QUOTED = re.compile(r"\s*[\"'“‘«「『]([^\"'”’»」』\n]{2,80})[\"'”’»」』]")
_TOKEN = re.compile(r"\s*([^\s,;，、。]+)")
_NOT_NAME = re.compile(r"\s*(?:manager|managers|app|apps|policy|policies|hint|rules|requirements|strength|generator"
                       r"|field|manager.s|vault|protected)\b", re.I)
_LEAD_IN = re.compile(r"(?i)^(?:it'?s|it is|its|that'?s|es|c'est|ist|é|è|это|是|は|—|-|:)\s*")
_BARE_CODE = re.compile(r"(?i)c[oó]d(?:e|igo|ice)s?|код|kod|kodu|koden?")
_NOT_A_SECRET_CODE = re.compile(
    r"(?i)(?:area|zip|postal|post|postcode|promo|promotional|discount|coupon|voucher|referral|invite|invitation"
    r"|error|status|exit|hs|country|dialing|dialling|calling|source|qr|bar|sort|swift|bic|branch|airport|iata"
    r"|icao|product|item|article|course|class|tax|fiscal|zip\+4|language|currency|color|colour|style|dress"
    r"|morse|cheat|gift|booking|confirmation|tracking|reference|ref|customer|client|member"
    r"|ean|upc|sku|model|part|diagnostic|trouble|obd|fault|http|response|iso|postal|postleit|c[oó]digo postal"
    r"|code postal|promo-|rabatt|gutschein|fehler|descuento|cup[oó]n|error|posta|почтовый|индекс|промо|телефонный"
    r"|posta kodu|indirim|hata|ülke|alan)[\s\-]*$")
_NOT_A_SECRET_CODE_AFTER = re.compile(
    r"(?i)\s*(?:(?:de|di|da|do|du|des|del|della|dos|das)\s+)?(?:postal|postale|post|isbn|imei|ean|upc|sku|iata|promo"
    r"|promocional|promotionnel|sconto|descuento|rastreio|rastreo|seguimiento|suivi|tracciamento|tracking|envio|envío"
    r"|colis|pedido|commande|ordine|encomenda|reserva|r[ée]servation|prenotazione|produit|prodotto|producto|produto"
    r"|erreur|errore|error|erro|fiscal|fiscale|barre|barras|a barre|qr|iso|país|pays|paese|pa[ií]s|pedido"
    r"|pocztowy|pocztowego|pocztowym|kreskowy|rabatowy|promocyjny|błędu|ошибки|товара|страны|региона)\b")
_NOT_VALUE = re.compile(
    r"(?i)^(?:a|an|the|my|your|his|her|our|their|this|that|it|not|no|none|too|so|very|still|always|never|on|in|at"
    r"|under|behind|somewhere|written|saved|stored|kept|being|getting|going|correct|incorrect|wrong|weak|strong"
    r"|short|long|new|old|expired|changed|reset|forgotten|lost|stolen|invalid|required|needed|missing|same|set"
    r"|blocked|locked|broken|ok|okay|fine|secret|private|different|easy|hard|simple|hidden|safe|for|of|to|and|or"
    r"|is|was|me|you|what|which|why|how|where|when|with|from|by|should|could|would|will|can|do|does|did|i|we|they"
    r"|again|now|then|here|there|also|just|only|really|please|thanks|lol|yes|no"
    r"|him|them|us|anyone|anybody|someone|somebody|everyone|everybody|nobody|anything|something|everything"
    r"|nothing)$")
_SECRET_SHAPE = re.compile(r"\d|[!@#$%^&*_+=~?]|[a-z][A-Z]")
_VALUE_CHAIN = re.compile(
    r"(?<![\w@])(?:[A-Za-z]{0,6}\d[A-Za-z\d]*|[A-Za-z]{4}(?=[ \-]\w*\d))(?:(?:[ .\-/–—]{1,3}|\s*\n\s*)(?:[A-Za-z]{0,6}\d[A-Za-z\d]*|[A-Z]{4}(?=[ \-]?\w*\d)))*"
    r"(?![\w@])")
_DATE = re.compile(r"^(?:(\d{1,2})[./\-](\d{1,2})[./\-](?:\d{2}|\d{4})|\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}(?::\d{2})?"
                   r"|\d{1,2}/\d{2})$")
_MONEY_BEFORE = re.compile(r"[$€£¥₹]\s*$")


def _a_date(token: str) -> bool:
    m = _DATE.match(token)
    if not m:
        return False
    if m.group(1) is None:
        return True
    a, b = int(m.group(1)), int(m.group(2))
    return (1 <= a <= 31 and 1 <= b <= 12) or (1 <= a <= 12 and 1 <= b <= 31)


_INTO_NEXT_TURN = re.compile(r"[.!?。！？؟]*\s*\u2029")


def _window(text: str, start: int, limit: int) -> int:
    """Where a name's window ends: the end of its clause, or ``limit`` characters on. A name
    whose clause ends its turn ("what's the wifi password?") reaches into the next turn."""
    end = min(len(text), start + limit)
    stop = _SENTENCE_END.search(text, start, end)
    if stop and _INTO_NEXT_TURN.match(text, stop.start()):
        after = _INTO_NEXT_TURN.match(text, stop.start()).end()
        stop = _SENTENCE_END.search(text, after, min(len(text), after + limit))
        return stop.start() if stop else min(len(text), after + limit)
    return stop.start() if stop else end


def _password_value(text: str, at: int) -> tuple[int, int] | None:
    """The value after a password's name: [qualifier words] [joining word] value."""
    end = _window(text, at, 80)
    pos = at
    for _ in range(7):  # up to six qualifier words before the joining word
        crossing = _INTO_NEXT_TURN.match(text, pos, end)
        if crossing:  # the name ended its turn: the value opens the next one
            pos = crossing.end()
            reply = _LEAD_IN.sub("", text[pos:end].strip())
            if reply and len(reply.split()) <= 3 and not _NOT_VALUE.match(reply.split()[0]):
                start = text.index(reply, pos)  # a bare reply: "sunflower", "it's tulip 2020"
                return start, start + len(reply.rstrip(".!?"))
        quoted = _QUOTED.match(text, pos, end)
        if quoted:
            return quoted.start(1), quoted.end(1)
        joined = _connector().match(text, pos, end)
        if joined and joined.end() > pos:
            token = _QUOTED.match(text, joined.end(), end) or _TOKEN.match(text, joined.end(), min(len(text), end + 60))
            if token:
                s, e = token.start(1), token.end(1)
                while e > s and text[e - 1] in ".,;:!?)]}'\"":
                    e -= 1
                value = text[s:e]
                if len(value) >= 3 and not _NOT_VALUE.match(value) and not _connector().fullmatch(value):
                    return s, e
                if _NOT_VALUE.match(value):
                    pos = e
                    continue
            return None
        word = _QUALIFIER_WORD.match(text, pos, end)
        if not word:
            return None
        value = word.group().strip()
        if _SECRET_SHAPE.search(value) and len(value) >= 4 and not _NOT_VALUE.match(value):
            return word.end() - len(value), word.end()
        pos = word.end()
    return None


def _chains(text: str, start: int, end: int, min_digits: int, phones: bool = True) -> Iterator[tuple[int, int]]:
    for m in _VALUE_CHAIN.finditer(text, start, end):
        token = m.group().strip()
        digits = sum(ch.isdigit() for ch in token)
        if digits < min_digits or _a_date(token) or _MONEY_BEFORE.search(text, max(0, m.start() - 3), m.start()):
            continue
        if phones and digits >= 7 and _is_phone(token, text[max(0, m.start() - 45):m.start()]):
            continue
        if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})*(?:[.,]\d{1,2})?", token) and "," in token:
            continue  # an amount
        yield m.start(), m.end()


def named_spans(text: str, names: list[NameMatch] | None = None) -> Iterator[Span]:
    """Values in the window of a secret's name."""
    for m in names_in(text) if names is None else names:
        kind = m.kind
        if _NOT_NAME.match(text, m.end()):
            continue
        if kind == "digits" and _BARE_CODE.fullmatch(text[m.start:m.end()]) and (
                _NOT_A_SECRET_CODE.search(text, max(0, m.start - 30), m.start)
                or _NOT_A_SECRET_CODE_AFTER.match(text, m.end())):
            continue  # an area, zip, promo, tracking or error code is no secret
        if kind == "password":
            span = _password_value(text, m.end())
            if span:
                yield span[0], span[1], "password"
            continue
        if kind == "card":
            continue  # the card finders handle a card's name (a card's number is checked, not any digits)
        end = _window(text, m.end(), 90 if kind in ("id", "bank") else 60)
        if kind == "seed":  # a wallet named anywhere: six words of one list are half a phrase
            yield from seed_spans(text, 0, len(text), 6)
            tail = text[m.end():m.end() + 300]  # a key may run over a line break
            for t in re.finditer(r"(?<![\w])(?:[0-9a-fA-F]{16,}(?:[ \t]*\r?\n[ \t]*[0-9a-fA-F]{4,})*"
                                 r"|[1-9A-HJ-NP-Za-km-z]{50,})(?![\w])", tail):
                yield m.end() + t.start(), m.end() + t.end(), "private key"
            continue
        label = {"digits": "password", "id": "government id", "bank": "bank account"}[kind]
        for s, e in _chains(text, m.end(), end, 3 if kind == "digits" else 4, phones=kind == "digits"):
            yield s, e, label
        if kind in ("id", "bank"):
            for t in re.finditer(r"(?<![\w])(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{6,}(?![\w])", text[m.end():end]):
                yield m.end() + t.start(), m.end() + t.end(), label


# ---------------------------------------------------------------- BIP-39 seed phrases (mnemonic)
@functools.cache
def _bip39() -> dict[str, frozenset[str]]:
    from mnemonic import Mnemonic

    lists = {}
    for lang in Mnemonic.list_languages():
        words = Mnemonic(lang).wordlist
        lists[lang] = frozenset(unicodedata.normalize("NFKC", w).lower() for w in words)
        # Seed phrases are often typed without accents (Spanish, French, Portuguese, Czech).
        lists[lang] |= frozenset(_strip(w) for w in lists[lang])
    return lists


def _strip(word: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", word) if unicodedata.category(ch) != "Mn")


_SEED_TOKEN = re.compile(r"(?<![\w])[^\W\d_]+(?![\w])")
_SEED_GAP = re.compile(r"^[\s,;.:\-\d)(#\u3000、，・]*$")


def seed_spans(text: str, start: int = 0, end: int | None = None, minimum: int = 12) -> Iterator[Span]:
    """Runs of ``minimum`` or more words of one BIP-39 list (any language)."""
    end = len(text) if end is None else end
    lists = _bip39()
    tokens = [(m.start(), m.end(), m.group().lower()) for m in _SEED_TOKEN.finditer(text, start, end)]
    if len(tokens) < minimum:
        return
    for words in lists.values():
        run: list[tuple[int, int, str]] = []
        for tok in [*tokens, (end, end, "")]:
            if tok[2] and (tok[2] in words) and (not run or _SEED_GAP.match(text[run[-1][1]:tok[0]])):
                run.append(tok)
                continue
            if len(run) >= minimum and len({t[2] for t in run}) * 3 >= minimum * 2:  # not one word repeated
                yield run[0][0], run[-1][1], "seed phrase"
            run = [tok] if tok[2] and tok[2] in words else []


# ---------------------------------------------------------------- python-stdnum's whole registry
_PUBLIC = re.compile(r"(?i)company|business|vat\b|enterprise|organi[sz]ation|corporate|legal entit|securities|"
                     r"postal|postcode|post code|trade regist|register of economic|employer|establishment|receipt|"
                     r"meter|real estate|drugs|excise|creditor|banknote|energy|classification|financial instrument|"
                     r"school|preparer|association|payment slip|invoice|buyer|contribuyentes|persona jurídica")
_GENERIC = frozenset({"isbn", "issn", "ismn", "isan", "ean", "imei", "imo", "imsi", "meid", "grid", "isil", "isin",
                      "isni", "isrc", "lei", "mac", "casrn", "cfi", "cusip", "figi", "gs1_128", "iso6346", "iso11649",
                      "luhn", "damm", "verhoeff", "bitcoin", "bic", "vatin", "iso7064.mod_11_10", "iso7064.mod_11_2",
                      "iso7064.mod_37_2", "iso7064.mod_37_36", "iso7064.mod_97_10", "eu.vat", "eu.eic", "eu.nace",
                      "eu.at_02", "eu.oss", "eu.ecnumber", "eu.excise", "eu.banknote"})


@functools.cache
def personal_modules() -> tuple[Any, ...]:
    """python-stdnum's modules of personal, tax and bank identifiers (its docstrings say which)."""
    from stdnum.util import get_number_modules

    found = []
    for module in get_number_modules():
        name = module.__name__.removeprefix("stdnum.")
        first = (module.__doc__ or "").strip().splitlines()[0] if module.__doc__ else ""
        if name in _GENERIC or _PUBLIC.search(first) or not hasattr(module, "validate"):
            continue
        found.append(module)
    return tuple(found)


#: (module, shape) pairs whose length a module refuses: skipped for every later token of that
#: shape (a shape is the token with each digit as 9 and each letter as A).
_WRONG_LENGTH: set[tuple[str, str]] = set()
_SHAPE = str.maketrans("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "9" * 10 + "A" * 52)


def _valid_somewhere(token: str) -> bool:
    from stdnum.exceptions import InvalidLength, ValidationError

    shape = token.translate(_SHAPE)
    for module in personal_modules():
        key = (module.__name__, shape)
        if key in _WRONG_LENGTH:
            continue
        try:
            module.validate(token)
            return True
        except InvalidLength:
            _WRONG_LENGTH.add(key)
        except (ValidationError, Exception):  # a checksum that fails, a shape it cannot read
            continue
    return False


_ID_SHAPE = re.compile(
    r"(?<![\w.\-/])(?:(?=[A-Za-z0-9.\-/ ]*\d)(?:[A-Za-z]{1,4}[ \-]?)?\d[\d.\-/ ]{5,22}\d(?:[ \-]?[A-Za-z0-9]{1,2})?"
    r"|(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{8,20})(?![\w\-/])")
_YEAR_MONTH = re.compile(r"(?<!\d)(?:19|20)\d{2}[-/.](?:0[1-9]|1[0-2])(?:[-/.](?:0[1-9]|[12]\d|3[01]))?(?!\d)")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_FORMATTED = re.compile(r"[.\-/]|[A-Za-z]")  # digits in groups of spaces alone count only in a name's window
_PHONE_BEFORE = re.compile(r"(?i)(?:phone|tel|mobile|cell|call|whatsapp|fax|tel[eé]fono|telefon|numéro de t[eé]l"
                           r"|handy|celular|n[uú]mero|hotline|sms|landline|my number|номер|телефон|번호|전화|手机"
                           r"|電話|电话|携帯|رقم|هاتف|जवाब|फ़ोन|फोन|nomor|số điện thoại|numara)[^.!?\n]{0,25}$")
_NOT_ID_BEFORE = re.compile(
    r"(?i)(?:order|tracking|track|parcel|shipment|invoice|ticket|booking|confirmation|reservation|flight|isbn|imei"
    r"|vin|serial|model|sku|part|version|build|release|policy|case|loyalty|member|membership|customer|library|zip"
    r"|postal|postcode|room|barcode|claim|reference|ref|error|trace|commit|hash|sha|uuid|promo|coupon|referral"
    r"|container|image|digest|pod|vorgang\w*|aktenzeichen|file|docket)"
    r"\b[^.!?\n]{0,30}$")


def id_spans(text: str, found: list[Span] | None = None) -> Iterator[Span]:
    """Tokens that python-stdnum validates as a personal, tax or bank id: those with punctuation
    or letters anywhere (a bare digit run only in a name's window: see :func:`named_spans`).
    Tokens inside ``found`` (withheld already) are not checked again."""
    uuids = [(u.start(), u.end()) for u in _UUID.finditer(text)] if "-" in text else []
    for m in _ID_SHAPE.finditer(text):
        if found and any(s <= m.start() and m.end() <= e for s, e, _ in found):
            continue
        if any(s < m.end() and m.start() < e for s, e in uuids):
            continue  # a UUID's groups are no id
        token = m.group().strip()
        if any("a" <= ch <= "z" for ch in token):
            continue  # ids are written in capitals and digits; lower case is a handle, a hash, a slug
        if _YEAR_MONTH.search(token):
            continue  # a date beside a year ("March 2026 2026-03") is no id
        if not _FORMATTED.search(token) or _a_date(token) or re.fullmatch(r"[0-9a-f]{7,64}", token):
            continue
        before = text[max(0, m.start() - 45):m.start()]
        if _NOT_ID_BEFORE.search(before) or _is_phone(token, before):
            continue
        if re.fullmatch(r"[\d .]+", token) and token.count(".") in (1, 2) and " " not in token:
            continue  # a decimal or a version
        if _valid_somewhere(token):
            yield m.start(), m.end(), "government id"


_PHONE_REGIONS = ("US", "GB", "IN", "DE", "FR", "BR", "ES", "IT", "MX", "RU", "UA", "KR", "CN", "JP", "AU",
                  "TR", "NG", "ID", "VN", "EG", "SA", "AE", "PK", "BD", "NL", "PL", "SE", "CA", "ZA")


def _is_phone(token: str, before: str) -> bool:
    if before.rstrip().endswith("+"):
        token = "+" + token
    international = token.startswith(("+", "(")) or (token[:2] == "00" and token[2:3] in "123456789")
    if not (international or _PHONE_BEFORE.search(before)):
        return False
    import phonenumbers

    for region in (None,) if token.startswith("+") else _PHONE_REGIONS:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(token, region)):
                return True
        except phonenumbers.NumberParseException:
            continue
    return False


def is_phone_number(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is written as a phone number (``+``, or a phone word before)."""
    return _is_phone(text[start:end], text[max(0, start - 45):start])


# ---------------------------------------------------------------- IBANs in any case
_IBAN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ \-]?[A-Za-z0-9]){11,30}(?![A-Za-z0-9])")


def iban_spans(text: str) -> Iterator[Span]:
    from stdnum import iban

    for m in _IBAN.finditer(text):
        compact = re.sub(r"[ \-]", "", m.group()).upper()
        for cut in range(len(compact), 14, -1):  # an IBAN followed by a word stuck to it
            if iban.is_valid(compact[:cut]):
                yield m.start(), m.end(), "bank account"
                break


# ---------------------------------------------------------------- passwords no name announces
_COMPLEX = re.compile(r"(?<![\w@/])(?=[^\s]*[a-z])(?=[^\s]*[A-Z])(?=[^\s]*\d)(?=[^\s]*[!@#$%^&*+=?~])"
                      r"[A-Za-z0-9!@#$%^&*+=?~_.\-]{8,64}(?![\w@])")
_CONNECTION = re.compile(r"(?i)\b[a-z][a-z0-9+.\-]{1,20}://[^\s:/@]*:(?P<pw>[^\s@/]{3,})@")
_CLI_PASSWORD = re.compile(r"(?:^|\s)-p(?P<pw>[^\s\-][^\s]{5,})")
_ASSIGNED = re.compile(r"(?i)(?<![\w])(?:pass|pw|pwd|passwd|secret|token|auth|key)\s*[:=]\s*(?P<pw>[^\s,;]{3,})")


def shape_spans(text: str) -> Iterator[Span]:
    for m in _COMPLEX.finditer(text):
        yield m.start(), m.end(), "password"
    for pattern in (_CONNECTION, _CLI_PASSWORD, _ASSIGNED):
        for m in pattern.finditer(text):
            yield m.start("pw"), m.end("pw"), "password"


# ---------------------------------------------------------------- gitleaks' rules
@functools.cache
def _gitleaks() -> tuple[tuple[re.Pattern[str], tuple[str, ...], int, float], ...]:
    data = tomllib.loads((ASSETS / "gitleaks.toml").read_text(encoding="utf-8"))
    rules = []
    for rule in data.get("rules", []):
        source = rule.get("regex")
        if not source:
            continue
        flags = 0
        if "(?i)" in source[1:]:  # Go applies a flag from where it stands; Python only at the start
            source, flags = source.replace("(?i)", ""), re.I
        source = source.replace(r"\z", r"\Z")
        try:
            with warnings.catch_warnings():  # "possible nested set": Go's classes, read as Go means them
                warnings.simplefilter("ignore", FutureWarning)
                pattern = re.compile(source, flags)
        except re.error:
            continue
        rules.append((pattern, tuple(k.lower() for k in rule.get("keywords", [])), int(rule.get("secretGroup", 0)),
                      float(rule.get("entropy", 0))))
    return tuple(rules)


@functools.cache
def _gitleaks_keywords() -> re.Pattern[str]:
    return re.compile(_trie(sorted({k for _, keys, _, _ in _gitleaks() for k in keys}), space=" "))


def _entropy(token: str) -> float:
    import math

    counts: dict[str, int] = {}
    for ch in token:
        counts[ch] = counts.get(ch, 0) + 1
    return -sum(n / len(token) * math.log2(n / len(token)) for n in counts.values()) if token else 0.0


def gitleaks_spans(text: str) -> Iterator[Span]:
    lowered = text.lower()
    present = set(_gitleaks_keywords().findall(lowered))
    if not present:
        return
    for pattern, keywords, group, entropy in _gitleaks():
        if keywords and not present.intersection(keywords):
            continue
        for m in pattern.finditer(text):
            g = group if group and group <= (pattern.groups or 0) else (1 if pattern.groups else 0)
            if m.group(g) is None:
                continue
            if entropy and _entropy(m.group(g)) < entropy:
                continue
            yield m.start(g), m.end(g), "api key"


def warm_up() -> None:
    """Load every library and compile every pattern now (at open), not in a user's first write."""
    _names_index()
    _connector()
    _bip39()
    personal_modules()
    _gitleaks_keywords()
    view("warm up: one two three")
    import phonenumbers  # noqa: F401
