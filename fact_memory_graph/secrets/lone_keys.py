"""A turn that is a 256-bit key in hex and nothing else: "a43ae63f…e1ae9", "0x16e4…955d", or after a
key's short label ("priv: …", "pk = 0x…", round twenty-seven, t58c).

Sixty-four hex digits are a private key (Ethereum, a raw Bitcoin key) or a SHA-256 digest. A digest is
pasted after something that names it — "checksum" / the digest, "sha256 of the release is:" / the digest,
"which commit" — and a key after its wallet's word or alone (one a sentence asks to import into a wallet, "import this into
electrum for me …", is read by :func:`forms.wallet_hex_key_spans`). A turn that holds only the 64 digits is read
as a key when the turn before names no digest (the thread's first turn has none before it): keeping a
digest out of memory costs little, keeping a wallet's key in it costs the wallet. Digests named in their
own turn ("sha256 3a5d…") are never alone and stay.
"""

from __future__ import annotations

import re

Span = tuple[int, int, str]

_LONE = re.compile(r"\s*(?:(?i:priv|pk|sk|privkey|priv_key|private|secret|signer|key)\s*[:=]\s*)?"
                   r"[\"'`]?(?P<key>(?:0x)?[0-9a-fA-F]{64})[\"'`]?[\s.!]*")
#: Words naming a digest or what a digest is of, in about ten languages.
_DIGEST_TURN = re.compile(r"(?i)(?<![^\W\d_])(?:md5|sha-?\d*|tx|txid|txn|txhash|transaction|digest|commit|block|signature|bisect\w*|build|release|firmware|iso|tarball|image|installer|download\w*"
                          r"|file|archive|zip|apk|docker|prüfsumme|pruefsumme|kontrollsumme|suma kontrolna|mã băm|ma bam|hash\w*"
                          r"|ellenőrzőösszeg\w*|kontrolní součet|somme de contrôle|suma de (?:control|verificación)"
                          r"|soma de verificação|somma di controllo|controlesom|tarkistussumma|kontrollsumma|kontrolsum"
                          r"|контрольн\w* сумм\w*|хеш\w*|хэш\w*|sağlama|checksum\w*)(?![^\W\d_])"
                          r"|校验|ハッシュ|チェックサム|해시|체크섬|哈希|摘要")


def spans(text: str) -> list[Span]:
    """The key of a turn that is only 64 hex digits."""
    if len(text) > 80:
        return []
    m = _LONE.fullmatch(text)
    return [(m.start("key"), m.end("key"), "private key")] if m else []


def names_a_digest(before: str) -> bool:
    """Whether the turn before a lone 64-hex turn names a digest ("checksum", "sha256 of the iso is:")."""
    tail = before[-300:]
    return bool(_DIGEST_TURN.search(tail))
