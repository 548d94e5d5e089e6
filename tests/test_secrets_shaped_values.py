"""Round eleven (o45n): secrets known by their shape, a checksum and a name near them, in many
languages (fact_memory_graph/secrets/shaped_values.py). Values and sentences written for this test;
checksums computed with python-stdnum."""

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_turns

WITHHELD = [
    # a card number after a card's name, Luhn-valid, whatever its network prefix; any digits and widths
    ("ma carte: 3712 9988 7766 5545 pour l'abonnement", "3712 9988 7766 5545"),
    ("楽天で使うカード番号：３７１２９９８８７７６６５５４５ です", "３７１２９９８８７７６６５５４５"),
    ("número do cartão 3712998877665545, vence mês que vem", "3712998877665545"),
    ("grandpa's card, he read it out: 3712 dash 9988 dash 7766 dash 5545 keep it for me", "3712 dash 9988"),
    # an account beside a bank's public code, in any order and language: both withheld
    ("my savings is 5512098734 (routing number 121000358) for the tax refund", "5512098734"),
    ("my savings is 5512098734 (routing number 121000358) for the tax refund", "121000358"),
    ("मेरा खाता 30418822917 है और IFSC PUNB0123400 है, सैलरी के लिए", "30418822917"),
    ("मेरा खाता 30418822917 है और IFSC PUNB0123400 है, सैलरी के लिए", "PUNB0123400"),
    ("BSB 083-170 and then 448812093 is where the bond goes", "448812093"),
    ("Banco Itaú, ag 4471 cc 20983-5, pode transferir", "20983-5"),
    ("IBAN: GB00-QWER-1234-5678-9012-34 for the deposit", "GB00-QWER-1234-5678-9012-34"),
    # an id python-stdnum validates after a person's id's name (any language), or with no name at all
    ("SA ID 9203145089083 for the clinic form please", "9203145089083"),
    ("my gran's ID is 7508230124088, for the pension form", "7508230124088"),
    ("居民身份证 440304198506123017 帮我填表", "440304198506123017"),
    ("주민등록번호 9001011234568 입력해 주세요", "9001011234568"),
    ("hans personnummer är 830412-1232, fyll i blanketten", "830412-1232"),
    ("9203145089083", "9203145089083"),
    # a key's name (any language) then a long mixed token, of a provider nobody listed
    ("chave da API do gateway PAGX_LIVE-88213907451122-90 não funciona", "PAGX_LIVE-88213907451122-90"),
    ("la clave de la API de envíos es Qm7xR2tLw9PzV4kN8sJd, ¿por qué falla?", "Qm7xR2tLw9PzV4kN8sJd"),
    ("Der Schlüssel für das Portal lautet hz_9KqP2mXv7LrT4wNc", "hz_9KqP2mXv7LrT4wNc"),
    ("apiToken: Vb83kQz1Lm5Rt7Wx2Yp9", "Vb83kQz1Lm5Rt7Wx2Yp9"),
    # several short codes after a backup or recovery word, in any mixed form; one long recovery key
    ("Shopify 2FA backup: 4410 7723, 90812275, qk4mz-r8tw2", "4410 7723"),
    ("Shopify 2FA backup: 4410 7723, 90812275, qk4mz-r8tw2", "qk4mz-r8tw2"),
    ("códigos de recuperação do email: 2291 8876 / 5530 1209", "5530 1209"),
    ("バックアップコード 7tq2ka9m と ub4x8p1z を保存", "ub4x8p1z"),
    ("clé de récupération : K4TZ-8QWM-2RPL-7XVN-3JDH-9BCF", "K4TZ-8QWM-2RPL-7XVN-3JDH-9BCF"),
    # an authenticator's key in groups, a one-time code in a pasted bank message
    ("the authenticator key is QW3R TY5U ZX7C VB2N KL4M PO6I, how do I type it", "QW3R TY5U ZX7C VB2N KL4M PO6I"),
    ("SBI: 730419 आपका OTP है, इसे किसी को न बताएं", "730419"),
    ("Bank alert: 552 918 is your one-time password", "552 918"),
]

KEPT = [
    ("order number 3712 9988 7766 5545 for the sofa, when does it ship?", "3712 9988 7766 5545"),
    ("Stripe's test card 4242 4242 4242 4242 declines in live mode?", "4242 4242 4242 4242"),
    ("the routing number of my bank is 121000358, it's printed on their website", "121000358"),
    ("SWIFT code DEUTDEFF is for Deutsche Bank in Frankfurt", "DEUTDEFF"),
    ("Bitte die Bestellnummer 3021004455668 angeben", "3021004455668"),
    ("delhivery AWB 7508230124088 where is it", "7508230124088"),
    ("the commit hash is 3f9a2b7c1d4e5f60718293a4b5c6d7e8f9a0b1c2 for the API key rotation", "3f9a2b7c"),
    ("the public key is ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK8wq1 for the server", "AAAAC3NzaC1lZDI1NTE5AAAAIK8wq1"),
    ("backup on 12-05-2024 and 13-05-2024 both failed", "12-05-2024"),
    ("backup drive serial WD-WX12A34B5678 is dying", "WD-WX12A34B5678"),
    ("OTP expired after 10 minutes, requested at 14:32", "14:32"),
    ("example SSN on the IRS instructions: 123-45-6789", "123-45-6789"),
    ("ISBN 9780306406157 for the book club", "9780306406157"),
]


@pytest.mark.parametrize("text,value", WITHHELD)
def test_shaped_secret_withheld(text, value):
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text,value", KEPT)
def test_lookalike_kept(text, value):
    assert value in redact_secrets(text)


def test_account_and_bank_code_after_a_greeting_turn():
    turns = ["namaste, ek kaam tha", "mera account number 30418822917 aur IFSC PUNB0123400 hai"]
    shown = " ".join(redact_turns(turns))
    assert "30418822917" not in shown and "PUNB0123400" not in shown


def test_own_name_beats_a_public_label_ending_the_turn_before():
    turns = ["payroll details for the new staff member", "IBAN: GB00-QWER-1234-5678-9012-34"]
    assert "GB00-QWER" not in " ".join(redact_turns(turns))


def test_recovery_codes_named_in_the_turn_before():
    turns = ["the two backup codes for the shop's email", "8xk2mq7p and r4n9tz2w; the rest are printed"]
    shown = " ".join(redact_turns(turns))
    assert "8xk2mq7p" not in shown and "r4n9tz2w" not in shown


MORE_WITHHELD = [
    ("she's paying over the phone so her visa is 4556 7375 8689 9855 exp 10/29", "4556 7375 8689 9855"),
    ("מספר הזהות של אבא שלי 203819479 לטופס", "203819479"),
    ("códigos de respaldo: kqwe-rtzu m3x9-p2lf abcd-7k2m", "kqwe-rtzu"),
    ("TC kimlik no 10000000146 forma yaz", "10000000146"),
]


@pytest.mark.parametrize("text,value", MORE_WITHHELD)
def test_more_shaped_secrets_withheld(text, value):
    assert value not in redact_secrets(text)


def test_pix_phone_with_area_code_kept():
    turns = ["na placa do caixa: aceitamos pix", "(21) 97654-3210"]
    assert "97654-3210" in " ".join(redact_turns(turns))


def test_account_then_bank_code_in_the_next_turn():
    turns = ["my checking 5512098734", "routing 121000358"]
    shown = " ".join(redact_turns(turns))
    assert "5512098734" not in shown and "121000358" not in shown


def test_pix_key_after_its_name_in_the_turn_before():
    turns = ["pode me pagar no pix", "chave: 52998224725"]
    assert "52998224725" not in " ".join(redact_turns(turns))


@pytest.mark.parametrize("text,value", [
    ("put PAYMENTS_KEY=pk_live_XXXXXXXXXXXXXXXX in the config file", "pk_live_XXXXXXXXXXXXXXXX"),
    ("the docs say token: ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
])
def test_filler_placeholder_kept(text, value):
    assert value in redact_secrets(text)


def test_key_with_a_short_x_run_still_withheld():
    text = "my key is sk_live_xxxxxx8s7Dk2mQ9pL3vR5tW1, ok"
    assert "8s7Dk2mQ9pL3vR5tW1" not in redact_secrets(text)


def test_codes_the_next_turn_calls_backup_codes():
    turns = ["keep these in your notes for me", "tq8pz-44mwk\nr2v9x-bn7c3", "those are my backup codes for the bank app"]
    shown = " ".join(redact_turns(turns))
    assert "tq8pz-44mwk" not in shown and "r2v9x-bn7c3" not in shown


def test_codes_named_after_them():
    assert "5521 0093" not in redact_secrets("8472 1937, 5521 0093 are my backup codes")


def test_prefixed_letter_key_after_a_token_name():
    assert "ab_QwErTyUiOpAsDfGh" not in redact_secrets("the deploy token, first half: ab_QwErTyUiOpAsDfGh")


def test_camel_case_word_after_key_kept():
    text = "the key function is getElementsByClassName in the DOM api"
    assert "getElementsByClassName" in redact_secrets(text)


@pytest.mark.parametrize("turns,value", [
    (["in the bank statement", "it shows the account ****5519"], "5519"),
    (["the build id is 5512873", "commit 3c9d2e7a1f0b4c6d8e2a9b7c5d3e1f0a2b4c6d8e broke the deploy"],
     "3c9d2e7a1f0b4c6d8e2a9b7c5d3e1f0a2b4c6d8e"),
    (["my visa application file number MH4418827310 hai, status kaise dekhun"], "MH4418827310"),
    (["passport renewal application number 7712093456"], "7712093456"),
    (["מספר הטלפון של הרופא 04-8123456"], "04-8123456"),
])
def test_family_lookalikes_kept(turns, value):
    assert value in " ".join(redact_turns(turns))


def test_tax_file_number_still_withheld():
    assert "876 543 210" not in redact_secrets("my tax file number 876 543 210 for the new job")


def test_card_second_half_after_an_interruption():
    turns = ["ok the card is 4539 1488", "hang on the baby is crying", "0343 6467 sorry"]
    shown = " ".join(redact_turns(turns))
    assert "0343 6467" not in shown and "4539 1488" not in shown


def test_two_numbers_that_make_no_card_kept():
    turns = ["my card arrived, the box said 4539 1488", "order 1234 5678 for the case"]
    assert "1234 5678" in " ".join(redact_turns(turns))


def test_hex_after_a_plain_key_kept():
    assert "9e107d9d372bb6826bd81d3542a419d6" in redact_secrets("the cache key 9e107d9d372bb6826bd81d3542a419d6 expired")


@pytest.mark.parametrize("text,value", [
    ("the refund went to my card ending in 55120934", "55120934"),
    ("o débito foi no cartão com final 77310245", "77310245"),
    ("mi número de estudiante es 2022-55817", "2022-55817"),
])
def test_masked_tail_and_school_number_kept(text, value):
    assert value in redact_secrets(text)
