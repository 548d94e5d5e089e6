"""Config lines, a verb that is no PIN, and wallet addresses known by their checksum."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_thread
from fact_memory_graph.secrets.forms import base58check_address, secret_variable


@pytest.mark.parametrize("line, value", [
    ("in my .env: STRIPE_WEBHOOK_SECRET=kiwi7781!", "kiwi7781!"),
    ("config.yml → smtp_password: ventana42#", "ventana42#"),
    ("DATABASE_PASSWORD=Lagarto99", "Lagarto99"),
])
def test_a_config_variable_named_as_a_secret_keeps_its_value_out(line: str, value: str) -> None:
    assert value not in redact_secrets(line)


@pytest.mark.parametrize("name_turn, value", [
    ("die .env hat GITHUB_CLIENT_SECRET=", "zebra55tango"),
    ("and the REDIS_PASSWORD: ", "Mantequilla#9"),
    ("API_TOKEN=", "pQ8rT2vX9k"),
])
def test_a_config_variable_left_open_makes_the_next_turn_its_value(name_turn: str, value: str) -> None:
    assert value not in redact_thread(value, [name_turn])


@pytest.mark.parametrize("name_turn, reply", [
    ("set MAX_RETRIES=", "5"),
    ("STRIPE_PUBLISHABLE_KEY=", "pk_live_sample"),
    ("AWS_ACCESS_KEY_ID=", "see the vault"),
])
def test_a_variable_that_is_no_secret_leaves_the_next_turn_alone(name_turn: str, reply: str) -> None:
    assert redact_thread(reply, [name_turn]) == reply


def test_the_variable_names() -> None:
    assert secret_variable("SHOPIFY_API_SECRET") and secret_variable("db_password") and secret_variable("SLACK_BOT_TOKEN")
    assert not secret_variable("JWT_SECRET_LENGTH") and not secret_variable("STRIPE_PUBLISHABLE_KEY")
    assert not secret_variable("AWS_ACCESS_KEY_ID") and not secret_variable("MAX_RETRIES")


def test_placeholders_in_config_lines_stay() -> None:
    for line in ("API_SECRET=YOUR_SECRET_HERE", "set JWT_SECRET=${JWT_SECRET} in the env", "DB_PASSWORD=changeme"):
        assert redact_secrets(line) == line


@pytest.mark.parametrize("text", [
    "pin the action to 9c1e2f7", "we pin the base image at 3.11.7", "pin it to the top of the channel",
    "pin all the deps to exact versions: requests==2.32.3",
])
def test_pin_as_a_verb_names_no_pin(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text, value", [
    ("my pin is 4471", "4471"), ("change the pin to 8302", "8302"), ("PIN: 5519", "5519"),
])
def test_a_pin_still_is_one(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_wallet_addresses_by_their_checksum() -> None:
    # Bitcoin (1…, 3…), Dogecoin, Tron: Base58Check of a version byte and a 20-byte hash
    for address in ("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
                    "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"):
        assert base58check_address(address)
        assert redact_secrets(f"send it to {address} pls") == f"send it to {address} pls"
    # one character changed: no address; a private key in WIF is Base58Check of another length
    assert not base58check_address("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")
    assert not base58check_address("5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ")
    assert "5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ" not in redact_secrets(
        "wallet import: 5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ")


_KEY = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"


@pytest.mark.parametrize("text", [
    f"my metamask export gave me 0x{_KEY}, keep it safe",
    f"la cartera me dio esto al exportar: {_KEY}",
    f"ключ из кошелька {_KEY}",
])
def test_a_wallet_key_in_hex_is_withheld_unnamed(text: str) -> None:
    assert _KEY not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    f"tx 0x{_KEY} confirmed after 3 blocks", f"sha256 of the release: {_KEY}",
    f"the commit digest was {_KEY}",
])
def test_a_hash_in_hex_stays(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("name_turn", ["המפתח הפרטי של הארנק", "ο ιδιωτικό κλειδί του πορτοφολιού μου", "私钥在下面"])
def test_a_private_key_named_in_one_turn_and_given_in_the_next(name_turn: str) -> None:
    assert _KEY not in redact_thread(_KEY, [name_turn])


def test_a_wallets_public_address_after_its_name_stays() -> None:
    address = "0x52908400098527886E0F7030069857D2E4169EE7"
    assert redact_thread(address, ["öffentliche Wallet-Adresse"]) == address
    assert redact_thread(address, ["my wallet"]) == address


def test_digits_inside_a_hex_token_are_no_card() -> None:
    # "52908400098527886" passes Luhn; inside an address or a hash it is no card
    for text in ("send to 0x52908400098527886E0F7030069857D2E4169EE7", "id 52908400098527886e0f7030069857d2e4169ee7ab12"):
        assert redact_secrets(text) == text
    assert "4539 1488 0343 6467" not in redact_secrets("card 4539 1488 0343 6467")
