"""Every SQL statement of the store, written once for the sync and the async store.

Each operation is a *plan*: a generator that yields :class:`Q` (a statement and how to fetch its
result) and receives the result back, then returns the operation's value. ``FactStore`` runs a
plan on a psycopg connection, ``AsyncFactStore`` on an async one; the SQL and the logic around it
exist only here. Every statement is scoped by ``user_id``.
"""

from __future__ import annotations

import json
import math
import uuid
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypeVar
from uuid import UUID

from psycopg.types.json import Jsonb

from fact_memory_graph.config import WriteConfig
from fact_memory_graph.errors import DimensionMismatchError, FactNotFoundError, InvalidInputError
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
SETUP_LOCK_KEY = 0x46414354_4D454D

T = TypeVar("T")


@dataclass(frozen=True)
class Q:
    """One statement of a plan; ``fetch`` says what the plan gets back (rows are dicts)."""

    sql: str
    params: Sequence[Any] | None = None
    fetch: Literal["all", "one", "none", "rowcount"] = "all"


Plan = Generator[Q, Any, T]


def row_json(row: dict[str, Any] | None) -> dict[str, Any] | None:
    """A row as JSON for the audit log (no embedding)."""
    if row is None:
        return None
    return json.loads(json.dumps({k: v for k, v in row.items() if k != "embedding"}, default=str))


def require_user(user_id: str) -> str:
    if not isinstance(user_id, str) or not user_id.strip():
        raise InvalidInputError("user_id must be a non-empty string")
    return user_id


def require_aware(at: datetime) -> datetime:
    if at.tzinfo is None:
        raise InvalidInputError("timestamps must be timezone-aware (clock() returned a naive datetime)")
    return at


def to_fact(row: dict[str, Any]) -> Fact:
    return Fact.model_validate({k: row[k] for k in row if k not in ("distance", "pending", "embedding")})


class StorePlans:
    """The plans; subclasses add a driver (sync or async) and the public methods."""

    def __init__(self, *, dimension: int, write: WriteConfig | None = None) -> None:
        self.dimension = dimension
        self.write = write or WriteConfig()

    def vector_literal(self, embedding: Sequence[float]) -> str:
        """pgvector text form; checks the dimension and rejects NaN/inf with a clear error."""
        if len(embedding) != self.dimension:
            raise DimensionMismatchError(self.dimension, len(embedding))
        if not all(math.isfinite(x) for x in embedding):
            raise InvalidInputError("embedding contains NaN or infinite values")
        return "[" + ",".join(repr(float(x)) for x in embedding) + "]"

    # ------------------------------------------------------------------ schema
    def _setup_plan(self) -> Plan[None]:
        yield Q("SELECT pg_advisory_xact_lock(%s)", (SETUP_LOCK_KEY,), "none")
        yield Q("CREATE EXTENSION IF NOT EXISTS vector", None, "none")
        yield Q(
            "CREATE TABLE IF NOT EXISTS fact_memory_migrations ("
            " version integer PRIMARY KEY, description text NOT NULL,"
            " applied_at timestamptz NOT NULL DEFAULT now())", None, "none",
        )
        done = {r["version"] for r in (yield Q("SELECT version FROM fact_memory_migrations"))}
        for version, (description, sql) in enumerate(MIGRATIONS, start=1):
            if version in done:
                continue
            yield Q(sql.replace("{dim}", str(self.dimension)).replace("{{", "{").replace("}}", "}"), None, "none")
            yield Q("INSERT INTO fact_memory_migrations (version, description) VALUES (%s, %s)",
                    (version, description), "none")
        stored = yield Q("SELECT value FROM fact_memory_meta WHERE key = 'embedding_dim'", None, "one")
        if stored is not None and int(stored["value"]) != self.dimension:
            raise DimensionMismatchError(int(stored["value"]), self.dimension, where="database")

    def _migration_versions_plan(self) -> Plan[list[int]]:
        rows = yield Q("SELECT version FROM fact_memory_migrations ORDER BY version")
        return [r["version"] for r in rows]

    # ------------------------------------------------------------------ reads
    def _search_plan(
        self, user_id: str, embedding: Sequence[float], quotas: dict[FactKind, int], statuses: Sequence[str]
    ) -> Plan[dict[FactKind, list[tuple[Fact, float, list[dict[str, Any]]]]]]:
        require_user(user_id)
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
        out: dict[FactKind, list[tuple[Fact, float, list[dict[str, Any]]]]] = {FactKind(k): [] for k in quotas}
        if not parts:
            return out
        rows = yield Q(
            "SELECT f.*, (SELECT coalesce(jsonb_agg(jsonb_build_object("
            "'id', c.id, 'claim', c.claim, 'created_at', c.created_at) ORDER BY c.created_at), '[]')"
            f" FROM {CANDIDATES} c WHERE c.fact_id = f.id AND c.status = 'pending') AS pending"
            f" FROM ({' UNION ALL '.join(parts)}) f",
            params,
        )
        for row in rows:
            fact = to_fact(row)
            out[fact.kind].append((fact, 1.0 - float(row["distance"]), row["pending"]))
        for found in out.values():
            found.sort(key=lambda r: (-r[1], str(r[0].id)))
        return out

    def _nearest_plan(
        self, user_id: str, probes: Sequence[tuple[FactKind, str, Sequence[float]]], k: int
    ) -> Plan[list[list[tuple[UUID, str, float]]]]:
        require_user(user_id)
        if not probes:
            return []
        # MATERIALIZED: parse each probe vector once, not once per compared row.
        rows = yield Q(
            "WITH q AS MATERIALIZED ("
            "  SELECT ord, kind, category, vtext::vector AS v"
            "  FROM unnest(%s::int[], %s::text[], %s::text[], %s::text[]) AS p(ord, kind, category, vtext))"
            " SELECT q.ord, f.id, f.claim, 1 - f.distance AS similarity FROM q"
            " CROSS JOIN LATERAL ("
            f"   SELECT id, claim, embedding <=> q.v AS distance FROM {FACTS}"
            "    WHERE user_id = %s AND kind = q.kind AND category = q.category AND status = 'active'"
            "    ORDER BY distance, id LIMIT %s) f"
            " ORDER BY q.ord, f.distance",
            (
                list(range(len(probes))),
                [FactKind(p[0]).value for p in probes],
                [p[1] for p in probes],
                [self.vector_literal(p[2]) for p in probes],
                user_id,
                k,
            ),
        )
        out: list[list[tuple[UUID, str, float]]] = [[] for _ in probes]
        for r in rows:
            out[r["ord"]].append((r["id"], r["claim"], float(r["similarity"])))
        return out

    def _get_fact_plan(self, user_id: str, fact_id: UUID | str) -> Plan[Fact | None]:
        require_user(user_id)
        row = yield Q(f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND id = %s",
                      (user_id, UUID(str(fact_id))), "one")
        return to_fact(row) if row else None

    def _list_facts_plan(
        self, user_id: str, kind: FactKind | str | None, status: FactStatus | str | Sequence[str] | None,
        category: str | None,
    ) -> Plan[list[Fact]]:
        require_user(user_id)
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
        rows = yield Q(f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE {' AND '.join(where)} ORDER BY created_at, id",
                       params)
        return [to_fact(r) for r in rows]

    def _list_candidates_plan(self, user_id: str, status: str | None) -> Plan[list[FactCandidate]]:
        require_user(user_id)
        sql = f"SELECT {CANDIDATE_COLUMNS} FROM {CANDIDATES} WHERE user_id = %s"
        params: list[Any] = [user_id]
        if status is not None:
            sql += " AND status = %s"
            params.append(status)
        rows = yield Q(sql + " ORDER BY created_at, id", params)
        return [FactCandidate.model_validate(r) for r in rows]

    def _audit_log_plan(self, user_id: str, limit: int | None) -> Plan[list[AuditEntry]]:
        require_user(user_id)
        sql = f"SELECT * FROM {AUDIT} WHERE user_id = %s ORDER BY id"
        params: list[Any] = [user_id]
        if limit is not None:
            sql += " LIMIT %s"
            params.append(limit)
        rows = yield Q(sql, params)
        return [AuditEntry.model_validate(r) for r in rows]

    def _processed_plan(self, user_id: str, message_ids: Sequence[str]) -> Plan[dict[str, ApplyOutcome | None]]:
        require_user(user_id)
        if not message_ids:
            return {}
        rows = yield Q(f"SELECT message_id, outcome FROM {PROCESSED} WHERE user_id = %s AND message_id = ANY(%s)",
                       (user_id, list(message_ids)))
        return {r["message_id"]: (ApplyOutcome.model_validate(r["outcome"]) if r["outcome"] else None) for r in rows}

    def _stats_plan(self, user_id: str) -> Plan[dict[str, Any]]:
        require_user(user_id)
        facts = yield Q(f"SELECT kind, status, count(*) AS n FROM {FACTS} WHERE user_id = %s GROUP BY 1, 2 ORDER BY 1, 2",
                        (user_id,))
        pending = yield Q(f"SELECT count(*) AS n FROM {CANDIDATES} WHERE user_id = %s AND status = 'pending'",
                          (user_id,), "one")
        audit = yield Q(f"SELECT count(*) AS n FROM {AUDIT} WHERE user_id = %s", (user_id,), "one")
        messages = yield Q(f"SELECT count(*) AS n FROM {PROCESSED} WHERE user_id = %s", (user_id,), "one")
        by: dict[str, dict[str, int]] = {}
        for r in facts:
            by.setdefault(r["kind"], {})[r["status"]] = r["n"]
        return {"facts": by, "pending_candidates": pending["n"], "audit_entries": audit["n"], "messages": messages["n"]}

    def _users_plan(self) -> Plan[list[str]]:
        rows = yield Q(f"SELECT DISTINCT user_id FROM {FACTS} ORDER BY 1")
        return [r["user_id"] for r in rows]

    # ------------------------------------------------------------------ writes
    def _audit(
        self, *, user_id: str, op: str, at: datetime, fact_id: UUID | None = None, candidate_id: UUID | None = None,
        message_id: str | None = None, before: dict[str, Any] | None = None, after: dict[str, Any] | None = None,
        note: str | None = None,
    ) -> Plan[None]:
        yield Q(
            f"INSERT INTO {AUDIT} (user_id, op, fact_id, candidate_id, message_id, before, after, note, at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (user_id, op, fact_id, candidate_id, message_id,
             Jsonb(row_json(before)) if before is not None else None,
             Jsonb(row_json(after)) if after is not None else None, note, at),
            "none",
        )

    def _apply_plan(
        self, user_id: str, message_id: str, ops: Sequence[PlannedOp], at: datetime,
        rejected: Sequence[RejectedOp], also_processed: Iterable[str], llm_calls: int,
    ) -> Plan[ApplyOutcome]:
        require_user(user_id)
        require_aware(at)
        if not message_id:
            raise InvalidInputError("message_id must be non-empty")
        first = yield Q(
            f"INSERT INTO {PROCESSED} (user_id, message_id, processed_at) VALUES (%s, %s, %s)"
            " ON CONFLICT DO NOTHING RETURNING message_id",
            (user_id, message_id, at), "one",
        )
        if first is None:  # processed before (or by a concurrent writer that committed first)
            prior = yield Q(f"SELECT outcome FROM {PROCESSED} WHERE user_id = %s AND message_id = %s",
                            (user_id, message_id), "one")
            outcome = (ApplyOutcome.model_validate(prior["outcome"]) if prior and prior["outcome"]
                       else ApplyOutcome(user_id=user_id, message_id=message_id))
            return outcome.model_copy(update={"already_processed": True, "llm_calls": llm_calls})
        outcome = ApplyOutcome(user_id=user_id, message_id=message_id, rejected=list(rejected), llm_calls=llm_calls)
        for op in ops:
            outcome.applied.append((yield from self._apply_one(user_id, message_id, op, at)))
        record = Jsonb(outcome.model_dump(mode="json", exclude={"llm_calls"}))
        yield Q(f"UPDATE {PROCESSED} SET outcome = %s WHERE user_id = %s AND message_id = %s",
                (record, user_id, message_id), "none")
        for extra in also_processed:
            if extra != message_id:
                yield Q(f"INSERT INTO {PROCESSED} (user_id, message_id, processed_at, outcome)"
                        " VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING", (user_id, extra, at, record), "none")
        return outcome

    def _apply_one(self, user_id: str, message_id: str, op: PlannedOp, at: datetime) -> Plan[AppliedOp]:
        w = self.write
        if op.op in ("add_durable", "add_current"):
            return (yield from self._insert_fact(user_id, message_id, op, at))
        if op.fact_id is None:
            raise InvalidInputError(f"{op.op} needs a fact_id")
        if op.op == "contradict":
            target = yield from self._lock_fact(user_id, op.fact_id, op.op)
            if not op.claim or op.embedding is None:
                raise InvalidInputError("contradict needs a claim and its embedding")
            cand = yield Q(
                f"INSERT INTO {CANDIDATES} (id, user_id, fact_id, kind, category, claim, structured_fields,"
                " message_id, created_at, embedding) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s::vector)"
                f" RETURNING {CANDIDATE_COLUMNS}",
                (uuid.uuid4(), user_id, op.fact_id, target["kind"], op.category or target["category"], op.claim,
                 Jsonb(op.structured_fields), message_id, at, self.vector_literal(op.embedding)),
                "one",
            )
            yield from self._audit(user_id=user_id, op="contradict", at=at, fact_id=op.fact_id,
                                   candidate_id=cand["id"], message_id=message_id, before=target, after=cand,
                                   note=op.note)
            return AppliedOp(
                op="contradict", fact_id=op.fact_id, candidate_id=cand["id"], claim=op.claim, kind=target["kind"],
                category=cand["category"], note=op.note, confidence_before=target["confidence"],
                confidence_after=target["confidence"],
            )
        before = yield from self._lock_fact(user_id, op.fact_id, op.op)
        if op.op == "strengthen":
            # Arithmetic in SQL under the row lock: concurrent writers lose no update.
            after = yield Q(
                f"UPDATE {FACTS} SET"
                " confidence = LEAST(1.0, round((confidence + %s)::numeric, 6)::float8),"
                " last_confirmed_at = GREATEST(last_confirmed_at, %s),"
                " evidence_message_ids = CASE WHEN %s = ANY(evidence_message_ids)"
                "   THEN evidence_message_ids ELSE array_append(evidence_message_ids, %s) END,"
                " verification_status = CASE WHEN %s = 'confirmed' THEN 'confirmed' ELSE verification_status END,"
                " status = 'active'"
                " WHERE user_id = %s AND id = %s RETURNING *",
                (w.strengthen_step, at, message_id, message_id, op.verification_status.value, user_id, op.fact_id),
                "one",
            )
        elif op.op == "decay":
            after = yield Q(
                f"UPDATE {FACTS} SET"
                " confidence = GREATEST(0.0, round((confidence - %s)::numeric, 6)::float8),"
                " status = CASE WHEN round((confidence - %s)::numeric, 6) < %s THEN 'retracted' ELSE status END"
                " WHERE user_id = %s AND id = %s RETURNING *",
                (w.decay_step, w.decay_step, w.retract_below, user_id, op.fact_id),
                "one",
            )
        else:  # pragma: no cover - PlannedOp.op is a Literal
            raise InvalidInputError(f"unknown op {op.op!r}")
        yield from self._audit(user_id=user_id, op=op.op, at=at, fact_id=op.fact_id, message_id=message_id,
                               before=before, after=after, note=op.note)
        return AppliedOp(
            op=op.op, fact_id=op.fact_id, claim=after["claim"], kind=after["kind"], category=after["category"],
            confidence_before=before["confidence"], confidence_after=after["confidence"],
            status_after=after["status"], note=op.note,
        )

    def _lock_fact(self, user_id: str, fact_id: UUID, op: str) -> Plan[dict[str, Any]]:
        row = yield Q(f"SELECT * FROM {FACTS} WHERE user_id = %s AND id = %s AND status = ANY(%s) FOR UPDATE",
                      (user_id, fact_id, list(RETRIEVABLE_STATUSES)), "one")
        if row is None:
            raise FactNotFoundError(f"{op}: no active fact {fact_id} for user {user_id!r}")
        return row

    def _insert_fact(self, user_id: str, message_id: str | None, op: PlannedOp, at: datetime) -> Plan[AppliedOp]:
        if not op.claim or op.embedding is None or op.kind is None or op.category is None:
            raise InvalidInputError(f"{op.op} needs kind, category, claim and embedding")
        kind = FactKind(op.kind)
        fid = uuid.uuid4()
        row = yield Q(
            f"INSERT INTO {FACTS} (id, user_id, kind, category, claim, structured_fields, confidence,"
            " evidence_message_ids, verification_status, source, created_at, last_confirmed_at,"
            " valid_at, embedding) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s::vector)"
            " RETURNING *",
            (fid, user_id, kind.value, op.category, op.claim, Jsonb(op.structured_fields),
             self.write.initial_confidence, [message_id] if message_id else [], op.verification_status.value,
             op.source.value, at, at, at if kind is FactKind.CURRENT else None, self.vector_literal(op.embedding)),
            "one",
        )
        yield from self._audit(user_id=user_id, op=op.op, at=at, fact_id=fid, message_id=message_id, after=row,
                               note=op.note)
        if op.supersedes is not None:
            old = yield from self._lock_fact(user_id, op.supersedes, "supersede")
            new_old = yield Q(f"UPDATE {FACTS} SET status = 'superseded', superseded_by = %s"
                              " WHERE user_id = %s AND id = %s RETURNING *", (fid, user_id, op.supersedes), "one")
            yield from self._audit(user_id=user_id, op="supersede", at=at, fact_id=op.supersedes,
                                   message_id=message_id, before=old, after=new_old, note=f"superseded by {fid}")
        return AppliedOp(op=op.op, fact_id=fid, claim=op.claim, kind=kind, category=op.category,
                         confidence_after=row["confidence"], status_after=FactStatus.ACTIVE, note=op.note)

    def _resolve_candidate_plan(self, user_id: str, candidate_id: UUID | str, accept: bool, at: datetime
                                ) -> Plan[FactCandidate]:
        require_user(user_id)
        require_aware(at)
        cid = UUID(str(candidate_id))
        cand = yield Q(f"SELECT * FROM {CANDIDATES} WHERE user_id = %s AND id = %s AND status = 'pending' FOR UPDATE",
                       (user_id, cid), "one")
        if cand is None:
            raise FactNotFoundError(f"no pending candidate {cid} for user {user_id!r}")
        new_fact_id = None
        if accept:
            old = yield Q(f"SELECT * FROM {FACTS} WHERE user_id = %s AND id = %s FOR UPDATE",
                          (user_id, cand["fact_id"]), "one")
            kind = FactKind(cand["kind"])
            applied = yield from self._insert_fact(user_id, cand["message_id"], PlannedOp(
                op=f"add_{kind.value}", kind=kind, category=cand["category"], claim=cand["claim"],
                structured_fields=cand["structured_fields"],
                embedding=[float(x) for x in cand["embedding"].strip("[]").split(",")],
                note=f"accepted candidate {cid}",
            ), at)
            new_fact_id = applied.fact_id
            if old["status"] in RETRIEVABLE_STATUSES:
                after = yield Q(f"UPDATE {FACTS} SET status = 'superseded', superseded_by = %s,"
                                " verification_status = 'contradicted' WHERE user_id = %s AND id = %s RETURNING *",
                                (new_fact_id, user_id, old["id"]), "one")
                yield from self._audit(user_id=user_id, op="supersede", at=at, fact_id=old["id"], candidate_id=cid,
                                       message_id=cand["message_id"], before=old, after=after,
                                       note=f"contradiction accepted; superseded by {new_fact_id}")
        resolved = yield Q(f"UPDATE {CANDIDATES} SET status = %s, resolved_at = %s, resolved_fact_id = %s"
                           f" WHERE id = %s RETURNING {CANDIDATE_COLUMNS}",
                           ("accepted" if accept else "rejected", at, new_fact_id, cid), "one")
        yield from self._audit(user_id=user_id, op="accept_candidate" if accept else "reject_candidate", at=at,
                               fact_id=cand["fact_id"], candidate_id=cid, before=cand, after=resolved)
        return FactCandidate.model_validate(resolved)

    def _record_access_plan(self, user_id: str, fact_ids: Sequence[UUID], at: datetime) -> Plan[None]:
        if not fact_ids:
            return
        yield Q(
            f"UPDATE {FACTS} SET access_count = access_count + 1,"
            " last_accessed_at = GREATEST(coalesce(last_accessed_at, %s), %s),"
            " status = CASE WHEN status = 'dormant' THEN 'active' ELSE status END"
            " WHERE user_id = %s AND id = ANY(%s)",
            (at, at, user_id, list(fact_ids)), "none",
        )

    def _maintain_plan(self, user_id: str, at: datetime, dormant_after_days: float) -> Plan[dict[str, int]]:
        require_user(user_id)
        require_aware(at)
        counts = {"expired": 0, "dormant": 0}
        for status, where, params in (
            ("expired", "expires_at IS NOT NULL AND expires_at <= %s AND status = 'active'", (at,)),
            ("dormant", "kind = 'durable' AND status = 'active' AND"
                        " GREATEST(last_confirmed_at, coalesce(last_accessed_at, last_confirmed_at))"
                        " <= %s - make_interval(secs => %s)", (at, dormant_after_days * 86400.0)),
        ):
            rows = yield Q(f"SELECT * FROM {FACTS} WHERE user_id = %s AND {where} FOR UPDATE", (user_id, *params))
            for before in rows:
                after = yield Q(f"UPDATE {FACTS} SET status = %s WHERE id = %s RETURNING *", (status, before["id"]),
                                "one")
                yield from self._audit(user_id=user_id, op=status, at=at, fact_id=before["id"], before=before,
                                       after=after)
            counts[status] = len(rows)
        return counts

    def _purge_fact_plan(self, user_id: str, fact_id: UUID | str) -> Plan[bool]:
        require_user(user_id)
        fid = UUID(str(fact_id))
        gone = yield Q(f"DELETE FROM {FACTS} WHERE user_id = %s AND id = %s RETURNING id", (user_id, fid), "one")
        yield Q(f"DELETE FROM {AUDIT} WHERE user_id = %s AND fact_id = %s", (user_id, fid), "none")
        return gone is not None

    def _delete_user_plan(self, user_id: str) -> Plan[dict[str, int]]:
        require_user(user_id)
        counts: dict[str, int] = {}
        for name, table in (("candidates", CANDIDATES), ("audit", AUDIT), ("messages", PROCESSED), ("facts", FACTS)):
            counts[name] = yield Q(f"DELETE FROM {table} WHERE user_id = %s", (user_id,), "rowcount")
        return counts
