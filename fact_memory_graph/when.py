"""The period a question asks about: "in May 2023", "on 3 June, 2023", "between May 3 and May 9,
2023", "the second week of November", "summer 2021" (northern-hemisphere seasons), "last week",
"two years ago", "yesterday". The read path takes it as evidence: the facts dated within it (their
``valid_at``, else when they were said) join the candidates and gain ``Fusion.period``.

Pure and offline (no model): English forms only, resolved against the question's own time (the
reader's clock) in its time zone. A question naming no period gives ``None`` and the search is
unchanged. Deliberately small: a form not listed here is simply not a period.
"""

from __future__ import annotations

import calendar
import re
from datetime import datetime, timedelta

__all__ = ["Period", "asked_period", "asks_when"]

#: ``[start, end)``, timezone-aware.
Period = tuple[datetime, datetime]

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS |= {name.lower(): i for i, name in enumerate(calendar.month_abbr) if name}
_MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_MONTH = rf"(?P<month>{_MONTH_NAMES})\.?"
_YEAR = r"(?P<year>(?:19|20)\d\d)"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
#: A question longer than this is read at its head and tail only (a pasted page is not a question;
#: a hostile one must not slow the read).
MAX_CHARS = 4000
_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}

#: Northern-hemisphere seasons: (first month, months); winter runs from December into the next year.
_SEASONS = {"spring": (3, 3), "summer": (6, 3), "autumn": (9, 3), "fall": (9, 3), "winter": (12, 3)}
_ORDINAL_WEEK = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3}
_SEP = r"(?:,\s*|\s+)"  # "June 3, 2023", "June 3 2023", "June 3,2023"

# Most specific first: a range of days, a day, a week, then a month, a season, a year, then
# relative forms.
_FORMS = [
    ("between", re.compile(rf"\bbetween\s+(?P<month1>{_MONTH_NAMES})\.?\s+(?P<day1>[0-3]?\d)(?:st|nd|rd|th)?\s+and\s+"
                           rf"(?:(?P<month2>{_MONTH_NAMES})\.?\s+)?{_DAY}{_SEP}{_YEAR}\b", re.I)),  # between May 3 and May 9, 2023
    ("day", re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}{_SEP}{_YEAR}\b", re.I)),      # 3 June, 2023
    ("day", re.compile(rf"\b{_MONTH}\s+{_DAY}{_SEP}{_YEAR}\b", re.I)),                 # June 3, 2023
    ("week_of", re.compile(rf"\b(?P<nth>first|1st|second|2nd|third|3rd|fourth|4th|last)\s+week\s+of\s+{_MONTH}"
                           rf"(?:\s+{_YEAR})?\b", re.I)),                               # the second week of May
    ("season", re.compile(rf"\b(?P<season>spring|summer|autumn|fall|winter)\s+(?:of\s+)?{_YEAR}\b", re.I)),
    ("iso", re.compile(r"\b(?P<year>(?:19|20)\d\d)-(?P<month>[01]\d)-(?P<day>[0-3]\d)\b")),
    ("month", re.compile(rf"\b{_MONTH}\s+(?:of\s+)?{_YEAR}\b", re.I)),                # May 2023
    ("bare_month", re.compile(rf"\b(?:in|during|since|back in|early|late|mid)[- ]+{_MONTH}\b(?!\s*\d)", re.I)),
    ("year", re.compile(rf"\b(?:in|during|of|since|back in)\s+{_YEAR}\b", re.I)),
    ("yesterday", re.compile(r"\byesterday\b", re.I)),
    ("today", re.compile(r"\b(?:today|this morning|tonight)\b", re.I)),
    ("last", re.compile(r"\b(?P<which>last|this|past|previous)\s+(?P<unit>week(?:end)?|month|year)\b", re.I)),
    ("ago", re.compile(r"\b(?P<n>\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
                       r"(?P<unit>day|week|month|year)s?\s+ago\b", re.I)),
]


_WHEN = re.compile(r"\b(?:when|since when|how long ago|what (?:date|day|year|month|time)|which (?:date|day|year|month)"
                   r"|how long (?:has|have|had|did|was|were|since))\b", re.I)


def _bounded(text: str) -> str:
    half = MAX_CHARS // 2
    return text if len(text) <= MAX_CHARS else f"{text[:half]}\n{text[-half:]}"


def _day_start(at: datetime) -> datetime:
    return at.replace(hour=0, minute=0, second=0, microsecond=0)


def _month(year: int, month: int, tz: object) -> Period:
    start = datetime(year, month, 1, tzinfo=tz)  # type: ignore[arg-type]
    end = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=tz)  # type: ignore[arg-type]
    return start, end


def _latest_year(month: int, now: datetime) -> int:
    """The year of the latest such month not after ``now`` ("in June", "the first week of May")."""
    return now.year - (month > now.month)


def _relative(which: str, unit: str, now: datetime) -> Period:
    today = _day_start(now)
    monday = today - timedelta(days=today.weekday())
    if unit == "weekend":  # the Saturday and Sunday of this calendar week, or of the one before
        saturday = monday + timedelta(days=5 if which == "this" else -2)
        return saturday, saturday + timedelta(days=2)
    if unit == "week":
        return (monday, monday + timedelta(days=7)) if which == "this" else (monday - timedelta(days=7), monday)
    if unit == "month":
        year, month = now.year, now.month
        if which != "this":
            year, month = (year - 1, 12) if month == 1 else (year, month - 1)
        return _month(year, month, now.tzinfo)
    year = now.year - (which != "this")
    return datetime(year, 1, 1, tzinfo=now.tzinfo), datetime(year + 1, 1, 1, tzinfo=now.tzinfo)


def asked_period(text: str, now: datetime) -> Period | None:
    """The period ``text`` asks about, resolved against ``now`` (aware), or ``None``."""
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    text = _bounded(text)
    for form, pattern in _FORMS:
        m = pattern.search(text)
        if m is None:
            continue
        g = m.groupdict()
        try:
            if form in ("day", "iso"):
                month = int(g["month"]) if form == "iso" else _MONTHS[g["month"].lower()]
                start = datetime(int(g["year"]), month, int(g["day"]), tzinfo=now.tzinfo)
                return start, start + timedelta(days=1)
            if form == "between":  # an inverted range falls through to its last day
                year = int(g["year"])
                start = datetime(year, _MONTHS[g["month1"].lower()], int(g["day1"]), tzinfo=now.tzinfo)
                last = datetime(year, _MONTHS[(g["month2"] or g["month1"]).lower()], int(g["day"]), tzinfo=now.tzinfo)
                if last >= start:
                    return start, last + timedelta(days=1)
                continue
        except ValueError:  # "31 February": not a day
            continue
        if form == "week_of":  # days 1-7, 8-14, ... of the month; "last": its final seven days
            month = _MONTHS[g["month"].lower()]
            year = int(g["year"]) if g["year"] else _latest_year(month, now)
            first, end = _month(year, month, now.tzinfo)
            nth = g["nth"].lower()
            start = end - timedelta(days=7) if nth == "last" else first + timedelta(days=7 * _ORDINAL_WEEK[nth])
            return start, start + timedelta(days=7)
        if form == "season":
            first_month, months = _SEASONS[g["season"].lower()]
            start, _ = _month(int(g["year"]), first_month, now.tzinfo)
            end_year, end_month = divmod(first_month - 1 + months, 12)
            return start, datetime(int(g["year"]) + end_year, end_month + 1, 1, tzinfo=now.tzinfo)
        if form == "month":
            return _month(int(g["year"]), _MONTHS[g["month"].lower()], now.tzinfo)
        if form == "bare_month":
            month = _MONTHS[g["month"].lower()]
            return _month(_latest_year(month, now), month, now.tzinfo)
        if form == "year":
            year = int(g["year"])
            return datetime(year, 1, 1, tzinfo=now.tzinfo), datetime(year + 1, 1, 1, tzinfo=now.tzinfo)
        if form == "yesterday":
            return _day_start(now) - timedelta(days=1), _day_start(now)
        if form == "today":
            return _day_start(now), _day_start(now) + timedelta(days=1)
        if form == "last":
            return _relative(g["which"].lower(), g["unit"].lower(), now)
        if form == "ago":  # around that time: half a unit either side (a day: that day)
            n = int(g["n"]) if g["n"].isdigit() else _NUMBER[g["n"].lower()]
            days = _UNIT_DAYS[g["unit"].lower()]
            centre = now - timedelta(days=n * days)
            if days == 1:
                return _day_start(centre), _day_start(centre) + timedelta(days=1)
            return centre - timedelta(days=days / 2), centre + timedelta(days=days / 2)
    return None


def asks_when(text: str) -> bool:
    """Whether ``text`` asks when ("when ...?", "how long ago ...?", "what date ...?"): the memory
    section then dates every fact, so the answer can say when (as it does for a named period)."""
    return bool(_WHEN.search(_bounded(text)))
