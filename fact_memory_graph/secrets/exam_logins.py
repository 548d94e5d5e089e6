"""A date of birth used as the password of an exam's results or an admissions portal (round thirty-two).

"roll number 65B96611 daalo aur password mein DOB 09-12-2007", "Roll No: 4916122359 / Date of Birth:
21-12-2005 / [Submit]", "SEE नतिजाको लागि सिम्बोल नम्बर 15D71401 र जन्ममिति 19-03-2004 हाल्नु", "জন্মতারিখ 19-06-2007
দিলেই রেজাল্ট খুলে যায়": exam boards, universities and admissions sites log a candidate in with a number
printed on the admit card (roll, seat, symbol, index, hall ticket) and the date of birth in the password's
place. Beside that number, or with words saying it logs in or opens the result, the date is the secret half
of the login, whoever else knows it: whoever has both sees (and on some sites changes) the candidate's
results and forms.

What such a date IS: a name of a date of birth (``assets/exam_logins.json``, ~40 languages and scripts),
then within a few words a date in digits (day, month and a four-digit year in either order, with "-", "/",
"." or none), or such a date just before the name; and in the same text a candidate's number (an id's name
with a value holding a digit within a few words) or a login's word. A date of birth alone ("DOB 1987-03-11"
on a form, a birthday) is kept; so is the candidate's number itself (a look-alike: an admit card's number).
"""

from __future__ import annotations

import functools
import re

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "exam_logins"  # assets/exam_logins.json

#: A date in digits: dd-mm-yyyy (any of - / . or none) or yyyy-mm-dd; checked as a calendar date below.
_DATE = re.compile(r"(?<![\w/.\-])(?:(?P<d>\d{1,2})(?P<s>[\-/.]?)(?P<m>\d{1,2})(?P=s)(?P<y>(?:19|20)\d\d)"
                   r"|(?P<y2>(?:19|20)\d\d)(?P<s2>[\-/.]?)(?P<m2>\d{1,2})(?P=s2)(?P<d2>\d{1,2}))(?![\w/\-]|\.\d)")
#: From a birth date's name to its value: a few words of one clause, maybe a colon or a dash.
_REACH_AFTER = 40
_REACH_BEFORE = 24
#: A candidate's number after its name: a few characters, then a run with a digit.
_ID_VALUE = re.compile(r"[^\n\d]{0,16}?(?<![\w])[A-Za-z/\-]{0,6}\d[\w/\-]{2,}")


@functools.cache
def _lists() -> dict[str, list[str]]:
    return lexicon.asset_lists(_ASSET)


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_lists()["birth"])


@functools.cache
def _pattern(key: str) -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(_lists()[key]))


def mentioned(text: str) -> bool:
    """Whether ``text`` may name a date of birth (a set lookup: the gate of :func:`spans`)."""
    return _gate().open(text)


def _calendar(m: re.Match[str]) -> bool:
    if m.group("y"):
        day, month, sep = int(m.group("d")), int(m.group("m")), m.group("s")
        digits = len(m.group("d")) + len(m.group("m"))
    else:
        day, month, sep = int(m.group("d2")), int(m.group("m2")), m.group("s2")
        digits = len(m.group("d2")) + len(m.group("m2"))
    if not sep and digits != 4:  # "2542007" is no date: unseparated, two digits each
        return False
    return 1 <= month <= 12 and 1 <= day <= 31 or 1 <= day <= 12 and 1 <= month <= 31  # mm-dd written too


def _candidate_number(text: str) -> bool:
    return any(_ID_VALUE.match(text, m.end()) for m in _pattern("ids").finditer(text))


def spans(text: str) -> list[Span]:
    """The dates of birth of ``text`` (a normalised message) given as an exam or admissions login's password."""
    if not mentioned(text) or not re.search(r"\d{4}", text):
        return []
    births = list(_pattern("birth").finditer(text))
    if not births:
        return []
    out: list[Span] = []
    for name in births:
        for date in _DATE.finditer(text, max(0, name.start() - _REACH_BEFORE), name.end() + _REACH_AFTER):
            between = text[date.end():name.start()] if date.end() <= name.start() else text[name.end():date.start()]
            if date.start() < name.end() <= date.end() or "\n" in between or not _calendar(date):
                continue  # a date inside the name, or on another line of a form
            if (date.start(), date.end(), "password") not in out:
                out.append((date.start(), date.end(), "password"))
            if date.start() >= name.end():
                break  # the first date after the name is its value
    if out and not (_pattern("login").search(text) or _candidate_number(text)):
        return []
    return out


#: A turn that is a date and little else ("16/10/2007", "dob: 23122005").
_MAX_VALUE_TURN = 40
_MAX_NAMING_TURN = 240


def named_by_next(text: str, after: str) -> list[Span]:
    """The date alone in ``text`` that the user's next turn ``after`` names as a results page's or a
    portal's password ("16/10/2007" / "that's what goes in the password box on the results page, username
    is my index 98G34563"): the next turn holds a login's word and a candidate's number or a birth date's
    name. A date alone followed by talk of a password ("12/05/2024" / "that's when I changed my password")
    names no login and is kept."""
    value = text.strip()
    if not value or len(value) > _MAX_VALUE_TURN or len(after) > _MAX_NAMING_TURN or not re.search(r"\d{4}", value):
        return []
    dates = [m for m in _DATE.finditer(text) if _calendar(m)]
    if len(dates) != 1 or len(re.findall(r"[^\W\d_]{2,}", text)) > 3:
        return []
    if not _pattern("login").search(after) or not (mentioned(after) and _pattern("birth").search(after)
                                                     or _candidate_number(after)):
        return []
    return [(dates[0].start(), dates[0].end(), "password")]


#: A phone number as one types it: seven to fifteen digits, maybe a "+" and blanks or dashes between groups.
_PHONE = re.compile(r"(?<![\w+])\+?\d(?:[ \-]?\d){6,14}(?![\w])")
_DESCRIBED_REACH = 70
_SENTENCE_END = re.compile(r"[.!?;\n।۔。](?!\d)")


def described_spans(text: str) -> list[Span]:
    """A password told as the user's own phone number or date of birth, then the number or the date ("pwd is her
    mobile 6047088177", "الرقم السري هو رقم جوالي …", "nenosiri … ni namba yangu ya simu 0723…", "pw … itu tgl
    lahirku 24/02/2006"): a password's name, then in the same sentence such a description and its value. A word
    of sending, resetting or calling between them ("the password reset goes to my mobile 07…", "password? call
    me on my mobile …") or a negation ("the password is not my phone number") makes the number no password."""
    if not _password_gate().open(text) or not re.search(r"\d{4}", text):
        return []
    out: list[Span] = []
    for name in _pattern("passwords").finditer(text):
        stop = min(len(text), name.end() + _DESCRIBED_REACH)
        end = _SENTENCE_END.search(text, name.end(), stop)
        stop = end.start() if end else stop
        described = _pattern("own_numbers").search(text, name.end(), stop)
        births = _pattern("birth").search(text, name.end(), stop) if mentioned(text) else None
        hits = [m for m in (described, births) if m]
        if not hits:
            continue
        first = min(hits, key=lambda m: m.start())
        value = None
        if first is births:
            value = next((d for d in _DATE.finditer(text, first.end(), min(len(text), first.end() + 24)) if _calendar(d)), None)
        else:
            value = _PHONE.search(text, first.end(), min(len(text), first.end() + 24 + 18))
            if value and "\n" in text[first.end():value.start()]:
                value = None
        if not value or _pattern("not_between").search(text, name.end(), value.start()):
            continue
        out.append((value.start(), value.end(), "password"))
    return out


def may_describe(text: str) -> bool:
    """Whether ``text`` may name a password (a set lookup: the gate of :func:`described_spans`)."""
    return _password_gate().open(text)


@functools.cache
def _password_gate() -> lexicon.Gate:
    return lexicon.Gate(_lists()["passwords"])
