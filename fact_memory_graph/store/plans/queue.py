"""Queue plans: the message log that queued writes fill (one short statement on the reply's path)
and drainers empty, exactly once per message and one batch per user at a time.

A drainer *claims* one user's batch under the user's queue lock (a transaction-level advisory
lock), so the claim's second statement sees every claim committed before it: two drainers never
hold batches of the same user at once, and a user's messages are extracted in order. A claim is a
lease (``claimed_until``); a drainer that died mid-batch leaves it to expire. Every statement is
scoped by ``user_id`` except the listing of due users, which is the drainer's cross-user view.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from fact_memory_graph.store._sql import (
    MESSAGES,
    PROCESSED,
    USER_KEY_SQL,
    USERS,
    Plan,
    Row,
    execute,
    is_distributed,
    one,
    require_aware,
    require_user,
    rowcount,
    rows,
    users_by_shard,
)
from fact_memory_graph.store.plans.sessions import SessionPlans

#: The queue lock of one user: held only while a claim is made (never across an extraction).
QUEUE_KEY_SQL = "hashtextextended('fact-memory-queue:' || %s, 0)"
QUEUED_COLUMNS = "message_id, seq, fingerprint, session_id, text, context, at, enqueued_at, due_at, attempts"


@dataclass(frozen=True)
class QueueEntry:
    """One user message to record: its id, its turn fingerprint (``None``: recognised by id only),
    the session, the text, the earlier messages the extractor sees, and its time."""

    message_id: str
    text: str
    at: datetime
    fingerprint: str | None = None
    session_id: str | None = None
    context: Sequence[dict[str, str]] = field(default_factory=tuple)
    #: Facts the read path showed for the assistant reply this message reacts to (``None``: not
    #: known): task success is compared with and without memory.
    facts_shown: int | None = None
    #: Of those, how many were stale (shown as "as of" or "not mentioned since"), and a digest of
    #: each shown claim (:func:`~fact_memory_graph.formatting.claim_digest`): the outcome metrics
    #: count stale facts shown and facts the user restates after being shown them.
    stale_shown: int | None = None
    shown_digests: tuple[str, ...] = ()
    #: A turn sent with no turn before it (a client without history): recognised by its id only,
    #: so the same sentence said again is a new turn. Its fingerprint is recorded the first time
    #: (a later re-send of the history still finds it).
    repeatable: bool = False
    #: The text was cut to ``WriteConfig.max_message_chars`` (head and tail kept): said in the outcome.
    truncated: bool = False


#: One row of the message log as recorded by the enqueue (a multi-row VALUES of one user: Citus
#: routes it to the user's shard alone; an INSERT ... SELECT would be pulled to the coordinator).
_ENQUEUE_COLUMNS = ("user_id, message_id, fingerprint, session_id, text, context, at, facts_shown, stale_shown,"
                    " shown_digests, enqueued_at, due_at, deadline_at")
_ENQUEUE_ROW = "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s::text[], %s, %s, %s)"


def _enqueue_sql(count: int) -> str:
    """Record ``count`` turns in order (seq follows the VALUES); those already logged (by id, or
    by fingerprint) are left out by the conflict. Returns the ids recorded."""
    return (f"INSERT INTO {MESSAGES} ({_ENQUEUE_COLUMNS}) VALUES {', '.join([_ENQUEUE_ROW] * count)}"
            " ON CONFLICT DO NOTHING RETURNING message_id")


def _without_forgotten(entries: Sequence[QueueEntry], forgotten: set[str]) -> list[QueueEntry]:
    """The entries that are not forgotten turns (by id, or by fingerprint unless the turn is
    ``repeatable``), each one's earlier turns cut after the last forgotten one (a client re-sending
    history after a forget: the turns up to the forgotten one are never shown to the extractor)."""
    if not forgotten:
        return list(entries)
    kept = []
    for e in entries:
        if e.message_id in forgotten or (not e.repeatable and e.fingerprint in forgotten):
            continue
        context = list(e.context)
        cut = max((k + 1 for k, c in enumerate(context) if isinstance(c, dict) and "id" in c
                   and ({str(c[k]) for k in ("id", "fingerprint") if c.get(k) is not None} & forgotten)),
                  default=0)
        kept.append(replace(e, context=tuple(context[cut:])) if cut else e)
    return kept


#: The end of a claim's holder name when the claiming process extracts nothing else meanwhile.
SOLO_MARK = " (alone)"


def drainer_name() -> str:
    """This process as ``queue status`` names a lease's holder: host and process id."""
    return f"{socket.gethostname()} pid {os.getpid()}"


class QueuePlans(SessionPlans):
    def _enqueue_plan(self, user_id: str, entries: Sequence[QueueEntry], now: datetime, after_s: float,
                      max_delay_s: float, spooled: bool = False) -> Plan[list[str]]:
        """Record the entries not seen before (by id or fingerprint, queued or processed) and not
        forgotten, under the user's lock (the statements below, in one transaction); returns the
        ids recorded. A new message pushes the user's waiting messages'
        due time back by ``after_s`` (the debounce), never past ``max_delay_s`` after each one was
        queued, and never earlier than a retry's backoff."""
        require_user(user_id)
        require_aware(now)
        if not entries:
            return []
        # The user's lock first, in a statement of its own (shared: enqueues never wait for each
        # other; a forget takes it alone). A forget in progress is waited for, and the statements
        # below — snapshots taken after the wait — see its digests; a forget that comes later
        # waits for this enqueue, then deletes (and digests) what it queued. Needs a transaction.
        yield from self._user_guard(user_id)
        if spooled:  # turns kept on a host that could not reach the database: not those said before a forget
            row = yield from one(f"SELECT forgotten_at FROM {USERS} WHERE user_key = {USER_KEY_SQL}", (user_id,))
            if row is not None and row["forgotten_at"] is not None:
                entries = [e for e in entries if e.at > row["forgotten_at"]]
                if not entries:
                    return []
        # The user's forgotten turns (a statement of its own: their digests stay on the coordinator)
        # are left out, and cut from the earlier turns shown with the others; then one statement
        # of the user's shard records the rest.
        forgotten = yield from self._forgotten_ids_plan(user_id, [
            i for e in entries for i in (e.message_id, e.fingerprint, *(
                str(c.get(k)) for c in e.context if isinstance(c, dict) for k in ("id", "fingerprint") if c.get(k)))])
        entries = _without_forgotten(entries, forgotten)
        if not entries:
            return []
        due = now + timedelta(seconds=after_s)
        # Turns processed before (by id, or by fingerprint unless a repeat) are not logged again.
        found = yield from rows(f"SELECT message_id FROM {PROCESSED} WHERE user_id = %s AND message_id = ANY(%s)",
                                (user_id, sorted({i for e in entries for i in (e.message_id, e.fingerprint) if i})))
        processed = {r["message_id"] for r in found}
        times = (now, due, now + timedelta(seconds=max_delay_s))

        def values(batch: Sequence[QueueEntry], *, repeat: bool) -> list[Any]:
            return [v for e in batch for v in (
                user_id, e.message_id, None if repeat else e.fingerprint, e.session_id, self.guard_text(e.text),
                self.jsonb(list(e.context)), e.at, e.facts_shown, e.stale_shown, list(e.shown_digests), *times)]

        fresh = [e for e in entries if e.message_id not in processed and e.fingerprint not in processed]
        recorded: list[Row] = []
        if fresh:
            recorded = yield from rows(_enqueue_sql(len(fresh)), values(fresh, repeat=False))
        done = {r["message_id"] for r in recorded}
        repeats = [e for e in entries if e.repeatable and e.message_id not in done and e.message_id not in processed]
        if repeats:
            # A turn with no turn before it whose fingerprint an earlier turn holds: the same
            # sentence said again (no checkpointer), a new turn. Recorded by its id alone.
            again = yield from rows(_enqueue_sql(len(repeats)), values(repeats, repeat=True))
            recorded = [*recorded, *again]
        if recorded:  # the debounce: the user's waiting messages wait for the new one (never past their deadline)
            yield from execute(
                f"UPDATE {MESSAGES} SET due_at = GREATEST(due_at, LEAST(%s, deadline_at))"
                " WHERE user_id = %s AND state = 'queued' AND NOT (message_id = ANY(%s))",
                (due, user_id, [r["message_id"] for r in recorded]))
        return [r["message_id"] for r in recorded]

    def _due_users_plan(self, now: datetime, limit: int, force: bool, user_id: str | None
                        ) -> Plan[tuple[list[str], datetime | None]]:
        """Users with a queued message that is due (``force``: any queued message) and no batch
        claimed by a live lease, most overdue first; and when the next one comes due."""
        require_aware(now)
        scope, params = ("user_id = %s", [require_user(user_id)]) if user_id is not None else ("TRUE", [])
        found = yield from rows(
            f"SELECT user_id, min(due_at) AS due FROM {MESSAGES} WHERE state = 'queued' AND {scope} GROUP BY user_id"
            " HAVING NOT coalesce(bool_or(claimed_until > %s), false) ORDER BY min(due_at) LIMIT %s",
            (*params, now, limit))
        due = [r["user_id"] for r in found if force or r["due"] <= now]
        later = [r["due"] for r in found if not (force or r["due"] <= now)]
        return due, min(later) if later else None

    def _due_users_by_shard_plan(self, now: datetime, force: bool) -> Plan[tuple[list[str], int] | None]:
        """The drainer's listing shard by shard (Citus' run_command_on_shards), for when a node is
        down: the reachable shards' users with a due message and no live claim, and how many
        shards could not be read. ``None`` when the queue is not distributed."""
        require_aware(now)
        if not (yield from is_distributed(MESSAGES)):
            return None
        # %%%%s: format() keeps %s (the shard's name), which Citus fills in on each shard.
        command = (
            "SELECT coalesce(string_agg(user_id, chr(10)), '''') FROM (SELECT user_id FROM %%%%s"
            " WHERE state = ''queued'' GROUP BY user_id"
            " HAVING (%%L::boolean OR min(due_at) <= %%L::timestamptz)"
            " AND NOT coalesce(bool_or(claimed_until > %%L::timestamptz), false)) due")
        found = yield from rows(
            f"SELECT success, result FROM run_command_on_shards(%s::regclass, format('{command}', %s, %s::timestamptz,"
            " %s::timestamptz))", (MESSAGES, force, now, now))
        return users_by_shard(found)

    def _claim_plan(self, user_id: str, now: datetime, lease_s: float, max_batch: int, force: bool,
                    skip: Sequence[str], log_days: float = 1.0,
                    alone: Callable[[str], bool] | None = None, max_chars: int | None = None,
                    max_attempts: int | None = None, solo: bool = True) -> Plan[list[Row]]:
        """Claim the user's next batch (needs a transaction): the oldest queued messages in order,
        up to ``max_batch``, one session, all never tried — or a message being retried, alone (a
        message that keeps failing never takes others down with it), or a message ``alone(text)``
        picks ("forget what I just said": it acts on the turn before it). ``skip``: ids not to
        take (a flush tries each message once). ``max_chars``: the batch's budget — whole messages
        up to it (joined by a newline), the rest wait for the next batch; a message over it alone.
        Empty when another drainer holds the user.

        ``solo``: this process extracts nothing else while it holds this batch (its holder is
        named "... (alone)"). A message whose holder died (its lease ran out) is charged that death
        only when it was claimed alone: a process killed by one user's message takes the other
        batches in flight down with it, and those are not to blame. Each row says whether its
        last holder died (``suspect``): the drainer extracts such a batch alone."""
        require_user(user_id)
        locked = yield from one(f"SELECT pg_try_advisory_xact_lock({QUEUE_KEY_SQL}) AS ok", (user_id,))
        if not (locked and locked["ok"]):
            return []
        # The user's lock, shared (forget takes it alone), then the forget generation: the batch
        # carries it to the apply, so a forget at any later moment leaves nothing of the batch.
        generation = yield from self._user_generation_lock(user_id)
        if max_attempts is not None:
            # Attempts are counted when a batch is claimed: a message whose extraction killed its
            # process (an OOM) that many times is parked, and never takes a drainer down again.
            yield from execute(
                f"UPDATE {MESSAGES} SET state = 'failed', claimed_until = NULL, last_error = %s"
                " WHERE user_id = %s AND state = 'queued' AND attempts >= %s AND claimed_until <= %s"
                " AND claimed_by LIKE %s",
                (f"its extraction did not finish in {max_attempts} attempts (the drainer died each time, "
                 "with nothing else in flight: out of memory?)", user_id, max_attempts, now, f"%{SOLO_MARK}"))
        # After the lock: this statement sees every claim committed before.
        queued = yield from rows(
            f"SELECT {QUEUED_COLUMNS}, claimed_until FROM {MESSAGES} WHERE user_id = %s AND state = 'queued'"
            " ORDER BY seq", (user_id,))
        if any(r["claimed_until"] is not None and r["claimed_until"] > now for r in queued):
            return []
        batch: list[Row] = []
        size = 0
        for n, row in enumerate(queued):
            if row["message_id"] in skip or not (force or row["due_at"] <= now):
                continue
            # A message picked by ``alone`` is extracted alone — and so is the one just before it
            # (its facts then cite only it, and "forget what I just said" forgets only them).
            before_alone = alone is not None and n + 1 < len(queued) and alone(queued[n + 1]["text"])
            single = bool(row["attempts"]) or before_alone or (alone is not None and alone(row["text"]))
            if batch and (single or row["session_id"] != batch[0]["session_id"]):
                break
            if batch and max_chars is not None and size + 1 + len(row["text"]) > max_chars:
                break  # never cut a message: it opens the next batch
            size = len(row["text"]) if not batch else size + 1 + len(row["text"])
            batch.append(row)
            if single or len(batch) >= max_batch:
                break
        batch = [{**row, "generation": generation, "suspect": row["claimed_until"] is not None} for row in batch]
        if batch:
            yield from execute(
                f"UPDATE {MESSAGES} SET claimed_until = %s, claimed_by = %s, attempts = attempts + 1 WHERE user_id = %s"
                " AND message_id = ANY(%s)", (now + timedelta(seconds=lease_s), drainer_name() + (SOLO_MARK if solo else ""),
                                              user_id, [r["message_id"] for r in batch]))
            # The user's log keeps processed messages for log_days (what nightly inference reads).
            yield from execute(f"DELETE FROM {MESSAGES} WHERE user_id = %s AND state = 'done' AND processed_at < %s",
                               (user_id, now - timedelta(days=log_days)))
        return batch

    def _finish_plan(self, user_id: str, message_ids: Sequence[str], now: datetime) -> Plan[int]:
        """Mark a batch processed that was not applied (skipped on purpose, already processed):
        an applied batch is marked by the apply's own transaction. Returns the rows marked."""
        require_user(user_id)
        return (yield from rowcount(
            f"UPDATE {MESSAGES} SET state = 'done', processed_at = %s, claimed_until = NULL, last_error = NULL"
            " WHERE user_id = %s AND message_id = ANY(%s) AND state <> 'done'", (now, user_id, list(message_ids))))

    def _fail_plan(self, user_id: str, batch: Sequence[tuple[str, int]], now: datetime, error: str,
                   max_attempts: int, base_s: float, max_s: float) -> Plan[list[Row]]:
        """Count a failed attempt of each ``(message id, attempts so far)``: retried after
        ``min(max_s, base_s * 2**attempts)`` seconds, or parked as ``failed`` after ``max_attempts``
        (kept, with the reason). Returns each row's new state. (The wait is computed here: a
        Postgres distributed by user_id refuses time arithmetic on columns in an UPDATE.)"""
        require_user(user_id)
        out: list[Row] = []
        for message_id, attempts in batch:
            tried = attempts + 1
            due = now + timedelta(seconds=min(max_s, base_s * 2 ** attempts))
            row = yield from one(
                f"UPDATE {MESSAGES} SET attempts = %s, last_error = left(%s, 1000), claimed_until = NULL, due_at = %s,"
                " state = %s WHERE user_id = %s AND message_id = %s AND state = 'queued'"
                " RETURNING message_id, state, attempts",
                (tried, self.guard_text(error), due, "failed" if tried >= max_attempts else "queued", user_id, message_id))
            if row is not None:
                out.append(row)
        return out

    def _previous_turn_plan(self, user_id: str, seq: int, session_id: str | None) -> Plan[Row | None]:
        """The user's message logged before ``seq`` in the same session (queued or processed), or
        ``None``: what "forget what I just said" refers to when the client sent no history."""
        require_user(user_id)
        return (yield from one(
            f"SELECT message_id, fingerprint, text FROM {MESSAGES} WHERE user_id = %s AND seq < %s"
            " AND session_id IS NOT DISTINCT FROM %s ORDER BY seq DESC LIMIT 1", (user_id, seq, session_id)))

    def _logged_messages_plan(self, user_id: str, since: datetime, limit: int) -> Plan[list[Row]]:
        """The user's processed messages since ``since`` (the newest ``limit``), oldest first:
        what the nightly review reads."""
        require_user(user_id)
        found = yield from rows(
            f"SELECT message_id, session_id, text, at FROM {MESSAGES} WHERE user_id = %s AND state = 'done'"
            " AND at >= %s ORDER BY seq DESC LIMIT %s", (user_id, since, limit))
        return list(reversed(found))

    def _renew_plan(self, user_id: str, message_ids: Sequence[str], until: datetime) -> Plan[int]:
        """The heartbeat of a drainer at work: its claim on the batch lasts until ``until``. A
        drainer that dies stops renewing, and its users' messages are free a lease later."""
        require_user(user_id)
        return (yield from rowcount(
            f"UPDATE {MESSAGES} SET claimed_until = %s WHERE user_id = %s AND message_id = ANY(%s)"
            " AND state = 'queued' AND claimed_until IS NOT NULL", (until, user_id, list(message_ids))))

    def _defer_plan(self, user_id: str, message_ids: Sequence[str], now: datetime) -> Plan[None]:
        """Give back a batch whose last holder died, claimed while other batches were in flight:
        its attempt is given back and it stays marked as a dead holder's (``claimed_until`` in the
        past), for a drainer to take when it can extract it alone."""
        require_user(user_id)
        yield from execute(f"UPDATE {MESSAGES} SET claimed_until = %s, attempts = GREATEST(attempts - 1, 0)"
                           " WHERE user_id = %s AND message_id = ANY(%s) AND state = 'queued'"
                           " AND claimed_until IS NOT NULL", (now, user_id, list(message_ids)))

    def _release_plan(self, user_id: str, message_ids: Sequence[str]) -> Plan[None]:
        """Give a claimed batch back untouched (the drainer is stopping): the attempt its claim
        counted is given back too."""
        require_user(user_id)
        yield from execute(f"UPDATE {MESSAGES} SET claimed_until = NULL, claimed_by = NULL,"
                           " attempts = GREATEST(attempts - 1, 0)"
                           " WHERE user_id = %s AND message_id = ANY(%s) AND state = 'queued'"
                           " AND claimed_until IS NOT NULL", (user_id, list(message_ids)))

    def _queue_status_plan(self, user_id: str | None, now: datetime) -> Plan[dict[str, Any]]:
        """Queued, retrying and parked messages and the oldest queued one's age (one user or all);
        who holds a live lease and until when (``leases``), when the next retry is due
        (``next_retry``), and why messages were parked (``parked``: the newest ten)."""
        require_aware(now)
        scope, params = ("user_id = %s", [require_user(user_id)]) if user_id is not None else ("TRUE", [])
        row = yield from one(
            "SELECT count(*) FILTER (WHERE state = 'queued') AS queued,"
            " count(*) FILTER (WHERE state = 'queued' AND attempts > 0) AS retrying,"
            " count(*) FILTER (WHERE state = 'failed') AS failed,"
            " min(enqueued_at) FILTER (WHERE state = 'queued') AS oldest,"
            " min(due_at) FILTER (WHERE state = 'queued') AS next_due"
            f" FROM {MESSAGES} WHERE {scope} AND state <> 'done'", params)
        assert row is not None
        oldest = row.pop("oldest")
        row["oldest_seconds"] = max((now - oldest).total_seconds(), 0.0) if oldest is not None else None
        row["leases"] = yield from rows(
            f"SELECT replace(claimed_by, %s, '') AS holder, max(claimed_until) AS until, count(*) AS messages"
            f" FROM {MESSAGES} WHERE {scope} AND state = 'queued' AND claimed_until > %s GROUP BY 1 ORDER BY 2",
            (SOLO_MARK, *params, now))
        retry = yield from one(
            f"SELECT min(due_at) AS at FROM {MESSAGES} WHERE {scope} AND state = 'queued' AND attempts > 0"
            " AND claimed_until IS NULL", params)
        row["next_retry"] = retry["at"] if retry else None
        row["parked"] = yield from rows(
            f"SELECT user_id, message_id, attempts, last_error AS reason FROM {MESSAGES} WHERE {scope}"
            " AND state = 'failed' ORDER BY seq DESC LIMIT 10", params)
        return row

    def _queued_ids_plan(self, user_id: str | None) -> Plan[list[Row]]:
        """The user's (or everybody's) queued messages: ``user_id``, ``message_id``, ``attempts``, ``last_error``."""
        scope, params = ("user_id = %s", [require_user(user_id)]) if user_id is not None else ("TRUE", [])
        return (yield from rows(
            f"SELECT user_id, message_id, attempts, last_error FROM {MESSAGES} WHERE {scope} AND state = 'queued'"
            " ORDER BY user_id, seq", params))

    def _requeue_failed_plan(self, user_id: str | None, now: datetime,
                             message_ids: Sequence[str] | None = None) -> Plan[int]:
        """Put parked (``failed``) messages back in the queue, attempts reset (only
        ``message_ids`` of ``user_id`` when given)."""
        require_aware(now)
        scope, params = ("user_id = %s", [require_user(user_id)]) if user_id is not None else ("TRUE", [])
        if message_ids is not None:
            if user_id is None:
                raise ValueError("message_ids needs a user_id")
            scope, params = scope + " AND message_id = ANY(%s)", [*params, list(message_ids)]
        return (yield from rowcount(
            f"UPDATE {MESSAGES} SET state = 'queued', attempts = 0, due_at = %s, claimed_until = NULL"
            f" WHERE {scope} AND state = 'failed'", (now, *params)))
