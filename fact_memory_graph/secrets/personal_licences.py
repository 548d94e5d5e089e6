"""Licences that are a person's documents, by their shape: a European pilot's licence and a remote pilot's certificate.

A pilot's licence under the European rules (Part-FCL) is written with its state's code, "FCL", the licence's kind and
the holder's number ("DEU.FCL.PPL.891545", "UK.FCL.SPL.463554", "FRA.FCL.PPL(A).70838245"); a remote pilot's
certificate of competency with the state's three letters, "RP" and twelve characters ("DNK-RP-u7351sjd0kx0"). Both
name one person, as a driving licence does, and the shape says what they are with no name beside them (a turn that is
only the value answers "Lizenz?"). Kept: a drone operator's registration ("GBR-OP-…", "FIN87astrdge12k8": printed on
the aircraft), an aircraft's registration ("D-KXRT", "N482RM"). Their names in other words (a firearms certificate,
"Waffenbesitzkarte", "pilótaengedély" …) are data, ``assets/personal_licences.json``, read with the ids' names.
"""

from __future__ import annotations

import re

Span = tuple[int, int, str]

#: (the licence's kind may be left out, "AT.FCL.10234", or be the part's letters, "PA" for aeroplanes; the number
#: then holds a digit)
_FCL = re.compile(r"(?<![\w.])[A-Z]{2,3}\.FCL\.(?:(?:PPL|LAPL|SPL|CPL|ATPL|MPL|BPL|IR|FI|CRI|PA|PH|PS|PB)(?:\([A-Z]{1,2}\))?\.)?"
                  r"(?=[0-9A-Z]*\d)[0-9A-Z]{3,12}(?![\w])")
_REMOTE_PILOT = re.compile(r"(?<![\w-])[A-Z]{3}-RP-[0-9a-zA-Z]{10,14}(?![\w-])")


def spans(text: str) -> list[Span]:
    """Pilots' licences and remote pilots' certificates in ``text``, by their shape."""
    if ".FCL." not in text and "-RP-" not in text:
        return []
    return [(m.start(), m.end(), "government id") for p in (_FCL, _REMOTE_PILOT) for m in p.finditer(text)]
