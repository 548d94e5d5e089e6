"""Session plans (seed 003's session memory): the facts of each session, the session content
records (one embedded row per session) and their similarity search. Every statement is scoped
by ``user_id``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from fact_memory_graph.schema import RETRIEVABLE_STATUSES, Fact
from fact_memory_graph.store._sql import (
    FACT_COLUMNS,
    FACTS,
    SESSIONS,
    Plan,
    one,
    require_aware,
    require_user,
    rows,
    to_fact,
)
from fact_memory_graph.store.plans.health import HealthPlans

SESSION_COLUMNS = "session_id, content, summary, fact_ids, fingerprint, started_at, ended_at, built_at"


class SessionPlans(HealthPlans):
    def _session_facts_plan(self, user_id: str) -> Plan[tuple[dict[str, list[Fact]], dict[str, tuple[Any, ...]]]]:
        """The believed facts of each session (oldest first) and, per stored record, its
        fingerprint, the model summary it keeps (``None``: none) and when that was written."""
        require_user(user_id)
        # The records first, then the facts: a record written after this read (from facts read at
        # any time) makes this build's compare-and-set fail, never the other way round.
        stored = yield from rows(f"SELECT session_id, fingerprint, model_summary, model_summary_at FROM {SESSIONS}"
                                 " WHERE user_id = %s", (user_id,))
        found = yield from rows(
            f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND session_id IS NOT NULL"
            " AND status = ANY(%s) ORDER BY created_at, id", (user_id, list(RETRIEVABLE_STATUSES)))
        by_session: dict[str, list[Fact]] = {}
        for row in found:
            by_session.setdefault(row["session_id"], []).append(to_fact(row))
        return by_session, {r["session_id"]: (r["fingerprint"], r["model_summary"], r["model_summary_at"])
                            for r in stored}

    def _save_sessions_plan(self, user_id: str, records: Sequence[dict[str, Any]],
                            vectors: Sequence[Sequence[float]], drop: Sequence[str], at: datetime,
                            generation: int | None = None,
                            expected: Mapping[str, tuple[Any, Any]] | None = None) -> Plan[list[str] | None]:
        """Upsert the records and drop ``drop``; nothing when a fact a record quotes was
        forgotten or purged meanwhile (the next build writes the records without it), or when
        ``generation`` (read before the build) is no longer current (``None`` then).

        Compare-and-set: ``expected`` maps a session id to the stored record's ``(fingerprint,
        model_summary_at)`` the build read (absent: no record then). A record written since by
        another build is neither overwritten nor dropped; the ids of those sessions are returned
        (the caller builds them again from a fresh read). Without ``expected``: written as is."""
        require_user(user_id)
        require_aware(at)
        if not (yield from self._derived_write_guard(user_id, [i for r in records for i in r["fact_ids"]],
                                                     generation)):
            return None
        changed: list[str] = []

        def token(session_id: str) -> tuple[Any, Any]:
            return (expected or {}).get(session_id, (None, None))

        for session_id in drop:
            fingerprint, at_ = token(session_id)
            gone = yield from one(
                f"DELETE FROM {SESSIONS} WHERE user_id = %s AND session_id = %s"
                + (" AND fingerprint IS NOT DISTINCT FROM %s AND model_summary_at IS NOT DISTINCT FROM %s"
                   " RETURNING session_id" if expected is not None else " RETURNING session_id"),
                (user_id, session_id, *((fingerprint, at_) if expected is not None else ())))
            if gone is None and expected is not None:
                changed.append(session_id)
        for record, vector in zip(records, vectors, strict=True):
            fingerprint, at_ = token(record["session_id"])
            written = yield from one(
                f"INSERT INTO {SESSIONS} AS s (user_id, {SESSION_COLUMNS}, embedding, model_summary, model_summary_at)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s::vector, %s, %s)"
                " ON CONFLICT (user_id, session_id) DO UPDATE SET content = EXCLUDED.content,"
                " summary = EXCLUDED.summary, fact_ids = EXCLUDED.fact_ids, fingerprint = EXCLUDED.fingerprint,"
                " started_at = EXCLUDED.started_at, ended_at = EXCLUDED.ended_at, built_at = EXCLUDED.built_at,"
                " embedding = EXCLUDED.embedding, model_summary = EXCLUDED.model_summary,"
                " model_summary_at = EXCLUDED.model_summary_at"
                + (" WHERE s.fingerprint IS NOT DISTINCT FROM %s AND s.model_summary_at IS NOT DISTINCT FROM %s"
                   if expected is not None else "") + " RETURNING session_id",
                (user_id, record["session_id"], *(texts := self.guard_record(  # one record: read together
                    record["content"], record["summary"], record.get("model_summary")))[:2], record["fact_ids"],
                 record["fingerprint"], record["started_at"], record["ended_at"], at, self.vector_param(vector),
                 texts[2], record.get("model_summary_at"),
                 *((fingerprint, at_) if expected is not None else ())))
            if written is None:
                changed.append(record["session_id"])
        return changed

    def _search_sessions_plan(self, user_id: str, embedding: Sequence[float], limit: int,
                              threshold: float) -> Plan[list[dict[str, Any]]]:
        require_user(user_id)
        query = self.vector_param(embedding)
        found = yield from rows(
            # Seed 003's scale: 1 - cosine distance / 2, in [0, 1] (0.5 = orthogonal).
            f"SELECT {SESSION_COLUMNS}, 1 - (embedding <=> %s::vector) / 2 AS similarity FROM {SESSIONS}"
            " WHERE user_id = %s ORDER BY embedding <=> %s::vector, session_id LIMIT %s",
            (query, user_id, query, limit))
        return [r for r in found if r["similarity"] >= threshold]

    def _list_sessions_plan(self, user_id: str) -> Plan[list[dict[str, Any]]]:
        require_user(user_id)
        return (yield from rows(f"SELECT {SESSION_COLUMNS} FROM {SESSIONS} WHERE user_id = %s"
                                " ORDER BY started_at, session_id", (user_id,)))
