"""Public identifiers kept by their validation (secrets/public_ids.py): a BIC, a lone branch code, a
VAT number, a company's register number, a wallet's receiving address. Every sentence and value here
was written for this file; the identifiers are public examples or computed to validate."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import public_ids, redact_turns

KEPT_THREADS = [
    (["what's the BIC of the sports club's bank?", "COBADEFFXXX"], "COBADEFFXXX"),
    (["le code SWIFT de la banque de la crèche", "AGRIFRPP"], "AGRIFRPP"),
    (["sort code for the nursery's fees", "30-90-89, it's on the letter"], "30-90-89"),
    (["NIF intracomunitário do fornecedor", "DE136695976"], "DE136695976"),
    (["the donations page has the TRON wallet address", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"],
     "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"),
    (["adres portfela do wpłat na schronisko", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"],
     "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"),
    (["KvK-nummer van de bakkerij op de hoek", "17085946"], "17085946"),
    (["wie lautet die Firmenbuchnummer des Lieferanten?", "FN 123456"], "123456"),
    (["SWIFTコードを教えて", "MHCBJPJT"], "MHCBJPJT"),
    (["Ticaret sicil no şirketin faturasında yazıyor: 487211"], "487211"),
    (["le numéro d'entreprise du traiteur est 0403.170.701"], "0403.170.701"),
]


@pytest.mark.parametrize(("turns", "value"), KEPT_THREADS)
def test_public_identifier_kept(turns: list[str], value: str) -> None:
    assert value in redact_turns(turns)[-1]


def test_vat_number_in_a_sentence_kept() -> None:
    assert "GB980780684" in redact_turns(["la facture du fournisseur anglais porte GB980780684"])[0]


WITHHELD = [
    (["my sort code is 30-90-89 and account 41827730"], "41827730"),
    (["sort code for my wages 30-90-89", "account 41827730"], "41827730"),
    (["the wallet's private key, keep it safe", "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"],
     "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"),
    (["mijn BSN is 111222333, nodig voor de btw-aangifte"], "111222333"),
]


@pytest.mark.parametrize(("turns", "value"), WITHHELD)
def test_secret_beside_public_words_withheld(turns: list[str], value: str) -> None:
    assert all(value not in t for t in redact_turns(turns))


def test_crypto_checks() -> None:
    assert public_ids.crypto_address("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7")
    assert not public_ids.crypto_address("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8")
    assert public_ids.crypto_address("1BoatSLRHtKNngkdXEeobR76b53LETtpyT")
    assert not public_ids.crypto_address("5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ")  # a WIF key


@pytest.mark.parametrize(("turns", "value"), [
    (["copy the donation wallet address", "TXq9bN2kVLz7rPa4MfG8cWd3yHs6JtQe5U"], "TXq9bN2kVLz7rPa4MfG8cWd3yHs6JtQe5U"),
    (["le formulaire demande l'IBAN : FRxx BANQ 0000 1111 22"], "FRxx BANQ 0000 1111 22"),
    (["das Muster im Formular: Steuer-ID XXXXX00X000"], "XXXXX00X000"),
    (["we bought a Ford Transit from 2016 with 91000 km"], "91000"),
    (["we bought a Ford Transit from 2016 with 91000 km"], "2016"),
])
def test_address_template_or_everyday_number_kept(turns: list[str], value: str) -> None:
    assert value in redact_turns(turns)[-1]


def test_key_named_keeps_an_address_shape_withheld() -> None:
    turns = ["the private key of the old wallet, keep it", "TXq9bN2kVLz7rPa4MfG8cWd3yHs6JtQe5U"]
    assert "TXq9bN2kVLz7rPa4MfG8cWd3yHs6JtQe5U" not in redact_turns(turns)[-1]
