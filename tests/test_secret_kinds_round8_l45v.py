"""Round eight (l45v): cards beside a word that names something else earlier in the sentence, a
card's code named by a bare "code" in more languages, test numbers and template slots kept.
Values and sentences written for these tests (Luhn-valid numbers made up here)."""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets
from fact_memory_graph.secrets import public_values


@pytest.mark.parametrize(("text", "value"), [
    # a word that names another number ("phone", "call") in an earlier clause does not make a card public
    ("she called, read it out over the phone, I noted: 4539 1488 0343 6467 exp 11/29", "4539 1488 0343 6467"),
    ("took the booking by call; the card was 5500 0055 5555 5559", "5500 0055 5555 5559"),
    # a card's code after a bare "code" in Arabic, Persian, Hebrew, Indonesian, Vietnamese, Hindi
    ("بطاقتي 4539 1488 0343 6467 والرمز 312", "312"),
    ("کارت من 4539 1488 0343 6467 و رمز 719", "719"),
    ("הכרטיס 4539 1488 0343 6467 והקוד 584", "584"),
    ("kartu saya 4539 1488 0343 6467 kode cvv 206", "206"),
    ("thẻ của tôi 4539 1488 0343 6467 mã cvv 903", "903"),
    ("मेरा कार्ड 4539 1488 0343 6467 सीवीवी 441", "441"),
])
def test_round_eight_card_values_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    # a test number: one or two figures only
    ("the sandbox accepts 4111 1111 1111 1111 for any amount", "4111 1111 1111 1111"),
    ("QA uses card 5555 5555 5555 4444 to check the Mastercard flow", "5555 5555 5555 4444"),
    ("il modulo mostra IBAN: DE00 0000 0000 0000 0000 00 come segnaposto", "DE00 0000 0000 0000 0000 00"),
    # template slots: lower case English, capitals of other languages
    ("the sample env has SMTP_PASSWORD=changeme and API_TOKEN=put-your-token-here", "changeme"),
    ("the sample env has SMTP_PASSWORD=changeme and API_TOKEN=put-your-token-here", "put-your-token-here"),
    ("SESSION_SECRET=replace-with-a-long-random-value in the README", "replace-with-a-long-random-value"),
    ("Im Formular steht Passwort: DEIN_PASSWORT als Platzhalter", "DEIN_PASSWORT"),
    ("No formulário: senha: SUA_SENHA_AQUI", "SUA_SENHA_AQUI"),
    ("Dans le guide : mot de passe : VOTRE_MOT_DE_PASSE", "VOTRE_MOT_DE_PASSE"),
    ("en la guía: contraseña: TU_CONTRASEÑA", "TU_CONTRASEÑA"),
])
def test_round_eight_public_values_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    # a real-looking card, a PIN of equal figures and a Spanish passphrase stay withheld
    ("my card is 4539 1488 0343 6467", "4539 1488 0343 6467"),
    ("the alarm pin is 1111", "1111"),
    ("la contraseña del wifi es tu-casa-verde-77", "tu-casa-verde-77"),
])
def test_round_eight_secrets_beside_the_public_shapes_stay_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_test_number_needs_ten_digits_of_two_figures() -> None:
    assert public_values.test_number("4242 4242 4242 4242")
    assert not public_values.test_number("1111")
    assert not public_values.test_number("4539 1488 0343 6467")


@pytest.mark.parametrize(("text", "value"), [
    # a card's code named by where it is printed, in the languages of the word lists
    ("and the three on the back: 274", "274"),
    ("the 3 on the back are 935", "935"),
    ("los tres de atrás: 518", "518"),
    ("die drei hinten sind 406", "406"),
    ("les trois au dos : 752", "752"),
    ("os três de trás: 861", "861"),
])
def test_round_eight_a_code_named_by_where_it_is_printed(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_round_eight_a_box_with_three_on_the_back_keeps_its_count() -> None:
    assert "12 boxes" in redact_secrets("i put three on the back of the shelf, 12 boxes")


def _monero_phrase(words: list[str]) -> str:
    import zlib

    return " ".join([*words, words[zlib.crc32("".join(w[:3] for w in words).encode()) % len(words)]])


_MADE_UP = ["lantern", "wobbly", "fiscal", "gadget", "humid", "nomad", "oyster", "pebble", "quota", "rafter", "siren", "tulip", "umpire", "vortex", "walnut", "yacht", "zodiac", "anvil", "banjo", "cactus", "dahlia", "emblem", "falcon", "goblet"]


def test_round_eight_a_monero_seed_by_its_checksum_word() -> None:
    phrase = _monero_phrase(_MADE_UP)
    assert "goblet" not in redact_secrets(f"restore with {phrase} please")


@pytest.mark.parametrize("lead", ["my monero seed:", "mnemonic -", "frase semilla:", "сид-фраза:"])
def test_round_eight_twelve_bare_words_after_a_seed_name(lead: str) -> None:
    assert "umpire" not in redact_secrets(f"{lead} {' '.join(_MADE_UP[:13])}")


def test_round_eight_prose_after_a_seed_name_is_kept() -> None:
    text = "the words of the song go like this: hello darkness my old friend, I have come to talk with you again"
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "value", "kept"), [
    # one reading of a meeting's code: its id or dial-in code kept, its passcode withheld
    ("dial-in for the weekly sync: +1 312 555 0148, access code 7720 3391#", "7720 3391#", True),
    ("конференция по вторникам, код доступа 551 203 884", "551 203 884", True),
    ("zoom meeting tomorrow, passcode 804417", "804417", False),
])
def test_round_eight_one_reading_of_a_meeting_code(text: str, value: str, kept: bool) -> None:
    assert (value in redact_secrets(text)) is kept


def test_round_eight_a_test_number_without_a_testing_word_is_a_card() -> None:
    assert "5555 5555 5555 4444" not in redact_secrets("my card is 5555 5555 5555 4444")


@pytest.mark.parametrize(("text", "value"), [
    ("the IFSC of my branch is HDFC0004417", "HDFC0004417"),
    ("I paid with the visa ending in 7731", "7731"),
    ("la tarjeta que termina en 2208", "2208"),
])
def test_round_eight_public_bank_parts_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_round_eight_last_four_after_a_question_about_a_card() -> None:
    from fact_memory_graph.sanitize import redact_thread

    assert "5140" in redact_thread("the one ending 5140", ["which of your cards was charged?"])


@pytest.mark.parametrize(("text", "value"), [
    ("有效期 08/31，背面三位 662", "662"),
    ("카드 뒷면 3자리 418", "418"),
])
def test_round_eight_a_code_on_the_back_in_chinese_and_korean(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    # a bare "code" of these languages names an order's, a parcel's, a post office's code too: not listed
    ("mã đơn hàng tiki 2904417QPZ8K", "2904417QPZ8K"),
    ("الرمز البريدي 11564", "11564"),
])
def test_round_eight_an_order_or_postal_code_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)
