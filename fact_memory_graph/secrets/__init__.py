"""The secret filter: what a memory of a person must never keep, found without a model.

Built on maintained libraries and data, with by hand only what they do not cover. What a secret
*is* (checksums, word lists, names of secrets in forty languages, gitleaks' provider rules, a
normalised view of the text) lives in :mod:`fact_memory_graph.secrets.forms`; this module keeps
the first finders and the entry points (``find_secrets``, ``redact_secrets``, ``redact_json``
and ``redact_record`` for a record's strings read together, ``redact_in_context`` for a turn
read with the turn before it):

- **detect-secrets** (Yelp): the provider-key patterns of its regex plugins (AWS, GitHub, GitLab,
  Stripe, Slack, OpenAI, npm, PyPI, Twilio, SendGrid, JWT, private-key headers, URL credentials,
  ...). A match is widened to its whole token (a key longer than the plugin's pattern is masked
  whole).
- **python-stdnum**: checksums of bank and national identifiers (IBAN; US SSN; Spanish DNI/NIE;
  Italian codice fiscale; Brazilian CPF; Dutch BSN; German tax id; French NIR; Indian Aadhaar;
  Canadian SIN; Polish PESEL; Swedish personnummer; Belgian and Danish national numbers), and
  ISBNs, so a book number is not taken for a card. Bare digit runs (BSN, SIN, Aadhaar, ...) count
  only after a word that names them; formats with letters or punctuation count anywhere.
- **By hand**, the conversational forms: card numbers with any separators (dots, slashes, every
  dash, non-breaking spaces) or in words, Luhn-checked, and a card's fragment after the word "card"
  (so a card split over two turns leaves no half in either); a CVV; passwords, passphrases, PINs,
  door, alarm, gate and safe codes in English, Spanish, French, German, Portuguese, Italian and
  Dutch phrasing (the value is the rest of the clause); passports, driving licences, bank accounts
  and sort codes after their names; UK National Insurance numbers (no stdnum module); PEM
  private-key blocks; long high-entropy tokens (an unlabelled AWS secret key).

Not secrets here: health, beliefs and other special categories (the privacy policy decides those),
phone numbers, order, booking and tracking numbers, dates, prices, versions. ``find_secrets``
names the kinds found; ``redact_secrets`` replaces each with ``[<kind> withheld]``. Measured on the
corpus in ``tests/unit/secret_corpus.py`` and on corpora written apart from the filter
(``benchmarks/secret_corpus.py``; see BENCHMARKS.md).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any

from fact_memory_graph.secrets import (
    access_codes,
    access_uses,
    account_pairs,
    alternative_values,
    ancestor_records,
    answer_clauses,
    answered_references,
    api_key_names,
    arabic_spelling,
    arrived_codes,
    asked_keys,
    asked_letters,
    asked_replies,
    asked_topics,
    asked_values,
    background_checks,
    backup_code_lists,
    bank_logins,
    birth_names,
    called_numbers,
    card_back_codes,
    card_codes_told,
    card_expiry,
    card_pieces,
    card_pins,
    changed_secrets,
    checksum_parts,
    clause_notes,
    colon_pairs,
    corrected_turns,
    corrected_values,
    counted_passphrases,
    credential_forms,
    default_credentials,
    described_answers,
    device_codes,
    dictated_parts,
    dotted_tokens,
    email_logins,
    exam_logins,
    families,
    far_named_codes,
    fill_in_slots,
    filler_values,
    forms,
    game_ids,
    health_numbers,
    held_elsewhere,
    id_documents,
    issued_keys,
    juxtaposed_passwords,
    keyed_codes,
    keypad_entries,
    keys_named_after,
    labelled_lookalikes,
    lesson_examples,
    letter_checks,
    lexicon,
    lock_named_next,
    login_labels,
    login_pairs,
    lone_keys,
    lone_logins,
    lookalike_values,
    masked_pairs,
    member_numbers,
    memorable_words,
    money_flows,
    mrz_lines,
    named_answers,
    named_passphrases,
    named_values,
    national_ids,
    network_keys,
    opening_values,
    own_accounts,
    password_roles,
    password_talk,
    payment_references,
    personal_licences,
    phone_parts,
    physical_codes,
    porting_codes,
    prefilter,
    prompted_codes,
    provider_shapes,
    public_codes,
    public_ids,
    public_statements,
    public_values,
    qualified_secrets,
    question_hints,
    read_out_codes,
    recalled_values,
    received_codes,
    recovery,
    reference_values,
    referred_passwords,
    refusals,
    repeated_values,
    replaced_values,
    rest_of_value,
    role_legends,
    routing_numbers,
    secret_pointers,
    security_answers,
    security_backref,
    self_answers,
    service_names,
    shaped_values,
    spelled_runs,
    spelled_values,
    spelling_notes,
    split_heads,
    spoken_codes,
    spoken_credentials,
    ssid_keys,
    tax_ids,
    template_values,
    ticket_refs,
    topic_notes,
    topic_set_values,
    trade_credentials,
    transfer_codes,
    typed_logins,
    unjoined_values,
    unlock_patterns,
    used_values,
    value_contexts,
    value_first,
    wanted_answers,
    what_is_asked,
    wifi_keys,
    word_seeds,
)
from fact_memory_graph.secrets.checksums import luhn as _luhn

Span = tuple[int, int, str]

# ---------------------------------------------------------------- provider keys (detect-secrets)
_SKIPPED_PLUGINS = frozenset({"Public IP (ipv4)"})  # an address is not a credential


@functools.cache
def _provider_patterns() -> tuple[re.Pattern[str], ...]:
    """Every regex of detect-secrets' regex-based plugins, plus the token formats that are newer
    than its last release (fine-grained GitHub tokens, Hugging Face, Stripe keys of any length,
    OpenAI project keys, Google API keys). Loaded once, on first use."""
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    from detect_secrets.plugins.base import RegexBasedDetector

    found: list[re.Pattern[str]] = []
    for name, plugin in get_mapping_from_secret_type_to_class().items():
        if name in _SKIPPED_PLUGINS or not issubclass(plugin, RegexBasedDetector):
            continue
        found.extend(p if isinstance(p, re.Pattern) else re.compile(p) for p in plugin.denylist)
    found.extend(re.compile(p) for p in (
        r"\bgithub_pat_[A-Za-z0-9_]{22,}", r"\bgh[pousr]_[A-Za-z0-9]{30,}", r"\bhf_[A-Za-z0-9]{30,}",
        r"\b[rs]k_(?:live|test)_[0-9A-Za-z]{4,}", r"\bsk-(?:proj-|ant-)?[A-Za-z0-9_\-]{20,}",
        r"\bAIza[0-9A-Za-z_\-]{30,}", r"\bxox[abprs]-[A-Za-z0-9\-]{10,}", r"\bglpat-[A-Za-z0-9_\-]{20,}",
        # Google OAuth access and refresh tokens: no gitleaks rule names them (its generic rule
        # needs the word "token" within 20 characters of a "=" or ":" and a value of 150 or fewer)
        r"\bya29\.[0-9A-Za-z_\-]{20,}", r"(?<![\w/])1//0[0-9A-Za-z_\-]{30,}",
    ))
    try:  # one scan instead of forty: the patterns as one alternation, each keeping its flags
        return (re.compile("|".join(f"(?{'i' if p.flags & re.IGNORECASE else ''}{'s' if p.flags & re.DOTALL else ''}"
                                    f":{p.pattern})" if p.flags & (re.IGNORECASE | re.DOTALL) else f"(?:{p.pattern})"
                                    for p in found)),)
    except re.error:  # a pattern that cannot be combined (global inline flags): scanned one by one
        return tuple(found)


_TOKEN_EDGE = re.compile(r"[^\s\"'`<>()\[\]{},;]*")


def _widen(text: str, start: int, end: int) -> tuple[int, int]:
    """A match grown to the whole token around it (keys longer than a plugin's pattern)."""
    while start > 0 and not text[start - 1].isspace() and text[start - 1] not in "\"'`<>()[]{},;:=":
        start -= 1
    tail = _TOKEN_EDGE.match(text, end)
    end = tail.end() if tail else end
    while end > start and text[end - 1] in ".!?":
        end -= 1
    return start, end


_PEM = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:.*?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|.*\Z)",
                  re.S)
_LONG_TOKEN = re.compile(r"(?<![\w/+=.-])[A-Za-z0-9+/=_\-]{32,}(?![\w/+=-])")


def _entropy(token: str) -> float:
    counts: dict[str, int] = {}
    for ch in token:
        counts[ch] = counts.get(ch, 0) + 1
    return -sum(n / len(token) * math.log2(n / len(token)) for n in counts.values())


def _random_token(token: str) -> bool:
    """A long token that reads as random: lower and upper case and digits, high entropy (an
    unlabelled secret key; not a UUID, a hash in hex, a word or a path)."""
    classes = sum(bool(re.search(p, token)) for p in ("[a-z]", "[A-Z]", "[0-9]"))
    return classes == 3 and _entropy(token) >= 4.2


def _public_address(token: str) -> bool:
    """A Bitcoin address (Base58Check or bech32, checked by python-stdnum): public, paid to, not
    a secret. A private key in WIF has another version byte and is not one."""
    from stdnum import bitcoin

    return token[:1] in "13bB" and bitcoin.is_valid(token)


def _provider_spans(text: str) -> Iterator[Span]:
    for pattern in _provider_patterns():
        for match in pattern.finditer(text):
            start, end = _widen(text, match.start(), match.end())
            yield start, end, "api key"
    for match in _PEM.finditer(text):
        yield match.start(), match.end(), "private key"
    for match in _LONG_TOKEN.finditer(text):
        if _random_token(match.group()) and not _public_address(match.group()):
            yield match.start(), match.end(), "api key"
    for match in _PREFIXED_TOKEN.finditer(text):  # "<prefix>.<random body>": the body is the key
        if _random_token(match.group("body")):
            yield match.start(), match.end(), "api key"


_PREFIXED_TOKEN = re.compile(r"(?<![\w/+=.-])[A-Za-z0-9_\-]{1,16}\.(?P<body>[A-Za-z0-9+/=_\-]{32,})(?![\w/+=-])")


# ---------------------------------------------------------------- cards
_SEP = r"[ \u00a0\u2009\u202f\u2028\u2029.\-\u2010-\u2015\u2212/_\n\r\t,]"
_CARD_RUN = re.compile(rf"(?<![\d+])\d(?:{_SEP}{{0,4}}\d){{12,18}}(?!\d)")
_DIGIT_WORDS = {"zero": "0", "oh": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
                "six": "6", "seven": "7", "eight": "8", "nine": "9"}
_WORD_RUN = re.compile(r"\b(?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|\d)\b[\s,\-]*){13,19}",
                       re.I)
_NOT_A_CARD_BEFORE = re.compile(
    # a word's edge, or a script written without spaces beside it ("手机IMEI号 3422…")
    rf"(?i)(?:\b|(?<=[{prefilter.UNSPACED_SCRIPTS}]))"
    r"(?:order|tracking|track|confirmation|booking|reservation|reference|ref|invoice|ticket|isbn|parcel|"
    r"shipment|serial|policy|case|account|iban|phone|tel|mobile|call|imei|library|loyalty|member|membership|barcode"
    r"|customer|sku|model|ean|gtin|upc|e-ticket|eticket|frequent flyer|confirmation"
    # an article's or a product's number in the languages of a shop ("Artikelnummer 4011…", "código de barras")
    r"|article|artikel\w*|art\.?-?nr|artículo|articolo|artigo|produktn\w*|product (?:number|code|id)"
    r"|barcode|strichcode|código de barras|codice a barre|code-barres|streepjescode|kod kreskowy|jan"
    r"|штрихкод|артикул|バーコード|商品コード|바코드|条形码|条码)"
    rf"(?:\b|(?=[{prefilter.UNSPACED_SCRIPTS}]))[^.!?\n,;]{{0,24}}$")
#: A card's number named before the digits in their sentence ("card number … for the order 5176…"):
#: an order's word between then says what the card is for, not what the number is.
#: A card's expiry or security code right after the number: a card's details, whatever label stood before
#: ("the company card for the parts order is 5187 … exp 09/31 cvv 993").
_CARD_DETAILS_AFTER = re.compile(r"(?i)[\s,;]{1,3}(?:exp(?:iry|ires|\.)?|valid(?: thru| until)?|vence|venc\.?|ablauf|gültig bis"
                                 r"|scad(?:enza)?|cvv2?|cvc2?|csc)\b")
_CARD_NUMBER_NAMED = re.compile(r"(?i)\b(?:card|karte|carte|tarjeta|cart[aã]o|carta)\s*(?:number|no\.?|#|nummer|num[eé]ro"
                                r"|n[uú]mero)\b[^.!?\n]{0,60}$"
                                # or a payment card and what it is for: "card for the PX order: 6011 …", "Karte für die
                                # Bestellung" (not a loyalty, library or gift card: "loyalty card for the pharmacy, member no …")
                                r"|(?<!loyalty )(?<!member )(?<!membership )(?<!library )(?<!gift )(?<!club )(?<!reward )"
                                r"(?<!rewards )(?<!store )(?<!bonus )(?<!points )(?<!customer )(?<!discount )(?<!key )"
                                r"\b(?:card|karte|carte|tarjeta|cart[aã]o|carta|kaart|kort)\s+(?:(?:we|i)\s+use\s+)?"
                                r"(?:for|pour|para|für|voor|för|per)\b[^.!?\n]{0,50}$")
_CARD_WORD = re.compile(r"(?i)\b(?:card|visa|mastercard|master card|amex|american express|discover|maestro|"
                        r"debit|credit|tarjeta|carte|karte|cart[aã]o|kreditkarte)\b")
# groups of four, or an Amex's first part (4-6 then 3-6 digits: "starts 3702 210")
_CARD_FRAGMENT = re.compile(rf"(?<![\w])(?:\d{{4}}(?:{_SEP}{{1,3}}\d{{4}}){{1,3}}|\d{{4}} \d{{3,6}}(?: \d{{3,6}})?|\d{{8,12}})(?![\w])"
                            r"|(?i:\b(?:pt|part|teil|parte|partie)\s*\.?\s*\d\W{1,3})(?P<part>\d{4,8})(?!\w)")


@functools.cache
def _half_card_turn() -> re.Pattern[str]:
    """A turn that is only digit groups (or eight digits) beside words about a card's part ("the
    last eight: ...", assets ``card_parts``): half a card typed in two messages."""
    words = "|".join(re.escape(w) for w in sorted(forms._words()["card_parts"], key=len, reverse=True))
    return re.compile(rf"(?i)^\W*(?:(?:{words}|\d)\W+){{0,6}}(?:\d{{4}}(?:[ \-.]{{1,3}}\d{{4}}){{1,2}}|\d{{8}})\W*$"
                      rf"|^\W*(?:(?:{words})\W+){{0,3}}(?:pt|part|teil|parte|partie|deel|część|parça|часть)\s*\.?\s*\d{{1,2}}"
                      r"\W+\d{3,12}\W*$")


def _is_isbn(digits: str) -> bool:
    from stdnum import isbn

    return len(digits) == 13 and digits[:3] in ("978", "979") and isbn.is_valid(digits)


#: Each length's network prefixes, national schemes too: Troy (Turkey) 9792, RuPay and UnionPay 81/82,
#: Uzcard 8600 and Humo 9860 (Uzbekistan), Elcart 9417 (Kyrgyzstan), Belkart 9112, ArCa 9051 (Armenia).
_BRANDS = {13: ("4",), 14: ("30", "36", "38", "39"), 15: ("34", "37", "1800", "2131"),
           16: ("4", "51", "52", "53", "54", "55", "22", "23", "24", "25", "26", "27", "6011", "64", "65", "35",
                "62", "50", "56", "57", "58", "67", "60", "63", "81", "82", "9792", "8600", "9860", "9417", "9112",
                "9051"),
           17: ("4", "5", "6"), 18: ("4", "5", "6"), 19: ("4", "5", "6", "35")}


def _card_number(digits: str) -> bool:
    """Luhn-valid, 13-19 digits, with a card network's prefix for its length (an IMEI or a
    library barcode passes Luhn too). Thirteen digits with an EAN-13 check digit are an article's
    barcode (cards of thirteen digits are no longer issued)."""
    return (13 <= len(digits) <= 19 and digits.startswith(_BRANDS[len(digits)]) and _luhn(digits)
            and not _is_isbn(digits) and not (len(digits) == 13 and _is_ean(digits)))


def _is_ean(digits: str) -> bool:
    from stdnum import ean

    return bool(ean.is_valid(digits))


_PART_RUN = re.compile(r"(?<![\d.,/:])\d(?:[ \u00a0\-.]{0,3}\d){3,11}(?![\d/:])")


#: A barcode's name right after the number ("4011905437821 (EAN)").
_BARCODE_AFTER = re.compile(r"(?i)\s*[(\[]?\s*(?:ean|gtin|upc|jan|isbn|imei|barcode)\b"
                            # or named in a few words after it: "379462105853928 — that's the imei from *#06#"
                            r"|[\s,;:]*(?:[—–\-<]+|->)?\s*(?:that'?s|thats|it'?s|its|is|=)\s+(?:the\s+|my\s+|its\s+)?"
                            r"(?:phone'?s\s+)?(?:imei|isbn|barcode|ean|upc)\b")


def _inside_hex(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is digits inside a longer hex token (an address "0x5290…6E0F…", a
    hash): a run that passes Luhn by chance there is no card."""
    left, right = start, end
    while left > 0 and text[left - 1].isalnum():
        left -= 1
    while right < len(text) and text[right].isalnum():
        right += 1
    return (left, right) != (start, end) and _HEX_TOKEN.fullmatch(text, left, right) is not None


_HEX_TOKEN = re.compile(r"(?:0x)?[0-9a-fA-F]{32,}")


def _card_head(run: str) -> int:
    """The length of ``run``'s head that is a card when the whole run is none: the run went on into
    the expiry's month or the code written after the card ("5279 0263 5753 5606 11/31": the run's
    digits are the card's sixteen and "11"). 0 when no head ending at a separator is a card."""
    for cut in reversed([m.start() for m in re.finditer(_SEP + "+", run)]):
        digits = re.sub(r"\D", "", run[:cut])
        if len(digits) < 13:
            break
        if _card_number(digits):
            return cut
    return 0


def _card_spans(text: str) -> Iterator[Span]:
    for match in _CARD_RUN.finditer(text):
        digits = re.sub(r"\D", "", match.group())
        end = match.end()
        if not _card_number(digits):
            end = match.start() + _card_head(match.group())
            if end == match.start():
                continue
        if not (_NOT_A_CARD_BEFORE.search(text[max(0, match.start() - 40):match.start()])
                and not _CARD_NUMBER_NAMED.search(text, max(0, match.start() - 80), match.start())
                and not _CARD_DETAILS_AFTER.match(text, end)) \
                and not _BARCODE_AFTER.match(text, end) and not _inside_hex(text, match.start(), end):
            yield match.start(), end, "card number"
    for match in _WORD_RUN.finditer(text):
        digits = "".join(_DIGIT_WORDS.get(w.lower(), w) for w in re.findall(r"[A-Za-z]+|\d", match.group()))
        if _card_number(digits):
            yield match.start(), match.end(), "card number"
    for word in _CARD_WORD.finditer(text):  # a card's fragment: the first or second half of a split
        fragment = _CARD_FRAGMENT.search(text, word.end(), min(len(text), word.end() + 40))
        if fragment and not _NOT_A_CARD_BEFORE.search(text[max(0, fragment.start() - 40):fragment.start()]) \
                and not _loyalty_card(text, fragment.start()):
            g = "part" if fragment.group("part") else 0
            yield fragment.start(g), fragment.end(g), "card number"
    runs = list(_PART_RUN.finditer(text)) if len(text) < 4000 else []
    for a, b in zip(runs, runs[1:], strict=False):  # a card in two parts with words between them
        if b.start() - a.end() <= 30 and "\n\n" not in text[a.end():b.start()]:
            digits = re.sub(r"\D", "", a.group()) + re.sub(r"\D", "", b.group())
            if len(digits) in (15, 16) and _card_number(digits) \
                    and not _NOT_A_CARD_BEFORE.search(text[max(0, a.start() - 40):a.start()]):
                yield a.start(), a.end(), "card number"
                yield b.start(), b.end(), "card number"
    if runs:  # "4539 💳 1488 then 0343 … 64 67": a card in any number of pieces
        yield from card_pieces.spans(text, runs, _card_number, _not_a_card_at)
    if len(text) < 120 and _half_card_turn().match(text):
        yield 0, len(text), "card number"


def _not_a_card_at(text: str, at: int) -> bool:
    """An order's, a tracking's or a barcode's name just before the digits at ``at``."""
    return bool(_NOT_A_CARD_BEFORE.search(text[max(0, at - 40):at]))


#: A card's expiry then a code of three or four digits ("3760-881994-19483 / 02/29 / 753"): the
#: security code written after the card, unlabelled.
_EXPIRY_THEN_CODE = re.compile(r"^[\s,;/|\-–—]{0,5}(?:(?:exp\w*|valid|vence|ablauf|val|gültig|[^\W\d_]{1,12})\W{0,3})?"
                               r"(?:0[1-9]|1[0-2])\s?[/\-.]\s?(?:\d{2}|20\d{2})[\s,;/|\-–—]{1,5}"
                               # the code's name in a few words ("and the back thing is 971")
                               r"(?:[^\W\d_]{1,12}\.?:?\s{0,2}){0,5}(?P<code>\d{3,4})(?!\d)")


#: The same fragment, which may follow a letter of a script without spaces ("卡号前八位6759 8198").
_CARD_FRAGMENT_CJK = re.compile(_CARD_FRAGMENT.pattern.replace("(?<![\\w])", "(?<![A-Za-z0-9_])", 1))


#: A code before its name, as a text message writes it ("551493 es tu código de WhatsApp", "G-482913 is
#: your Google verification code"): the digits, then a joining word, a possessive and the name.
_CODE_BEFORE_NAME = re.compile(
    r"(?i)(?<![\w-])(?:[A-Z]-)?(?P<code>\d{4,8}|\d{3}[ -]\d{3})\s+(?:is|es|est|ist|é|è|là|adalah|jest|je|er|är|ni|это"
    r"|:|-|—)\s+(?:your|tu|su|votre|ton|dein|deine|ihr|o seu|seu|sua|il tuo|la tua|twój|twoj|uw|din|mã|kode)?\s*")
_YOUR = ("your", "tu", "su", "votre", "ton", "dein", "deine", "ihr", "o seu", "seu", "sua", "il tuo", "la tua",
         "twój", "twoj", "uw", "din", "mã", "kode")
#: The next code of a list in one sentence ("front door is 1451, bike room is 5522"; "e a de 6 do app é 578760").
_NEXT_CODE = re.compile(r"\s*(?:,|;|\band\b|\by\b|\be\b|\bet\b|\bund\b|\bi\b|\bthen\b)\s*"
                        r"(?:\w[\w'’-]*\s+){0,6}?(?:is|es|est|ist|é|è|är|er|jest|je|to|ni|là|:|=|-|—)\s*"
                        r"(?P<code>\d{3,8})(?![\d/:.,]\d)")


def _codes_by_shape(text: str, names: list[forms.NameMatch], found: list[Span]) -> Iterator[Span]:
    if any(n.kind == "digits" for n in names):
        for m in _CODE_BEFORE_NAME.finditer(text):
            after = [n for n in names if n.kind == "digits" and m.end() <= n.start <= m.end() + 25
                     and forms.names_a_secret(text, n)]
            if re.fullmatch(r"(?:19|20)\d{2}", m.group("code")) and not m.group().rstrip().endswith(
                    tuple(_YOUR)):
                continue  # "2019 is the year my pin changed": a year, not "2019 is your code"
            if after:
                yield m.start("code"), m.end("code"), "password"
    for start, end, kind in found:
        code = re.search(r"(?<!\S)\d{3,8}$", text[start:end]) if kind == "password" else None
        if code:
            m = _NEXT_CODE.match(text, end)
            if m and not forms.a_date(m.group("code")) and abs(len(m.group("code")) - len(code.group())) <= 2:
                yield m.start("code"), m.end("code"), "password"


@functools.cache
def _card_part_words() -> re.Pattern[str]:
    words = "|".join(re.escape(w) for w in sorted(forms._words()["card_parts"], key=len, reverse=True))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{words})(?![^\W\d_])")


def _card_fragments(text: str, names: list[forms.NameMatch]) -> Iterator[Span]:
    """What a card's name announces in any language (assets ``card``): a fragment of digits right
    after it (half a card: "первая половина номера карты 6759 2860", "卡号前八位6759 8198").
    And the code after a card number and its expiry."""
    for name in names:
        if name.kind != "card":
            continue
        fragment = _CARD_FRAGMENT_CJK.search(text, name.end(), min(len(text), name.end() + 90))
        if fragment and fragment.start() - name.end() > 40 and not _card_part_words().search(
                text, max(name.end(), fragment.start() - 30), fragment.start()):
            fragment = None  # further than a few words: only after "the first eight digits", "prime otto cifre"
        if fragment and not _NOT_A_CARD_BEFORE.search(text[max(0, fragment.start() - 40):fragment.start()]) \
                and not re.search(r"[.!?;\n]\s", text[name.end():fragment.start()]) \
                and not _loyalty_card(text, fragment.start()):
            g = "part" if fragment.group("part") else 0
            yield fragment.start(g), fragment.end(g), "card number"


def _loyalty_card(text: str, at: int) -> bool:
    """A store's or a club's card (a public label such as "carte fidélité", "ポイントカード",
    assets ``public``) just before a card's digits: a membership number, not a payment card's."""
    return bool(forms._public_anywhere().search(text[max(0, at - 40):at]))


#: An expiry after its name, "MM/YY" ("exp 08/27", "有効期限 06/29", "срок до 10/27"): with a card's
#: security code beside it, the card's data (kept out with the code).
_EXPIRY = re.compile(
    r"(?i)(?:exp\w*|valid(?: thru| through| until| till)?|good thru|vence|vencimiento|caducidad|validade|val\.?"
    r"|validit[ée]|date d'expiration|expire le|gültig(?: bis)?|ablauf\w*|scadenza|geldig tot|vervaldatum|ważna do"
    r"|ważności|срок(?: действия)?(?: до)?|действует до|有効期限|유효기간|有效期|son kullanma|hạn(?: sử dụng)?|berlaku"
    r"|muda wake|تاريخ الانتهاء|समाप्ति|एक्सपायरी|วันหมดอายุ|תוקף|giltig till|utløp|voimassa"
    r"|runs? out|lejár\w*|kedaluwarsa|platnost\w*|platí do|geçerlilik|λήξη|utgår|udløber|vanhenee|expir[ăa]|scade"
    r"|valable jusqu'?\w*|caduca)[^\d\n]{0,12}?"
    r"(?P<exp>(?:0[1-9]|1[0-2])\s?[/\-.]\s?(?:20)?\d{2})(?![\d/])")
_BARE_EXPIRY = re.compile(r"[\s,;|\-–—]{0,5}(?P<exp>(?:0[1-9]|1[0-2])\s?/\s?(?:20)?\d{2})(?![\d/])")


_WORD_THEN_CODE = re.compile(r"[^\W\d_]{1,12} \d{3,4}")


def _expiry_spans(text: str, spans: list[Span]) -> Iterator[Span]:
    codes = [(s, e) for s, e, k in spans if k in ("card number", "password")  # a code, or a word a finder took with it
             and (3 <= e - s <= 4 or _WORD_THEN_CODE.fullmatch(text, s, e))]
    cards = [(s, e) for s, e, k in spans if k == "card number" and e - s >= 4]
    if codes:
        for m in _EXPIRY.finditer(text):
            if any(abs(s - m.end("exp")) <= 40 or abs(m.start() - e) <= 40 for s, e in codes):
                yield m.start("exp"), m.end("exp"), "card number"
    for _, end in cards:  # "4245 6812 7242 0179 05/27 271": the expiry right after the number
        m = _BARE_EXPIRY.match(text, end)
        if m:
            yield m.start("exp"), m.end("exp"), "card number"


def _codes_after_cards(text: str, cards: list[Span]) -> Iterator[Span]:
    for _, end, kind in cards:
        if kind == "card number":
            m = _EXPIRY_THEN_CODE.match(text[end:end + 40])
            if m:
                yield end + m.start("code"), end + m.end("code"), "card number"


# ---------------------------------------------------------------- said in words: passwords, codes, ids
# "<name of the secret> <connector> <value>": the value is the rest of the clause.
_CONNECT = r"(?:\s*(?:is|was|are|=|:|ist|est|es|é|è|is now|will be|'s|’s|de|do|da|di|van)\b\s*[:=]?|\s*[:=])\s*"
_SECRET_NAMES: tuple[tuple[str, str], ...] = (
    ("password", r"pass(?:word|phrase|code)s?|pass phrase|passwd|pwd|pw|wifi key|wi-?fi password|login"
                 r"|contrase[ñn]a|clave|mot de passe|code d'acc[eè]s|passwort|kennwort|senha|palavra-passe"
                 r"|parola d'ordine|wachtwoord|security answer|secret answer|secret word|magic word"),
    ("password", r"(?:pin|pin code|pin number|code pin|c[oó]digo pin|geheimzahl)"),
    ("password", r"(?:door|alarm|gate|garage|safe|locker|lock|lockbox|key ?safe|building|entry|access|entrance"
                 r"|buzzer|keypad|bike lock|padlock|combination|unlock|phone unlock|house|front door|back door)"
                 r"(?:'s)? (?:code|combo|combination|pin)|(?:code|combination|combo|pin) (?:to|for|of) (?:my |the |our )?"
                 r"(?:front |back )?(?:door|alarm|gate|garage|safe|locker|lock|building|house|flat|apartment"
                 r"|phone|bike|keypad|lockbox)|t[uü]rcode|c[oó]digo (?:de la|da|do) (?:puerta|porta|alarma)"
                 r"|code (?:de la|du) (?:porte|alarme|portail)"),
    ("api key", r"(?:api|secret|access|private|auth|bearer|session|recovery|backup|seed|2fa|otp|mfa|one-time)"
                r"[ _-]?(?:key|token|code|phrase|codes)|token"),
    ("card number", r"(?:cvv2?|cvc2?|csc|security code|card code|three digits on the back|3 digits on the back"
                    r"|card verification(?: code| value)?)"),
    ("government id", r"(?:passport|reisepass|pasaporte|passeport|passaporte)(?: (?:number|no\.?|#|nr\.?|num[eé]ro))?"
                      r"|(?:driver'?s|driving|drivers) (?:license|licence)(?: (?:number|no\.?|#))?"
                      r"|(?:license|licence) (?:number|no\.?|#)|f[uü]hrerschein(?:nummer)?|permis de conduire"
                      r"|ssn|social security(?: number| no\.?)?|social insurance(?: number)?|sin number"
                      r"|tax (?:id|number|file number|code)|tfn|steuer-?id|steuernummer|national (?:id|insurance)"
                      r"(?: number| no\.?)?|ni number|nino|id (?:card )?number|identity (?:card )?number"
                      r"|personal id|personnummer|bsn|burgerservicenummer|aadhaa?r(?: number| no\.?)?|pesel"
                      r"|cpf|dni|nie|nif|codice fiscale|medicare(?: number)?|nhs number|health card number"),
    ("bank account", r"(?:bank )?(?:account|acct|a/c|konto|cuenta|compte)(?: (?:number|no\.?|#|nr\.?|num[eé]ro))"
                     r"|sort code|routing(?: number)?|bsb|iban|swift|bic|kontonummer|n[uú]mero de cuenta"),
)
# Up to three words between a secret's name and its value: "the password for my bank is ...",
# "la clave del wifi es ...", "le code de la porte est ...".
_QUALIFIER = (r"(?:\s+(?:for|of|to|on|at|del|de|du|des|da|do|di|für|van|voor|zum|zur|della|dello)"
              r"(?:\s+[\w'’-]+){1,3}?)?")
# "API key part 1 (slack won't let me paste it whole): …": a part of the value, named.
_PART = r"(?:\s+(?:part|pt\.?|half|teil|parte|partie|część|deel|del|kısım|часть|bagian)\s*(?:\d|one|two|1/2|2/2)?)?"
_NAMED = tuple(
    (kind, re.compile(rf"(?i)(?<![\w-])(?:{names})(?![\w-]){_QUALIFIER}{_PART}(?:\s*\((?:[^)]{{0,60}})\))?{_CONNECT}"
                      r"[\"'“‘«]?(?P<value>[^\s\"'”’»][^\n\u2029\"”’»]*?)[\"'”’»]?"
                      r"(?=\s*(?:[.,;!?](?:\s|$)|\n|\u2029|$)| and | but | so | because | y | et | und | e | if | when )"))
    for kind, names in _SECRET_NAMES)
# A name followed directly by a value with a digit: "garage code 8812", "passport C01X00T47".
_NAMED_BARE = tuple(
    (kind, re.compile(rf"(?i)(?<![\w-])(?:{names})(?![\w-])\s*(?:number|no\.?|nr\.?|#)?\s*[:#]?\s*"
                      r"(?P<value>(?=[^\s]*\d)[A-Z0-9*#][A-Z0-9*#/\-]{1,38}(?:\s\d{2,4}){0,4}(?:\s[A-D])?)(?![\w-])"))
    for kind, names in _SECRET_NAMES)
#: Each kind's names alone, with the edges :data:`_NAMED` and :data:`_NAMED_BARE` read them with.
_NAMES_ONLY = tuple(re.compile(rf"(?i)(?<![\w-])(?:{names})(?![\w-])") for _, names in _SECRET_NAMES)
_SIGNAL_WORDS = re.compile("(?i)(?<![\\w-])(?:" + "|".join(f"(?:{names})" for _, names in _SECRET_NAMES) + ")(?![\\w-])")
# A value that is a word about the secret, not the secret: "my password is not working", "... is wrong".
_NOT_A_VALUE = re.compile(
    r"(?i)^(?:a|an|the|my|your|his|her|our|their|this|that|it|not|no|none|too|so|very|still|always|never"
    r"|on|in|at|under|behind|somewhere|written|saved|stored|kept|taped|in my|being|getting|going|all|both|each"
    r"|every|mostly|usually)\b")
_NOT_A_VALUE_WORD = re.compile(
    r"(?i)^(?:correct|incorrect|wrong|weak|strong|short|long|new|old|expired|expiring|changed|reset|forgotten"
    r"|lost|stolen|invalid|required|needed|missing|same|set|blocked|locked|broken|ok|okay|fine|secret|private"
    r"|different|easy|hard|simple|complicated|hidden|safe|shared|reused|synced|saved|written|stored|compromised|leaked"
    # what a secret is like, not what it is: "backup codes are useful", "the PIN is important"
    r"|useful|useless|important|handy|helpful|necessary|optional|unsafe|insecure|secure|annoying|confusing|tricky"
    r"|mandatory|random|unique|temporary|permanent|case[- ]sensitive|active|inactive|valid|working|expensive|free"
    r"|shared with \w+(?: \w+)?|the same(?: \w+)*"
    r"|larga|larg[ao]s?|corta|cortas?|nueva|nuevo|complicada|dif[ií]cil|f[aá]cil|longue|courte|nouveau|nouvelle"
    r"|compliqu[ée]e?|lang|kurz|neu|kompliziert|schwer|einfach|longa|curta|nova|lunga|corto|nuova|complicata"
    r"|difficile|lungo|facile)$")


#: A value that opens with a place or a state: where the thing is or what happened to it.
_PLACE_OR_STATE = re.compile(r"(?i)^(?:at|in|on|under|behind|near|inside|next to|(?:blocked|locked|expired|reset|changed"
                             r"|cancelled|canceled|frozen|suspended|disabled|sent|delivered|wrong|invalid)"
                             r"(?!\s+(?:to|into|=|:))(?=\s))\s+\S")
#: A secret's length, not the secret: "6 digits long", "12 characters", "acht Zeichen".
_A_LENGTH = re.compile(r"(?i)^(?:\d{1,2}|four|five|six|seven|eight|nine|ten|twelve)[ -](?:digits?|characters?|chars?|letters?"
                       r"|numbers?|d[ií]gitos|caracteres|chiffres|caract[eè]res|zeichen|stellen|ziffern|cifre|caratteri"
                       r"|cijfers|tekens|cyfr|znak[oó]w|символ\w*|цифр\w*|haneli|karakter|hane|桁|位|자리)\b")
_AFTER_PREPOSITION = re.compile(r"(?i)\b(?:de|do|da|di|van)\s*[\"'“‘«]?$")
_SHAPED = re.compile(r"\d|[!@#$%^&*_+=~?.]|[a-z][A-Z]")
#: After "de/di/do/da/van" a brand's camel case ("PosteID", "PhonePe") is whose secret, not one.
_SHAPED_AFTER_OF = re.compile(r"\d|[!@#$%^&*_+=~?]")
#: A site's name (letters and dots ending in a top-level domain): whose password, not the password.
_SITE = re.compile(r"[^\W\d_]+(?:[.-][^\W\d_]+)*\.[a-z]{2,6}", re.I)


#: A site's name, up to four words about whose it is, a colon: "gov.br do meu cliente: ".
_SITE_THEN_COLON = re.compile(r"\S+(?:\s+[^\W\d_]+){0,4}\s*:\s+(?=\S)")
#: A remark in brackets after a value, words with a space in it.
_COMMENT_AFTER = re.compile(r"\s+\([^()]*\s[^()]*\)?$")


def _value_span(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    value = match.group("value")
    start, end = match.start("value"), match.end("value")
    stripped = value.rstrip()
    end -= len(value) - len(stripped)
    comment = _COMMENT_AFTER.search(stripped)
    if comment and comment.start() >= 3:  # "39-49-98 (it's on every invoice)": the value, then a remark on it
        stripped, end = stripped[:comment.start()], start + comment.start()
    if len(stripped) < 3 or len(stripped.split()) > 8:  # a whole sentence after "password:" is a story
        return None
    if not re.search(r"\d", stripped) and (_NOT_A_VALUE.match(stripped) or _NOT_A_VALUE_WORD.match(stripped)):
        return None
    if _A_LENGTH.match(stripped):
        return None  # "the passcode is 6 digits long": its length, not it
    if _PLACE_OR_STATE.match(stripped):
        return None  # "the pin on the map is at 51.5072", "my PIN was blocked after 3 tries"
    if _AFTER_PREPOSITION.search(text, match.start(), start) and not _SHAPED_AFTER_OF.search(stripped):
        return None  # "a senha do banco semana passada", "il PIN di PosteID": whose, not the value
    if _AFTER_PREPOSITION.search(text, match.start(), start) and forms.a_site(stripped.split()[0].rstrip(",.;:!?")):
        # "a senha do Gov.br": the site the password is for; its value after a colon further on
        # ("senha do gov.br do meu cliente: Nyota_azul275", an interpreter's client's)
        colon = _SITE_THEN_COLON.match(stripped)
        if colon and len(stripped) - colon.end() >= 3:
            return start + colon.end(), end
        return None
    return start, end


def _named_spans(text: str) -> Iterator[Span]:
    if forms.FIELD_JOIN[1] in text:  # a record read together: these forms stay in their string
        at = 0
        for part in text.split(forms.FIELD_JOIN[1]):
            yield from ((s + at, e + at, k) for s, e, k in _named_spans(part))
            at += len(part) + 1
        return
    # each pattern's matches start where its secret's name does: read from the first name on, none without one
    firsts = [name.search(text) for name in _NAMES_ONLY]
    for (kind, pattern), first in zip(_NAMED, firsts, strict=True):
        for match in pattern.finditer(text, first.start()) if first else ():
            span = _value_span(text, match)
            if span is not None:
                yield span[0], span[1], kind
    for (kind, pattern), first in zip(_NAMED_BARE, firsts, strict=True):
        for match in pattern.finditer(text, first.start()) if first else ():
            if len(match.group("value")) >= 3:
                yield match.start("value"), match.end("value"), kind


# ---------------------------------------------------------------- identifiers by checksum (python-stdnum)
def _stdnum(module: str) -> Callable[[str], bool]:
    import importlib

    return importlib.import_module(f"stdnum.{module}").is_valid  # type: ignore[no-any-return]


# Formats that are unmistakable with their checksum: checked anywhere in a text.
_FORMATTED_IDS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(r"\b[A-Z]{2}\d{2}(?:[ \-]?[A-Z0-9]){11,30}\b"), "iban", "bank account"),
    (re.compile(r"\b\d{3}[- ]\d{2}[- ]\d{4}\b"), "us.ssn", "government id"),
    (re.compile(r"\b\d{8}[- ]?[A-HJ-NP-TV-Z]\b"), "es.dni", "government id"),
    (re.compile(r"\b[XYZ][- ]?\d{7}[- ]?[A-HJ-NP-TV-Z]\b"), "es.nie", "government id"),
    (re.compile(r"\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b", re.I), "it.codicefiscale", "government id"),
    (re.compile(r"\b\d{3}\.\d{3}\.\d{3}-\d{2}\b"), "br.cpf", "government id"),
    (re.compile(r"\b[12]\s?\d{2}\s?\d{2}\s?(?:\d{2}|2[AB])\s?\d{3}\s?\d{3}\s?\d{2}\b"), "fr.nir", "government id"),
    (re.compile(r"\b\d{6}[-+]\d{4}\b"), "se.personnummer", "government id"),
)
# Bare digit runs: checked only after a word that names an identifier.
_ID_CONTEXT = re.compile(
    r"(?i)\b(?:id|identity|identification|national|citizen|social|insurance|tax|bsn|sin|aadhaa?r|pesel|cpr"
    r"|personnummer|steuer|idnr|nir|ssn|tfn|cpf|dni|ahv|avs|rijksregister|registre national|number|nummer"
    r"|n[uú]mero|numero)\b[^.!?\n]{0,30}$")
_BARE_ID = re.compile(r"(?<![\dA-Za-z+])\d(?:[ .\-]?\d){7,12}(?!\d)")
_BARE_MODULES = ("nl.bsn", "de.idnr", "in_.aadhaar", "ca.sin", "pl.pesel", "dk.cpr", "be.nn", "au.tfn",
                 "ch.ssn", "us.ssn", "br.cpf", "fr.nir", "za.idnr")
_NINO = re.compile(r"\b(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]\b",
                   re.I)


def _id_spans(text: str) -> Iterator[Span]:
    for pattern, module, kind in _FORMATTED_IDS:
        for match in pattern.finditer(text):
            compact = re.sub(r"[\s.\-]", "", match.group())
            if _stdnum(module)(compact):
                yield match.start(), match.end(), kind
    for match in _NINO.finditer(text):
        yield match.start(), match.end(), "government id"
    for match in _BARE_ID.finditer(text):
        if not _ID_CONTEXT.search(text[max(0, match.start() - 50):match.start()]) \
                or forms._NOT_ID_BEFORE.search(text[max(0, match.start() - 45):match.start()]):
            continue  # no id's name; or a confirmation, order or booking number's
        compact = re.sub(r"\D", "", match.group())
        if forms.is_phone_number(text, match.start(), match.end()):
            continue
        if game_ids.is_game_id(text, match.start(), match.end()):
            continue  # "ID do free fire …, quero recarregar": a game account's id, which opens nothing
        context = _ID_CONTEXT.search(text[max(0, match.start() - 50):match.start()])
        if compact[0] == "0" and context and re.match(r"(?i)n[uú]mero|numero|number|nummer", context.group()) \
                and forms._is_phone(match.group(), "phone "):
            continue  # "new number for Grandma: 0412 372142": only "number" names it, and it dials
        if any(_valid_quietly(module, compact) for module in _BARE_MODULES):
            yield match.start(), match.end(), "government id"


def _valid_quietly(module: str, value: str) -> bool:
    try:
        return _stdnum(module)(value)
    except Exception:  # a validator that cannot parse this shape says no
        return False


# ---------------------------------------------------------------- the filter
# What any finder needs to find something: four digits (with separators), a token with a digit of
# ten or more characters or any token of twenty, a key block, credentials in a URL, a codice
# fiscale's shape, digits in words. A text with none of these (or of the secrets' names) is clean.
# Each part read only when the text has what it needs (a digit, "://", "/"): one alternation of them
# all tried every branch at every position (cost only).
_DIGIT = re.compile(r"\d")
_DIGIT_SIGNAL = re.compile(
    rf"\d(?:{_SEP}{{0,2}}\d){{3,}}|(?=[A-Za-z0-9+/=_\-]*\d)[A-Za-z0-9+/=_\-]{{10,}}|(?i:[A-Z]{{6}}\d{{2}}[A-Z])")
_LONG_RUN = re.compile(r"[A-Za-z0-9+/=_\-]{20,}")
_URL_LOGIN = re.compile(r"://[^\s/@]+:[^\s/@]+@")
_SPACED_SLASH = re.compile(r"\s/\s")
_TWO_DIGIT_WORDS = re.compile(
    r"(?i:\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\s+(?:zero|oh|one|two|three|four|five|six|seven"
    r"|eight|nine)\b)")


def _any_signal(text: str) -> bool:
    """Whether ``text`` has any of those signals."""
    # the long run first: the digit signal's look-ahead rescans a long run at each of its characters
    return bool(_LONG_RUN.search(text) or _DIGIT.search(text) and _DIGIT_SIGNAL.search(text)
                or "-----BEGIN" in text or "://" in text and _URL_LOGIN.search(text)
                or "->" in text or "=>" in text or "→" in text or "/" in text and _SPACED_SLASH.search(text)
                or _TWO_DIGIT_WORDS.search(text))


_PLAIN_VALUE = re.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|turn:[0-9a-f]{40}"
    r"|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?|-?\d{1,6}(?:\.\d+)?|[^\d]{0,2}")


def secret_spans(text: str) -> list[Span]:
    """Every ``(start, end, kind)`` of a secret in ``text``, unsorted, possibly overlapping."""
    if len(text) <= _CACHED_CHARS:  # stored records repeat their strings (a claim in the fact, its
        return list(_cached_spans(text))  # audit snapshot, the outcome): each is scanned once
    return _read_with_asides(text)


_CACHED_CHARS = 2048


@functools.lru_cache(maxsize=8192)
def _cached_spans(text: str) -> tuple[Span, ...]:
    return tuple(_read_with_asides(text))


#: A short aside in parentheses with no digit in it: "(for the estate agent)", "(the one in the hall)".
_ASIDE = re.compile(r"\([^()\d\n]{1,60}\)")


def _read_with_asides(text: str) -> list[Span]:
    """``_spans`` of ``text``, and of it read without its short asides: an aside between a secret's name and
    its value ("the lockbox at mum's flat (for the estate agent) is 32551") hides the value from the readers."""
    found = _spans(text)
    spelled = arabic_spelling.restored(text)
    if spelled is not text:  # "سؤال الامان", "كلمه السر": read as the assets spell them too (same offsets)
        found += [sp for sp in _spans(spelled) if sp not in found]
    if "(" not in text or not _ASIDE.search(text):
        return found
    asides = [m.span() for m in _ASIDE.finditer(text)]
    blanked = _ASIDE.sub(lambda m: " " * len(m.group()), text)
    # a value the aside stood before, not one it comments on ("codice: 123456 (esempio)")
    more = [sp for sp in _spans(blanked) if sp not in found and any(b <= sp[0] for _, b in asides)
            and not any(a <= sp[0] < b or sp[1] <= a <= sp[1] + 3 for a, b in asides)]
    if more:  # what the aside says still counts: "the gate code (posted on the sign) is 4471" is public
        more = public_statements.without_public_codes(text, more)
    return found + more


#: A run id ("reconcile:<uuid>"), a turn fingerprint, an ISO time: never a secret.
_OURS_INSIDE = re.compile(
    r"(?<=[a-z]:)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|turn:[0-9a-f]{40}"
    r"|\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?")


# Credentials in a fixed shape a name does not announce: a Wi-Fi QR payload's password
# ("WIFI:T:WPA;S:Home;P:<password>;;"), sshpass's -p argument, a Nostr private key, a Razorpay key.
_SHAPED_CREDENTIAL = re.compile(
    r"WIFI:(?:[^\n]*?;)?P:(?P<wifi>(?:\\.|[^;\\\s])+);"
    r"|\bsshpass\s+-p\s*(?P<q>['\"]?)(?P<ssh>[^\s'\"]+)(?P=q)"
    r"|(?P<key>\bnsec1[02-9ac-hj-np-z]{58}\b|\brzp_(?:live|test)_[A-Za-z0-9]{14,}\b"
    # a webhook's URL carries its secret in its path (Discord, Microsoft Teams / Power Automate, Zapier, IFTTT)
    r"|https?://(?:(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[\w\-]{20,}"
    r"|[\w\-]+\.webhook\.office\.com/webhook\w*/[^\s\"'<>]{20,}|outlook\.office\.com/webhook/[^\s\"'<>]{20,}"
    r"|hooks\.zapier\.com/hooks/catch/\d+/\w+/?|maker\.ifttt\.com/trigger/[^\s\"'<>]+/key/[\w\-]{10,}"
    r"|prod-\d+\.[\w\-]+\.logic\.azure\.com[^\s\"'<>]*sig=[\w%\-]{20,})"
    # a Sentry DSN (its key before the @), any URL whose user is a 32-digit hex key
    r"|https?://[0-9a-f]{32}(?::[0-9a-f]{32})?@[\w.\-]+(?::\d+)?/\d+)"
    # a Wi-Fi network's key in wpa_supplicant.conf or hostapd.conf
    r"|\b(?:psk|wpa_passphrase|sae_password|wep_key\d)\s*=\s*(?P<pq>\"?)(?P<psk>[^\s\"]{8,63})(?P=pq)")


def _outside_slots(norm: str, found: list[Span], shapes: list[tuple[int, int]]) -> list[Span]:
    """``found`` without a placeholder, a template's slot, or a value that starts inside a public
    shape: the checks a finder added after the first filters passes through."""
    if found and _PLACEHOLDER_HINT.search(norm):
        found = forms.without_placeholders(norm, found)
    if found and public_values.HINT.search(norm):
        found = public_values.without_slots(norm, found)
    if found and shapes:
        found = [sp for sp in found if not any(a <= sp[0] < b for a, b in shapes)]
    return found


def _shaped_credentials(text: str) -> Iterator[Span]:
    for m in _SHAPED_CREDENTIAL.finditer(text):
        group = next(g for g in ("wifi", "ssh", "key", "psk") if m.group(g) is not None)
        if group == "ssh" and not m.group("q") and not re.search(r"[^a-z]", m.group("ssh")):
            continue  # "use sshpass -p to pass it": a word, not a password
        yield m.start(group), m.end(group), "api key" if group == "key" else "password"


def _spans(text: str) -> list[Span]:
    if not text or _PLAIN_VALUE.fullmatch(text):  # ids, times and numbers in stored records
        return []
    norm, origin = forms.view(text)
    if _OURS_INSIDE.search(norm):  # the library's own ids and times inside a string: read as blanks
        norm = _OURS_INSIDE.sub(lambda m: " " * len(m.group()), norm)
    raw_norm = norm
    shapes = forms.public_shapes(norm)
    if shapes:  # public by their shape (a public key, a placeholder, a UUID): read as a neutral run
        chars = list(norm)
        for a, b in shapes:
            chars[a:b] = "x" * (b - a)
        norm = "".join(chars)
    names = forms.names_in(norm)
    spans: list[Span] = []
    if names or _any_signal(norm) or _SIGNAL_WORDS.search(norm):
        for finder in (_card_spans, _provider_spans, _named_spans, _id_spans, forms.iban_spans,
                       forms.shape_spans, forms.gitleaks_spans):
            spans.extend(finder(norm))
        spans.extend(forms.named_spans(norm, names))
        spans.extend(_card_fragments(norm, names))
        spans.extend(_codes_after_cards(norm, spans))
        spans.extend(sp for sp in card_codes_told.spans(norm, spans) if sp not in spans)  # "… 6933 / 4187", "the 4 on the front is 7382"
        spans.extend(forms.value_before_name_spans(norm, names))
        spans.extend(forms.asked_value_spans(norm, names))
        spans.extend(forms.id_spans(norm, spans))  # python-stdnum's registry: what is not withheld yet
        spans.extend(_account_pairs(norm))
        spans.extend(id_documents.spans(norm))  # "licence!! number A180-…", "passport number CVZKWKULS"
        spans.extend(id_documents.uk_licence_spans(norm))  # "NOWAK302265KE9NP that's the long one on the photocard"
        spans = list(dict.fromkeys(spans))  # a value several finders found: each reader below reads it once
        spans = [sp for sp in spans if sp[2] == "card number" or sp[2] == "api key"
                 or forms.bearer_value(norm, sp[0]) or not forms.public_value(norm, sp[0], sp[1])
                 or sp[2] == "bank account" and _named_iban(norm, sp)  # "iban della mamma … la pensione INPS IT61…"
                 or sp[2] == "government id" and (reference_values.document_for_a_purpose(norm, sp[0])
                                                  or _id_name_right_before(norm, names, sp[0]))]
        spans = [sp for sp in spans if not (sp[2] == "bank account" and forms.bank_identifier(norm[sp[0]:sp[1]]))]
        # a hash in lower-case hex is no bank account, whatever name stood before it ("accounting")
        spans = [sp for sp in spans if not (sp[2] == "bank account" and _hex_hash(norm[sp[0]:sp[1]]))]
        # a code listed beside a code ("bike room is 5522"), not a public label's ("the flight is 1130")
        spans.extend(sp for sp in _codes_by_shape(norm, names, spans) if not forms.public_code(norm, sp[0], sp[1]))
        spans.extend(forms.list_code_spans(norm, spans))  # a code after a code is one, whatever its label
        spans.extend(forms.corrected_spans(norm, spans))  # "4 4 7 1. no wait. 4 4 1 7"
        spans.extend(forms.letter_code_spans(norm))  # "Steam guard code: TFDYC"
        spans.extend(forms.combo_spans(norm, names))  # "combo: left 35 right 39 left 25"
        spans.extend(named_values.recorrected_spans(norm, spans))  # "… না মানে rupa@dhaka99"
        spans.extend(named_values.listed_code_spans(norm, spans))  # "…is 9238, en het sleutelkastje … 71661"
        spans.extend(named_values.spelled_on_spans(norm, spans))  # "the password is capital B, l, u, e, 4, 2"
        spans.extend(spelled_values.spans(norm, names))  # "the password is B as in boy, L as in Larry, U, E, 4, 2"
        spans.extend(forms.value_follows_spans(norm))  # "modemin şifresi ayvalikevi"
        spans.extend(juxtaposed_passwords.spans(norm, names))  # "hasło do maila zebrasakurasommer"
        spans.extend(sp for sp in named_passphrases.spans(norm, names) if sp not in spans)  # "şifrem a-b-c-d lütfen değiştir"
        if spans and ("/" in norm or "-" in norm or "." in norm):
            spans.extend(_expiry_spans(norm, spans))  # an expiry beside a card's security code
        if spans or any(n.kind == "card" for n in names):  # "kortnummer 4602 … utgång 03/29", "back of the card: 11/30 649"
            spans.extend(card_expiry.spans(norm, spans, any(n.kind == "card" for n in names)))
    spans.extend(card_expiry.named_spans(norm))  # "la carte pour le traiteur … expire fin 02/29", its code to follow
    spans.extend(forms.in_context_spans(norm))
    if "WIFI:" in norm or "sshpass" in norm or "nsec1" in norm or "rzp_" in norm or "://" in norm or "=" in norm:
        spans.extend(_shaped_credentials(norm))
    if "'" in norm or '"' in norm or "“" in norm or "‘" in norm or "«" in norm:
        spans.extend(forms.quoted_answer_spans(norm))
        if "answer" in norm.lower() or "respuesta" in norm.lower() or "réponse" in norm.lower() \
                or "antwort" in norm.lower() or "resposta" in norm.lower():
            spans.extend(forms.answer_after_spans(norm))
    spans.extend(forms.answer_spans(norm))
    spans.extend(sp for sp in named_values.coded_value_spans(norm, names)  # "Digicode : FC5GP"
                 if not forms.public_value(norm, sp[0], sp[1]))
    spans.extend(sp for sp in (*named_values.later_value_spans(norm, names), *named_values.bare_code_spans(norm, names),
                               *named_values.token_before_name_spans(norm, names))
                 if not forms.public_value(norm, sp[0], sp[1]))  # "adgangskode til e-Boks … er X", "…, PUK 56101043"
    if "/" in norm or "-" in norm or "." in norm:
        spans.extend(named_values.expiry_cvv_spans(norm))  # "hạn 12/27 mã 335"
    spans.extend(named_values.arrow_answer_spans(norm))  # "question secrète : <topic> → Quimper"
    spans.extend(named_values.told_answer_spans(norm))  # "the bank asked my first car" / "told her it was …"
    spans.extend(security_answers.answer_spans(norm))  # cue + topic + value ("jawab: pehle school ka naam X")
    spans.extend(wanted_answers.spans(norm))  # "grew up on X, that's the one it wants", "첫 애완동물 이름 X 이에요 그걸로 해주세요"
    spans.extend(security_backref.backref_spans(norm))  # "'Pemberton' — that's what I used as my security answer"
    spans.extend(security_backref.question_shape_spans(norm))  # "fb asks 'what street did u grow up on' i put X"
    spans.extend(security_backref.cue_then_quote(norm))  # "… the memorable word thing, 'X'"
    spans.extend(question_hints.hint_spans(norm))  # "the pet question is Biscuit", "St Mary's for the school one"
    spans.extend(question_hints.answer_word_spans(norm))  # "svaret är Mrs Gaskell", "X. thats the answer to the question …"
    spans.extend(question_hints.apposed_spans(norm))  # "Sicherheitsfrage … Geburtsname meiner Mutter, also X"
    spans.extend(topic_set_values.spans(norm))  # "first pet?? I put Biscuit", "coloquei Coco que era o nome do meu primeiro cachorro"
    spans.extend(asked_values.spans(norm))  # "the word the bank asks for is X", "X is mum's passphrase"
    spans.extend(what_is_asked.spans(norm))  # "what nationwide asks for on the phone — lighthouse75"
    if " ask" in norm or "ASK" in norm or " Ask" in norm:
        spans.extend(forms.asked_topic_spans(norm))  # "if they ask the street I grew up on its Maple Hollow Rd"
    spans.extend(asked_topics.spans(norm))  # "si el banco pregunta por el perro, di Toby", "聞かれたら、ポチ"
    spans.extend(asked_letters.spans(norm))  # "they ask for letters 2 and 5 of the word… its X", "X - thats the word halifax wants"
    spans.extend(memorable_words.spans(norm))  # "mot mémorable pour la banque harbour", "银行的暗语是青花瓷器"
    spans.extend(letter_checks.spans(norm))  # "characters 4 and 8, which are p and i — out of Peppermint", "(P E B B L E S)"
    spans.extend(birth_names.spans(norm))  # "mum was born Moreau, in case the bank asks", "z domu Wiśniewska"
    spans.extend(topic_notes.spans(norm))  # "mammas flicknamn är X", "first pet was a hamster called X"
    spans.extend(clause_notes.spans(norm))  # the whole message one note: "um first pet was a beagle named Waffles"
    spans.extend(described_answers.spans(norm))  # "security question … le pusimos Canelo", "Nintendo — rodné příjmení mámy = X"
    spans.extend(answer_clauses.spans(norm, names))  # a learned reader: "hasło do obsługi w banku X"
    spans.extend(forms.code_list_spans(norm))
    spans.extend(forms.hex_key_spans(norm))
    spans.extend(keys_named_after.spans(norm))  # "0x9f… c'est la clé privée", "5Kb8… <- thats the private key"
    spans.extend(lone_keys.spans(norm))  # a turn that is only 64 hex digits: a key (a digest is named)
    spans.extend(provider_shapes.spans(norm))  # a Mailgun key by its shape, a Twilio token beside its SID
    spans.extend(card_back_codes.spans(norm))  # "oh the back of the card. two seven two"
    spans.extend(card_back_codes.bare_spans(norm))  # "the card for the hall … the three digits at the back 468"
    spans.extend(forms.named_key_spans(norm))
    spans.extend(forms.gift_card_spans(norm))
    if not norm.isascii():
        spans.extend(forms.bank_name_account_spans(norm))
    spans.extend(forms.otp_seed_spans(norm))
    if "-" in norm or "–" in norm:
        spans.extend(forms.numbered_seed_spans(norm))
        spans.extend(forms.recovery_key_spans(norm))
    if forms.TURN_JOIN in norm:
        spans.extend(forms.led_seed_spans(norm))
    if not norm.isascii() and forms._HAN_RUN.search(norm):
        spans.extend(forms.han_seed_spans(norm))
    if norm.count(" ") >= 11 and len(norm.split()) >= 12:  # twelve words of one BIP-39 list: a seed phrase, named or not
        spans.extend(forms.seed_spans(norm))
        spans.extend(word_seeds.monero_spans(norm))  # Monero's 25 words: its checksum word, no list needed
        spans.extend(word_seeds.named_spans(norm))  # a seed's name, then twelve bare words of any list
    elif 3 <= norm.count(" ") < 24 and forms.half_seed_turn(norm):  # half of one, typed alone
        spans.append((0, len(norm), "seed phrase"))
    spans.extend(api_key_names.spans(norm))  # "API-nyckeln … är 9b2e…", "le jeton d'accès : …", "токен бота: …"
    spans.extend(dotted_tokens.spans(norm))  # "SG.B8cK….zqld…", a bot's token pasted alone
    spans.extend(shaped_values.spans(norm, spans))  # shape + checksum + a name near it
    if spans and _PLACEHOLDER_HINT.search(norm):
        spans = forms.without_placeholders(norm, spans)  # "API_KEY=<your-api-key-here>", "${API_SECRET}"
    if spans and public_values.HINT.search(norm):
        spans = public_values.without_slots(norm, spans)  # "JWT_SECRET=replace-with-random-string", "TU_CONTRASEÑA"
    if spans and ("XXXXXX" in norm or "xxxxxx" in norm or "******" in norm):
        spans = shaped_values.without_filler(norm, spans)  # "sk_test_XXXXXXXXXXXX": a placeholder
    if spans:
        spans = public_values.without_test_numbers(norm, spans)  # "4111 1111 1111 1111", "IT00X0000…"
        spans = public_values.without_public_bank_parts(norm, spans)  # an IFSC, "the one ending 0932"
    if shapes:
        spans = [sp for sp in spans if not any(a <= sp[0] < b for a, b in shapes)]  # a value that starts public
    if spans:
        # "dl number DL-4534586", "numéro CMU : CMU-8193373296", "lambar nhis NHIS/20917364": the id's own letters
        spans = [_with_document_head(norm, names, sp) for sp in spans]
        spans = [sp for sp in spans if not _public_in_its_sentence(norm, sp)]
    spans = security_answers.without_talk(norm, spans)  # "security questions … are easy to guess"
    # logins, codes of things, bank details, tax ids
    spans.extend(_outside_slots(norm, families.family_spans(norm, names), shapes))
    spans.extend(credential_forms.spans(norm, names))  # "the password? its X", "pin: 7.4.4.9", "dani.r / Pelicula88"
    spans.extend(credential_forms.login_spans(norm, spans))  # "Логин в 1С: buh_ivanova, пароль …"
    spans = list(dict.fromkeys(spans))
    spans = families.without_lookalikes(norm, spans, names)  # a utility's bill, a handle, a postal code, an example
    spans.extend(credential_forms.abbreviated_spans(norm))  # "mk facebook của t là Simba#8918"
    if spans:
        spans = shaped_values.without_lookalikes(norm, spans)  # "****8841", "commit 94b5…", "application file number …"
    spans = public_codes.without_phone_numbers(norm, public_codes.without_public_codes(norm, spans, text))  # "HS code 0901.21", "BSB 062-000", "NIP … sp. z o.o."
    spans = reference_values.without_lookalikes(raw_norm, spans)  # "passport application number …", "sk_test_XXXX"
    spans.extend(sp for sp in _outside_slots(norm, physical_codes.spans(norm), shapes)  # "gate: *2580"
                 if not reference_values.example_cued(norm, sp[0]))
    spans.extend(sp for sp in _outside_slots(norm, keypad_entries.spans(norm), shapes)  # "to switch off the alarm type 7391"
                 if not reference_values.example_cued(norm, sp[0]))
    spans.extend(sp for sp in _outside_slots(norm, far_named_codes.spans(norm), shapes)  # "the safe in the wardrobe of … is 2580"
                 if not reference_values.example_cued(norm, sp[0]))
    if (_spoken_words().open(norm) or _SPOKEN_MARK.search(norm)) and _spoken_gate().search(norm):  # one pre-check for the four finders below
        spans.extend(_outside_slots(norm, login_labels.spans(norm), shapes))  # "HBO: login jmarsh, pass cheese"
        spans.extend(_outside_slots(norm, access_codes.spans(norm), shapes))  # "2580# gets you through the side gate"
        spans.extend(_outside_slots(norm, spoken_credentials.spans(norm), shapes))  # "vmhurve380 <- thats the wifi"
        spans.extend(unlock_patterns.spans(norm))  # "my android pattern is big M from bottom left"
    spans = list(dict.fromkeys(spans))  # a value two finders found: each reader below reads it once
    spans = public_statements.without_public_codes(raw_norm, spans)  # "gate code 4417, posted at the entrance"
    spans = public_statements.without_password_talk(raw_norm, spans)  # "パスワードは キーチェーンに保存してる"
    spans = public_statements.without_unspaced_postal(raw_norm, spans)  # "รหัสไปรษณีย์บ้านใหม่ 10110"
    spans = public_statements.without_public_addresses(raw_norm, spans)  # "mi dirección pública … T…"
    spans = public_statements.without_loyalty_numbers(raw_norm, spans)  # "loyalty card 6345 1120 9981"
    spans = public_statements.without_template_slots(raw_norm, spans)  # "FIRSTNAME.LASTNAME", "여기에_키_입력"
    spans = public_statements.without_masked_heads(raw_norm, spans)  # "DE89 **** **** **** **30"
    # "parcel number is …", "*123#", "POD IT001E…" — before the bank logins below, which
    # a credential beside them makes secret whatever labels them ("Kundennummer … 7723451090, die PIN …")
    spans = labelled_lookalikes.without_lookalikes(raw_norm, spans)
    # a bank's login id beside its credential, a wallet's PIN, cards / ids / accounts by shape
    spans.extend(_outside_slots(norm, bank_logins.all_spans(norm, names), shapes))
    # a PIN a sentence after its name or before it, keys pressed after a voicemail number
    spans.extend(_outside_slots(norm, spoken_codes.all_spans(norm, names), shapes))
    if spans:  # "the door code? its 1482... no wait 3482": the value a late reader took, corrected
        spans.extend(sp for sp in forms.corrected_spans(norm, spans) if sp not in spans)
    spans = bank_logins.without_public_numbers(raw_norm, spans)  # "*131*4#", "till 5123456", "XX4471"
    # before the recovery and tax-id finders below (written beside it, each with its own look-alikes)
    if id_documents.mentioned(norm):  # "GH48… — that's the number on my residence card", "DNI? es el CA12…"
        spans.extend(_outside_slots(norm, [*id_documents.named_after_spans(norm), *id_documents.named_before_spans(norm),
                                           *id_documents.spans(norm),  # again: the names above know fewer documents
                                           *(id_documents.asked_in_turn_spans(norm) if "?" in norm else ())], shapes))
    spans = lookalike_values.without_lookalikes(raw_norm, spans)  # a date, a commit, a postal PIN, an example
    spans.extend(recovery.spans(norm, names))  # numbered / partial seeds, answers named after them
    spans.extend(backup_code_lists.spans(norm))  # "save these in case i lose my phone: 73419616, z37p-wb9x, …"
    spans.extend(sp for sp in backup_code_lists.printed_spans(norm) if sp not in spans)  # "ye rakh le" / "9111 3235  9791 0135  5231 4548"
    spans.extend(backup_code_lists.used_next_spans(norm))  # "I used hrgqmvnq already, the next one is 2gp7sqwv"
    spans = recovery.without_garden_seeds(norm, spans)  # "I planted seeds of tomato, basil, …"
    spans = tax_ids.without_company_ids(norm, spans)  # "el NIF de la empresa que …: G37…"
    spans.extend(_outside_slots(norm, tax_ids.spans(norm), shapes))  # "TFN for my ABN …: 578 587 095"
    spans.extend(_outside_slots(norm, tax_ids.named_after_spans(norm), shapes))  # "99111617757 <- thats the tax ID"
    spans.extend(_outside_slots(norm, national_ids.spans(norm), shapes))  # "o meu número de identificação é …"
    spans.extend(_outside_slots(norm, national_ids.purpose_spans(norm), shapes))  # "my number for the benefit paperwork …"
    spans.extend(personal_licences.spans(norm))  # "DEU.FCL.PPL.891545", "DNK-RP-u7351sjd0kx0": a pilot's licence by its shape
    spans.extend(health_numbers.prefixed_record_spans(norm))  # "MRN-6174912": a record number named by its prefix
    spans.extend(mrz_lines.spans(norm))  # "P<NORHANSEN<<KARI<…" / "C4X7K91P21NOR8504124F…": by their check digits
    spans.extend(dictated_parts.spans(norm))  # "in two parts: FR63…", "Teil 1: tulip … Teil 2: an1956"
    spans.extend(rest_of_value.spans(norm))  # "1970# <- thats the rest of the password"
    # "Telefon-PIN für die Hotline: 060277", "texted me 400955", "302932 unlocks my phone": after the look-alike filters
    qualified = [*qualified_secrets.named_for_spans(norm, names), *qualified_secrets.code_spans(norm),
                 *qualified_secrets.reused_spans(norm), *qualified_secrets.far_colon_spans(norm, names),
                 *received_codes.spans(norm),  # a code told by what brought it: "the SMS says 663 021"
                 *card_pins.spans(norm)]  # a PIN told by its card: "the numbers you punch at the ATM are 1-9-4-7"
    if qualified:  # (a code its sentence says is public stays: "… written on the chalkboard for everyone")
        qualified = lookalike_values.without_lookalikes(raw_norm, public_statements.without_public_codes(
            raw_norm, shaped_values.without_lookalikes(norm, qualified)))  # "a senha da fila … era C118"
        spans.extend(sp for sp in _outside_slots(norm, qualified, shapes)
                     if not reference_values.example_cued(norm, sp[0]))
    if spans:  # a repeated digit in a template or a test: "template mein likha hai OTP: 000000"
        spans = filler_values.without_fillers(norm, spans)
    if "?" in norm or "？" in norm:  # "the password? bluebird": a question and its answer in one turn
        spans.extend(_outside_slots(norm, asked_keys.in_turn_spans(norm), shapes))
    spans.extend(_outside_slots(norm, wifi_keys.spans(norm), shapes))  # "the sticker on the router says 8kPq2mZx7T"
    # "the guest network is sunflower88", "SSID Casa_22 / BlueHeron2024"; "enter 482913 when it asks";
    # "product key for office: X7K2-99QP" (a key its sentence posts, or an example, stays)
    typed = [*network_keys.spans(norm), *prompted_codes.spans(norm), *issued_keys.spans(norm),
             *spelling_notes.spans(norm)]  # "for guests: zielonadolina (all lowercase, no spaces)"
    if typed:
        typed = lookalike_values.without_lookalikes(raw_norm, public_statements.without_public_codes(raw_norm, typed))
        spans.extend(sp for sp in _outside_slots(norm, typed, shapes) if not reference_values.example_cued(norm, sp[0]))
    spans.extend(_outside_slots(norm, changed_secrets.spans(norm), shapes))  # "changed the wifi to sunnymeadow"
    spans.extend(_outside_slots(norm, value_first.spans(norm), shapes))  # "girasol98 ese es mi contraseña"
    spans.extend(_outside_slots(norm, password_roles.spans(norm), shapes))  # "we use 'tortuga' as the password"
    if used_values.mentioned(norm):  # "i use cookie83 for YouTube", "i set everything to chocolate1"
        spans.extend(_outside_slots(norm, used_values.spans(norm), shapes))
    if device_codes.mentioned(norm):  # "koden til min telefon er GcuWhlYP", "the laptop … wakes up with 180968"
        spans.extend(_outside_slots(norm, device_codes.spans(norm), shapes))
    if opening_values.mentioned(norm):  # "m@pl352 is what opens the booksy admin", "falcon gets you into the mac"
        opened = lookalike_values.without_lookalikes(raw_norm, public_statements.without_public_codes(
            raw_norm, opening_values.spans(norm)))
        spans.extend(_outside_slots(norm, opened, shapes))
    if typed_logins.mentioned(norm):  # "type PasarRamen8300 when the laptop asks", "pra entrar no sistema digita X"
        logins = lookalike_values.without_lookalikes(raw_norm, public_statements.without_public_codes(
            raw_norm, typed_logins.spans(norm)))
        spans.extend(_outside_slots(norm, logins, shapes))
    # "What password do I use for the portal again... oh I remember, it's Gartenzwerg45"
    spans.extend(_outside_slots(norm, self_answers.spans(norm, forms.names_in), shapes))
    spans.extend(_outside_slots(norm, access_uses.for_spans(norm), shapes))  # "Gato#70 это от вк"
    if access_uses.mentioned(norm):  # "Soleil_404 funkar för att logga in på BankID", "guests need X to get online"
        used = lookalike_values.without_lookalikes(raw_norm, public_statements.without_public_codes(
            raw_norm, access_uses.spans(norm)))
        spans.extend(_outside_slots(norm, used, shapes))
    if keyed_codes.mentioned(norm) or norm[:1].isdigit() or norm[:1] in "*#":  # "what you punch at the garage entrance? 47909", "reset it again. new one: X"
        keyed = lookalike_values.without_lookalikes(raw_norm, public_statements.without_public_codes(
            raw_norm, keyed_codes.spans(norm)))
        spans.extend(_outside_slots(norm, keyed, shapes))
    if ssid_keys.mentioned(norm):  # "TP-Link_5281 → c514c9b243", "wifi ya depo: Hostel_Block0116 / 89249942"
        spans.extend(_outside_slots(norm, ssid_keys.spans(norm), shapes))
    if " / " in norm:  # "MSF-Field / Evac9994xx — if the kids ask": a network's name and its key
        spans.extend(_outside_slots(norm, keyed_codes.ssid_pair_spans(norm), shapes))
    if corrected_values.mentioned(norm):  # "sorry typo, it's c0c0nut94 not the one I said before"
        spans.extend(_outside_slots(norm, corrected_values.spans(norm), shapes))
    if "@" in norm or "after" in norm or "After" in norm:  # "lena.v@hotmail.co.uk / lighthousetulle", "type X after the email"
        spans.extend(_outside_slots(norm, email_logins.spans(norm), shapes))
    spans.extend(_outside_slots(norm, counted_passphrases.spans(norm), shapes))  # "four words, all lowercase: …"
    if unjoined_values.mentioned(norm):  # "wifi ka password chandrama hai", "كلمة السر للواي فاي برتقالة", "kata sandinya X"
        spans.extend(_outside_slots(norm, unjoined_values.spans(norm), shapes))
    if role_legends.mentioned(norm):  # "Xbox: LazyFox + Kanelbulle (användarnamn + lösenord)"
        spans.extend(_outside_slots(norm, role_legends.spans(norm), shapes))
    if referred_passwords.mentioned(norm) or "<-" in norm or "←" in norm or "⬅" in norm:  # "same as the netflix one: X", "login is jenny.k and the other one is X"
        spans.extend(_outside_slots(norm, referred_passwords.spans(norm), shapes))
    if ":" in norm:  # "m.kowal88:Lipa2019": a login and its password in one token
        spans.extend(_outside_slots(norm, colon_pairs.spans(norm), shapes))
    if login_pairs.mentioned(norm) or login_pairs.service_led(norm):  # "steam login j.mueller / tigresonnenblume"
        spans.extend(_outside_slots(norm, login_pairs.spans(norm), shapes))
    if member_numbers.mentioned(norm):  # "Aetna member ID W2841…", "Versichertennummer: A1234…"
        spans.extend(_outside_slots(norm, member_numbers.spans(norm), shapes))
        health = member_numbers.speaks_of_health(norm)  # else a member's word alone: a shop's or a club's number
        spans.extend(_outside_slots(norm, [sp for sp in health_numbers.spans(norm)  # "… NHS number, for …, is 485 …"
                                           if not member_numbers.public_label(norm, sp[0])
                                           and (health or health_numbers.grouped(norm[sp[0]:sp[1]]))], shapes))
    if background_checks.mentioned(norm):  # "DBS update service cert no. 9967…", "VOG nummer VOG5285…"
        spans.extend(_outside_slots(norm, [*background_checks.spans(norm), *background_checks.named_after_spans(norm)], shapes))
    spans.extend(_outside_slots(norm, account_pairs.spans(norm), shapes))  # "for payroll: 075147707 then 3261417772"
    if money_flows.mentioned(norm):  # "DWP pays into 44556677", "die Rente geht auf 0532013000"
        spans.extend(_outside_slots(norm, money_flows.spans(norm), shapes))
    if not norm.isascii() or " tk" in norm or "rek" in norm or "akaun" in norm:  # "حسابي في الراجحي 0012…", "मेरा अकाउंट 5010…"
        spans.extend(_outside_slots(norm, own_accounts.spans(norm), shapes))
    spans.extend(_outside_slots(norm, routing_numbers.account_spans(norm), shapes))  # "8176022081 — my checking, routing 073043971"
    if spans:  # the login beside a password the finders after the first reading found ("inlog: emma_w ww: …")
        # (not beside a reading that is talk: "…@outlook.com, password she kept")
        spans.extend(sp for sp in credential_forms.login_spans(norm, password_talk.without_talk(raw_norm, spans)) if sp not in spans)
    if spans:  # "mein PIN ist gesperrt", "devo reimpostarla": words about a password, not one
        spans = password_talk.without_talk(raw_norm, spans)
        spans = [sp for sp in spans if sp[2] != "password"  # "contraseña: tucontraseña", "Vorname.Nachname": a form's slot
                 or not (reference_values.form_slot(raw_norm[sp[0]:sp[1]])
                         or reference_values.inside_slot(raw_norm, sp[0], sp[1]))]  # "[in te vullen]", "ditt-lösenord-här"
        spans = phone_parts.without_phone_parts(raw_norm, spans)  # "+39 … interno 497", "+44 722 247 520"
    if spans:  # a plain login beside a password read above, not beside talk of one ("utente tenorotters password …")
        spans.extend(sp for sp in login_pairs.plain_login_spans(norm, spans) if sp not in spans)
    if spans and "/" in norm:  # a card's code a later finder read, its named expiry beside it ("kód 388, lejárat 06/31")
        spans.extend(sp for sp in _expiry_spans(norm, spans) if sp not in spans)
    spans = public_ids.without_public_ids(raw_norm, spans)  # a BIC, a VAT number, a wallet's address, a lone sort code
    spans = routing_numbers.without_routing_alone(raw_norm, spans)  # "credit union routing 051642611, account later"
    spans = service_names.without_service_names(raw_norm, spans)  # "змінив пароль від MetaMask", "Bitwardenを使ってる"
    spans = template_values.without_templates(raw_norm, spans)  # "cpf: 000.000.000-00", "exemple: motdepasse123"
    spans = lone_logins.without_lone_logins(raw_norm, spans)  # "my Steam username is dragonslayer77" and no password
    # a public label's value a later finder read beside a secret's bare name: "no password, but the customer number is …"
    spans = labelled_lookalikes.without_labelled_late(raw_norm, spans)
    spans = trade_credentials.without_trade_credentials(raw_norm, spans)  # "CSCS card no 50725338", "Screwfix trade card …"
    spans = refusals.without_refused(raw_norm, spans)  # "I won't tell you the password, my member number is …"
    told = read_out_codes.spans(norm)  # "249829 is the one the bank texted", "five two... hang on: 727100" (after the
    if told:  # labels' late pass: "reading it properly: 138063" is no meter's reading)
        told = lookalike_values.without_lookalikes(raw_norm, public_statements.without_public_codes(raw_norm, told))
        spans.extend(sp for sp in _outside_slots(norm, told, shapes)
                     if sp not in spans and not reference_values.example_cued(norm, sp[0]))
    arrived = arrived_codes.spans(norm)  # "199226 just came by sms", "129034 (from the bank text)", "its 220223 hurry it expires"
    if arrived:
        arrived = lookalike_values.without_lookalikes(raw_norm, public_statements.without_public_codes(raw_norm, arrived))
        spans.extend(sp for sp in _outside_slots(norm, arrived, shapes)
                     if sp not in spans and not reference_values.example_cued(norm, sp[0]))
    spans.extend(sp for sp in porting_codes.spans(norm) if sp not in spans)  # "got my PAC NPO948639", "mon RIO c'est …"
    if exam_logins.mentioned(norm):  # "roll no 73566940 + dob 2008-11-11": a results page's login, the date its password
        spans.extend(sp for sp in exam_logins.spans(norm) if sp not in spans)
    spans.extend(sp for sp in spelled_runs.spans(norm) if sp not in spans)  # "spelling it for the interpreter: 1-U-m-h-o-D-…"
    if shapes and spans:  # "login: staff@hotel.com password: <yourpassword>": a run read up to a placeholder ends before it
        spans = _before_shapes(raw_norm, spans, shapes)
    if spans and len(spans) < 12:  # "c'est six deux neuf deux... enfin en chiffres 6292": the same code again
        spans.extend(sp for sp in forms.restated_spans(raw_norm, spans) if sp not in spans)
        spans.extend(repeated_values.spans(norm, spans))  # "first pet question -> Mimi. my first dog was called Mimi"
    spans = called_numbers.without_called_numbers(raw_norm, spans)  # "gate code changed, ring the hut on 07700 900512"
    spans = ticket_refs.without_tickets(raw_norm, spans)  # "password reset request logged as INC4085749"
    spans = payment_references.without_references(raw_norm, spans)  # "UTR 225613056152 hai payment ka"
    # after the tickets' pass: "moneygram reference 71852862" is a transfer's code, not a desk's reference
    spans.extend(sp for sp in transfer_codes.spans(norm) if sp not in spans)  # "WU MTCN 8688338463", "کد حواله MX-1143"
    learned = value_contexts.spans(norm, spans)  # a value its neighbourhood names as a secret's, in words no rule reads
    if learned:  # through the look-alike readers every late reader's values pass
        learned = lookalike_values.without_lookalikes(raw_norm, public_statements.without_public_codes(
            raw_norm, shaped_values.without_lookalikes(norm, labelled_lookalikes.without_lookalikes(raw_norm, learned))))
        learned = public_codes.without_phone_numbers(norm, public_codes.without_public_codes(norm, learned, text))
        learned = reference_values.without_lookalikes(raw_norm, filler_values.without_fillers(norm, learned))
        for reader in (password_talk.without_talk, phone_parts.without_phone_parts, public_ids.without_public_ids,
                       template_values.without_templates, lone_logins.without_lone_logins, called_numbers.without_called_numbers,
                       ticket_refs.without_tickets, payment_references.without_references, public_values.without_test_numbers,
                       public_values.without_public_bank_parts, public_statements.without_loyalty_numbers,
                       public_statements.without_password_talk, public_statements.without_public_addresses,
                       public_statements.without_masked_heads, public_statements.without_template_slots,
                       public_statements.without_unspaced_postal, bank_logins.without_public_numbers,
                       tax_ids.without_company_ids, service_names.without_service_names, routing_numbers.without_routing_alone,
                       trade_credentials.without_trade_credentials, refusals.without_refused,
                       labelled_lookalikes.without_labelled_late):
            learned = reader(raw_norm, learned) if learned else learned
        learned = families.without_lookalikes(norm, learned, names) if learned else learned
        learned = [sp for sp in learned if not forms.public_value(norm, sp[0], sp[1])]  # a public label's value
        spans.extend(sp for sp in _outside_slots(norm, learned, shapes) if not reference_values.example_cued(norm, sp[0]))
    spans = fill_in_slots.without_fill_ins(raw_norm, spans)  # "Passwort: [wird nachgereicht]", "token: REDACTED"
    spans = secret_pointers.without_pointers(raw_norm, spans)  # "wifi password: ask Tom", "비번은 경비실에 물어봐"
    spans = held_elsewhere.without_held(raw_norm, spans)  # "код домофона знает консьерж, квартира 401B"
    spans = default_credentials.without_defaults(raw_norm, spans)  # "the mixer default login is admin/admin"
    spans = masked_pairs.without_masked_partners(raw_norm, spans)  # "login: mei.lin.trading password: ********"
    spans = lesson_examples.without_lesson_examples(raw_norm, spans)  # "Übungssatz: "Meine PIN ist 1234" …"
    # after the phone filters: "pwd is her mobile 6047088177", "الرقم السري هو رقم جوالي …" (the number is the password)
    spans.extend(sp for sp in exam_logins.described_spans(norm) if sp not in spans)
    if spans:  # "try 9422 or else 6693", "telefonun şifresi 3947, tabletinki 592137"
        spans.extend(alternative_values.spans(raw_norm, spans))
        spans.extend(replaced_values.same_message(raw_norm, spans))  # "the new card's id is …, the old one was …"
    spans = ancestor_records.without_historical(raw_norm, spans)  # "great-grandpa's SSN from the Death Index was …"
    return forms.back(spans, origin)


_TRAILING_LABEL = re.compile(r"[\s,;]*(?:[^\W\d_][\w\- ]{0,20}?\s*[:=]\s*)?$")


def _before_shapes(text: str, spans: list[Span], shapes: list[tuple[int, int]]) -> list[Span]:
    """``spans`` cut where a public shape inside one begins, the label before the shape left out."""
    out = []
    for s, e, kind in spans:
        inner = [a for a, b in shapes if s < a < e]
        if inner:
            head = text[s:min(inner)]
            e = s + len(head) - len(_TRAILING_LABEL.search(head).group())
            if e <= s:
                continue
        out.append((s, e, kind))
    return out


def _spoken_gate_words() -> list[str]:
    return [*login_labels.gate_words(), *access_codes.gate_words(), *spoken_credentials.gate_words(),
            *unlock_patterns.gate_words()]


@functools.cache
def _spoken_gate() -> re.Pattern[str]:
    """Any word the login, access-code, spoken-credential and unlock-pattern finders need, as one prefix tree."""
    return re.compile("(?i)" + prefilter.whole_words(_spoken_gate_words()) + "|" + _SPOKEN_MARK.pattern)


@functools.cache
def _spoken_words() -> lexicon.Gate:
    """:func:`_spoken_gate`'s words in the lexicon (its marks, :data:`_SPOKEN_MARK`, are read apart)."""
    return lexicon.Gate(_spoken_gate_words())


#: What :func:`_spoken_gate` finds besides words: "p: …" and an arrow pointing back at a value.
_SPOKEN_MARK = re.compile(r"(?<![^\W\d_])(?i:p)\s*[:=：]|" + spoken_credentials.ARROW)
#: Between an id's name and its value: a copula or a colon at most.
_NAME_TO_VALUE = re.compile(r"\s*(?:is|was|es|est|ist|é|è|:|#|=|-)?\s*$")


_IBAN_WORD = re.compile(r"(?i)(?<![^\W\d_])iban(?![^\W\d_])")


def _named_iban(text: str, span: Span) -> bool:
    """A valid IBAN its sentence names as one before it: a label between ("… where the pension arrives")
    says what the account is for, not that the number is public."""
    from stdnum import iban

    value = re.sub(r"[\s\-]", "", text[span[0]:span[1]])
    lo = max(0, span[0] - 120)
    return bool(_IBAN_WORD.search(text, lo, span[0])) and iban.is_valid(value)


def _id_name_right_before(text: str, names: list[forms.NameMatch], start: int) -> bool:
    """Whether an identity document's whole name ends right before the value ("health insurance
    policy number is …"): a public label inside that name ("policy number") does not make it public."""
    before = text[max(0, start - 40):start]
    label = forms._public_label()[0].search(before)
    label_at = start - len(before) + label.start() if label else start
    return any(n.kind == "id" and n.start < label_at < n.end() <= start and start - n.end() <= 8
               and _NAME_TO_VALUE.match(text[n.end():start]) for n in names)


def _hex_hash(value: str) -> bool:
    """A run of 24 lower-case hex digits or more with letters spread in it (a hash, not an IBAN)."""
    return any(len(re.findall("[a-f]", run)) >= 4 for run in re.findall(r"[0-9a-f]{24,}", value))


_REFERENCE_HEAD = re.compile(r"(?<![\w-])[A-Z]{2,6}-$")
#: An id scheme's letters right before its digits ("CMU-", "NHIS/").
_SCHEME_HEAD = re.compile(r"(?<![\w\-/])[A-Z]{2,6}[\-/]$")
_MONTH_YEAR = re.compile(
    r"(?i)(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august"
    r"|september|october|november|december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre"
    r"|noviembre|diciembre|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre"
    r"|januar|februar|märz|juni|juli|oktober|dezember|gennaio|febbraio|maggio|giugno|luglio|settembre|ottobre"
    r"|dicembre|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro)\.?,?\s+(?:19|20)\d{2}")


#: Between an id's name and its number's prefix: a sign, or one or two short words ("is", "na", "mi ni", "saya").
_NAME_TO_HEAD = re.compile(r"[\s:#=\-]*(?:[^\W\d_]{1,5}[\s:#=\-]*){0,2}")


def _with_document_head(text: str, names: list[forms.NameMatch], span: Span) -> Span:
    """An id's digits after a prefix of capitals and a dash or a slash, the id's name right before the
    prefix ("dl number DL-4534586", "leseni ya udereva DL-2686337", "numéro CMU : CMU-8193373296",
    "lambar nhis NHIS/20917364"): the prefix is the document's or the scheme's own, not a reference's
    head ("Störungsnummer STR-2025-11873"), and is withheld with the digits."""
    start, end, kind = span
    if kind != "government id" or start < 3 or text[start - 1] not in "-/":
        return span
    head = _SCHEME_HEAD.search(text, max(0, start - 7), start)
    if head and any(n.kind == "id" and n.end() <= head.start() and head.start() - n.end() <= 16
                    and _NAME_TO_HEAD.fullmatch(text[n.end():head.start()]) for n in names):
        return head.start(), end, kind
    return span


def _public_in_its_sentence(text: str, span: Span) -> bool:
    """A value its sentence says is public: an example (documentation, a test fixture), a
    company's id, a meeting's dial-in code; the rest of a reference with a letter prefix
    ("Störungsnummer STR-2025-11873"; an id's own prefix after its name is read first,
    :func:`_with_document_head`); a month and a year
    ("expires end of August 2027")."""
    start, end, kind = span
    if kind != "api key" and _REFERENCE_HEAD.search(text, max(0, start - 7), start) \
            and re.fullmatch(r"[\d\-/]+", text[start:end]):
        return True
    if kind == "password" and (date := _MONTH_YEAR.match(text, start)) and date.end() >= len(text[:end].rstrip(" ?.!,")):
        return True
    if kind == "government id" and forms.company_id(text, start, end):
        return True
    return forms.example_value(text, start, end) or forms.meeting_code(text, start, end)


_PLACEHOLDER_HINT = re.compile(r"[<{%$]|[A-Z]_[A-Z]|(?i:password@|pass@|secret@|changeme|placeholder|example)")


# A UK sort code with its account number, a US routing number (its ABA checksum) with an
# account: a bank account without a name for it ("pay me back to 80-99-51 83092456").
#: Between the two parts: a separator, or "and" in the languages people write bank details in
#: ("29-34-05 and 12518805, that's nan's savings").
_PAIR_JOIN = (r"(?:[ ,/;|]{1,3}|\s*,?\s*(?:and|&|\+|y|e|et|und|en|og|och|ja|i|ve|dan|na|và|и|і|та|а|と|和|및)\s+)")
_SORT_AND_ACCOUNT = re.compile(rf"(?<![\d+\-.])(?P<sort>\d{{2}}([- ]?)\d{{2}}\2\d{{2}}){_PAIR_JOIN}(?P<acct>\d{{8}})(?![\d\-.])")
_ROUTING_AND_ACCOUNT = re.compile(rf"(?<![\d+\-.])(?P<rtn>\d{{9}}){_PAIR_JOIN}(?P<acct>\d{{4,17}})(?![\d\-.])")


#: A routing number's name beside a nine-digit number, before or after it ("is 309796824 a routing number?").
#: Its name in the languages of people paid in the US ("ruta 065001882 y cuenta …", "रूटिंग 332296171").
_ROUTING_NAMES = ("routing", "aba", "transit", "ruta", "ruteo", "enrutamiento", "routage", "acheminement", "roteamento",
                  "instradamento", "routeringsnummer", "routingnummer", "रूटिंग", "রাউটিং", "路由号", "路由號", "ルーティング",
                  "라우팅", "маршрут", "роутинг", "định tuyến", "التوجيه", "ניתוב")
_ROUTING_WORD = re.compile(r"(?i)(?<![^\W\d_])(?:routing|aba|ach|transit|wire|ruta|ruteo|enrutamiento|routage|acheminement"
                           r"|roteamento|instradamento|routeringsnummer|routingnummer|định tuyến)(?![^\W\d_])"
                           r"|रूटिंग|রাউটিং|路由號|路由号|ルーティング|라우팅|маршрут\w*|роутинг\w*|التوجيه|ניתוב")
_NINE = re.compile(r"(?<![\d+\-.])\d{9}(?![\d\-.])")


def _account_pairs(text: str) -> Iterator[Span]:
    from stdnum.us import rtn

    low = text.lower()
    if any(name in low for name in _ROUTING_NAMES):
        for match in _NINE.finditer(text):
            near = text[max(0, match.start() - 40):match.end() + 40]
            if _ROUTING_WORD.search(near) and rtn.is_valid(match.group()):
                yield match.start(), match.end(), "bank account"

    for match in _SORT_AND_ACCOUNT.finditer(text):
        before = text[max(0, match.start() - 45):match.start()]
        if text[match.end("sort"):match.start("acct")].strip(" ,/;|") and forms.a_date(match.group("sort")):
            continue  # "on 12-05-24 and 20240512": a date joined by a word, not a sort code
        if not forms.is_phone_number(text, match.start(), match.end()) and not forms._NOT_ID_BEFORE.search(before):
            yield match.start(), match.end(), "bank account"
    for match in _ROUTING_AND_ACCOUNT.finditer(text):
        if rtn.is_valid(match.group("rtn")) and not forms._NOT_ID_BEFORE.search(text[max(0, match.start() - 45):
                                                                                     match.start()]):
            yield match.start(), match.end(), "bank account"


def find_secrets(text: str) -> list[str]:
    """The kinds of secret in ``text`` (card number, password, api key, private key, government
    id, bank account), if any."""
    return sorted({kind for _, _, kind in secret_spans(text)})


def redact_secrets(text: str) -> str:
    """``text`` with each secret replaced by ``[<kind> withheld]`` (overlapping finds merged)."""
    spans = secret_spans(text)
    return _mask(text, spans) if spans else text


def redact_record(strings: list[str]) -> list[str]:
    """The strings of one record, redacted together: a secret split over two of them (a key and
    its value, a name and its relation, a goal and its note) is withheld in both."""
    out = [redact_secrets(s) for s in strings]
    if len(strings) < 2:
        return out
    starts, at = [], 0
    for s in strings:
        starts.append(at)
        at += len(s) + len(forms.FIELD_JOIN)
    spans = secret_spans(forms.FIELD_JOIN.join(strings))  # a value named in the string before it counts too
    if not spans:
        return out
    for n, s in enumerate(strings):
        begin, end = starts[n], starts[n] + len(s)
        mine = [(max(a, begin) - begin, min(b, end) - begin, k) for a, b, k in spans if a < end and b > begin]
        if mine:
            out[n] = _mask(s, [*mine, *secret_spans(s)])
    return out


def find_in_record(strings: list[str]) -> list[str]:
    """The kinds of secret in the strings of one record read together (a claim, a key and its
    value): a secret split over two of them counts, a name in one string reaches the next only
    when its string ends open (see :data:`~fact_memory_graph.secrets.forms.FIELD_JOIN`)."""
    return sorted({kind for _, _, kind in secret_spans(forms.FIELD_JOIN.join(s for s in strings if s))})


def _strings(value: Any, out: list[str], keys: list[bool] | None = None) -> None:
    if isinstance(value, str):
        out.append(value)
        if keys is not None:
            keys.append(False)
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str):
                out.append(k)
                if keys is not None:
                    keys.append(True)
            _strings(v, out, keys)
    elif isinstance(value, list | tuple):
        for v in value:
            _strings(v, out, keys)


def _rebuild(value: Any, it: Iterator[str]) -> Any:
    if isinstance(value, str):
        return next(it)
    if isinstance(value, dict):
        return {(next(it) if isinstance(k, str) else k): _rebuild(v, it) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_rebuild(v, it) for v in value]
    return value


def redact_json(value: Any, plain: Collection[str] = frozenset()) -> Any:
    """A JSON-like value with every string (keys included) redacted, all of them read together as
    one record (:func:`redact_record`): a secret split over two strings is withheld too.

    ``plain``: strings the caller stores in plain anyway — the record's own keys (its user id and
    message ids, kept unfiltered in their key columns) and the schema's words (an op, a kind, a
    category of the taxonomy, none of them a secret's name). Each is written as it is and left
    out of the joint read: a secret split between one of them and a claim would have its half in
    a key column already, so reading it adds nothing but time (half a record's scan)."""
    strings: list[str] = []
    keys: list[bool] = []
    _strings(value, strings, keys)
    if not strings:
        return value
    out = [s if s in plain else redact_secrets(s) for s in strings]
    # The strings that could hold part of a secret, side by side, read together: values with
    # digits or words, and keys that name a secret ("password" then "hunter2"; half a card in
    # each of two fields with a status between them). Ids, times and numbers of our own, and
    # keys of our own schema, are left out.
    carrying = [n for n, is_key in enumerate(keys) if strings[n] not in plain and _carries(out[n], is_key)]
    if len(carrying) > 1:
        for n, text in zip(carrying, redact_record([out[n] for n in carrying]), strict=True):
            out[n] = text
    return _rebuild(value, iter(out))


_OUR_VALUE = re.compile(  # ids and times the library writes into its records
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|turn:[0-9a-f]{40}"
    r"|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?")


def names_a_secret(word: str) -> bool:
    """Whether ``word`` (a key or a schema word, ``_`` read as a space) is a secret's name as a
    whole or holds one ("password", "pin_code"): such a word is never left out of a record's
    joint read (:func:`redact_json`'s ``plain``)."""
    return bool(forms.names_in(word.replace("_", " ").strip()))


@functools.lru_cache(maxsize=8192)
def _carries(text: str, is_key: bool) -> bool:
    """Whether a string of a record could hold part of a secret: digits, three words or more
    (half a seed phrase, a passphrase), a long token, or a secret's name. Cached: a record's keys
    and its claim come back in every record of a write."""
    if not text or _OUR_VALUE.fullmatch(text) or "withheld]" in text:
        return False
    if any(ch.isdigit() for ch in text):
        return True
    if is_key:  # a key that is a secret's name as a whole ("password", "PIN"), not "run_id"
        key = text.replace("_", " ").strip()
        return any(m.start == 0 and m.stop == len(key) for m in forms.names_in(key))
    return text.count(" ") >= 2 or (len(text) >= 8 and not text.isalpha()) or bool(forms.names_in(text))


#: A number's part, not glued to a Latin letter (a hex id "user-643628049af6" is no card's half).
_DIGIT_RUN = re.compile(r"(?<![A-Za-z\d])(?>\d(?:[ \u00a0\-.]{0,3}\d){2,11})(?![A-Za-z])")
#: A turn that is a number (in groups) and at most a few words: a part of something split.
_NAMED_PART = re.compile(r"[^\W\d_]{3,}")  # a turn that names its number: secret on its own, not half of another
_BARE_PART = re.compile(r"(?i)^\W*(?:[^\W\d_]+\d?\W+){0,3}\d(?:[ \u00a0\-.]{0,3}\d){2,11}\W*$")
_KEY_NAME = re.compile(r"(?i)(?<![\w-])(?:token|api[ _-]?key|secret key|access key|private key|key)(?![\w-])")
_KEY_PART = re.compile(r"(?<![\w-])(?=[\w\-]*\d)(?=[\w\-]*[a-z])(?=[\w\-]*[A-Z])[A-Za-z0-9_\-]{10,}(?![\w-])")
_BARE_CODE_TURN = re.compile(r"(?i)^\W*(?:(?:it'?s|its|it is|code|here|the code is|got|es|c'est|ist|é|:"
                             r"|ok|okay|okey|oké|vale|tamam|ладно|хорошо)\W*){0,3}"  # "ok 380 992": a reply's "ok" too
                             r"(?P<code>(?-i:[A-Z]-)?(?:\d{3}[ \-]?\d{3}|\d{4,8}|\d(?: \d){3,7}))\W*$")  # "G-030113"
_CODE_TURN_CHARS = 160
#: A short turn ending with a code after a colon ("nvm she read it out: 7 1 4 9 0 3").
_LABELLED_CODE_TURN = re.compile(r"^[^\d:：]{0,60}[:：]\s*(?P<code>\d{3}[ \-]?\d{3}|\d{4,8}|\d(?: \d){3,7})\W*$")


@functools.cache
def _code_senders() -> re.Pattern[str]:
    words = "|".join(re.escape(w) for w in sorted(forms._words()["code_senders"], key=len, reverse=True))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{words})(?![^\W\d_])")


#: A turn that is only a service's name and an email, a login given alone ("ShareNow: piotr.w60@mail.com").
_SERVICE_LOGIN_TURN = re.compile(r"(?:^|\n)\s*[^\n:.!?]{2,30}:\s*[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+\s*$")
#: A turn that is one password-shaped word: letters with digits or signs, no address or path ("motorka63!").
_LONE_PASSWORD = re.compile(r"^\s*(?P<v>(?=(?:\S*[^\W\d_]){3})(?=\S*\d|\S*[_!?#$%&*+=.\-]\S)[^\s@/:]{6,40})\s*$")


def _across_turns(text: str, before: str) -> Iterator[Span]:
    """What only the two turns together show: the two halves of a card (the digits of the turn
    before's last number and this turn's first make a card number, by its checksum) or of an id
    (two bare numbers python-stdnum validates together), the rest of a key or number whose first
    part the turn before held, a bare number after a turn about a code sent by text or a bank
    (a one-time code)."""
    norm, origin = forms.view(text)
    prior = forms.view(before)[0]
    first = _DIGIT_RUN.search(norm)
    last = next(reversed(list(_DIGIT_RUN.finditer(prior[-200:]))), None) if first else None
    digits = _halves(last, first)
    if len(digits) >= 13 and _card_number(digits):
        yield from forms.back([(first.start(), first.end(), "card number")], origin)
    if digits and _BARE_PART.match(norm) and _BARE_PART.match(prior.strip()) \
            and 9 <= len(digits) <= 18 and forms.valid_personal_id(digits):
        yield from forms.back([(first.start(), first.end(), "government id")], origin)  # an id's two halves
    if len(norm) <= 80 and _KEY_NAME.search(prior[-300:]) and not secret_spans(norm):
        for token in _KEY_PART.finditer(norm):  # "the token starts with ghp_abc" then the rest of it
            yield from forms.back([(token.start(), token.end(), "api key")], origin)
    if len(norm) <= 80 and (tail_kinds := {k for _, _, k in secret_spans(prior[-300:])}):
        if "api key" in tail_kinds:  # the rest of a key given in the turn before
            for token in _KEY_PART.finditer(norm):
                yield from forms.back([(token.start(), token.end(), "api key")], origin)
        if tail_kinds & {"card number", "government id", "bank account"} and _BARE_PART.match(norm) and first:
            yield from forms.back([(first.start(), first.end(), sorted(tail_kinds)[0])], origin)
    if len(norm) <= 42 and _LONE_PASSWORD.match(norm) and _SERVICE_LOGIN_TURN.match(prior[-80:]):
        m = _LONE_PASSWORD.match(norm)  # "Via Verde: m.muller54@mail.com" / "machina_6348": the login's password
        yield from forms.back([(m.start("v"), m.end("v"), "password")], origin)
    if len(norm) <= 400 and any(c in norm for c in "/-."):  # "el CVV es 697" / "y caduca en 02/30"
        card_before = any(k == "card number" for _, _, k in secret_spans(prior[-300:]))
        yield from forms.back(list(card_expiry.after_card_turn(norm, card_before)), origin)
        yield from forms.back(list(card_expiry.named_spans(norm, prior)), origin)  # "the card for the hall" / "expires 02/29"
    yield from forms.back(card_back_codes.bare_spans(norm, prior), origin)  # "картка та сама" / "три цифри ззаду 468"
    if len(norm) <= 200 and (forms._BASE32_GATE.search(norm) or forms.LETTER_GROUPS.search(norm)) \
            and forms._otp_seed_names().search(prior[-200:]):
        yield from forms.back(list(forms.otp_seed_spans(norm, named=True)), origin)  # "the setup key is…" / "sjeu agnh …"
    yield from forms.back(access_codes.answer_spans(norm, prior), origin)  # "which numbers for the garage?" / "8812"
    if len(norm) <= 60:  # "в бухгалтерии просят код разблокировки" / "вот Sunflower00"
        yield from forms.back(unlock_patterns.answer_spans(norm, prior), origin)
    yield from forms.back(list(id_documents.answer_spans(norm, prior)), origin)  # "what's on your ID card?" / "it's GH48…"
    answer = forms.labelled_answer(norm, prior)  # "Antwort: ..." after a security question
    if answer:
        yield from forms.back([(answer[0], answer[1], "password")], origin)
    # a code's own turn is short; on a long run of punctuation the two patterns' nested repeats
    # backtrack for minutes (":'#/" repeated 375 times took 300 s)
    code = (_BARE_CODE_TURN.match(norm) or _LABELLED_CODE_TURN.match(norm)) if len(norm) <= _CODE_TURN_CHARS else None
    if code and _code_senders().search(prior[-300:]) and not re.fullmatch(r"(?:19|20)\d{2}", code.group("code")):
        yield from forms.back([(code.start("code"), code.end("code"), "password")], origin)


#: A turn that is only a 256-bit key in hex, and a turn before it about a wallet, a key or an import.
_LONE_HEX_KEY = re.compile(r"\s*[\"'`]?(?P<key>(?:0x)?[0-9a-fA-F]{64})[\"'`]?\s*")
_WALLET_TURN = re.compile(r"(?i)(?<![^\W\d_])(?:import\w*|wallet|private|key|keys|metamask|phantom|ledger|trezor"
                          r"|seed|restore|recover|importar|importer|importieren|cartera|portefeuille|carteira"
                          r"|schlüssel|clave|chave|clé|钱包|私钥|ウォレット|秘密鍵|지갑|개인키)(?![^\W\d_])")


def spans_in_context(text: str, before: str) -> list[Span]:
    """The secrets of ``text`` read as the continuation of ``before`` (the turn before it): a
    name in one turn and its value in the next, half a card or a seed phrase in each."""
    if len(text) + len(before) <= 2 * _CACHED_CHARS:  # a turn and the one before come back with
        return list(_cached_in_context(text, before))  # every later message (its context, the queue)
    return _in_context(text, before)


@functools.lru_cache(maxsize=4096)
def _cached_in_context(text: str, before: str) -> tuple[Span, ...]:
    return tuple(_in_context(text, before))


def _in_context(text: str, before: str) -> list[Span]:
    own = secret_spans(text)
    if before and before.strip():
        lone = _LONE_HEX_KEY.fullmatch(text)
        if lone and not _WALLET_TURN.search(before) and lone_keys.names_a_digest(before):
            # "checksum" / the digest alone: no key
            own = [sp for sp in own if not (sp[2] == "private key" and sp[:2] == (lone.start("key"), lone.end("key")))]
        alone = len(own)
        own += list(_across_turns(text, before))
        if lone and _WALLET_TURN.search(before):  # "what do I paste in the import box?" then the key alone
            own.append((lone.start("key"), lone.end("key"), "private key"))
        tail = before.rstrip()[-400:]
        joined = f"{tail}{forms.TURN_JOIN}{text}"
        offset = len(joined) - len(text)
        own += [(max(s - offset, 0), e - offset, k) for s, e, k in secret_spans(joined) if e > offset]
        # "pin changed" / "new phone number is 090-…", "пароль сменил" / "номер заявки 11-48213": a value this turn
        # names as a public one is no answer to the secret the turn before named
        own = own[:alone] + [sp for sp in own[alone:]
                             if any(a < sp[1] and sp[0] < b for a, b, _ in own[:alone])
                             or not labelled_lookalikes.named_in_own_turn(text, sp)]
        # "order number?" / "my order number is", then "114-2938475": the value of a public label
        # that ended the turn before (one test of that turn's end, then only the spans near this turn's start)
        if own and forms.ends_with_public_label(tail) and not families.names_a_lock(tail) \
                and not access_codes.asks_for_code(tail):  # "mum's phone is locked", "how do I get into the staff room?": its code
            own = [sp for sp in own if sp[2] in ("card number", "api key") or sp[0] > 40  # (it looks 40 back)
                   or shaped_values.names_itself(text, sp[0])  # "… staff member" / "IBAN: IE93-…": its own name
                   or not forms.public_value(joined, sp[0] + offset, sp[1] + offset)]
        own += _credential_answer(text, before)
    return own


def _credential_answer(text: str, before: str) -> list[Span]:
    """"the thing u type after the email on the booking dashboard" / "Pancake09?": the turn before named a
    credential, this turn is only its value, whatever public label that turn also holds (read after the
    look-alike filters, which read "booking" as a booking's reference)."""
    norm, origin = forms.view(text)
    return forms.back(spoken_credentials.answer_spans(norm, forms.view(before)[0]), origin)


def _halves(last: re.Match[str] | None, first: re.Match[str] | None) -> str:
    """The digits of a number typed in two turns: the turn before's last part and this turn's
    first. The same digits twice are one number said again (an order number), not two halves."""
    if not (first and last):
        return ""
    head, tail = re.sub(r"\D", "", last.group()), re.sub(r"\D", "", first.group())
    return "" if head == tail else head + tail


def _first_half(before: str, after: str) -> Iterator[Span]:
    """The number ending ``before`` when the turn ``after`` it completes it: a card (Luhn) or an
    id python-stdnum validates, its two halves typed in two turns."""
    prior, origin = forms.view(before)
    nxt = forms.view(after)[0]
    first = _DIGIT_RUN.search(nxt)
    last = next(reversed(list(_DIGIT_RUN.finditer(prior))), None) if first else None
    if not (first and last):
        return
    digits = _halves(last, first)
    if (len(digits) >= 13 and _card_number(digits)) or (
            _BARE_PART.match(prior.strip()) and _BARE_PART.match(nxt) and 9 <= len(digits) <= 18
            and forms.valid_personal_id(digits)):
        yield from forms.back([(last.start(), last.end(), "card number" if _card_number(digits) else "government id")],
                              origin)


# ---------------------------------------------------------------- a thread: the user's earlier turns
#: How many of the user's earlier turns a message is read with: a secret dictated over three
#: turns (its name in one, a part in each of the next two: "the wifi password is long" / "it's
#: X" / "then Y") is read whole.
THREAD_TURNS = 3
#: A secret withheld from an earlier turn before it reached us (a queued turn's recorded context).
_WITHHELD = re.compile(r"\[(card number|password|api key|private key|government id|bank account|seed phrase)"
                       r" withheld\]")
#: A part of a number (3+ digits, maybe in groups) and a part of a password or key (4+ characters
#: with a digit, a symbol or a capital inside): what "the rest is ..." may carry.
_NUMBER_PART = re.compile(r"(?<![\w.,:/])\d(?:[ \u00a0\-.]{0,3}\d){2,18}(?![\w:/%])")
_TOKEN_PART = re.compile(r"(?<![^\s\"'“‘«(:：,，])[^\s\"'”’»,，;。]{4,64}(?=[\s\"'”’»,，;。.!?]*(?:\s|$))")
_PART_SHAPE = re.compile(r"\d|[!@#$%^&*_+=~?|<>{}\[\]\\]|[a-z][A-Z]|[A-Z]{2}[a-z]|[^\W\d_][A-Z]")
_NUMBER_KINDS = frozenset({"card number", "government id", "bank account"})
_WORDS = re.compile(r"[^\W\d_]+")


def spans_in_thread(text: str, earlier: Sequence[str]) -> list[Span]:
    """The secrets of ``text`` read as the next turn of a thread whose earlier user turns are
    ``earlier`` (oldest first; the last :data:`THREAD_TURNS` count): a name in one turn and its
    value in the next (:func:`spans_in_context`), and the parts of a secret dictated over two or
    three turns — a short turn after a turn that held part of a secret (or named one and gave no
    value) carries the rest ("et finit par X", "then Y", "the other half 1320 2218")."""
    turns = tuple(t for t in earlier if t and t.strip())[-THREAD_TURNS:]
    if not turns:
        return secret_spans(text)
    spans = [*spans_in_context(text, turns[-1]), *_continued(text, turns)]
    if len(turns) > 1 and _FILLER_TURN.match(turns[-1]):  # "security question?" / "first pet" / "answer is Gizmo"
        norm, origin = forms.view(text)
        answer = forms.labelled_answer(norm, turns[-2])
        if answer:
            spans.extend(forms.back([(answer[0], answer[1], "password")], origin))
    spans.extend(shaped_values.card_rest(text, turns))  # "card is 4990 3547" / "hold on" / "3928 6388"
    spans.extend(families.code_after_lock_turn(text, turns[-1],  # "my phone got locked" / "the code is 5 8 2 0"
                                               device_codes.will_not_open(turns[-1])))  # "el celular … no abre" / "prueba 9422"
    spans.extend(device_codes.set_to_spans(text, turns[-1]))  # "new phone from IT" / "they set it to 0713 for now"
    spans.extend(named_values.lone_value_turn(text, turns))
    spans.extend(security_answers.thread_spans(text, turns))  # "bank asked my first car" / "X daala hai"
    spans.extend(wanted_answers.thread_spans(text, turns))  # "street I grew up on" / "X — that's the answer it wants"
    spans.extend(security_backref.labelled_next_turn(text, turns))  # "security question: …" / "ตอบ: X"
    spans.extend(question_hints.thread_spans(text, turns))  # "the bank wants my answers" / "school one: St Mary's"
    spans.extend(asked_values.thread_spans(text, turns))  # "the word the bank asks for when I ring" / "bluebell1952"
    spans.extend(asked_letters.thread_spans(text, turns))  # "the word the bank asks for" / "Marmalade, the letters …"
    beside = bank_logins.spans_beside(text, turns[-2:])  # "customer no 5512…" after "PIN 4471"
    spans.extend(beside)
    spans.extend(spoken_codes.memorable_in_thread(text, turns[-1]))  # "memorable word?" / "the word is X"
    spans.extend(memorable_words.thread_spans(text, turns))  # "bezpečnostní slovo pro banku" / "hjortron"
    spans.extend(corrected_turns.thread_spans(text, turns, secret_spans))  # "mem word X" / "nah hang on its Y now"
    spans.extend(replaced_values.thread_spans(text, turns, spans_in_thread))  # "code vom Fahrradkeller" / "7712" / "nein warte, 7721B"
    spans.extend(topic_notes.thread_spans(text, turns))  # "az első háziállatom neve?" / "Ciccio"
    spans.extend(answer_clauses.thread_spans(text, turns[-1]))  # the learned reader: "Riot: numele primului meu animal?" / "răspuns: Rocky"
    spans.extend(tax_ids.spans(text, turns[-1]))  # "for my side business" / "EIN is …"
    spans.extend(credential_forms.thread_spans(text, turns, forms.names_in))  # "Passwort?" / "ach so, es ist X"
    spans.extend(recovery.thread_spans(text, turns))  # "text from the bank" / "it says 558 201"
    spans.extend(named_values.lone_answer_turn(text, turns))  # "my mother's maiden name? for the bank" / "Abernathy"  # "what's the laptop password" / … / "Buster1"
    if len(turns) > 1 and not _any_signal(text):  # half a seed phrase two turns after its name
        joined = forms.TURN_JOIN.join((*turns, text))
        offset = len(joined) - len(text)
        found = [*forms.led_seed_spans(joined), *(forms.han_seed_spans(joined) if not text.isascii() else ())]
        spans += [(s - offset, e - offset, k) for s, e, k in found if s >= offset]
    if spans and _BARE_PART.match(text) and _public_thread(turns) and not families.names_a_lock(turns[-1]) \
            and not access_codes.asks_for_code(turns[-1]) and not received_codes.announces_code(turns[-1]) \
            and not unlock_patterns.names_device_code(turns[-1]) \
            and not unlock_patterns.names_device_code(f"{turns[-1]} {text}"):  # "+1 312" / "1760833" after "my new phone number"
        # ("o celular da firma" / "destrava com …": the device, then what unlocks it)
        own = set(secret_spans(text)) if _NAMED_PART.search(text) else set()  # "PUK 28371940" after "the phone got blocked"
        spans = [sp for sp in spans if sp in own or _card_number(re.sub(r"\D", "", text[sp[0]:sp[1]]))]
    spans.extend(described_answers.thread_spans(text, turns))  # "q: name of first pet?" / "we had a tortoise called Bonzo"
    spans.extend(asked_replies.thread_spans(text, turns))  # "ma coloc me demande le code du cadenas" / "c'est 1-6-8-7-9-3"
    spans = security_answers.without_talk_turn(text, turns, spans)  # "something nobody can find online"
    if spans:  # "which card did you use?" / "the one ending 0932": a card's last four
        spans = public_values.without_public_bank_parts(text, spans)
        spans = password_talk.without_talk(text, spans)  # "şifremi unuttum:" / "sıfırlama maili bekliyorum"
        spans = shaped_values.without_lookalikes(text, spans)  # "run id?" / "commit 94b5…"; "****8841"
        # "… ****8841"; not a lock's code its turn asked for ("o cadeado do flight case abre com" / "36020": no case's number)
        lock = _lock_answer(text, turns[-1]) if access_codes.asks_for_code(turns[-1]) else []
        unlocked = [sp for sp in spans if sp not in lock]
        after = _kept_alone(text, unlocked, reference_values.without_lookalikes_after(text, unlocked, turns[-1]),
                            reference_values.without_lookalikes)  # "ok quick one for tomorrow's shift" / "police check ref 0031…"
        spans = [*after, *(sp for sp in spans if sp in lock)]
        spans = public_statements.without_public_codes(text, spans)  # a code its sentence says is public
        spans = _kept_alone(text, spans, public_statements.without_loyalty_numbers(text, spans, turns[-1]),
                            public_statements.without_loyalty_numbers)  # "loyalty card" / "6345 …"; "hey" / "sha member number CR0…"
        spans = public_statements.without_public_addresses(text, spans)  # "seed is gone" / "the address was 0x…"
        spans = public_statements.without_masked_heads(text, spans)  # "DE89 **** **** **30"
        # a label's own value, a USSD code — not a bank login beside its credential (read above)
        kept = [sp for sp in spans if sp in beside]
        spans = labelled_lookalikes.without_lookalikes(text, [sp for sp in spans if sp not in beside], turns[-1]) + kept
        spans = spoken_codes.without_public_answer(text, turns[-1], spans)  # "branch number?" / "0412"
        spans = lookalike_values.without_lookalikes(text, spans, turns[-1])  # "PIN?" / "411038, Pune"
    spans.extend(dictated_parts.spans(text, turns))  # "Teil 1: tulip" / "Teil 2 kommt gleich" / "an1956"
    spans.extend(keyed_codes.network_key_turn(text, turns[-1]))  # "network: HQ-Staff" / "key: X" (read after the look-alikes' filters: the turns say what it is)
    spans.extend(keyed_codes.for_thing_turn(text, turns[-1]))  # "for the atm" / "1659 is what I use"
    spans.extend(unlock_patterns.dots_turn(text, turns[-1]))  # "pattern ya simu" / "7-1-6-2-9"
    spans.extend(backup_code_lists.thread_spans(text, turns))  # "the instagram 2fa backups" / "jhxfrrxf" / "and 7886-1575"
    # "una GB25MIDL744" / "tapos 95040614016": the parts make an IBAN; a card or an IBAN (their checks
    # are strong) even in a thread that spoke of a phone ("dad reads it out on a call, 5175…")
    spans.extend(checksum_parts.strong_only(checksum_parts.thread_spans(text, turns), _public_thread((*turns, text))))
    spans.extend(checksum_parts.seed_half_spans(text, turns[-1], True))  # "first six words: …" / "the rest: …"
    spans.extend(_credential_answer(text, turns[-1]))  # "du wifi du gîte ?" / "2qv7psvm96"
    spans.extend(public_statements.without_public_codes(  # "password kya tha?" / "yaad aaya X"
        text, list(recalled_values.thread_spans(text, turns[-1], forms.names_in))))
    spans.extend(member_numbers.thread_spans(text, turns[-1]))  # "the clinic wants my insurance number" / "SGK-78…"
    spans.extend(routing_numbers.account_spans(text, turns[-1]))  # "my routing … 342301205" / "and checking is 1456…"
    spans.extend(national_ids.thread_spans(text, turns[-1]))  # "el documento de mi marido, para el cole" / "13863001G"
    spans.extend(backup_code_lists.list_turn_spans(text, turns))  # "the 2fa backup codes, just in case" / "9711… 6943…"
    spans.extend(background_checks.thread_spans(text, turns[-1]))  # "garda vetting ref ..." / "GV8850…"
    if _DIGITS_RUN.search(text) and (member_numbers.mentioned(turns[-1]) or member_numbers.cares(turns[-1])):
        spans.extend(sp for sp in health_numbers.spans(text)  # "the district nurse wants Dad's number" / "401 023 2137"
                     if not member_numbers.public_label(text, sp[0]))
    spans.extend(login_pairs.thread_spans(text, turns, credential_forms.services()))  # "paypal" / "kasia_w" / "nut3ll@0172"
    spans.extend(asked_keys.thread_spans(text, turns))  # "wifi name?" / "HomeSweetHome" / "and the key?" / "lemontree"
    spans = service_names.without_service_names(text, spans)  # "パスワード管理は" / "Bitwardenを使ってる"
    spans = answered_references.without_answered_references(text, spans, turns[-1])  # "Buchungscode?" / "C2A2B9"
    spans = template_values.without_templates(text, spans)  # "número de cuenta de ejemplo:" / "0000 0000 00 …"
    if spans and ("978" in text or "979" in text):  # "le code du titre" / "9787875565087": a book's EAN
        books = [(a, b) for a, b in forms.public_shapes(text) if _BOOK_EAN.fullmatch(text[a:b])]
        spans = [sp for sp in spans if not any(a <= sp[0] and sp[1] <= b for a, b in books)]
    spans = refusals.without_refused(text, spans)  # "пароль не скажу, номер карты клиента …"
    spans = trade_credentials.without_trade_credentials(text, spans, turns[-1])  # "Prüfbescheinigung vom Gerüst" / "Nr. 6767…"
    spans = public_ids.without_public_ids(text, spans, turns[-1])  # "SWIFT code?" / "RABONL2U"; "wallet address" / "T…"
    spans = routing_numbers.without_routing_alone(text, spans, turns[-1])  # "routing" / "092384446"
    spans = lone_logins.without_handle_turn(text, turns[-1], spans)  # "login name" / "elec.brandt"
    spans = called_numbers.without_called_numbers(text, spans)  # "lockbox code is with the agent" / "their number 0161 …"
    spans = called_numbers.without_called_answers(text, spans, turns[-1])  # "which line do I ring to unblock the PIN?" / "+44 …"
    spans = ticket_refs.without_tickets(text, spans, turns[-1])  # "password reset ticket is" / "PO-5540304, IT says 2 days"
    spans = fill_in_slots.without_fill_ins(text, spans)  # "Passwort:" / "[bitte eintragen]"
    spans = secret_pointers.without_pointers(text, spans)  # "wifi password: ask Tom", "비번은 경비실에 물어봐"
    spans = held_elsewhere.without_held(text, spans)  # "the door code is with the doorman" / "flat 12"
    spans = default_credentials.without_defaults(text, spans)  # "o manual diz senha padrão:" / "admin/admin"
    spans = masked_pairs.without_masked_partners(text, spans)  # "login: raj@…" / "password: ********"
    if spans:  # "银行卡丢了" / "挂失电话 95588": a value this turn names as a public one answers no earlier secret
        alone = secret_spans(text)
        spans = [sp for sp in spans if any(a < sp[1] and sp[0] < b for a, b, _ in alone)
                 or not labelled_lookalikes.named_in_own_turn(text, sp)]
    spans = payment_references.without_references_after(text, turns[-1], spans)  # "mpesa code" / "5KQ2W5HPB5"
    spans.extend(transfer_codes.thread_spans(text, turns))  # "referencia de MoneyGram" / "35626767 para cobrar en …"
    if exam_logins.may_describe(text):  # "exam portal" / "pwd is her mobile 60470…": past the thread's phone filters
        norm, origin = forms.view(text)
        spans.extend(sp for sp in forms.back(exam_logins.described_spans(norm), origin) if sp not in spans)
    if spans:  # "el celular de mi papá no abre" / "prueba 9422 o si no 6693"
        spans.extend(alternative_values.spans(text, spans))
        spans.extend(replaced_values.same_message(text, spans))  # "… (withheld in the thread), the previous one was …"
    return spans


def _kept_alone(text: str, spans: list[Span], kept: list[Span], alone: Callable[[str, list[Span]], list[Span]]) -> list[Span]:
    """``kept`` (what a look-alike filter read with the turn before left of ``spans``), with the spans
    the filter drops from the turn alone that the turn alone still withholds: its own readers chose
    them past that filter ("police check ref 0031…", "sha member number CR0…"), and the turn before
    took no part in dropping them. Ids and numbers only: a password's reading the turn before drops may be
    a template's slot the turn alone misreads ("kurze Notiz" / "Vorlage …: Benutzername: Vorname.Nachname")."""
    if len(kept) >= len(spans):
        return kept
    own = set(secret_spans(text))
    return kept + [sp for sp in spans if sp[2] != "password" and sp in own and sp not in kept and not alone(text, [sp])]


def _lock_answer(text: str, before: str) -> list[Span]:
    """The code alone in ``text`` after a turn asking for a thing's code (:func:`access_codes.answer_spans`)."""
    norm, origin = forms.view(text)
    return forms.back(access_codes.answer_spans(norm, forms.view(before)[0]), origin)


_DIGITS_RUN = re.compile(r"\d[ \-./]?\d[ \-./]?\d[ \-./]?\d")
_BOOK_EAN = re.compile(r"97[89](?:[\s\-]?\d){10}")


def _public_thread(turns: tuple[str, ...]) -> bool:
    """Whether the turn that began a number typed over turns announced a public value or a phone
    (the bare-number turns after it skipped)."""
    for turn in reversed(turns):
        if not _BARE_PART.match(turn.strip()) and not turn.strip().lstrip("+").replace(" ", "").isdigit():
            return forms.announces_public(turn)
    return False


def redact_thread(text: str, earlier: Sequence[str]) -> str:
    """``text`` redacted as the next turn after the user's ``earlier`` turns (:func:`spans_in_thread`)."""
    own = spans_in_thread(text, earlier)
    return _mask(text, own) if own else text


@functools.lru_cache(maxsize=4096)
def _turn_kinds(turns: tuple[str, ...]) -> frozenset[str]:
    """The kinds of secret the last of ``turns`` held, read after the ones before it (a withheld
    mark in a recorded turn counts as what it withheld)."""
    last = turns[-1]
    kinds = {m.group(1) for m in _WITHHELD.finditer(last)}
    return frozenset(kinds | {k for _, _, k in spans_in_thread(last, turns[:-1])})


@functools.lru_cache(maxsize=4096)
def _continued(text: str, turns: tuple[str, ...]) -> tuple[Span, ...]:
    word = forms.ONE_WORD_TURN.match(text)
    if word and word.group(1).lower().strip(",.!?") not in _ACKNOWLEDGED and _announced_in_parts(turns):  # "nenosiri … nitakutumia kwa vipande" / "Twiga" / "Kilimanjaro2024"
        return ((word.start(1), word.end(1), "password"),)
    if len(text) > 200 or not (_MAY_CONTINUE.search(text) or _MAY_BE_PART.search(text)):  # the cheap test first
        return ()
    norm, origin = forms.view(text)
    if len(norm) > 160 or not norm.strip():
        return ()
    numbers = list(_NUMBER_PART.finditer(norm))
    tokens = [m for m in _TOKEN_PART.finditer(norm) if _PART_SHAPE.search(m.group().rstrip(".,;:!?"))
              and not any(n.start() <= m.start() and m.end() <= n.end() for n in numbers)]
    if not numbers and not tokens and not _after_part_word(norm):
        return ()
    # "its", "ok wait": the value is still to come; "es Girasol" held a part: no filler
    while len(turns) > 1 and _FILLER_TURN.match(turns[-1]) and not _turn_kinds(turns):
        turns = turns[:-1]
    kinds = _turn_kinds(turns)
    opened = set() if kinds else forms.open_names(forms.view(turns[-1])[0][-300:])
    if not kinds and not opened and len(turns) > 1 and _ASIDE_TURN.match(turns[-1]):
        # "the gate code" / "oh and it changed" / "now 0451": a short aside between the name and its value
        opened = forms.open_names(forms.view(turns[-2])[0][-300:]) & {"password", "digits"}
    if not kinds and not opened:
        return ()
    values = [(m.start(), m.end()) for m in numbers]
    if kinds - _NUMBER_KINDS or opened & {"password"}:  # the rest of a password, a key, a code
        values += [(m.start(), m.end()) for m in tokens]
        part = _after_part_word(norm)  # "empieza por Luna": after a word saying it is a part, any shape
        if part and not any(s <= part[0] < e for s, e in values):
            values.append(part)
    elif opened & {"seed"}:  # a wallet's private key named, then given ("המפתח הפרטי של הארנק" / "d77a…"), not its address
        values += [(m.start(), m.end()) for m in tokens if _PRIVATE_KEY_SHAPE.fullmatch(m.group().rstrip(".,;:!?"))]
    values = [(s, e) for s, e in values if not _ordinary_number(norm, s, e)]
    if not values:
        return ()
    rest = norm
    for s, e in sorted(values, reverse=True):
        rest = rest[:s] + " " + rest[e:]
    words = len(_WORDS.findall(rest))
    # A part carries few words beside it ("vége X", "the other half: X"); a name with no value yet
    # is answered by a turn that is little more than the value, nothing after it ("it's 4471",
    # "3712 8623 6560 7650"; not "it says 312 logins").
    if words > 8 or (not kinds and not _ends_with_part_word(turns[-1])
                     and (words > 3 or _WORDS.search(norm, max(e for _, e in values)))):
        return ()
    kind = sorted(kinds or {"password" if o in ("password", "digits") else _KIND_LABEL.get(o, "password")
                            for o in opened})[0]
    return tuple(forms.back([(s, e, kind) for s, e in values], origin))


#: A private key's shapes: 64 hex digits (Ethereum, Bitcoin raw), WIF (51-52 base58), Solana's 64 bytes in base58.
_PRIVATE_KEY_SHAPE = re.compile(r"(?:0x)?[0-9a-fA-F]{64}|[5KL][1-9A-HJ-NP-Za-km-z]{50,51}|[1-9A-HJ-NP-Za-km-z]{86,88}")

#: A short turn with no number and no name between a secret's name and its value.
#: Each word read atomically (the same matches: a word is never split; the old backtracking took up
#: to a second on a failing turn of seven words or more).
_ASIDE_TURN = re.compile(r"^\W*(?>[^\W\d_]+['’]?[^\W\d_]*\W*){1,6}$")

#: One-word replies that are no part of anything.
_ACKNOWLEDGED = frozenset({"thanks", "thx", "okay", "yes", "yeah", "yep", "nope", "wait", "done", "sorry", "ready", "ok",
                           "hmm", "gracias", "merci", "danke", "obrigado", "obrigada", "grazie", "listo", "fertig",
                           "asante", "sawa", "teşekkürler", "tamam", "спасибо", "dzięki", "terima", "oke", "ready?"})


def _ends_with_part_word(turn: str) -> bool:
    """Whether a turn naming a secret ends on a word saying its value comes in parts ("my password
    … starts with", "la clave empieza por"): the next turn is that part, with words about it."""
    words = re.findall(r"[^\s,:;.!?\-–—]+", turn[-40:])
    while words and words[-1].lower() in forms.PART_GLUE:
        words.pop()
    return bool(words) and words[-1].lower() in forms.value_part_words()


def _announced_in_parts(turns: tuple[str, ...]) -> bool:
    """Whether one of the last two turns names a password (or a code) and says it comes in parts
    ("the wifi password is long, I'll send it in pieces"; assets ``in_parts``)."""
    for turn in turns[-2:]:
        low = turn.lower()
        if any(w in low for w in forms.in_parts_words()) and any(
                m.kind in ("password", "digits") for m in forms.names_in(forms.view(turn)[0])):
            return True
    return False


def _after_part_word(text: str) -> tuple[int, int] | None:
    """The word after a word saying a value comes in parts ("empieza por Luna", "and ends with
    Tiger", "vége Rózsa"): assets ``value_parts``, small words between them skipped."""
    words = list(re.finditer(r"[^\s,:;]+", text))
    for n, w in enumerate(words[:-1]):
        if w.group().lower().strip(".,:!?") in forms.value_part_words():
            for nxt in words[n + 1:n + 4]:
                token = nxt.group().strip(".,!?\"'")
                if token.lower() in forms.PART_GLUE or len(token) < 3:
                    continue
                return nxt.start(), nxt.start() + len(nxt.group().rstrip(".,!?"))
            return None
    return None


#: A short turn that may name a part ("empieza por Luna"): any word of 4+ letters, tested further.
_MAY_BE_PART = re.compile(r"^\W*(?:\S+\s+){1,4}\S+\W*$")
#: What a part of a secret needs: a digit (any script's), a symbol or a capital inside a word.
_MAY_CONTINUE = re.compile(r"\d|\w[!@#$%^&*_+=~?|<>{}\[\]\\]|[a-z][A-Z]|[A-Z]{2}")
#: A turn of a word or two and no value ("its", "ok wait", "hmm"): the thread goes on past it.
_FILLER_TURN = re.compile(r"^\W*(?:[^\W\d_]{1,8}\W*){1,2}$")
_KIND_LABEL = {"id": "government id", "bank": "bank account", "card": "card number", "seed": "seed phrase"}


_AMOUNT = re.compile(r"[$€£¥₹][\d.,]+|[\d.,]+(?:[$€£¥₹%]|[a-zA-Zµ°]{1,3})|\d{1,2}[:h]\d{2}[ap]?m?|\d{1,6}[.,]\d{2}")


def _ordinary_number(text: str, start: int, end: int) -> bool:
    """A date, a time, an amount, a phone number, a version, or a value under a public label: no
    part of a secret."""
    token = text[start:end].strip()
    if _AMOUNT.fullmatch(token):
        return True
    if forms.a_date(token) or re.fullmatch(r"\d{1,2}[:h]\d{2}(?::\d{2})?", token) or forms.dotted_public(token) \
            or forms.clock_or_year(text, start, end):
        return True
    before = text[max(0, start - 3):start]
    if re.search(r"[$€£¥₹]\s*$", before) or re.match(r"\s*(?:%|€|\$|£|kg|km|cm|mm|ml|g\b|h\b|min\b)", text[end:end + 4]):
        return True
    return forms.is_phone_number(text, start, end) or forms.public_value(text, start, end)


def redact_turns(texts: list[str], after: str = "", users: Sequence[bool] | None = None,
                 before: Sequence[str] = ()) -> list[str]:
    """Earlier turns shown with a message, in order, each redacted as the next turn of the
    user's thread before it (:func:`spans_in_thread`; ``users`` says which texts are the user's:
    a reply between two of them does not break the thread; ``before``: the user's turns before
    the first text) and with what the user's turn after it (``after`` for the last) shows of it:
    the first half of a card or an id whose second half follows."""
    users = [True] * len(texts) if users is None else list(users)
    out = []
    for n, text in enumerate(texts):
        if users[n]:
            earlier = (*before, *(texts[j] for j in range(n) if users[j]))[-THREAD_TURNS:]
            nxt = next((texts[j] for j in range(n + 1, len(texts)) if users[j]), after)
        else:
            earlier, nxt = tuple(texts[n - 1:n]), texts[n + 1] if n + 1 < len(texts) else after
        out.append(_turn_between(text, earlier, nxt))
    return out


@functools.lru_cache(maxsize=4096)
def _turn_between(text: str, earlier: tuple[str, ...], after: str) -> str:
    """One earlier turn redacted between its neighbours. Cached: a conversation's earlier turns
    come back with every message after them (each queued turn's context, each prompt)."""
    spans = spans_in_thread(text, earlier)
    whole: list[Span] = []  # a card's or an IBAN's first piece: read past the look-alike filters below
    if after and after.strip() and text.strip():
        halves = list(_first_half(text, after))
        if halves and _public_thread((*earlier, text)):  # a phone or an order number typed in two goes
            halves = [sp for sp in halves if _card_number(re.sub(r"\D", "", text[sp[0]:sp[1]]))]
        spans += halves
        spans += bank_logins.spans_beside(text, (after,))  # "customer number: 5512…" / "PIN: 4471"
        spans += shaped_values.bank_spans_before(text, after, forms.TURN_JOIN)  # "my checking 5512…" / "routing 1210…"
        spans += credential_forms.login_before_password(text, after, _password_spans)  # "username is x" / "password Y"
        spans += login_pairs.plain_login_before(  # "utente tenorharlow hasło" / "blackbirdButtercup9"
            text, earlier, after, lambda a: any(sp[2] == "password" for sp in spans_in_thread(a, (*earlier, text))))
        spans += dictated_parts.spans(text, earlier, after)  # "first half: #pier" / "second half ogi99"
        # the rest after it (half an IBAN may have a VAT number's shape, "DE2341…")
        whole = checksum_parts.strong_only(list(checksum_parts.spans(text, "", after)),
                                           _public_thread((*earlier, text, after)))
        spans += checksum_parts.seed_half_spans(text, after, False)
        spans += asked_values.named_by_next(text, after)  # "7255" / "thats mums pin for the post office card"
        if len(text) > 40 or len(text.split()) > 3:  # "… set it up, its herat_6039" / "thats the one for universal credit"
            spans += opening_values.named_by_next(text, after)
        spans += named_answers.named_by_next(text, after, secret_spans)  # "Moreau" / "^ mums maiden name, they always ask"
        spans += national_ids.named_by_next(text, after)  # "07250326614" / "to mój numer identyfikacyjny"
        spans += _id_named_by_next(text, after)  # "G25074436" / "that's his passport no", "599 388 1720" / "dad's nhs number"
        spans += arrived_codes.named_by_next(text, after)  # "704546" / "that's the one that came to mum's mobile"
        spans += lock_named_next.named_by_next(text, after)  # "6-7-9-5-2-1-8" / "its for the smart lock app"
        spans += exam_logins.named_by_next(text, after)  # "16/10/2007" / "goes in the password box of the results page, roll no …"
        spans += rest_of_value.first_part(text, after, secret_spans)  # "Mama" / "1970# <- thats the rest of the password"
        spans += split_heads.head_spans(text, earlier, after, spans_in_thread)  # "début du mot de passe Orvi" / "et la fin 31#k"
        spans += routing_numbers.routing_before_account(text, after)  # "routing … 342301205" / "and checking is …"
        if "-" in text or "–" in text:  # "5-8: ..." whose next range follows in the turn after
            joined = f"{text}{forms.TURN_JOIN}{after}"
            spans += [sp for sp in forms.numbered_seed_spans(joined) if sp[1] <= len(text)]
    if spans:  # "the school's sort code" / "20-00-00": what the turn after added is read by the same test
        spans = public_ids.without_public_ids(text, spans, earlier[-1] if earlier else "", after)
        spans = routing_numbers.without_routing_alone(text, spans, earlier[-1] if earlier else "", after)
        spans = password_talk.without_talk(text, spans)  # "şifremi unuttum:" / "sıfırlama maili bekliyorum"
        spans = service_names.without_service_names(text, spans)
        spans = answered_references.without_answered_references(text, spans, earlier[-1] if earlier else "")
        spans = template_values.without_templates(text, spans)
    spans += whole
    return _mask(text, spans) if spans else text


#: A turn that is only a value: a document's or an id's number, in at most three groups.
_LONE_VALUE = re.compile(r"\W{0,3}[\w\-./]{1,24}(?: [\w\-./]{1,12}){0,3}\W{0,3}")


def _id_named_by_next(text: str, after: str) -> list[Span]:
    """A value alone in its turn that the user's next turn names as a document's, an id's, a health
    number's or a check's ("G25074436" / "that's his passport no, the court said …", "503 254 3853" /
    "that's my nhs no"): the two read as one message, value first, and only what the id readers
    withhold in this turn counts (a value the next turn calls an order's or a phone's stays)."""
    if len(text) > 40 or not _LONE_VALUE.fullmatch(text) or sum(ch.isdigit() for ch in text) < 5 \
            or not after.strip() or len(after) > 300:
        return []
    joined = f"{text.rstrip()}\n{after.strip()}"
    end = len(text.rstrip())
    # a value this turn withholds alone is read with its earlier turns already ("my order number is" /
    # "114-2938475" / "thanks" stays kept): only what the naming turn adds counts here
    alone = secret_spans(text)
    return [sp for sp in secret_spans(joined) if sp[1] <= end and sp[2] == "government id"
            and not any(a < sp[1] and sp[0] < b for a, b, _ in alone)]


def revealed_by_next(text: str, earlier: Sequence[str], after: str) -> bool:
    """Whether the user's turn ``after`` shows a secret in ``text`` that ``text`` read after its
    ``earlier`` turns did not (a login id whose password follows it, a card's first half, the
    account before its routing number): what was stored from ``text`` when it came may hold it."""
    if not (after.strip() and text.strip()):
        return False
    # What the turn after adds needs a digit in this turn (half a number, an account, a login id) or
    # a secret in the turn after (a password beside a login named here): most pairs stop here
    if not (_HAS_DIGIT.search(text) or "-" in text or dictated_parts.names_a_part(text) or secret_spans(after)
            or dictated_parts.letter_piece_told(text, after)  # "pehle mouss likho" / "ab a2005."
            or dictated_parts.notes_joined(after)  # "Kaiserschm" / "arrn8869 no spaces"
            or asked_values.named_by_next(text, after) or login_pairs.plain_login_candidates(text, tuple(earlier))
            or named_answers.named_by_next(text, after, secret_spans)
            or arrived_codes.named_by_next(text, after)  # "six one seven nine zero five" / "what i read to him off the screen"
            or split_heads.may_head(text, after)  # "début du mot de passe Orvi" / "et la fin 31#k"
            or checksum_parts.seed_half_spans(text, after, False)):  # "前六个 …" / "后六个 …": a seed phrase's halves
        return False
    earlier = tuple(earlier)[-THREAD_TURNS:]
    return _turn_between(text, earlier, after) != _turn_between(text, earlier, "")


_HAS_DIGIT = re.compile(r"\d")


def _password_spans(text: str) -> bool:
    """Whether ``text`` gives a password (a span of that kind)."""
    return any(sp[2] == "password" for sp in secret_spans(text))


def redact_in_context(text: str, before: str) -> str:
    """``text`` redacted as the continuation of ``before`` (see :func:`spans_in_context`)."""
    own = spans_in_context(text, before)
    return _mask(text, own) if own else text


def _mask(text: str, spans: list[Span]) -> str:
    merged: list[list[Any]] = []
    for start, end, kind in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end, kind])
    out, at = [], 0
    for start, end, kind in merged:
        out.append(text[at:start])
        out.append(f"[{kind} withheld]")
        at = end
    out.append(text[at:])
    return "".join(out)
