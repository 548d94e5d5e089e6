"""``memory.sessions``: one content record per earlier conversation (its facts, embedded once),
searched by similarity so a reply can recall "what we talked about last time"."""

from __future__ import annotations

from fact_memory_graph import sessions
from fact_memory_graph.context import MemoryContext
from fact_memory_graph.sanitize import check_id, clean_text
from fact_memory_graph.sessions import SessionRecord, to_records

__all__ = ["Sessions"]


class Sessions:
    """``memory.sessions``: build, search and list session records (``a``-prefixed twins)."""

    def __init__(self, context: MemoryContext) -> None:
        self._ctx = context

    def build(self, user_id: str) -> dict[str, int]:
        """Write the content record of every session whose facts changed (embedded once), drop
        those left without facts; the scheduled job runs it. Returns ``built``, ``dropped``,
        ``sessions``."""
        return sessions.build_sessions(self._ctx, check_id(user_id, "user_id"), at=self._ctx.now())

    async def abuild(self, user_id: str) -> dict[str, int]:
        """Async twin of :meth:`build`."""
        return await sessions.abuild_sessions(self._ctx, check_id(user_id, "user_id"), at=self._ctx.now())

    def _limits(self, limit: int | None, threshold: float | None) -> tuple[int, float]:
        cfg = self._ctx.config.sessions
        return (cfg.search_limit if limit is None else limit,
                cfg.search_threshold if threshold is None else threshold)

    def search(self, user_id: str, query: str, *, limit: int | None = None, threshold: float | None = None,
               exclude: str | None = None) -> list[SessionRecord]:
        """The user's earlier sessions most similar to ``query``: at most ``limit`` (default 5)
        with cosine similarity >= ``threshold`` (default 0.5), best first; never ``exclude``
        (the running session)."""
        limit, threshold = self._limits(limit, threshold)
        return sessions.search_sessions(self._ctx, check_id(user_id, "user_id"), clean_text(query),
                                        limit=limit, threshold=threshold, exclude=exclude)

    async def asearch(self, user_id: str, query: str, *, limit: int | None = None,
                      threshold: float | None = None, exclude: str | None = None) -> list[SessionRecord]:
        """Async twin of :meth:`search`."""
        limit, threshold = self._limits(limit, threshold)
        return await sessions.asearch_sessions(self._ctx, check_id(user_id, "user_id"), clean_text(query),
                                               limit=limit, threshold=threshold, exclude=exclude)

    def list(self, user_id: str) -> list[SessionRecord]:
        """The user's session records, oldest first."""
        return to_records(self._ctx.store.list_sessions(check_id(user_id, "user_id")))

    async def alist(self, user_id: str) -> list[SessionRecord]:
        """Async twin of :meth:`list`."""
        return to_records(await self._ctx.astore.list_sessions(check_id(user_id, "user_id")))
