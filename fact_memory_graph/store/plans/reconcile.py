"""Reconciliation plans (seed 004's write-ahead log): the unreconciled batch, its neighbours,
applying one group's decisions in one transaction, run records, and who has work."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from fact_memory_graph.schema import (
    RETRIEVABLE_STATUSES,
    Fact,
    FactKind,
    GroupDecision,
    ReconcileAction,
)
from fact_memory_graph.store._sql import (
    AUDIT,
    CANDIDATES,
    FACT_COLUMNS,
    FACTS,
    MESSAGES,
    RUNS,
    Plan,
    Row,
    execute,
    is_distributed,
    one,
    require_aware,
    require_user,
    rows,
    to_fact,
    users_by_shard,
)
from fact_memory_graph.store.plans.admin import AdminPlans

#: A fact with its embedding, as the reconciliation graph needs it.
FactVector = tuple[Fact, list[float]]


def _with_vector(row: Row) -> FactVector:
    return to_fact(row), list(row["vector"])


#: Under the staged policy a user with dormant facts is kept up this often (the weekly decay step).
SWEEP_EVERY_DAYS = 7.0


class ReconcilePlans(AdminPlans):
    def _unreconciled_plan(self, user_id: str, limit: int) -> Plan[tuple[list[FactVector], int]]:
        """The oldest unreconciled retrievable facts (at most ``limit``) and how many there are."""
        require_user(user_id)
        found = yield from rows(
            f"SELECT {FACT_COLUMNS}, embedding::float4[] AS vector FROM {FACTS}"
            " WHERE user_id = %s AND reconciled_at IS NULL AND status = ANY(%s)"
            " ORDER BY created_at, id LIMIT %s",
            (user_id, list(RETRIEVABLE_STATUSES), limit))
        total = yield from one(
            f"SELECT count(*) AS n FROM {FACTS} WHERE user_id = %s AND reconciled_at IS NULL AND status = ANY(%s)",
            (user_id, list(RETRIEVABLE_STATUSES)))
        return [_with_vector(r) for r in found], int(total["n"]) if total else 0

    def _reconcile_neighbours_plan(
        self, user_id: str, probes: Sequence[FactVector], k: int, min_similarity: float,
        state_k: int = 0, state_min_similarity: float = 1.0,
    ) -> Plan[list[list[tuple[FactVector, float]]]]:
        """For each probe fact: the ``k`` most similar other retrievable facts of the same user,
        kind and category with cosine >= ``min_similarity``. One round trip. With ``state_k``,
        each durable probe also gets the ``state_k`` most similar active current states of any
        category, older than it, with cosine >= ``state_min_similarity``: the states a new fact
        may end ("works at Acme" ends "looking for a job")."""
        out = yield from self._same_kind_neighbours_plan(user_id, probes, k, min_similarity)
        durable = [(i, p) for i, p in enumerate(probes) if p[0].kind is FactKind.DURABLE]
        if not state_k or not durable:
            return out
        found = yield from rows(
            "WITH q AS MATERIALIZED ("
            "  SELECT ord, id, created_at, vtext::vector AS v"
            "  FROM unnest(%s::int[], %s::uuid[], %s::timestamptz[], %s::text[]) AS p(ord, id, created_at, vtext))"
            f" SELECT q.ord, n.* FROM q CROSS JOIN LATERAL ("
            f"   SELECT {FACT_COLUMNS}, embedding::float4[] AS vector, 1 - (embedding <=> q.v) AS similarity"
            f"   FROM {FACTS} WHERE user_id = %s AND kind = 'current' AND status = 'active'"
            "    AND created_at <= q.created_at AND id <> q.id"
            "    ORDER BY embedding <=> q.v, id LIMIT %s) n"
            " WHERE n.similarity >= %s ORDER BY q.ord, n.similarity DESC",
            ([i for i, _ in durable], [f.id for _, (f, _) in durable], [f.created_at for _, (f, _) in durable],
             [self.vector_literal(v) for _, (_, v) in durable], user_id, state_k, state_min_similarity))
        for r in found:
            out[r["ord"]].append((_with_vector(r), float(r["similarity"])))
        return out

    def _same_kind_neighbours_plan(
        self, user_id: str, probes: Sequence[FactVector], k: int, min_similarity: float
    ) -> Plan[list[list[tuple[FactVector, float]]]]:
        require_user(user_id)
        if not probes:
            return []
        found = yield from rows(
            "WITH q AS MATERIALIZED ("
            "  SELECT ord, id, kind, category, vtext::vector AS v"
            "  FROM unnest(%s::int[], %s::uuid[], %s::text[], %s::text[], %s::text[])"
            "    AS p(ord, id, kind, category, vtext))"
            f" SELECT q.ord, n.* FROM q CROSS JOIN LATERAL ("
            f"   SELECT {FACT_COLUMNS}, embedding::float4[] AS vector, 1 - (embedding <=> q.v) AS similarity"
            f"   FROM {FACTS} WHERE user_id = %s AND kind = q.kind AND category = q.category"
            "    AND status = ANY(%s) AND id <> q.id"
            "    ORDER BY embedding <=> q.v, id LIMIT %s) n"
            " WHERE n.similarity >= %s ORDER BY q.ord, n.similarity DESC",
            ([i for i in range(len(probes))], [f.id for f, _ in probes], [f.kind.value for f, _ in probes],
             [f.category for f, _ in probes], [self.vector_literal(v) for _, v in probes],
             user_id, list(RETRIEVABLE_STATUSES), k, min_similarity))
        out: list[list[tuple[FactVector, float]]] = [[] for _ in probes]
        for r in found:
            out[r["ord"]].append((_with_vector(r), float(r["similarity"])))
        return out

    def _apply_group_plan(
        self, user_id: str, fact_ids: Sequence[UUID], decisions: Sequence[GroupDecision], at: datetime,
        run_id: str, generation: int | None = None,
    ) -> Plan[dict[str, Any]]:
        """Apply one group's decisions and mark its facts reconciled, in one transaction.

        Rows are locked in id order (a deterministic order: no deadlocks between concurrent
        runs). If any fact of the group is no longer retrievable, or the unreconciled ones were
        reconciled meanwhile (a concurrent run), nothing is applied: ``{"skipped": reason}``.
        """
        require_user(user_id)
        require_aware(at)
        if not (yield from self._user_guard(user_id, generation)):
            return {"skipped": "the user (or a message) was forgotten since the group was formed"}
        ids = sorted(set(fact_ids), key=str)
        locked = yield from rows(
            f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND id = ANY(%s) ORDER BY id FOR UPDATE", (user_id, ids))
        by_id = {r["id"]: r for r in locked}
        gone = [i for i in ids if i not in by_id or by_id[i]["status"] not in RETRIEVABLE_STATUSES]
        if gone:
            return {"skipped": f"{len(gone)} fact(s) changed since the group was formed"}
        if all(by_id[i]["reconciled_at"] is not None for i in ids):
            return {"skipped": "already reconciled by another run"}
        counts = {"merged": 0, "superseded": 0, "retracted": 0, "kept": 0}
        for d in decisions:
            before = by_id[d.fact_id]
            if d.action is ReconcileAction.KEEP:
                counts["kept"] += 1
                continue
            if d.action is ReconcileAction.RETRACT:
                after = yield from one(f"UPDATE {FACTS} SET status = 'retracted', reconciled_at = %s"
                                       " WHERE user_id = %s AND id = %s RETURNING " + FACT_COLUMNS, (at, user_id, d.fact_id))
                yield from self._audit(user_id=user_id, op="reconcile_retract", at=at, fact_id=d.fact_id,
                                       message_id=run_id, before=before, after=after, note=d.reason)
                counts["retracted"] += 1
                continue
            assert d.target_id is not None  # validated before planning
            after = yield from one(
                f"UPDATE {FACTS} SET status = 'superseded', superseded_by = %s, reconciled_at = %s"
                " WHERE user_id = %s AND id = %s RETURNING " + FACT_COLUMNS, (d.target_id, at, user_id, d.fact_id))
            op = "reconcile_merge" if d.action is ReconcileAction.MERGE else "reconcile_supersede"
            yield from self._audit(user_id=user_id, op=op, at=at, fact_id=d.fact_id, message_id=run_id,
                                   before=before, after=after, note=f"{d.action.value} into {d.target_id}: {d.reason}")
            if d.action is ReconcileAction.MERGE:
                # The survivor gains the duplicate's evidence and one strengthen.
                survivor = by_id[d.target_id]
                merged = yield from one(
                    f"UPDATE {FACTS} SET"
                    " confidence = LEAST(1.0, round((confidence + %s)::numeric, 6)::float8),"
                    " evidence_message_ids = ARRAY(SELECT DISTINCT unnest(evidence_message_ids || %s::text[])"
                    "   ORDER BY 1),"
                    " last_confirmed_at = GREATEST(last_confirmed_at, %s)"
                    " WHERE user_id = %s AND id = %s RETURNING " + FACT_COLUMNS,
                    (self.write.strengthen_step, list(before["evidence_message_ids"]), before["last_confirmed_at"],
                     user_id, d.target_id))
                yield from self._audit(user_id=user_id, op="reconcile_strengthen", at=at, fact_id=d.target_id,
                                       message_id=run_id, before=survivor, after=merged,
                                       note=f"absorbed duplicate {d.fact_id}")
                by_id[d.target_id] = merged or survivor
                counts["merged"] += 1
            else:
                counts["superseded"] += 1
        yield from execute(f"UPDATE {FACTS} SET reconciled_at = %s"
                           " WHERE user_id = %s AND id = ANY(%s) AND reconciled_at IS NULL", (at, user_id, ids))
        yield from self._bump_version(user_id)
        return counts

    def _mark_reconciled_plan(self, user_id: str, fact_ids: Sequence[UUID], at: datetime) -> Plan[None]:
        """Facts with nothing to reconcile against (no neighbour): reconciled as they are."""
        require_user(user_id)
        if fact_ids:
            yield from execute(f"UPDATE {FACTS} SET reconciled_at = %s"
                               " WHERE user_id = %s AND id = ANY(%s) AND reconciled_at IS NULL",
                               (at, user_id, list(fact_ids)))
            yield from self._bump_version(user_id)  # a hit carries reconciled_at

    def _record_run_plan(self, user_id: str, job: str, started_at: datetime, finished_at: datetime,
                         report: dict[str, Any], generation: int | None = None) -> Plan[bool]:
        """Record a run, under the user's shared lock, only while the user has facts and
        ``generation`` (read when the run started) is current: a run that finishes after a
        ``forget`` leaves no row naming the user."""
        require_user(user_id)
        if not (yield from self._derived_write_guard(user_id, (), generation)):
            return False
        inserted = yield from rows(
            f"INSERT INTO {RUNS} (user_id, job, started_at, finished_at, report)"
            f" SELECT %s, %s, %s, %s, %s WHERE EXISTS (SELECT 1 FROM {FACTS} WHERE user_id = %s) RETURNING id",
            (user_id, job, started_at, finished_at, self.jsonb(json.loads(json.dumps(report, default=str))), user_id))
        return bool(inserted)

    def _runs_plan(self, user_id: str | None, job: str | None, limit: int) -> Plan[list[Row]]:
        where, params = [], []
        if user_id is not None:
            where.append("user_id = %s")
            params.append(require_user(user_id))
        if job is not None:
            where.append("job = %s")
            params.append(job)
        sql = f"SELECT * FROM {RUNS}" + (f" WHERE {' AND '.join(where)}" if where else "")
        return (yield from rows(sql + " ORDER BY id DESC LIMIT %s", [*params, limit]))

    def _users_with_work_by_shard_plan(self, at: datetime, idle_days: float = 90.0
                                       ) -> Plan[tuple[list[str], int] | None]:
        """The same listing shard group by shard group (Citus' run_command_on_colocated_placements):
        with a worker down, the users of the reachable shards and how many shard placements could not
        be read. ``None`` on a Postgres that is not distributed. The values reach the per-shard
        command through Postgres' own ``format(%L)`` quoting."""
        require_aware(at)
        if not (yield from is_distributed(FACTS)):
            return None
        # %%%%1$s: format() keeps %1$s (the facts shard), which Citus fills in on each placement.
        command = (
            "SELECT coalesce(string_agg(DISTINCT f.user_id, chr(10)), '''') FROM %%%%1$s f"
            " WHERE (f.reconciled_at IS NULL AND f.status = ANY(%%L::text[]))"
            " OR (f.status = ''active'' AND f.expires_at IS NOT NULL AND f.expires_at <= %%L::timestamptz)"
            " OR (f.kind = ''durable'' AND f.status = ''active''"
            " AND GREATEST(f.last_confirmed_at, coalesce(f.last_accessed_at, f.last_confirmed_at)) <= %%L::timestamptz)"
            " OR (f.kind = ''current'' AND f.status = ''active'' AND f.expires_at IS NULL"
            " AND GREATEST(f.last_confirmed_at, coalesce(f.last_accessed_at, f.last_confirmed_at)) <= %%L::timestamptz)"
            " OR EXISTS (SELECT 1 FROM %%%%2$s c WHERE c.user_id = f.user_id AND c.fact_id = f.id"
            " AND c.status = ''pending'')")
        found = yield from rows(
            "SELECT success, result FROM run_command_on_colocated_placements(%s::regclass, %s::regclass,"
            f" format('{command}', %s::text[], %s::timestamptz, %s::timestamptz, %s::timestamptz))",
            (FACTS, CANDIDATES, list(RETRIEVABLE_STATUSES), at, at - timedelta(days=idle_days),
             at - timedelta(days=archive) if (archive := self.lifecycle.archive_current_after_days) else "-infinity"))
        return users_by_shard(found)

    def _users_with_work_plan(self, at: datetime, idle_days: float = 90.0,
                              retention_days: float | None = None, messages_since: datetime | None = None,
                              log_before: datetime | None = None) -> Plan[list[str]]:
        """Users with any upkeep due: unreconciled facts, active facts past their end, durable
        facts unused for ``idle_days`` (dormancy; under the staged policy also its sweep), and
        pending corrections. This is the one statement that spans users (the scheduler's); it
        reads only user ids."""
        require_aware(at)
        idle_before = at - timedelta(days=idle_days)
        archive = self.lifecycle.archive_current_after_days
        # Under the staged policy the sweep keeps deciding about every believed fact (a current
        # state fades below the cleanup threshold too): a user with one is kept up once a week (the
        # policy's decay step) after its last run, however long idle.
        staged = (f" OR (%s AND f.status IN ('active', 'dormant') AND NOT EXISTS (SELECT 1 FROM {RUNS} r"
                  "     WHERE r.user_id = f.user_id AND r.job = 'reconcile' AND r.finished_at > %s))")
        # With retention on, a user whose old history is due for deletion is kept up too (the same
        # ages `maintain` purges: facts no longer believed, audit rows).
        retain = (f" OR (%s AND ((f.status IN ('retracted', 'expired', 'superseded') AND coalesce((SELECT max(a.at)"
                  f" FROM {AUDIT} a WHERE a.user_id = f.user_id AND a.fact_id = f.id), f.created_at) < %s)"
                  f" OR EXISTS (SELECT 1 FROM {AUDIT} a WHERE a.user_id = f.user_id AND a.at < %s)))")
        retain_before = at - timedelta(days=retention_days or 0)
        found = yield from rows(
            f"SELECT DISTINCT f.user_id FROM {FACTS} f WHERE (f.reconciled_at IS NULL AND f.status = ANY(%s))"
            " OR (f.status = 'active' AND f.expires_at IS NOT NULL AND f.expires_at <= %s)"
            " OR (f.kind = 'durable' AND f.status = 'active'"
            "     AND GREATEST(f.last_confirmed_at, coalesce(f.last_accessed_at, f.last_confirmed_at)) <= %s)"
            # An open-ended current state past the archive horizon (the policy's).
            " OR (%s AND f.kind = 'current' AND f.status = 'active' AND f.expires_at IS NULL"
            "     AND GREATEST(f.last_confirmed_at, coalesce(f.last_accessed_at, f.last_confirmed_at)) <= %s)"
            f" OR EXISTS (SELECT 1 FROM {CANDIDATES} c WHERE c.user_id = f.user_id AND c.fact_id = f.id"
            "            AND c.status = 'pending')"
            f"{staged}{retain}"
            # The nightly review reads the day's messages: a user who wrote since is kept up too.
            f" UNION SELECT DISTINCT user_id FROM {MESSAGES} WHERE %s AND state = 'done' AND processed_at >= %s"
            # ... and so is a user whose processed messages outlived the log's horizon (idle or not).
            f" UNION SELECT DISTINCT user_id FROM {MESSAGES} WHERE %s AND state = 'done' AND processed_at < %s"
            " ORDER BY 1",
            (list(RETRIEVABLE_STATUSES), at, idle_before, archive is not None,
             at - timedelta(days=archive or 0), self.lifecycle.is_staged,
             at - timedelta(days=SWEEP_EVERY_DAYS), retention_days is not None, retain_before, retain_before,
             messages_since is not None, messages_since or at, log_before is not None, log_before or at))
        return [r["user_id"] for r in found]
