"""An account's number right after its bank's code: "for payroll: 075147707 then 3261417772", "mate send it to
028-138 / 775639571, commbank", "sort code 20-45-77 / 41338827 for the rent".

How people give an account to be paid into: the bank's code first (a US routing number — nine digits with the ABA
checksum, python-stdnum's ``us.rtn`` —, an Australian BSB "ddd-ddd", a UK sort code "dd-dd-dd"), then a separator
or "then" ("/", ",", "then", "acc", "luego", "dann": ``assets/account_pairs.json``), then the account: six to
seventeen digits. The message must say money is sent or paid (``money_flows``' money words and this reader's
words of sending). The account is withheld; the bank's code stays (a routing number is public, round twenty-seven).

Kept: two numbers with no money's word ("call 028-138 / 775639571"), a first number that is no bank's code (a
nine-digit number failing the checksum), an amount or a date after the code, a phone's number ("+", or ten digits
or more starting with 0).
"""

from __future__ import annotations

import functools
import re

from stdnum.us import rtn

from fact_memory_graph.secrets import lexicon, money_flows, prefilter

Span = tuple[int, int, str]

_ASSET = "account_pairs"
_CODE = re.compile(r"(?<![\d+\-./])(?:(?P<aba>\d{9})|(?P<bsb>\d{3}-\d{3})|(?P<sort>\d{2}-\d{2}-\d{2}))(?![\d\-/.,]\d)")


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = lexicon.asset_lists(_ASSET)
    joins = prefilter.whole_words(data["joins"])
    account = re.compile(rf"(?i)[^\S\n]*(?:[/,;|:→\-–—][^\S\n]*)?(?:(?:{joins})[.:]?[^\S\n]*)?(?P<v>\d{{6,17}})(?![\d.,/\-:]\d|\d)")
    sends = re.compile("(?i)" + prefilter.whole_words([*data["sends"], *money_flows.money_words()]))
    return account, sends


def spans(text: str) -> list[Span]:
    """Accounts right after their bank's code in a message about money (see the module's note)."""
    if len(text) > 1500 or not _CODE.search(text):
        return []
    account, sends = _patterns()
    if not sends.search(text):
        return []
    out: list[Span] = []
    for n, code in enumerate(_CODE.finditer(text)):
        if n >= 6:
            break
        if code.group("aba") and not rtn.is_valid(code.group("aba")):
            continue
        m = account.match(text, code.end())
        if not m or m.start("v") == code.end():
            continue  # the code and the account run together: one number
        value = m.group("v")
        if value[0] == "0" and len(value) >= 10 or text[max(0, m.start("v") - 1)] == "+":
            continue  # a phone's number
        out.append((m.start("v"), m.end("v"), "bank account"))
    return out
