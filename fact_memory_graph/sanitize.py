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

import json
import re
import unicodedata
from typing import Any

from fact_memory_graph.errors import InvalidInputError

MAX_ID_CHARS = 256
MAX_FIELDS_BYTES = 8 * 1024
MAX_FIELDS_DEPTH = 4
MAX_REJECTED_BYTES = 1024


def clean_text(text: str) -> str:
    """``text`` without NUL characters and with lone surrogates replaced (Postgres and JSON
    reject both)."""
    if "\x00" in text:
        text = text.replace("\x00", "")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text)
    return text


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
        raise InvalidInputError(f"{what} contains a NUL character or an unpaired surrogate")
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
    """A rejected op as it is stored in an outcome: JSON-safe and at most 1 KB."""
    if deeper_than(op, MAX_FIELDS_DEPTH * 2):
        return {"truncated": f"<nested deeper than {MAX_FIELDS_DEPTH * 2} levels>"}
    try:
        text = json.dumps(clean_json(op), ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = clean_text(repr(op)[:MAX_REJECTED_BYTES])
    if isinstance(op, dict) and len(text.encode("utf-8")) <= MAX_REJECTED_BYTES:
        return json.loads(text)
    return {"truncated": text[: MAX_REJECTED_BYTES // 2]}


# ---------------------------------------------------------------------------- secrets
# What a memory of a person must never keep, found without a model (WriteConfig.redact_secrets):
# masked in a message before the extractor sees it (and before it is queued), and an op whose
# claim still carries one is withheld. Special categories (health, beliefs) are not secrets.
_SECRET_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("api key", re.compile(r"\b(?:sk|pk|rk)-[A-Za-z0-9_\-]{16,}|\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{30,}"
                           r"|\bxox[abprs]-[A-Za-z0-9\-]{10,}|\bAIza[0-9A-Za-z_\-]{30,}")),
    ("password", re.compile(r"(?i)\b(?:password|passwd|passcode|pin(?: code)?|api key|secret key|token)"
                            r"(?:\s+(?:is|was))?\s*[:=]?\s+[\"']?((?=\S*[0-9!@#$%^&*_\-])\S{4,}|\S{8,})")),
    ("government id", re.compile(r"\b\d{3}-\d{2}-\d{4}\b"
                                 r"|(?i:\b(?:passport|ssn|social security|tax id|national id)"
                                 r"(?: number| no\.?| #)?(?:\s+(?:is|was))?\s*[:#]?\s+)[A-Z0-9]{6,12}\b")),
)
_CARD = re.compile(r"\b(?:\d[ -]?){12,18}\d\b")


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        n = int(ch)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def _secret_spans(text: str) -> list[tuple[int, int, str]]:
    spans = []
    for match in _CARD.finditer(text):
        digits = re.sub(r"\D", "", match.group())
        if 13 <= len(digits) <= 19 and _luhn(digits):
            spans.append((match.start(), match.end(), "card number"))
    for kind, pattern in _SECRET_PATTERNS:
        for match in pattern.finditer(text):
            start, end = (match.start(1), match.end(1)) if match.lastindex else (match.start(), match.end())
            spans.append((start, end, kind))
    return spans


def find_secrets(text: str) -> list[str]:
    """The kinds of secret in ``text`` (card number, password, api key, government id), if any."""
    return sorted({kind for _, _, kind in _secret_spans(text)})


def redact_secrets(text: str) -> str:
    """``text`` with each secret replaced by ``[<kind> withheld]``."""
    spans = sorted(_secret_spans(text), key=lambda s: (s[0], -s[1]))
    out, at = [], 0
    for start, end, kind in spans:
        if start < at:
            continue  # overlapping matches: the first wins
        out.append(text[at:start])
        out.append(f"[{kind} withheld]")
        at = end
    out.append(text[at:])
    return "".join(out)
