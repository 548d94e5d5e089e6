"""The async store: the asyncio twin of :class:`~fact_memory_graph.store.store.FactStore`.

:class:`AsyncFactStore` runs the very same plans (:mod:`.plans`) on a psycopg
``AsyncConnectionPool`` (the pool belongs to the event loop it was opened in).
:class:`ThreadedAsyncFactStore` runs them through a sync ``FactStore`` on worker threads; it is
the async store of a memory opened with ``FactMemory.open()``, so an async store always exists
and async code never has to ask which driver it has.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

from psycopg_pool import AsyncConnectionPool

from fact_memory_graph.config import Fusion, LifecyclePolicy, WriteConfig
from fact_memory_graph.schema import (
    RETRIEVABLE_STATUSES,
    ApplyOutcome,
    AuditEntry,
    EvaluationRecord,
    Fact,
    FactCandidate,
    FactKind,
    FactStatus,
    GroupDecision,
    Person,
    PlannedOp,
    RejectedOp,
    SearchHit,
)
from fact_memory_graph.store._driver import (
    AsyncHolds,
    Heal,
    arun_on,
    arun_plan,
    library_errors,
    make_async_pool,
    run_plan,
)
from fact_memory_graph.store._sql import Plan
from fact_memory_graph.store.plans import FactVector, LoggedTurn, Neighbour, QueueEntry, StorePlans
from fact_memory_graph.store.store import FactStore
from fact_memory_graph.taxonomy import Taxonomy

logger = logging.getLogger(__name__)

T = TypeVar("T")


class AsyncFactStore(StorePlans):
    """Async Postgres + pgvector storage; same methods as ``FactStore``, awaitable."""

    def __init__(self, pool: AsyncConnectionPool | None, *, dimension: int, write: WriteConfig | None = None,
                 heal: Heal | None = None, lifecycle: LifecyclePolicy | None = None,
                 taxonomy: Taxonomy | None = None):
        super().__init__(dimension=dimension, write=write, lifecycle=lifecycle, taxonomy=taxonomy)
        self.pool = pool
        self.heal = heal
        self._holds: AsyncHolds | None = None
        self._fills: set[asyncio.Task[bool]] = set()  # hot-cache copies under way (kept referenced)

    @classmethod
    @asynccontextmanager
    async def from_conn_string(
        cls, conn_string: str, *, dimension: int, write: WriteConfig | None = None, **pool_kwargs: Any
    ) -> AsyncIterator[AsyncFactStore]:
        """A store on its own async pool, closed when the ``async with`` block ends."""
        pool = await make_async_pool(conn_string, **pool_kwargs)
        try:
            store = cls(pool, dimension=dimension, write=write)
            await store.open_holds()
            yield store
        finally:
            await pool.close()

    async def _run(self, make_plan: Callable[[], Plan[T]], *, transaction: bool = False,
                   pipeline: bool = False, wait_s: float | None = None) -> T:
        assert self.pool is not None
        return await arun_plan(self.pool, make_plan, transaction=transaction, heal=self.heal, pipeline=pipeline,
                               wait_s=wait_s)

    async def aclose(self) -> None:
        if self._holds is not None:
            await self._holds.close()
        if self.pool is not None:
            await self.pool.close()

    async def open_holds(self) -> None:
        """Open the second pool of model-call holds now, in the main pool's event loop (else it
        opens on the first hold, in the loop running then)."""
        if self._holds is None and self.pool is not None:
            self._holds = AsyncHolds(self.pool, self.heal)

    @asynccontextmanager
    async def model_call_hold(self, user_id: str, generation: int) -> AsyncIterator[bool]:
        """Async twin of ``FactStore.model_call_hold``."""
        assert self.pool is not None
        await self.open_holds()
        assert self._holds is not None
        with library_errors():
            async with self._holds.connection() as conn:  # released by the pool's reset (unlock_all)
                yield await arun_on(conn, self._model_hold_plan(user_id, generation))

    async def setup(self, *, citus: bool = False) -> None:
        """Async twin of ``FactStore.setup``."""
        await self._run(lambda: self._setup_plan(citus), transaction=True)

    async def distribute(self) -> dict[str, str]:
        """Citus: distribute the schema by user_id (idempotent); see ``AdminPlans._distribute_plan``."""
        return await self._run(self._distribute_plan, transaction=True)

    async def migration_versions(self) -> list[int]:
        return await self._run(self._migration_versions_plan)

    async def search(
        self, user_id: str, embedding: Sequence[float], quotas: dict[FactKind, int], *,
        statuses: Sequence[str] = RETRIEVABLE_STATUSES, categories: Sequence[str] | None = None,
        query_text: str | None = None, mode: str = "dense", lexical_weight: float = 1.0, since: datetime | None = None,
        until: datetime | None = None, fusion: Fusion | None = None, whole_pool: bool = False,
        period: tuple[datetime, datetime] | None = None, hot: bool = True,
    ) -> dict[FactKind, list[SearchHit]]:
        found = await self._run(lambda: self._search_plan(user_id, embedding, quotas, statuses, categories,
                                                          query_text, mode, lexical_weight, since, until, fusion,
                                                          whole_pool, period, hot))
        if hot and self.hot is not None and self.hot.take_fill(user_id):
            task = asyncio.get_running_loop().create_task(self.fill_hot(user_id))
            self._fills.add(task)
            task.add_done_callback(self._fills.discard)
        return found

    async def fill_hot(self, user_id: str) -> bool:
        """Async twin of ``FactStore.fill_hot``."""
        try:
            return await self._run(lambda: self._hot_fill_plan(user_id))
        except Exception:  # a copy is an optimisation: a failure leaves reads on Postgres
            logger.debug("fact-memory: could not cache user's facts", exc_info=True)
            return False
        finally:
            if self.hot is not None:
                self.hot.end_fill(user_id)

    async def nearest_same_category(
        self, user_id: str, probes: Sequence[tuple[FactKind, str, Sequence[float]]], k: int = 3
    ) -> list[list[Neighbour]]:
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

    async def audit_log(self, user_id: str, *, limit: int | None = None, newest: bool = False) -> list[AuditEntry]:
        """The user's audit rows, oldest first; ``limit``: the first (or with ``newest``, the last) N."""
        return await self._run(lambda: self._audit_log_plan(user_id, limit, newest))

    async def processed_outcomes(self, user_id: str, message_ids: Sequence[str]) -> dict[str, ApplyOutcome | None]:
        return await self._run(lambda: self._processed_plan(user_id, message_ids))

    async def users(self) -> list[dict[str, Any]]:
        return await self._run(self._users_plan)

    async def session_facts(self, user_id: str) -> tuple[dict[str, list[Fact]], dict[str, tuple[Any, ...]]]:
        return await self._run(lambda: self._session_facts_plan(user_id))

    async def save_sessions(self, user_id: str, records: Sequence[dict[str, Any]],
                            vectors: Sequence[Sequence[float]], *, drop: Sequence[str] = (), at: datetime,
                            generation: int | None = None, expected: dict[str, tuple[Any, Any]] | None = None
                            ) -> list[str] | None:
        return await self._run(lambda: self._save_sessions_plan(user_id, records, vectors, drop, at, generation, expected),
                               transaction=True)

    async def search_sessions(self, user_id: str, embedding: Sequence[float], *, limit: int,
                              threshold: float) -> list[dict[str, Any]]:
        return await self._run(lambda: self._search_sessions_plan(user_id, embedding, limit, threshold))

    async def list_sessions(self, user_id: str) -> list[dict[str, Any]]:
        return await self._run(lambda: self._list_sessions_plan(user_id))

    async def stats(self, user_id: str) -> dict[str, Any]:
        return await self._run(lambda: self._stats_plan(user_id))

    # ------------------------------------------------------------------ queued writes
    async def enqueue(self, user_id: str, entries: Sequence[QueueEntry], *, now: datetime, after_s: float = 0.0,
                max_delay_s: float = 0.0, wait_s: float | None = None, spooled: bool = False) -> list[str]:
        """Async twin of ``FactStore.enqueue``: record messages in the message log (those seen before, by id or fingerprint, are left
        out); returns the ids recorded. ``wait_s``: wait at most this long for a connection."""
        return await self._run(lambda: self._enqueue_plan(user_id, entries, now, after_s, max_delay_s, spooled),
                               transaction=True, pipeline=True, wait_s=wait_s)

    async def due_users(self, *, now: datetime, limit: int, force: bool = False, user_id: str | None = None
                  ) -> tuple[list[str], datetime | None]:
        """Users with a due queued message and no live claim; when the next message comes due."""
        return await self._run(lambda: self._due_users_plan(now, limit, force, user_id))

    async def due_users_by_shard(self, *, now: datetime, force: bool = False) -> tuple[list[str], int] | None:
        """On Citus, shard by shard: the reachable shards' users with a due queued message and no
        live claim, and how many shards could not be read (``None`` when not distributed)."""
        return await self._run(lambda: self._due_users_by_shard_plan(now, force))

    async def claim(self, user_id: str, *, now: datetime, lease_s: float, max_batch: int, force: bool = False,
              skip: Sequence[str] = (), log_days: float = 1.0,
              alone: Callable[[str], bool] | None = None, max_chars: int | None = None,
              max_attempts: int | None = None, solo: bool = True) -> list[dict[str, Any]]:
        """Claim the user's next batch of queued messages (empty when another drainer holds it)."""
        return await self._run(lambda: self._claim_plan(user_id, now, lease_s, max_batch, force, skip, log_days, alone,
                                                         max_chars, max_attempts, solo),
                         transaction=True)

    async def finish(self, user_id: str, message_ids: Sequence[str], *, now: datetime) -> int:
        """Mark a claimed batch processed that was not applied (an applied one is marked by its apply)."""
        return await self._run(lambda: self._finish_plan(user_id, message_ids, now))

    async def fail(self, user_id: str, batch: Sequence[tuple[str, int]], *, now: datetime, error: str,
             max_attempts: int, base_s: float, max_s: float) -> list[dict[str, Any]]:
        """Count a failed attempt of a claimed batch, ``(message id, attempts so far)`` each (retried
        later, or parked as ``failed``)."""
        return await self._run(lambda: self._fail_plan(user_id, batch, now, error, max_attempts, base_s, max_s),
                         transaction=True)

    async def previous_turn(self, user_id: str, seq: int, session_id: str | None) -> dict[str, Any] | None:
        """The user's message logged before ``seq`` in the same session, or ``None``."""
        return await self._run(lambda: self._previous_turn_plan(user_id, seq, session_id))

    async def logged_messages(self, user_id: str, *, since: datetime, limit: int = 60) -> list[dict[str, Any]]:
        """The user's processed messages since ``since`` (newest ``limit``), oldest first."""
        return await self._run(lambda: self._logged_messages_plan(user_id, since, limit))

    async def inferred_since(self, since: datetime) -> int:
        """Facts inferred by the nightly review since ``since`` (all users; a count)."""
        return await self._run(lambda: self._inferred_since_plan(since))

    async def save_digest(self, week_start: Any, data: dict[str, Any], markdown: str, *, at: datetime,
                    keep: int = 26) -> None:
        """Store a week's digest (aggregates only), keeping the newest ``keep``."""
        await self._run(lambda: self._save_digest_plan(week_start, data, markdown, at, keep), transaction=True)

    async def digest_delivered(self, week_start: Any, *, at: datetime) -> None:
        """Record that the week's digest reached its channels (it is never delivered again)."""
        await self._run(lambda: self._digest_delivered_plan(week_start, at))

    async def digests(self, *, limit: int = 1) -> list[dict[str, Any]]:
        """The newest stored digests."""
        return await self._run(lambda: self._digests_plan(limit))

    async def record_embedder(self, probe: Sequence[float], name: str) -> tuple[list[float], str] | None:
        """The recorded embedder (probe vector, name), or ``None`` after recording this one."""
        return await self._run(lambda: self._record_embedder_plan(probe, name), transaction=True)

    async def set_embedder(self, probe: Sequence[float], name: str) -> None:
        """Record the embedder the store's vectors are made by (after a re-embed)."""
        await self._run(lambda: self._set_embedder_plan(probe, name))

    async def vectors_to_redo(self, user_id: str) -> dict[str, list[dict[str, Any]]]:
        """The texts behind one user's stored vectors (facts, candidates, sessions)."""
        return await self._run(lambda: self._vectors_to_redo_plan(user_id), transaction=True)

    async def replace_vectors(self, user_id: str, kind: str, ids: Sequence[Any], vectors: Sequence[Sequence[float]]) -> int:
        """Overwrite one user's vectors of one kind, in one transaction."""
        return await self._run(lambda: self._replace_vectors_plan(user_id, kind, ids, vectors), transaction=True)

    async def renew(self, user_id: str, message_ids: Sequence[str], *, until: datetime) -> int:
        """Renew a claimed batch's lease until ``until`` (the drainer's heartbeat)."""
        return await self._run(lambda: self._renew_plan(user_id, message_ids, until))

    async def defer(self, user_id: str, message_ids: Sequence[str], *, now: datetime) -> None:
        """Give back a batch whose last holder died, to be extracted alone (see ``_defer_plan``)."""
        await self._run(lambda: self._defer_plan(user_id, message_ids, now))

    async def release(self, user_id: str, message_ids: Sequence[str]) -> None:
        """Give a claimed batch back untouched."""
        await self._run(lambda: self._release_plan(user_id, message_ids))

    async def queue_status(self, user_id: str | None = None, *, now: datetime) -> dict[str, Any]:
        """Queued, retrying and parked messages, the oldest queued one's age, the next due time."""
        return await self._run(lambda: self._queue_status_plan(user_id, now))

    async def queued_messages(self, user_id: str | None = None) -> list[dict[str, Any]]:
        """The queued messages (one user or all): user, id, attempts, last error."""
        return await self._run(lambda: self._queued_ids_plan(user_id))

    async def requeue_failed(self, user_id: str | None = None, *, now: datetime,
                       message_ids: Sequence[str] | None = None) -> int:
        """Put parked messages back in the queue (only ``message_ids`` of ``user_id`` when given)."""
        return await self._run(lambda: self._requeue_failed_plan(user_id, now, message_ids))

    # ------------------------------------------------------------------ inspection pages
    async def users_page(self, *, prefix: str = "", after: str = "", limit: int = 50) -> list[dict[str, Any]]:
        """Users whose id starts with ``prefix``, after ``after``, with their counts (keyset paging)."""
        return await self._run(lambda: self._users_page_plan(prefix, after, limit))

    async def series(self, user_id: str | None, *, since: datetime, bucket: str = "day") -> dict[str, list[Any]]:
        """Time series for the inspector's charts (facts by category, exposure, queue)."""
        return await self._run(lambda: self._series_plan(user_id, since, bucket))

    async def facts_page(self, user_id: str, **filters: Any) -> tuple[list[Fact], int]:
        """One filtered page of a user's facts and the number matching."""
        return await self._run(lambda: self._facts_page_plan(user_id, **filters))

    async def message_log(self, user_id: str, *, message_ids: Sequence[str] | None = None,
                    session_id: str | None = None, states: Sequence[str] | None = None,
                    limit: int = 50) -> list[dict[str, Any]]:
        """The user's logged messages, newest first, with what the reply before each was shown."""
        return await self._run(lambda: self._message_log_plan(user_id, message_ids=message_ids, session_id=session_id,
                                                          states=states, limit=limit))

    async def apply(
        self, user_id: str, message_id: str, ops: Sequence[PlannedOp], *, at: datetime,
        rejected: Sequence[RejectedOp] = (), also_processed: Iterable[str] = (), llm_calls: int = 0,
        generation: int | None = None, forgotten: dict[str, int] | None = None,
        evaluations: Sequence[EvaluationRecord] = (), logged: LoggedTurn | None = None,
    ) -> ApplyOutcome:
        extra = list(also_processed)
        return await self._run(lambda: self._apply_plan(user_id, message_id, ops, at, rejected, extra, llm_calls,
                                                       generation, forgotten, evaluations, logged),
                               transaction=True, pipeline=True)

    async def people(self, user_id: str) -> list[Person]:
        """The people the user named (the user's own names first), with their believed facts."""
        return await self._run(lambda: self._people_plan(user_id))

    async def evaluations(self, user_id: str, evaluator: str | None = None, *, limit: int = 100) -> list[dict[str, Any]]:
        """The user's evaluator outputs, newest first (one evaluator's, or all)."""
        return await self._run(lambda: self._evaluations_plan(user_id, evaluator, limit))

    async def resolve_candidate(self, user_id: str, candidate_id: UUID | str, *, accept: bool,
                                at: datetime, note: str | None = None) -> FactCandidate:
        return await self._run(lambda: self._resolve_candidate_plan(user_id, candidate_id, accept, at, note),
                               transaction=True)

    async def record_access(self, user_id: str, fact_ids: Sequence[UUID], at: datetime,
                                  counts: Sequence[int] | None = None) -> None:
        """Count retrievals of each fact (``counts``, default one each); a dormant fact that is
        retrieved is active again."""
        await self._run(lambda: self._record_access_plan(user_id, fact_ids, at, counts), transaction=True)

    async def maintain(self, user_id: str, *, at: datetime, dormant_after_days: float = 90.0,
                       retention_days: float | None = None, log_before: datetime | None = None) -> dict[str, int]:
        return await self._run(lambda: self._maintain_plan(user_id, at, dormant_after_days, retention_days, log_before),
                         transaction=True)

    async def purge_fact(self, user_id: str, fact_id: UUID | str) -> bool:
        return await self._run(lambda: self._purge_fact_plan(user_id, fact_id), transaction=True)

    async def forget_turn(self, user_id: str, ids: Sequence[str], *, generation: int | None = None) -> dict[str, int]:
        """Forget the processed turn among ``ids`` (its id or turn fingerprint), in one transaction."""
        return await self._run(lambda: self._forget_turn_plan(user_id, ids, generation), transaction=True)

    async def forget_message(self, user_id: str, message_id: str) -> dict[str, int]:
        """Purge the facts only this message supports; unlink it from the others (one transaction)."""
        return await self._run(lambda: self._forget_message_plan(user_id, message_id), transaction=True)

    async def request_forget(self, user_id: str, *, at: datetime, error: str) -> None:
        """Record a forget that could not finish, for the worker's nightly pass to retry."""
        await self._run(lambda: self._request_forget_plan(user_id, at, error))

    async def forget_requests(self) -> list[dict[str, Any]]:
        """Pending forget requests, oldest first."""
        return await self._run(self._forget_requests_plan)

    async def delete_user(self, user_id: str, *, at: datetime | None = None) -> dict[str, int]:
        try:
            return await self._run(lambda: self._delete_user_plan(user_id, at), transaction=True)
        finally:  # this process's copy goes at once (another process's at its next read of the user)
            if self.hot is not None:
                self.hot.discard(user_id)

    async def unreconciled(self, user_id: str, *, limit: int) -> tuple[list[FactVector], int]:
        return await self._run(lambda: self._unreconciled_plan(user_id, limit))

    async def reconcile_neighbours(self, user_id: str, probes: Sequence[FactVector], *, k: int,
                                   min_similarity: float, state_k: int = 0, state_min_similarity: float = 1.0
                                   ) -> list[list[tuple[FactVector, float]]]:
        return await self._run(lambda: self._reconcile_neighbours_plan(user_id, probes, k, min_similarity,
                                                                       state_k, state_min_similarity))

    async def apply_group(self, user_id: str, fact_ids: Sequence[UUID], decisions: Sequence[GroupDecision], *,
                          at: datetime, run_id: str, generation: int | None = None) -> dict[str, Any]:
        return await self._run(lambda: self._apply_group_plan(user_id, fact_ids, decisions, at, run_id, generation),
                               transaction=True)

    async def mark_reconciled(self, user_id: str, fact_ids: Sequence[UUID], *, at: datetime) -> None:
        await self._run(lambda: self._mark_reconciled_plan(user_id, fact_ids, at))

    async def record_run(self, user_id: str, job: str, *, started_at: datetime, finished_at: datetime,
                         report: dict[str, Any], generation: int | None = None) -> bool:
        return await self._run(lambda: self._record_run_plan(user_id, job, started_at, finished_at, report, generation),
                               transaction=True)

    async def runs(self, user_id: str | None = None, *, job: str | None = None,
                   limit: int = 20) -> list[dict[str, Any]]:
        return await self._run(lambda: self._runs_plan(user_id, job, limit))

    async def users_with_work_by_shard(self, *, at: datetime, idle_days: float = 90.0) -> tuple[list[str], int] | None:
        """On Citus: the users with work on every reachable shard, and how many shard placements
        could not be read (``None`` when the tables are not distributed)."""
        return await self._run(lambda: self._users_with_work_by_shard_plan(at, idle_days))

    async def users_with_work(self, *, at: datetime, idle_days: float = 90.0,
                              retention_days: float | None = None, messages_since: datetime | None = None,
                        log_before: datetime | None = None) -> list[str]:
        return await self._run(lambda: self._users_with_work_plan(at, idle_days, retention_days, messages_since,
                                                                 log_before))

    async def write_start(self, user_id: str, message_ids: Sequence[str]
                          ) -> tuple[dict[str, ApplyOutcome | None], int]:
        return await self._run(lambda: self._write_start_plan(user_id, message_ids))

    async def last_processed(self, user_id: str) -> list[str]:
        """The user's last message processed through the write graph, as ``[id]`` or ``[]``."""
        return await self._run(lambda: self._last_processed_plan(user_id))

    async def user_generation(self, user_id: str) -> int:
        return await self._run(lambda: self._user_generation_plan(user_id))

    async def export_rows(self, user_id: str) -> dict[str, Any]:
        return await self._run(lambda: self._export_plan(user_id), transaction=True)

    async def restore_rows(self, user_id: str, data: dict[str, Any], fact_vectors: dict[str, list[float]],
                           candidate_vectors: dict[str, list[float]], *, allow_forgotten: bool = False,
                           at: datetime | None = None) -> dict[str, int]:
        return await self._run(lambda: self._restore_plan(user_id, data, fact_vectors, candidate_vectors,
                                                          allow_forgotten, at),
                               transaction=True)

    async def health_rows(self, user_id: str | None, *, at: datetime, hot_days: float, warm_days: float,
                          since: datetime | None = None, recent_runs: int = 10) -> dict[str, Any]:
        return await self._run(lambda: self._health_plan(user_id, at, hot_days, warm_days, since, recent_runs))

    async def profile_state(self, user_id: str) -> tuple[dict[str, Any] | None, str]:
        return await self._run(lambda: self._profile_state_plan(user_id))

    async def save_profile(self, user_id: str, text: str, fact_ids: list[str], fingerprint: str, *,
                           at: datetime) -> bool:
        return await self._run(lambda: self._save_profile_plan(user_id, text, fact_ids, fingerprint, at),
                               transaction=True)

    async def retract(self, user_id: str, fact_id: UUID | str, *, at: datetime, note: str = "") -> bool:
        return await self._run(lambda: self._retract_plan(user_id, fact_id, at, note), transaction=True)

    async def history(self, user_id: str, fact_id: UUID | str) -> tuple[list[Fact], list[AuditEntry]]:
        return await self._run(lambda: self._history_plan(user_id, fact_id))


class ThreadedAsyncFactStore(AsyncFactStore):
    """The async store of a sync ``FactStore``: each plan runs on the sync pool in a worker
    thread, so the event loop stays free. It owns no pool (closing it closes nothing)."""

    def __init__(self, store: FactStore) -> None:
        super().__init__(None, dimension=store.dimension, write=store.write, lifecycle=store.lifecycle,
                         taxonomy=store.taxonomy)
        self.sync_store = store
        self.hot = store.hot  # one copy of a hot user per memory, whichever store reads

    async def _run(self, make_plan: Callable[[], Plan[T]], *, transaction: bool = False,
                   pipeline: bool = False, wait_s: float | None = None) -> T:
        return await asyncio.to_thread(run_plan, self.sync_store.pool, make_plan, transaction=transaction,
                                       heal=self.sync_store.heal, pipeline=pipeline, wait_s=wait_s)

    async def aclose(self) -> None:
        return None

    def _forget_key_plan(self) -> Plan[bytes]:
        # The sync store's key and check (one key per memory, checked once).
        return (yield from self.sync_store._forget_key_plan())

    @asynccontextmanager
    async def model_call_hold(self, user_id: str, generation: int) -> AsyncIterator[bool]:
        """The sync store's hold, entered and left on worker threads (the loop stays free)."""
        hold = self.sync_store.model_call_hold(user_id, generation)
        current = await asyncio.to_thread(hold.__enter__)
        try:
            yield current
        except BaseException as exc:
            if not await asyncio.to_thread(hold.__exit__, type(exc), exc, exc.__traceback__):
                raise
        else:
            await asyncio.to_thread(hold.__exit__, None, None, None)
