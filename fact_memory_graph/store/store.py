"""``FactStore``: the one module that owns all SQL.

Every statement is scoped by ``user_id``. All ops of one message are applied in one transaction,
together with the row that marks the message processed, so a message applies exactly once and a
failure leaves nothing behind. Connections come from a ``psycopg_pool.ConnectionPool``; reads and
idempotent writes are retried on a dropped connection.
"""

from __future__ import annotations

import json
import logging
import math
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any
from uuid import UUID

import psycopg
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential

from fact_memory_graph.config import WriteConfig
from fact_memory_graph.errors import (
    ConfigurationError,
    DimensionMismatchError,
    FactNotFoundError,
    InvalidInputError,
)
from fact_memory_graph.schema import (
    RETRIEVABLE_STATUSES,
    AppliedOp,
    ApplyOutcome,
    AuditEntry,
    Fact,
    FactCandidate,
    FactKind,
    FactStatus,
    PlannedOp,
    RejectedOp,
)
from fact_memory_graph.store.migrations import MIGRATIONS

logger = logging.getLogger(__name__)

FACTS = "fact_memory_facts"
CANDIDATES = "fact_memory_candidates"
AUDIT = "fact_memory_audit"
PROCESSED = "fact_memory_processed_messages"

FACT_COLUMNS = (
    "id, user_id, kind, category, claim, structured_fields, confidence, evidence_message_ids, "
    "verification_status, status, superseded_by, source, created_at, last_confirmed_at, "
    "valid_at, expires_at, access_count, last_accessed_at"
)
CANDIDATE_COLUMNS = (
    "id, user_id, fact_id, kind, category, claim, structured_fields, message_id, status, "
    "created_at, resolved_at, resolved_fact_id"
)
# Arbitrary constant: serialises concurrent setup() calls (CREATE EXTENSION races otherwise).
_SETUP_LOCK_KEY = 0x46414354_4D454D

# A dropped connection is retried; idempotency (processed message ids) makes that safe for apply.
_retry_on_disconnect = retry(
    retry=retry_if_exception_type(psycopg.OperationalError),
    stop=stop_after_attempt(3),
    wait=wait_exponential(multiplier=0.05, max=1.0),
    reraise=True,
)


def _row_json(row: dict[str, Any] | None) -> dict[str, Any] | None:
    """A fact row as JSON for the audit log (no embedding)."""
    if row is None:
        return None
    return json.loads(json.dumps({k: v for k, v in row.items() if k != "embedding"}, default=str))


def _require_user(user_id: str) -> str:
    if not isinstance(user_id, str) or not user_id.strip():
        raise InvalidInputError("user_id must be a non-empty string")
    return user_id


def _require_aware(at: datetime) -> datetime:
    if at.tzinfo is None:
        raise InvalidInputError("timestamps must be timezone-aware (clock() returned a naive datetime)")
    return at


class FactStore:
    """Postgres + pgvector storage for facts, candidates, the audit log and processed messages."""

    def __init__(self, pool: ConnectionPool, *, dimension: int, write: WriteConfig | None = None):
        self.pool = pool
        self.dimension = dimension
        self.write = write or WriteConfig()

    # ------------------------------------------------------------------ lifecycle
    @classmethod
    @contextmanager
    def from_conn_string(
        cls, conn_string: str, *, dimension: int, write: WriteConfig | None = None, **pool_kwargs: Any
    ) -> Iterator[FactStore]:
        """A store on its own pool, closed when the ``with`` block ends."""
        pool = make_pool(conn_string, **pool_kwargs)
        try:
            yield cls(pool, dimension=dimension, write=write)
        finally:
            pool.close()

    def setup(self) -> None:
        """Create the extension and tables, run pending migrations, check the vector dimension.

        Idempotent, and safe when several processes call it at once (advisory lock).
        """
        with self.pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SETUP_LOCK_KEY,))
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            conn.execute(
                "CREATE TABLE IF NOT EXISTS fact_memory_migrations ("
                " version integer PRIMARY KEY, description text NOT NULL,"
                " applied_at timestamptz NOT NULL DEFAULT now())"
            )
            done = {r[0] for r in conn.execute("SELECT version FROM fact_memory_migrations")}
            for version, (description, sql) in enumerate(MIGRATIONS, start=1):
                if version in done:
                    continue
                conn.execute(sql.replace("{dim}", str(self.dimension)).replace("{{", "{").replace("}}", "}"))
                conn.execute(
                    "INSERT INTO fact_memory_migrations (version, description) VALUES (%s, %s)",
                    (version, description),
                )
                logger.info("fact-memory migration %d applied: %s", version, description)
            stored = conn.execute(
                "SELECT value FROM fact_memory_meta WHERE key = 'embedding_dim'"
            ).fetchone()
        if stored is not None and int(stored[0]) != self.dimension:
            raise DimensionMismatchError(int(stored[0]), self.dimension, where="database")

    def migration_versions(self) -> list[int]:
        with self.pool.connection() as conn:
            return [r[0] for r in conn.execute("SELECT version FROM fact_memory_migrations ORDER BY version")]

    # ------------------------------------------------------------------ helpers
    def vector_literal(self, embedding: Sequence[float]) -> str:
        """pgvector text form; checks the dimension and rejects NaN/inf with a clear error."""
        if len(embedding) != self.dimension:
            raise DimensionMismatchError(self.dimension, len(embedding))
        if not all(math.isfinite(x) for x in embedding):
            raise InvalidInputError("embedding contains NaN or infinite values")
        return "[" + ",".join(repr(float(x)) for x in embedding) + "]"

    @staticmethod
    def _fact(row: dict[str, Any]) -> Fact:
        return Fact.model_validate({k: row[k] for k in row if k not in ("distance", "pending", "embedding")})

    def _audit(
        self,
        cur: psycopg.Cursor,
        *,
        user_id: str,
        op: str,
        at: datetime,
        fact_id: UUID | None = None,
        candidate_id: UUID | None = None,
        message_id: str | None = None,
        before: dict[str, Any] | None = None,
        after: dict[str, Any] | None = None,
        note: str | None = None,
    ) -> None:
        cur.execute(
            f"INSERT INTO {AUDIT} (user_id, op, fact_id, candidate_id, message_id, before, after, note, at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (
                user_id,
                op,
                fact_id,
                candidate_id,
                message_id,
                Jsonb(_row_json(before)) if before is not None else None,
                Jsonb(_row_json(after)) if after is not None else None,
                note,
                at,
            ),
        )

    # ------------------------------------------------------------------ reads
    @_retry_on_disconnect
    def search(
        self,
        user_id: str,
        embedding: Sequence[float],
        quotas: dict[FactKind, int],
        *,
        statuses: Sequence[str] = RETRIEVABLE_STATUSES,
    ) -> dict[FactKind, list[tuple[Fact, float, list[dict[str, Any]]]]]:
        """Exact top-k by cosine similarity per kind, for one user, in one round trip.

        Returns ``{kind: [(fact, similarity, pending_contradictions), ...]}``, most similar first.
        """
        _require_user(user_id)
        q = self.vector_literal(embedding)
        parts, params = [], []
        for kind, k in quotas.items():
            if k <= 0:
                continue
            # The distance is computed once per row and sorted on by its output name.
            parts.append(
                f"(SELECT {FACT_COLUMNS}, embedding <=> %s::vector AS distance FROM {FACTS}"
                " WHERE user_id = %s AND kind = %s AND status = ANY(%s)"
                " ORDER BY distance, id LIMIT %s)"
            )
            params += [q, user_id, FactKind(kind).value, list(statuses), k]
        out: dict[FactKind, list[tuple[Fact, float, list[dict[str, Any]]]]] = {
            FactKind(k): [] for k in quotas
        }
        if not parts:
            return out
        sql = (
            "SELECT f.*, (SELECT coalesce(jsonb_agg(jsonb_build_object("
            "'id', c.id, 'claim', c.claim, 'created_at', c.created_at) ORDER BY c.created_at), '[]')"
            f" FROM {CANDIDATES} c WHERE c.fact_id = f.id AND c.status = 'pending') AS pending"
            f" FROM ({' UNION ALL '.join(parts)}) f"
        )
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            for row in cur.execute(sql, params):
                fact = self._fact(row)
                out[fact.kind].append((fact, 1.0 - float(row["distance"]), row["pending"]))
        for rows in out.values():
            rows.sort(key=lambda r: (-r[1], str(r[0].id)))
        return out

    @_retry_on_disconnect
    def nearest_same_category(
        self, user_id: str, probes: Sequence[tuple[FactKind, str, Sequence[float]]], k: int = 3
    ) -> list[list[tuple[UUID, str, float]]]:
        """For each (kind, category, embedding) probe: the k most similar active facts of the
        same user, kind and category, as ``(fact_id, claim, cosine)``. One round trip."""
        _require_user(user_id)
        if not probes:
            return []
        # MATERIALIZED: parse each probe vector once, not once per compared row.
        sql = (
            "WITH q AS MATERIALIZED ("
            "  SELECT ord, kind, category, vtext::vector AS v"
            "  FROM unnest(%s::int[], %s::text[], %s::text[], %s::text[]) AS p(ord, kind, category, vtext))"
            " SELECT q.ord, f.id, f.claim, 1 - f.distance AS similarity FROM q"
            " CROSS JOIN LATERAL ("
            f"   SELECT id, claim, embedding <=> q.v AS distance FROM {FACTS}"
            "    WHERE user_id = %s AND kind = q.kind AND category = q.category AND status = 'active'"
            "    ORDER BY distance, id LIMIT %s) f"
            " ORDER BY q.ord, f.distance"
        )
        params = (
            list(range(len(probes))),
            [FactKind(p[0]).value for p in probes],
            [p[1] for p in probes],
            [self.vector_literal(p[2]) for p in probes],
            user_id,
            k,
        )
        out: list[list[tuple[UUID, str, float]]] = [[] for _ in probes]
        with self.pool.connection() as conn:
            for ord_, fid, claim, sim in conn.execute(sql, params):
                out[ord_].append((fid, claim, float(sim)))
        return out

    @_retry_on_disconnect
    def get_fact(self, user_id: str, fact_id: UUID | str) -> Fact | None:
        _require_user(user_id)
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            row = cur.execute(
                f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND id = %s",
                (user_id, UUID(str(fact_id))),
            ).fetchone()
        return self._fact(row) if row else None

    @_retry_on_disconnect
    def list_facts(
        self,
        user_id: str,
        *,
        kind: FactKind | str | None = None,
        status: FactStatus | str | Sequence[str] | None = None,
        category: str | None = None,
    ) -> list[Fact]:
        """A user's facts, oldest first, optionally filtered."""
        _require_user(user_id)
        where, params = ["user_id = %s"], [user_id]
        if kind is not None:
            where.append("kind = %s")
            params.append(FactKind(kind).value)
        if status is not None:
            statuses = [status] if isinstance(status, str) else list(status)
            where.append("status = ANY(%s)")
            params.append([FactStatus(s).value for s in statuses])
        if category is not None:
            where.append("category = %s")
            params.append(category)
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            rows = cur.execute(
                f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE {' AND '.join(where)} ORDER BY created_at, id",
                params,
            ).fetchall()
        return [self._fact(r) for r in rows]

    @_retry_on_disconnect
    def list_candidates(self, user_id: str, *, status: str | None = "pending") -> list[FactCandidate]:
        _require_user(user_id)
        sql = f"SELECT {CANDIDATE_COLUMNS} FROM {CANDIDATES} WHERE user_id = %s"
        params: list[Any] = [user_id]
        if status is not None:
            sql += " AND status = %s"
            params.append(status)
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            rows = cur.execute(sql + " ORDER BY created_at, id", params).fetchall()
        return [FactCandidate.model_validate(r) for r in rows]

    @_retry_on_disconnect
    def audit_log(self, user_id: str, *, limit: int | None = None) -> list[AuditEntry]:
        _require_user(user_id)
        sql = f"SELECT * FROM {AUDIT} WHERE user_id = %s ORDER BY id"
        params: list[Any] = [user_id]
        if limit is not None:
            sql += " LIMIT %s"
            params.append(limit)
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            return [AuditEntry.model_validate(r) for r in cur.execute(sql, params)]

    @_retry_on_disconnect
    def processed_outcomes(self, user_id: str, message_ids: Sequence[str]) -> dict[str, ApplyOutcome | None]:
        """Which of these message ids were processed already, with their recorded outcomes."""
        _require_user(user_id)
        if not message_ids:
            return {}
        with self.pool.connection() as conn:
            rows = conn.execute(
                f"SELECT message_id, outcome FROM {PROCESSED} WHERE user_id = %s AND message_id = ANY(%s)",
                (user_id, list(message_ids)),
            ).fetchall()
        return {mid: (ApplyOutcome.model_validate(o) if o else None) for mid, o in rows}

    @_retry_on_disconnect
    def stats(self, user_id: str) -> dict[str, Any]:
        """Counts of facts by kind and status, pending candidates, audit rows, messages."""
        _require_user(user_id)
        with self.pool.connection() as conn:
            facts = conn.execute(
                f"SELECT kind, status, count(*) FROM {FACTS} WHERE user_id = %s GROUP BY 1, 2 ORDER BY 1, 2",
                (user_id,),
            ).fetchall()
            pending = conn.execute(
                f"SELECT count(*) FROM {CANDIDATES} WHERE user_id = %s AND status = 'pending'", (user_id,)
            ).fetchone()[0]
            audit = conn.execute(f"SELECT count(*) FROM {AUDIT} WHERE user_id = %s", (user_id,)).fetchone()[0]
            messages = conn.execute(
                f"SELECT count(*) FROM {PROCESSED} WHERE user_id = %s", (user_id,)
            ).fetchone()[0]
        by: dict[str, dict[str, int]] = {}
        for kind, status, n in facts:
            by.setdefault(kind, {})[status] = n
        return {"facts": by, "pending_candidates": pending, "audit_entries": audit, "messages": messages}

    # ------------------------------------------------------------------ writes
    @_retry_on_disconnect
    def apply(
        self,
        user_id: str,
        message_id: str,
        ops: Sequence[PlannedOp],
        *,
        at: datetime,
        rejected: Sequence[RejectedOp] = (),
        also_processed: Iterable[str] = (),
        llm_calls: int = 0,
    ) -> ApplyOutcome:
        """Apply all ops of one message in one transaction; exactly once per message id.

        If ``message_id`` was processed before, nothing is applied and the earlier outcome is
        returned with ``already_processed=True``. Any error rolls everything back (the message
        stays unprocessed and can be retried). ``also_processed`` marks further message ids of
        a batch as processed in the same transaction.
        """
        _require_user(user_id)
        _require_aware(at)
        if not message_id:
            raise InvalidInputError("message_id must be non-empty")
        with self.pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
            first = cur.execute(
                f"INSERT INTO {PROCESSED} (user_id, message_id, processed_at) VALUES (%s, %s, %s)"
                " ON CONFLICT DO NOTHING RETURNING message_id",
                (user_id, message_id, at),
            ).fetchone()
            if first is None:
                prior = cur.execute(
                    f"SELECT outcome FROM {PROCESSED} WHERE user_id = %s AND message_id = %s",
                    (user_id, message_id),
                ).fetchone()
                outcome = ApplyOutcome.model_validate(prior["outcome"]) if prior and prior["outcome"] else ApplyOutcome(user_id=user_id, message_id=message_id)
                return outcome.model_copy(update={"already_processed": True, "llm_calls": llm_calls})
            outcome = ApplyOutcome(
                user_id=user_id, message_id=message_id, rejected=list(rejected), llm_calls=llm_calls
            )
            for op in ops:
                outcome.applied.append(self._apply_one(cur, user_id, message_id, op, at))
            record = outcome.model_dump(mode="json", exclude={"llm_calls"})
            cur.execute(
                f"UPDATE {PROCESSED} SET outcome = %s WHERE user_id = %s AND message_id = %s",
                (Jsonb(record), user_id, message_id),
            )
            for extra in also_processed:
                if extra != message_id:
                    cur.execute(
                        f"INSERT INTO {PROCESSED} (user_id, message_id, processed_at, outcome)"
                        " VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
                        (user_id, extra, at, Jsonb(record)),
                    )
        return outcome

    def _apply_one(
        self, cur: psycopg.Cursor, user_id: str, message_id: str, op: PlannedOp, at: datetime
    ) -> AppliedOp:
        w = self.write
        if op.op in ("add_durable", "add_current"):
            return self._insert_fact(cur, user_id, message_id, op, at)
        if op.fact_id is None:
            raise InvalidInputError(f"{op.op} needs a fact_id")
        if op.op == "strengthen":
            before = self._lock_fact(cur, user_id, op.fact_id, op.op)
            after = cur.execute(
                f"UPDATE {FACTS} SET"
                " confidence = LEAST(1.0, round((confidence + %s)::numeric, 6)::float8),"
                " last_confirmed_at = GREATEST(last_confirmed_at, %s),"
                " evidence_message_ids = CASE WHEN %s = ANY(evidence_message_ids)"
                "   THEN evidence_message_ids ELSE array_append(evidence_message_ids, %s) END,"
                " verification_status = CASE WHEN %s = 'confirmed' THEN 'confirmed' ELSE verification_status END,"
                " status = 'active'"
                f" WHERE user_id = %s AND id = %s RETURNING *",
                (w.strengthen_step, at, message_id, message_id, op.verification_status.value, user_id, op.fact_id),
            ).fetchone()
        elif op.op == "decay":
            before = self._lock_fact(cur, user_id, op.fact_id, op.op)
            after = cur.execute(
                f"UPDATE {FACTS} SET"
                " confidence = GREATEST(0.0, round((confidence - %s)::numeric, 6)::float8),"
                " status = CASE WHEN round((confidence - %s)::numeric, 6) < %s THEN 'retracted' ELSE status END"
                " WHERE user_id = %s AND id = %s RETURNING *",
                (w.decay_step, w.decay_step, w.retract_below, user_id, op.fact_id),
            ).fetchone()
        elif op.op == "contradict":
            target = self._lock_fact(cur, user_id, op.fact_id, op.op)
            if not op.claim or op.embedding is None:
                raise InvalidInputError("contradict needs a claim and its embedding")
            cand = cur.execute(
                f"INSERT INTO {CANDIDATES} (id, user_id, fact_id, kind, category, claim, structured_fields,"
                " message_id, created_at, embedding) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s::vector)"
                f" RETURNING {CANDIDATE_COLUMNS}",
                (
                    uuid.uuid4(),
                    user_id,
                    op.fact_id,
                    target["kind"],
                    op.category or target["category"],
                    op.claim,
                    Jsonb(op.structured_fields),
                    message_id,
                    at,
                    self.vector_literal(op.embedding),
                ),
            ).fetchone()
            self._audit(
                cur, user_id=user_id, op="contradict", at=at, fact_id=op.fact_id, candidate_id=cand["id"],
                message_id=message_id, before=target, after=cand, note=op.note,
            )
            return AppliedOp(
                op="contradict", fact_id=op.fact_id, candidate_id=cand["id"], claim=op.claim,
                kind=target["kind"], category=cand["category"], note=op.note,
                confidence_before=target["confidence"], confidence_after=target["confidence"],
            )
        else:  # pragma: no cover - PlannedOp.op is a Literal
            raise InvalidInputError(f"unknown op {op.op!r}")
        self._audit(
            cur, user_id=user_id, op=op.op, at=at, fact_id=op.fact_id, message_id=message_id,
            before=before, after=after, note=op.note,
        )
        return AppliedOp(
            op=op.op, fact_id=op.fact_id, claim=after["claim"], kind=after["kind"], category=after["category"],
            confidence_before=before["confidence"], confidence_after=after["confidence"],
            status_after=after["status"], note=op.note,
        )

    def _lock_fact(self, cur: psycopg.Cursor, user_id: str, fact_id: UUID, op: str) -> dict[str, Any]:
        row = cur.execute(
            f"SELECT * FROM {FACTS} WHERE user_id = %s AND id = %s AND status = ANY(%s) FOR UPDATE",
            (user_id, fact_id, list(RETRIEVABLE_STATUSES)),
        ).fetchone()
        if row is None:
            raise FactNotFoundError(f"{op}: no active fact {fact_id} for user {user_id!r}")
        return row

    def _insert_fact(
        self, cur: psycopg.Cursor, user_id: str, message_id: str | None, op: PlannedOp, at: datetime
    ) -> AppliedOp:
        if not op.claim or op.embedding is None or op.kind is None or op.category is None:
            raise InvalidInputError(f"{op.op} needs kind, category, claim and embedding")
        kind = FactKind(op.kind)
        valid_at = at if kind is FactKind.CURRENT else None
        fid = uuid.uuid4()
        row = cur.execute(
            f"INSERT INTO {FACTS} (id, user_id, kind, category, claim, structured_fields, confidence,"
            " evidence_message_ids, verification_status, source, created_at, last_confirmed_at,"
            " valid_at, embedding) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s::vector)"
            " RETURNING *",
            (
                fid, user_id, kind.value, op.category, op.claim, Jsonb(op.structured_fields),
                self.write.initial_confidence, [message_id] if message_id else [],
                op.verification_status.value, op.source.value, at, at, valid_at,
                self.vector_literal(op.embedding),
            ),
        ).fetchone()
        self._audit(cur, user_id=user_id, op=op.op, at=at, fact_id=fid, message_id=message_id, after=row, note=op.note)
        if op.supersedes is not None:
            old = self._lock_fact(cur, user_id, op.supersedes, "supersede")
            new_old = cur.execute(
                f"UPDATE {FACTS} SET status = 'superseded', superseded_by = %s"
                " WHERE user_id = %s AND id = %s RETURNING *",
                (fid, user_id, op.supersedes),
            ).fetchone()
            self._audit(
                cur, user_id=user_id, op="supersede", at=at, fact_id=op.supersedes, message_id=message_id,
                before=old, after=new_old, note=f"superseded by {fid}",
            )
        return AppliedOp(
            op=op.op, fact_id=fid, claim=op.claim, kind=kind, category=op.category,
            confidence_after=row["confidence"], status_after=FactStatus.ACTIVE, note=op.note,
        )

    @_retry_on_disconnect
    def resolve_candidate(self, user_id: str, candidate_id: UUID | str, *, accept: bool, at: datetime) -> FactCandidate:
        """Accept (the candidate becomes an active fact, the old one ``superseded`` and marked
        ``contradicted``) or reject a pending contradiction. Audited either way."""
        _require_user(user_id)
        _require_aware(at)
        cid = UUID(str(candidate_id))
        with self.pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
            cand = cur.execute(
                f"SELECT * FROM {CANDIDATES} WHERE user_id = %s AND id = %s AND status = 'pending' FOR UPDATE",
                (user_id, cid),
            ).fetchone()
            if cand is None:
                raise FactNotFoundError(f"no pending candidate {cid} for user {user_id!r}")
            new_fact_id = None
            if accept:
                old = cur.execute(
                    f"SELECT * FROM {FACTS} WHERE user_id = %s AND id = %s FOR UPDATE", (user_id, cand["fact_id"])
                ).fetchone()
                kind = FactKind(cand["kind"])
                applied = self._insert_fact(
                    cur, user_id, cand["message_id"],
                    PlannedOp(
                        op=f"add_{kind.value}", kind=kind, category=cand["category"], claim=cand["claim"],
                        structured_fields=cand["structured_fields"],
                        embedding=[float(x) for x in cand["embedding"].strip("[]").split(",")],
                        note=f"accepted candidate {cid}",
                    ),
                    at,
                )
                new_fact_id = applied.fact_id
                if old["status"] in RETRIEVABLE_STATUSES:
                    after = cur.execute(
                        f"UPDATE {FACTS} SET status = 'superseded', superseded_by = %s,"
                        " verification_status = 'contradicted' WHERE user_id = %s AND id = %s RETURNING *",
                        (new_fact_id, user_id, old["id"]),
                    ).fetchone()
                    self._audit(
                        cur, user_id=user_id, op="supersede", at=at, fact_id=old["id"], candidate_id=cid,
                        message_id=cand["message_id"], before=old, after=after,
                        note=f"contradiction accepted; superseded by {new_fact_id}",
                    )
            resolved = cur.execute(
                f"UPDATE {CANDIDATES} SET status = %s, resolved_at = %s, resolved_fact_id = %s"
                f" WHERE id = %s RETURNING {CANDIDATE_COLUMNS}",
                ("accepted" if accept else "rejected", at, new_fact_id, cid),
            ).fetchone()
            self._audit(
                cur, user_id=user_id, op="accept_candidate" if accept else "reject_candidate", at=at,
                fact_id=cand["fact_id"], candidate_id=cid, before=cand, after=resolved,
            )
        return FactCandidate.model_validate(resolved)

    @_retry_on_disconnect
    def record_access(self, user_id: str, fact_ids: Sequence[UUID], at: datetime) -> None:
        """Count one retrieval of each fact; a dormant fact that is retrieved is active again."""
        if not fact_ids:
            return
        with self.pool.connection() as conn:
            conn.execute(
                f"UPDATE {FACTS} SET access_count = access_count + 1,"
                " last_accessed_at = GREATEST(coalesce(last_accessed_at, %s), %s),"
                " status = CASE WHEN status = 'dormant' THEN 'active' ELSE status END"
                " WHERE user_id = %s AND id = ANY(%s)",
                (at, at, user_id, list(fact_ids)),
            )

    @_retry_on_disconnect
    def maintain(self, user_id: str, *, at: datetime, dormant_after_days: float = 90.0) -> dict[str, int]:
        """Lifecycle sweep for one user: current facts past ``expires_at`` become ``expired``;
        durable facts neither confirmed nor retrieved for ``dormant_after_days`` become ``dormant``."""
        _require_user(user_id)
        _require_aware(at)
        counts = {"expired": 0, "dormant": 0}
        with self.pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
            for status, where, params in (
                ("expired", "expires_at IS NOT NULL AND expires_at <= %s AND status = 'active'", (at,)),
                (
                    "dormant",
                    "kind = 'durable' AND status = 'active' AND"
                    " GREATEST(last_confirmed_at, coalesce(last_accessed_at, last_confirmed_at))"
                    " <= %s - make_interval(secs => %s)",
                    (at, dormant_after_days * 86400.0),
                ),
            ):
                rows = cur.execute(
                    f"SELECT * FROM {FACTS} WHERE user_id = %s AND {where} FOR UPDATE", (user_id, *params)
                ).fetchall()
                for before in rows:
                    after = cur.execute(
                        f"UPDATE {FACTS} SET status = %s WHERE id = %s RETURNING *", (status, before["id"])
                    ).fetchone()
                    self._audit(cur, user_id=user_id, op=status, at=at, fact_id=before["id"], before=before, after=after)
                counts[status] = len(rows)
        return counts

    @_retry_on_disconnect
    def purge_fact(self, user_id: str, fact_id: UUID | str) -> bool:
        """Hard-delete one fact (privacy). Its audit rows keep only ids, the claim text is erased."""
        _require_user(user_id)
        fid = UUID(str(fact_id))
        with self.pool.connection() as conn, conn.transaction():
            gone = conn.execute(
                f"DELETE FROM {FACTS} WHERE user_id = %s AND id = %s RETURNING id", (user_id, fid)
            ).fetchone()
            conn.execute(f"DELETE FROM {AUDIT} WHERE user_id = %s AND fact_id = %s", (user_id, fid))
        return gone is not None

    @_retry_on_disconnect
    def delete_user(self, user_id: str) -> dict[str, int]:
        """Hard-delete everything stored for a user (facts, candidates, audit, processed ids)."""
        _require_user(user_id)
        counts: dict[str, int] = {}
        with self.pool.connection() as conn, conn.transaction():
            for name, table in (("candidates", CANDIDATES), ("audit", AUDIT), ("messages", PROCESSED), ("facts", FACTS)):
                cur = conn.execute(f"DELETE FROM {table} WHERE user_id = %s", (user_id,))
                counts[name] = cur.rowcount
        return counts

    def users(self) -> list[str]:
        with self.pool.connection() as conn:
            return [r[0] for r in conn.execute(f"SELECT DISTINCT user_id FROM {FACTS} ORDER BY 1")]


def make_pool(conn_string: str, *, min_size: int = 1, max_size: int = 10, **kwargs: Any) -> ConnectionPool:
    """A psycopg pool that checks connections before handing them out (survives server restarts).

    One direct connection is tried first so a wrong URL fails at once with a clear error instead
    of the pool retrying until its timeout.
    """
    try:
        psycopg.connect(conn_string, connect_timeout=10).close()
    except psycopg.Error as exc:
        raise ConfigurationError(f"cannot connect to Postgres: {str(exc).strip()}") from exc
    pool = ConnectionPool(
        conn_string,
        min_size=min_size,
        max_size=max_size,
        kwargs={"autocommit": True, **kwargs.pop("kwargs", {})},
        check=ConnectionPool.check_connection,
        open=False,
        **kwargs,
    )
    pool.open(wait=True, timeout=30)
    return pool
