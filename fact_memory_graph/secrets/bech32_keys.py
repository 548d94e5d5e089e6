"""Public keys and addresses written in Bech32 (BIP-173) or Bech32m (BIP-350), known by their checksum.

"bc1q…" (a Bitcoin address), "ltc1…", "tb1…", "npub1…" (a Nostr public key), "age1…" (an age recipient),
"cosmos1…", "addr1…" (Cardano): a public prefix, "1", then data whose last six characters check the whole
string; or a value of the exact length its format gives (a copy with a typo). Such a value is shared to be paid or to be written to, so it is
public by its shape whatever word names it ("mi clave pública es bc1q…"). Secret prefixes ("nsec1",
"AGE-SECRET-KEY-1", "lnbc" invoices are left alone) are not listed, so a private key never reads as public.

Read only when the message holds one of the prefixes (a substring test).
"""

from __future__ import annotations

import re

PREFIXES = ("bc1", "tb1", "ltc1", "tltc1", "npub1", "age1", "cosmos1", "osmo1", "terra1", "addr1", "stake1",
            "bnb1", "tnam1", "juno1", "inj1", "sei1", "celestia1", "zil1", "one1", "erd1", "xch1", "nprofile1")
_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_VALUE = re.compile(r"(?i)(?<![\w])(?:" + "|".join(re.escape(p[:-1]) for p in PREFIXES) + r")1[" + _CHARSET + r"]{6,300}(?![\w])")


def _polymod(values: list[int]) -> int:
    gen = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
    chk = 1
    for v in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if (top >> i) & 1 else 0
    return chk


def valid(value: str) -> bool:
    """Whether ``value`` is a Bech32 or Bech32m string with a valid checksum (one case only)."""
    if value != value.lower() and value != value.upper():
        return False
    value = value.lower()
    hrp, _, data = value.rpartition("1")
    if not hrp or len(data) < 6 or any(c not in _CHARSET for c in data):
        return False
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    return _polymod(expanded + [_CHARSET.index(c) for c in data]) in (1, 0x2BC830A3)


def public_spans(text: str, low: str) -> list[tuple[int, int]]:
    """Where ``text`` (``low`` its lower case) holds a checksum-valid Bech32 value with a public prefix."""
    if "1" not in text or not any(p in low for p in PREFIXES):
        return []
    return [m.span() for m in _VALUE.finditer(text) if valid(m.group()) or _format_length(m.group())]


#: The lengths a format gives its values (a value copied with a typo keeps its length and its prefix).
_LENGTHS = {"bc1q": (42, 62), "bc1p": (62,), "tb1q": (42, 62), "tb1p": (62,), "ltc1q": (43, 63), "npub1": (63,),
            "age1": (62,), "cosmos1": (45,), "osmo1": (43,), "terra1": (44,), "bnb1": (42,), "inj1": (42,)}


def _format_length(value: str) -> bool:
    low = value.lower()
    return value in (low, value.upper()) and any(low.startswith(p) and len(low) in n for p, n in _LENGTHS.items())
