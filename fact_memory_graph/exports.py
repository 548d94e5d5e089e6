"""An export file is untrusted input: :func:`validate_export` checks every record with the same
models and limits as live writes and returns a clean copy, or raises :class:`InvalidInputError`
naming the first bad record (``facts[3]: ...``); nothing is written on refusal.

Restoring into another user than the exported one gives every fact and candidate a fresh id,
with every reference remapped consistently (chains, candidates, audit rows, outcomes): two users
never share a fact id through a restore.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from fact_memory_graph.config import WriteConfig
from fact_memory_graph.errors import InvalidInputError
from fact_memory_graph.sanitize import check_fields, check_id, clean_json, clean_text, deeper_than
from fact_memory_graph.schema import (
    UNCATEGORIZED,
    ApplyOutcome,
    AuditEntry,
    Fact,
    FactCandidate,
    FactKind,
)
from fact_memory_graph.taxonomy import DEFAULT_TAXONOMY, Taxonomy

#: The record lists an export holds; anything else (``sessions``: derived, rebuilt) is ignored.
SECTIONS = ("facts", "candidates", "audit_log", "processed_messages", "runs", "people", "evaluations")
MAX_RECORDS = 1_000_000
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def _check_times(model: BaseModel) -> None:
    for name, value in model:
        if isinstance(value, datetime):
            if value.tzinfo is None:
                raise ValueError(f"{name} has no time zone")
            try:
                value.astimezone(UTC)
            except OverflowError:
                raise ValueError(f"{name} {value.isoformat()} is out of range") from None


def _claim(text: str, limit: int) -> str:
    claim = clean_text(text).strip()
    if not claim:
        raise ValueError("empty claim")
    if len(claim) > limit:
        raise ValueError(f"claim longer than {limit} characters")
    return claim


class _Processed(BaseModel):
    message_id: str
    processed_at: datetime
    outcome: dict[str, Any] | None = None


class _Person(BaseModel):
    name_key: str = Field(min_length=1, max_length=80)
    name: str = Field(min_length=1, max_length=80)
    relation: str = Field(min_length=1, max_length=60)
    aliases: list[str] = Field(default_factory=list, max_length=20)
    fact_ids: list[uuid.UUID] = Field(default_factory=list, max_length=1000)
    mentions: int = Field(default=1, ge=0)
    first_at: datetime
    last_at: datetime


class _Evaluation(BaseModel):
    message_id: str
    evaluator: str = Field(pattern=r"^[a-z][a-z0-9_]{1,39}$")
    output: Any  # any JSON value (a list of people, an object, a number)
    at: datetime


class _Run(BaseModel):
    job: str
    started_at: datetime
    finished_at: datetime
    report: dict[str, Any]


def validate_export(data: Any, user_id: str | None, write: WriteConfig | None = None,
                    taxonomy: Taxonomy | None = None) -> tuple[str, dict[str, Any]]:
    """``(user, clean export)``: the target user (``user_id``, else the exported one) and the
    records, checked and normalised, with fresh ids when the target differs from the exported
    user. Categories are checked against ``taxonomy`` (a custom one must be configured before
    its facts are restored); a fact without a category (an import from elsewhere) becomes
    ``durable`` / ``uncategorized``, which the extractor reclassifies when it next sees it."""
    write = write or WriteConfig()
    taxonomy = taxonomy or DEFAULT_TAXONOMY
    if not isinstance(data, Mapping) or not isinstance(data.get("facts"), list):
        raise InvalidInputError("restore needs the dict that export() returned (with a 'facts' list)")
    exported = data.get("user_id")
    user = check_id(user_id if user_id is not None else exported, "user_id")
    clean: dict[str, Any] = {"user_id": user}
    for section in SECTIONS:
        records = data.get(section, [])
        if not isinstance(records, list) or len(records) > MAX_RECORDS:
            raise InvalidInputError(f"{section} must be a list of at most {MAX_RECORDS} records")
        clean[section] = [_record(section, i, r, user, write, taxonomy) for i, r in enumerate(records)]
    _check_references(clean)
    if exported != user:
        clean = _fresh_ids(clean)
    return user, clean


def _record(section: str, index: int, raw: Any, user: str, write: WriteConfig, taxonomy: Taxonomy) -> dict[str, Any]:
    checks: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
        "facts": lambda r: _fact(r, user, write, taxonomy), "candidates": lambda r: _candidate(r, user, write, taxonomy),
        "audit_log": lambda r: _audit(r, user), "processed_messages": _processed, "runs": _run,
        "people": _person, "evaluations": _evaluation}
    try:
        if not isinstance(raw, Mapping):
            raise ValueError("not an object")
        return checks[section](dict(raw))
    except (ValidationError, ValueError, InvalidInputError) as exc:
        reason = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3]) \
            if isinstance(exc, ValidationError) else str(exc)
        raise InvalidInputError(f"{section}[{index}]: {reason}") from None


def _fact(raw: dict[str, Any], user: str, write: WriteConfig, taxonomy: Taxonomy) -> dict[str, Any]:
    if not raw.get("category"):  # imported without one: durable until the extractor reclassifies it
        raw = {**raw, "kind": FactKind.DURABLE.value, "category": UNCATEGORIZED}
    fact = Fact.model_validate({**raw, "user_id": user})
    _check_times(fact)
    taxonomy.check(fact.kind, fact.category)
    [check_id(m, "evidence message id") for m in fact.evidence_message_ids]
    if fact.session_id is not None:
        check_id(fact.session_id, "session_id")
    out = fact.model_dump(mode="json")
    out["claim"] = _claim(fact.claim, write.max_claim_chars)
    out["structured_fields"] = check_fields(fact.structured_fields)
    if "confirmed_at" not in raw:  # an export from before staging: its facts were all confirmed
        out["confirmed_at"] = out["created_at"]
    return out


def _candidate(raw: dict[str, Any], user: str, write: WriteConfig, taxonomy: Taxonomy) -> dict[str, Any]:
    cand = FactCandidate.model_validate({**raw, "user_id": user})
    _check_times(cand)
    taxonomy.check(cand.kind, cand.category)
    if cand.message_id is not None:
        check_id(cand.message_id, "message_id")
    out = cand.model_dump(mode="json")
    out["claim"] = _claim(cand.claim, write.max_claim_chars)
    out["structured_fields"] = check_fields(cand.structured_fields)
    return out


def _audit(raw: dict[str, Any], user: str) -> dict[str, Any]:
    entry = AuditEntry.model_validate({**raw, "user_id": user})
    if entry.id <= 0:
        raise ValueError("id must be positive")
    _check_times(entry)
    for blob in (entry.before, entry.after):
        if blob is not None and len(json.dumps(blob, default=str)) > 64 * 1024:
            raise ValueError("before/after larger than 64 KB")
    return entry.model_dump(mode="json")


def _processed(raw: dict[str, Any]) -> dict[str, Any]:
    rec = _Processed.model_validate(raw)
    _check_times(rec)
    check_id(rec.message_id, "message_id")
    if rec.outcome is not None:
        ApplyOutcome.model_validate(rec.outcome)
    return rec.model_dump(mode="json")


def _person(raw: dict[str, Any]) -> dict[str, Any]:
    rec = _Person.model_validate(raw)
    _check_times(rec)
    for text in (rec.name, rec.relation, *rec.aliases):
        if clean_text(text) != text:
            raise ValueError(f"{text[:40]!r} contains control characters")
    return rec.model_dump(mode="json")


def _evaluation(raw: dict[str, Any]) -> dict[str, Any]:
    rec = _Evaluation.model_validate(raw)
    _check_times(rec)
    check_id(rec.message_id, "message_id")
    try:
        size = len(json.dumps(rec.output, allow_nan=False))
    except (TypeError, ValueError):
        raise ValueError("output is not JSON") from None
    if size > 16 * 1024 or deeper_than(rec.output, 10):
        raise ValueError("output larger than 16 KB or nested deeper than 10 levels")
    out = rec.model_dump(mode="json")
    out["output"] = clean_json(out["output"])
    return out


def _run(raw: dict[str, Any]) -> dict[str, Any]:
    rec = _Run.model_validate(raw)
    _check_times(rec)
    if rec.job not in ("reconcile", "maintain", "inference"):
        raise ValueError(f"unknown job {rec.job!r}")
    return rec.model_dump(mode="json")


def _check_references(clean: dict[str, Any]) -> None:
    fact_ids = {f["id"] for f in clean["facts"]}
    if len(fact_ids) != len(clean["facts"]):
        raise InvalidInputError("facts: two records have the same id")
    for i, f in enumerate(clean["facts"]):
        if f["superseded_by"] is not None and f["superseded_by"] not in fact_ids:
            raise InvalidInputError(f"facts[{i}]: superseded_by {f['superseded_by']} is not a fact of the export")
    cand_ids = {c["id"] for c in clean["candidates"]}
    if len(cand_ids) != len(clean["candidates"]):
        raise InvalidInputError("candidates: two records have the same id")
    for i, c in enumerate(clean["candidates"]):
        for key in ("fact_id", "resolved_fact_id"):
            if c[key] is not None and c[key] not in fact_ids:
                raise InvalidInputError(f"candidates[{i}]: {key} {c[key]} is not a fact of the export")
    if len({a["id"] for a in clean["audit_log"]}) != len(clean["audit_log"]):
        raise InvalidInputError("audit_log: two records have the same id")
    if len({m["message_id"] for m in clean["processed_messages"]}) != len(clean["processed_messages"]):
        raise InvalidInputError("processed_messages: a message id appears twice")
    if len({p["name_key"] for p in clean["people"]}) != len(clean["people"]):
        raise InvalidInputError("people: a name appears twice")
    for p in clean["people"]:  # links are derived: one to a fact outside the export is dropped
        p["fact_ids"] = [i for i in p["fact_ids"] if i in fact_ids]
    if len({(e["message_id"], e["evaluator"]) for e in clean["evaluations"]}) != len(clean["evaluations"]):
        raise InvalidInputError("evaluations: a message has two outputs of one evaluator")


def _fresh_ids(clean: dict[str, Any]) -> dict[str, Any]:
    """The same export with a new id for every fact and candidate, replaced wherever it appears
    (references, audit snapshots, notes, outcomes): one pass over the JSON text."""
    mapping = {old: str(uuid.uuid4()) for old in [f["id"] for f in clean["facts"]] + [c["id"] for c in clean["candidates"]]}
    text = _UUID.sub(lambda m: mapping.get(m.group(0).lower(), m.group(0)), json.dumps(clean))
    return json.loads(text)
