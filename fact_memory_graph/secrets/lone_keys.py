"""A turn that is a 256-bit key in hex and nothing else: "a43ae63f…e1ae9", "0x16e4…955d", or after a
key's short label ("priv: …", "pk = 0x…", round twenty-seven, t58c).

Sixty-four hex digits are a private key (Ethereum, a raw Bitcoin key) or a SHA-256 digest. A digest is
pasted after something that names it — "checksum" / the digest, "sha256 of the release is:" / the digest,
"which commit" — and a key after its wallet's word or alone; one a sentence asks to import into a wallet ("import this into
electrum for me …") is a key whatever stands around it. A turn that holds only the 64 digits is read
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


#: A key handed over to be imported into a wallet (round thirty): "import this into electrum for me <64 hex>",
#: "importa esta clave en MetaMask: …", "sweep it into my wallet …". A digest is checked, never imported.
_IMPORT_VERB = re.compile(r"(?i)(?<![^\W\d_])(?:import\w*|sweep\w*|importa\w*|importe\w*|importier\w*|импорт\w*|içe aktar\w*)"
                          r"(?![^\W\d_])")
_WALLET = re.compile(r"(?i)(?<![^\W\d_])(?:electrum|metamask|trust\s?wallet|exodus|phantom|sparrow|bluewallet|rabby|wallet"
                     r"|monedero|billetera|cartera|portefeuille|brieftasche|carteira|portafoglio|кошел[её]к\w*|cüzdan\w*)"
                     r"(?![^\W\d_])")
_HEX_KEY = re.compile(r"(?<![0-9A-Za-z])(?:0x)?[0-9a-fA-F]{64}(?![0-9A-Za-z])")


def imported_spans(text: str) -> list[Span]:
    """A 64-hex key in the sentence that asks for it to be imported into a wallet."""
    if len(text) > 600 or not _IMPORT_VERB.search(text) or not _WALLET.search(text):
        return []
    out: list[Span] = []
    for m in _HEX_KEY.finditer(text):
        window = text[max(0, m.start() - 100):m.start()]
        verb = max(_IMPORT_VERB.finditer(window), key=lambda v: v.start(), default=None)  # the last one
        if verb and _WALLET.search(window, verb.start()) and not _DIGEST_TURN.search(window, verb.start()):
            out.append((m.start(), m.end(), "private key"))
    return out
