"""Round thirty-four (t65a): games, families' devices and unlock codes.

A phone's pattern drawn in words in more languages (a letter with a colon after it, a square round the edge, a
letter's word with no copula, a letter's shape in Japanese and Chinese) and its dots run together before a
clause-final copula; a device's code after a longer clause about whose device it is; a screen unlocked with a
value in the turn after the device; a gift or prepaid code printed in one run, a scratch card's code; a PIN
corrected by a PIN in the next turn; a lone value the next turn names although that turn goes on to ask something.

Kept: a game account's id beside a game's words (it opens nothing), a Switch friend code and a match's share code by their printed shapes, a phone's IMEI after its name, a card's last
digits after a debit's word, a knitting pattern's numbers, a product's pattern number with no device, a year after
a phone's code's clause, a card order's label, a correction to a year after a pet's name.

Phrasings written for these tests (none from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, revealed_by_next

from ..helpers import kept_in_thread

WITHHELD = [
    # a pattern drawn in words
    ("az unokám feloldó mintája egy N betű jobb alulról indulva", "N betű jobb alulról"),
    ("Sperrmuster vom Tablet: ein U: oben links runter, dann rüber und hoch", "ein U"),
    ("upplåsningsmönstret på jobbtelefonen är ett N från nedre vänstra hörnet", "ett N"),
    ("графический ключ у сына: квадрат по краю начиная с правого верхнего", "квадрат по краю"),
    ("pola kunci tablet adik huruf N mulai dari kanan bawah", "huruf N"),
    ("息子のタブレットのパターンロックは右上から左へ行って下に降りるL字", "右上から左へ"),
    ("我平板的解锁图案是从右上往左再往下，一个Z形", "从右上往左"),
    # dots run together, a copula that ends the clause
    ("ابو کے فون کا پیٹرن 741589 ہے", "741589"),
    ("মায়ের ফোনের প্যাটার্ন 258963", "258963"),
    # a device's code after a clause about whose device it is
    ("senha do celular que a gente usa pra pedir comida em casa: 493817", "493817"),
    ("kunci layar hp yang dipakai bareng sama kakak 630472", "630472"),
    # a gift or prepaid code printed in one run; a scratch card's code
    ("サンタさんからのプリペイドカードの番号：QM7R2KXA9PLW3NZ5", "QM7R2KXA9PLW3NZ5"),
    ("thẻ cào viettel cho mẹ, mã thẻ là 71520394816203", "71520394816203"),
]

KEPT = [
    # a game account's id: it opens nothing
    ("ID game anakku 307411852 server 3021, mau top up diamond", "307411852"),
    ("meu ID do jogo é 307411852, vou recarregar amanhã", "307411852"),
    # a Switch friend code as the console prints it
    ("el código de amigo de la consola de mi sobrino: SW-7310-2284-5096, ¿lo agrego?", "SW-7310-2284-5096"),
    # a match's share code
    ("share code of last night's match CSGO-a7Kq2-Zp9xM-3bWcN-8tRfL-Qe4Hd, where did we throw?", "CSGO-a7Kq2-Zp9xM-3bWcN-8tRfL-Qe4Hd"),
    # an IMEI after its name; a card's last digits after a debit
    ("IMEI of my daughter's stolen tablet for the police report: 352099001761481", "352099001761481"),
    ("Abbuchung von Nintendo über die Karte mit Endziffern 4812", "4812"),
    # a pattern's look-alikes
    ("the knitting pattern 1234 rows then cast off", "1234"),
    ("I like the wallpaper pattern 2345", "2345"),
    ("thẻ cào 50k giá bao nhiêu vậy", "50k"),
]

THREADS = [
    # a screen unlocked with a value in the turn after the device
    (["o tablet da escola do meu filho", "destrava com 583016"], ["583016"]),
    # a PIN corrected by a PIN
    (["the screen time passcode on my son's phone is 4827", "sorry that's the old one, the new one is 9153"],
     ["4827", "9153"]),
]

THREADS_KEPT = [
    (["my cat is called Tom", "no wait its 2024 now"], ["2024"]),
    (["o celular novo do meu pai", "custou 1500 na loja"], ["1500"]),
]

NAMED_BY_NEXT = [
    # a lone value the next turn names, then asks something in a later clause
    ("Kq7!marlin", "das ist das Passwort von meinem Xbox-Konto, ist das sicher genug?"),
    ("HWPQ7DKMT3RZ88VB", "dat is de code van de cadeaukaart van mijn neefje, waar vul ik die in?"),
]

NOT_NAMED_BY_NEXT = [
    ("Kq7!marlin", "ist das Passwort noch aktuell?"),
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_the_value_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "kept"), KEPT)
def test_the_lookalike_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


@pytest.mark.parametrize(("turns", "values"), THREADS)
def test_a_value_over_turns_is_withheld(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert not any(v in out for v in values)


@pytest.mark.parametrize(("turns", "values"), THREADS_KEPT)
def test_a_lookalike_over_turns_is_kept(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert all(v in out for v in values)


@pytest.mark.parametrize(("value", "after"), NAMED_BY_NEXT)
def test_a_value_the_next_turn_names_is_withheld(value: str, after: str) -> None:
    assert revealed_by_next(value, (), after)


@pytest.mark.parametrize(("value", "after"), NOT_NAMED_BY_NEXT)
def test_a_question_about_it_names_nothing(value: str, after: str) -> None:
    assert not revealed_by_next(value, (), after)
