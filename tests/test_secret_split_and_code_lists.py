"""A card or an IBAN typed over turns (its parts make one by checksum, whatever words join them), a
code given in pieces after its name, and a list of backup codes joined by a word. Look-alikes: a
phone or an order number typed in parts, a price list. Every sentence was written for these tests
(none copied from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets
from fact_memory_graph.secrets import checksum_parts, redact_turns


def _iban(country: str, bban: str) -> str:
    moved = bban + country + "00"
    check = 98 - int("".join(str(int(ch, 36)) for ch in moved)) % 97
    return f"{country}{check:02d}{bban}"


def _card(head: str) -> str:
    for last in "0123456789":
        digits = head + last
        total = sum(int(d) if i % 2 == 0 else (2 * int(d) - 9 if int(d) > 4 else 2 * int(d))
                    for i, d in enumerate(reversed(digits)))
        if total % 10 == 0:
            return digits
    raise AssertionError


IBAN = _iban("DE", "370400440532013000")
CARD = _card("453201511283036")


@pytest.mark.parametrize(("first", "second"), [
    (f"meu iban começa {IBAN[:9]}", f"e acaba {IBAN[9:]}"),
    (f"{IBAN[:12]}", f"{IBAN[12:]}"),
    (f"номер счёта {IBAN[:6]} {IBAN[6:14]}", f"остальное {IBAN[14:]}"),
    (f"kartu saya {CARD[:8]}", f"lanjut {CARD[8:]}"),
    (f"{CARD[:4]} {CARD[4:8]}", f"{CARD[8:12]} {CARD[12:]}"),
])
def test_parts_that_make_a_number_are_withheld(first: str, second: str) -> None:
    out = redact_turns([first, second])
    joined = "".join(out).replace(" ", "")
    assert IBAN[9:] not in joined and CARD[8:] not in joined


@pytest.mark.parametrize(("first", "second"), [
    ("call the clinic on 0161 496", "0734 please"),
    ("order number 88120", "then 34411"),
    ("the bus is the 42", "then the 17"),
])
def test_parts_that_make_nothing_stay(first: str, second: str) -> None:
    assert not list(checksum_parts.spans(second, first))


@pytest.mark.parametrize(("first", "second", "pieces"), [
    ("der Tresor: 5821", "und dann 0937", ("5821", "0937")),
    ("la cassaforte 5821", "poi 0937", ("5821", "0937")),
    ("locker code 5821", "and then 0937", ("5821", "0937")),
])
def test_code_pieces_after_its_name(first: str, second: str, pieces: tuple[str, str]) -> None:
    out = " ".join(redact_turns([first, second]))
    assert all(p not in out for p in pieces)


@pytest.mark.parametrize(("text", "codes"), [
    ("codes de récupération : k3pw-81da et zz7q-04mf", ("k3pw-81da", "zz7q-04mf")),
    ("Sicherungscodes 3381-2290 und 7710-4452, für den Notfall", ("3381-2290", "7710-4452")),
    ("yedek kodlar 5512 0093 ve 8841 2207", ("5512 0093", "8841 2207")),
    ("backup codes in case I lose the phone: 7hx2-mm4q 9pl3-aa81", ("7hx2-mm4q", "9pl3-aa81")),
])
def test_backup_code_lists_joined_by_a_word(text: str, codes: tuple[str, ...]) -> None:
    out = redact_secrets(text)
    assert all(c not in out for c in codes)


def test_a_plain_word_after_codes_stays() -> None:
    out = redact_secrets("backup codes 4829-1733 and 5521-0937 and keep them safe")
    assert "keep them safe" in out


@pytest.mark.parametrize(("first", "second"), [
    ("die ersten sechs Wörter: orbit candle velvet ramp tiger useful", "der Rest: gravity pencil forum amused lunar vacuum"),
    ("half one — staff ribbon demand kiwi", "half two — absorb meadow crane fossil oyster jelly tunnel bright"),
])
def test_seed_phrase_in_two_turns(first: str, second: str) -> None:
    out = " ".join(redact_turns([first, second]))
    assert "velvet" not in out and "lunar" not in out if "velvet" in first else "kiwi" not in out and "jelly" not in out


def test_two_ordinary_turns_keep_their_words() -> None:
    turns = ["we need to fix the kitchen door this weekend", "and also buy some paint for the garden fence"]
    assert redact_turns(turns) == turns


@pytest.mark.parametrize(("first", "second", "rest"), [
    ("la clave del wifi es Luna", "el resto: 88sol", "88sol"),
    ("mot de passe de la box : chat", "la suite c'est 42Lune", "42Lune"),
    ("το συνθηματικό μου είναι ήλιος", "το υπόλοιπο 77ab", "77ab"),
])
def test_the_rest_after_a_named_password(first: str, second: str, rest: str) -> None:
    assert rest not in redact_turns([first, second])[1]


@pytest.mark.parametrize(("first", "second", "tail"), [
    ("X248", "2300W", "2300W"),  # a Spanish NIE: its check letter
    ("ok 440514", "01359", "01359"),  # a PESEL: a birth date and a check digit
    ("3905334", "e depois 4705", "4705"),  # a CPF: two check digits
    ("17291", "sonra 716060", "716060"),  # a TC kimlik number
    ("RCCMNL83", "S18D969H", "S18D969H"),  # a codice fiscale
])
def test_national_id_in_two_pieces_is_withheld(first: str, second: str, tail: str) -> None:
    assert any(second[s:e] == tail for s, e, _ in checksum_parts.spans(second, first))


@pytest.mark.parametrize(("first", "second"), [
    ("44051", "401358"),  # a PESEL's shape, its check digit wrong
    ("la cuenta son 25", "168 euros"),
])
def test_pieces_failing_an_ids_check_stay(first: str, second: str) -> None:
    assert not list(checksum_parts.spans(second, first))
