"""``memory.upkeep``: what keeps a memory sound over time — maintenance (expiry, dormancy,
retention), the nightly compaction, the scheduler's listing of users with work, recorded runs
and health. The worker (``fact-memory worker``) runs all of it on schedule; call it yourself
from tests, scripts or your own scheduler."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph.graph.state import CompiledStateGraph

from fact_memory_graph.config import FactMemoryConfig
from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import StoreError
from fact_memory_graph.health import health_report
from fact_memory_graph.reconcile import build_reconcile_graph
from fact_memory_graph.sanitize import check_id
from fact_memory_graph.schema import HealthReport, ReconcileReport
from fact_memory_graph.spool import Spool

__all__ = ["Upkeep", "maintain_arguments"]


def maintain_arguments(config: FactMemoryConfig, at: datetime,
                       dormant_after_days: float | None = None) -> dict[str, Any]:
    """What ``maintain`` applies, from one configuration: expiry at ``at``, dormancy, retention
    (``ReconcileConfig.retention_days``) and the message log's trim (``QueueConfig.log_days``, or
    the nightly review's window when longer). The worker, ``memory.upkeep.maintain`` and the
    ``fact-memory maintain`` command all pass these, so the three trim and purge alike."""
    cfg = config.reconcile
    return {"at": at, "dormant_after_days": cfg.dormant_after_days if dormant_after_days is None
            else dormant_after_days, "retention_days": cfg.retention_days,
            "log_before": at - timedelta(days=max(config.queue.log_days, config.inference.window_days))}


class Upkeep:
    """``memory.upkeep``: maintain, compact, reconcile_graph, users_with_work(_reachable), runs,
    health (``a``-prefixed twins)."""

    def __init__(self, context: MemoryContext, *, has_model: Callable[[], bool], spool: Spool | None) -> None:
        self._ctx = context
        self._has_model = has_model
        self._spool = spool
        self._graph: CompiledStateGraph | None = None

    # ------------------------------------------------------------------ maintenance
    def _maintain_args(self, at: datetime | None, dormant_after_days: float | None) -> dict[str, Any]:
        return maintain_arguments(self._ctx.config, at or self._ctx.now(), dormant_after_days)

    def maintain(self, user_id: str, *, at: datetime | None = None,
                 dormant_after_days: float | None = None) -> dict[str, int]:
        """Expire current facts past ``expires_at`` and mark long-unused durable facts dormant
        (after ``config.reconcile.dormant_after_days``, 90 by default). Audited. With
        ``ReconcileConfig.retention_days`` set (off by default), facts no longer believed since
        longer than that, and older audit rows, are deleted."""
        return self._ctx.store.maintain(user_id, **self._maintain_args(at, dormant_after_days))

    async def amaintain(self, user_id: str, *, at: datetime | None = None,
                        dormant_after_days: float | None = None) -> dict[str, int]:
        """Async twin of :meth:`maintain`."""
        return await self._ctx.astore.maintain(user_id, **self._maintain_args(at, dormant_after_days))

    # ------------------------------------------------------------------ compaction
    def reconcile_graph(self, *, llm: BaseChatModel | None = None) -> CompiledStateGraph:
        """The compiled reconciliation graph (select -> group -> adjudicate -> apply)."""
        if llm is not None:
            return build_reconcile_graph(self._ctx, llm_factory=lambda: llm)
        if self._graph is None:
            self._graph = build_reconcile_graph(self._ctx)
        return self._graph

    def _run_config(self) -> dict[str, Any]:
        # Two steps per group (judge, apply), at most one group per selected fact.
        return {"recursion_limit": 2 * self._ctx.config.reconcile.batch_size + 10}

    def _compact_input(self, user_id: str, at: datetime | None) -> dict[str, Any]:
        check_id(user_id, "user_id")
        at = at or self._ctx.now()
        run_id = f"reconcile:{uuid.uuid4()}"
        return {"user_id": user_id, "at": at, "run_id": run_id,
                "report": ReconcileReport(user_id=user_id, run_id=run_id, started_at=at)}

    def _finished(self, report: ReconcileReport, started: float) -> tuple[ReconcileReport, dict[str, Any]]:
        report = report.model_copy(update={"finished_at": self._ctx.now(),
                                           "wall_seconds": round(time.perf_counter() - started, 4)})
        return report, {"started_at": report.started_at, "finished_at": report.finished_at or report.started_at,
                        "report": report.model_dump(mode="json")}

    def compact(self, user_id: str, *, llm: BaseChatModel | None = None, at: datetime | None = None
                ) -> ReconcileReport:
        """Reconcile one user's unreconciled facts (the nightly compaction).

        Takes the oldest ``config.reconcile.batch_size`` unreconciled facts, groups each with
        the facts it could duplicate, asks the model (``llm`` or the memory's) once per group,
        applies each group in its own transaction and marks it reconciled; then settles pending
        corrections (``ReconcileConfig.resolve_corrections``). Idempotent and resumable; the run
        is recorded (:meth:`runs`). Returns what it did and cost.

        Without a model the facts that need no judgement (no neighbour) are still reconciled;
        each group and correction is left for a later run, reported in ``rejected_groups`` as
        "no model for reconciliation"."""
        started = time.perf_counter()
        out = self.reconcile_graph(llm=llm).invoke(self._compact_input(user_id, at), self._run_config())
        report, run = self._finished(out["report"], started)
        self._ctx.store.record_run(user_id, "reconcile", **run)
        return report

    async def acompact(self, user_id: str, *, llm: BaseChatModel | None = None, at: datetime | None = None
                       ) -> ReconcileReport:
        """Async twin of :meth:`compact`."""
        started = time.perf_counter()
        out = await self.reconcile_graph(llm=llm).ainvoke(self._compact_input(user_id, at), self._run_config())
        report, run = self._finished(out["report"], started)
        await self._ctx.astore.record_run(user_id, "reconcile", **run)
        return report

    # ------------------------------------------------------------------ the scheduler's listing
    def _log_before(self, at: datetime) -> datetime:
        """Processed messages older than this leave the message log (``QueueConfig.log_days``, or
        the nightly review's window when longer): trimmed by ``maintain`` for idle users too."""
        return maintain_arguments(self._ctx.config, at)["log_before"]

    def _idle_days(self) -> float:
        # Dormancy's threshold; under the staged policy the sweep's grace period comes first.
        policy, days = self._ctx.config.lifecycle, self._ctx.config.reconcile.dormant_after_days
        return min(days, policy.grace_days) if policy.is_staged else days

    def _work_args(self, at: datetime | None) -> dict[str, Any]:
        cfg = self._ctx.config
        at = at or self._ctx.now()
        # Messages since then make a user due for the nightly review (None: no review).
        review_since = at - timedelta(days=cfg.inference.window_days) \
            if cfg.inference.enabled and self._has_model() else None
        return {"at": at, "idle_days": self._idle_days(), "retention_days": cfg.reconcile.retention_days,
                "messages_since": review_since, "log_before": self._log_before(at)}

    def users_with_work(self, *, at: datetime | None = None) -> list[str]:
        """Users with any upkeep due (what the scheduler queues): unreconciled facts, active facts
        past their end, durable facts unused long enough to turn dormant (staged policy: past the
        sweep's grace period), pending corrections, messages for the nightly review, a message log
        to trim. An idle user is kept up too."""
        return self._ctx.store.users_with_work(**self._work_args(at))

    async def ausers_with_work(self, *, at: datetime | None = None) -> list[str]:
        """Async twin of :meth:`users_with_work`."""
        return await self._ctx.astore.users_with_work(**self._work_args(at))

    def users_with_work_reachable(self, *, at: datetime | None = None) -> tuple[list[str], int]:
        """The scheduler's listing that survives a lost node: :meth:`users_with_work`, and when that
        fails on a Postgres distributed with Citus, the same listing shard group by shard group:
        the users on the reachable shards, and how many shard placements could not be read."""
        args = self._work_args(at)
        try:
            return self._ctx.store.users_with_work(**args), 0
        except StoreError:
            by_shard = self._ctx.store.users_with_work_by_shard(at=args["at"], idle_days=args["idle_days"])
            if by_shard is None:
                raise
            return by_shard

    async def ausers_with_work_reachable(self, *, at: datetime | None = None) -> tuple[list[str], int]:
        """Async twin of :meth:`users_with_work_reachable`."""
        args = self._work_args(at)
        try:
            return await self._ctx.astore.users_with_work(**args), 0
        except StoreError:
            by_shard = await self._ctx.astore.users_with_work_by_shard(at=args["at"], idle_days=args["idle_days"])
            if by_shard is None:
                raise
            return by_shard

    # ------------------------------------------------------------------ runs and health
    def runs(self, user_id: str | None = None, *, job: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
        """Recorded reconciliation / maintenance runs, newest first."""
        return self._ctx.store.runs(user_id, job=job, limit=limit)

    async def aruns(self, user_id: str | None = None, *, job: str | None = None,
                    limit: int = 20) -> list[dict[str, Any]]:
        """Async twin of :meth:`runs`."""
        return await self._ctx.astore.runs(user_id, job=job, limit=limit)

    def series(self, user_id: str | None = None, *, days: int = 28, bucket: str = "day",
               at: datetime | None = None) -> dict[str, list[Any]]:
        """Time series over the last ``days`` (one user, or everyone's with ``None``), by ``bucket``
        (hour, day, week): ``facts`` added per category, ``shown`` (facts shown to replies, stale
        ones, restated ones, from the exposure records), messages ``queued`` and ``processed``."""
        since = (at or self._ctx.now()) - timedelta(days=days)
        return self._ctx.store.series(check_id(user_id, "user_id") if user_id is not None else None,
                                      since=since, bucket=bucket)

    async def aseries(self, user_id: str | None = None, *, days: int = 28, bucket: str = "day",
                      at: datetime | None = None) -> dict[str, list[Any]]:
        """Async twin of :meth:`series`."""
        since = (at or self._ctx.now()) - timedelta(days=days)
        return await self._ctx.astore.series(check_id(user_id, "user_id") if user_id is not None else None,
                                             since=since, bucket=bucket)

    def _health_args(self, at: datetime | None, since: datetime | timedelta | None
                     ) -> tuple[datetime, datetime | None, dict[str, Any]]:
        at = at or self._ctx.now()
        if isinstance(since, timedelta):
            since = at - since
        cfg = self._ctx.config.health
        return at, since, {"at": at, "hot_days": cfg.hot_days, "warm_days": cfg.warm_days, "since": since,
                           "recent_runs": cfg.recent_runs}

    def health(self, user_id: str | None = None, *, at: datetime | None = None,
               since: datetime | timedelta | None = None) -> HealthReport:
        """Health of one user's memory, or of every user's with ``None``: backlog, reconciliation
        rate, statuses, temperature pyramid, pending candidates, active facts past their end, the
        queue, outcome metrics, the last run and the rolling average, activity ``since`` (a weekly
        digest is ``since=timedelta(days=7)``). Alerts are in ``report.alerts`` and logged as warnings."""
        at, since, args = self._health_args(at, since)
        rows = self._ctx.store.health_rows(user_id, **args)
        rows["queue"] = self._ctx.store.queue_status(user_id, now=at)
        return health_report(user_id, at, rows, cfg=self._ctx.config.health, spool=self._spool, since=since)

    async def ahealth(self, user_id: str | None = None, *, at: datetime | None = None,
                      since: datetime | timedelta | None = None) -> HealthReport:
        """Async twin of :meth:`health`."""
        at, since, args = self._health_args(at, since)
        rows = await self._ctx.astore.health_rows(user_id, **args)
        rows["queue"] = await self._ctx.astore.queue_status(user_id, now=at)
        return health_report(user_id, at, rows, cfg=self._ctx.config.health, spool=self._spool, since=since)
