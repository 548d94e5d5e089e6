"""A user's whole memory as a document (``memory.export``) and back (``memory.restore``): the
JSON-ready export from the store's rows, and a checked export's claims paired with their new
vectors."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fact_memory_graph.config import WriteConfig
from fact_memory_graph.exports import validate_export
from fact_memory_graph.sanitize import redact_secrets
from fact_memory_graph.schema import AuditEntry, Fact, FactCandidate
from fact_memory_graph.sessions import to_records
from fact_memory_graph.taxonomy import Taxonomy

__all__ = ["export_document", "restore_input", "restore_vectors"]


def export_document(user_id: str, rows: dict[str, Any], at: datetime) -> dict[str, Any]:
    """The export of ``user_id`` from ``FactStore.export_rows`` (one snapshot), as JSON-ready data."""
    return {
        "user_id": user_id,
        "exported_at": at.isoformat(),
        "facts": [Fact.model_validate(r).model_dump(mode="json") for r in rows["facts"]],
        "candidates": [FactCandidate.model_validate(r).model_dump(mode="json") for r in rows["candidates"]],
        "audit_log": [AuditEntry.model_validate(r).model_dump(mode="json") for r in rows["audit_log"]],
        "processed_messages": [{"message_id": r["message_id"], "processed_at": r["processed_at"].isoformat(),
                                "outcome": r["outcome"]} for r in rows["processed_messages"]],
        "runs": [{"job": r["job"], "started_at": r["started_at"].isoformat(),
                  "finished_at": r["finished_at"].isoformat(), "report": r["report"]} for r in rows["runs"]],
        # Derived from the facts (restore rebuilds them with build_sessions); exported because
        # they hold the user's words.
        "sessions": [to_records([r])[0].model_dump(mode="json", exclude={"similarity"})
                     for r in rows.get("sessions", [])],
        # The message log (queued and recently processed messages): exported because it holds
        # the user's words; restore does not re-queue it (flush before exporting).
        "message_log": [{**r, "at": r["at"].isoformat(),
                         "processed_at": r["processed_at"].isoformat() if r["processed_at"] else None}
                        for r in rows.get("message_log", [])],
        # The evaluators' records: the people the user named, and each message's outputs.
        "people": [{**r, "fact_ids": [str(i) for i in r["fact_ids"]], "first_at": r["first_at"].isoformat(),
                    "last_at": r["last_at"].isoformat()} for r in rows.get("people", [])],
        "evaluations": [{**r, "at": r["at"].isoformat()} for r in rows.get("evaluations", [])],
    }


def restore_input(data: dict[str, Any], user_id: str, write: WriteConfig, taxonomy: Taxonomy
                  ) -> tuple[str, dict[str, Any], list[str]]:
    """The checked export (untrusted input: :func:`~fact_memory_graph.exports.validate_export`)
    and the texts to embed: every fact's claim, then every candidate's."""
    user, clean = validate_export(data, user_id, write, taxonomy)
    if write.redact_secrets:  # each vector is the embedding of the claim as stored, never of a secret
        for record in (*clean["facts"], *clean["candidates"]):
            record["claim"] = redact_secrets(record["claim"])
    return user, clean, [f["claim"] for f in clean["facts"]] + [c["claim"] for c in clean["candidates"]]


def restore_vectors(data: dict[str, Any], vectors: list[list[float]]
                    ) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """The vectors of :func:`restore_input`'s texts, by fact id and by candidate id."""
    n_facts = len(data["facts"])
    facts = {str(f["id"]): v for f, v in zip(data["facts"], vectors[:n_facts], strict=True)}
    candidates = {str(c["id"]): v for c, v in zip(data.get("candidates", []), vectors[n_facts:], strict=True)}
    return facts, candidates
