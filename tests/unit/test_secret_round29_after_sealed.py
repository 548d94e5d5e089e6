"""Round twenty-nine, after the sealed run: a Google account's backup codes printed as two groups of four with a
space ("hm6x 2e6h") are read as a list, whole; a value spelled with the spelling alphabet after its case or in letters
alone, after an answer's name too; a pattern named "deseni" or "swipe shape", a "WPA2 key"; PIN and password names in Hausa, Kinyarwanda, Amharic,
Somali and Nepali; what a secret is like ("backup codes are useful", "the PIN is
important") is no value.

Phrasings written for these tests (none from a corpus).
"""

from __future__ import annotations

import re

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_thread

WITHHELD = [
    ("codigos de backup do gmail da associacao:\nhm6x 2e6h\ncv7f xt5t\n5kfr kczd\npmgu p6ey", ["2e6h", "kczd", "pmgu"]),
    ("mã dự phòng tài khoản bad5 rrvt / 2vgf uq4a / dyky rm9b / yxx2 677h", ["rrvt", "dyky", "677h"]),
    ("códigos de respaldo de la cuenta 4zcj yahc / 65g2 xsje / 9847 wzj8", ["yahc", "xsje", "wzj8"]),
    ("backup codes: hm6x 2e6h, cv7f xt5t, 5kfr kczd", ["kczd", "2e6h"]),
    # spelled: the spelling alphabet after its case, letters alone with no spelling word, after an answer's name
    ("for my dad, password capital charlie romeo capital yankee four sierra", ["romeo", "yankee", "sierra"]),
    ("the memorable info the bank wants is t h u n d e r five six", ["t h u n", "five six"]),
    ("the answer to the secret question is capital A s h w o r t h", ["s h w o r t h"]),
    # a pattern named in Turkish with its case ending, or by the shape one swipes
    ("telefonun deseni 3-6-5-9 sol üstten başlıyor", ["3-6-5-9"]),
    ("swipe shape 4-5-2-3-1-9 on the tablet, the carer does it", ["4-5-2-3-1-9"]),
    ("WPA2 key M8GTY4SW", ["M8GTY4SW"]),
    # a PIN's and a password's names in Hausa, Kinyarwanda, Amharic, Somali and Nepali; Nepali's spoken zero
    ("lambar sirrin katin ATM biyu hudu tara bakwai uku takwas", ["biyu hudu tara"]),
    ("umubare w'ibanga wa MoMo ni 25170", ["25170"]),
    ("ፒኑ ሶስት ሶስት አምስት ዜሮ ነው", ["ሶስት ሶስት አምስት"]),
    ("पिन नौ सुन्ना आठ तीन हो", ["नौ सुन्ना आठ"]),
    ("मेरो फोनको लक 8094 हो", ["8094"]),
    ("telefoonka furitaankiisa waa 8906", ["8906"]),
    ("erayga sirta ah waa Hooyo2020", ["Hooyo2020"]),
]

KEPT = [
    ("backup codes are useful, keep them safe with your other stuff", "useful"),
    ("the PIN is important, dont share it", "important"),
    ("my backup plan: take the bus then walk home with mum", "take the bus"),
    ("I got an A in maths and a B in art, my password policy is fine", "a B in art"),
    ("backup codes? what when this that, no idea", "what when this that"),  # words of four letters, no digit
    ("WPA2 is more secure than WEP", "more secure than WEP"),
    ("my router supports WPA2 and WPA3", "WPA3"),
    ("the swipe shape game is fun", "game is fun"),
]


@pytest.mark.parametrize(("text", "pieces"), WITHHELD)
def test_backup_codes_in_two_groups_of_four_are_withheld_whole(text: str, pieces: list[str]) -> None:
    out = redact_secrets(text)
    assert not any(piece in out for piece in pieces), out


def test_a_digit_after_the_pair_makes_no_pair_a_code() -> None:
    from fact_memory_graph.secrets import backup_code_lists

    code = re.compile(backup_code_lists._CODE, re.I)
    # the digit must stand in the pair's nine characters; with none, the pair is a code only when no group is a
    # word and one could be none (round thirty: "zczj yahc")
    assert not any(backup_code_lists._random(c) for c in code.findall("what when this that 2fa"))
    assert backup_code_lists._random("zczj yahc") and not backup_code_lists._random("sana kazi")
    assert code.findall("hm6x 2e6h / abcd efg1") == ["hm6x 2e6h", "abcd efg1"]


def test_backup_codes_named_in_the_turn_before_are_withheld_whole() -> None:
    out = redact_thread("mfjj hfr2\n3bp3 qc7e\nnm3y yxvp\n6824 yp84", ["recovery codes"])
    assert not any(piece in out for piece in ("mfjj", "yxvp", "yp84")), out


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_what_a_secret_is_like_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)
