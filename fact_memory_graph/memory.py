"""``FactMemory``: the public entry point that ties store, embeddings, model and clock together."""

from __future__ import annotations

import asyncio
import logging
import os
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage
from langgraph.graph.state import CompiledStateGraph

from fact_memory_graph.config import FactMemoryConfig
from fact_memory_graph.errors import ConfigurationError, DimensionMismatchError, InvalidInputError
from fact_memory_graph.nodes import WriteDeps, aplan_ops, plan_ops
from fact_memory_graph.schema import (
    AppliedOp,
    ApplyOutcome,
    AuditEntry,
    Fact,
    FactCandidate,
    FactKind,
    FactSource,
    FactStatus,
    PlannedOp,
    VerificationStatus,
    check_category,
)
from fact_memory_graph.store.aio import AsyncFactStore, make_async_pool
from fact_memory_graph.store.store import FactStore, make_pool
from fact_memory_graph.write_graph import OnError, build_write_graph

logger = logging.getLogger(__name__)


def utc_now() -> datetime:
    return datetime.now(UTC)


def model_from_env() -> BaseChatModel | None:
    """The extraction model configured by the environment, or ``None``.

    ``FACT_MEMORY_MODEL=provider:model`` (``openai:gpt-4o-mini``; other providers need the
    ``langchain`` package's ``init_chat_model``). With only ``OPENAI_API_KEY`` or
    ``OPENAI_BASE_URL`` set, ``gpt-4o-mini`` is used. Temperature 0.
    """
    spec = os.environ.get("FACT_MEMORY_MODEL")
    if not spec and not (os.environ.get("OPENAI_API_KEY") or os.environ.get("OPENAI_BASE_URL")):
        return None
    provider, _, name = (spec or "openai:gpt-4o-mini").partition(":")
    if not name:
        provider, name = "openai", provider
    if provider == "openai":
        from langchain_openai import ChatOpenAI

        max_tokens = int(os.environ.get("FACT_MEMORY_MAX_TOKENS", "1024"))
        kwargs: dict[str, Any] = {"model": name, "temperature": 0, "max_retries": 2,
                                  "timeout": float(os.environ.get("FACT_MEMORY_TIMEOUT", "60"))}
        if os.environ.get("OPENAI_BASE_URL"):
            # Local servers (llama.cpp, vLLM) read max_tokens, not the max_completion_tokens that
            # ChatOpenAI sends for max_tokens=.
            kwargs["extra_body"] = {"max_tokens": max_tokens}
        else:
            kwargs["max_tokens"] = max_tokens
        if not os.environ.get("OPENAI_API_KEY"):
            kwargs["api_key"] = "not-needed"  # local OpenAI-compatible servers
        return ChatOpenAI(**kwargs)
    try:
        from langchain.chat_models import init_chat_model
    except ImportError as exc:
        raise ConfigurationError(
            f"FACT_MEMORY_MODEL={spec!r}: provider {provider!r} needs `pip install langchain "
            f"langchain-{provider}`"
        ) from exc
    return init_chat_model(name, model_provider=provider, temperature=0)


class FactMemory:
    """Long-term memory of facts about the people an agent talks to.

    Open one with :meth:`open` and share it; it is thread-safe. Write with :meth:`remember` /
    :meth:`write_graph`, read with :meth:`as_retriever` / :meth:`recall` / :meth:`recall_node`.
    Async twins (``aremember``, ``arecall``, ...) run the blocking database and model calls on
    worker threads so the event loop stays free.
    """

    def __init__(
        self,
        store: FactStore,
        *,
        embeddings: Embeddings,
        llm: BaseChatModel | None = None,
        clock: Callable[[], datetime] | None = None,
        config: FactMemoryConfig | None = None,
        embedded: Any = None,
        database_url: str | None = None,
    ) -> None:
        self.store = store
        #: Set by :meth:`aopen`: the asyncio store used by the async read path.
        self.astore: AsyncFactStore | None = None
        self.embeddings = embeddings
        self._llm = llm
        self.clock: Callable[[], datetime] = clock or utc_now
        self.config = config or FactMemoryConfig()
        self.database_url = database_url
        self._embedded = embedded
        self._graphs: dict[str, CompiledStateGraph] = {}
        self._access_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fact-memory-access")
        self._pending_access: list[Future[None]] = []
        self._closed = False
        self.deps = WriteDeps(
            store=store, embeddings=embeddings, llm_factory=lambda: self.llm, config=self.config.write,
            clock=self.now,
        )

    # ------------------------------------------------------------------ open / close
    @classmethod
    def open(
        cls,
        database_url: str | None = None,
        *,
        embeddings: Embeddings | None = None,
        llm: BaseChatModel | None = None,
        clock: Callable[[], datetime] | None = None,
        config: FactMemoryConfig | None = None,
        data_dir: str | os.PathLike[str] | None = None,
        setup: bool = True,
    ) -> FactMemory:
        """Open a memory on ``database_url``, else ``$FACT_MEMORY_DATABASE_URL``, else the
        embedded Postgres (started or reused in ``data_dir`` / ``$FACT_MEMORY_DATA_DIR``).

        ``embeddings`` defaults to the offline all-MiniLM-L6-v2; ``llm`` to
        :func:`model_from_env` (resolved on first extraction); ``clock`` (returns an aware
        datetime) to UTC now. ``setup=True`` runs the migrations.
        """
        config = config or FactMemoryConfig.from_env()
        if embeddings is None:
            from fact_memory_graph.embeddings import LocalMiniLMEmbeddings

            embeddings = LocalMiniLMEmbeddings()
        url = database_url or os.environ.get("FACT_MEMORY_DATABASE_URL")
        embedded = None
        if not url:
            from fact_memory_graph.embedded import EmbeddedPostgres, install_sigterm_handler

            embedded = EmbeddedPostgres(data_dir)
            install_sigterm_handler()
            url = embedded.url()
        dimension = getattr(embeddings, "dimension", None) or len(embeddings.embed_query("dimension probe"))
        try:
            pool = make_pool(url, min_size=config.pool_min_size, max_size=config.pool_max_size)
        except Exception:
            if embedded is not None:
                embedded.close()
            raise
        memory = cls(
            FactStore(pool, dimension=dimension, write=config.write),
            embeddings=embeddings, llm=llm, clock=clock, config=config, embedded=embedded, database_url=url,
        )
        if setup:
            try:
                memory.setup()
            except Exception:
                memory.close()
                raise
        return memory

    @classmethod
    async def aopen(cls, database_url: str | None = None, **kwargs: Any) -> FactMemory:
        """Async twin of :meth:`open`: also opens an ``AsyncConnectionPool`` in the running event
        loop, so the read path (retriever, recall node, ``arecall``) and the async inspection
        methods run natively on asyncio. The memory then belongs to this event loop."""
        memory = await asyncio.to_thread(lambda: cls.open(database_url, **kwargs))
        try:
            pool = await make_async_pool(memory.database_url, min_size=memory.config.pool_min_size,
                                         max_size=memory.config.pool_max_size)
        except BaseException:
            await asyncio.to_thread(memory.close)
            raise
        memory.astore = memory.deps.astore = AsyncFactStore(
            pool, dimension=memory.store.dimension, write=memory.config.write)
        return memory

    def setup(self) -> None:
        """Create or migrate the schema (idempotent; safe from several processes at once)."""
        self.store.setup()

    def close(self) -> None:
        """Finish pending access updates, close the pool, release the embedded server."""
        if self._closed:
            return
        self._closed = True
        self.flush()
        self._access_pool.shutdown(wait=True)
        self.store.pool.close()
        if self._embedded is not None:
            self._embedded.close()

    async def aclose(self) -> None:
        """Async twin of :meth:`close` (also closes the async pool of :meth:`aopen`)."""
        if self.astore is not None:
            await self.astore.pool.close()
            self.astore = self.deps.astore = None
        await asyncio.to_thread(self.close)

    def __enter__(self) -> FactMemory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> FactMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # ------------------------------------------------------------------ basics
    def now(self) -> datetime:
        at = self.clock()
        if at.tzinfo is None:
            raise InvalidInputError("clock() must return a timezone-aware datetime")
        return at

    @property
    def llm(self) -> BaseChatModel:
        """The extraction model (given to :meth:`open`, else from the environment)."""
        if self._llm is None:
            self._llm = model_from_env()
            if self._llm is None:
                raise ConfigurationError(
                    "no chat model for extraction: pass llm=... to FactMemory.open, or set "
                    "FACT_MEMORY_MODEL (e.g. openai:gpt-4o-mini) with OPENAI_API_KEY, or "
                    "OPENAI_BASE_URL for a local OpenAI-compatible server"
                )
        return self._llm

    def embed_query(self, text: str) -> list[float]:
        return self.deps.embed_many([text])[0]

    async def aembed_query(self, text: str) -> list[float]:
        """Async twin of :meth:`embed_query` (the embedder's own ``aembed_query``)."""
        vector = await self.embeddings.aembed_query(text)
        if len(vector) != self.store.dimension:
            raise DimensionMismatchError(self.store.dimension, len(vector))
        return vector

    # ------------------------------------------------------------------ write path
    def write_graph(self, *, on_error: OnError = "raise") -> CompiledStateGraph:
        """The compiled write subgraph (embed -> retrieve -> extract -> dedup -> apply).

        Add it as a node to any graph whose state has ``messages``. ``on_error='log'`` makes a
        failure end the run with ``memory_outcome.error`` set instead of raising, so a memory
        problem never breaks the agent's reply (nothing is applied; the message can be retried).
        """
        if on_error not in self._graphs:
            self._graphs[on_error] = build_write_graph(self.deps, on_error=on_error)
        return self._graphs[on_error]

    def _write_input(
        self, user_id: str, message: str | BaseMessage, message_id: str | None, at: datetime | None,
        context: Sequence[BaseMessage] | None,
    ) -> dict[str, Any]:
        if not isinstance(user_id, str) or not user_id.strip():
            raise InvalidInputError("user_id must be a non-empty string")
        if isinstance(message, str):
            message = HumanMessage(content=message, id=message_id or str(uuid.uuid4()))
        elif message_id is not None or not message.id:
            message = message.model_copy(update={"id": message_id or str(uuid.uuid4())})
        if at is not None and at.tzinfo is None:
            raise InvalidInputError("at must be timezone-aware")
        state: dict[str, Any] = {"messages": [*(context or []), message], "user_id": user_id}
        if at is not None:
            state["at"] = at
        return state

    def remember(
        self,
        user_id: str,
        message: str | BaseMessage,
        *,
        message_id: str | None = None,
        at: datetime | None = None,
        context: Sequence[BaseMessage] | None = None,
    ) -> ApplyOutcome:
        """Extract facts from one user message and apply them; returns what was applied.

        Pass a stable ``message_id`` to make retries idempotent: a processed id is never applied
        twice (the earlier outcome comes back with ``already_processed=True``). ``at`` is the
        message time (default: the clock); ``context`` is earlier messages of the conversation.
        Raises :class:`~fact_memory_graph.errors.FactMemoryError` subclasses on failure, with
        nothing applied.
        """
        state = self._write_input(user_id, message, message_id, at, context)
        return self.write_graph().invoke(state)["memory_outcome"]

    async def aremember(
        self,
        user_id: str,
        message: str | BaseMessage,
        *,
        message_id: str | None = None,
        at: datetime | None = None,
        context: Sequence[BaseMessage] | None = None,
    ) -> ApplyOutcome:
        """Async twin of :meth:`remember`."""
        state = self._write_input(user_id, message, message_id, at, context)
        return (await self.write_graph().ainvoke(state))["memory_outcome"]

    def _direct_proposal(
        self, claim: str, kind: FactKind | str, category: str, structured_fields: dict[str, Any] | None,
        verification_status: VerificationStatus | str,
    ) -> PlannedOp:
        kind = FactKind(kind)
        try:
            check_category(kind, category)
        except ValueError as exc:
            raise InvalidInputError(str(exc)) from exc
        claim = (claim or "").strip()
        if not claim:
            raise InvalidInputError("claim must be non-empty")
        if len(claim) > self.config.write.max_claim_chars:
            raise InvalidInputError(f"claim longer than {self.config.write.max_claim_chars} characters")
        return PlannedOp(op=f"add_{kind.value}", kind=kind, category=category, claim=claim,
                         structured_fields=structured_fields or {},
                         verification_status=VerificationStatus(verification_status))

    @staticmethod
    def _single(outcome: ApplyOutcome, message_id: str | None) -> AppliedOp:
        if not outcome.applied:  # a replayed message_id whose first run applied nothing
            raise InvalidInputError(f"message_id {message_id!r} was already used for another write")
        return outcome.applied[0]

    def add_fact(
        self,
        user_id: str,
        claim: str,
        *,
        kind: FactKind | str,
        category: str,
        source: FactSource | str = FactSource.USER_EDIT,
        at: datetime | None = None,
        structured_fields: dict[str, Any] | None = None,
        verification_status: VerificationStatus | str = VerificationStatus.SELF_REPORTED,
        message_id: str | None = None,
    ) -> AppliedOp:
        """Write a fact directly (user edits, imports, tests), without the model.

        Goes through the same dedup and apply steps: a near-duplicate of an active fact becomes
        a strengthen of it. ``message_id`` (default: a fresh one) makes the write idempotent.
        """
        proposal = self._direct_proposal(claim, kind, category, structured_fields, verification_status)
        planned = plan_ops(self.deps, user_id, [proposal], source=FactSource(source))
        outcome = self.store.apply(user_id, message_id or f"direct:{uuid.uuid4()}", planned, at=at or self.now())
        return self._single(outcome, message_id)

    async def aadd_fact(
        self,
        user_id: str,
        claim: str,
        *,
        kind: FactKind | str,
        category: str,
        source: FactSource | str = FactSource.USER_EDIT,
        at: datetime | None = None,
        structured_fields: dict[str, Any] | None = None,
        verification_status: VerificationStatus | str = VerificationStatus.SELF_REPORTED,
        message_id: str | None = None,
    ) -> AppliedOp:
        """Async twin of :meth:`add_fact`."""
        if self.astore is None:
            return await asyncio.to_thread(lambda: self.add_fact(
                user_id, claim, kind=kind, category=category, source=source, at=at,
                structured_fields=structured_fields, verification_status=verification_status, message_id=message_id))
        proposal = self._direct_proposal(claim, kind, category, structured_fields, verification_status)
        planned = await aplan_ops(self.deps, user_id, [proposal], source=FactSource(source))
        outcome = await self.astore.apply(user_id, message_id or f"direct:{uuid.uuid4()}", planned,
                                          at=at or self.now())
        return self._single(outcome, message_id)

    # ------------------------------------------------------------------ inspection
    def facts(
        self, user_id: str, *, kind: FactKind | str | None = None, status: FactStatus | str | Sequence[str] | None = None,
        category: str | None = None,
    ) -> list[Fact]:
        """A user's facts (every status unless filtered), oldest first."""
        return self.store.list_facts(user_id, kind=kind, status=status, category=category)

    async def afacts(self, user_id: str, **kwargs: Any) -> list[Fact]:
        """Async twin of :meth:`facts`."""
        if self.astore is not None:
            return await self.astore.list_facts(user_id, **kwargs)
        return await asyncio.to_thread(lambda: self.facts(user_id, **kwargs))

    def candidates(self, user_id: str, *, status: str | None = "pending") -> list[FactCandidate]:
        """Contradiction candidates (pending by default)."""
        return self.store.list_candidates(user_id, status=status)

    async def acandidates(self, user_id: str, *, status: str | None = "pending") -> list[FactCandidate]:
        """Async twin of :meth:`candidates`."""
        if self.astore is not None:
            return await self.astore.list_candidates(user_id, status=status)
        return await asyncio.to_thread(lambda: self.candidates(user_id, status=status))

    def resolve_candidate(self, user_id: str, candidate_id: Any, *, accept: bool, at: datetime | None = None) -> FactCandidate:
        """Accept (the new claim replaces the old fact, which is kept as ``superseded``) or reject."""
        return self.store.resolve_candidate(user_id, candidate_id, accept=accept, at=at or self.now())

    async def aresolve_candidate(self, user_id: str, candidate_id: Any, *, accept: bool,
                                 at: datetime | None = None) -> FactCandidate:
        """Async twin of :meth:`resolve_candidate`."""
        if self.astore is not None:
            return await self.astore.resolve_candidate(user_id, candidate_id, accept=accept, at=at or self.now())
        return await asyncio.to_thread(lambda: self.resolve_candidate(user_id, candidate_id, accept=accept, at=at))

    def audit_log(self, user_id: str, *, limit: int | None = None) -> list[AuditEntry]:
        return self.store.audit_log(user_id, limit=limit)

    def stats(self, user_id: str) -> dict[str, Any]:
        return self.store.stats(user_id)

    async def astats(self, user_id: str) -> dict[str, Any]:
        """Async twin of :meth:`stats`."""
        if self.astore is not None:
            return await self.astore.stats(user_id)
        return await asyncio.to_thread(lambda: self.stats(user_id))

    def export(self, user_id: str) -> dict[str, Any]:
        """Everything stored about a user, as JSON-ready data (no embeddings)."""
        return {
            "user_id": user_id,
            "exported_at": self.now().isoformat(),
            "facts": [f.model_dump(mode="json") for f in self.facts(user_id)],
            "candidates": [c.model_dump(mode="json") for c in self.candidates(user_id, status=None)],
            "audit_log": [a.model_dump(mode="json") for a in self.audit_log(user_id)],
        }

    def forget(self, user_id: str) -> dict[str, int]:
        """Hard-delete everything about a user (privacy). Returns deleted row counts."""
        return self.store.delete_user(user_id)

    def purge_fact(self, user_id: str, fact_id: Any) -> bool:
        """Hard-delete one fact and its audit rows (privacy)."""
        return self.store.purge_fact(user_id, fact_id)

    def maintain(self, user_id: str, *, at: datetime | None = None, dormant_after_days: float = 90.0) -> dict[str, int]:
        """Expire current facts past ``expires_at`` and mark long-unused durable facts dormant."""
        return self.store.maintain(user_id, at=at or self.now(), dormant_after_days=dormant_after_days)

    # ------------------------------------------------------------------ read path
    def as_retriever(self, *, user_id: str, **kwargs: Any):
        """A :class:`~fact_memory_graph.retriever.FactMemoryRetriever` for one user."""
        from fact_memory_graph.retriever import FactMemoryRetriever

        kwargs.setdefault("k_durable", self.config.read.k_durable)
        kwargs.setdefault("k_current", self.config.read.k_current)
        return FactMemoryRetriever(memory=self, user_id=user_id, **kwargs)

    def recall(self, user_id: str, query: str, *, at: datetime | None = None, token_budget: int | None = None,
               **retriever_kwargs: Any) -> str:
        """The two prompt sections for ``query`` ("" when nothing is known)."""
        from fact_memory_graph.formatting import format_memory_sections

        if at is not None:
            retriever_kwargs["clock"] = lambda: at
        docs = self.as_retriever(user_id=user_id, **retriever_kwargs).invoke(query)
        budget = self.config.read.token_budget if token_budget is None else token_budget
        return format_memory_sections(docs, token_budget=budget)

    async def arecall(self, user_id: str, query: str, *, at: datetime | None = None,
                      token_budget: int | None = None, **retriever_kwargs: Any) -> str:
        """Async twin of :meth:`recall`."""
        from fact_memory_graph.formatting import format_memory_sections

        if at is not None:
            retriever_kwargs["clock"] = lambda: at
        docs = await self.as_retriever(user_id=user_id, **retriever_kwargs).ainvoke(query)
        budget = self.config.read.token_budget if token_budget is None else token_budget
        return format_memory_sections(docs, token_budget=budget)

    def recall_node(self, *, key: str = "memory_context", **kwargs: Any):
        """A node that writes the memory sections for the last messages to ``state[key]``."""
        from fact_memory_graph.recall import make_recall_node

        return make_recall_node(self, key=key, **kwargs)

    def as_vectorstore(self, user_id: str):
        """The facts table as a LangChain ``PGVectorStore``, scoped to one user (read-only)."""
        from fact_memory_graph.vectorstore import user_scoped_vectorstore

        if not self.database_url:
            raise ConfigurationError("as_vectorstore needs the database URL the memory was opened with")
        return user_scoped_vectorstore(self.database_url, self.embeddings, user_id)

    # ------------------------------------------------------------------ access tracking
    def _track_access(self, user_id: str, fact_ids: list[str], at: datetime) -> None:
        if not self.config.read.track_access or not fact_ids or self._closed:
            return
        ids = [uuid.UUID(i) for i in fact_ids]
        self._pending_access = [f for f in self._pending_access if not f.done()]
        self._pending_access.append(self._access_pool.submit(self._record_access, user_id, ids, at))

    def _record_access(self, user_id: str, ids: list[uuid.UUID], at: datetime) -> None:
        try:
            self.store.record_access(user_id, ids, at)
        except Exception:  # access counts are best effort; never fail a read for them
            logger.warning("fact-memory: could not record access for %d facts", len(ids), exc_info=True)

    def flush(self) -> None:
        """Wait for background access-count updates (tests, shutdown)."""
        for f in list(self._pending_access):
            f.result()
        self._pending_access.clear()
