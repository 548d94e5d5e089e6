"""The one telephone-number validator the secret filter's readers share (python's ``phonenumbers``)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import phone_numbers


@pytest.mark.parametrize("token", ["+44 7911 123456", "+1 212 555 0142", "020 7946 0958", "(212) 555-0142",
                                   "0570-01-2345", "+49 30 901820"])
def test_a_telephone_number(token: str) -> None:
    assert phone_numbers.is_phone(token)


@pytest.mark.parametrize("token", ["4539 1488 0343 6467", "123", "+99 123", "abc", "", "+", "00000000000"])
def test_not_a_telephone_number(token: str) -> None:
    assert not phone_numbers.is_phone(token)


def test_regions_narrow_where_a_number_without_its_country_code_is_read() -> None:
    assert phone_numbers.is_phone("0570-01-2345", ("JP",))
    assert not phone_numbers.is_phone("0570-01-2345", ("BR",))


def test_possible_is_the_looser_check_of_a_plus_number() -> None:
    assert not phone_numbers.is_phone("+44 7700 900123")  # Ofcom's range for drama: no line
    assert phone_numbers.is_phone("+44 7700 900123", possible=True)
    assert not phone_numbers.is_phone("+1 212 555 01", possible=True)
