"""Admin plans: schema setup and migrations, lifecycle sweeps, privacy deletes."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from fact_memory_graph.errors import DimensionMismatchError
from fact_memory_graph.store._sql import (
    AUDIT,
    CANDIDATES,
    FACTS,
    PROCESSED,
    Plan,
    execute,
    fact_id_param,
    one,
    require_aware,
    require_user,
    rowcount,
    rows,
)
from fact_memory_graph.store.migrations import MIGRATIONS, render_migration
from fact_memory_graph.store.plans.write import WritePlans

# Arbitrary constant: serialises concurrent setup() calls (CREATE EXTENSION races otherwise).
SETUP_LOCK_KEY = 0x46414354_4D454D


class AdminPlans(WritePlans):
    def _setup_plan(self) -> Plan[None]:
        yield from execute("SELECT pg_advisory_xact_lock(%s)", (SETUP_LOCK_KEY,))
        yield from execute("CREATE EXTENSION IF NOT EXISTS vector")
        yield from execute(
            "CREATE TABLE IF NOT EXISTS fact_memory_migrations ("
            " version integer PRIMARY KEY, description text NOT NULL,"
            " applied_at timestamptz NOT NULL DEFAULT now())")
        done = {r["version"] for r in (yield from rows("SELECT version FROM fact_memory_migrations"))}
        for version, (description, sql) in enumerate(MIGRATIONS, start=1):
            if version in done:
                continue
            yield from execute(render_migration(sql, dimension=self.dimension))
            yield from execute("INSERT INTO fact_memory_migrations (version, description) VALUES (%s, %s)",
                               (version, description))
        stored = yield from one("SELECT value FROM fact_memory_meta WHERE key = 'embedding_dim'")
        if stored is not None and int(stored["value"]) != self.dimension:
            raise DimensionMismatchError(int(stored["value"]), self.dimension, where="database")

    def _migration_versions_plan(self) -> Plan[list[int]]:
        found = yield from rows("SELECT version FROM fact_memory_migrations ORDER BY version")
        return [r["version"] for r in found]

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
            found = yield from rows(f"SELECT * FROM {FACTS} WHERE user_id = %s AND {where} ORDER BY id FOR UPDATE",
                                    (user_id, *params))
            for before in found:
                after = yield from one(f"UPDATE {FACTS} SET status = %s WHERE user_id = %s AND id = %s RETURNING *",
                                       (status, user_id, before["id"]))
                yield from self._audit(user_id=user_id, op=status, at=at, fact_id=before["id"], before=before,
                                       after=after)
            counts[status] = len(found)
        return counts

    def _purge_fact_plan(self, user_id: str, fact_id: UUID | str) -> Plan[bool]:
        require_user(user_id)
        fid = fact_id_param(fact_id)
        gone = yield from one(f"DELETE FROM {FACTS} WHERE user_id = %s AND id = %s RETURNING id", (user_id, fid))
        yield from execute(f"DELETE FROM {AUDIT} WHERE user_id = %s AND fact_id = %s", (user_id, fid))
        return gone is not None

    def _delete_user_plan(self, user_id: str) -> Plan[dict[str, int]]:
        require_user(user_id)
        counts: dict[str, int] = {}
        for name, table in (("candidates", CANDIDATES), ("audit", AUDIT), ("messages", PROCESSED), ("facts", FACTS)):
            counts[name] = yield from rowcount(f"DELETE FROM {table} WHERE user_id = %s", (user_id,))
        return counts
