"""Write plans: apply one message's ops exactly once, resolve candidates, count accesses."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal
from uuid import UUID

from fact_memory_graph import forget_key
from fact_memory_graph.errors import FactNotFoundError, InvalidInputError
from fact_memory_graph.guard import claims_conflict
from fact_memory_graph.sanitize import check_id, redact_json
from fact_memory_graph.schema import (
    DECLINED_REASON,
    FORGOTTEN_MEANWHILE,
    RETRIEVABLE_STATUSES,
    WITHHELD_REASON,
    AppliedOp,
    ApplyOutcome,
    AuditEntry,
    EvaluationRecord,
    Fact,
    FactCandidate,
    FactKind,
    FactSource,
    FactStatus,
    PlannedOp,
    RejectedOp,
)
from fact_memory_graph.store._sql import (
    AUDIT,
    CANDIDATE_COLUMNS,
    CANDIDATES,
    FACT_COLUMNS,
    FACTS,
    FORGOTTEN,
    MESSAGES,
    PEOPLE,
    PROCESSED,
    USER_KEY_SQL,
    USERS,
    VERSIONS,
    Plan,
    Q,
    Row,
    execute,
    fact_id_param,
    one,
    require_aware,
    require_user,
    row_json,
    rowcount,
    rows,
    stmt,
    to_fact,
    together,
)
from fact_memory_graph.store.plans.people import EvaluationPlans

ADD_OPS = ("add_durable", "add_current")
logger = logging.getLogger(__name__)


def resolve_duplicates(ops: Sequence[PlannedOp], nearest: Sequence[Sequence[tuple[UUID, str, float]]],
                       threshold: float) -> list[PlannedOp]:
    """Turn each add whose nearest stored fact (same user, kind, category) is at or above
    ``threshold`` — and not told apart by the guard — into a strengthen of that fact; a fact is
    strengthened at most once per message. An inferred add (the nightly review) that restates a
    known fact is dropped instead: an inference never changes what the user said. ``nearest`` is aligned with the adds of ``ops``."""
    matches = iter(nearest)
    out: list[PlannedOp] = []
    strengthened = {op.fact_id for op in ops if op.op == "strengthen"}
    for op in ops:
        if op.op not in ADD_OPS:
            out.append(op)
            continue
        match = None
        for fact_id, claim, sim in next(matches):
            if fact_id == op.supersedes:
                continue  # the fact this add replaces (an edit) is not its duplicate
            if sim < threshold:
                break
            why_not = claims_conflict(op.claim or "", claim)
            if why_not is None:
                match = (fact_id, claim, sim)
                break
            logger.info("fact-memory dedup: %r ~ %r (cos %.3f) kept apart: %s", op.claim, claim, sim, why_not)
        if match is None:
            out.append(op)
            continue
        fact_id, claim, sim = match
        if op.source is FactSource.INFERENCE:
            # An inference that restates a known fact is no new evidence (it rests on the same
            # messages): the review never changes what the user said. Dropped.
            logger.info("fact-memory dedup: inference %r restates %r (cos %.3f): not applied", op.claim, claim, sim)
            continue
        if fact_id not in strengthened:
            strengthened.add(fact_id)
            out.append(PlannedOp(op="strengthen", fact_id=fact_id, verification_status=op.verification_status,
                                 source=op.source, note=f"dedup: {op.op} {op.claim!r} matched {claim!r} (cos {sim:.3f})"))
    return out


@dataclass(frozen=True)
class LoggedTurn:
    """A turn written without the queue (``remember``, the sync write node), for the message log:
    its text as the extractor saw it (through the secret filter) and its session."""

    text: str
    session_id: str | None = None


class _FactGone(Exception):
    """An op's fact is no longer believed (or this message changed it already): the op is
    rejected alone."""

    def __init__(self, fact_id: UUID, reason: str) -> None:
        super().__init__(reason)
        self.fact_id = fact_id


def scope_lock_key(user_id: str, kind: str, category: str) -> str:
    """The advisory lock that serialises write-time dedup for one user, kind and category."""
    return f"fact-memory:{user_id}\x1f{kind}\x1f{category}"


def _plain_adds(ops: Sequence[PlannedOp], start: int) -> list[PlannedOp]:
    """The adds from ``ops[start]`` on that end no state (no ``supersedes``): inserted together."""
    run = []
    for op in ops[start:]:
        if op.op not in ADD_OPS or op.supersedes is not None:
            break
        run.append(op)
    return run


def _returned(row: Row | None) -> Row:
    # UPDATE/INSERT ... RETURNING on a row locked in the same transaction always returns it.
    assert row is not None
    return row


class WritePlans(EvaluationPlans):
    def _audit(
        self, *, user_id: str, op: str, at: datetime, fact_id: UUID | None = None, candidate_id: UUID | None = None,
        message_id: str | None = None, before: Row | None = None, after: Row | None = None,
        note: str | None = None,
    ) -> Plan[None]:
        snapshot = {"before": row_json(before) if before is not None else None,
                    "after": row_json(after) if after is not None else None, "note": note}
        if self.write.redact_secrets:  # one record: a correction's reason read with the claims it explains
            snapshot = redact_json(snapshot)
        yield from execute(
            f"INSERT INTO {AUDIT} (user_id, op, fact_id, candidate_id, message_id, before, after, note, at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (user_id, op, fact_id, candidate_id, message_id,
             self.jsonb_guarded(snapshot["before"]) if before is not None else None,
             self.jsonb_guarded(snapshot["after"]) if after is not None else None, snapshot["note"], at),
        )

    # ------------------------------------------------------------ the one guarded way to write a user's rows
    def _user_generation_lock(self, user_id: str) -> Plan[int]:
        """Share the user's lock with other writers (every forget takes it alone), then read the
        user's forget generation in a statement of its own.

        Two statements on purpose: in READ COMMITTED a statement's snapshot is taken when it
        starts, *before* it waits for a lock, so a generation read in the locking statement would
        predate a forget that held the lock meanwhile. The second statement's snapshot is taken
        after the wait and sees the forget's commit. Needs a transaction (the lock is the
        transaction's)."""
        yield from execute(f"SELECT pg_advisory_xact_lock_shared({USER_KEY_SQL})", (user_id,))
        return (yield from self._generation_now(user_id))

    def _generation_now(self, user_id: str) -> Plan[int]:
        """The user's forget generation, read by a statement of its own (its own snapshot: after
        any lock wait of the statements before it)."""
        row = yield self._generation_q(user_id)
        return int(row["generation"] or 0) if row else 0

    @staticmethod
    def _generation_q(user_id: str) -> Q:
        return stmt(f"SELECT generation FROM {USERS} WHERE user_key = {USER_KEY_SQL}", (user_id,), "one")

    def _user_guard(self, user_id: str, generation: int | None = None) -> Plan[bool]:
        """The first step of every plan that writes a user's rows: the user's lock (shared), then
        the forget generation read after the wait. ``generation``: the one the work in hand
        started under (read before it read anything of the user); ``False`` when a forget — of
        the user, a message or a turn — committed since, and the plan then writes nothing."""
        if generation is None:  # no work in hand to check: the lock alone orders it after any forget
            yield from execute(f"SELECT pg_advisory_xact_lock_shared({USER_KEY_SQL})", (user_id,))
            return True
        return (yield from self._user_generation_lock(user_id)) == generation

    def _user_lock_alone(self, user_id: str) -> Plan[None]:
        """The user's lock, taken alone: every forget (of the user, a fact, a message, a turn) and
        restore. Writers holding it shared finish first; writers that come later wait, then read
        the generation this forget bumped.

        A model call in flight on the user's text holds the lock shared until it returns
        (:meth:`_model_hold_plan`): this waits for it, at most ``WriteConfig.forget_wait_s`` —
        the transaction's lock timeout is set to that, and its statement timeout raised to it
        when shorter (never lowered; 0 = none stays none)."""
        wait_ms = str(max(1, int(self.write.forget_wait_s * 1000)))
        yield from execute(
            "SELECT set_config('lock_timeout', %s, true), set_config('statement_timeout', CASE WHEN"
            " s.setting::bigint = 0 OR s.setting::bigint >= %s::bigint THEN s.setting ELSE %s END, true)"
            " FROM pg_settings s WHERE s.name = 'statement_timeout'", (wait_ms, wait_ms, wait_ms))
        yield from execute(f"SELECT pg_advisory_xact_lock({USER_KEY_SQL})", (user_id,))

    def _model_hold_plan(self, user_id: str, generation: int) -> Plan[bool]:
        """Before a model call that quotes the user's text: the user's lock, shared and held by
        the *session* (a connection of its own, autocommit) until :meth:`_model_release_plan`,
        then the generation re-read in a statement of its own (after the wait). ``True``: no
        forget committed since ``generation`` was read, and none can commit until the lock is
        released — a forget started meanwhile waits for the call, so every prompt is sent before
        a forget returns. ``False``: the lock is released again and no call may be made."""
        require_user(user_id)
        # Two statements (the generation's snapshot is taken after the lock's wait), sent together:
        # one round trip.
        _, row = yield from together(stmt(f"SELECT pg_advisory_lock_shared({USER_KEY_SQL})", (user_id,), "none"),
                                     self._generation_q(user_id))
        if (int(row["generation"] or 0) if row else 0) == generation:
            return True
        yield from self._model_release_plan(user_id)
        return False

    def _model_release_plan(self, user_id: str) -> Plan[None]:
        yield from execute(f"SELECT pg_advisory_unlock_shared({USER_KEY_SQL})", (user_id,))

    def _bump_generation(self, user_id: str) -> Plan[int]:
        """Invalidate the user's work in flight (under :meth:`_user_lock_alone`): a write that
        started under the old generation applies nothing. Returns the new generation."""
        row = yield from one(
            f"INSERT INTO {USERS} (user_key, generation) VALUES ({USER_KEY_SQL}, 1)"
            f" ON CONFLICT (user_key) DO UPDATE SET generation = {USERS}.generation + 1 RETURNING generation",
            (user_id,))
        return int(row["generation"]) if row else 0

    def _bump_version(self, user_id: str, *, accesses: bool = False, held: bool = False) -> Plan[None]:
        """Tell every process's copy of the user's facts (store/hot.py) that they changed: the
        user's row of the change marker is bumped in the writing transaction (``accesses``: only
        access counts changed, which only the staged lifecycle's ranking reads).

        Every plan that writes a user's facts, people or candidates runs this as its LAST
        statement (a static test checks the writers): the marker row is then locked only from
        there to the commit, so a writer holding it waits for nothing and concurrent writers of
        the user (holding fact rows, then wanting the marker) cannot deadlock. No trigger: Citus
        does not run triggers on distributed tables by default. A row is created only for a
        user who has rows in those tables (a write racing a forget leaves nothing naming the
        user; migration 20 created the rows of users who had some). Over-invalidating is safe.

        ``held``: the caller's transaction has written a row naming the user after its guard (the
        apply's processed row), so the row is upserted in one statement whose result nobody
        waits for — no extra round trip in the apply's pipeline (the count below is one)."""
        column = "accesses" if accesses else "version"
        upsert = (f"INSERT INTO {VERSIONS} AS v (user_id, {column}) VALUES (%s, 1)"
                  f" ON CONFLICT (user_id) DO UPDATE SET {column} = v.{column} + 1")
        if held:
            yield from execute(upsert, (user_id,))
            return
        if (yield from rowcount(f"UPDATE {VERSIONS} SET {column} = {column} + 1 WHERE user_id = %s", (user_id,))):
            return
        found = yield from one(
            f"SELECT EXISTS (SELECT 1 FROM {FACTS} WHERE user_id = %s)"
            f" OR EXISTS (SELECT 1 FROM {PEOPLE} WHERE user_id = %s)"
            f" OR EXISTS (SELECT 1 FROM {CANDIDATES} WHERE user_id = %s) AS held", (user_id, user_id, user_id))
        if found and found["held"]:
            yield from execute(upsert, (user_id,))

    def _derived_write_guard(self, user_id: str, fact_ids: Sequence[str], generation: int | None = None
                             ) -> Plan[bool]:
        """Whether a record derived from these facts (profile, session, run) may be written now.

        Shares the user's lock (``forget`` and ``purge_fact`` take it alone) and locks the facts
        ``FOR SHARE``: a derived record built from facts that were forgotten or purged while it
        was being built is never written back; nor one whose ``generation`` (read before the
        build read anything) is no longer current. Needs a transaction."""
        if not (yield from self._user_guard(user_id, generation)):
            return False
        ids = sorted({str(i) for i in fact_ids})
        if not ids:
            return True
        found = yield from rows(
            f"SELECT id FROM {FACTS} WHERE user_id = %s AND id = ANY(%s::uuid[]) AND status = ANY(%s) FOR SHARE",
            (user_id, ids, list(RETRIEVABLE_STATUSES)))
        return len(found) == len(ids)

    def _apply_plan(
        self, user_id: str, message_id: str, ops: Sequence[PlannedOp], at: datetime,
        rejected: Sequence[RejectedOp], also_processed: Iterable[str], llm_calls: int,
        generation: int | None = None, forgotten: dict[str, int] | None = None,
        evaluations: Sequence[EvaluationRecord] = (), logged: LoggedTurn | None = None,
    ) -> Plan[ApplyOutcome]:
        require_user(user_id)
        require_aware(at)
        check_id(message_id, "message_id")
        if not (yield from self._user_guard(user_id, generation)):
            return ApplyOutcome(user_id=user_id, message_id=message_id, llm_calls=llm_calls,
                                skipped=FORGOTTEN_MEANWHILE)
        first = yield from one(
            f"INSERT INTO {PROCESSED} (user_id, message_id, processed_at) VALUES (%s, %s, %s)"
            " ON CONFLICT DO NOTHING RETURNING message_id",
            (user_id, message_id, at),
        )
        if first is None:  # processed before (or by a concurrent writer that committed first)
            prior = yield from one(f"SELECT outcome FROM {PROCESSED} WHERE user_id = %s AND message_id = %s",
                                   (user_id, message_id))
            outcome = (ApplyOutcome.model_validate(prior["outcome"]) if prior and prior["outcome"]
                       else ApplyOutcome(user_id=user_id, message_id=message_id))
            return outcome.model_copy(update={"already_processed": True, "llm_calls": llm_calls})
        ops = yield from self._lock_in_order(user_id, ops)
        outcome = ApplyOutcome(user_id=user_id, message_id=message_id, rejected=list(rejected), llm_calls=llm_calls,
                               forgotten=dict(forgotten or {}))
        for withheld in (r for r in rejected if r.reason.startswith(WITHHELD_REASON)):
            # The privacy policy's drops are audited by category only: no claim text is kept.
            yield from self._audit(user_id=user_id, op="withheld", at=at, message_id=message_id, note=withheld.reason)
        touched: set[UUID] = set()
        at_op = 0
        while at_op < len(ops):
            adds = _plain_adds(ops, at_op)
            if len(adds) > 1:  # a message's new facts: one round trip for their inserts
                outcome.applied.extend((yield from self._insert_facts(user_id, message_id, adds, at, touched)))
                at_op += len(adds)
                continue
            op = ops[at_op]
            at_op += 1
            try:
                outcome.applied.append((yield from self._apply_one(user_id, message_id, op, at, touched)))
            except _FactGone as gone:  # that op alone; the rest of the message applies
                outcome.rejected.append(RejectedOp(op={"op": op.op, "fact_id": str(gone.fact_id)}, reason=str(gone)))
        if evaluations:
            outcome.evaluations = yield from self._record_evaluations(user_id, message_id, evaluations, at)
        new_facts = [(a.fact_id, a.claim or "") for a in outcome.applied if a.op in ADD_OPS and a.fact_id is not None]
        shown: Row | None | Literal["unread"] = "unread"
        people = None
        if new_facts:  # both reads in one round trip (nothing from here to their use writes either table)
            shown, people = yield from together(self._exposure_q(user_id, message_id), self._people_q(user_id))
        if (exposure := (yield from self._record_exposure(user_id, message_id, outcome.applied, at, shown))) is not None:
            outcome.evaluations["exposure"] = exposure
        yield from self._link_new_facts(user_id, new_facts, people)
        record = self.jsonb(outcome.model_dump(mode="json", exclude={"llm_calls"}))
        yield from execute(f"UPDATE {PROCESSED} SET outcome = %s WHERE user_id = %s AND message_id = %s",
                           (record, user_id, message_id))
        for extra in also_processed:
            if extra != message_id:
                yield from execute(f"INSERT INTO {PROCESSED} (user_id, message_id, processed_at, outcome)"
                                   " VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING", (user_id, extra, at, record))
        # Queued copies of these messages are done in the same transaction: the message log never
        # says "queued" for a message whose ops are applied.
        yield from execute(f"UPDATE {MESSAGES} SET state = 'done', processed_at = %s, claimed_until = NULL,"
                           " last_error = NULL WHERE user_id = %s AND message_id = ANY(%s) AND state <> 'done'",
                           (at, user_id, [message_id, *also_processed]))
        if logged is not None and not any(r.reason.startswith(WITHHELD_REASON) for r in rejected):
            # A turn that did not come through the queue: the review reads it too (not when the
            # privacy policy withheld part of it: its text holds what was withheld).
            yield from execute(
                f"INSERT INTO {MESSAGES} (user_id, message_id, session_id, text, at, enqueued_at, due_at, deadline_at,"
                " state, processed_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, 'done', %s) ON CONFLICT DO NOTHING",
                (user_id, message_id, logged.session_id, logged.text, at, at, at, at, at))
        if any(r.reason == DECLINED_REASON for r in rejected):
            # "... please don't remember that": the message's text leaves the log (the nightly
            # review never reads it) and the context of later rows; it stays processed.
            ids = [message_id, *also_processed]
            yield from self._remember_forgotten(user_id, ids)
            yield from execute(f"DELETE FROM {MESSAGES} WHERE user_id = %s AND message_id = ANY(%s)", (user_id, ids))
            yield from self._scrub_context(user_id, ids)
        yield from self._bump_version(user_id, held=True)  # (its processed row names the user)
        return outcome

    def _scrub_context(self, user_id: str, ids: Sequence[str]) -> Plan[None]:
        """The turns ``ids`` (message ids or fingerprints) leave the context of the user's other
        logged messages (what the extractor would be shown beside them)."""
        ids = list(ids)
        yield from execute(
            f"UPDATE {MESSAGES} m SET context = (SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb)"
            "   FROM jsonb_array_elements(m.context) WITH ORDINALITY AS c(e, n)"
            "   WHERE NOT (coalesce(e->>'id', '') = ANY(%s) OR coalesce(e->>'fingerprint', '') = ANY(%s)))"
            " WHERE m.user_id = %s AND EXISTS (SELECT 1 FROM jsonb_array_elements(m.context) e"
            "   WHERE e->>'id' = ANY(%s) OR e->>'fingerprint' = ANY(%s))", (ids, ids, user_id, ids, ids))

    def _remember_forgotten(self, user_id: str, ids: Sequence[str]) -> Plan[None]:
        """Keep the digests of forgotten turns' ids (no text): a client that re-sends them in its
        history has them left out of the context of later turns (and never queued again)."""
        key = yield from self._forget_key_plan()
        digests = sorted({forget_key.turn_digest(key, user_id, i) for i in ids if i})
        yield from execute(
            f"INSERT INTO {FORGOTTEN} (user_key, digest) SELECT {USER_KEY_SQL}, d FROM unnest(%s::text[]) d"
            " ON CONFLICT DO NOTHING", (user_id, digests))

    def _lock_in_order(self, user_id: str, ops: Sequence[PlannedOp]) -> Plan[list[PlannedOp]]:
        """Take every lock the message needs, always in the same order, so concurrent writers
        queue instead of deadlocking: first the dedup scopes of its adds (advisory locks, sorted),
        then — with the adds checked against the facts committed so far — the rows it changes
        (sorted by id). Returns the ops with duplicate adds turned into strengthens."""
        adds = [op for op in ops if op.op in ADD_OPS]
        keys = sorted({scope_lock_key(user_id, FactKind(op.kind).value, op.category or "") for op in adds})
        if keys:  # one round trip; taken in the array's (sorted) order
            yield from execute("SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))"
                               " FROM unnest(%s::text[]) AS k", (keys,))
        if adds:
            probes = [(FactKind(op.kind), op.category or "", op.embedding or []) for op in adds]
            nearest = yield from self._nearest_plan(user_id, probes, 3)
            ops = resolve_duplicates(ops, nearest, self.write.dedup_threshold)
        ids = sorted({i for op in ops for i in (op.fact_id, op.supersedes) if i is not None}, key=str)
        if ids:
            yield from execute(f"SELECT id FROM {FACTS} WHERE user_id = %s AND id = ANY(%s) ORDER BY id FOR UPDATE",
                               (user_id, ids))
        return list(ops)

    def _target(self, user_id: str, fact_id: UUID, touched: set[UUID]) -> Plan[Row]:
        """The fact an op changes, locked: the one it names, or — when a concurrent ``compact``
        merged or superseded it while the message was being extracted — the fact at the end of
        its chain (the caller notes the move). Raises :class:`_FactGone` when no believed fact is
        left, or when another op of this message already changed that fact."""
        row = yield from one(
            f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND id = %s AND status = ANY(%s) FOR UPDATE",
            (user_id, fact_id, list(RETRIEVABLE_STATUSES)))
        if row is None:  # rare: walk the chain (one more round trip)
            found = yield from one(
                "WITH RECURSIVE chain (id, status, superseded_by, depth) AS ("
                f" SELECT id, status, superseded_by, 0 FROM {FACTS} WHERE user_id = %s AND id = %s"
                " UNION ALL SELECT f.id, f.status, f.superseded_by, c.depth + 1"
                f" FROM chain c JOIN {FACTS} f ON f.user_id = %s AND f.id = c.superseded_by"
                " WHERE c.status = 'superseded' AND c.depth < 20)"
                " SELECT id FROM chain WHERE status = ANY(%s) ORDER BY depth DESC LIMIT 1",
                (user_id, fact_id, user_id, list(RETRIEVABLE_STATUSES)))
            if found is None:
                raise _FactGone(fact_id, f"{fact_id} is no longer believed")
            row = _returned((yield from one(
                f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND id = %s FOR UPDATE",
                (user_id, found["id"]))))
        if row["id"] in touched:
            raise _FactGone(fact_id, f"{row['id']} was already changed by this message")
        touched.add(row["id"])
        return row

    def _apply_one(self, user_id: str, message_id: str, op: PlannedOp, at: datetime,
                   touched: set[UUID] | None = None) -> Plan[AppliedOp]:
        touched = set() if touched is None else touched
        if op.op in ("add_durable", "add_current"):
            return (yield from self._insert_fact(user_id, message_id, op, at, touched))
        if op.fact_id is None:
            raise InvalidInputError(f"{op.op} needs a fact_id")
        before = yield from self._target(user_id, op.fact_id, touched)
        fact_id = before["id"]
        if fact_id != op.fact_id:  # it followed a merge: say so in the op's note
            moved = f"{op.fact_id} was merged into {fact_id}"
            op = op.model_copy(update={"fact_id": fact_id, "note": f"{op.note}; {moved}" if op.note else moved})
        if op.op == "contradict":
            # The cap counts the fact the contradiction lands on (after following a merge), under its row lock.
            found = yield from one(f"SELECT count(*) AS n FROM {CANDIDATES} WHERE user_id = %s AND fact_id = %s"
                                   " AND status = 'pending'", (user_id, fact_id))
            cap = self.write.max_pending_per_fact
            if found is not None and found["n"] >= cap:
                raise _FactGone(fact_id, f"{fact_id} already has {cap} pending contradictions (max_pending_per_fact)")
            return (yield from self._contradict(user_id, message_id, op, fact_id, at, before))
        if op.op == "reclassify":
            return (yield from self._reclassify(user_id, message_id, op, fact_id, at, before))
        after = _returned((yield from self._strengthen(user_id, message_id, op, op.fact_id, at))
                          if op.op == "strengthen" else (yield from self._decay(user_id, op.fact_id)))
        yield from self._audit(user_id=user_id, op=op.op, at=at, fact_id=op.fact_id, message_id=message_id,
                               before=before, after=after, note=op.note)
        return AppliedOp(
            op=op.op, fact_id=op.fact_id, claim=after["claim"], kind=after["kind"], category=after["category"],
            confidence_before=before["confidence"], confidence_after=after["confidence"],
            status_after=after["status"], note=op.note,
        )

    def _reclassify(self, user_id: str, message_id: str, op: PlannedOp, fact_id: UUID, at: datetime,
                    before: Row) -> Plan[AppliedOp]:
        """Seed 000's lazy reclassification: the fact moves to the category (and kind) the
        extractor chose when it saw the fact again; claim, confidence and history stay."""
        if op.kind is None or op.category is None:
            raise InvalidInputError("reclassify needs kind and category")
        after = _returned((yield from one(
            f"UPDATE {FACTS} SET kind = %s, category = %s,"
            # A durable fact that turns out to be a current state starts its clock at its last confirmation.
            " valid_at = CASE WHEN %s = 'current' THEN coalesce(valid_at, last_confirmed_at) ELSE valid_at END"
            f" WHERE user_id = %s AND id = %s RETURNING {FACT_COLUMNS}",
            (FactKind(op.kind).value, op.category, FactKind(op.kind).value, user_id, fact_id))))
        yield from self._audit(user_id=user_id, op="reclassify", at=at, fact_id=fact_id, message_id=message_id,
                               before=before, after=after, note=f"{before['kind']}/{before['category']} -> "
                               f"{after['kind']}/{after['category']}")
        return AppliedOp(op="reclassify", fact_id=fact_id, claim=after["claim"], kind=after["kind"],
                         category=after["category"], confidence_before=before["confidence"],
                         confidence_after=after["confidence"], status_after=after["status"], note=op.note)

    def _strengthen(self, user_id: str, message_id: str, op: PlannedOp, fact_id: UUID, at: datetime
                    ) -> Plan[Row | None]:
        # Arithmetic in SQL under the row lock: concurrent writers lose no update.
        return (yield from one(
            f"UPDATE {FACTS} SET"
            # A message counts once as evidence: restating it (a re-sent message) adds nothing.
            " confidence = CASE WHEN %s = ANY(evidence_message_ids) THEN confidence"
            "   ELSE LEAST(1.0, round((confidence + %s)::numeric, 6)::float8) END,"
            " last_confirmed_at = GREATEST(last_confirmed_at, %s),"
            " evidence_message_ids = CASE WHEN %s = ANY(evidence_message_ids)"
            "   THEN evidence_message_ids ELSE array_append(evidence_message_ids, %s) END,"
            " verification_status = CASE WHEN %s = 'confirmed' THEN 'confirmed' ELSE verification_status END,"
            " status = 'active'"
            " WHERE user_id = %s AND id = %s RETURNING " + FACT_COLUMNS,
            (message_id, self.write.strengthen_step, at, message_id, message_id, op.verification_status.value, user_id,
             fact_id),
        ))

    def _decay(self, user_id: str, fact_id: UUID) -> Plan[Row | None]:
        w = self.write
        return (yield from one(
            f"UPDATE {FACTS} SET"
            " confidence = GREATEST(0.0, round((confidence - %s)::numeric, 6)::float8),"
            " status = CASE WHEN round((confidence - %s)::numeric, 6) < %s THEN 'retracted' ELSE status END"
            " WHERE user_id = %s AND id = %s RETURNING " + FACT_COLUMNS,
            (w.decay_step, w.decay_step, w.retract_below, user_id, fact_id),
        ))

    def _contradict(self, user_id: str, message_id: str, op: PlannedOp, fact_id: UUID, at: datetime,
                    target: Row) -> Plan[AppliedOp]:
        if not op.claim or op.embedding is None:
            raise InvalidInputError("contradict needs a claim and its embedding")
        cand = _returned((yield from one(
            f"INSERT INTO {CANDIDATES} (id, user_id, fact_id, kind, category, claim, structured_fields,"
            " message_id, created_at, embedding) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s::vector)"
            f" RETURNING {CANDIDATE_COLUMNS}",
            (uuid.uuid4(), user_id, fact_id, target["kind"], op.category or target["category"], self.guard_text(op.claim),
             self.jsonb(op.structured_fields), message_id, at, self.vector_param(op.embedding)),
        )))
        yield from self._audit(user_id=user_id, op="contradict", at=at, fact_id=fact_id, candidate_id=cand["id"],
                               message_id=message_id, before=target, after=cand, note=op.note)
        return AppliedOp(
            op="contradict", fact_id=fact_id, candidate_id=cand["id"], claim=op.claim, kind=target["kind"],
            category=cand["category"], note=op.note, confidence_before=target["confidence"],
            confidence_after=target["confidence"],
        )

    def _confirmed_at(self, op: PlannedOp, at: datetime) -> datetime | None:
        """Seed 000: every fact is confirmed when written. Staged policy: only user edits are;
        others wait for their promotion (see :mod:`fact_memory_graph.lifecycle`)."""
        if op.source is FactSource.INFERENCE:  # staged under every policy, until restated or used
            return None
        if not self.lifecycle.is_staged or op.source is FactSource.USER_EDIT:
            return at
        return None

    def _insert_fact_q(self, user_id: str, message_id: str | None, op: PlannedOp, at: datetime
                       ) -> tuple[UUID, Q]:
        """A new fact's id and the statement inserting it (its row returned)."""
        if not op.claim or op.embedding is None or op.kind is None or op.category is None:
            raise InvalidInputError(f"{op.op} needs kind, category, claim and embedding")
        kind = FactKind(op.kind)
        fid = uuid.uuid4()
        return fid, stmt(
            f"INSERT INTO {FACTS} (id, user_id, kind, category, claim, structured_fields, confidence,"
            " evidence_message_ids, verification_status, source, created_at, last_confirmed_at,"
            " valid_at, expires_at, confirmed_at, session_id, embedding)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s::vector)"
            " RETURNING " + FACT_COLUMNS,
            (fid, user_id, kind.value, op.category, self.guard_text(op.claim), self.jsonb(op.structured_fields),
             self.write.initial_confidence if op.confidence is None else op.confidence,
             [message_id] if message_id else [], op.verification_status.value,
             op.source.value, at, at, op.valid_at or (at if kind is FactKind.CURRENT else None),
             op.expires_at if kind is FactKind.CURRENT else None, self._confirmed_at(op, at), op.session_id,
             self.vector_param(op.embedding)), "one")

    def _insert_fact(self, user_id: str, message_id: str | None, op: PlannedOp, at: datetime,
                     touched: set[UUID] | None = None) -> Plan[AppliedOp]:
        fid, insert = self._insert_fact_q(user_id, message_id, op, at)
        row = _returned((yield insert))
        return (yield from self._inserted(user_id, message_id, op, at, touched, fid, row))

    def _insert_facts(self, user_id: str, message_id: str, ops: Sequence[PlannedOp], at: datetime,
                      touched: set[UUID]) -> Plan[list[AppliedOp]]:
        """Plain adds (none ends a state), inserted in one round trip, then audited in order."""
        made = [self._insert_fact_q(user_id, message_id, op, at) for op in ops]
        found = yield from together(*(insert for _, insert in made))
        applied = []
        for op, (fid, _), row in zip(ops, made, found, strict=True):
            applied.append((yield from self._inserted(user_id, message_id, op, at, touched, fid, _returned(row))))
        return applied

    def _inserted(self, user_id: str, message_id: str | None, op: PlannedOp, at: datetime,
                  touched: set[UUID] | None, fid: UUID, row: Row) -> Plan[AppliedOp]:
        """After a fact's insert: its audit row, and the state it ends (``supersedes``)."""
        kind = FactKind(op.kind)
        yield from self._audit(user_id=user_id, op=op.op, at=at, fact_id=fid, message_id=message_id, after=row,
                               note=op.note)
        if op.supersedes is not None:
            try:
                old = yield from self._target(user_id, op.supersedes, set() if touched is None else touched)
            except _FactGone:  # the state it ends is gone already: the new state stands alone
                old = None
            if old is not None:
                old_id = old["id"]
                new_old = yield from one(f"UPDATE {FACTS} SET status = 'superseded', superseded_by = %s"
                                         " WHERE user_id = %s AND id = %s RETURNING " + FACT_COLUMNS, (fid, user_id, old_id))
                yield from self._audit(user_id=user_id, op="supersede", at=at, fact_id=old_id,
                                       message_id=message_id, before=old, after=new_old, note=f"superseded by {fid}")
        return AppliedOp(op=op.op, fact_id=fid, claim=op.claim, kind=kind, category=op.category,
                         confidence_after=row["confidence"], status_after=FactStatus.ACTIVE, note=op.note)

    def _resolve_candidate_plan(self, user_id: str, candidate_id: UUID | str, accept: bool, at: datetime,
                                note: str | None = None) -> Plan[FactCandidate]:
        require_user(user_id)
        require_aware(at)
        cid = fact_id_param(candidate_id, "candidate id")
        yield from self._user_guard(user_id)
        cand = yield from one(
            f"SELECT *, embedding::float4[] AS vector FROM {CANDIDATES}"
            " WHERE user_id = %s AND id = %s AND status = 'pending' FOR UPDATE", (user_id, cid))
        if cand is None:
            raise FactNotFoundError(f"no pending candidate {cid} for user {user_id!r}")
        new_fact_id = None
        if accept:
            old = _returned((yield from one(f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND id = %s FOR UPDATE",
                                            (user_id, cand["fact_id"]))))
            kind = FactKind(cand["kind"])
            applied = yield from self._insert_fact(user_id, cand["message_id"], PlannedOp(
                op=f"add_{kind.value}", kind=kind, category=cand["category"], claim=cand["claim"],
                structured_fields=cand["structured_fields"], embedding=list(cand["vector"]),
                note=f"accepted candidate {cid}",
            ), at)
            new_fact_id = applied.fact_id
            if old["status"] in RETRIEVABLE_STATUSES:
                after = yield from one(
                    f"UPDATE {FACTS} SET status = 'superseded', superseded_by = %s,"
                    " verification_status = 'contradicted' WHERE user_id = %s AND id = %s RETURNING " + FACT_COLUMNS,
                    (new_fact_id, user_id, old["id"]))
                yield from self._audit(user_id=user_id, op="supersede", at=at, fact_id=old["id"], candidate_id=cid,
                                       message_id=cand["message_id"], before=old, after=after,
                                       note=f"contradiction accepted; superseded by {new_fact_id}")
        resolved = _returned((yield from one(
            f"UPDATE {CANDIDATES} SET status = %s, resolved_at = %s, resolved_fact_id = %s"
            f" WHERE user_id = %s AND id = %s RETURNING {CANDIDATE_COLUMNS}",
            ("accepted" if accept else "rejected", at, new_fact_id, user_id, cid))))
        cand_row: dict[str, Any] = {k: v for k, v in cand.items() if k != "vector"}
        yield from self._audit(user_id=user_id, op="accept_candidate" if accept else "reject_candidate", at=at,
                               fact_id=cand["fact_id"], candidate_id=cid, before=cand_row, after=resolved, note=note)
        yield from self._bump_version(user_id)
        return FactCandidate.model_validate(resolved)

    def _record_access_plan(self, user_id: str, fact_ids: Sequence[UUID], at: datetime,
                            counts: Sequence[int] | None = None) -> Plan[None]:
        """Count retrievals of each fact (``counts``, default one each). A dormant fact stays
        dormant when retrieved — it is shown as not mentioned for a while until the user reaffirms
        it (a strengthen makes it active again), never silently made active."""
        if not fact_ids:
            return
        yield from self._user_guard(user_id)
        counts = list(counts) if counts is not None else [1] * len(fact_ids)
        yield from execute(
            f"UPDATE {FACTS} SET access_count = access_count + n.times,"
            " last_accessed_at = GREATEST(coalesce(last_accessed_at, %s), %s)"
            " FROM unnest(%s::uuid[], %s::int[]) AS n(fact_id, times)"
            f" WHERE {FACTS}.user_id = %s AND {FACTS}.id = n.fact_id",
            (at, at, list(fact_ids), counts, user_id),
        )
        if self.lifecycle.is_staged:  # seed 002: the N-th retrieval confirms a staged fact
            promoted = yield from rows(
                f"UPDATE {FACTS} SET confirmed_at = %s WHERE user_id = %s AND id = ANY(%s)"
                " AND confirmed_at IS NULL AND access_count >= %s AND status IN ('active', 'dormant') RETURNING " + FACT_COLUMNS,
                (at, user_id, list(fact_ids), self.lifecycle.promotion_accesses))
            for after in sorted(promoted, key=lambda r: str(r["id"])):
                yield from self._audit(user_id=user_id, op="confirm", at=at, fact_id=after["id"],
                                       before={**after, "confirmed_at": None}, after=after,
                                       note=f"staged -> confirmed on retrieval {after['access_count']}")
            yield from self._bump_version(user_id)  # (the staged ranking reads ``accesses`` too)
        else:
            yield from self._bump_version(user_id, accesses=True)

    def _retract_plan(self, user_id: str, fact_id: UUID | str, at: datetime, note: str) -> Plan[bool]:
        """A believed fact becomes ``retracted`` (kept for history, never retrieved); audited."""
        require_user(user_id)
        require_aware(at)
        fid = fact_id_param(fact_id)
        yield from self._user_guard(user_id)
        before = yield from one(f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND id = %s AND status = ANY(%s) FOR UPDATE",
                                (user_id, fid, list(RETRIEVABLE_STATUSES)))
        if before is None:
            return False
        after = yield from one(f"UPDATE {FACTS} SET status = 'retracted' WHERE user_id = %s AND id = %s RETURNING " + FACT_COLUMNS,
                               (user_id, fid))
        yield from self._audit(user_id=user_id, op="retract", at=at, fact_id=fid, before=before, after=after,
                               note=note)
        yield from self._bump_version(user_id)
        return True

    def _history_plan(self, user_id: str, fact_id: UUID | str) -> Plan[tuple[list[Fact], list[AuditEntry]]]:
        """The supersession chain through a fact (what it replaced, what replaced it), oldest
        first, with the audit rows of every fact in it."""
        require_user(user_id)
        fid = fact_id_param(fact_id)
        chain = yield from rows(
            f"WITH RECURSIVE back(id) AS (SELECT %s::uuid UNION"
            f"   SELECT f.id FROM {FACTS} f JOIN back b ON f.superseded_by = b.id WHERE f.user_id = %s),"
            f" fwd(id) AS (SELECT %s::uuid UNION"
            f"   SELECT f.superseded_by FROM {FACTS} f JOIN fwd w ON f.id = w.id"
            f"   WHERE f.user_id = %s AND f.superseded_by IS NOT NULL)"
            f" SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s"
            "   AND id IN (SELECT id FROM back UNION SELECT id FROM fwd) ORDER BY created_at, id",
            (fid, user_id, fid, user_id, user_id))
        ids = [r["id"] for r in chain]
        audit = yield from rows(f"SELECT * FROM {AUDIT} WHERE user_id = %s AND fact_id = ANY(%s) ORDER BY id",
                                (user_id, ids))
        return [to_fact(r) for r in chain], [AuditEntry.model_validate(r) for r in audit]
