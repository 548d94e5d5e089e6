"""Queued writes: the reply never waits for memory.

The write node (:meth:`FactMemory.write_node`), the agent middleware and the memory tools record
each user message in Postgres — the message log, ``fact_memory_messages`` — in one short statement
on the reply's path, and return. Extraction runs later, off that path:

- **Durable at once**: a message is safe the moment the enqueue commits; a process that exits or
  is redeployed loses nothing queued.
- **Exactly once**: the log is keyed by message id, and by turn fingerprint (a client re-sending
  its history with fresh ids); extraction applies through the write graph, whose processed-message
  row commits with the ops. A failed extraction applies nothing and is retried with a growing wait
  (``QueueConfig.retry_base_s`` ...), then parked as ``failed`` (kept, shown by ``health``).
- **Debounced**: a user's messages are extracted once none has arrived for
  ``QueueConfig.after_seconds`` (at most ``max_delay_s`` after the first), so a burst becomes one
  extraction that sees all of it (up to ``max_batch`` messages).
- **Bounded**: the enqueue gives up after ``WriteConfig.write_budget_s`` (a database that is down
  or hung costs the reply at most that), logging one line that says what was kept or lost.
- **Drained** by a background thread of this process on the embedded default, by
  ``fact-memory worker`` (any number, on any hosts) with an external database, and on demand by
  :meth:`MessageQueue.flush`. One user's batches are claimed one at a time (a lease under the
  user's queue lock), so each user's messages are extracted in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import threading
import time
import weakref
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar

from langchain_core.messages import HumanMessage
from langchain_core.runnables import Runnable, RunnableConfig
from langgraph.graph.state import CompiledStateGraph

from fact_memory_graph.batching import BatchingEmbeddings
from fact_memory_graph.context import MemoryContext
from fact_memory_graph.deadline import OnReadError, write_within
from fact_memory_graph.errors import ConfigurationError, FactMemoryError, StoreError
from fact_memory_graph.forgetting import asks_to_forget
from fact_memory_graph.logs import rate_limited
from fact_memory_graph.runnables import dual_node
from fact_memory_graph.sanitize import check_id, read_ahead
from fact_memory_graph.schema import FORGOTTEN_MEANWHILE, ApplyOutcome, FlushReport
from fact_memory_graph.spool import Spool
from fact_memory_graph.store import ThreadedAsyncFactStore
from fact_memory_graph.store.plans import QueueEntry
from fact_memory_graph.turns import capture_turns, context_messages
from fact_memory_graph.write_graph import build_write_graph

__all__ = ["MessageQueue", "QueueEntry"]

logger = rate_limited(logging.getLogger(__name__))
T = TypeVar("T")
#: How often a flush looks again while another drainer holds one of the messages it waits for.
FLUSH_POLL_S = 0.02


@dataclass
class _Round:
    """What one drain round did."""

    claimed: int = 0
    processed: int = 0
    failed: dict[str, dict[str, str]] = field(default_factory=dict)
    #: (user id, message id): message ids are unique per user only.
    attempted: set[tuple[str, str]] = field(default_factory=set)
    next_due: datetime | None = None


def _acts_on_the_turn_before(text: str) -> bool:
    """A message that asks to forget (what was just said, itself, a topic) is extracted alone,
    after the turn it refers to (never in one batch with it, nor with the turns after it)."""
    return asks_to_forget(text) is not None


def run_coroutine(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine to completion from sync code, also when this thread already runs a loop
    (a notebook): then on a private thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(make())
    result: list[T] = []
    error: list[BaseException] = []

    def target() -> None:
        try:
            result.append(asyncio.run(make()))
        except BaseException as exc:  # handed to the caller
            error.append(exc)

    thread = threading.Thread(target=target, name="fact-memory-flush")
    thread.start()
    thread.join()
    if error:
        raise error[0]
    return result[0]


class MessageQueue:
    """The message log and its drainers for one :class:`~fact_memory_graph.FactMemory`
    (``memory.queue``). Thread-safe."""

    def __init__(self, ctx: MemoryContext, *, in_process: bool, spool: Spool | None = None) -> None:
        self.ctx = ctx
        self.config = ctx.config.queue
        #: Turns that could not be queued in time, on local disk until the database answers.
        self.spool = spool
        self._replayer: threading.Thread | None = None
        self._spooling = False  # an outage is being spooled (one log line for it, one at recovery)
        #: Whether this process runs a background drainer (``QueueConfig.drainer``).
        self.in_process = self.config.drainer == "thread" or (self.config.drainer == "auto" and in_process)
        # The drainer's write graph, one per event loop (BatchingEmbeddings batches one loop's calls).
        self._graphs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, CompiledStateGraph] = (
            weakref.WeakKeyDictionary())
        # The sync store on worker threads: usable from any event loop (the drainer thread's own,
        # the worker's, the app's), unlike an aopen() memory's native async pool.
        self._astore = ThreadedAsyncFactStore(ctx.store)
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._stopping = False
        self._outage_logged = False
        self._waiting_logged: str | None = None  # the reason queued messages wait, as last logged

    # ------------------------------------------------------------------ enqueue
    def capture(self, state: Mapping[str, Any], config: RunnableConfig | None) -> tuple[str, list[QueueEntry]]:
        """The user and the queue entries of a graph state (:func:`~fact_memory_graph.turns.capture_turns`)."""
        return capture_turns(self.ctx, state, config)

    def enqueue(self, user_id: str, entries: Sequence[QueueEntry]) -> list[str]:
        """Record ``entries`` for ``user_id`` (those seen before are left out); returns the ids
        recorded. Waits at most ``write_budget_s`` for a connection. Raises store errors."""
        check_id(user_id, "user_id")
        queued = self.ctx.store.enqueue(user_id, entries, **self._enqueue_args())
        if queued:
            self.wake()
        return queued

    async def aenqueue(self, user_id: str, entries: Sequence[QueueEntry]) -> list[str]:
        """Async twin of :meth:`enqueue` (on the sync pool in a worker thread, so a hung database
        never holds the event loop's pool)."""
        check_id(user_id, "user_id")
        queued = await asyncio.to_thread(self.ctx.store.enqueue, user_id, entries, **self._enqueue_args())
        if queued:
            self.wake()
        return queued

    def _enqueue_args(self) -> dict[str, Any]:
        cfg, budget = self.config, self.ctx.config.write.write_budget_s
        # Half the budget for a pooled connection, the rest for a direct one (a pool waiting out
        # its reconnect backoff after an outage would otherwise fail the first turns after it).
        return {"now": self.ctx.now(), "after_s": cfg.after_seconds, "max_delay_s": cfg.max_delay_s,
                "wait_s": budget / 2 if budget is not None else None}

    def _outcome(self, user_id: str, entries: Sequence[QueueEntry], queued: list[str]) -> dict[str, Any]:
        last = entries[-1].message_id if entries else ""
        return {"memory_outcome": ApplyOutcome(
            user_id=user_id, message_id=last, queued=queued,
            truncated=[e.message_id for e in entries if e.truncated and e.message_id in queued]).model_dump(mode="json")}

    def _lost(self, user_id: str, entries: Sequence[QueueEntry]) -> Callable[[], dict[str, Any]]:
        def fallback() -> dict[str, Any]:
            last = entries[-1].message_id if entries else ""
            if self.spool is not None:
                try:
                    self.spool.put(user_id, entries)
                except (OSError, FactMemoryError) as exc:
                    self.spool.lost += len(entries)
                    logger.warning("fact-memory: turn(s) %s of %s lost: the database did not answer in time and "
                                   "the spool could not keep them: %s", ", ".join(e.message_id for e in entries),
                                   user_id, exc)
                    return {"memory_outcome": ApplyOutcome(
                        user_id=user_id, message_id=last,
                        error=f"lost: not queued and not spooled ({exc})").model_dump(mode="json")}
                if not self._spooling:
                    self._spooling = True
                    logger.warning("fact-memory: the database did not answer within the write budget: turns are "
                                   "kept in the spool (%s) and queued once it answers", self.spool.directory)
                self._start_replayer()
                return {"memory_outcome": ApplyOutcome(
                    user_id=user_id, message_id=last,
                    spooled=[e.message_id for e in entries]).model_dump(mode="json")}
            logger.warning("fact-memory: memory write failed, %s", self._consequence(entries))
            return {"memory_outcome": ApplyOutcome(
                user_id=user_id, message_id=last,
                error="not queued: the database failed or did not answer in time").model_dump(mode="json")}
        return fallback

    def _consequence(self, entries: Sequence[QueueEntry]) -> str:
        window = self.ctx.config.write.retry_window
        return (f"message {entries[-1].message_id} not queued; it is queued with a later turn's history while "
                f"among its last {window} user messages, else lost")

    def record(self, state: Mapping[str, Any], config: RunnableConfig | None, *,
               on_error: OnReadError = "log") -> dict[str, Any]:
        """Queue a graph state's recent user messages within the write budget; the state update
        ``{"memory_outcome": ...}`` (``queued``: the ids recorded now). ``on_error="log"``: a
        database that fails or does not answer in time costs one log line, not the reply."""
        user_id, entries = self.capture(state, config)
        if not entries:
            return self._outcome(user_id, entries, [])
        if self.ctx.config.write.redact_secrets:  # building the filter's patterns is no outage: done
            read_ahead([text for e in entries for text in (e.text, *(c["text"] for c in e.context))])  # before
        return write_within(lambda: self._outcome(user_id, entries, self.enqueue(user_id, entries)),
                            budget_s=self.ctx.config.write.write_budget_s, fallback=self._lost(user_id, entries),
                            on_error=on_error, what="memory write", consequence=self._consequence(entries),
                            log=False)  # the fallback logs: one line per outage, not one per turn

    async def arecord(self, state: Mapping[str, Any], config: RunnableConfig | None, *,
                      on_error: OnReadError = "log") -> dict[str, Any]:
        """Async twin of :meth:`record`: the same bounded write on a worker thread (a hung
        database holds a bounded thread, never the event loop or the async pool)."""
        return await asyncio.to_thread(self.record, state, config, on_error=on_error)

    def node(self, *, on_error: OnReadError = "log") -> Runnable:
        """The queued write node: add it from ``START`` beside the reply."""
        return dual_node(lambda state, config: self.record(state, config, on_error=on_error),
                         lambda state, config: self.arecord(state, config, on_error=on_error), name="remember")

    # ------------------------------------------------------------------ draining
    def _graph(self) -> CompiledStateGraph:
        loop = asyncio.get_running_loop()
        graph = self._graphs.get(loop)
        if graph is None:  # per loop: BatchingEmbeddings batches the calls of one event loop
            ctx = dataclasses.replace(self.ctx, astore=self._astore, embeddings=BatchingEmbeddings(self.ctx.embeddings))
            graph = self._graphs[loop] = build_write_graph(ctx, on_error="log", name="fact_memory_drain")
        return graph

    async def _process(self, user_id: str, batch: list[dict[str, Any]], result: _Round) -> None:
        heartbeat = asyncio.create_task(self._heartbeat(user_id, [r["message_id"] for r in batch]))
        try:
            await self._extract(user_id, batch, result)
        except BaseException:
            # The batch's outcome could not be recorded (the database went away, a configuration
            # error): give the claim back, best effort, so the user is not held until the lease ends.
            with contextlib.suppress(Exception):
                await self._astore.release(user_id, [r["message_id"] for r in batch])
            raise
        finally:
            heartbeat.cancel()

    async def _heartbeat(self, user_id: str, message_ids: list[str]) -> None:
        """Renew the batch's lease every third of ``lease_s`` while it is extracted (a slow model
        keeps its batch; a dead process's batch is free a lease after its last beat)."""
        lease = self.config.lease_s
        while True:
            await asyncio.sleep(lease / 3)
            with contextlib.suppress(Exception):  # a missed beat: the next one, or the lease ends
                await self._astore.renew(user_id, message_ids,
                                         until=self.ctx.now() + timedelta(seconds=lease))

    async def _extract(self, user_id: str, batch: list[dict[str, Any]], result: _Round) -> None:
        ids = [r["message_id"] for r in batch]
        cfg, store = self.config, self._astore
        earlier = context_messages(batch[0])
        if _acts_on_the_turn_before(batch[0]["text"]) and not any(isinstance(m, HumanMessage) for m in earlier):
            # The client sent no history: the turn before is the previous one in the log.
            before = await store.previous_turn(user_id, batch[0]["seq"], batch[0]["session_id"])
            if before is not None:
                earlier = [HumanMessage(content=before["text"], id=before["message_id"])]
                batch[0] = {**batch[0], "context": [{"role": "user", "id": before["message_id"],
                                                     "fingerprint": before["fingerprint"]}]}
        state: dict[str, Any] = {
            "messages": [*earlier, *(HumanMessage(content=r["text"], id=r["message_id"]) for r in batch)],
            "user_id": user_id, "at": batch[-1]["at"], "batch_ids": ids, "generation": batch[0]["generation"],
            "aliases": {**{c["id"]: c["fingerprint"] for c in batch[0]["context"] or []
                           if c.get("id") and c.get("fingerprint")},
                        **{r["message_id"]: r["fingerprint"] for r in batch if r["fingerprint"]}}}
        if batch[-1]["session_id"]:
            state["session_id"] = batch[-1]["session_id"]
        try:
            outcome = ApplyOutcome.model_validate((await self._graph().ainvoke(state))["memory_outcome"])
            error = outcome.error
        except ConfigurationError:
            raise  # released by _process
        except Exception as exc:  # anything else is this batch's failure: counted, retried
            error = f"{type(exc).__name__}: {exc}"
        if error is None and outcome.skipped == FORGOTTEN_MEANWHILE:
            # A forget (of the user, a message or a turn) committed after the claim: nothing was
            # applied. What the forget left of the batch goes back to the queue, to be extracted
            # again without the forgotten turns (the attempt is given back).
            await store.release(user_id, ids)
            result.attempted.difference_update((user_id, i) for i in ids)
            logger.info("fact-memory: %d queued message(s) of %s go back to the queue: %s", len(ids), user_id,
                        outcome.skipped)
            return
        if error is None:
            if outcome.skipped or outcome.already_processed:  # an applied batch was marked done by its apply
                await store.finish(user_id, ids, now=self.ctx.now())
            result.processed += len(ids)
            logger.info("fact-memory: extracted %d queued message(s) of %s: %d op(s) applied, %d rejected%s", len(ids),
                        user_id, len(outcome.applied), len(outcome.rejected),
                        f" ({outcome.skipped})" if outcome.skipped else "")
            return
        rows = await store.fail(user_id, [(r["message_id"], r["attempts"]) for r in batch], now=self.ctx.now(),
                                error=error, max_attempts=cfg.max_attempts, base_s=cfg.retry_base_s,
                                max_s=cfg.retry_max_s)
        for row in rows:
            result.failed.setdefault(user_id, {})[row["message_id"]] = error
            if row["state"] == "failed":
                logger.warning("fact-memory: message %s of %s parked after %d failed extractions (kept; "
                               "`fact-memory queue retry` re-queues it): %s", row["message_id"], user_id,
                               row["attempts"], error[:200])

    async def _round(self, *, force: bool, user_id: str | None = None,
                     skip: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset(),
                     follow: bool = False) -> _Round:
        """Extract what is due now (``force``: everything queued), keeping up to
        ``QueueConfig.concurrency`` users' batches in flight: as one finishes the next user's batch
        is claimed, so one slow extraction never holds the others (and their embedding calls share
        batches). ``skip``: (user id, message id) pairs not to take again (a flush tries each
        message once). ``follow`` (the background drainer): while batches are in flight, other
        users' messages that come due are claimed too — at an enqueue's wake-up, their due time or
        ``poll_s`` — so one user's slow model call delays only that user.

        Users are independent: a batch whose last holder died (its lease ran out: the process was
        killed, perhaps by another user's message in flight beside it) is given back and then
        extracted alone — nothing else is claimed until it is done — so a death is charged only
        to the message that caused it (see ``FactStore.claim``'s ``solo``)."""
        cfg, store = self.config, self._astore
        result = _Round()
        result.attempted.update(skip)
        tasks: set[asyncio.Task[None]] = set()
        suspects: list[str] = []  # users whose batch waits to be extracted alone
        alone: asyncio.Task[None] | None = None
        exhausted = False
        try:
            while True:
                room = cfg.concurrency - len(tasks)
                now = self.ctx.now()
                if alone is None and suspects and not tasks:
                    user = suspects.pop(0)
                    self.ctx.llm_factory()
                    batch = await self._claim(user, now, force, result, solo=True)
                    if batch:
                        alone = self._start(user, batch, result, tasks)
                    continue
                if alone is None and not suspects and room > 0 and not exhausted:
                    users, result.next_due = await self._due_users(now, room, force, user_id)
                    if users:
                        self.ctx.llm_factory()  # no model: a configuration error, raised before anything is claimed
                    batches = await asyncio.gather(*(self._claim(u, now, force, result, solo=False) for u in users))
                    claimed = [(u, b) for u, b in zip(users, batches, strict=True) if b]
                    exhausted = not claimed  # nothing (more) to take now: finish what is in flight
                    for user, batch in claimed:
                        if any(r["suspect"] for r in batch):
                            await store.defer(user, [r["message_id"] for r in batch], now=now)
                            result.attempted.difference_update((user, r["message_id"]) for r in batch)
                            suspects.append(user)
                        else:
                            self._start(user, batch, result, tasks)
                    if follow and claimed:
                        continue  # more room? other users may be due too: list again before waiting
                if not tasks:
                    if suspects:
                        continue
                    break
                waiter: asyncio.Task[Any] | None = None
                timeout = None
                if follow and exhausted and alone is None and not suspects and self._wake is not None:
                    waiter = asyncio.ensure_future(self._wake.wait())
                    timeout = self.config.poll_s
                    if result.next_due is not None:
                        timeout = min(timeout, max((result.next_due - self.ctx.now()).total_seconds(), 0.0) + 0.005)
                done, _ = await asyncio.wait(tasks | ({waiter} if waiter else set()), timeout=timeout,
                                             return_when=asyncio.FIRST_COMPLETED)
                if waiter is not None:
                    waiter.cancel()
                    if waiter in done and self._wake is not None:
                        self._wake.clear()
                    exhausted = False  # woken, due or polled: look for other users' messages again
                for task in done & tasks:
                    tasks.discard(task)
                    if task is alone:
                        alone = None
                    task.result()  # a store error ends the round (the batch's claim expires)
                if follow:
                    exhausted = False
        finally:
            if tasks:
                await asyncio.gather(*tasks, return_exceptions=True)
        result.attempted.difference_update(skip)
        return result

    async def _claim(self, user: str, now: datetime, force: bool, result: _Round, *, solo: bool
                     ) -> list[dict[str, Any]]:
        cfg = self.config
        return await self._astore.claim(
            user, now=now, lease_s=cfg.lease_s, max_batch=cfg.max_batch, force=force,
            skip=sorted(m for o, m in result.attempted if o == user),
            log_days=max(cfg.log_days, self.ctx.config.inference.window_days), alone=_acts_on_the_turn_before,
            max_chars=self.ctx.config.write.max_message_chars, max_attempts=cfg.max_attempts, solo=solo)

    def _start(self, user: str, batch: list[dict[str, Any]], result: _Round,
               tasks: set[asyncio.Task[None]]) -> asyncio.Task[None]:
        result.claimed += 1
        result.attempted.update((user, r["message_id"]) for r in batch)
        task = asyncio.create_task(self._process(user, batch, result))
        tasks.add(task)
        return task

    async def _due_users(self, now: datetime, limit: int, force: bool, user_id: str | None
                         ) -> tuple[list[str], datetime | None]:
        """Users to claim now. When the cross-user listing fails on a queue distributed with Citus
        (a worker down), the reachable shards' users: the other users' messages keep flowing."""
        try:
            return await self._astore.due_users(now=now, limit=limit, force=force, user_id=user_id)
        except StoreError as listing:
            if user_id is not None:
                raise
            try:
                by_shard = await self._astore.due_users_by_shard(now=now, force=force)
            except FactMemoryError:
                by_shard = None
            if by_shard is None:  # not distributed (or that failed too): the listing's own error
                raise StoreError(f"listing the users with due messages failed: {listing}") from listing
            users, unreachable = by_shard
            if not self._outage_logged:
                self._outage_logged = True
                logger.warning("fact-memory: %d queue shard(s) unreachable (a node down?): draining the %d "
                               "reachable users' messages; the rest wait", unreachable, len(users))
            return users[:limit], None

    async def adrain_once(self, user_id: str | None = None) -> FlushReport:
        """One drainer pass: extract every batch that is due now (of every user, or ``user_id``'s),
        ``QueueConfig.concurrency`` at a time. For a scheduler of your own (cron, a serverless tick)."""
        if user_id is not None:
            check_id(user_id, "user_id")
        result = await self._round(force=False, user_id=user_id)
        return FlushReport(processed=result.processed, failed=result.failed)

    def drain_once(self, user_id: str | None = None) -> FlushReport:
        """Sync twin of :meth:`adrain_once`."""
        return run_coroutine(lambda: self.adrain_once(user_id))

    async def aflush(self, user_id: str | None = None, *, timeout: float | None = None) -> FlushReport:
        """Extract a user's (or everybody's) queued messages now — debounce and retry waits
        ignored, each message tried once — and wait for those another drainer holds. For tests,
        scripts and "remember, then recall at once". Returns what was processed and what failed
        (failures stay queued and are retried later); ``timeout``: stop waiting then (the rest is
        counted in ``pending``)."""
        if user_id is not None:
            check_id(user_id, "user_id")
        report = FlushReport()
        attempted: set[tuple[str, str]] = set()
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            result = await self._round(force=True, user_id=user_id, skip=attempted)
            attempted |= result.attempted
            report.processed += result.processed
            for user, failures in result.failed.items():
                report.failed.setdefault(user, {}).update(failures)
            waiting = [r for r in await self._astore.queued_messages(user_id)
                       if (r["user_id"], r["message_id"]) not in attempted]
            if not waiting:
                return report
            if deadline is not None and time.monotonic() >= deadline:
                report.pending = len(waiting)
                return report
            await asyncio.sleep(FLUSH_POLL_S)  # another drainer holds them: look again shortly

    def flush(self, user_id: str | None = None, *, timeout: float | None = None) -> FlushReport:
        """Sync twin of :meth:`aflush`."""
        return run_coroutine(lambda: self.aflush(user_id, timeout=timeout))

    async def run(self, stop: Callable[[], bool] | None = None) -> None:
        """Drain until ``stop()`` is true (the in-process thread and ``fact-memory worker``): a due
        batch is taken at once, then the drainer waits for a wake-up (an enqueue of this
        process), the next due time or ``poll_s``. A database outage is logged once and waited out."""
        stop = stop or (lambda: self._stopping)
        self._loop, self._wake = asyncio.get_running_loop(), asyncio.Event()
        backoff = 0.0
        while not stop():
            try:
                result = await self._round(force=False, follow=True)
            except ConfigurationError as exc:
                if (missing := self.missing_model()) is not None:  # nothing to do until one is configured
                    if self._waiting_logged != missing:
                        self._waiting_logged = missing
                        logger.warning("fact-memory: queued messages wait: %s", missing)
                    await self._sleep(max(self.config.poll_s, 30.0))
                    continue
                backoff = self._outage(backoff, exc)
                await self._sleep(backoff)
                continue
            except Exception as exc:
                backoff = self._outage(backoff, exc)
                await self._sleep(backoff)
                continue
            if self._outage_logged:
                self._outage_logged = False
                logger.warning("fact-memory: the queue is drained again")
            backoff = 0.0
            wait = self.config.poll_s
            if result.next_due is not None:
                wait = min(wait, max((result.next_due - self.ctx.now()).total_seconds(), 0.0) + 0.005)
            await self._sleep(wait)

    def _outage(self, backoff: float, exc: BaseException) -> float:
        """The next wait after a failed round (0.5 s doubling to 30 s), logged once per outage
        with what failed."""
        backoff = min(max(backoff * 2, 0.5), 30.0)
        if not self._outage_logged:
            self._outage_logged = True
            logger.warning("fact-memory: the queue cannot be drained now (retrying in %.1f s, then every few seconds up "
                           "to 30 s; messages stay queued): %s: %s", backoff, type(exc).__name__, str(exc)[:300])
        return backoff

    async def _sleep(self, seconds: float) -> None:
        assert self._wake is not None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=seconds)
        self._wake.clear()

    def wake(self) -> None:
        """Tell this process's drainer that something was queued (starting it if it is due to run)."""
        if self.in_process and self._thread is None:
            self.start()
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(wake.set)

    # ------------------------------------------------------------------ the spool
    def replay_spool(self) -> int:
        """Queue the spooled turns, oldest first (each file removed once its turns are queued);
        returns how many turns were queued. Raises the store's error when the database is still
        away (what is left stays spooled)."""
        if self.spool is None:
            return 0
        queued = 0
        for path in self.spool.pending():
            try:
                user_id, entries = self.spool.load(path)
            except FileNotFoundError:
                continue  # another replay took it
            except (OSError, ValueError, KeyError) as exc:
                logger.warning("fact-memory: spooled file %s is unreadable (kept): %s", path, exc)
                continue
            # Spooled turns said before the user was last forgotten are dropped (another host's spool).
            queued += len(self.ctx.store.enqueue(user_id, entries, spooled=True, **self._enqueue_args()))
            self.spool.remove(path)
        if queued:
            self.wake()
        return queued

    def _start_replayer(self) -> None:
        with self._lock:
            if self._replayer is not None and self._replayer.is_alive():
                return
            self._replayer = threading.Thread(target=self._replay_until_empty, name="fact-memory-spool", daemon=True)
            self._replayer.start()

    def _replay_until_empty(self) -> None:
        """The replayer thread: try the spool with a growing wait (0.5 s to 5 s) until it is empty."""
        wait, replayed = 0.5, 0
        while self.spool is not None and self.spool.pending() and not self._stopping:
            try:
                replayed += self.replay_spool()
            except Exception:  # still away: wait and try again
                time.sleep(wait)
                wait = min(wait * 2, 5.0)
                continue
        if self._spooling:
            self._spooling = False
            logger.warning("fact-memory: the database answers again: %d spooled turn(s) queued", replayed)

    def start_if_pending(self) -> bool:
        """Start this process's drainer now when it runs one, a model is configured and messages
        wait (called by ``open``): a redeployed process drains its backlog without waiting for a
        new turn. Returns whether it started."""
        if self.spool is not None and self.spool.pending():
            self._start_replayer()  # turns a previous process spooled
        if not self.in_process or self._thread is not None:
            return False
        try:
            self.ctx.llm_factory()
            if not self.ctx.store.queue_status(None, now=self.ctx.now())["queued"]:
                return False
        except Exception:  # no model, or no schema yet: the first enqueue starts it
            return False
        self.start()
        return True

    def start(self) -> None:
        """Start the background drainer thread of this process (idempotent)."""
        with self._lock:
            if self._thread is not None or self._stopping:
                return
            self._thread = threading.Thread(target=lambda: asyncio.run(self.run()), name="fact-memory-drainer",
                                            daemon=True)
            self._thread.start()

    def close(self, timeout: float = 30.0) -> None:
        """Stop the drainer after its current batch (what is still queued stays queued)."""
        with self._lock:
            self._stopping = True
            thread = self._thread
        if thread is None:
            return
        self.wake()
        thread.join(timeout)

    # ------------------------------------------------------------------ inspection
    def status(self, user_id: str | None = None) -> dict[str, Any]:
        """Why messages wait, for one user or all: ``queued``, ``retrying``, ``failed`` (parked),
        ``oldest_seconds``, ``next_due``; ``leases`` (which drainer — host and process — holds a
        batch, until when), ``next_retry`` (when a failed extraction is tried again), ``parked``
        (the newest parked messages with their reason), and ``model`` (``None``, or why this
        process cannot extract: no model configured)."""
        return {**self.ctx.store.queue_status(user_id, now=self.ctx.now()), "model": self.missing_model()}

    async def astatus(self, user_id: str | None = None) -> dict[str, Any]:
        """Async twin of :meth:`status`."""
        return {**(await self._astore.queue_status(user_id, now=self.ctx.now())), "model": self.missing_model()}

    def missing_model(self) -> str | None:
        """Why this process cannot extract (no chat model configured), or ``None``: no I/O."""
        try:
            self.ctx.llm_factory()
        except ConfigurationError as exc:
            return str(exc)
        return None

    def retry_failed(self, user_id: str | None = None, *, message_ids: Sequence[str] | None = None) -> int:
        """Put parked (``failed``) messages back in the queue (only ``message_ids`` of
        ``user_id`` when given); returns how many."""
        count = self.ctx.store.requeue_failed(user_id, now=self.ctx.now(), message_ids=message_ids)
        if count:
            self.wake()
        return count

    async def aretry_failed(self, user_id: str | None = None, *, message_ids: Sequence[str] | None = None) -> int:
        """Async twin of :meth:`retry_failed`."""
        count = await self._astore.requeue_failed(user_id, now=self.ctx.now(), message_ids=message_ids)
        if count:
            self.wake()
        return count

    def messages(self, user_id: str, *, message_ids: Sequence[str] | None = None, session_id: str | None = None,
                 states: Sequence[str] | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """A user's logged messages, newest first (at most ``limit``, 500 at most), by id, by
        session or by state (``queued``, ``failed``, ``done``): text, times, state, attempts,
        why parked, and what the reply before it was shown (``facts_shown``, ``stale_shown``,
        ``shown_digests``, the ``exposure`` record). Processed messages leave the log after
        ``QueueConfig.log_days``."""
        return self.ctx.store.message_log(check_id(user_id, "user_id"), message_ids=message_ids,
                                          session_id=session_id, states=states, limit=limit)

    async def amessages(self, user_id: str, *, message_ids: Sequence[str] | None = None,
                        session_id: str | None = None, states: Sequence[str] | None = None,
                        limit: int = 50) -> list[dict[str, Any]]:
        """Async twin of :meth:`messages`."""
        return await self._astore.message_log(check_id(user_id, "user_id"), message_ids=message_ids,
                                              session_id=session_id, states=states, limit=limit)

