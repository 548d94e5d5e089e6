"""Licences that are a person's documents, by their shape: a European pilot's licence, a pilot's medical certificate
and a remote pilot's certificate.

A pilot's licence under the European rules (Part-FCL) is written with its state's code, "FCL", the licence's kind and
the holder's number ("DEU.FCL.PPL.891545", "UK.FCL.SPL.463554", "FRA.FCL.PPL(A).70838245"); a remote pilot's
certificate of competency with the state's three letters, "RP" and twelve characters ("DNK-RP-u7351sjd0kx0"); a
pilot's medical certificate as the licence with "MED" ("FRA.MED.102938", "NL-MED-0045123"). Each
names one person, as a driving licence does, and the shape says what they are with no name beside them (a turn that is
only the value answers "Lizenz?"). Kept: a drone operator's registration ("GBR-OP-…", "FIN87astrdge12k8": printed on
the aircraft), an aircraft's registration ("D-KXRT", "N482RM"). Their names in other words (a firearms certificate,
"Waffenbesitzkarte", "pilótaengedély" …) are data, ``assets/personal_licences.json``, read with the ids' names.
"""

from __future__ import annotations

import re

Span = tuple[int, int, str]

#: A licence's kind is optional: some states print only the state's code, "FCL" and the number ("DE.FCL.45570");
#: others a kind of their own ("EST.FCL.PA.283956"). The number then holds a digit ("DE.FCL.PPL" alone is no licence).
_FCL = re.compile(r"(?<![\w.])[A-Z]{2,3}\.FCL\.(?:[A-Z]{1,4}(?:\([A-Z]{1,2}\))?\.)?(?=[0-9A-Z]*\d)[0-9A-Z]{3,12}(?![\w])")
#: A pilot's medical certificate, written as the licence is with "MED" for "FCL" ("DEU.MED.931261", "GB-MED-0980983").
_MEDICAL = re.compile(r"(?<![\w.-])[A-Z]{2,3}([.-])MED\1(?=[0-9A-Z]*\d{4})[0-9A-Z]{4,12}(?![\w])")
_REMOTE_PILOT = re.compile(r"(?<![\w-])[A-Z]{3}-RP-[0-9a-zA-Z]{10,14}(?![\w-])")


def spans(text: str) -> list[Span]:
    """Pilots' licences and remote pilots' certificates in ``text``, by their shape."""
    if ".FCL." not in text and "-RP-" not in text and "MED" not in text:
        return []
    return [(m.start(), m.end(), "government id") for p in (_FCL, _REMOTE_PILOT, _MEDICAL) for m in p.finditer(text)]
