"""Issue 45: a secret filter that generalises, and writers that scan what they store as a whole.

The filter finds a secret by what it is (a checksum python-stdnum knows, a BIP-39 word list, a
name of a secret in the data file, gitleaks' provider rules) in a normalised view of the text
(Unicode digits, widths, numbers in words); the writers check a record's strings together, so a
hostile model splitting a secret over two strings of a record stores neither half; log lines and
``last_error`` pass the same filter; a restored fact's vector is the embedding of its claim as
stored. The values here are made up for these tests (checksums computed, not copied)."""

from __future__ import annotations

import functools
import logging
from typing import Any

import numpy as np
import psycopg
import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.config import EvaluatorConfig
from fact_memory_graph.sanitize import find_secrets, redact_in_context, redact_json, redact_secrets
from fact_memory_graph.testing import ScriptedChatModel
from tests.test_forget_final import tables_holding


def _luhn_complete(prefix: str) -> str:
    from stdnum import luhn

    return prefix + luhn.calc_check_digit(prefix)


CARD = _luhn_complete("453914880343646")  # a Visa number, made here
CARD_GROUPS = " ".join(CARD[i:i + 4] for i in range(0, 16, 4))


def _iban(country: str, bban: str) -> str:
    from stdnum import iban

    return country + iban.calc_check_digits(country + "00" + bban) + bban


IBAN_DE = _iban("DE", "370400440532013099")


@functools.cache
def _nor_birth_number() -> str:
    """A Norwegian birth number python-stdnum validates (its two check digits computed)."""
    from stdnum.no import fodselsnummer

    w1, w2 = (3, 7, 6, 1, 8, 9, 4, 5, 2), (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)
    for serial in range(100, 999):
        base = f"150385{serial}"
        k1 = (11 - sum(int(d) * w for d, w in zip(base, w1, strict=True)) % 11) % 11
        k2 = (11 - sum(int(d) * w for d, w in zip(base + str(k1), w2, strict=True)) % 11) % 11
        if k1 < 10 and k2 < 10 and fodselsnummer.is_valid(f"{base}{k1}{k2}"):
            return f"{base}{k1}{k2}"
    raise AssertionError("no birth number")


def _seed(lang: str = "english") -> str:
    from mnemonic import Mnemonic

    return Mnemonic(lang).to_mnemonic(bytes(range(7, 23)))  # 12 words, a valid checksum


# ---------------------------------------------------------------- what the filter finds
@pytest.mark.parametrize(("text", "secret"), [
    (f"use {CARD[:4]} - {CARD[4:8]} - {CARD[8:12]} - {CARD[12:]} for the hotel", CARD[4:8]),  # three-character separators
    (f"card {CARD[:8]}\n{CARD[8:]}", CARD[8:]),  # a line break inside the number
    ("my card " + CARD.translate(str.maketrans("0123456789", "０１２３４５６７８９")), "１"),  # full-width (IME)
    ("البطاقة " + CARD.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")), "٤"),  # Arabic-Indic digits
    ("meine Karte: " + " ".join(["vier", "fünf", "drei", "neun", "eins", "vier", "acht", "acht", "null", "drei",
                                 "vier", "drei", "sechs", "vier", "sechs"]) + " " +
     ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"][int(CARD[-1])], "fünf drei"),
    (f"iban {IBAN_DE.lower()} danke", IBAN_DE.lower()),  # lower case, no spaces
    (f"fødselsnummeret mitt er {_nor_birth_number()}", _nor_birth_number()),
    (f"remember these: {_seed()}", _seed().split()[5]),  # twelve BIP-39 words, no label
    (f"助记词：{_seed('chinese_simplified')}", _seed("chinese_simplified").split()[3]),
    ("wifi şifresi: kedikahve", "kedikahve"),  # Turkish, a password without digits
    ("hasło do banku to Wrzos!2011", "Wrzos!2011"),  # Polish
    ("пароль от почты: Берёза77", "Берёза77"),  # Russian
    ("我的密码是 Lotus5566qq", "Lotus5566qq"),  # Chinese
    ("パスワードは fuji_yama88 です", "fuji_yama88"),  # Japanese
    ("mein Passwort lautet Sonnenblume", "Sonnenblume"),  # German "lautet"
    ("mdp : tartiflette74", "tartiflette74"),  # French abbreviation
    ("the SIM PUK is 40918273", "40918273"),
    ("lockbox combo 7-3-0-9", "7-3-0-9"),
    ("the verification code is 482 913", "482 913"),
    ("Twilio auth: SK" + "3f9a" * 8, "3f9a3f9a"),  # gitleaks' rule, not detect-secrets'
    ("redis://:Qm7pXw2vRt@cache.internal:6379/0", "Qm7pXw2vRt"),  # a URL with only a password
])
def test_a_secret_in_a_new_form_is_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text), redact_secrets(text)


@pytest.mark.parametrize("text", [
    "my phone is +44 20 7946 0958",
    "제 번호는 010-2345-6789 입니다",
    "call me on +91 98765 43210",
    "the IMEI is 356938035643809",  # Luhn-valid, 15 digits: a phone, not a card
    "ISBN 978-3-16-148410-0",
    "tracking 1Z999AA10123456784 arrives Friday",
    "my password manager is 1Password",
    "I changed my PIN last week",
    "the container 9a2756c5e7a4 restarted",
    "I have two kids and three cats",
    "the flight is LH 454 on 2026-12-01 at 07:45",
    "it cost €1.249,99",
    "version 3.11.7 of Python",
    "order number 4111111111111112 (it failed Luhn)",
    # "pass" is a password's name and a verb: a pronoun after "to" is no value (a LoCoMo dev turn)
    "That's why I want to pass that same support to anyone who needs it.",
    # "pin" may end in a case or plural letter, not in any letter: "pink" is a colour (LoCoMo dev)
    "Just got some new shoes! [shares a photo of pink sneakers on a white rug] dia_id D7:18",
])
def test_a_look_alike_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_the_turn_before_is_read_with_each_turn() -> None:
    assert "2864" not in redact_in_context("it's now 2864", "The door code changed")
    assert "Kiwi-Parade-2290" not in redact_in_context("it's Kiwi-Parade-2290", "the login for my work email")
    assert "nove" not in redact_in_context("quattro nove zero due", "il pin del bancomat")
    assert "5559" not in redact_in_context("5555 5559", "first half: 5500 0055")
    # Without the turn before, nothing marks them.
    assert redact_in_context("it's now 2864", "") == "it's now 2864"


@pytest.mark.parametrize(("a", "b", "kept_out"), [
    ({"name": f"card {CARD[:8]}"}, {"relation": CARD[8:]}, CARD[8:]),
    ({"key": "password"}, {"value": "Xq7#plover"}, "Xq7#plover"),
    ({"goal": "my pin is"}, {"note": "7391"}, "7391"),
])
def test_a_record_is_checked_as_a_whole(a: dict[str, str], b: dict[str, str], kept_out: str) -> None:
    out = redact_json({**a, **b})
    assert kept_out not in str(out), out


@pytest.mark.parametrize("record", [
    # A name inside a finished clause (in brackets, before a sentence end) is not joined to the
    # value of the field after it: the key names that value.
    ["Ana: look! [a photo of a frog asleep on a log in a lily pond]", "turn_ref", "S3:07"],
    ["Ana: my password manager works. Bought a frog", "ref", "Q7:12"],
    ["Ben: I log in at the lab every day, then feed the fish", "seat", "B-14"],
])
def test_a_name_is_not_joined_to_the_value_of_an_unrelated_field(record: list[str]) -> None:
    from fact_memory_graph.sanitize import find_in_record

    assert find_in_record(record) == []
    assert find_in_record([record[0], record[2]]) == []
    assert redact_json({"claim": record[0], "fields": {record[1]: record[2]}}) == {
        "claim": record[0], "fields": {record[1]: record[2]}}


@pytest.mark.parametrize(("record", "kept_out"), [
    (["my login for the lab is", "Owl-Lantern-58"], "Owl-Lantern-58"),  # a string that ends open
    (["the pin of my card", "6041"], "6041"),
    (["safe code:", "3391"], "3391"),
])
def test_a_name_ending_its_string_reaches_the_next(record: list[str], kept_out: str) -> None:
    from fact_memory_graph.sanitize import find_in_record, redact_record

    assert find_in_record(record) != []
    assert kept_out not in " ".join(redact_record(record))


def test_a_name_inside_brackets_has_its_value_inside_them() -> None:
    assert redact_secrets("[photo: a log in a pond] ref Q7:12") == "[photo: a log in a pond] ref Q7:12"
    assert "tulip2020" not in redact_secrets("(the wifi password is tulip2020) thanks")


# ---------------------------------------------------------------- generalised after the spent held-out half
def _valid(module: str, make) -> str:
    """The first value ``make(n)`` that python-stdnum's ``module`` validates (checksums computed)."""
    import importlib

    check = importlib.import_module(f"stdnum.{module}").is_valid
    return next(v for n in range(10000) if check(v := make(n)))


CN_RIC = _valid("cn.ric", lambda n: f"11010519850612{n:03d}" + "0123456789X"[n % 11])
IL_ID = _valid("il.idnr", lambda n: f"20481{n:04d}")
CA_SIN = _valid("ca.sin", lambda n: f"1307{n:05d}")
RU_DIGITS = ["ноль", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"]
ETH_KEY = "0x" + "".join(f"{(n * 37 + 11) % 256:02x}" for n in range(32))
_ALPHABET = "aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz-_"
GOOGLE_TOKEN = "ya29." + "".join(_ALPHABET[(n * 7 + n // 5) % len(_ALPHABET)] for n in range(90))


def _split_card() -> tuple[str, str]:
    card = _luhn_complete("522175309182640")  # a Mastercard number, made here
    return f"{card[:4]} {card[4:8]}", f"{card[8:12]} {card[12:]}"


@pytest.mark.parametrize(("text", "secret"), [
    ("note: GitLab -> Vx9_tundra_Kite", "Vx9_tundra_Kite"),  # a label, an arrow, a password
    ("netflix: mara.k / Quokka!Lime7", "Quokka!Lime7"),  # a site, a login and its password
    ("my tablet unlocks with 'paperboat2211'", "paperboat2211"),  # a verb that takes the password
    ("the guest network is Ostrich-5G and the key is maple comet harbor ribbon", "comet harbor"),  # a key beside its Wi-Fi
    ("security question 'favourite teacher' - answer is Ms Quillfeather", "Quillfeather"),
    ("pregunta de seguridad (ciudad natal): Villa Serena del Monte", "Villa Serena"),
    ("gmail şifrem Deniz.Yol.77", "Deniz.Yol.77"),  # a password with dots inside
    ("PUK für die Telekom-Karte: 55120938", "55120938"),  # "Telekom" is no phone word
    (f"我的身份证号是{CN_RIC}，谢谢", CN_RIC[4:12]),  # digits right after a CJK character
    (f"מספר תעודת הזהות שלי {IL_ID}", IL_ID),  # a name with its article
    (f"fnr: {_nor_birth_number()[:6]} {_nor_birth_number()[6:]}", _nor_birth_number()[6:]),
    (f"mon NAS c'est {CA_SIN[:3]}-{CA_SIN[3:6]}-{CA_SIN[6:]}", CA_SIN[3:6]),
    (f"eth private key {ETH_KEY} for the hot wallet", ETH_KEY[2:20]),  # a hex key written with 0x
    (f"oauth access token ya know for the script: {GOOGLE_TOKEN}", GOOGLE_TOKEN[5:30]),
    (f"put zq1.{GOOGLE_TOKEN[5:60]} in the header", GOOGLE_TOKEN[5:30]),  # "<prefix>.<random body>", no rule
    ("send it to 40-12-76 31926819 thanks", "31926819"),  # a sort code and an account, unnamed
    ("wire to 021000021 4402917733", "4402917733"),  # an ABA routing number (checksum) and an account
    ("ok so the card: {}, then {}".format(*_split_card()), _split_card()[1]),  # a card in two parts
    ("卡号" + CARD.translate(str.maketrans("0123456789", "〇一二三四五六七八九")) + "，别忘了", "五三九"),  # read out
    ("azure key 7c1e4f0a9b3d5e8f2a6c4b1d9e0f3a7c endpoint next", "7c1e4f0a9b3d"),  # a key, a bare token
    ("moj OIB je " + _valid("hr.oib", lambda n: f"6980142{n:03d}" + str(n % 10)), "6980142"),
    ("mot de passe Tartiflette!Savoie, merci", "Tartiflette!Savoie"),  # "!" inside a password
    ("номер карты: " + " ".join(RU_DIGITS[int(c)] for c in CARD), "восемь восемь"),  # read out in Russian
    ("PIN: cztery osiem dwa jeden", "cztery osiem"),  # a PIN in Polish words (text2num reads no Polish)
    ("jelszavam: Tavasz2031", "Tavasz2031"),  # Hungarian, the name inflected
    ("mój PIN-em jest 5821", "5821"),  # a case ending after a hyphen
    ("カードの裏の3桁は417", "417"),  # a CVV named in Japanese
])
def test_a_secret_in_a_form_people_write_is_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text), redact_secrets(text)


def test_two_turns_together_show_what_neither_does() -> None:
    first, second = _split_card()
    assert second not in redact_in_context(f"and it ends {second}", f"the number starts {first}")
    assert "719 204" not in redact_in_context("719 204", "my bank just texted me a code")
    words = _seed().split()
    assert words[1] not in redact_in_context(" ".join(words[:6]), "")  # half a phrase alone in a turn
    assert words[8] not in redact_in_context(" ".join(words[6:]) + " is the rest", " ".join(words[:6]))
    # Without the turn before, a bare number is a number.
    assert redact_in_context("719 204", "how many steps today?") == "719 204"
    # The rest of a token after a turn that named it.
    assert "Qm7RtZ2xWp9L" not in redact_in_context("Qm7RtZ2xWp9L", "the api token starts with ghp_ab")
    # A value asked for under a public label and given in the next turn is kept.
    assert redact_in_context("114-2938475", "what's the order number?") == "114-2938475"


PESEL = _valid("pl.pesel", lambda n: f"9107151234{n % 10}")


def test_earlier_turns_shown_with_a_message_are_read_with_their_neighbours() -> None:
    from fact_memory_graph.sanitize import redact_turns

    first, second = _split_card()
    # The turn after an earlier one completes it: its first half is withheld in the prompt too.
    assert first not in " ".join(redact_turns([f"the number starts {first}"], f"and ends {second}"))
    shown = redact_turns(["save my PESEL", PESEL[:6]], PESEL[6:])
    assert PESEL[:6] not in " ".join(shown)
    assert redact_turns(["I ran 1200 metres", "then 3400"], "and 560 more") == [
        "I ran 1200 metres", "then 3400"]  # numbers that make no id stay


@pytest.mark.parametrize("text", [
    "chrome 128.0.6613.120 crashed again",  # a version
    "the NAS is at 10.20.30.40 on the shelf",  # an address
    "customer number 55123987 at the gas company",
    "meu CEP é 04538-132",  # a Brazilian postal code
    "पिन कोड 400001",  # India's postal code, in Hindi
    "PIN code 560001, Bengaluru address",
    "the key is consistency, honestly",
    "unlock with Face ID",
    "Berlin -> Munich on Friday, v1.2.3 -> v1.3.0",
    "from: London / Paris",
    "milk bread butter cheese",  # four words of a list: a shopping list
    "I called Telekom about 2 bills",
    "the cache key 5f4dcc3b5aa765d61d8327deb882cf99 expired",  # a key that names a value, not a secret
    "ヤマトの追跡番号 4919-8618-6968 明日届く",  # a tracking number, its label without word breaks
    "my frequent flyer number is QX482917305",
    "I have three kids: 三个孩子",
    "send the refund to 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy please",  # a Bitcoin address: public
    "bir iki üç dört adım attık",  # digits in words, no secret's name: counting steps
])
def test_a_look_alike_in_those_forms_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_a_prose_turn_after_a_seed_name_is_no_half_phrase() -> None:
    # "words" names a wallet's words; six list words that repeat one ("sure") are talk.
    before = "I appreciate your kind words and encouragement."
    turn = "Sure, just make sure you keep going and believing in yourself."
    assert redact_in_context(turn, before) == turn


@pytest.mark.parametrize("text", [
    "detto tra noi, sto cercando un altro lavoro",
    "dicho entre nosotros, me mudo en mayo",
    "confidential - I'm seeing a cardiologist",
    "secret: I applied to the fire brigade",
    "You can't mention this to anyone. We are expecting twins",
    "mum's the word: we bought a boat",
    "acqua in bocca: cambio lavoro",
    "berätta inte för någon, jag flyttar",
    "köztünk szólva, új állásom van",
    "đừng nói với ai, tôi chuyển nhà",
    "आपस की बात है, मैं नौकरी बदल रहा हूँ",  # Devanagari vowel signs stay part of the words
    "ความลับนะ ฉันย้ายบ้าน",
])
def test_implicit_privacy_in_more_forms(text: str) -> None:
    from fact_memory_graph.forgetting import asks_to_forget

    request = asks_to_forget(text)
    assert request is not None and request.private and request.target == "this"


@pytest.mark.parametrize("text", ["the report is confidential - as usual", "Secret Santa is on Friday",
                                  "I forgot to mention that I moved"])
def test_privacy_words_inside_a_sentence_are_no_marker(text: str) -> None:
    from fact_memory_graph.forgetting import asks_to_forget

    assert asks_to_forget(text) is None


# ---------------------------------------------------------------- the writers
def _hostile(secret_a: str, secret_b: str) -> dict[str, Any]:
    """A model that splits a secret over every pair of strings of a record it controls."""
    return {
        "ops": [
            {"op": "add_durable", "category": "identity", "claim": f"lives near {secret_a}",
             "fields": [{"key": "x", "value": secret_b}]},
            {"op": "add_durable", "category": "preference", "claim": "likes tea",
             "fields": [{"key": secret_a, "value": secret_b}]},
        ],
        "relationships": [{"name": "Mia", "relation": secret_a, "aliases": [secret_b]}],
        "identity": [],
        "task_success": {"outcome": "success", "reason": f"{secret_a} {secret_b}"},
        "goals": [{"goal": secret_a, "status": "set", "note": secret_b}],
        "trust": None,
    }


@pytest.mark.parametrize(("first", "second", "needle"), [
    (f"card {CARD[:8]}", CARD[8:], CARD[8:]),
    ("my password is", "Xq7#plover2", "Xq7#plover2"),
    ("the alarm code", "is 519073", "519073"),  # six digits: four match ids by chance
    (" ".join(_seed().split()[:6]), " ".join(_seed().split()[6:]), _seed().split()[8]),
])
def test_a_hostile_model_splitting_a_secret_over_two_strings_stores_none(
        make_memory, db_url: str, user_id: str, first: str, second: str, needle: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=_hostile(first, second)),
                                     config=FactMemoryConfig(evaluators=EvaluatorConfig(goals=True, trust=True)))
    memory.remember(user_id, "hello there", message_id="split-1")
    assert tables_holding(db_url, needle, user_id) == []


NEW_KINDS = [
    f"iban {IBAN_DE.lower()}",
    f"fødselsnummer {_nor_birth_number()}",
    _seed(),
    "wifi şifresi: kedikahve",
    "card " + CARD.translate(str.maketrans("0123456789", "０１２３４５６７８９")),
    "SIM PUK 40918273",
    "redis://:Qm7pXw2vRt@cache.internal:6379/0",
]
NEEDLES = [IBAN_DE.lower()[4:12], _nor_birth_number(), _seed().split()[4], "kedikahve",
           "４５３９", "40918273", "Qm7pXw2vRt"]


@pytest.mark.parametrize(("secret", "needle"), list(zip(NEW_KINDS, NEEDLES, strict=True)))
def test_a_hostile_model_putting_a_new_kind_in_every_field_stores_none(
        make_memory, db_url: str, user_id: str, secret: str, needle: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=_hostile(secret, secret)),
                                     config=FactMemoryConfig(evaluators=EvaluatorConfig(goals=True, trust=True)))
    memory.remember(user_id, f"note this: {secret}", message_id="kind-1")
    assert tables_holding(db_url, needle, user_id) == []


def test_no_log_line_nor_last_error_holds_a_secret(make_memory, db_url: str, user_id: str, caplog) -> None:
    seed = _seed()
    ops = [{"op": "add_durable", "category": "no_such_category", "claim": f"seed {seed}"},
           {"op": "add_durable", "category": "identity", "claim": "x", "fields": "hasło: Wrzos!2011"}]
    with caplog.at_level(logging.DEBUG):
        memory: FactMemory = make_memory(ScriptedChatModel(default=ops))
        memory.remember(user_id, "something", message_id="log-1")
        malformed = make_memory(ScriptedChatModel(default=f'{{"ops": [{{"op": "add_durable", "claim": "pw Wrzos!2011 {seed}"'),
                                config=FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0)))
        malformed.write_node().invoke({"messages": [HumanMessage("again", id="log-2")]},
                                      {"configurable": {"user_id": user_id}})
        malformed.queue.flush(user_id)
    lines = "\n".join(r.getMessage() for r in caplog.records)
    for needle in ("Wrzos!2011", seed.split()[4]):
        assert needle not in lines
        assert tables_holding(db_url, needle, user_id) == [], needle


def test_a_restored_fact_is_stored_with_the_vector_of_its_claim_as_stored(
        make_memory, db_url: str, user_id: str, embeddings: Any) -> None:
    memory: FactMemory = make_memory()
    memory.facts.add(user_id, "prefers green tea", kind="durable", category="preference")
    data = memory.export(user_id)
    data["facts"][0]["claim"] = f"prefers green tea, card {CARD_GROUPS}"  # an edited export file
    memory.forget(user_id)
    memory.restore(data, user_id=user_id, allow_forgotten=True)
    [fact] = memory.facts.list(user_id)
    assert CARD[:4] not in fact.claim and "withheld" in fact.claim
    with psycopg.connect(db_url) as conn:
        stored = conn.execute("SELECT embedding::text FROM fact_memory_facts WHERE user_id = %s",
                              (user_id,)).fetchone()[0]
    vector = np.array([float(x) for x in stored.strip("[]").split(",")])
    expected = np.array(embeddings.embed_query(fact.claim))
    cosine = float(vector @ expected / np.linalg.norm(vector) / np.linalg.norm(expected))
    assert cosine > 0.9999
    assert find_secrets(fact.claim) == []


# ---------------------------------------------------------------- the fourth round (spent corpus45b held-out's classes)
TROY_CARD = _luhn_complete("979201234567890")  # a Troy (Turkish scheme) number, made here


@pytest.mark.parametrize(("text", "secret"), [
    # a card's security code read out in words, after its name in any language of the lists
    ("mon cryptogramme c'est quatre-deux-huit, merci", "quatre-deux-huit"),
    ("код CVV на карте — пять ноль три", "пять ноль три"),
    ("kartımın güvenlik kodu yedi sıfır dört", "yedi sıfır dört"),
    ("मेरे कार्ड का सीवीवी पांच दो सात है", "पांच दो सात"),
    ("säkerhetskoden: CVV-koden är sex två åtta", "sex två åtta"),
    ("kode cvv saya empat satu sembilan", "empat satu sembilan"),
    ("kod CVC do karty to osiem zero dwa", "osiem zero dwa"),  # "to": a digit in Danish, a verb here
    # a national scheme's card number (Troy), Luhn-valid
    (f"kart numaram {' '.join(TROY_CARD[i:i + 4] for i in range(0, 16, 4))} son kullanma 11/28",
     TROY_CARD[4:8]),
    # an ordinary account after 普通/当座 in a Japanese transfer line
    ("振込先：みずほ銀行 新宿支店 当座 4417702 名義 サトウハナコ", "4417702"),
    # a login name in other languages
    ("Onlinebanking Anmeldekennung: jb77310245", "jb77310245"),
    ("mijn inlognaam is pv5520193 voor de bank", "pv5520193"),
    # health-insurance numbers
    ("mi tarjeta sanitaria es MRTZ771204853019", "MRTZ771204853019"),
    ("Versichertennummer K502713398 (AOK)", "K502713398"),
    # every item of a list of backup codes
    ("github recovery codes: a8k2-x9qp 7mwe-3rt5 q4zz-h6vb", "q4zz-h6vb"),
    ("Backup-Codes: 48213907, 55120964, 90348122", "90348122"),
    # a TOTP seed in base32, whole or in groups of four
    ("authenticator setup key: MZXW6YTBOI2DGNRTGQ3TQNZSHA4DSMBR", "MZXW6YTBOI2DGNRTGQ3TQNZSHA4DSMBR"),
    ("my 2fa secret is jbsw y3dp ehpk 3pxp kr4w", "ehpk 3pxp"),
])
def test_round_four_secret_classes(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text), redact_secrets(text)


@pytest.mark.parametrize("text", [
    "il a vingt-deux ans et trente-trois chats",
    "we were fyra, noll problem, nio timmar på tåget",
    "i counted fyra noll nio apples",
    "Zimmer sieben-acht: wir sind zwei, drei Leute",
    # a phone number after a phone word in Thai; a hex digest whose letters spell a name ("aba")
    "เบอร์มือถือของพี่ 081-234-5678",
    'the response ETag is "7f3c21aba0e4d9915b2c6e0f8a7d3b14"',
    # talking about a password is no password
    "mudei a senha do email ontem à noite",
    "the password reset link expired, I asked support at help@example.org",
    # a case, ticket or reference number beside an OTP or PIN word stays
    "my OTP failed twice, they opened case 40917733 for it",
    "PIN gesperrt, Aktenzeichen AZ-5520391 notiert",
    "el código OTP no llegó, número de caso 7731902",
])
def test_round_four_look_alikes(text: str) -> None:
    assert redact_secrets(text) == text


def test_round_four_a_hex_key_over_two_lines_is_withheld() -> None:
    key = "".join(f"{(n * 53 + 7) % 256:02x}" for n in range(32))
    text = f"wallet key below\n{key[:32]}\n{key[32:]}"
    out = redact_secrets(text)
    assert key[:32] not in out and key[32:] not in out, out
    digest = f"the build digest\n{key[:32]}\n{key[32:]}"  # no key named: a hash stays
    assert redact_secrets(digest) == digest


@pytest.mark.parametrize(("before", "text", "secret"), [
    # a PIN asked about, then given after a one-word opener
    ("do you still have my card pin?", "no? fine, it's 7730", "7730"),
    # the answer to a security question, labelled, in the next turn
    ("Pregunta de seguridad: ¿nombre de mi primera mascota?", "Respuesta: Chispita", "Chispita"),
    ("security question: my first car?", "answer - Volvo Amazon", "Volvo Amazon"),
    # a recovery phrase in two halves with labels (Korean list)
    ("지갑 복구 단어 앞부분: " + " ".join(_seed("korean").split()[:6]),
     "뒷부분: " + " ".join(_seed("korean").split()[6:]), _seed("korean").split()[8]),
])
def test_round_four_across_turns(before: str, text: str, secret: str) -> None:
    assert secret not in redact_in_context(text, before), redact_in_context(text, before)


@pytest.mark.parametrize(("before", "text"), [
    ("is the pin ok?", "yes. we met at 1930 tonight"),
    ("what is the answer to question 4 of the quiz?", "Answer: Paris"),
])
def test_round_four_across_turns_kept(before: str, text: str) -> None:
    assert redact_in_context(text, before) == text


def test_round_four_numbered_seed_words_over_three_turns() -> None:
    words = _seed().split()
    turns = [f"wallet words 1-4: {' '.join(words[:4])}", f"5-8: {' '.join(words[4:8])}",
             f"9-12: {' '.join(words[8:])}"]
    for before, text, part in zip(["", *turns[:2]], turns, [words[:4], words[4:8], words[8:]], strict=True):
        out = redact_in_context(text, before)
        assert not any(w in out.split() for w in part), out
    from fact_memory_graph.sanitize import redact_turns

    shown = redact_turns(turns[1:2], turns[2])  # an earlier turn shown alone, the next range after it
    assert not any(w in shown[0].split() for w in words[4:8]), shown
    kept = "shopping 1-4: milk bread butter cheese"  # one unnamed range of list words stays
    assert redact_secrets(kept) == kept


# ---------------------------------------------------------------- the fifth round (corpus45c tuning half's classes)
AMEX = _luhn_complete("37828224631000")  # an Amex number (15 digits), made here


@pytest.mark.parametrize(("text", "secret"), [
    # the code written after a card and its expiry, unlabelled
    (f"card {AMEX[:4]}-{AMEX[4:10]}-{AMEX[10:]} / 11/28 / 4417", "4417"),
    (f"{CARD_GROUPS}, 07/2029, 318", "318"),
    # the security code named by where it is on the card, in several languages
    ("los tres dígitos de atrás: 552", "552"),
    ("die drei Ziffern auf der Rückseite sind 961", "961"),
    ("i numeri sul retro: 208", "208"),
    ("tre siffror på baksidan: 730", "730"),
    # an id by its name (UK UTR), a Dutch PIN written as one word
    ("my UTR is 8317205946", "8317205946"),
    ("mijn pincode: 6093", "6093"),
    # half a card after the card's name, in more languages
    ("kortnummeret mitt begynner med 4532 7781", "4532 7781"),
    ("numer karty zaczyna się od 5100 2246", "5100 2246"),
    ("číslo karty: 4921 0087", "4921 0087"),
    ("رقم البطاقة يبدأ بـ 4462 9013", "4462 9013"),
    ("信用卡前八位 6222 0815", "6222 0815"),
    # a password's first part, whatever its shape, after "starts with" in a language
    ("la contraseña del router empieza con Girasol", "Girasol"),
    ("le mot de passe commence par Tournesol", "Tournesol"),
    ("şifremin başı Lale", "Lale"),
])
def test_a_secret_of_the_fifth_round_classes_is_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text), redact_secrets(text)


@pytest.mark.parametrize("text", [
    "pin for the picnic spot: 48.858370, 2.294481",
    "drop a pin at -33.856784, 151.215297",
    "mon gestionnaire de mots de passe, c'est Bitwarden",
    "uso el gestor de contraseñas Proton Pass",
    "パスワード管理アプリは1Passwordです",
    "我的密码管理器是Bitwarden",
    "менеджер паролей у меня KeePassXC",
    "şifre yöneticisi olarak Enpass kullanıyorum",
    "ich nutze Bitwarden als Passwort-Manager",
    "flight LH 2402 leaves at 14:05",
    "the password policy needs 12 characters",
])
def test_a_look_alike_of_the_fifth_round_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text", [
    "oss emellan, jag har fått ett nytt jobb",
    "ikke si det til noen, vi venter barn",
    "rămâne între noi, îmi schimb jobul",
    "maradjon köztünk, új munkát kaptam",
    "ať to zůstane mezi námi, čekáme dítě",
    "niech to zostanie między nami, zmieniam pracę",
    "пусть это останется между нами, я меняю работу",
    "neka ostane među nama, selim se",
    "μην το πεις σε κανέναν, αλλάζω δουλειά",
    "usiambie mtu yeyote, nimepata kazi mpya",
    "bleibt unter uns, ich wechsle den Job",
    "बस तुम्हारे और मेरे बीच, मैं नौकरी बदल रहा हूँ",
    "keep it hush: we are moving to Porto",
])
def test_stay_between_us_forms_mark_the_message_private(text: str) -> None:
    from fact_memory_graph.forgetting import asks_to_forget

    request = asks_to_forget(text)
    assert request is not None and request.private and request.target == "this", (text, request)


# ---------------------------------------------------------------- the fifth round, second corpus (corpus45d's tuning half's classes)
@pytest.mark.parametrize(("text", "secret"), [
    # a security question quoted, then its answer after an answer word, a verb of answering or a joining word
    ("security question 'name of your first boss' — I put Okonkwo", "Okonkwo"),
    ("pregunta secreta 'comida favorita' y escribí Paella Valenciana", "Paella Valenciana"),
    ("question de sécurité « ville natale » : réponse Chambéry", "Chambéry"),
    ("the answer to 'favourite band' on my bank login is Fleetwood", "Fleetwood"),
    # codes listed in one sentence, a code before its name as a text message writes it
    ("gate code is 7731, garage is 4409", "4409"),
    ("482913 is your Instagram code. Don't share it.", "482913"),
    ("pushTAN 730114 kam gerade", "730114"),
    # names in more languages: a private key, a Turkish id, a Thai code
    ("我的私钥是0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", "4c0883a69102"),
    ("TC kimliğim 10000000146", "10000000146"),
    ("รหัสประตูคือ 5521", "5521"),
    # a BitLocker recovery key; a routing number before its name
    ("recovery key 000110-011121-022132-033143-044154-055165-066176-077187", "000110-011121"),
    # an answer named after it; an answer after a verb of answering, unquoted
    ("childhood street? 'Maple Close' — that's my answer for the bank", "Maple Close"),
    ("security question: first school, I put Saint Brigid", "Saint Brigid"),
])
def test_a_secret_of_the_second_corpus_classes_is_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text), redact_secrets(text)


@pytest.mark.parametrize("text", [
    "we lived in Lyon from 2009-2014",
    "the BIC of my bank is DEUTDEFF, is that right?",
    # a routing number alone is the bank's public code, printed on every cheque (round twenty-seven, docs/privacy.md)
    "is 021000021 the routing number on my checks?",
    "forgot my senha do Itau.com, how do I reset it?",
    "my security question is set, no idea what I answered",
    "I never save receipts, it's a mess",
    "please don't store my card, I will pay cash",
    "'42' is the answer to everything",
])
def test_a_look_alike_of_the_second_corpus_classes_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text", [
    "pls don't store: we are expecting twins",
    "can we keep this off the record? I failed the bar exam",
    "not something to save please: I am in debt",
    "no quiero que esto quede guardado: me despidieron",
    "这个别记下来：我要搬去成都了",
    "giữ kín giùm mình nha, mình sắp chuyển nhà",
    "save mat karna, mera transfer ho gaya",
])
def test_requests_not_to_store_a_message_keep_it_out(text: str) -> None:
    from fact_memory_graph.forgetting import asks_to_forget

    request = asks_to_forget(text)
    assert request is not None and request.target == "this", (text, request)


def test_numbers_typed_in_two_goes_after_a_phone_or_order_are_kept() -> None:
    from fact_memory_graph.sanitize import redact_thread, redact_turns

    for turns in (["save my dentist's phone number", "+44 20", "79460958"],
                  ["my order number is long, two parts", "553019", "772418"]):
        assert redact_thread(turns[-1], turns[:-1]) == turns[-1]
        assert redact_turns(turns[:-1], turns[-1]) == turns[:-1]
