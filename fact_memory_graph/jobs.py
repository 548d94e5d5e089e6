"""Scheduled work on procrastinate, a Postgres-native task engine (jobs live in the same database),
and the queued writes' drainer (:meth:`MessageQueue.run <fact_memory_graph.queue.MessageQueue.run>`)
in the same worker process.

- ``fact_memory.nightly`` (periodic, ``ReconcileConfig.schedule``, default 03:00 UTC) queues one
  ``fact_memory.reconcile_user`` job per user with upkeep due (``memory.upkeep.users_with_work``):
  unreconciled facts, facts past their end, dormancy, open-ended states to archive, the staged
  sweep, retention, messages for the nightly review, and message-log rows to trim.
- ``fact_memory.reconcile_user`` runs ``memory.upkeep.acompact``, the nightly review of the
  user's day (``memory.review``: one model call at most, none without a model),
  ``memory.upkeep.amaintain``, refreshes the profile and builds the changed sessions' records
  for one user. Each job carries the lock ``fact-memory:<digest of the user id>``: procrastinate never runs two
  jobs with the same lock at once, so two workers never reconcile the same user together, and the
  same string as queueing lock keeps at most one such job waiting. Failed jobs are retried
  (3 attempts, growing waits).
- ``fact_memory.weekly_digest`` (periodic, ``DigestConfig.schedule``, Mondays 04:00 UTC) writes the
  store's weekly digest (:mod:`fact_memory_graph.digest`) and delivers it once to the configured
  channel (``FACT_MEMORY_DIGEST_WEBHOOK_URL`` and friends for ``fact-memory worker``).
- stalled jobs: every worker retries, every 15 s (and a periodic task each minute), the jobs of
  workers that sent no heartbeat for 30 s (killed mid-job): a dead worker's job runs again
  within about 45 s. Reconciliation applies group by group in
  transactions and skips what another run finished, so a retried job never applies anything twice.

Any number of workers, on any number of hosts, share the queue by pointing
``FACT_MEMORY_DATABASE_URL`` at the same Postgres and running ``fact-memory worker``.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
from procrastinate import App, PsycopgConnector, RetryStrategy

from fact_memory_graph.digest import abuild_digest, adeliver_digest
from fact_memory_graph.errors import ConfigurationError

logger = logging.getLogger(__name__)

JOB_SCHEMA_LOCK_KEY = 0x46414354_4A4F42
#: A worker that has sent no heartbeat for this long is considered dead; its jobs are retried.
#: procrastinate workers beat every 10 s; every live worker looks for stalled jobs every
#: STALLED_CHECK_SECONDS, so a dead worker's job runs again within about 45 s.
STALLED_AFTER_SECONDS = 30.0
STALLED_CHECK_SECONDS = 15.0
RETRY = RetryStrategy(max_attempts=3, exponential_wait=30)


def user_lock(user_id: str) -> str:
    """The job lock of one user: a digest, so the job engine's lock columns never hold the id."""
    return "fact-memory:" + hashlib.sha256(user_id.encode()).hexdigest()[:32]


def install_job_schema(database_url: str) -> bool:
    """Create procrastinate's tables once (idempotent, safe from several processes at once).
    Returns whether it created them."""
    try:
        with psycopg.connect(database_url, autocommit=True) as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (JOB_SCHEMA_LOCK_KEY,))
            row = conn.execute("SELECT to_regclass('procrastinate_jobs') IS NOT NULL").fetchone()
            if row and row[0]:
                return False
            from procrastinate.schema import SchemaManager

            conn.execute(SchemaManager.get_schema().encode())  # type: ignore[arg-type]
            return True
    except psycopg.Error as exc:
        raise ConfigurationError(f"cannot install the job engine's schema: {str(exc).strip()}") from exc


def has_model(memory: Any) -> bool:
    """Whether the memory has a chat model for reconciliation (given, or from the environment)."""
    try:
        memory.llm  # noqa: B018 - resolves the model or raises
    except ConfigurationError:
        return False
    return True


def build_job_app(memory: Any, *, stalled_after: float = STALLED_AFTER_SECONDS) -> App:
    """A procrastinate ``App`` on the memory's database, with the tasks bound to ``memory``
    (a :class:`~fact_memory_graph.FactMemory`). Open it (``async with app.open_async()``)
    to defer jobs or run a worker."""
    if not memory.database_url:
        raise ConfigurationError("the job engine needs the database URL the memory was opened with")
    app = App(connector=PsycopgConnector(conninfo=memory.database_url))
    schedule = memory.config.reconcile.schedule

    @app.task(name="fact_memory.reconcile_user", retry=RETRY)
    async def reconcile_user(user_id: str | None = None) -> dict[str, Any]:
        if user_id is None:  # the user was forgotten while this job ran (or waited to be retried)
            return {"skipped": "user forgotten"}
        try:
            # Without a model compact reconciles what needs no judgement and leaves the rest; the
            # model-free upkeep (expiry, dormancy, profile, sessions) runs either way.
            report = await memory.upkeep.acompact(user_id)
            # The day's messages, once per user per day (skipped without a model): inferred facts,
            # refinements, patterns, and the day's session summaries.
            reviewed = await memory.review.arun(user_id)
            maintained = await memory.upkeep.amaintain(user_id)
            await memory.facts.aprofile(user_id)  # rebuilt now if the facts changed, so reads find it fresh
            sessions = await memory.sessions.abuild(user_id)  # changed sessions' records, embedded once
        except Exception as exc:
            app.failed_jobs += 1  # type: ignore[attr-defined]
            logger.warning("fact-memory: job for %s failed (it is retried): %s: %s", user_id, type(exc).__name__,
                           str(exc)[:300])
            raise
        logger.info("fact-memory: upkeep of %s: reconcile %s; maintenance %s; sessions %s", user_id,
                    report.model_dump(include={"merged", "superseded", "retracted", "model_calls"}), maintained,
                    sessions)
        return {"reconcile": report.model_dump(mode="json"), "maintain": maintained, "sessions": sessions,
                "review": reviewed.model_dump(mode="json")}

    app.failed_jobs = 0  # type: ignore[attr-defined]

    @app.periodic(cron=schedule, periodic_id="nightly")
    @app.task(name="fact_memory.nightly", queueing_lock="fact-memory:nightly")
    async def nightly(timestamp: int) -> int:
        await _retry_forgets(app, memory)
        try:
            users, unreachable = await memory.upkeep.ausers_with_work_reachable()
            if unreachable:  # a node down: its users wait for the next pass; the others are kept up
                app.failed_jobs += 1  # type: ignore[attr-defined]
                logger.warning("fact-memory: %d shard placement(s) could not be read (a node down?): their users "
                               "are scheduled on a later pass; the %d reachable users now", unreachable, len(users))
            for user_id in users:
                await defer_reconcile(app, user_id)
        except Exception as exc:  # a failed listing is a failed job too (worker --once exits non-zero)
            app.failed_jobs += 1  # type: ignore[attr-defined]
            logger.warning("fact-memory: listing the users with work failed (the nightly pass is retried): %s: %s",
                           type(exc).__name__, str(exc)[:300])
            raise
        logger.info("fact-memory: queued reconciliation for %d users", len(users))
        return len(users)

    @app.periodic(cron=memory.config.digest.schedule, periodic_id="digest")
    @app.task(name="fact_memory.weekly_digest", queueing_lock="fact-memory:digest", retry=RETRY)
    async def weekly_digest(timestamp: int) -> dict[str, Any]:
        digest = await abuild_digest(memory)
        logger.info("fact-memory: weekly digest of %s written (%d users)", digest.week_start, digest.users)
        delivered = await adeliver_digest(memory, digest)  # once per week: a rerun delivers nothing
        return {"week_start": digest.week_start.isoformat(), "changes": digest.changes, "delivered": delivered}

    @app.periodic(cron="* * * * *", periodic_id="stalled")
    @app.task(name="fact_memory.retry_stalled", queueing_lock="fact-memory:stalled")
    async def retry_stalled(timestamp: int) -> int:
        return await retry_stalled_jobs(app, seconds_since_heartbeat=stalled_after)

    return app


async def _retry_forgets(app: App, memory: Any) -> None:
    """Finish the forgets that could not finish before (a node was down); each failure counts."""
    for request in await memory.admin.aforget_requests():
        try:
            await memory.aforget(request["user_id"])
            logger.info("fact-memory: a pending forget (requested %s) is done", request["requested_at"])
        except Exception as exc:
            app.failed_jobs += 1  # type: ignore[attr-defined]
            logger.warning("fact-memory: a pending forget failed again (attempt %d; retried next pass): %s",
                           request["attempts"] + 1, str(exc)[:300])


async def defer_reconcile(app: App, user_id: str) -> int | None:
    """Queue one reconciliation job for ``user_id`` (none if one is already waiting)."""
    from procrastinate.exceptions import AlreadyEnqueued

    task = app.tasks["fact_memory.reconcile_user"]
    try:
        return await task.configure(lock=user_lock(user_id), queueing_lock=user_lock(user_id)).defer_async(
            user_id=user_id)
    except AlreadyEnqueued:
        return None


async def retry_stalled_jobs(app: App, *, seconds_since_heartbeat: float = STALLED_AFTER_SECONDS) -> int:
    """Put the jobs of dead workers back in the queue; returns how many."""
    stalled = list(await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=seconds_since_heartbeat))
    for job in stalled:
        logger.warning("fact-memory: retrying job %s (%s) of a stalled worker", job.id, job.task_name)
        await app.job_manager.retry_job(job)
    return len(stalled)


async def run_worker(memory: Any, *, once: bool = False, concurrency: int = 1,
                     before: Callable[[App], Awaitable[None]] | None = None, metrics_port: int | None = None,
                     **options: Any) -> int:
    """Run a worker for ``memory`` (installing the job schema if needed). ``once``: run the
    nightly pass now, process every queued job, then return. ``metrics_port``: serve the health
    figures as Prometheus metrics on 127.0.0.1 (needs the ``metrics`` extra). Returns how many
    jobs failed (``fact-memory worker --once`` exits non-zero then).

    Without a chat model the worker says so at start (one line) and runs the model-free upkeep:
    expiry, dormancy, the staged sweep, profiles and session records; reconciliation is off."""
    install_job_schema(memory.database_url)
    if not has_model(memory):
        logger.warning("fact-memory worker: no model for reconciliation (set FACT_MEMORY_MODEL or pass llm=): "
                       "reconciliation is off; expiry, dormancy, profiles and sessions still run")
    app = build_job_app(memory)
    refresher = None
    if metrics_port is not None:
        from fact_memory_graph.metrics import HealthGauges, refresh_forever

        gauges = HealthGauges()
        gauges.serve(metrics_port)
        refresher = asyncio.create_task(refresh_forever(memory, gauges))
    failed = 0
    drainer = None
    try:
        if once:
            # Queued messages first, so the nightly pass sees their facts.
            failed += await _drain_queue(memory)
        else:
            stopping = asyncio.Event()
            drainer = asyncio.create_task(memory.queue.run(stopping.is_set))
        await _work(app, once=once, concurrency=concurrency, before=before, **options)
    finally:
        if drainer is not None:
            drainer.cancel()
        if refresher is not None:
            refresher.cancel()
    return failed + app.failed_jobs  # type: ignore[attr-defined]


async def _drain_queue(memory: Any) -> int:
    """Extract every queued message once (``--once``); returns how many failed (they stay queued)."""
    if not has_model(memory):
        status = await memory.queue.astatus()
        if status["queued"]:
            logger.warning("fact-memory worker: %d queued messages wait for a model (set FACT_MEMORY_MODEL)",
                           status["queued"])
        return 0
    try:
        report = await memory.queue.aflush()
    except Exception as exc:  # the database (or a node) is unreachable: count it, go on to the nightly pass
        logger.warning("fact-memory worker: draining the queue failed (messages stay queued): %s: %s",
                       type(exc).__name__, str(exc)[:300])
        return 1
    failed = {message_id: error for failures in report.failed.values() for message_id, error in failures.items()}
    logger.info("fact-memory: queued messages: %d extracted, %d failed", report.processed, len(failed))
    for message_id, error in failed.items():
        logger.warning("fact-memory: queued message %s failed (it is retried): %s", message_id, error[:300])
    return len(failed)


async def _work(app: App, *, once: bool, concurrency: int, before: Callable[[App], Awaitable[None]] | None,
                **options: Any) -> None:
    async with app.open_async():
        if before is not None:
            await before(app)
        if once:
            await app.tasks["fact_memory.nightly"].defer_async(timestamp=0)
            await app.run_worker_async(wait=False, concurrency=concurrency, install_signal_handlers=False,
                                       **options)
            return
        watcher = asyncio.create_task(_watch_stalled(app))
        try:
            await app.run_worker_async(wait=True, concurrency=concurrency, install_signal_handlers=True, **options)
        finally:
            watcher.cancel()


async def _watch_stalled(app: App, every: float = STALLED_CHECK_SECONDS) -> None:
    """Retry the jobs of dead workers every ``every`` seconds (the cron task runs only each minute)."""
    while True:
        await asyncio.sleep(every)
        try:
            await retry_stalled_jobs(app)
        except Exception as exc:  # never stop the worker for it
            logger.warning("fact-memory worker: stalled-job check failed: %s", exc)
