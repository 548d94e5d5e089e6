"""A payment card's expiry told with its own word before its code comes (the filter cannot wait for the
next turn), and a code by where it is printed with no card's word ("three digits at the back") where a
payment card is named; a card that is no payment's keeps its date. Sentences written for this test
(none from a corpus)."""
import pytest

from .helpers import kept_in_thread

SECRETS = [
    (["the card I gave you for the florist expires 11/28"], ["11/28"]),
    (["la tarjeta del catering vence 03/30"], ["03/30"]),
    (["a carta do jantar, validade 07/29"], ["07/29"]),
    (["Karte fürs Hotel, gültig bis 05/28"], ["05/28"]),
    (["для оплаты зала: срок действия 09/27"], ["09/27"]),
    (["kartu buat bayar DP gedung, masa berlaku 12/29"], ["12/29"]),
    (["ödeme için kart, son kullanma 04/30"], ["04/30"]),
    (["the debit card for the deposit", "exp 10/29 and 781 on the back"], ["10/29", "781"]),
    (["карта та сама для оплати", "дійсна до 02/28, на звороті 904"], ["02/28", "904"]),
    (["la carte pour payer le DJ", "au dos c'est 615"], ["615"]),
    (["la tarjeta para la señal del salón", "atrás dice 288"], ["288"]),
    (["the payment link wants the mm/yy, it's 06/31"], ["06/31"]),
]


@pytest.mark.parametrize(("turns", "values"), SECRETS)
def test_the_card_data_is_withheld(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value not in kept, kept


LOOKALIKES = [
    (["my library card expires 09/27, remind me to renew"], ["09/27"]),
    (["my ID card expires 03/26"], ["03/26"]),
    (["the gym card runs out 01/27"], ["01/27"]),
    (["la tessera sanitaria scade 10/30"], ["10/30"]),
    (["the milk expires 05/12"], ["05/12"]),
    (["the card game says on the back 2 to 6 players"], ["2 to 6"]),
    (["the box has a code on the back, batch 4471-B"], ["4471-B"]),
    (["be back at 830 tonight"], ["830"]),
]


@pytest.mark.parametrize(("turns", "values"), LOOKALIKES)
def test_the_look_alike_is_kept(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value in kept, kept
