"""A US routing number named alone: public, kept wherever a reader took it for an account.

A routing (ABA) number names a bank, not a customer: it is printed on every cheque and on the bank's
own pages, so "credit union routing 051642611, I'll add my account later", "is 123797892 the right
routing for Wells?", "el número de ruta del banco es 382925531, la cuenta te la doy luego",
"codul de rutare al băncii 380703603", "这个银行的路由号是059476915吗" and a turn "routing" followed by
a turn "092384446" are look-alikes (docs/privacy.md, round twenty-seven). What such a value IS: nine
digits with the ABA checksum (python-stdnum's ``us.rtn``), a routing number's name
(``assets/routing_numbers.json``, ~20 languages) within a few words of it in its clause — or the turn
before naming one when the value comes alone — and no account: no second number of five digits or
more in the message (nor in the turn before), no account's word right before the value nor one asking
about it in the same clause ("is 309796824 a routing number or my account number?" stays withheld).
An account's word in another clause, with no value ("… la cuenta te la doy luego"), gives none.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "routing_numbers.json"
_NINE = re.compile(r"(?<![\d+\-./])(\d{9})(?![\d\-/])")
_LONG = re.compile(r"\d(?:[\s\-.]?\d){4,}")
#: A clause's end between a value and a word after it.
_BREAK = re.compile(r"[,;.!?—–:()\n]|\s-\s")


@functools.cache
def _words(key: str) -> re.Pattern[str]:
    words = json.loads(_ASSET.read_text(encoding="utf-8"))[key]
    return re.compile("(?i)" + prefilter.whole_words(words))


def _valid(digits: str) -> bool:
    from stdnum.us import rtn

    return bool(rtn.is_valid(digits))


def _named_near(text: str, s: int, e: int) -> bool:
    """A routing number's name within a few words before the value, or after it in its clause."""
    names = _words("names")
    before = text[max(0, s - 45):s]
    if names.search(before) and not re.search(r"\d", before[max((m.end() for m in names.finditer(before)), default=0):]):
        return True
    after = text[e:e + 45]
    cut = _BREAK.search(after)
    return bool(names.search(after[:cut.start()] if cut else after))


def _account_at(text: str, s: int, e: int) -> bool:
    """An account's word governing the value: the nearest name before it, or one after it in its clause."""
    accounts, names = _words("accounts"), _words("names")
    before = text[max(0, s - 45):s]
    negated = _words("negations")
    last_acct = max((m.end() for m in accounts.finditer(before)  # "no account: 137860799" names none
                     if not negated.search(before[max(0, m.start() - 9):m.start()] + " ")), default=-1)
    last_name = max((m.end() for m in names.finditer(before)), default=-1)
    if last_acct > last_name:
        return True
    after = text[e:e + 45]
    cut = _BREAK.search(after)
    return bool(accounts.search(after[:cut.start()] if cut else after))


def _alone(text: str, s: int, e: int, before: str, after: str) -> bool:
    nine = _NINE.search(text, s, e)  # the span may run on into a word ("… is 321584221 right?")
    if not nine or re.search(r"\d", text[s:nine.start()] + text[nine.end():e]) or len(text[s:e].split()) > 3:
        return False
    if not _valid(nine.group()) and not _words("unchecked_names").search(text[max(0, nine.start() - 30):nine.start()]):
        return False  # Bangladesh's routing numbers, named in Bengali, carry no ABA checksum
    s, e = nine.span()
    rest = text[:s] + " " + text[e:]
    if _LONG.search(rest) or _account_at(text, s, e) or _LONG.search(after) or _words("accounts").search(after) \
            or before and _LONG.search(before):  # "my checking 5512098734" / "routing 121000358": the pair
        return False
    if _named_near(text, s, e):
        return True
    # the value alone in its turn, the turn before naming a routing number and no account
    bare = len(rest.split()) <= 3
    return bool(before and bare and _words("names").search(before) and not _LONG.search(before)
                and not _words("accounts").search(before))


def without_routing_alone(text: str, spans: list[Span], before: str = "", after: str = "") -> list[Span]:
    """``spans`` without a US routing number named alone (see the module's notes); ``before`` and ``after``:
    the turns around ``text`` when known (an account in the turn after makes the pair a secret)."""
    if not spans or not _NINE.search(text):
        return spans
    if not _words("names").search(text) and not (before and _words("names").search(before)):
        return spans
    return [sp for sp in spans if not _alone(text, sp[0], sp[1], before, after)]


_RUN = re.compile(r"(?<![\d+\-./])\d{4,17}(?![\d\-/]|[.,]\d)")
_NEAR = 40
#: An amount, not an account: "$2500", "2500 dollars".
_AMOUNT = re.compile(r"[$€£¥]\s?\d|\d\s?(?:dollars?|bucks|usd|k\b|%)", re.I)


def account_spans(text: str, before: str = "") -> list[Span]:
    """A US bank account beside its routing number, the account named as one ("8176022081 — thats my
    checking, the bank's number is 073043971"; "and checking is 145699709248" after a turn that gave the
    routing number): the account's number and the routing number in ``text``, withheld as one pair. The
    routing number: nine digits with the ABA checksum, in ``text`` or in the turn ``before``; the account:
    another run of 4 to 17 digits with an account's word (``held``) within a few words of it."""
    if not _NINE.search(text) and not (before and _NINE.search(before)):
        return []
    held = _words("held")
    if not held.search(text):
        return []
    routing = [m for m in _NINE.finditer(text) if _valid(m.group(1))]
    if not routing and not any(_valid(m.group(1)) for m in _NINE.finditer(before or "")):
        return []
    out: list[Span] = []
    for run in _RUN.finditer(text):
        if any(r.span() == run.span() for r in routing):
            continue
        near = text[max(0, run.start() - _NEAR):run.start()] + " " + text[run.end():run.end() + _NEAR]
        if held.search(near) and not re.fullmatch(r"(?:19|20)\d\d", run.group()) \
                and not _AMOUNT.search(text[max(0, run.start() - 2):run.end() + 9]):
            out.append((run.start(), run.end(), "bank account"))
    if out:
        out += [(r.start(), r.end(), "bank account") for r in routing]
    return out


def routing_before_account(text: str, after: str) -> list[Span]:
    """A routing number in ``text`` whose account the turn ``after`` gives ("… it's 342301205" / "and checking is
    145699709248"): the pair is the secret, the routing number with it."""
    if not after or not _NINE.search(text) or not _words("names").search(text):
        return []
    if not account_spans(after, text):
        return []
    return [(m.start(), m.end(), "bank account") for m in _NINE.finditer(text) if _valid(m.group(1))]
