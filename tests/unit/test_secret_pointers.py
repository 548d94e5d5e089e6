"""Round twenty-eight (mine): where a secret is, or whom to ask for it, is kept; a value is not
(``secrets/secret_pointers.py``). Phrasings and values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_thread


@pytest.mark.parametrize("text", [
    "wifi password: ask Tom",
    "alarm code: ask the caretaker",
    "Tür-PIN: frag Oma",
    "code du portail : demande au gardien",
    "ο κωδικός του wifi είναι στο ψυγείο",
    "ο κωδικός wifi: ρώτα τον Νίκο",
    "пароль от вайфая: спроси у папы",
    "비밀번호는 관리실에 물어보세요",
    "현관 비번은 엄마한테 물어봐",
    "와이파이 비번은 나중에 알려줄게",
    "금고 비밀번호는 수첩에 적어놨어",
    "暗証番号は大家さんに聞いてください",
])
def test_a_pointer_to_a_secret_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_a_pointer_in_the_turn_after_the_name_is_kept() -> None:
    assert redact_thread("管理人さんに聞いてね", ["ドアの暗証番号変わったよ"]) == "管理人さんに聞いてね"


@pytest.mark.parametrize("text, value", [
    ("wifi password: ask2024", "ask2024"),
    ("pw: later", "later"),
    ("PIN: στο 4821", "4821"),
    ("비밀번호는 해바라기", "해바라기"),
    ("ο κωδικός είναι ηλιοτρόπιο", "ηλιοτρόπιο"),
    ("the password is Tom's-Ask!9", "Tom's-Ask!9"),
])
def test_a_value_is_still_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)
