"""What a secret is for is not its value: "the password to download the exams is …" withholds the value, never the
verb of its purpose; "changed the password to X a while ago" still withholds X."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text,verb", [
    ("the password to download the exams is in the email", "download"),
    ("the code to unlock the shed is on the fridge", "unlock"),
    ("password for accessing the portal: Tr0ub4dor&3", "accessing"),
])
def test_the_verb_of_a_secrets_purpose_is_kept(text: str, verb: str) -> None:
    assert verb in redact_secrets(text)


@pytest.mark.parametrize("text,value", [
    ("the password to download the exams is 62822762", "62822762"),
    ("I changed the password to sunshine a while ago", "sunshine"),
    ("set the wifi password to opensesame", "opensesame"),
])
def test_the_value_is_still_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)
