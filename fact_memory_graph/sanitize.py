"""Input limits and cleaning at the library's boundary, so hostile or broken input is rejected
with a clear error (or cleaned) before it reaches Postgres, JSON or the model.

| what | limit |
|---|---|
| user id, message id | 1..256 characters, not only whitespace or invisible characters, no NUL |
| text (messages, claims, queries) | NUL removed, lone surrogates replaced by U+FFFD |
| structured fields | JSON of at most 8 KB, nested at most 4 deep |
| a rejected op as stored in an outcome | at most 1 KB of JSON |
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from typing import Any

from fact_memory_graph import secrets as _secrets
from fact_memory_graph.errors import InvalidInputError
from fact_memory_graph.secrets import warming as _warming

MAX_ID_CHARS = 256
MAX_FIELDS_BYTES = 8 * 1024
MAX_FIELDS_DEPTH = 4
MAX_REJECTED_BYTES = 1024


#: Bidirectional controls (U+202A-U+202E, U+2066-U+2069, marks): they reorder what a reader sees,
#: so a claim or a name could display as something else. Removed from stored text.
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def clean_text(text: str) -> str:
    """``text`` without NUL characters or bidirectional controls, and with lone surrogates
    replaced (Postgres and JSON reject those)."""
    if "\x00" in text:
        text = text.replace("\x00", "")
    if _BIDI.search(text):
        text = _BIDI.sub("", text)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text)
    return text


def claim_digest(claim: str) -> str:
    """A short digest of a claim's text (sha256, 16 hex digits): which facts a reply was shown,
    kept without their text."""
    return hashlib.sha256(" ".join(claim.split()).encode()).hexdigest()[:16]


def quote(text: str) -> str:
    """Stored text as quoted data wherever it enters a prompt (recall sections, profile, session
    lines, the extractor's known facts, the adjudicator's facts, the summariser): JSON string
    escaping, so it can never close its quotes, start a new line ("## SYSTEM", a forged "F1 ..."
    line) or pose as an instruction."""
    return json.dumps(text, ensure_ascii=False)


def _visible(text: str) -> bool:
    return any(not ch.isspace() and unicodedata.category(ch) not in ("Cf", "Cc", "Zs") for ch in text)


def check_id(value: object, what: str = "user_id") -> str:
    """A user or message id as given, or an :class:`InvalidInputError` saying what is allowed."""
    if not isinstance(value, str):
        raise InvalidInputError(f"{what} must be a string, not {type(value).__name__}")
    if not _visible(value):
        raise InvalidInputError(f"{what} must contain a visible character (got {value[:20]!r})")
    if len(value) > MAX_ID_CHARS:
        raise InvalidInputError(f"{what} is longer than {MAX_ID_CHARS} characters")
    if "\x00" in value or clean_text(value) != value:
        raise InvalidInputError(f"{what} contains a NUL character, a bidirectional control or an unpaired surrogate")
    return value


def deeper_than(value: Any, limit: int) -> bool:
    """Whether JSON-like ``value`` nests deeper than ``limit`` (iterative: safe on any depth)."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            if level > limit:
                return True
            stack.extend((v, level + 1) for v in (item.values() if isinstance(item, dict) else item))
    return False


def clean_json(value: Any) -> Any:
    """A JSON value with every string (and key) cleaned as :func:`clean_text` does."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {clean_text(str(k)): clean_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_json(v) for v in value]
    return value


def check_fields(fields: dict[str, Any] | None) -> dict[str, Any]:
    """Structured fields, cleaned, within the size and depth limits (else InvalidInputError)."""
    if not fields:
        return {}
    if not isinstance(fields, dict):
        raise InvalidInputError("structured_fields must be a JSON object")
    if deeper_than(fields, MAX_FIELDS_DEPTH):
        raise InvalidInputError(f"structured_fields are nested deeper than {MAX_FIELDS_DEPTH} levels")
    cleaned = clean_json(fields)
    try:
        size = len(json.dumps(cleaned, ensure_ascii=False).encode("utf-8"))
    except (TypeError, ValueError) as exc:
        raise InvalidInputError(f"structured_fields are not JSON: {exc}") from None
    if size > MAX_FIELDS_BYTES:
        raise InvalidInputError(f"structured_fields take {size} bytes (at most {MAX_FIELDS_BYTES})")
    return cleaned


def summarize_rejected(op: Any) -> dict[str, Any]:
    """A rejected op as it is stored in an outcome (and logged): JSON-safe, at most 1 KB, every
    secret the filter knows withheld (a hostile model's rejected op carries nothing secret). Cut
    to size first, so a huge op costs the filter 1 KB."""
    if deeper_than(op, MAX_FIELDS_DEPTH * 2):
        return {"truncated": f"<nested deeper than {MAX_FIELDS_DEPTH * 2} levels>"}
    try:
        text = json.dumps(clean_json(op), ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = clean_text(repr(op)[:MAX_REJECTED_BYTES])
    if isinstance(op, dict) and len(text.encode("utf-8")) <= MAX_REJECTED_BYTES:
        return _secrets.redact_json(json.loads(text))
    return {"truncated": _secrets.redact_secrets(text[: MAX_REJECTED_BYTES // 2])}


# ---------------------------------------------------------------------------- secrets
# The secret filter lives in its own module (fact_memory_graph.secrets); these names are the ones
# the write path uses (WriteConfig.redact_secrets).
find_secrets = _secrets.find_secrets
find_in_record = _secrets.find_in_record
redact_secrets = _secrets.redact_secrets
redact_in_context = _secrets.redact_in_context
redact_turns = _secrets.redact_turns
redact_thread = _secrets.redact_thread
revealed_by_next = _secrets.revealed_by_next
THREAD_TURNS = _secrets.THREAD_TURNS
redact_json = _secrets.redact_json
names_a_secret = _secrets.names_a_secret
redact_record = _secrets.redact_record
warm_secret_libraries = _secrets.forms.warm_up
warm_secret_filter = _warming.warm_up
read_ahead = _warming.read_ahead
