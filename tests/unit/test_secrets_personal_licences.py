"""Licences that are a person's documents (a firearms certificate, a weapons card, a hunting licence, a pilot's licence
and medical certificate) are withheld as a driving licence is; public marks of the same hobbies (call signs,
registrations, season permits and tags, a gun's serial number) are kept."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

WITHHELD = [
    ("my firearms certificate number is 12/4471/FAC, keep it with the cabinet key", "4471"),
    ("shotgun cert no. 88/20931 expires in the spring", "20931"),
    ("Waffenbesitzkarte Nr. 2019-44718, die brauch ich beim Händler", "44718"),
    ("el número de mi licencia de armas es LA-5519203", "5519203"),
    ("numer mojego pozwolenia na broń to 7731/2020", "7731"),
    ("разрешение на оружие серия РОХа № 2209917", "2209917"),
    ("my pilot licence is GBR.FCL.PPL.00417293, the club wants it", "00417293"),
    ("ITA.FCL.LAPL(A).55120 — that's the one for the flying school", "55120"),
    ("remote pilot certificate FRA-RP-8kq2mzx7t4lb for the survey job", "8kq2mzx7t4lb"),
    ("licença de piloto número 448812, emitida pela ANAC", "448812"),
    # hunting licences (a person's licence, unlike a season's tag or a fishing permit), pilots' medical certificates
    ("jagttegnet har nummer 77310428, skal jeg sende det til jagtkonsortiet?", "77310428"),
    ("vadászjegyem száma 62-118204, ezt kéri a vadásztársaság", "118204"),
    ("mein Jagdschein hat die Nummer JS 412/2021, ausgestellt im Kreis Soest", "412/2021"),
    ("broj moje lovačke iskaznice je 55410982", "55410982"),
    ("permis de chasser n° 7740218836, validé cette année", "7740218836"),
    ("my medical certificate is DEU.MED.550219, class 2 until next spring", "550219"),
    ("certificado médico aeronáutico ESP-MED-0339122, lo pide la escuela", "0339122"),
    ("meine Lizenz ist AT.FCL.30921, bitte für den Verein notieren", "30921"),
    ("piloodiloa number EST.FCL.SP.480913 — the club wants it", "480913"),
]

KEPT = [
    "my callsign is DL7XYZ, I'm on 14.230 most evenings",
    "the plane's tail number is N482RM, parked at hangar 6",
    "my drone operator id is GBR-OP-7KX29TRQ2MN4, it's on a sticker under the arm",
    "the boat's MMSI is 211462910, put it in the AIS list",
    "the gun club meets at 7, range fee is 15 euros",
    "I'm renewing my pilot licence next month, the medical is on the 14th",
    "deer tag 2025/40417 for unit 12, the season opens on the 3rd",
    "fiskekort nr 2025/19032 for the lower river",
    "my class 2 medical expires in March, appointment with the AME on the 2nd at 10:30",
    "the gun's serial number is 4471902 — it's on the receiver",
]


@pytest.mark.parametrize(("text", "secret"), WITHHELD)
def test_a_persons_licence_is_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)


@pytest.mark.parametrize("text", KEPT)
def test_public_marks_of_the_same_hobbies_are_kept(text: str) -> None:
    assert redact_secrets(text) == text
