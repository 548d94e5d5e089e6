"""Round thirty (t61b): what speech-to-text and screen readers write down. Digits heard as other words inside a
run read out in words ("nine two for six", "oh five ate seven", "won three three seven"; Brazil's "meia" for
six; "double four", "triple seven"); a value spelled unit by unit with letters said by their names in Spanish,
Portuguese, Italian, German ("ele", "be grande", "acca", "zett"), signs as a screen reader reads them ("dollar",
"asterisco", "chiocciola"), digit groups the view read from words, and a long spelled run a few words further
from its name.

Phrasings written for these tests (none from a corpus). Kept: numbers and prepositions in ordinary talk ("two to
three times a week", "one for one, two for two"), a name followed by ordinary words.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import forms, redact_secrets

WITHHELD = [
    # digits heard as other words
    ("my bank card pin is nine two for six", ["nine two for six"]),
    ("alarm code oh five ate seven please remember", ["oh five ate seven"]),
    ("the key safe is won three three seven", ["three three seven"]),
    ("garage code three too nine one", ["three too nine one"]),
    ("a senha do cartão é seis meia dois três", ["meia dois"]),
    ("pin double four seven two", ["four seven two"]),
    ("the door code is triple seven two", ["triple seven"]),
    ("le code de la porte c'est sept cette huit deux", ["cette huit"]),
    # spelled by letter names, screen reader signs, digit groups, further from the name
    ("mi contraseña es be grande, ele, u, e, cuatro, dos", ["ele, u, e"]),
    ("la password è acca elle tre sette chiocciola", ["acca elle"]),
    ("a senha é esse tê quatro dois asterisco", ["esse tê"]),
    ("password is capital B l u e dollar four two underscore", ["dollar four two"]),
    ("ni no capital Q capital R one two three four five six capital C", ["capital Q capital R"]),
    ("the password for my library account, the one on the card it says capital M capital O capital S s "
     "seven seven capital Q r", ["capital M capital O"]),
]

WITHHELD_MORE = [
    # a Wi-Fi key after its security mode, or read off the router unit by unit
    ("WPA2 Tq7vLm2Kx9", ["Tq7vLm2Kx9"]),
    ("WPA2-PSK: lanternharbour58", ["lanternharbour58"]),
    ("the label on the modem reads: x seven k two p q nine m z four", ["k two p q nine"]),
    ("auf dem Aufkleber vom Router steht a drei f neun c zwei b acht d eins", ["f neun c zwei"]),
    # an NHS number dictated with a digit too many before it
    ("nhs one four eight five seven seven seven three four five seven", ["eight five seven seven"]),
    # the word the bank asks for, the turn's last word, no copula
    ("la palabra que pide el banco tulipán", ["tulipán"]),
    ("the word the bank asks for Heron44", ["Heron44"]),
    ("الكلمة اللي البنك بيسأل عنها Nairobi9", ["Nairobi9"]),
    ("بینک کا یادگار لفظ Kestrel", ["Kestrel"]),
    ("słowo dla banku Bursztyn7", ["Bursztyn7"]),
]

WITHHELD_PATTERNS_AND_ROMANISED = [
    # an unlock pattern: new names, "ni" as a copula, a dot's word before the dots, no copula before spaced dots
    ("mchoro wa simu yangu ni nukta 1 5 9 8 4", ["1 5 9 8 4"]),
    ("mchoro 3 6 9 8 7", ["3 6 9 8 7"]),
    ("the kindle pattern is dots two five eight nine six", ["two five eight nine six"]),
    ("el patrón de la tablet es puntos 7 4 1 2 3", ["7 4 1 2 3"]),
    ("my screen unlock is a Z from top left", ["Z from top left"]),
    ("ఫోన్ ప్యాటర్న్ 2-5-8-9-6", ["2-5-8-9-6"]),
    # romanised Hindi and Nepali digits, a Vietnamese "hai" (two) right after them; "pause" inside a run
    ("mera ATM ka pin do saat aath nau hai", ["do saat aath nau"]),
    ("mero pin dui char saat nau ho", ["dui char saat nau"]),
    ("the atm number is four one pause eight eight", ["four one pause eight eight"]),
    ("door code three seven, pause, two two", ["three seven, pause, two two"]),
]

WITHHELD_HEALTH = [
    # a health or benefit id: new names, a public word inside the name is the name's own
    ("benefit id four one seven too eight three nine five five zero", ["three nine five five"]),
    ("my benefits reference is 611 204 9937", ["611 204 9937"]),
    ("numéro CMU du patient CMU-7718203344", ["7718203344"]),
    ("nimero ya mituelle 4410293847561200", ["4410293847561200"]),
    ("lambar inshorar lafiya NHIS/55120384", ["55120384"]),
    ("mama's seguro integral SIS88213455", ["SIS88213455"]),
]

HEX = "5f0e1c9a7b3d2e4f6a8b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f"

WITHHELD_LAST = [
    # a passport's number said before its photo page; a key to import into a wallet; a memorable word before a
    # new clause; letters told by a word with their case before them
    ("P8832107 is on the photo page of her passport", ["P8832107"]),
    ("K4410032 — on the data page, reading it for mum", ["K4410032"]),
    (f"please import this into my electrum wallet {HEX}", [HEX]),
    (f"importa esta clave en MetaMask {HEX}", [HEX]),
    ("nationwide memorable word lantern i always forget it", ["lantern"]),
    ("my password is capital K as in kilo, small r as in river, seven, seven", ["as in river"]),
]

KEPT = [
    ("we go two to three times a week", "two to three times"),
    ("one for one, two for two, three for three", "three for three"),
    ("meet at five to nine", "five to nine"),
    ("the password needs a capital letter, a dollar sign and two digits", "a dollar sign and two digits"),
    ("ni no sé si el código es ese", "ni no sé si"),
    ("our router uses WPA2 and the signal is fine", "the signal is fine"),
    ("I forgot the word the bank asks for when I ring", "when I ring"),
    ("the router sticker says the model number on the back", "the model number on the back"),
    ("the knitting pattern 1 2 3 4 rows then cast off", "1 2 3 4 rows"),
    ("we sat do ek char minutes", "sat do ek char"),
    ("the patient register number on the ward board is OPD 84512", "OPD 84512"),
    ("I love the secret word game my kids play", "game my kids play"),
    (f"check the sha256 {HEX} before you import it into the wallet", HEX),
]


@pytest.mark.parametrize(("text", "pieces"), WITHHELD + WITHHELD_MORE + WITHHELD_PATTERNS_AND_ROMANISED + WITHHELD_HEALTH + WITHHELD_LAST)
def test_a_dictated_value_is_withheld(text: str, pieces: list[str]) -> None:
    out = redact_secrets(text)
    assert not any(piece in out for piece in pieces), out


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_ordinary_words_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize(("text", "digits"), [
    ("three eight for three for the card", "3843 for the card"),
    ("oh three for one ate", "03418"),
    ("cinco meia dois um", "5621"),
    ("double four seven two", "4472"),
])
def test_the_view_reads_misheard_digits(text: str, digits: str) -> None:
    assert forms.view(text)[0].endswith(digits)


@pytest.mark.parametrize(("turns", "values"), [
    (["كلمة السر اول جزء Tamarind", "والباقي _4471"], ["Tamarind", "_4471"]),
    (["پاسورډ لومړی Kabul", "بیا 5530!"], ["Kabul", "5530!"]),
    (["şifrenin ilk kısmı Lale_", "devamı lale19"], ["Lale_", "lale19"]),
])
def test_a_value_sent_in_parts_is_withheld(turns: list[str], values: list[str]) -> None:
    from ..helpers import kept_in_thread

    kept = kept_in_thread(turns)
    for value in values:
        assert value not in kept, kept


def test_talk_after_a_cut_off_call_is_kept() -> None:
    from ..helpers import kept_in_thread

    assert "see you at seven then" in kept_in_thread(["the call cut me off", "see you at seven then"])
