"""A money transfer's collection code: what a relative gives at the counter to collect the money.

"WU MTCN 8688338463", "رقم الحوالة 136-659-0112 استلميها من أي وكيل", "کد حواله MX-1143 هست، برو پیش صراف",
"moneygram reference 71852862 hai, ID le ke jaana", "les das el número 0475126686 … cuando lo cobres". Whoever
holds the code (with the answer to the transfer's test question, when there is one) collects the money: it
is withheld (docs/privacy.md, round twenty-eight). What such a code IS, in ~25 languages
(``assets/transfer_codes.json``): the collection code's own name ("MTCN", "número de envío", "کد حواله"),
or a number's or a code's word in a message that names a transfer (a remittance service, a hawala, a
padala) or collecting the money ("cóbralo", "kunin mo"); then within a few words a value of 6 to 14 digits
(groups split by dashes or spaces) or a few capitals, a dash and digits ("KQ-8104"). The answer to the
test question beside such a transfer is withheld too ("answer to the question is Kalamansi").

Kept: a number another word claims in between (a phone, an agent, an account, an order), and every value
of a message that treats it as a reference to look up or check ("the shop can look it up", "pa-check kung
pumasok", an M-Pesa confirmation, a UTR): the record of a payment already made is no key to collect one.
"""

from __future__ import annotations

import functools
import re

from fact_memory_graph.secrets import lexicon, prefilter
from fact_memory_graph.secrets.forms import TURN_JOIN

Span = tuple[int, int, str]

_DIGITS = re.compile(r"\d{3}")
#: 6-14 digits, groups split by one dash or space ("136-659-0112"), or 1-4 capitals, maybe a dash, and
#: 3-8 digits ("MX-1143"), or 6-12 capitals and digits with three digits at least.
_VALUE = re.compile(r"(?<![\w\-/.,])(?:\d{2,5}(?:[- ]\d{2,5}){1,3}|\d{6,14}|[A-Z]{1,4}-?\d{3,8}"
                    r"|(?=(?:[A-Z]*\d){3})(?=\d*[A-Z])[A-Z0-9]{6,12}|[A-Za-z]{3,12}-\d{2,4})(?![\w\-/]|[.,]\d)")
#: A value that opens its clause (or its turn), then what it is for: "RM42771896 thats what u tell the agent",
#: "90094964 یہ مونی گرام کا ریفرنس ہے", "4697531403 — nenda … ukachukue".
_FIRST = re.compile(r"(?:^|(?<=[\n\u2029.!?]))\W{0,3}(?P<v>\d{8,14}|[A-Z]{1,4}\d{6,10}|\d{3,4}-\d{3}-\d{3,4})"
                    r"(?P<tail>[^\d\n.!?\u2029]{0,50})")
#: Between a code's word and its value: no digit, no sentence's end (a turn's join is no end: "mtcn" / "406-…").
_GAP_CHARS = re.compile(r"[^\d\n.!?;]{0,45}")
#: The word or two before a code's word, read with the gap for a word that claims the number ("order number").
_LABEL_BEFORE = re.compile(r"(?:[^\W\d_][\w'’/-]*\s+){0,2}$")
_NAME_DIGITS = 8  # a code's word after a verb of collecting alone (no transfer named): a transfer's long number


def _data() -> dict:
    return lexicon.asset_lists("transfer_codes")


@functools.cache
def _gate() -> lexicon.Gate:
    d = _data()
    return lexicon.Gate(d["own_names"] + d["services"] + d["transfers"] + d["collect"] + d["value_first"])


@functools.cache
def _words(*keys: str) -> re.Pattern[str]:
    d = _data()
    return re.compile("(?i)" + prefilter.whole_words([w for k in keys for w in d[k]]))


@functools.cache
def _answer() -> re.Pattern[str]:
    d = _data()
    named = prefilter.whole_words(d["answers"] + d["questions"])
    copula = r"\s+(?:is|es|ay|ni|est|é|è|ist|hai|hei|waa|là|ye|ko)\s+|\s*[:：]\s*"
    return re.compile(rf"(?i)(?:{named})(?P<gap>[^\d\n.!?;:：\u2029]{{0,50}}?)(?:{copula})"
                      r"['\"“‘]?(?P<v>[^\W\d_][^,.;!?:\n\u2029\d'\"”’]{0,30}?)['\"”’]?"
                      r"(?=\s*(?:[,.;!?\n\u2029]|$)|\s+(?:and|y|e|et|tapos|at|na|then|va|و)\s)")


def spans(text: str) -> list[Span]:
    """The collection codes of ``text`` (a normalised message, or two turns joined) and a test's answer."""
    if len(text) > 4000 or not _DIGITS.search(text) or not _gate().open(text):
        return []
    own = list(_words("own_names").finditer(text))
    transfer = own or _words("services", "transfers").search(text)
    collect = transfer or _words("collect").search(text) or _words("value_first").search(text)
    if not collect or _words("public").search(text):
        return []  # no transfer named; or a reference to look up ("the shop can look it up", "pa-check")
    names = own + list(_words("code_words").finditer(text))
    out: list[Span] = []
    blocked = _words("not_in_gap")
    for name in names[:24]:
        gap = _GAP_CHARS.match(text, name.end())
        value = _VALUE.search(text, name.end(), gap.end() + 20)
        value = value and _VALUE.match(text, value.start())  # read whole, not cut where the search stopped
        label = _LABEL_BEFORE.search(text, max(0, name.start() - 24), name.start())  # "my order number", "agent no."
        if not value or value.start() > gap.end() or blocked.search(text, label.start(), value.start()):
            continue
        if not transfer and sum(ch.isdigit() for ch in value.group()) < _NAME_DIGITS:
            continue  # "cóbralo … número 123456" with no transfer named: a long number only
        if not any(s <= value.start() < e for s, e, _ in out):
            out.append((value.start(), value.end(), "password"))
    for m in _FIRST.finditer(text):
        tail = m.group("tail")
        told = _words("value_first").search(tail)  # "… thats what u tell the agent": the agent is told, not numbered
        if told and blocked.search(tail, 0, told.start()):
            continue  # "12345678 is my order number, tell the agent"
        if (told or _words("own_names", "services", "transfers", "collect").search(tail) and not blocked.search(tail)) \
                and not any(s <= m.start("v") < e for s, e, _ in out):
            out.append((m.start("v"), m.end("v"), "password"))
    if out and transfer:
        for m in _answer().finditer(text):
            if not blocked.search(m.group("gap")) and len(m.group("v").split()) <= 4:
                out.append((m.start("v"), m.end("v"), "password"))
    return out


def thread_spans(text: str, turns: tuple[str, ...]) -> list[Span]:
    """A collection code in ``text`` read with the two turns before it ("referencia de MoneyGram" / "35626767 para
    cobrar"), after the labels' filters of a thread: a transfer's "reference" is no shop's."""
    if not _DIGITS.search(text):
        return []
    before = TURN_JOIN.join(t[-300:] for t in turns[-2:])
    joined = f"{before}{TURN_JOIN}{text}"
    offset = len(joined) - len(text)
    return [(s - offset, e - offset, k) for s, e, k in spans(joined) if s >= offset]
