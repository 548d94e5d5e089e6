"""``AsyncFactStore``: the asyncio twin of :class:`~fact_memory_graph.store.store.FactStore`.

It runs the very same plans (:mod:`.plans`) on a ``psycopg_pool.AsyncConnectionPool``, so the SQL
and the logic exist once. The pool belongs to the event loop it was opened in.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, nullcontext
from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool
from tenacity import AsyncRetrying

from fact_memory_graph.config import WriteConfig
from fact_memory_graph.errors import ConfigurationError
from fact_memory_graph.schema import (
    RETRIEVABLE_STATUSES,
    ApplyOutcome,
    AuditEntry,
    Fact,
    FactCandidate,
    FactKind,
    FactStatus,
    PlannedOp,
    RejectedOp,
)
from fact_memory_graph.store.plans import Plan, Q, StorePlans
from fact_memory_graph.store.store import RETRY

T = TypeVar("T")


async def afetch(cur: psycopg.AsyncCursor, q: Q) -> Any:
    if q.fetch == "all":
        return await cur.fetchall()
    if q.fetch == "one":
        return await cur.fetchone()
    if q.fetch == "rowcount":
        return cur.rowcount
    return None


class AsyncFactStore(StorePlans):
    """Async Postgres + pgvector storage; same methods as ``FactStore``, awaitable."""

    def __init__(self, pool: AsyncConnectionPool, *, dimension: int, write: WriteConfig | None = None):
        super().__init__(dimension=dimension, write=write)
        self.pool = pool

    @classmethod
    @asynccontextmanager
    async def from_conn_string(
        cls, conn_string: str, *, dimension: int, write: WriteConfig | None = None, **pool_kwargs: Any
    ) -> AsyncIterator[AsyncFactStore]:
        """A store on its own async pool, closed when the ``async with`` block ends."""
        pool = await make_async_pool(conn_string, **pool_kwargs)
        try:
            yield cls(pool, dimension=dimension, write=write)
        finally:
            await pool.close()

    async def _run(self, make_plan: Callable[[], Plan[T]], *, transaction: bool = False) -> T:
        async for attempt in AsyncRetrying(**RETRY):
            with attempt:
                plan = make_plan()
                async with self.pool.connection() as conn, \
                        (conn.transaction() if transaction else nullcontext()), \
                        conn.cursor(row_factory=dict_row) as cur:
                    try:
                        q = next(plan)
                        while True:
                            await cur.execute(q.sql, q.params)
                            q = plan.send(await afetch(cur, q))
                    except StopIteration as done:
                        return done.value
        raise AssertionError("unreachable")  # pragma: no cover

    async def setup(self) -> None:
        """Async twin of ``FactStore.setup``."""
        await self._run(self._setup_plan, transaction=True)

    async def migration_versions(self) -> list[int]:
        return await self._run(self._migration_versions_plan)

    async def search(
        self, user_id: str, embedding: Sequence[float], quotas: dict[FactKind, int], *,
        statuses: Sequence[str] = RETRIEVABLE_STATUSES,
    ) -> dict[FactKind, list[tuple[Fact, float, list[dict[str, Any]]]]]:
        return await self._run(lambda: self._search_plan(user_id, embedding, quotas, statuses))

    async def nearest_same_category(
        self, user_id: str, probes: Sequence[tuple[FactKind, str, Sequence[float]]], k: int = 3
    ) -> list[list[tuple[UUID, str, float]]]:
        return await self._run(lambda: self._nearest_plan(user_id, probes, k))

    async def get_fact(self, user_id: str, fact_id: UUID | str) -> Fact | None:
        return await self._run(lambda: self._get_fact_plan(user_id, fact_id))

    async def list_facts(
        self, user_id: str, *, kind: FactKind | str | None = None,
        status: FactStatus | str | Sequence[str] | None = None, category: str | None = None,
    ) -> list[Fact]:
        return await self._run(lambda: self._list_facts_plan(user_id, kind, status, category))

    async def list_candidates(self, user_id: str, *, status: str | None = "pending") -> list[FactCandidate]:
        return await self._run(lambda: self._list_candidates_plan(user_id, status))

    async def audit_log(self, user_id: str, *, limit: int | None = None) -> list[AuditEntry]:
        return await self._run(lambda: self._audit_log_plan(user_id, limit))

    async def processed_outcomes(self, user_id: str, message_ids: Sequence[str]) -> dict[str, ApplyOutcome | None]:
        return await self._run(lambda: self._processed_plan(user_id, message_ids))

    async def stats(self, user_id: str) -> dict[str, Any]:
        return await self._run(lambda: self._stats_plan(user_id))

    async def users(self) -> list[str]:
        return await self._run(self._users_plan)

    async def apply(
        self, user_id: str, message_id: str, ops: Sequence[PlannedOp], *, at: datetime,
        rejected: Sequence[RejectedOp] = (), also_processed: Iterable[str] = (), llm_calls: int = 0,
    ) -> ApplyOutcome:
        extra = list(also_processed)
        return await self._run(lambda: self._apply_plan(user_id, message_id, ops, at, rejected, extra, llm_calls),
                               transaction=True)

    async def resolve_candidate(self, user_id: str, candidate_id: UUID | str, *, accept: bool,
                                at: datetime) -> FactCandidate:
        return await self._run(lambda: self._resolve_candidate_plan(user_id, candidate_id, accept, at),
                               transaction=True)

    async def record_access(self, user_id: str, fact_ids: Sequence[UUID], at: datetime) -> None:
        await self._run(lambda: self._record_access_plan(user_id, fact_ids, at))

    async def maintain(self, user_id: str, *, at: datetime, dormant_after_days: float = 90.0) -> dict[str, int]:
        return await self._run(lambda: self._maintain_plan(user_id, at, dormant_after_days), transaction=True)

    async def purge_fact(self, user_id: str, fact_id: UUID | str) -> bool:
        return await self._run(lambda: self._purge_fact_plan(user_id, fact_id), transaction=True)

    async def delete_user(self, user_id: str) -> dict[str, int]:
        return await self._run(lambda: self._delete_user_plan(user_id), transaction=True)


async def make_async_pool(conn_string: str, *, min_size: int = 1, max_size: int = 10,
                          **kwargs: Any) -> AsyncConnectionPool:
    """The async twin of ``make_pool`` (opened in the running event loop)."""
    try:
        await (await psycopg.AsyncConnection.connect(conn_string, connect_timeout=10)).close()
    except psycopg.Error as exc:
        raise ConfigurationError(f"cannot connect to Postgres: {str(exc).strip()}") from exc
    pool = AsyncConnectionPool(
        conn_string, min_size=min_size, max_size=max_size,
        kwargs={"autocommit": True, **kwargs.pop("kwargs", {})},
        check=AsyncConnectionPool.check_connection, open=False, **kwargs,
    )
    await pool.open(wait=True, timeout=30)
    return pool

