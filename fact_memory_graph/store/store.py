"""``FactStore``: the synchronous store, running the plans of :mod:`.plans` on a psycopg pool.

All ops of one message are applied in one transaction together with the row that marks the
message processed, so a message applies exactly once and a failure leaves nothing behind.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

from psycopg_pool import ConnectionPool

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
    Heal,
    hold_pool,
    library_errors,
    make_pool,
    run_on,
    run_plan,
)
from fact_memory_graph.store._sql import CANDIDATES, FACTS, Plan
from fact_memory_graph.store.plans import FactVector, LoggedTurn, Neighbour, QueueEntry, StorePlans
from fact_memory_graph.taxonomy import Taxonomy

T = TypeVar("T")


logger = logging.getLogger(__name__)

class FactStore(StorePlans):
    """Postgres + pgvector storage for facts, candidates, the audit log and processed messages."""

    def __init__(self, pool: ConnectionPool, *, dimension: int, write: WriteConfig | None = None,
                 heal: Heal | None = None, lifecycle: LifecyclePolicy | None = None,
                 taxonomy: Taxonomy | None = None):
        super().__init__(dimension=dimension, write=write, lifecycle=lifecycle, taxonomy=taxonomy)
        self.pool = pool
        #: Restarts a dead embedded server before a retry (set by FactMemory for the embedded default).
        self.heal = heal
        self._holds: ConnectionPool | None = None
        self._holds_lock = threading.Lock()

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

    def _run(self, make_plan: Callable[[], Plan[T]], *, transaction: bool = False,
             pipeline: bool = False, wait_s: float | None = None) -> T:
        return run_plan(self.pool, make_plan, transaction=transaction, heal=self.heal, pipeline=pipeline,
                        wait_s=wait_s)

    def close(self) -> None:
        with self._holds_lock:
            if self._holds is not None:
                self._holds.close()
        if self.hot is not None:
            self.hot.close()
        self.pool.close()

    @contextmanager
    def model_call_hold(self, user_id: str, generation: int) -> Iterator[bool]:
        """Around a model call whose prompt quotes the user's text (extraction, review): the
        user's lock, shared, on a connection of its own (a second pool: a held connection never
        starves other calls), then the forget generation re-read after the wait. Yields whether
        ``generation`` is still current; only then may the call be made — and until the ``with``
        block ends every forget of this user waits (at most ``WriteConfig.forget_wait_s``), so
        each prompt is sent before a forget returns, never after."""
        with self._holds_lock:
            if self._holds is None:
                self._holds = hold_pool(self.pool, self.heal)
            holds = self._holds
        # Released when the connection goes back: the pool's reset runs pg_advisory_unlock_all()
        # (one round trip fewer than an unlock of its own) and closes a connection it cannot reset.
        with library_errors(), holds.connection() as conn:
            yield run_on(conn, self._model_hold_plan(user_id, generation))

    # ------------------------------------------------------------------ schema
    def setup(self, *, citus: bool = False) -> None:
        """Create the extension and tables, run pending migrations, check the vector dimension.

        Idempotent, and safe when several processes call it at once (advisory lock). On a schema
        distributed with Citus, pending migrations run only with ``citus`` (else a
        ``ConfigurationError`` says to run ``fact-memory setup --citus``).
        """
        self._run(lambda: self._setup_plan(citus), transaction=True)

    def distribute(self) -> dict[str, str]:
        """Citus: distribute the schema by user_id (idempotent); see ``AdminPlans._distribute_plan``."""
        return self._run(self._distribute_plan, transaction=True)

    def migration_versions(self) -> list[int]:
        return self._run(self._migration_versions_plan)

    # ------------------------------------------------------------------ reads
    def search(
        self, user_id: str, embedding: Sequence[float], quotas: dict[FactKind, int], *,
        statuses: Sequence[str] = RETRIEVABLE_STATUSES, categories: Sequence[str] | None = None,
        query_text: str | None = None, mode: str = "dense", lexical_weight: float = 1.0, since: datetime | None = None,
        until: datetime | None = None, fusion: Fusion | None = None, whole_pool: bool = False,
        period: tuple[datetime, datetime] | None = None, hot: bool = True,
    ) -> dict[FactKind, list[SearchHit]]:
        """The top candidates per kind for one user, in one round trip, most relevant first:
        exact cosine (``mode="dense"``), full-text (``"lexical"``) or their fusion (``"hybrid"``,
        needs ``query_text``); see ``ReadPlans._search_plan``. ``hot=False``: Postgres only, no
        copy of the user asked for (the write path: its user has just changed)."""
        found = self._run(lambda: self._search_plan(user_id, embedding, quotas, statuses, categories,
                                                    query_text, mode, lexical_weight, since, until, fusion,
                                                    whole_pool, period, hot))
        if hot and self.hot is not None and self.hot.take_fill(user_id):
            self.hot.in_background(lambda: self.fill_hot(user_id))
        return found

    def fill_hot(self, user_id: str) -> bool:
        """Copy the user's facts into the hot cache now (the read path does it in the
        background after a read that went to Postgres); whether the copy was kept."""
        try:
            return self._run(lambda: self._hot_fill_plan(user_id))
        except Exception:  # a copy is an optimisation: a failure leaves reads on Postgres
            logger.debug("fact-memory: could not cache user's facts", exc_info=True)
            return False
        finally:
            if self.hot is not None:
                self.hot.end_fill(user_id)

    def nearest_same_category(
        self, user_id: str, probes: Sequence[tuple[FactKind, str, Sequence[float]]], k: int = 3
    ) -> list[list[Neighbour]]:
        """For each (kind, category, embedding) probe: the k most similar active facts of the
        same user, kind and category, as ``(fact_id, claim, cosine)``. One round trip."""
        return self._run(lambda: self._nearest_plan(user_id, probes, k))

    def get_fact(self, user_id: str, fact_id: UUID | str) -> Fact | None:
        return self._run(lambda: self._get_fact_plan(user_id, fact_id))

    def list_facts(
        self, user_id: str, *, kind: FactKind | str | None = None,
        status: FactStatus | str | Sequence[str] | None = None, category: str | None = None,
    ) -> list[Fact]:
        """A user's facts, oldest first, optionally filtered."""
        return self._run(lambda: self._list_facts_plan(user_id, kind, status, category))

    def list_candidates(self, user_id: str, *, status: str | None = "pending") -> list[FactCandidate]:
        return self._run(lambda: self._list_candidates_plan(user_id, status))

    def audit_log(self, user_id: str, *, limit: int | None = None, newest: bool = False) -> list[AuditEntry]:
        """The user's audit rows, oldest first; ``limit``: the first (or with ``newest``, the last) N."""
        return self._run(lambda: self._audit_log_plan(user_id, limit, newest))

    def processed_outcomes(self, user_id: str, message_ids: Sequence[str]) -> dict[str, ApplyOutcome | None]:
        """Which of these message ids were processed already, with their recorded outcomes."""
        return self._run(lambda: self._processed_plan(user_id, message_ids))

    def session_facts(self, user_id: str) -> tuple[dict[str, list[Fact]], dict[str, tuple[Any, ...]]]:
        """The believed facts of each session and the fingerprints of its stored records."""
        return self._run(lambda: self._session_facts_plan(user_id))

    def save_sessions(self, user_id: str, records: Sequence[dict[str, Any]], vectors: Sequence[Sequence[float]],
                      *, drop: Sequence[str] = (), at: datetime, generation: int | None = None,
                      expected: dict[str, tuple[Any, Any]] | None = None) -> list[str] | None:
        """Upsert session records (and delete ``drop``) in one transaction; ``None`` (nothing
        written) when a fact they quote was forgotten or purged meanwhile. With ``expected`` (what
        the build read), compare-and-set: returns the sessions another build wrote since (not
        written by this one)."""
        return self._run(lambda: self._save_sessions_plan(user_id, records, vectors, drop, at, generation, expected),
                         transaction=True)

    def search_sessions(self, user_id: str, embedding: Sequence[float], *, limit: int,
                        threshold: float) -> list[dict[str, Any]]:
        return self._run(lambda: self._search_sessions_plan(user_id, embedding, limit, threshold))

    def list_sessions(self, user_id: str) -> list[dict[str, Any]]:
        return self._run(lambda: self._list_sessions_plan(user_id))

    def stats(self, user_id: str) -> dict[str, Any]:
        """Counts of facts by kind and status, pending candidates, audit rows, messages."""
        return self._run(lambda: self._stats_plan(user_id))

    def users(self) -> list[dict[str, Any]]:
        """Every user with facts: fact counts and the time of the newest fact."""
        return self._run(self._users_plan)

    def match_ids(self, user_id: str, prefix: str, *, candidates: bool = False) -> list[UUID]:
        """Up to two fact (or candidate) ids of this user starting with ``prefix`` (for short ids)."""
        return self._run(lambda: self._match_ids_plan(user_id, prefix, CANDIDATES if candidates else FACTS))

    def stored_dimension(self) -> int | None:
        """The embedding dimension the database was set up with (``None`` before setup)."""
        return self._run(self._stored_dimension_plan)

    # ------------------------------------------------------------------ queued writes
    def enqueue(self, user_id: str, entries: Sequence[QueueEntry], *, now: datetime, after_s: float = 0.0,
                max_delay_s: float = 0.0, wait_s: float | None = None, spooled: bool = False) -> list[str]:
        """Record messages in the message log (those seen before, by id or fingerprint, are left
        out); returns the ids recorded. ``wait_s``: wait at most this long for a connection."""
        return self._run(lambda: self._enqueue_plan(user_id, entries, now, after_s, max_delay_s, spooled),
                               transaction=True, pipeline=True, wait_s=wait_s)

    def due_users(self, *, now: datetime, limit: int, force: bool = False, user_id: str | None = None
                  ) -> tuple[list[str], datetime | None]:
        """Users with a due queued message and no live claim; when the next message comes due."""
        return self._run(lambda: self._due_users_plan(now, limit, force, user_id))

    def due_users_by_shard(self, *, now: datetime, force: bool = False) -> tuple[list[str], int] | None:
        """On Citus, shard by shard: the reachable shards' users with a due queued message and no
        live claim, and how many shards could not be read (``None`` when not distributed)."""
        return self._run(lambda: self._due_users_by_shard_plan(now, force))

    def claim(self, user_id: str, *, now: datetime, lease_s: float, max_batch: int, force: bool = False,
              skip: Sequence[str] = (), log_days: float = 1.0,
              alone: Callable[[str], bool] | None = None, max_chars: int | None = None,
              max_attempts: int | None = None, solo: bool = True) -> list[dict[str, Any]]:
        """Claim the user's next batch of queued messages (empty when another drainer holds it)."""
        return self._run(lambda: self._claim_plan(user_id, now, lease_s, max_batch, force, skip, log_days, alone,
                                                         max_chars, max_attempts, solo),
                         transaction=True)

    def finish(self, user_id: str, message_ids: Sequence[str], *, now: datetime) -> int:
        """Mark a claimed batch processed that was not applied (an applied one is marked by its apply)."""
        return self._run(lambda: self._finish_plan(user_id, message_ids, now))

    def fail(self, user_id: str, batch: Sequence[tuple[str, int]], *, now: datetime, error: str,
             max_attempts: int, base_s: float, max_s: float) -> list[dict[str, Any]]:
        """Count a failed attempt of a claimed batch, ``(message id, attempts so far)`` each (retried
        later, or parked as ``failed``)."""
        return self._run(lambda: self._fail_plan(user_id, batch, now, error, max_attempts, base_s, max_s),
                         transaction=True)

    def previous_turn(self, user_id: str, seq: int, session_id: str | None) -> dict[str, Any] | None:
        """The user's message logged before ``seq`` in the same session, or ``None``."""
        return self._run(lambda: self._previous_turn_plan(user_id, seq, session_id))

    def logged_messages(self, user_id: str, *, since: datetime, limit: int = 60) -> list[dict[str, Any]]:
        """The user's processed messages since ``since`` (newest ``limit``), oldest first."""
        return self._run(lambda: self._logged_messages_plan(user_id, since, limit))

    def inferred_since(self, since: datetime) -> int:
        """Facts inferred by the nightly review since ``since`` (all users; a count)."""
        return self._run(lambda: self._inferred_since_plan(since))

    def save_digest(self, week_start: Any, data: dict[str, Any], markdown: str, *, at: datetime,
                    keep: int = 26) -> None:
        """Store a week's digest (aggregates only), keeping the newest ``keep``."""
        self._run(lambda: self._save_digest_plan(week_start, data, markdown, at, keep), transaction=True)

    def digest_delivered(self, week_start: Any, *, at: datetime) -> None:
        """Record that the week's digest reached its channels (it is never delivered again)."""
        self._run(lambda: self._digest_delivered_plan(week_start, at))

    def digests(self, *, limit: int = 1) -> list[dict[str, Any]]:
        """The newest stored digests."""
        return self._run(lambda: self._digests_plan(limit))

    def record_embedder(self, probe: Sequence[float], name: str) -> tuple[list[float], str] | None:
        """The recorded embedder (probe vector, name), or ``None`` after recording this one."""
        return self._run(lambda: self._record_embedder_plan(probe, name), transaction=True)

    def set_embedder(self, probe: Sequence[float], name: str) -> None:
        """Record the embedder the store's vectors are made by (after a re-embed)."""
        self._run(lambda: self._set_embedder_plan(probe, name))

    def vectors_to_redo(self, user_id: str) -> dict[str, list[dict[str, Any]]]:
        """The texts behind one user's stored vectors (facts, candidates, sessions)."""
        return self._run(lambda: self._vectors_to_redo_plan(user_id), transaction=True)

    def replace_vectors(self, user_id: str, kind: str, ids: Sequence[Any], vectors: Sequence[Sequence[float]]) -> int:
        """Overwrite one user's vectors of one kind, in one transaction."""
        return self._run(lambda: self._replace_vectors_plan(user_id, kind, ids, vectors), transaction=True)

    def renew(self, user_id: str, message_ids: Sequence[str], *, until: datetime) -> int:
        """Renew a claimed batch's lease until ``until`` (the drainer's heartbeat)."""
        return self._run(lambda: self._renew_plan(user_id, message_ids, until))

    def defer(self, user_id: str, message_ids: Sequence[str], *, now: datetime) -> None:
        """Give back a batch whose last holder died, to be extracted alone (see ``_defer_plan``)."""
        self._run(lambda: self._defer_plan(user_id, message_ids, now))

    def release(self, user_id: str, message_ids: Sequence[str]) -> None:
        """Give a claimed batch back untouched."""
        self._run(lambda: self._release_plan(user_id, message_ids))

    def queue_status(self, user_id: str | None = None, *, now: datetime) -> dict[str, Any]:
        """Queued, retrying and parked messages, the oldest queued one's age, the next due time."""
        return self._run(lambda: self._queue_status_plan(user_id, now))

    def queued_messages(self, user_id: str | None = None) -> list[dict[str, Any]]:
        """The queued messages (one user or all): user, id, attempts, last error."""
        return self._run(lambda: self._queued_ids_plan(user_id))

    def requeue_failed(self, user_id: str | None = None, *, now: datetime,
                       message_ids: Sequence[str] | None = None) -> int:
        """Put parked messages back in the queue (only ``message_ids`` of ``user_id`` when given)."""
        return self._run(lambda: self._requeue_failed_plan(user_id, now, message_ids))

    # ------------------------------------------------------------------ inspection pages
    def users_page(self, *, prefix: str = "", after: str = "", limit: int = 50) -> list[dict[str, Any]]:
        """Users whose id starts with ``prefix``, after ``after``, with their counts (keyset paging)."""
        return self._run(lambda: self._users_page_plan(prefix, after, limit))

    def series(self, user_id: str | None, *, since: datetime, bucket: str = "day") -> dict[str, list[Any]]:
        """Time series for the inspector's charts (facts by category, exposure, queue)."""
        return self._run(lambda: self._series_plan(user_id, since, bucket))

    def facts_page(self, user_id: str, **filters: Any) -> tuple[list[Fact], int]:
        """One filtered page of a user's facts and the number matching."""
        return self._run(lambda: self._facts_page_plan(user_id, **filters))

    def message_log(self, user_id: str, *, message_ids: Sequence[str] | None = None,
                    session_id: str | None = None, states: Sequence[str] | None = None,
                    limit: int = 50) -> list[dict[str, Any]]:
        """The user's logged messages, newest first, with what the reply before each was shown."""
        return self._run(lambda: self._message_log_plan(user_id, message_ids=message_ids, session_id=session_id,
                                                          states=states, limit=limit))

    # ------------------------------------------------------------------ writes
    def apply(
        self, user_id: str, message_id: str, ops: Sequence[PlannedOp], *, at: datetime,
        rejected: Sequence[RejectedOp] = (), also_processed: Iterable[str] = (), llm_calls: int = 0,
        generation: int | None = None, forgotten: dict[str, int] | None = None,
        evaluations: Sequence[EvaluationRecord] = (), logged: LoggedTurn | None = None,
    ) -> ApplyOutcome:
        """Apply all ops of one message in one transaction; exactly once per message id.

        If ``message_id`` was processed before, nothing is applied and the earlier outcome is
        returned with ``already_processed=True``. Any error rolls everything back (the message
        stays unprocessed and can be retried). ``also_processed`` marks further message ids of
        a batch as processed in the same transaction. ``generation`` (from :meth:`write_start`):
        if the user was forgotten since, nothing is applied (``outcome.skipped`` says so).
        ``logged``: the turn's text (already through the secret filter) and session, entered in
        the message log as processed when it is not there (a write that did not come through the
        queue: ``remember``, the sync write node), so the nightly review reads it too.
        """
        extra = list(also_processed)
        return self._run(lambda: self._apply_plan(user_id, message_id, ops, at, rejected, extra, llm_calls,
                                                       generation, forgotten, evaluations, logged),
                         transaction=True, pipeline=True)

    def people(self, user_id: str) -> list[Person]:
        """The people the user named (the user's own names first), with their believed facts."""
        return self._run(lambda: self._people_plan(user_id))

    def evaluations(self, user_id: str, evaluator: str | None = None, *, limit: int = 100) -> list[dict[str, Any]]:
        """The user's evaluator outputs, newest first (one evaluator's, or all)."""
        return self._run(lambda: self._evaluations_plan(user_id, evaluator, limit))

    def resolve_candidate(self, user_id: str, candidate_id: UUID | str, *, accept: bool, at: datetime,
                          note: str | None = None) -> FactCandidate:
        """Accept (the candidate becomes an active fact, the old one ``superseded`` and marked
        ``contradicted``) or reject a pending contradiction. Audited either way (with ``note``)."""
        return self._run(lambda: self._resolve_candidate_plan(user_id, candidate_id, accept, at, note),
                         transaction=True)

    def record_access(self, user_id: str, fact_ids: Sequence[UUID], at: datetime,
                      counts: Sequence[int] | None = None) -> None:
        """Count retrievals of each fact (``counts``, default one each); a dormant fact that is
        retrieved is active again."""
        self._run(lambda: self._record_access_plan(user_id, fact_ids, at, counts), transaction=True)

    def maintain(self, user_id: str, *, at: datetime, dormant_after_days: float = 90.0,
                 retention_days: float | None = None, log_before: datetime | None = None) -> dict[str, int]:
        """Lifecycle sweep for one user: current facts past ``expires_at`` become ``expired``;
        durable facts neither confirmed nor retrieved for ``dormant_after_days`` become ``dormant``."""
        return self._run(lambda: self._maintain_plan(user_id, at, dormant_after_days, retention_days, log_before),
                         transaction=True)

    def purge_fact(self, user_id: str, fact_id: UUID | str) -> bool:
        """Hard-delete one fact and its audit rows (privacy)."""
        return self._run(lambda: self._purge_fact_plan(user_id, fact_id), transaction=True)

    def forget_turn(self, user_id: str, ids: Sequence[str], *, generation: int | None = None) -> dict[str, int]:
        """Forget the processed turn among ``ids`` (its id or turn fingerprint), in one transaction."""
        return self._run(lambda: self._forget_turn_plan(user_id, ids, generation), transaction=True)

    def forget_message(self, user_id: str, message_id: str) -> dict[str, int]:
        """Purge the facts only this message supports; unlink it from the others (one transaction)."""
        return self._run(lambda: self._forget_message_plan(user_id, message_id), transaction=True)

    def request_forget(self, user_id: str, *, at: datetime, error: str) -> None:
        """Record a forget that could not finish, for the worker's nightly pass to retry."""
        self._run(lambda: self._request_forget_plan(user_id, at, error))

    def forget_requests(self) -> list[dict[str, Any]]:
        """Pending forget requests, oldest first."""
        return self._run(self._forget_requests_plan)

    def delete_user(self, user_id: str, *, at: datetime | None = None) -> dict[str, int]:
        """Hard-delete everything stored for a user (facts, candidates, audit, processed ids)."""
        try:
            return self._run(lambda: self._delete_user_plan(user_id, at), transaction=True)
        finally:  # this process's copy goes at once (another process's at its next read of the user)
            if self.hot is not None:
                self.hot.discard(user_id)

    # ------------------------------------------------------------------ reconciliation
    def unreconciled(self, user_id: str, *, limit: int) -> tuple[list[FactVector], int]:
        """The oldest unreconciled retrievable facts (with embeddings) and the backlog size."""
        return self._run(lambda: self._unreconciled_plan(user_id, limit))

    def reconcile_neighbours(self, user_id: str, probes: Sequence[FactVector], *, k: int,
                             min_similarity: float, state_k: int = 0, state_min_similarity: float = 1.0
                             ) -> list[list[tuple[FactVector, float]]]:
        """Each probe's most similar facts of the same user, kind and category; with ``state_k``,
        each durable probe's most similar older active current states too (those it may end)."""
        return self._run(lambda: self._reconcile_neighbours_plan(user_id, probes, k, min_similarity,
                                                                 state_k, state_min_similarity))

    def apply_group(self, user_id: str, fact_ids: Sequence[UUID], decisions: Sequence[GroupDecision], *,
                    at: datetime, run_id: str, generation: int | None = None) -> dict[str, Any]:
        """Apply one group's decisions and mark it reconciled, in one transaction."""
        return self._run(lambda: self._apply_group_plan(user_id, fact_ids, decisions, at, run_id, generation), transaction=True)

    def mark_reconciled(self, user_id: str, fact_ids: Sequence[UUID], *, at: datetime) -> None:
        self._run(lambda: self._mark_reconciled_plan(user_id, fact_ids, at))

    def record_run(self, user_id: str, job: str, *, started_at: datetime, finished_at: datetime,
                   report: dict[str, Any], generation: int | None = None) -> bool:
        return self._run(lambda: self._record_run_plan(user_id, job, started_at, finished_at, report, generation),
                         transaction=True)

    def runs(self, user_id: str | None = None, *, job: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
        """Recorded job runs, newest first."""
        return self._run(lambda: self._runs_plan(user_id, job, limit))

    def users_with_work_by_shard(self, *, at: datetime, idle_days: float = 90.0) -> tuple[list[str], int] | None:
        """On Citus: the users with work on every reachable shard, and how many shard placements
        could not be read (``None`` when the tables are not distributed)."""
        return self._run(lambda: self._users_with_work_by_shard_plan(at, idle_days))

    def users_with_work(self, *, at: datetime, idle_days: float = 90.0,
                        retention_days: float | None = None, messages_since: datetime | None = None,
                        log_before: datetime | None = None) -> list[str]:
        """Users with upkeep due (for the scheduler): see ``ReconcilePlans._users_with_work_plan``."""
        return self._run(lambda: self._users_with_work_plan(at, idle_days, retention_days, messages_since,
                                                                 log_before))

    # ------------------------------------------------------------------ privacy
    def write_start(self, user_id: str, message_ids: Sequence[str]) -> tuple[dict[str, ApplyOutcome | None], int]:
        """Processed outcomes of these message ids and the user's forget generation (one round trip)."""
        return self._run(lambda: self._write_start_plan(user_id, message_ids))

    def last_processed(self, user_id: str) -> list[str]:
        """The user's last message processed through the write graph, as ``[id]`` or ``[]``."""
        return self._run(lambda: self._last_processed_plan(user_id))

    def user_generation(self, user_id: str) -> int:
        """How many times the user was forgotten (a write started under another value applies nothing)."""
        return self._run(lambda: self._user_generation_plan(user_id))

    def export_rows(self, user_id: str) -> dict[str, Any]:
        """Every row stored about the user (no embeddings), from one snapshot."""
        return self._run(lambda: self._export_plan(user_id), transaction=True)

    def restore_rows(self, user_id: str, data: dict[str, Any], fact_vectors: dict[str, list[float]],
                     candidate_vectors: dict[str, list[float]], *, allow_forgotten: bool = False,
                     at: datetime | None = None) -> dict[str, int]:
        """Insert an export into an empty user, in one transaction (``at``: the audit row's time,
        the memory's clock; default the wall clock)."""
        return self._run(lambda: self._restore_plan(user_id, data, fact_vectors, candidate_vectors,
                                                    allow_forgotten, at), transaction=True)

    def health_rows(self, user_id: str | None, *, at: datetime, hot_days: float, warm_days: float,
                    since: datetime | None = None, recent_runs: int = 10) -> dict[str, Any]:
        """Raw health figures for one user, or every user with ``None``."""
        return self._run(lambda: self._health_plan(user_id, at, hot_days, warm_days, since, recent_runs))

    def profile_state(self, user_id: str) -> tuple[dict[str, Any] | None, str]:
        """The stored profile row (or None) and the current fingerprint of the user's audit log."""
        return self._run(lambda: self._profile_state_plan(user_id))

    def save_profile(self, user_id: str, text: str, fact_ids: list[str], fingerprint: str, *, at: datetime) -> bool:
        return self._run(lambda: self._save_profile_plan(user_id, text, fact_ids, fingerprint, at), transaction=True)

    def retract(self, user_id: str, fact_id: UUID | str, *, at: datetime, note: str = "") -> bool:
        """Retract a believed fact (kept for history); False when there is none to retract."""
        return self._run(lambda: self._retract_plan(user_id, fact_id, at, note), transaction=True)

    def history(self, user_id: str, fact_id: UUID | str) -> tuple[list[Fact], list[AuditEntry]]:
        """The supersession chain through a fact, oldest first, and its audit rows."""
        return self._run(lambda: self._history_plan(user_id, fact_id))
