"""Health plans' member numbers named in more words (round twenty-seven)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text, value", [
    ("el ID de miembro del seguro: AXK55120931", "AXK55120931"),
    ("mi seguro médico, número de miembro XKP55120931", "XKP55120931"),
    ("ہیلتھ انشورنس ممبر آئی ڈی BCX771203345", "BCX771203345"),
    ("sehat card number Q771203345 hai", "Q771203345"),
])
def test_member_numbers_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_gym_member_number_is_kept() -> None:
    assert "4471882" in redact_secrets("el número de miembro del gimnasio es 4471882")
