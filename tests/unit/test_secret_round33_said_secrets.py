"""Round thirty-three (t64c): secrets told by what they are, in the ways people say them.

A lone value the next turn names as a network's key ("that's the wifi password for …"), as "the one for" an
account ("it's the one for …"), or as what one logs or signs into a thing with; letters in random case as such a
value. A security answer after a question's name and its answer's word in languages that put the answer's word
after the question (Uzbek, Tamil, Yoruba, Kazakh, Hindi). A word told as what a bank asks for ("… — that's what
the building society wants"). A code beside a safe's, a jewellery box's or a cupboard's name in South Asian, East
African and South-East Asian languages. A login and its password joined by a colon in one token. A one-time code told as the one that came, in
Marathi, Nepali, Gujarati, Bengali, Tamil and Telugu.

Phrasings written for these tests (none from a corpus). Kept: a network's name named as such, a value "for the
kids", a reply before "that's what the bank wants", an answer word that says one does not remember, a safe's
number of rooms, a cupboard with no code, a host and its port, an image and its tag, a reference after its label, a
digest after its algorithm, a ratio and a time.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

from ..helpers import kept_in_thread

WITHHELD = [
    # a security answer after the question's name and the answer's word
    ("xavfsizlik savoli javobi Bahor", "Bahor"),
    ("maxfiy savol javobi Qoraqum", "Qoraqum"),
    ("பாதுகாப்பு கேள்விக்கு பதில் Meenakshi", "Meenakshi"),
    ("idahun ibeere aabo mi ni Lagos Baptist", "Lagos Baptist"),
    # a word a bank asks for, told after a demonstrative
    ("quillfeather — that's the one Halifax wants after the customer number", "quillfeather"),
    ("Marigold — that's what the bank app wants as the memorable word", "Marigold"),
    # a code beside a safe's, a jewellery box's or a cupboard's name
    ("दादी की तिजोरी का कोड 7316 है", "7316"),
    ("ابو کی تجوری کا کوڈ 8842", "8842"),
    ("તિજોરીનો કોડ 61573", "61573"),
    ("அம்மாவின் நகை பெட்டி லாக் கோட் 4829", "4829"),
    ("the jewellery box code is 2691", "2691"),
    ("kode brankas kantor 55190", "55190"),
    # a login and its password joined by a colon in one token (colon_pairs)
    ("p.nowicka81:Jaskolka2020", "Jaskolka2020"),
    ("p.nowicka81:Jaskolka2020", "p.nowicka81"),
    ("here's the shared one t_adeyemi:Ogbomoso#44 dont change it", "Ogbomoso#44"),
    ("lucia.f@correo.es:Naranja77", "Naranja77"),
    # a one-time code told as the one that came, in Marathi, Nepali, Bengali (received_codes)
    ("बाबांच्या फोनवर आलेला कोड 771209", "771209"),
    ("दाइको फोनमा आएको कोड 482913", "482913"),
    ("মামার ফোনে এসেছে কোড 559021", "559021"),
]

KEPT = [
    ("xavfsizlik savoli javobi esimda yoq", "esimda"),
    ("பாதுகாப்பு கேள்விக்கு பதில் தெரியாது", "தெரியாது"),
    ("paperwork — that's what the bank wants from us", "paperwork"),
    ("exactly — that's what the bank wants", "exactly"),
    ("the hotel safe fits 2 laptops", "2 laptops"),
    ("kabati la ofisi lina rafu 12", "12"),
    ("the server is db.office.lan:5432", "db.office.lan:5432"),
    ("FROM python:3.12-slim", "python:3.12-slim"),
    ("tracking order_id:QX81TT2 shipped today", "QX81TT2"),
    ("expected sha256:4be8c2d1a9e07f3b55a1c0e9d2b7f6a8", "4be8c2d1a9e07f3b55a1c0e9d2b7f6a8"),
    ("the ratio is 16:9 and the call is at 10:30", "16:9"),
    ("मी उद्या 5 वाजता आला", "5 वाजता"),
]

THREADS = [
    (["RqTbvLmnXwZe", "thats what I sign into the school portal with"], ["RqTbvLmnXwZe"]),
    (["Lagoon_4471", "its the one for the water bill account"], ["Lagoon_4471"]),
    (["KibandaHome22", "thats the wifi password for the guest house"], ["KibandaHome22"]),
    (["note this", "Pelican-Rock-88", "it's the one for the tax office website"], ["Pelican-Rock-88"]),
]

THREADS_KEPT = [
    (["Casa_Mora22", "thats the wifi network name"], ["Casa_Mora22"]),
    (["Casa_Mora22", "its the one for the kids"], ["Casa_Mora22"]),
    (["PowerPoint", "thats what I log into the school portal with"], ["PowerPoint"]),
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_the_value_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "kept"), KEPT)
def test_the_lookalike_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


@pytest.mark.parametrize(("turns", "values"), THREADS)
def test_a_value_over_turns_is_withheld(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert not any(v in out for v in values)


@pytest.mark.parametrize(("turns", "values"), THREADS_KEPT)
def test_a_lookalike_over_turns_is_kept(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert all(v in out for v in values)
