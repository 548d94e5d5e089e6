"""``memory.facts``: one user's facts, read and written directly — user edits, imports, tests —
without the model, by the same dedup and apply steps as the write path."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import FactNotFoundError, InvalidInputError
from fact_memory_graph.nodes import aplan_ops, plan_ops
from fact_memory_graph.ops import never_stored
from fact_memory_graph.profile import Profile, aget_profile, get_profile, tracks_goals
from fact_memory_graph.sanitize import check_fields, check_id, clean_text
from fact_memory_graph.schema import (
    AppliedOp,
    ApplyOutcome,
    Fact,
    FactHistory,
    FactKind,
    FactSource,
    FactStatus,
    PlannedOp,
    RejectedOp,
    VerificationStatus,
    parse_enum,
)

__all__ = ["Facts"]

_FACT_KEYS = {"claim", "kind", "category", "structured_fields", "verification_status", "expires_at"}


def _direct_id(message_id: str | None) -> str:
    """Direct writes live in their own id space ("direct:..."), so an add can never collide with a
    message id the write graph processed; the same add's id is still idempotent."""
    return f"direct:{check_id(message_id, 'message_id') if message_id is not None else uuid.uuid4()}"


def _single(outcome: ApplyOutcome, message_id: str | None) -> AppliedOp:
    if outcome.skipped:
        raise InvalidInputError(outcome.skipped)
    if not outcome.applied:  # a replayed message_id whose first run applied nothing
        raise InvalidInputError(f"message_id {message_id!r} was already used for another write")
    return outcome.applied[0]


def _fact(claim: str, kind: FactKind | str | None, category: str, structured_fields: dict[str, Any] | None,
          verification_status: VerificationStatus | str, expires_at: datetime | None) -> dict[str, Any]:
    return {"claim": claim, "kind": kind, "category": category, "structured_fields": structured_fields,
            "verification_status": verification_status, "expires_at": expires_at}


def _retract_note(note: str | None) -> str:
    return f"{note}: retracted by request" if note else "retracted by request"


def _page_args(args: dict[str, Any]) -> dict[str, Any]:
    from fact_memory_graph.store.plans.inspect import FACT_ORDERS

    if args["order"] not in FACT_ORDERS:
        raise InvalidInputError(f"order must be one of {', '.join(FACT_ORDERS)} (got {args['order']!r})")
    keys = ("kind", "status", "category", "contains", "min_confidence", "order", "offset", "limit")
    return {k: args[k] for k in keys}


class Facts:
    """``memory.facts``: add / update / retract / purge a fact, get / list / history, the
    profile, and "forget what I said in that message". Every method has an ``a``-prefixed twin."""

    def __init__(self, context: MemoryContext) -> None:
        self._ctx = context

    # ------------------------------------------------------------------ checks shared by the writes
    def _proposal(
        self, claim: str, kind: FactKind | str | None, category: str, structured_fields: dict[str, Any] | None,
        verification_status: VerificationStatus | str, at: datetime, expires_at: datetime | None,
    ) -> PlannedOp:
        if kind is None:  # the category says it
            kind = self._ctx.taxonomy.kind_of(category) if isinstance(category, str) else None
            if kind is None:
                raise InvalidInputError(f"unknown category {category!r} (known: "
                                        f"{', '.join(self._ctx.taxonomy.model_categories)}); or pass kind=")
        kind = parse_enum(FactKind, kind, "kind")
        if expires_at is not None:
            if kind is not FactKind.CURRENT:
                raise InvalidInputError("expires_at is only for current facts (durable facts do not expire)")
            if expires_at.tzinfo is None or expires_at < at:
                raise InvalidInputError("expires_at must be timezone-aware and not before the fact's time")
        self._ctx.taxonomy.check(kind, category)
        write = self._ctx.config.write
        claim = clean_text(claim or "").strip()
        if (withheld := never_stored(category, write, claim, structured_fields)) is not None:
            raise InvalidInputError(withheld)
        if not claim:
            raise InvalidInputError("claim must be non-empty")
        if len(claim) > write.max_claim_chars:
            raise InvalidInputError(f"claim longer than {write.max_claim_chars} characters")
        status = parse_enum(VerificationStatus, verification_status, "verification status")
        return PlannedOp(op=f"add_{kind.value}", kind=kind, category=category, claim=claim,
                         structured_fields=check_fields(structured_fields), verification_status=status,
                         expires_at=expires_at)

    def _many(self, facts: Sequence[Mapping[str, Any]], at: datetime) -> list[PlannedOp]:
        max_ops = self._ctx.config.write.max_ops
        if not facts:
            raise InvalidInputError("add_many needs at least one fact")
        if len(facts) > max_ops:
            raise InvalidInputError(f"at most {max_ops} facts per call (WriteConfig.max_ops); split the batch")
        proposals = []
        for item in facts:
            if set(item) - _FACT_KEYS or not {"claim", "category"} <= set(item):
                raise InvalidInputError(f"each fact needs claim and category (optional: kind, the category's by "
                                        f"default, structured_fields, verification_status, expires_at); got keys "
                                        f"{sorted(item)}")
            proposals.append(self._proposal(
                item["claim"], item.get("kind"), item["category"], item.get("structured_fields"),
                item.get("verification_status", VerificationStatus.SELF_REPORTED), at, item.get("expires_at")))
        return proposals

    def _edit(self, user_id: str, fact_id: uuid.UUID | str, claim: str, old: Fact | None, at: datetime | None,
              note: str | None = None) -> tuple[PlannedOp, datetime]:
        if old is None or old.status not in (FactStatus.ACTIVE, FactStatus.DORMANT):
            raise FactNotFoundError(f"no active fact {fact_id} for user {user_id!r}")
        at = at or self._ctx.now()
        expires_at = old.expires_at if old.expires_at and old.expires_at >= at else None
        proposal = self._proposal(claim, old.kind, old.category, dict(old.structured_fields),
                                  old.verification_status, at, expires_at)
        return proposal.model_copy(update={"supersedes": old.id, "note": f"{note + ': ' if note else ''}user edit of {old.id}"}), at

    # ------------------------------------------------------------------ writes
    def add(self, user_id: str, claim: str, *, category: str, kind: FactKind | str | None = None,
            source: FactSource | str = FactSource.USER_EDIT, at: datetime | None = None,
            structured_fields: dict[str, Any] | None = None, message_id: str | None = None,
            verification_status: VerificationStatus | str = VerificationStatus.SELF_REPORTED,
            expires_at: datetime | None = None) -> AppliedOp:
        """Write one fact without the model (:meth:`add_many` of one); ``kind`` defaults to the
        category's (``identity`` is durable, ``feeling`` current). A near-duplicate of an
        active fact becomes a strengthen of it. ``message_id`` (default: a fresh one) makes the
        write idempotent; it is stored as ``direct:<message_id>``, apart from the ids of processed
        messages. ``expires_at`` (current facts): when the state ends; ``memory.upkeep.maintain``
        expires it."""
        fact = _fact(claim, kind, category, structured_fields, verification_status, expires_at)
        return _single(self.add_many(user_id, [fact], source=source, at=at, message_id=message_id), message_id)

    async def aadd(self, user_id: str, claim: str, *, category: str, kind: FactKind | str | None = None,
                   source: FactSource | str = FactSource.USER_EDIT, at: datetime | None = None,
                   structured_fields: dict[str, Any] | None = None, message_id: str | None = None,
                   verification_status: VerificationStatus | str = VerificationStatus.SELF_REPORTED,
                   expires_at: datetime | None = None) -> AppliedOp:
        """Async twin of :meth:`add`."""
        fact = _fact(claim, kind, category, structured_fields, verification_status, expires_at)
        return _single(await self.aadd_many(user_id, [fact], source=source, at=at, message_id=message_id),
                       message_id)

    def add_many(self, user_id: str, facts: Sequence[Mapping[str, Any]], *,
                 source: FactSource | str = FactSource.USER_EDIT, at: datetime | None = None,
                 message_id: str | None = None) -> ApplyOutcome:
        """Seed known facts at once (cold start: onboarding answers, a CRM import), without the model.

        Each item is ``{"claim", "category"}`` plus optional ``kind`` (the category's by default),
        ``structured_fields``,
        ``verification_status``, ``expires_at``. All are applied in one transaction (one embedding
        batch); near-duplicates of each other or of stored facts strengthen instead of adding.
        ``message_id`` makes the batch idempotent. Under the staged policy user edits (the
        default source) are confirmed at once, so a new user's context is not empty."""
        at = at or self._ctx.now()
        proposals, src = self._many(facts, at), parse_enum(FactSource, source, "source")
        generation = self._ctx.store.user_generation(user_id)
        dropped: list[RejectedOp] = []  # repeats within the batch: said in the outcome's rejected
        planned = plan_ops(self._ctx, proposals, source=src, dropped=dropped)
        return self._ctx.store.apply(user_id, _direct_id(message_id), planned, at=at, generation=generation,
                                     rejected=dropped)

    async def aadd_many(self, user_id: str, facts: Sequence[Mapping[str, Any]], *,
                        source: FactSource | str = FactSource.USER_EDIT, at: datetime | None = None,
                        message_id: str | None = None) -> ApplyOutcome:
        """Async twin of :meth:`add_many`."""
        at = at or self._ctx.now()
        proposals, src = self._many(facts, at), parse_enum(FactSource, source, "source")
        generation = await self._ctx.astore.user_generation(user_id)
        dropped: list[RejectedOp] = []
        planned = await aplan_ops(self._ctx, proposals, source=src, dropped=dropped)
        return await self._ctx.astore.apply(user_id, _direct_id(message_id), planned, at=at, generation=generation,
                                            rejected=dropped)

    def update(self, user_id: str, fact_id: uuid.UUID | str, claim: str, *, at: datetime | None = None,
               note: str | None = None) -> AppliedOp:
        """A user edit: the corrected claim becomes a new active fact (same kind and category)
        and the old one ``superseded`` by it — history kept (:meth:`history`). ``note`` goes in
        the audit row (who edited)."""
        generation = self._ctx.store.user_generation(user_id)  # before the fact is read
        proposal, at = self._edit(user_id, fact_id, claim, self.get(user_id, fact_id), at, note)
        planned = plan_ops(self._ctx, [proposal], source=FactSource.USER_EDIT)
        return _single(self._ctx.store.apply(user_id, _direct_id(None), planned, at=at, generation=generation), None)

    async def aupdate(self, user_id: str, fact_id: uuid.UUID | str, claim: str, *,
                      at: datetime | None = None, note: str | None = None) -> AppliedOp:
        """Async twin of :meth:`update`."""
        generation = await self._ctx.astore.user_generation(user_id)  # before the fact is read
        proposal, at = self._edit(user_id, fact_id, claim, await self.aget(user_id, fact_id), at, note)
        planned = await aplan_ops(self._ctx, [proposal], source=FactSource.USER_EDIT)
        return _single(await self._ctx.astore.apply(user_id, _direct_id(None), planned, at=at,
                                                    generation=generation), None)

    def retract(self, user_id: str, fact_id: uuid.UUID | str, *, note: str | None = None) -> bool:
        """Stop believing a fact (``retracted``: kept for history, never retrieved). For privacy,
        :meth:`purge` deletes it instead. ``note`` goes in the audit row (who retracted)."""
        return self._ctx.store.retract(user_id, fact_id, at=self._ctx.now(), note=_retract_note(note))

    async def aretract(self, user_id: str, fact_id: uuid.UUID | str, *, note: str | None = None) -> bool:
        """Async twin of :meth:`retract`."""
        return await self._ctx.astore.retract(user_id, fact_id, at=self._ctx.now(), note=_retract_note(note))

    def purge(self, user_id: str, fact_id: uuid.UUID | str) -> bool:
        """Hard-delete one fact and every copy of its text (privacy): its audit rows, the
        candidates against it or accepted into it, and its claim in processed-message outcomes
        (redacted; the message stays processed so it is never re-applied). Facts it superseded or
        absorbed are separate facts: purge them too, or use ``memory.forget``."""
        return self._ctx.store.purge_fact(user_id, fact_id)

    async def apurge(self, user_id: str, fact_id: uuid.UUID | str) -> bool:
        """Async twin of :meth:`purge`."""
        return await self._ctx.astore.purge_fact(user_id, fact_id)

    def forget_message(self, user_id: str, message_id: str) -> dict[str, int]:
        """"Don't remember that", after the fact: hard-delete every fact whose only evidence is
        this message (as :meth:`purge` does: audit rows, candidates, text in outcomes), remove the
        message from the evidence of the facts that have other evidence, and delete the pending
        corrections it raised. The message stays processed, so it is never extracted again.
        Returns ``purged``, ``unlinked`` and ``candidates`` counts."""
        return self._ctx.store.forget_message(user_id, check_id(message_id, "message_id"))

    async def aforget_message(self, user_id: str, message_id: str) -> dict[str, int]:
        """Async twin of :meth:`forget_message`."""
        return await self._ctx.astore.forget_message(user_id, check_id(message_id, "message_id"))

    # ------------------------------------------------------------------ reads
    def get(self, user_id: str, fact_id: uuid.UUID | str) -> Fact | None:
        """One fact of this user by id (any status), or ``None``."""
        return self._ctx.store.get_fact(user_id, fact_id)

    async def aget(self, user_id: str, fact_id: uuid.UUID | str) -> Fact | None:
        """Async twin of :meth:`get`."""
        return await self._ctx.astore.get_fact(user_id, fact_id)

    def list(self, user_id: str, *, kind: FactKind | str | None = None,
             status: FactStatus | str | Sequence[str] | None = None, category: str | None = None) -> list[Fact]:
        """A user's facts (every status unless filtered), oldest first."""
        return self._ctx.store.list_facts(user_id, kind=kind, status=status, category=category)

    async def alist(self, user_id: str, *, kind: FactKind | str | None = None,
                    status: FactStatus | str | Sequence[str] | None = None,
                    category: str | None = None) -> list[Fact]:
        """Async twin of :meth:`list`."""
        return await self._ctx.astore.list_facts(user_id, kind=kind, status=status, category=category)

    def page(self, user_id: str, *, kind: str | None = None, status: Sequence[str] | None = None,
             category: str | None = None, contains: str | None = None, min_confidence: float | None = None,
             order: str = "newest", offset: int = 0, limit: int = 50) -> tuple[list[Fact], int]:
        """One page of a user's facts (at most 500), filtered by kind, statuses, category, a
        piece of the claim (any case) and a lowest confidence, in ``order`` (newest, oldest,
        confidence, last_seen, shown, claim); and how many facts match in all."""
        return self._ctx.store.facts_page(check_id(user_id, "user_id"), **_page_args(locals()))

    async def apage(self, user_id: str, *, kind: str | None = None, status: Sequence[str] | None = None,
                    category: str | None = None, contains: str | None = None, min_confidence: float | None = None,
                    order: str = "newest", offset: int = 0, limit: int = 50) -> tuple[list[Fact], int]:
        """Async twin of :meth:`page`."""
        return await self._ctx.astore.facts_page(check_id(user_id, "user_id"), **_page_args(locals()))

    def history(self, user_id: str, fact_id: uuid.UUID | str) -> FactHistory:
        """The chain through a fact — what it replaced and what replaced it — with its audit."""
        facts, audit = self._ctx.store.history(user_id, fact_id)
        return FactHistory(facts=facts, audit=audit)

    async def ahistory(self, user_id: str, fact_id: uuid.UUID | str) -> FactHistory:
        """Async twin of :meth:`history`."""
        facts, audit = await self._ctx.astore.history(user_id, fact_id)
        return FactHistory(facts=facts, audit=audit)

    def profile(self, user_id: str, *, refresh: bool = False) -> Profile:
        """The user's profile: at most 50 durable facts and 500 tokens, "[Category]: claim" by
        category, no duplicates, only superseded facts left out; built without a model, stored, and
        rebuilt when the user's facts have changed (or with ``refresh``). With the ``goals``
        evaluator on, the active goals follow as ``[Working towards]`` lines (read fresh)."""
        return get_profile(self._ctx.store, check_id(user_id, "user_id"), at=self._ctx.now(), refresh=refresh,
                           goals=tracks_goals(self._ctx.evaluators))

    async def aprofile(self, user_id: str, *, refresh: bool = False) -> Profile:
        """Async twin of :meth:`profile`."""
        return await aget_profile(self._ctx.astore, check_id(user_id, "user_id"), at=self._ctx.now(),
                                  refresh=refresh, goals=tracks_goals(self._ctx.evaluators))
