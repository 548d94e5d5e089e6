"""One-time codes told by what brought them, or by what is said of them after the value.

People pass on a verification code by saying where it came from, not what it is: "the SMS says
663 021", "llegó el mensaje, dice 881203", "your Authy shows 993-204", "문자로 온 번호 771203",
"届いたコードは 338201", "der Code kam gerade: 4412". Four orders, each a grammar of word lists
(assets/received_codes.json), not phrases: what brought it (a text, an email, an app, a caller) then
a verb of saying, showing or arriving then the value; the verb then the code's own word then the
value; the code's word then the verb then the value. The value has a code's shape (4-8 digits, two
groups of three, digits spaced or dashed one by one, "G-482913"). Kept: a number a label makes
something else between the verb and it ("the text says your parcel 88213077 …", "the email shows
order 4401-2291"), an amount, a time, a year, a phone number.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from pathlib import Path

from fact_memory_graph.secrets import bank_logins, lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "received_codes.json"
_MAX_MATCHES = 8
_MAX_CHARS = 2000
#: The cheap first test: three digits in a row, or digits spaced one by one.
_DIGITS = re.compile(r"\d{3}|\d[ \-]\d[ \-]\d")
_VALUE = (r"(?<![\w$€£¥₹.,:/+#\-])(?P<v>[A-Z]-\d{4,8}|\d{3}[ \-]\d{3}|\d(?:[ \-]\d){3,7}|\d{4,8})"
          r"(?![\w%€$£]|[.,:/\-]\d)")
#: Words between a verb and its value that are no verb of a message ("with", "read"): not after a verb alone.
_NOT_ARRIVING = frozenset({"with", "con", "avec", "mit", "com", "met", "z", "с", "read", "sent", "gave", "kasih", "说"})
_UNIT_AFTER = re.compile(r"(?i)\s*(?:am|pm|uhr|h|hrs|hours?|mins?|minutes?|secs?|seconds?|days?|%|kg|km|mb|gb|€|\$|£"
                         r"|euros?|dollars?|pounds?|pesos?|reais|rupees?|rs|usd|eur|gbp|yen|kr|zł|₽|₺|円|元|원)\b")
_TIME_OR_MONEY_BEFORE = re.compile(r"(?i)(?:[$€£¥₹₽₺]|\b(?:at|by|until|from|um|à|a las|alle|om|às|в|saat)\s*)$")
_YEAR = re.compile(r"(?:19|20)\d{2}")
#: A message that did not come: what follows is not its code.
_NOT_CAME = re.compile(r"(?i)(?<![^\W\d_])(?:not|no|never|didn'?t|doesn'?t|hasn'?t|haven'?t|won'?t|nunca|nie|не|ни|kein|keine|nicht"
                       r"|pas|jamais|não|nao|non|mai|niet|nooit|nem|ne|değil|tidak|belum|không|chưa|inte|ikke|ei|aldrig"
                       r"|ještě|nici|δεν|לא|لم|ما|नहीं|没|沒|来ない|届かない|안|못)(?![^\W\d_])")
#: A code read out ends its clause ("shows 993-204, quick"); a count or an amount goes on into a noun
#: ("shows 2500 in savings", "says 10000 steps", "said 1500 for the bike").
_CLAUSE_END = re.compile(rf"\s*(?:$|[\n.,;:!?)\]\-–—\"'”’»]|(?=[{prefilter.UNSPACED_SCRIPTS}])"
                         r"|(?i:and|then|but|so|pls|please|quick|quickly|lol|now|asap|y|e|et|und|en|i|и|ve|dan|và|och|og"
                         r"|ja|és|şi|a|ou|o|oder|or|jetzt|ya|já|ora|nu|teraz|сейчас|şimdi|sekarang|bây giờ)\b)")


@functools.cache
def _data() -> dict[str, list[str]]:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@functools.cache
def _channel_gate() -> lexicon.Gate:
    return lexicon.Gate([*_data()["channels"], *_data()["senders"], *_data()["messaged"]])


@functools.cache
def _code_gate() -> lexicon.Gate:
    return lexicon.Gate(_data()["code_words"])


@functools.cache
def _name_gate() -> lexicon.Gate:
    return lexicon.Gate(_data()["one_time_names"])


@functools.cache
def _count_gate() -> lexicon.Gate:
    return lexicon.Gate(_data()["digit_words"])


@functools.cache
def _digit_count() -> dict[str, int]:
    return {lexicon.fold(w): int(n) for n, words in _data()["digit_counts"].items() for w in words}


@functools.cache
def _used_gate() -> lexicon.Gate:
    return lexicon.Gate([*_data()["expiry"], *_data()["enter_it"]])


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """Each order's words as a pattern ending where the value starts (read back from a value found
    first: values are few, the words' trees are tried in a short window only)."""
    d = _data()
    channel, says, code = (prefilter.whole_words(d[k]) for k in ("channels", "says", "code_words"))
    channel = prefilter.whole_words([*d["channels"], *d["senders"]])
    arrives = prefilter.whole_words(w for w in d["says"] if w not in _NOT_ARRIVING)
    gap = r"[^\d\n.!?;]{{0,{}}}?"
    return {
        "value": re.compile(_VALUE),
        "channel": re.compile(rf"(?i)(?:{channel}){gap.format(30)}(?:{says}){gap.format(20)}\Z"),
        "arrived": re.compile(rf"(?i)(?:{arrives}){gap.format(12)}(?:{code}){gap.format(15)}\Z"),
        "code_first": re.compile(rf"(?i)(?:{code}){gap.format(20)}(?:{says}){gap.format(15)}\Z"),
        "messaged": re.compile(rf"(?i)(?:{prefilter.whole_words(d['messaged'])}){gap.format(12)}\Z"),
        # after the value, what is said of a one-time code: it expires soon, enter it now
        "then_used": re.compile(rf"(?i)(?P<rest>[^\d\n.!?;]{{0,40}}?)"
                                rf"(?:{prefilter.whole_words([*d['expiry'], *d['enter_it']])})"),
        # after the value, who sent it: "I got 482 913 from Google", "me llegó 4412 de WhatsApp"
        "from_sender": re.compile(rf"(?i)\s*(?:just\s+|now\s+)?(?:{prefilter.whole_words(d['from_words'])})\s+"
                                  rf"(?:(?:the|my|el|la|le|der|die|il|o|a)\s+)?(?:{channel})"),
        "received": re.compile(rf"(?i)(?:{prefilter.whole_words(d['received'])}){gap.format(12)}\Z"),
        # after the value, a one-time code's own name pointed at: "98498160 <- that's the 2FA code"
        "named_after": re.compile(rf"(?i)\s*(?:<-+|←|<=|=|\^|[-–—:(]+)?\s*(?:(?:{prefilter.whole_words(d['pointing'])})\s+){{0,4}}"
                                  rf"(?:{prefilter.whole_words(d['one_time_names'])})"),
        # a message's header, then the code: "SMS: 551920", "Google: 551921"
        "header": re.compile(rf"(?i)(?:^|(?<=[\n\u2029]))\W{{0,3}}(?:{prefilter.whole_words(w for w in [*d['channels'], *d['senders']] if w not in d['not_channel_headers'])})"
                             r"\s*[:：]\s*\Z"),
        # how many digits, then the value: "the caller wanted the 6 digits, 551916"
        "digit_count": re.compile(rf"(?i)(?P<n>{prefilter.whole_words(n for ns in d['digit_counts'].values() for n in ns)})"
                                  rf"\s*[\-‑]?\s*(?:{prefilter.whole_words(d['digit_words'])})[^\d\n.!?;]{{0,20}}\Z"),
        "expiring": re.compile(rf"(?i)(?:{prefilter.whole_words(d['things_that_expire'])})"),
        "labels": re.compile(rf"(?i)(?:{prefilter.whole_words(d['labels'])})"),
        "one_time_name": re.compile(rf"(?i)(?:{prefilter.whole_words(d['one_time_names'])})"),
        "a_channel": re.compile(rf"(?i)(?:{channel})"),
    }


def gate_words() -> list[str]:
    """Words one of which a text holds whenever this module finds something."""
    d = _data()
    return [*d["channels"], *d["senders"], *d["code_words"], *d["messaged"], *d["expiry"], *d["enter_it"],
            *d["one_time_names"]]


#: A mask's run right before a value ("•••• 3604", "**** 3604", "XXXX-3604"): the value is a masked number's tail.
_MASK_BEFORE = re.compile(r"(?:[*•●·]{2,}|[xX]{3,})[\s\-]?$")


def spans(text: str) -> list[Span]:
    """Codes in ``text`` (a normalised message) told by what brought them or by what is said of them."""
    if len(text) > _MAX_CHARS or not _DIGITS.search(text):
        return []
    by_channel, by_code, by_use = _channel_gate().open(text), _code_gate().open(text), _used_gate().open(text)
    by_name, by_count = _name_gate().open(text), _count_gate().open(text)
    if not (by_channel or by_code or by_use or by_name or by_count):
        return []
    p = _patterns()
    names = (("channel", "messaged") if by_channel else ()) + (("arrived", "code_first") if by_code else ())
    out: list[Span] = []
    for v in itertools.islice(p["value"].finditer(text), _MAX_MATCHES):
        start, end = v.span("v")
        if _MASK_BEFORE.search(text, max(0, start - 6), start):
            continue  # "o app mostra cartão final •••• 3604": a masked card's or account's last digits
        if bank_logins.told_as_last_digits(text, start, end):
            continue  # "Abbuchung … auf der Karte mit Endziffern …": a card's last digits, not a code that came
        if by_channel and _from_sender(text, start, end) or by_name and _named_after(text, start, end) \
                or by_channel and _under_header(text, start, end) or by_count and _counted(text, start, end):
            out.append((start, end, "password"))
            continue
        if by_use and _used_right_after(text, start, end):  # "89109581 iweke kabla dakika tano ziishe"
            out.append((start, end, "password"))
            continue
        if not _code_shaped(text, start, end):
            continue
        if by_use and _used(text, start, end):
            out.append((start, end, "password"))
            continue
        for name in names:
            m = p[name].search(text, max(0, start - 80), start)
            if m and _told(text, m.start(), start):
                out.append((start, end, "password"))
                break
    return out


def _named_after(text: str, start: int, end: int) -> bool:
    """"98498160 <- that's the 2FA code", "646303 це код з СМС": a value, then pointed at as a
    one-time code. Not an amount, a time or a year, nor under a label ("order 88213 — the code …")."""
    if not _patterns()["named_after"].match(text, end):
        return False
    if _UNIT_AFTER.match(text, end) or _TIME_OR_MONEY_BEFORE.search(text, max(0, start - 8), start) \
            or _YEAR.fullmatch(text[start:end]):
        return False
    return not _patterns()["labels"].search(text, max(0, start - 25), start)


def _under_header(text: str, start: int, end: int) -> bool:
    """"SMS: 551920", "Google: 551921": a message's or a service's name as a header, then a code
    that is the whole of its line."""
    if not _patterns()["header"].search(text, max(0, start - 40), start):
        return False
    return re.match(r"[ \t]*(?:$|[\n\u2029])", text[end:]) is not None and not _YEAR.fullmatch(text[start:end])


#: Before a count of digits: the last ones of a card or an account, which are no code.
_LAST = re.compile(r"(?i)(?:last|final|últimos|ultimos|derniers|letzten|ultime|laatste|ostatnie|последние|son|terakhir|cuối"
                   r"|sista|siste|viimeiset|utolsó|ultimele|poslední|τελευταία|האחרונות|آخر|आखिरी|下|末尾|마지막)\s*$")


def _counted(text: str, start: int, end: int) -> bool:
    """"the caller wanted the 6 digits, 551916": a value as many digits long as the message says
    its code is; not the last digits of a card, not under a label."""
    m = _patterns()["digit_count"].search(text, max(0, start - 40), start)
    if not m or _digit_count().get(lexicon.fold(m.group("n"))) != len(re.sub(r"\D", "", text[start:end])):
        return False
    if _LAST.search(text, max(0, m.start() - 12), m.start()) or _YEAR.fullmatch(text[start:end]):
        return False
    if _PRICED.search(text, m.start(), start) or not _code_shaped(text, start, end):
        return False
    return not _patterns()["labels"].search(text, max(0, m.start() - 30), start)


#: A price between a count of digits and a number ("6 digits and costs 120000").
_PRICED = re.compile(r"(?i)(?<![^\W\d_])(?:costs?|cost|worth|pays?|paid|cuesta|vale|coûte|vaut|kostet|costa|kost|kosztuje|стоит"
                     r"|коштує|tutar|harga|giá|kostar|maksaa|kerül|costă|stojí|κοστίζει|עולה|يكلف|कीमत|値段|价格|가격)(?![^\W\d_])")


def _from_sender(text: str, start: int, end: int) -> bool:
    """"I got 482 913 from Google just now", "recebi 551203 do WhatsApp": a value received, then who
    sent it. Not an amount, a time or a year; no label before it ("got order 77120 from Amazon")."""
    p = _patterns()
    if not p["from_sender"].match(text, end) or _UNIT_AFTER.match(text, end) \
            or _TIME_OR_MONEY_BEFORE.search(text, max(0, start - 8), start) or _YEAR.fullmatch(text[start:end]):
        return False
    m = p["received"].search(text, max(0, start - 30), start)
    return bool(m) and _told(text, m.start(), start)


@functools.cache
def _expiry() -> re.Pattern[str]:
    return re.compile(rf"(?i)(?:{prefilter.whole_words(_data()['expiry'])})")


def _used_right_after(text: str, start: int, end: int) -> bool:
    """A code's value, then at once (one word between at most) that it is to be entered or expires, its
    expiry told in the clause ("89109581 enter it before it expires", "89109581 iweke kabla dakika tano
    ziishe"): the words end the value's clause as a full stop would."""
    m = _patterns()["then_used"].match(text, end)
    # (its expiry told in the clause: "411017 daal do, Pune ka hai" is a postal PIN to type into a form)
    return bool(m) and len(m.group("rest").split()) <= 1 and bool(_expiry().search(text, end, end + 60)) and not _UNIT_AFTER.match(text, end) \
        and not _TIME_OR_MONEY_BEFORE.search(text, max(0, start - 8), start) and not _YEAR.fullmatch(text[start:end]) \
        and _used(text, start, end)


def _used(text: str, start: int, end: int) -> bool:
    """"789397 quick enter that before it expires": a code's value, then that it expires or is to be
    entered now. Six digits at least (or two groups of three): a PIN or a door's code of four is read
    elsewhere, a count of four digits may expire too. Not after a thing that expires (a card, a
    coupon, a passport) nor under a label ("order 4410293, type it in the tracking box")."""
    p = _patterns()
    m = p["then_used"].match(text, end)
    if not m or len(re.sub(r"\D", "", text[start:end])) < 6:
        return False
    before = (max(0, start - 30), start)
    return not (p["expiring"].search(text, *before) or p["labels"].search(text, *before)
                or p["expiring"].search(m.group("rest")) or p["labels"].search(m.group("rest")))


def _code_shaped(text: str, start: int, end: int) -> bool:
    """Whether a value is read as a code at all: not an amount, a time or a year, and ending its clause."""
    if _UNIT_AFTER.match(text, end) or _TIME_OR_MONEY_BEFORE.search(text, max(0, start - 8), start):
        return False
    return not _YEAR.fullmatch(text[start:end]) and bool(_CLAUSE_END.match(text, end))


def _told(text: str, words_at: int, start: int) -> bool:
    """Whether the words read back from a value (from ``words_at``) tell its code: no message that
    never came, no label making the value something else between them."""
    if _NOT_CAME.search(text, max(0, words_at - 4), start):
        return False  # "the OTP never came, case number 7731902": no code came, the number is another
    # (no phone-number test: a phone's own words, "SMS", "문자", are what brought the code)
    return not _patterns()["labels"].search(text, max(words_at, start - 30), start)


_VERIFYING = re.compile(r"(?i)verif|confirm|otp|2fa|\bcode|c[oó]digo|codice|\bkod|\bкод|認証|验证|인증")


def announces_code(turn: str) -> bool:
    """Whether ``turn`` says a one-time code came or names one ("dad's phone just got a verification
    text", "the bank's SMS code"): a bare number after it is that code, not a phone's digits."""
    if len(turn) > 300:
        return False
    p = _patterns()
    if _name_gate().open(turn) and p["one_time_name"].search(turn):
        return True
    return _channel_gate().open(turn) and bool(p["a_channel"].search(turn)) and bool(_VERIFYING.search(turn))
