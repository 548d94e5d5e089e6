"""A bank account told by the bare word for an account ("حسابي 0012…", "मेरा अकाउंट 5010… है").

Many languages have one word for a bank account, a social-media account and a calculation ("حساب",
"hesap", "खाता", "tài khoản"): the account names of ``secret_words.json`` need "number" or "bank"
beside it, so "حسابي في الراجحي هو 1234…" kept its number. Here (assets/own_accounts.json) the bare
word, then an account-shaped number in the same sentence a few words after it, is withheld when:

- the message is about a bank (a bank, a transfer, a salary, IBAN/SWIFT, a bank's name): any number
  of eight to thirty digits;
- or, with no such word, the number is long (ten digits or more) and not shaped like a phone.

Kept: a number its sentence ties to a phone, a messenger, a social network, an order, a meter, a
balance or an amount ("حسابي على انستغرام", "5000 متابع", "12000000 ريال"); a number with a "+"; a date.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "own_accounts.json"
#: Digits in at most six groups split by a space, a dash or a dot; not glued to a letter, a "+" or a decimal.
_NUMBER = re.compile(r"(?<![\w+$€£¥₹₩.,/\-])\d+(?:[ \-.]\d+){0,5}(?![\w]|[.,]\d|\s?[%€$£¥₹₩円元원₽])")
_SENTENCE_END = re.compile(r"[.!?;\n\u2029](?:\s|$)|[。！？؟]")
_REACH = 60  # the number stands a few words after the account's word
_DATE = re.compile(r"(?:19|20)\d\d[ .\-/]\d{1,2}[ .\-/]\d{1,2}|\d{1,2}[ .\-/]\d{1,2}[ .\-/](?:19|20)?\d\d")
#: Mobile numbers of the countries whose languages share the word (India, China, the Gulf, Egypt, ...).
_PHONE = re.compile(r"0?[6-9]\d{9}|1[3-9]\d{9}|0?5\d{8}|01[0125]\d{8}|0[1-9]\d{8,9}|00\d{9,13}|9\d{7}")


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


def _words() -> list[str]:
    return [w for words in _data()["words"].values() for w in words]


@lru_cache(maxsize=1)
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_words())


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    return (re.compile("(?i)" + prefilter.whole_words(_words())),
            re.compile("(?i)" + prefilter.whole_words(_data()["bank"])),
            re.compile("(?i)" + prefilter.whole_words(_data()["not"])))


def _an_account(value: str, banked: bool) -> bool:
    digits = re.sub(r"\D", "", value)
    if not 8 <= len(digits) <= 30 or len(set(digits)) < 3 or _DATE.fullmatch(value):
        return False
    return banked or len(digits) >= 10 and not _PHONE.fullmatch(digits)


def spans(text: str) -> list[Span]:
    """Account-shaped numbers a few words after a bare word for an account."""
    if not _gate().open(text) or not re.search(r"\d{4}", re.sub(r"[ \-.](?=\d)", "", text)):
        return []
    words, bank, other = _patterns()
    out: list[Span] = []
    for word in words.finditer(text):
        end = _SENTENCE_END.search(text, word.end(), word.end() + _REACH)
        stop = end.start() if end else min(len(text), word.end() + _REACH)
        start = text.rfind("\u2029", 0, word.start()) + 1  # the sentence the word is in, from its turn's start
        ends = list(_SENTENCE_END.finditer(text, start, word.start()))
        start = ends[-1].end() if ends else start
        if other.search(text, start, min(len(text), stop + 20)):  # a phone, a profile, an amount after it
            continue
        banked = bool(bank.search(text))
        for number in _NUMBER.finditer(text, word.end(), stop):
            if _an_account(number.group(), banked):
                out.append((number.start(), number.end(), "bank account"))
                break
    return out
