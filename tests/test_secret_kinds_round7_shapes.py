"""The secret filter's seventh round, shaped values (issue 45): recovery and backup codes in
lists, gift cards, keys a few words after their name, webhook URLs, Wi-Fi keys in a config, a
card's expiry beside its code, Chinese seed phrases and halves of a phrase; and the look-alikes
that must stay: SSH public keys, placeholders, UUIDs, SRI hashes, company ids, examples from
documentation, meeting dial-in codes, invoices and phone numbers a format-only id module would
take, masked numbers, loyalty cards, India's postal codes. Every value and sentence here is
written for these tests (keys random, cards Luhn-valid, ids python-stdnum-valid)."""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets
from fact_memory_graph.secrets import redact_turns

HEX64 = "76fb65ba3bea5872205b11e891857d9ee86849a7305f6d8138583cd83b4220f9"
HEX32 = "819d63ab8b4cca5874ef9d516bf0f8af"
MIXED = "Bry0yM527IVSIQd5KGAtjV2RsiNJ"
DISCORD = ("https://discord.com/api/webhooks/771234098812345678/"
           "RcPMDibWYlWO--z2SVDo-_FSZrgv33_hJr9xDfOjefc7y9-1akvMcOhCP38BEnATXIFH")
BASE32 = "TZBBOOHG3KDRIIOKCX4GJC4BYWM6RZVR"


@pytest.mark.parametrize(("text", "secrets"), [
    # recovery and backup codes: one a line, several on a line, a single long one
    ("backup codes for my Proton account, keep them:\nk3v9p-7wq2m\nz81fd-qq4nr\n5tt0a-mm2xc",
     ["k3v9p-7wq2m", "z81fd-qq4nr", "5tt0a-mm2xc"]),
    ("Mein Wiederherstellungsschlüssel fürs Tablet: 418273-660918", ["418273-660918"]),
    ("il codice di recupero del mio Authy è q8m2 x7v1 k4p9", ["q8m2", "x7v1", "k4p9"]),
    ("Dropbox のバックアップコード：58204913、77310462", ["58204913", "77310462"]),
    ("Återställningskoder för mitt konto: PX4QM-82LKD-QW7ZN-R3TT9-H6YBB", ["PX4QM-82LKD-QW7ZN-R3TT9-H6YBB"]),
    # gift cards: a bearer value and its PIN
    ("my aunt's gift card number is 6006 4919 2834 7710 and the PIN is 3381", ["6006 4919 2834 7710", "3381"]),
    ("carte cadeau Decathlon : code ZK7Q-39MW-P2XR, merci de le garder", ["ZK7Q-39MW-P2XR"]),
    ("código do vale-presente: HQ4N-88TR-K2LM", ["HQ4N-88TR-K2LM"]),
    # keys a few words after their name, in any language
    (f"The client secret for our Xero integration: {MIXED}. Does it expire?", [MIXED]),
    (f"la clave AES con la que ciframos las copias: {HEX64}", [HEX64]),
    (f"결제 API 키랑 시크릿이에요: {HEX32} / {MIXED}", [HEX32, MIXED]),
    (f"Sendgrid auth token는 {HEX32}입니다", [HEX32]),
    # webhook URLs, Wi-Fi keys in a config
    (f"our alerts go to {DISCORD} — can you format the embed?", [DISCORD]),
    ('hostapd.conf on the router:\nssid=Werkstatt\nwpa_passphrase=Gr4nit!Falke\n', ["Gr4nit!Falke"]),
    # a card's expiry beside its security code
    ("exp 11/28 cvv 552", ["11/28", "552"]),
    ("有効期限 03/29 セキュリティコード 904", ["03/29", "904"]),
    ("4096 6403 2046 4217 09/29 318 that's everything", ["4096 6403 2046 4217", "09/29", "318"]),
    ("כרטיס 5433 8604 1780 6893 תוקף 02/30 קוד 447", ["5433 8604 1780 6893", "447"]),
    # a Chinese seed phrase after its name
    ("我的助记词：助格谁导达永汪直晨诬停市", ["助格谁导达永汪直晨诬停市"]),
    # ids by name
    ("Mã số thuế cá nhân của tôi là 4868181408", ["4868181408"]),
])
def test_shaped_secrets_are_withheld(text: str, secrets: list[str]) -> None:
    out = redact_secrets(text)
    for secret in secrets:
        assert secret not in out, out


@pytest.mark.parametrize(("turns", "secret"), [
    (["设置两步验证的设置密钥（手动输入）", BASE32], BASE32),
    (["Återställningskoder för jobbkontot:", "PX4QM-82LKD-QW7ZN-R3TT9-H6YBB"], "PX4QM-82LKD-QW7ZN-R3TT9-H6YBB"),
    (["aquí va mi frase semilla, la mitad primero", "triste rosa pisar vaina bruto trozo",
      "y lo que falta   historia ser fumar enfermo ahorro mes"], "historia ser fumar enfermo ahorro mes"),
    (["钱包助记词分两次发", "前半 助格谁导达永", "后半 汪直晨诬停市"], "汪直晨诬停市"),
    (["steam card from my uncle", "code is 7RKQ2-MW8ZP-T4N6X don't tell"], "7RKQ2-MW8ZP-T4N6X"),
])
def test_shaped_secrets_across_turns_are_withheld(turns: list[str], secret: str) -> None:
    assert all(secret not in t for t in redact_turns(turns))


@pytest.mark.parametrize(("text", "kept"), [
    ("new intern's public key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH4mQx9Lr2Vt8pKd0sWq7ZyN3bFcE1uJo5aGhT6iRkYw "
     "ana@laptop", "AAAAC3NzaC1lZDI1NTE5AAAAIH4mQx9Lr2Vt8pKd0sWq7ZyN3bFcE1uJo5aGhT6iRkYw"),
    ("host key fingerprint SHA256:Jm4TqW8xZr2kL9vN3bP6cY1dF5gH7sA0eU4iO8wQ2tE is that the right server?",
     "SHA256:Jm4TqW8xZr2kL9vN3bP6cY1dF5gH7sA0eU4iO8wQ2tE"),
    ("the template says password: <your-db-password> and token: ${GITHUB_TOKEN}", "<your-db-password>"),
    ("the template says password: <your-db-password> and token: ${GITHUB_TOKEN}", "${GITHUB_TOKEN}"),
    ("sample config: api_key: YOUR_API_KEY_HERE", "YOUR_API_KEY_HERE"),
    ('chart values: password: "{{ .Values.redis.password }}"', "{{ .Values.redis.password }}"),
    ("url: mysql://app:password@localhost:3306/shop — is it fine for local dev?", "mysql://app:password@localhost"),
    ("do I set MYSQL_ROOT_PASSWORD_FILE or MYSQL_ROOT_PASSWORD?", "MYSQL_ROOT_PASSWORD_FILE"),
    ("payment failed, requestId=5f0c2b8e-9a14-4c7d-b3e2-61d0f4a8c915 in the logs", "5f0c2b8e-9a14-4c7d-b3e2-61d0f4a8c915"),
    ("integrity sha384-k2Xq9Lm4Rt7Vb1Nc8Pz3Wd6Fy0Hs5Ja2Ge9Ku4Mo7Iq1Ex3Tb8Rv6Yn0Lw5Dc2Zp", 
     "sha384-k2Xq9Lm4Rt7Vb1Nc8Pz3Wd6Fy0Hs5Ja2Ge9Ku4Mo7Iq1Ex3Tb8Rv6Yn0Lw5Dc2Zp"),
    ("NIP naszego dostawcy 7342867148, czy faktura jest poprawna?", "7342867148"),
    ("in the docs example they use the SSN 219-09-9999, can I put it in a fixture?", "219-09-9999"),
    ("dial-in +44 20 3481 5237, conference access code 7719 4406#", "7719 4406"),
    ("Rechnung 2025-0413 ist noch offen", "2025-0413"),
    ("call the plumber's number 555-318-2290 tomorrow", "555-318-2290"),
    ("the statement shows IBAN FR** **** **** **** **** ***8 12 — which account is that?", "8 12"),
    ("la carte fidélité Monoprix 7730912846, je peux la lier à l'appli ?", "7730912846"),
    ("the HS code for our ceramic vases is 6913.90.50, right?", "6913.90.50"),
    ("mera pin code 560102 hai, koi acha dentist batao", "560102"),
    ("the hotel confirmation number is 59314027, check-in at 3", "59314027"),
])
def test_shaped_look_alikes_are_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


def test_a_pin_that_unlocks_something_stays_a_secret() -> None:
    assert "730215" not in redact_secrets("my debit card pin code is 730215")


@pytest.mark.parametrize(("text", "secret"), [
    ("阿里云 AccessKey Secret：Qk7ZrT2mW9xVb4NcP8sLd3FhJ6yGaE", "Qk7ZrT2mW9xVb4NcP8sLd3FhJ6yGaE"),
    ("our sentry dsn is https://3f9a8c7d6e5b4a39281706f5e4d3c2b1@o482913.ingest.sentry.io/5729104",
     "3f9a8c7d6e5b4a39281706f5e4d3c2b1"),
    ("월급은 국민은행 523825-01-745538 로 보내주세요", "523825-01-745538"),
    ("招商银行 6214 8301 2345 6789 户名王小明", "6214 8301 2345 6789"),
    ("โอนเข้าธนาคารกสิกร 123-4-56789-0 นะ", "123-4-56789-0"),
])
def test_keys_and_accounts_by_their_bank_or_service_are_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)


def test_a_bank_call_centre_number_is_kept() -> None:
    assert "0570-01-2345" in redact_secrets("みずほ銀行のコールセンター 0570-01-2345 に電話した")


def test_a_lone_hex_key_after_a_wallet_question_is_withheld_and_a_lone_checksum_is_not() -> None:
    key = "76fb65ba3bea5872205b11e891857d9ee86849a7305f6d8138583cd83b4220f9"
    assert key not in redact_turns(["which box in metamask do I import it into?", key])[1]
    assert key in redact_turns(["the sha256 of the release tarball:", key])[1]


@pytest.mark.parametrize("address", [
    "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
    "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
    "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9",
])
def test_a_public_wallet_address_is_kept(address: str) -> None:
    assert address in redact_secrets(f"donations go to my wallet address: {address} thanks!")


@pytest.mark.parametrize(("text", "kept"), [
    ("meu whats é (21) 99812-4470", "99812-4470"),
    ("Ticket zur Störung: Störungsnummer KST-2026-40917", "KST-2026-40917"),
    ("my PIN expires end of March 2028? no, the card does", "March"),
])
def test_more_look_alikes_are_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


def test_a_phone_number_after_a_turn_about_a_number_is_kept() -> None:
    assert "0413 829117" in redact_turns(["new number for uncle Joe", "it's 0413 829117"])[1]


def test_a_state_driving_licence_is_withheld() -> None:
    assert "D4827719" not in redact_secrets("Texas DL D4827719, the insurance form asks for it")


def test_an_apple_recovery_key_in_the_next_turn_is_withheld() -> None:
    key = "RK-4H8Q-2MZT-9KXD-7PWN-3CVB-6YLR"
    assert key[3:] not in redact_turns(["la clave de recuperación de mi cuenta de Apple", key])[1]
