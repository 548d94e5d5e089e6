"""A telephone number to call is kept however near a secret's word it stands (secrets.called_numbers)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_thread, redact_turns


@pytest.mark.parametrize(("text", "value"), [
    ("alarm code got reset, ring the concierge on 020 7946 0321 to get the new one", "020 7946 0321"),
    ("el código del portal cambió, llama al portero al 0161 496 0755", "0161 496 0755"),
    ("der Türcode ist neu, frag den Hausmeister unter +49 30 901820", "+49 30 901820"),
    ("现在门禁密码改了，拨打(212) 555-0178问前台", "(212) 555-0178"),
    ("현관 비밀번호 바뀌었대 관리실 +82 2 312 3456로 전화해", "+82 2 312 3456"),
    ("the otp came from 0161 496 0411, is that the bank?", "0161 496 0411"),
    ("برای رمز جدید با شماره 021 8830 1234 تماس بگیرید", "021 8830 1234"),
    ("nambari ya huduma kwa wateja kubadilisha PIN ni +254 20 4250000", "+254 20 4250000"),
    ("safe deposit code is held by the branch, their line is 0161 496 0244", "0161 496 0244"),
    ("if the gate code fails call my brother on (555) 0143", "(555) 0143"),
    ("the PIN reset went wrong, customer service number is 0161 496 0521", "0161 496 0521"),
])
def test_a_number_to_call_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("call me, the PIN is 0161 496 0398", "496 0398"),
    ("my account number is 01614960398", "01614960398"),
    ("the code they texted is 447120", "447120"),
    ("call the bank, my card 4539 1488 0343 6467 is blocked", "4539 1488 0343 6467"),
    ("ring me later, password: 0207 946 0321", "946 0321"),
    ("my NHS number is 401 023 2137, keep it handy for the surgery", "401 023 2137"),
    ("el número de identificación personal de mi madre es 44031401333", "44031401333"),
    ("banque en ligne : identifiant 6620193847, code secret 4471", "6620193847"),
    ("my DBS update service number is 001298765432", "001298765432"),
])
def test_a_secret_after_a_call_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


def test_a_number_in_its_own_turn_after_a_secret_is_kept() -> None:
    assert "0161 496 0877" in redact_thread("their number 0161 496 0877", ["the key safe code is with the agent"])
