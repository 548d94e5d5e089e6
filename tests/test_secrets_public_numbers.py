"""Numbers that identify a thing or a customer to the ones who serve it (a customer or loyalty number,
a serial number, an IMEI, a VIN, an ISBN, a booking or a claim reference) kept by their own label, also
when a secret's name stands in a clause the writer turned away from ("no password, but …"); a
credential given beside them, or a secret's name on the label itself, keeps them withheld.
Every sentence and value here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

KEPT = [
    ("I'd never share my password, but my customer number is 48213377.", "48213377"),
    ("Mein Passwort sage ich nicht, aber die Kundennummer ist 7712093.", "7712093"),
    ("La contraseña no te la doy, pero mi número de cliente es 55120934.", "55120934"),
    ("Senha não, mas o número de cliente é 66120934.", "66120934"),
    ("Hasła nie podam, ale numer klienta to 1029384756.", "1029384756"),
    ("Пароль не скажу, но номер клиента 66120398.", "66120398"),
    ("Şifremi vermem ama müşteri numaram 9912034.", "9912034"),
    ("密码不能说，但是客户号是 88231190。", "88231190"),
    ("पासवर्ड नहीं बताऊंगा, लेकिन ग्राहक संख्या 88120934 है", "88120934"),
    ("el número de serie del portátil es 5CD1234XYZ", "5CD1234XYZ"),
    ("numer seryjny roweru WX71KQ09", "WX71KQ09"),
    ("DUNS 150483782 for the supplier form", "150483782"),
    ("ISRC GB-AJY-19-00412 on the sleeve", "GB-AJY-19-00412"),
    # a book's EAN by its 978/979 prefix and its check digit, whatever names it
    ("the barcode on the novel is 9780306406157", "9780306406157"),
    ("el código del libro: 978-84-376-0494-7", "978-84-376-0494-7"),
    # a 32-byte key named as the public half; an SSH public key typed in lower case
    ("la clé publique du pair : q1Vd3mLr0Xb7JcK2fTzN8yHs4WgPaE6oUiRt9Bn5CvM=", "q1Vd3mLr0Xb7JcK2fTzN8yHs4WgPaE6oUiRt9Bn5CvM="),
    ("my laptop's key: ssh-ed25519 aaaac3nzac1lzdi1nte5aaaaib3kq9xw2mzl7rt4vbn8cyh5sdj6fgk1pqe0ua dev@lap",
     "aaaac3nzac1lzdi1nte5aaaaib3kq9xw2mzl7rt4vbn8cyh5sdj6fgk1pqe0ua"),
    # a flight's number in a message of a trip
    ("gebucht! Flug LH 1402 am Freitag", "LH 1402"),
    ("reservé, el código es IB3170 para el vuelo del lunes", "IB3170"),
    # a template's login beside a placeholder password: the placeholder is no secret
    ("the wiki page says user: admin@shop.test pass: <yourpassword>", "<yourpassword>"),
]

WITHHELD = [
    ("Kundennummer 7723451090, die PIN ist 4471", "7723451090"),
    ("customer number 55120934 and the password is Harbour!77", "Harbour!77"),
    ("the PIN for my loyalty card number is 4421", "4421"),
    ("pnr 850612-4430", "850612-4430"),
    ("pin 7731, not the customer number", "7731"),
    ("wg private key q1Vd3mLr0Xb7JcK2fTzN8yHs4WgPaE6oUiRt9Bn5CvM=", "q1Vd3mLr0Xb7JcK2fTzN8yHs4WgPaE6oUiRt9Bn5CvM="),
    ("public key is on the wiki, private key q1Vd3mLr0Xb7JcK2fTzN8yHs4WgPaE6oUiRt9Bn5CvM=",
     "q1Vd3mLr0Xb7JcK2fTzN8yHs4WgPaE6oUiRt9Bn5CvM="),
    ("booked the cabin, the door code is KX2041", "KX2041"),
]


@pytest.mark.parametrize(("text", "needle"), KEPT)
def test_public_number_kept(text: str, needle: str) -> None:
    assert needle in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "needle"), WITHHELD)
def test_secret_beside_a_public_number_withheld(text: str, needle: str) -> None:
    assert needle not in redact_turns([text])[0]


def test_refusal_word_in_an_indic_script_is_talk() -> None:
    out = redact_turns(["पासवर्ड नहीं बताऊंगा"])[0]
    assert "नहीं" in out


@pytest.mark.parametrize("first", ["write that down for me", "zanotuj to proszę", "schreib das auf bitte", "記一下"])
def test_asking_to_note_is_no_privacy_request(first: str) -> None:
    from fact_memory_graph.forgetting import withheld_turns

    assert withheld_turns([first, "my bike's frame number is WTU0921K"]) == [False, False]


@pytest.mark.parametrize("first", ["please don't write this down", "no lo anotes, ¿vale?"])
def test_asking_not_to_note_stays_a_request(first: str) -> None:
    from fact_memory_graph.forgetting import withheld_turns

    assert withheld_turns([first, "my brother lost his job"])[1]
