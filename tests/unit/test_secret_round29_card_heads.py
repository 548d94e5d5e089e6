"""Round twenty-nine (mine): a card number the digit run after it used to hide, a card named with what
it pays for, an IMEI named beside a script written without spaces or named after it, an example's word
after a value its span ran on over, a seed phrase with a BIC's shape among its words, a wallet's key named
by the wallet it goes into, a scammer called "fake" (the party is fake, not the value), and a Wi-Fi key
given as the reply to a turn that named the internet ("… if they need internet" / "2K8AVdw1ERrS8").

A run of digits read as a card went on into the expiry's month or a code written after the card
("5279 0263 5753 5606 11/31": sixteen digits and "11"), failed the checksum as a whole and was kept;
now the head of the run that is a card is withheld. "card for the PX order: 6011 …" names the card and
its purpose: the order's word says what the card pays for, not what the number is.

Phrasings written for these tests (none from a corpus). Kept: an order's, a tracking's, an invoice's or a
booking's number followed by a date, an IMEI followed by a count.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_thread

WITHHELD = [
    ("5279026357535606 11/31", "5279026357535606"),
    ("5279 0263 5753 5606 11 31", "5279 0263 5753 5606"),
    ("pay with 4539148803436467 09/28 thanks", "4539148803436467"),
    ("6011549166759803 03/29 for the booking", "6011549166759803"),
    ("use 5100038696532330 11/27 for the survey fee", "5100038696532330"),
    ("Karte für die Bestellung: 4539 1488 0343 6467", "4539 1488 0343 6467"),
    ("la carte pour la commande : 4539148803436467", "4539148803436467"),
    ("the card i use for the grocery order 5100 0386 9653 2330", "5100 0386 9653 2330"),
    ("kaart voor de bestelling 5279026357535606", "5279026357535606"),
    ("ok card for the school trip order: 6011 5491 6675 9803 🙂", "6011 5491 6675 9803"),
    # twelve words of the list, one of them "swift", another a BIC's shape ("LANGUAGE"): still a seed phrase
    ("wallet words: swift language cradle pencil venue patient become jealous stool issue oppose cloud",
     "swift language cradle pencil venue patient become jealous stool issue oppose cloud"),
    ("palabras de la billetera: swift language cradle pencil venue patient become jealous stool issue oppose cloud",
     "cradle pencil venue patient"),
    # a key named by the wallet it is imported into
    ("9f2c6b1e5a7d3c8b0e4f6a2d1c9b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b import this into metamask pls",
     "9f2c6b1e5a7d3c8b0e4f6a2d1c9b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b"),
    ("0xb0e4f6a2d1c9b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b9f2c6b1e5a7d3c8 — paste it in electrum when it asks",
     "b0e4f6a2d1c9b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b9f2c6b1e5a7d3c8"),
    # "fake" names the scammer, not the value
    ("the fake exchange support made me send my private key, it's 9f2c6b1e5a7d3c8b0e4f6a2d1c9b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b",
     "9f2c6b1e5a7d3c8b0e4f6a2d1c9b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b"),
    ("a fake website asked for my card, I typed 4539 1488 0343 6467", "4539 1488 0343 6467"),
    # an example's word inside a seed phrase is one of its words, not a cue
    ("pitch bleak cool shed tenant slender frost ridge february pact sample caught", "tenant slender frost"),
    # an Amex's shape with its card's word, in a script without spaces too
    ("371449635398431 is my amex", "371449635398431"),
    ("wifi password: Example2024!", "Example2024!"),  # the value's own first word is no example's cue
    ("用这张卡4539148803436467付款", "4539148803436467"),
]

KEPT = [
    ("order 4539148803436467 shipped", "4539148803436467"),
    ("tracking 5279026357535606 11/31 delivered", "5279026357535606"),
    ("invoice 5100038696532330 dated 11/27", "5100038696532330"),
    ("booking ref 4539148803436467 09/28", "4539148803436467"),
    ("IMEI 356938035643809 12 units", "356938035643809"),
    # an IMEI named in a script written without spaces, or named after it
    ("手机IMEI号 342294670255260", "342294670255260"),
    ("携帯のIMEI 342294670255260", "342294670255260"),
    ("379462105853928 — that's the imei from *#06#", "379462105853928"),
    # an example said after the value its span ran on over
    ("im Handbuch steht Passwort: IhrPasswort123 als Beispiel", "IhrPasswort123"),
    ("la doc dice contraseña: MiClave2024 como ejemplo", "MiClave2024"),
    # a transaction's hash is named so, whichever wallet shows it
    ("tx 0x9f2c6b1e5a7d3c8b0e4f6a2d1c9b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b shows as confirmed, the hash is in the explorer",
     "9f2c6b1e5a7d3c8b0e4f6a2d1c9b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b"),
    # a fake value is still an example: "a fake key for the tests"
    ("use a fake key for the unit tests, like sk_test_4eC39HqLyjWDarjtT1zdp7dc", "sk_test_4eC39HqLyjWDarjtT1zdp7dc"),
]


@pytest.mark.parametrize(("text", "secret"), WITHHELD)
def test_a_card_is_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_a_lookalike_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


# A Wi-Fi key given as the reply to a turn that named the internet rather than the Wi-Fi; a reference the
# turn asked for stays.
THREAD_WITHHELD = [
    (["for the removal guys if they need internet thx"], "2K8AVdw1ERrS8", "2K8AVdw1ERrS8"),
    (["интернет для гостей?"], "Gx82kLmq7", "Gx82kLmq7"),
    (["اینترنت مهمان‌ها"], "Mehman1402!", "Mehman1402!"),
    (["guests keep asking for the internet"], "it's cafeaulait all lowercase", "cafeaulait"),
]

THREAD_KEPT = [
    (["the internet order?"], "ORD-88213", "ORD-88213"),
    (["my internet is down again"], "TKT-55120", "TKT-55120"),
    (["which internet plan?"], "Fibre500", "Fibre500"),
    (["internet arıza kaydı numarası"], "CRM-8142764", "CRM-8142764"),
    (["avería de internet, el número?"], "INC-88213", "INC-88213"),
]


@pytest.mark.parametrize(("earlier", "text", "secret"), THREAD_WITHHELD)
def test_a_reply_to_the_internet_is_withheld(earlier: list[str], text: str, secret: str) -> None:
    assert secret not in redact_thread(text, earlier)


@pytest.mark.parametrize(("earlier", "text", "value"), THREAD_KEPT)
def test_a_reference_the_internet_turn_asked_for_is_kept(earlier: list[str], text: str, value: str) -> None:
    assert value in redact_thread(text, earlier)
