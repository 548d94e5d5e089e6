"""The key of the forgotten turns' digests (docs/privacy.md, "Digests of forgotten turns").

A forgotten turn is remembered only as ``HMAC-SHA256(key, user id, message id or fingerprint)``,
so a client re-sending it later has it recognised — and someone holding the database alone
cannot test a guessed user id and message id or text. The key never goes to the database:

- ``FACT_MEMORY_FORGET_KEY``: the key, base64 (at least 16 bytes; 32 random bytes recommended:
  ``python -c "import base64, os; print(base64.b64encode(os.urandom(32)).decode())"``);
- else a file ``forget.key`` in the data directory (``FACT_MEMORY_DATA_DIR``, the embedded
  server's directory, or the per-user data folder), created on first use with mode 0600.

The database keeps the key's *id* (an HMAC of a constant: it says nothing about the key or any
turn) in ``fact_memory_meta``; a process whose key has another id refuses to write or look up
digests (:class:`~fact_memory_graph.errors.ConfigurationError`) instead of silently recognising
nothing: see :func:`check_key_id`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import stat
from pathlib import Path

import platformdirs

from fact_memory_graph.errors import ConfigurationError

ENV = "FACT_MEMORY_FORGET_KEY"
FILE_NAME = "forget.key"
#: Digests written with a key start with this (older, unkeyed ones are 64 hex digits).
PREFIX = "k1:"
META_KEY = "forget_key_id"


def _decode(text: str, where: str) -> bytes:
    try:
        key = base64.b64decode(text.strip(), validate=True)
    except (binascii.Error, ValueError):
        raise ConfigurationError(f"{where} is not base64: set it to 32 random bytes, base64-encoded") from None
    if len(key) < 16:
        raise ConfigurationError(f"{where} holds {len(key)} bytes: a forget key needs at least 16 (32 recommended)")
    return key


def default_dir() -> Path:
    """Where ``forget.key`` lives without an explicit directory: ``$FACT_MEMORY_DATA_DIR``, else
    the per-user data folder."""
    env = os.environ.get("FACT_MEMORY_DATA_DIR")
    return Path(env) if env else Path(platformdirs.user_data_dir("fact-memory-graph"))


def load_key(directory: str | os.PathLike[str] | None = None) -> bytes:
    """The forget key: ``$FACT_MEMORY_FORGET_KEY``, else ``<directory>/forget.key`` (created, 0600,
    with 32 random bytes when missing; a key file others can read is refused)."""
    if text := os.environ.get(ENV):
        return _decode(text, ENV)
    path = Path(directory) if directory is not None else default_dir()
    path.mkdir(parents=True, exist_ok=True)
    path = path / FILE_NAME
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as out:
            out.write(base64.b64encode(os.urandom(32)).decode() + "\n")
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise ConfigurationError(f"{path} is readable by others (mode {mode:o}): chmod 600 it")
    return _decode(path.read_text(), str(path))


def key_id(key: bytes) -> str:
    """A short id of the key (an HMAC of a constant): tells two keys apart, reveals nothing."""
    return hmac.new(key, b"fact-memory forget key id", hashlib.sha256).hexdigest()[:16]


def turn_digest(key: bytes, user_id: str, turn: str) -> str:
    """The keyed digest of one forgotten turn id (message id or fingerprint) of a user."""
    return PREFIX + hmac.new(key, f"{user_id}\x1f{turn}".encode(), hashlib.sha256).hexdigest()


def legacy_digest(user_id: str, turn: str) -> str:
    """The unkeyed digest written before keys (``sha256(user id, id)``): still recognised, never
    written again."""
    return hashlib.sha256(f"{user_id}\x1f{turn}".encode()).hexdigest()


def check_key_id(recorded: str | None, key: bytes) -> None:
    """Fail closed when the database's digests were written with another key: with the wrong
    key, re-sent forgotten turns would silently be extracted again."""
    if recorded is not None and recorded != key_id(key):
        raise ConfigurationError(
            f"the forget key (id {key_id(key)}) is not the one this database's forgotten-turn digests were "
            f"written with (id {recorded}): give every process the same key ({ENV}, or the same {FILE_NAME}). "
            "If that key is lost for good, re-sent forgotten turns can no longer be recognised; to accept that "
            f"and start over with this key, run: DELETE FROM fact_memory_meta WHERE key = '{META_KEY}'")
