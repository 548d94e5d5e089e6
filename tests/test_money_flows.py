"""An account named by the money that flows into or out of it (secrets/money_flows.py): sentences of
our own in many languages, and everyday money talk that must stay."""

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_turns

WITHHELD = [
    ("the council tax comes out of 40817263 on the 1st", "40817263"),
    ("her attendance allowance is paid into 55 66 77 88", "55 66 77 88"),
    ("grandad's state pension lands in 31092284", "31092284"),
    ("the care home fees are taken from his 70411926 every month", "70411926"),
    ("I moved £750 from mum's 44556677 to my 11223344", "44556677"),
    ("I moved £750 from mum's 44556677 to my 11223344", "11223344"),
    ("Papas Rente geht auf 0532013000 bei der Volksbank", "0532013000"),
    ("die Miete wird abgebucht von 1029384756", "1029384756"),
    ("la retraite de ma mère est virée sur le 30004000031234567890", "30004000031234567890"),
    ("el alquiler se cobra de la 0049 1500 0512 3456 7892", "0049 1500 0512 3456 7892"),
    ("a aposentadoria da minha mãe cai na 0012345-6", "0012345-6"),
    ("la pensione di nonna è accreditata su 000012345678", "000012345678"),
    ("opa's pensioen komt binnen op 123456789", "123456789"),
    ("emerytura mamy wpływa na 61 1090 1014 0000 0712 1981 2874", "61 1090 1014 0000 0712 1981 2874"),
    ("пенсия бабушки поступает на 40817810099910004312", "40817810099910004312"),
    ("farmors pension sätts in på 8327-9 123 456 789", "123 456 789"),
    ("důchod chodí na 19 2000145399", "19 2000145399"),
    ("pensia mamei intră pe 123456789012", "123456789012"),
    ("gaji bapak masuk ke 1234567890", "1234567890"),
    ("lương hưu của bố chuyển vào 0071000123456", "0071000123456"),
    ("爸爸的退休金打到6222021234567890123", "6222021234567890123"),
    ("母の年金は1234567に振り込まれます", "1234567"),
    ("엄마 연금은 110123456789로 입금돼요", "110123456789"),
    ("annemin emekli maaşı 12345678'e yatıyor", "12345678"),
]

KEPT = [
    "I paid £1200 into my ISA on 2025-04-06",
    "salary goes into my account on the 25th",
    "sent KES 500 to 0712345678 on M-Pesa",
    "the refund goes to order 123456789",
    "paid into invoice 20241187 yesterday, £340",
    "the direct debit comes out on 01/12/2025",
    "paid £45 to 1-800-555-0199 helpline",
    "I paid 250000 into the house deposit",
    "transfer 2500 to 3000 euros each month",
    "paid 120000 to 130000 yen for the trip",
    "Transfer £20 from 2023 budget to 2024",
    "la pension arrive sur le compte le 9 de chaque mois",
    "年金は毎月15日に振り込まれる",
    "the bus goes to 12345678 street",  # nothing flows: no money named
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_an_account_named_by_its_money_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", KEPT)
def test_money_talk_without_an_account_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


def test_the_flow_in_one_turn_and_the_account_in_the_next() -> None:
    turns = ["where does mum's pension go, for the attorney form", "it's paid into 55667788 at nationwide"]
    assert "55667788" not in " ".join(redact_turns(turns))
