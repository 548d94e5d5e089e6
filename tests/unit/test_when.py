"""The period a question asks about, resolved against the question's time (pure, no Postgres)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from fact_memory_graph.when import asked_period, asks_when

NOW = datetime(2023, 10, 20, 15, 0, tzinfo=UTC)  # a Friday


def _days(period):
    return None if period is None else (period[0].date().isoformat(), period[1].date().isoformat())


@pytest.mark.parametrize(("question", "expected"), [
    ("What did Gina find for her store on 1 February, 2023?", ("2023-02-01", "2023-02-02")),
    ("What did Melanie show Caroline on October 13, 2023?", ("2023-10-13", "2023-10-14")),
    ("what happened on 2023-05-23", ("2023-05-23", "2023-05-24")),
    ("What did Maria donate in December 2023?", ("2023-12-01", "2024-01-01")),
    ("When did Melanie go camping in June?", ("2023-06-01", "2023-07-01")),      # the latest June
    ("What did we plan back in November?", ("2022-11-01", "2022-12-01")),       # not a future month
    ("How often did she go to the beach in 2023?", ("2023-01-01", "2024-01-01")),
    ("Where did John go on a road trip last year?", ("2022-01-01", "2023-01-01")),
    ("what did I tell you last month", ("2023-09-01", "2023-10-01")),
    ("What did I do last week?", ("2023-10-09", "2023-10-16")),                 # the calendar week before
    ("What event did John volunteer at last weekend?", ("2023-10-14", "2023-10-16")),
    ("what did I say yesterday", ("2023-10-19", "2023-10-20")),
    ("how am I doing today", ("2023-10-20", "2023-10-21")),
    ("what did I mention three days ago", ("2023-10-17", "2023-10-18")),
    ("Where was John between August 11 and August 15 2023?", ("2023-08-11", "2023-08-16")),
    ("what did we do between May 3 and 9, 2023", ("2023-05-03", "2023-05-10")),
    ("Where was the picture shared on December 1,2023 taken?", ("2023-12-01", "2023-12-02")),
    ("Which country was Tim visiting in the second week of November?", ("2022-11-08", "2022-11-15")),
    ("the last week of February 2024", ("2024-02-23", "2024-03-01")),                # a leap year
    ("What state did Joanna visit in summer 2021?", ("2021-06-01", "2021-09-01")),
    ("how was the winter of 2022", ("2022-12-01", "2023-03-01")),                    # into the next year
])
def test_a_named_period_is_resolved(question: str, expected: tuple[str, str]) -> None:
    assert _days(asked_period(question, NOW)) == expected


@pytest.mark.parametrize("question", [
    "Where do I live?", "How is the may release going?", "what about 31 February, 2023?", "I may come by",
    "my 2023 goals",  # a year as a name, not a period asked about
])
def test_no_period_no_evidence(question: str) -> None:
    assert asked_period(question, NOW) is None


def test_an_age_ago_is_a_window_around_it_and_the_zone_is_the_clocks() -> None:
    start, end = asked_period("Where did Caroline move from 4 years ago?", NOW)
    assert start < NOW - timedelta(days=4 * 365) < end and end - start == timedelta(days=365)
    tokyo = timezone(timedelta(hours=9))
    start, _ = asked_period("yesterday", datetime(2023, 10, 20, 1, 0, tzinfo=tokyo))
    assert start == datetime(2023, 10, 19, tzinfo=tokyo)
    with pytest.raises(ValueError, match="aware"):
        asked_period("yesterday", datetime(2023, 10, 20))  # noqa: DTZ001 - the point of the test


@pytest.mark.parametrize(("question", "expected"), [
    ("When did Melanie go camping?", True), ("How long ago was her birthday?", True),
    ("What date is the wedding?", True), ("Where do I live?", False), ("whenever you like", False),
])
def test_a_question_about_time_is_told_apart(question: str, expected: bool) -> None:
    assert asks_when(question) is expected


def test_a_pasted_page_is_read_at_its_head_and_tail_only() -> None:
    page = "x " * 500_000 + "what did I say in May 2023?"
    assert _days(asked_period(page, NOW)) == ("2023-05-01", "2023-06-01")  # the tail is read
    assert asked_period("in " * 300_000 + "y" * 10_000, NOW) is None and not asks_when("1 " * 500_000)
