"""Round thirty-four (t65c): codes of safes, cabinets, garages and alarms named in many languages; a key's
provider by its shape; a number's abbreviation that ends no sentence; more names of ids, licences and
handover codes. Each secret withheld, a look-alike beside it kept."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph.secrets import provider_shapes, redact_secrets
from fact_memory_graph.threads import message_in_thread

WITHHELD = [
    ("Waffenschrank: 640217, nicht vergessen", "640217"),
    ("the gun cabinet code is 48213 since the move", "48213"),
    ("kod do sejfu na broń 902174", "902174"),
    ("szyfr szafy na broń w piwnicy: 713502", "713502"),
    ("våpenskapet: 280461", "280461"),
    ("asekaapin koodi 55190", "55190"),
    ("garagem do prédio: 731946", "731946"),
    ("garasjeporten: 4471", "4471"),
    ("l'antifurto di casa si disattiva con 6182", "6182"),
    ("Schlüsselsafe neben dem Eingang: 3907", "3907"),
    ("kode serah terima paket 7204", "7204"),
    ("zbrojní průkaz č. 771204, vydal ho policejní útvar", "771204"),
    ("mi número de expediente del hospital es 5512907", "5512907"),
    ("my bestuurslisensie nommer is 7702155123082", "7702155123082"),
    ("mailgun key 1a2b3c4d5e6f70819a2b3c4d5e6f7081-0a1b2c3d-4e5f6a7b", "1a2b3c4d5e6f70819a2b3c4d5e6f7081"),
    ("sid AC0f1e2d3c4b5a69780f1e2d3c4b5a6978 token 99aa88bb77cc66dd55ee44ff33001122", "99aa88bb77cc66dd55ee44ff33001122"),
    ("Hintertür: 8350", "8350"),
    ("my hunting licence number is 730045128, the outfitter asked", "730045128"),
    ("jagttegn nr. 44019273, skal jeg sende det?", "44019273"),
    ("lovačka iskaznica 60218834 vrijedi još godinu", "60218834"),
    ("vadászjegy 77-120394, jövőre lejár", "120394"),
    ("FAA certificate number 3301927 for the checkride", "3301927"),
    ("moje licence je CZ.FCL.60412, platí", "60412"),
    ("licence NOR.FCL.PA.5501234 for the club", "5501234"),
]

KEPT = [
    "the gun safe weighs 120 kg and fits 8 rifles",
    "Waffenschrank der Klasse 1 kostet 899 Euro",
    "the garage door opener runs on 2 AA batteries",
    "garagem para 2 carros no prédio 1480",
    "md5 of the download is 0f1e2d3c4b5a69780f1e2d3c4b5a6978, compare it",
    "request id 3f2a1b0c-9d8e-4f7a-b6c5-d4e3f2a1b0c9 in the logs",
    "the antifurto beeps twice when armed",
    "fishing permit 2025/30417 for the lower beat",
    "the deer tag for unit 12 costs 45 dollars",
    "the DE.FCL.PPL rules changed in spring",
    "Hintertür klemmt seit 2021",
]


@pytest.mark.parametrize(("text", "secret"), WITHHELD)
def test_a_code_or_key_is_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)


@pytest.mark.parametrize("text", KEPT)
def test_a_look_alike_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


def _last(turns: list[str]) -> str:
    messages = [HumanMessage(t) for t in turns]
    return message_in_thread(turns[-1], messages, len(turns) - 1, redact=True)


@pytest.mark.parametrize("turns", [["vapenskåpet hemma", "304918"], ["garagedeur", "5 0 2 8"]])
def test_a_code_in_the_turn_after_its_thing(turns: list[str]) -> None:
    assert turns[-1] not in _last(turns)


def test_a_mailgun_key_alone_after_the_providers_turn() -> None:
    key = "0123456789abcdef0123456789abcdef-89abcdef-01234567"
    assert key not in _last(["mailgun", key])


def test_a_digest_far_from_a_sid_is_kept() -> None:
    text = "AC0f1e2d3c4b5a69780f1e2d3c4b5a6978\n\nunrelated: the checksum is 00112233445566778899aabbccddeeff"
    assert provider_shapes.spans(text) == []
