"""``memory.corrections``: contradictions waiting for a decision. When a message contradicts a
stored fact and the policy does not let it replace the fact at once, the new claim waits here as
a candidate; the nightly compaction settles what it can, and a person settles the rest."""

from __future__ import annotations

import uuid
from datetime import datetime

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.schema import FactCandidate

__all__ = ["Corrections"]


class Corrections:
    """``memory.corrections``: list and resolve contradiction candidates (``a``-prefixed twins)."""

    def __init__(self, context: MemoryContext) -> None:
        self._ctx = context

    def list(self, user_id: str, *, status: str | None = "pending") -> list[FactCandidate]:
        """A user's contradiction candidates (pending by default; ``None`` for all)."""
        return self._ctx.store.list_candidates(user_id, status=status)

    async def alist(self, user_id: str, *, status: str | None = "pending") -> list[FactCandidate]:
        """Async twin of :meth:`list`."""
        return await self._ctx.astore.list_candidates(user_id, status=status)

    def resolve(self, user_id: str, candidate_id: uuid.UUID | str, *, accept: bool,
                at: datetime | None = None, note: str | None = None) -> FactCandidate:
        """Accept (the new claim replaces the old fact, which is kept as ``superseded``) or reject;
        ``note`` goes in the audit row (who decided)."""
        return self._ctx.store.resolve_candidate(user_id, candidate_id, accept=accept, at=at or self._ctx.now(),
                                                 note=note)

    async def aresolve(self, user_id: str, candidate_id: uuid.UUID | str, *, accept: bool,
                       at: datetime | None = None, note: str | None = None) -> FactCandidate:
        """Async twin of :meth:`resolve`."""
        return await self._ctx.astore.resolve_candidate(user_id, candidate_id, accept=accept,
                                                        at=at or self._ctx.now(), note=note)
