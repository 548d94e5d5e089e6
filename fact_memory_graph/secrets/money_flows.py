"""A bank account named by the money that flows into or out of it, not by an account's word.

People managing someone's money name an account by what it does: "DWP pays into 44556677", "the
direct debit comes out of her 12345678", "die Rente geht auf 0532013000", "la pension est versée
sur le 00012345678", "年金は1234567に振り込まれる". No label says "account"; the flow does. Read
(~25 languages, assets/money_flows.json):

- a flow's words right before the number ("paid into", "versée sur", "wpływa na", "打到"), with at
  most two words between (a possessive, an article, a bank's name), or right after it where the
  language puts them there ("…に振り込み", "…로 입금", "…'a yatıyor");
- and in the message something that flows: a pension, a salary, rent, a transfer, a direct debit,
  or an amount with its currency.

The number: six to twenty digits, in at most six groups (a Swedish clearing number "8327-9" before its account). Kept: a number a public word stands
before ("paid into invoice 20241187", "send it to phone 0712…"), an amount ("£500", "1.200,00"),
a date, a number of one repeated digit, a number with a "+" (a phone).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "money_flows.json"
#: An account's number: groups of digits split by a space or a dash, not glued to a letter of a spaced script
#: ("打到6222…", "1234567に振り込み" are read), no decimals after.
_VALUE = (r"(?<![0-9A-Za-zÀ-ɏͰ-Ͽ\u0400-\u04ff+$€£¥₹₩.,/\-])(?P<value>\d{2,}(?:[ \-]\d+){0,5})"
          r"(?![0-9A-Za-zÀ-ɏͰ-Ͽ\u0400-\u04ff]|[.,]\d|\s?[%€$£¥₹₩円元원]"
          r"|\s(?i:eur|euros?|usd|dollars?|bucks|gbp|pounds?|quid|yen|yuan|won|rs|rupees?|inr|zł|złotych|kr|kronor|lei)\b)")
#: Between a flow's words and the number: at most two words ("her", "le", "mum's nationwide").
_BETWEEN = r"(?P<between>(?:[^\W\d_][\w'’.]{0,15}\s+){0,2}?)"
_AMOUNT = re.compile(r"[$€£¥₹₩]\s?\d|\d\s?(?:[$€£¥₹₩]|(?i:eur|usd|gbp|chf|pln|zł|kr|sek|nok|dkk|czk|huf|ron|"
                     r"rub|₽|try|₺|inr|rs|jpy|円|元|원|won)\b)")
_DATE = re.compile(r"(?:19|20)\d\d[ \-]\d{1,2}[ \-]\d{1,2}|\d{1,2}[ \-]\d{1,2}[ \-](?:19|20)\d\d")


#: Where an amount goes or comes from, right after it.
_PREPOSITIONS = ("from", "to", "into", "onto", "out of", "auf", "von", "vom", "an", "sur", "de", "du", "en", "a", "al",
                 "desde", "na", "z", "ze", "на", "с", "со", "з", "till", "från", "på", "fra", "til", "naar", "op", "van",
                 "su", "da", "dal", "para", "pe", "din", "în", "ke", "dari", "vào", "từ", "στο", "από")


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


def _all(key: str) -> list[str]:
    return [w for words in _data()[key].values() for w in words]


def money_words() -> list[str]:
    """Words of money paid or sent, every language of ``assets/money_flows.json``."""
    return _all("money")


@lru_cache(maxsize=1)
def _flow_gate() -> lexicon.Gate:
    return lexicon.Gate([*_all("before"), *_all("after")])


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    before = prefilter.whole_words(_all("before"))
    after = "|".join(re.escape(w).replace("'", "['’]?") for w in sorted(_all("after"), key=len, reverse=True))
    return {"before": re.compile(f"(?i)(?:{before})\\s*{_BETWEEN}{_VALUE}"),
            "after": re.compile(f"(?i){_VALUE}\\s*(?:{after})"),
            # an amount moved, then where from or to ("moved £500 from her 44556677 to my 11223344")
            "moved": re.compile(f"(?i)(?:{_AMOUNT.pattern})\\S*\\s+(?:{prefilter.whole_words(_PREPOSITIONS)})\\s*{_BETWEEN}{_VALUE}"),
            # a second account after the first one of a transfer ("from 44556677 to 11223344")
            "onward": re.compile(f"(?i)\\s+(?:{prefilter.whole_words(_PREPOSITIONS)}|→|->)\\s*{_BETWEEN}{_VALUE}"),
            "money": re.compile("(?i)" + prefilter.whole_words(_all("money"))),
            "public": re.compile("(?i)" + prefilter.whole_words(_data()["public"]))}


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold a flow's words (without them this reader finds nothing)."""
    return _flow_gate().open(text)


def _an_account(value: str) -> bool:
    digits = re.sub(r"\D", "", value)
    return 6 <= len(digits) <= 20 and len(set(digits)) > 1 and not _DATE.fullmatch(value)


def spans(text: str) -> list[Span]:
    """Accounts named by a flow of money in ``text``."""
    pats = _patterns()
    if not (pats["money"].search(text) or _AMOUNT.search(text)):
        return []
    out: list[Span] = []
    # an amount and a bare preposition name an account only where no phone or payment app is named
    moved = pats["moved"].finditer(text) if not pats["public"].search(text) else ()
    for m in (*pats["before"].finditer(text), *moved):
        if _an_account(m.group("value")) and not pats["public"].search(m.group("between")):
            out.append((m.start("value"), m.end("value"), "bank account"))
            onward = pats["onward"].match(text, m.end())
            if onward and _an_account(onward.group("value")) and not pats["public"].search(onward.group("between")):
                out.append((onward.start("value"), onward.end("value"), "bank account"))
    for m in pats["after"].finditer(text):
        if _an_account(m.group("value")):
            out.append((m.start("value"), m.end("value"), "bank account"))
    return out
