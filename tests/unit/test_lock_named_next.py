"""A bare code the next turn says a lock takes is withheld (round twenty-seven, t58c;
``secrets/lock_named_next.py``). Phrasings and values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import revealed_by_next


@pytest.mark.parametrize("code, after", [
    ("4-4-1-9-0-7", "its for the smart lock"),
    ("771 203", "that's for the padlock on the shed"),
    ("58120", "for the smart lock app"),
])
def test_a_code_a_lock_takes_is_withheld(code: str, after: str) -> None:
    assert revealed_by_next(code, ["remember this pls"], after)


@pytest.mark.parametrize("code, after", [
    ("0161 496 0757", "its the number for the locksmith"),
    ("44190", "for the invoice"),
])
def test_a_number_called_or_a_reference_is_kept(code: str, after: str) -> None:
    assert not revealed_by_next(code, ["remember this pls"], after)
