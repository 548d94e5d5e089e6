"""Round twenty-nine (t60b): a password told by what typing it gets one into, a keypad's code told by
the till, the cash box or the siren it works, an Amex's card and its four-digit code told beside it, ids
of residence in more words, prices and reference numbers beside a secret's word.

Phrasings written for these tests (none from a corpus). Kept: a username, an email or a promo code typed
in, an amount after a currency, a request's, a serial's or a student's number, a support line.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

from ..helpers import kept_in_thread

WITHHELD = [
    # a password typed in to get into something, with no secret's word (typed_logins)
    ("type Kedai_Maju88 when the laptop asks", "Kedai_Maju88"),
    ("when the till asks, type kedai#4471", "kedai#4471"),
    ("pra entrar no computador da loja digita Padaria.Sol2020", "Padaria.Sol2020"),
    ("para entrar en la compu de la tienda escribe Panaderia22", "Panaderia22"),
    ("pour te connecter à la caisse tape boulange75", "boulange75"),
    ("Um reinzukommen, gib Baecker_2024 ein", "Baecker_2024"),
    ("untuk masuk ke komputer kasir ketik toko_maju77", "toko_maju77"),
    ("чтобы войти, введи Lena-1990!", "Lena-1990"),
    ("para makapasok sa POS i-type mo sari2sari!", "sari2sari"),
    ("login karne ke liye type karo dukan@786", "dukan@786"),
    # a keypad's code by the till, the cash box or the siren it works (keypad_entries' words)
    ("pindutin ang 5521 sa kahon ng pera", "5521"),
    ("laci kasir dibuka pakai 4417", "4417"),
    ("tekan 90215 biar laci kasir kebuka", "90215"),
    ("dukaan kholte hi 4471 dabao warna siren bajega", "4471"),
    ("press 6620 and the cash drawer pops open", "6620"),
    ("Morgens zuerst 4471* drücken, sonst geht die Sirene los", "4471*"),
    # an Amex and its code beside it (card_codes_told)
    ("company amex 3714 496353 98431 / 2214", "2214"),
    ("3714 496353 98431 | seven seven one two | exp 04/28", "seven seven one two"),
    ("visa for the hotel booking 4539 1488 0343 6467", "4539 1488 0343 6467"),
    ("the amex for supplier invoices is 3782 822463 10005, front code 4417", "4417"),
    ("2720 9934 1256 0012 11/27 402 for the flights", "2720 9934 1256 0012"),
    ("کارت امکس 3714 496353 98431 کد چهار رقمی 7720", "7720"),
    ("ایمیکس کارڈ 3714 496353 98431 سامنے والے ۴ نمبر 3391", "3391"),
    ("amex said the four digits on the front are 2291", "2291"),
    ("الأربعة أرقام على وجه أمريكان إكسبريس 4410", "4410"),
    # residence permits and tax ids in more words
    ("oturum kartımın numarası K7Y2MX91Q", "K7Y2MX91Q"),
    ("居住证号 4403 0519 8807", "4403 0519 8807"),
    ("タックスID 930-80-6513", "930-80-6513"),
    ("رقم الإقامة K5520913X", "K5520913X"),
    ("mon numéro de titre de séjour est 7712093345", "7712093345"),
    ("kaarka deganaanshaha lambarkiisa QX72001", "QX72001"),
    ("የመኖሪያ ፈቃድ ቁጥሬ AB77120934", "AB77120934"),
    ("посвідка на проживання номер 004412981", "004412981"),
    ("номер медичної страховки 310 552 7781", "310 552 7781"),
    ("د روغتیا بیمه شمیره 44120095", "44120095"),
    ("ZRP3RBP0X - the number on the card with my photo the Ausländerbehörde gave me", "ZRP3RBP0X"),
    ("XR42K7PQ1 is the number on the card with my picture from the questura", "XR42K7PQ1"),
    ("doc no K4471920, issued Lagos, valid till 2031", "K4471920"),
    # a South African id by its checksum after an id's word; a CLABE named, any bank's code
    ("my ID number is 8001015009087", "8001015009087"),
    ("pásale a 917200004567123458 es mi clabe", "917200004567123458"),
    # a password typed to get in, behind a colon after the access phrase; other verb forms
    ("lo que pongo para entrar al portal: Vaca-2291", "Vaca-2291"),
    ("what I type after my email to get in: Harbour_88", "Harbour_88"),
    ("чтобы войти в кабинет вводишь Zahra301", "Zahra301"),
    ("چې ایمیل ته ننوځم دا لیکم Herat_5521", "Herat_5521"),
    # a keypad's code at the cash machine, or when the machine asks
    ("на банкомате набираешь 5521 и всё", "5521"),
    ("marka mashiinka lacagta ay ku weydiiso, geli 90412", "90412"),
]

KEPT = [
    ("to log in type the username shop_admin1 when the laptop asks", "shop_admin1"),
    ("to get into the sale enter promo code SAVE20", "SAVE20"),
    ("pra entrar no site digita www.loja.com.br", "www.loja.com.br"),
    ("the siren was loud at 0600", "0600"),
    ("kotak uang isinya 50000", "50000"),
    ("order 3700 761147 26419 shipped", "3700 761147 26419"),
    ("harga nasi goreng Rp 25.000 ya", "25.000"),
    ("nasi uduk Rp18.500 aja", "18.500"),
    ("şifre değişikliği talep numaram 55120934", "55120934"),
    ("the terminal's S/N 88120457 is on the back", "88120457"),
    ("비밀번호 변경 문의 02 3148 2290", "02 3148 2290"),
    ("mon titre de séjour expire le 12/03, rdv à la préfecture", "12/03"),
    ("the Ausländerbehörde appointment is at 10:30, room 214", "214"),
    ("see doc no. 12 for the minutes", "12"),
    ("the barcode number 4006381333931", "4006381333931"),
    ("withdrew 5000 from the atm yesterday", "5000"),
    ("the amex office is on the front street, suite 4400", "4400"),
    ("my amex is due on the front page of the 2024 report", "2024"),
]

THREADS = [
    (["amex for the team lunch order 3782 822463 10005", "CID on the front 6612"], ["3782 822463 10005", "6612"]),
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
