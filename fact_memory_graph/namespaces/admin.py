"""``memory.admin``: the store as a whole — its schema and embedder, every user, counts, the
audit log, and the forgets still waiting to finish."""

from __future__ import annotations

import asyncio
from typing import Any

from fact_memory_graph import embedder_record
from fact_memory_graph.context import MemoryContext
from fact_memory_graph.sanitize import warm_secret_filter
from fact_memory_graph.schema import AuditEntry

__all__ = ["Admin"]


class Admin:
    """``memory.admin``: setup, warm_up, reembed, users, stats, audit, forget_requests (``a``-prefixed twins)."""

    def __init__(self, context: MemoryContext) -> None:
        self._ctx = context

    def setup(self, *, check_embedder: bool = True, citus: bool = False) -> None:
        """Create or migrate the schema (idempotent; safe from several processes at once), and
        record the embedder in a new store or refuse one whose vectors come from another model
        (:class:`~fact_memory_graph.errors.EmbedderMismatchError`; see
        :mod:`fact_memory_graph.embedder_record`). ``FactMemory.open`` runs it unless ``setup=False``.
        ``citus``: migrate a schema distributed with Citus too (``fact-memory setup --citus``)."""
        self._ctx.store.setup(citus=citus)
        if check_embedder:
            embedder_record.check_embedder(self._ctx)

    async def asetup(self, *, check_embedder: bool = True, citus: bool = False) -> None:
        """Async twin of :meth:`setup`."""
        await self._ctx.astore.setup(citus=citus)
        if check_embedder:
            await embedder_record.acheck_embedder(self._ctx)

    def warm_up(self) -> None:
        """Build every pattern, word tree and model of the secret filter now (about 6 s of one core,
        once per process) instead of in the first messages that reach them (up to 2.5 s for one
        message; a budgeted write spends it before its budget starts). ``FactMemory.open`` loads
        only the filter's libraries, which suits short-lived processes; call this where a server
        should answer its first users at full speed (``fact-memory mcp`` does). A no-op without
        ``WriteConfig.redact_secrets``."""
        if self._ctx.config.write.redact_secrets:
            warm_secret_filter()

    async def awarm_up(self) -> None:
        """Async twin of :meth:`warm_up` (on a worker thread: the building is CPU work)."""
        await asyncio.to_thread(self.warm_up)

    def reembed(self) -> dict[str, Any]:
        """Re-embed every stored vector of every user with this memory's embedder and record it
        as the store's (after switching embedders; open with ``setup=False`` and call
        ``setup(check_embedder=False)`` first). Returns the counts."""
        return embedder_record.reembed(self._ctx)

    async def areembed(self) -> dict[str, Any]:
        """Async twin of :meth:`reembed` (on a worker thread: a one-off, long batch job)."""
        return await asyncio.to_thread(embedder_record.reembed, self._ctx)

    def users(self) -> list[dict[str, Any]]:
        """Every user with stored facts: ``user_id``, ``facts``, ``retrievable``, ``last_fact_at``."""
        return self._ctx.store.users()

    async def ausers(self) -> list[dict[str, Any]]:
        """Async twin of :meth:`users`."""
        return await self._ctx.astore.users()

    def users_page(self, *, prefix: str = "", after: str = "", limit: int = 50) -> list[dict[str, Any]]:
        """One page of users (id order) whose id starts with ``prefix``, after ``after`` (pass the
        last ``user_id`` of a page for the next): ``user_id``, believed ``durable`` and ``current``
        facts, every fact (``facts``), ``last_activity``, ``queued`` and ``parked`` messages,
        ``pending`` corrections. Users with facts or logged messages are listed."""
        return self._ctx.store.users_page(prefix=prefix, after=after, limit=limit)

    async def ausers_page(self, *, prefix: str = "", after: str = "", limit: int = 50) -> list[dict[str, Any]]:
        """Async twin of :meth:`users_page`."""
        return await self._ctx.astore.users_page(prefix=prefix, after=after, limit=limit)

    def stats(self, user_id: str) -> dict[str, Any]:
        """Counts of a user's facts by kind and status, pending candidates, audit rows, messages."""
        return self._ctx.store.stats(user_id)

    async def astats(self, user_id: str) -> dict[str, Any]:
        """Async twin of :meth:`stats`."""
        return await self._ctx.astore.stats(user_id)

    def audit(self, user_id: str, *, limit: int | None = None, newest: bool = False) -> list[AuditEntry]:
        """The user's audit rows, oldest first; ``limit``: the first N (with ``newest``, the last N)."""
        return self._ctx.store.audit_log(user_id, limit=limit, newest=newest)

    async def aaudit(self, user_id: str, *, limit: int | None = None, newest: bool = False) -> list[AuditEntry]:
        """Async twin of :meth:`audit`."""
        return await self._ctx.astore.audit_log(user_id, limit=limit, newest=newest)

    def forget_requests(self) -> list[dict[str, Any]]:
        """Forgets that could not finish and wait for the worker to retry them, oldest first."""
        return self._ctx.store.forget_requests()

    async def aforget_requests(self) -> list[dict[str, Any]]:
        """Async twin of :meth:`forget_requests`."""
        return await self._ctx.astore.forget_requests()
