"""``MemoryContext``: the narrow set of collaborators the write and read paths receive.

The facade (:class:`~fact_memory_graph.FactMemory`) builds one context and hands it to the
write-graph nodes, the retriever and the recall node; nothing below the facade imports the
facade. The context always has an async store (a native asyncio one after ``aopen()``, a
thread-backed adapter after ``open()``), so async code never branches on the driver.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

import numpy as np
from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel

from fact_memory_graph.config import FactMemoryConfig
from fact_memory_graph.errors import DimensionMismatchError, InvalidInputError
from fact_memory_graph.lifecycle import RankingFormula, ranking_for
from fact_memory_graph.messages import truncate_middle
from fact_memory_graph.sanitize import clean_text
from fact_memory_graph.store import AsyncFactStore, FactStore
from fact_memory_graph.taxonomy import Taxonomy

logger = logging.getLogger(__name__)


class AccessRecorder:
    """Counts retrievals (access_count, last_accessed_at) off the read path's critical path.

    Retrievals are coalesced per user and fact while one background thread writes them, so the
    queue is bounded by the distinct facts retrieved meanwhile, not by the number of reads (2,000
    recalls once left 1,640 updates queued). A failure is logged and never fails a read.
    :meth:`flush` waits until everything recorded so far is written (tests, shutdown).
    """

    def __init__(self, store: FactStore, *, enabled: bool = True) -> None:
        self._store = store
        self._enabled = enabled
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fact-memory-access")
        self._queued: dict[str, dict[UUID, list[Any]]] = {}  # user -> fact -> [retrievals, latest time]
        self._drain_scheduled: Future[None] | None = None
        self._lock = threading.Lock()
        self._closed = False

    def record(self, user_id: str, fact_ids: Sequence[str | UUID], at: datetime) -> None:
        if not self._enabled or not fact_ids or self._closed:
            return
        with self._lock:
            facts = self._queued.setdefault(user_id, {})
            for raw in fact_ids:
                entry = facts.setdefault(UUID(str(raw)), [0, at])
                entry[0] += 1
                entry[1] = max(entry[1], at)
            if self._drain_scheduled is None:
                self._drain_scheduled = self._executor.submit(self._drain)

    def _drain(self) -> None:
        with self._lock:
            queued, self._queued = self._queued, {}
            self._drain_scheduled = None
        for user_id, facts in queued.items():
            ids = sorted(facts, key=str)
            try:
                self._store.record_access(user_id, ids, max(facts[i][1] for i in ids),
                                          counts=[facts[i][0] for i in ids])
            except Exception:  # access counts are best effort; never fail a read for them
                logger.warning("fact-memory: could not record access for %d facts", len(ids), exc_info=True)

    def flush(self) -> None:
        """Wait until every retrieval recorded so far is written."""
        with self._lock:
            scheduled = self._drain_scheduled
        if scheduled is not None:
            scheduled.result()
        self._executor.submit(lambda: None).result()  # a drain that was running has finished

    def close(self) -> None:
        self.flush()
        self._closed = True
        self._executor.shutdown(wait=True)


#: A message's own vector is the embedding of at most this many of its characters (middle cut):
#: the recall and the write path key and embed a message alike, so each embeds it once. (MiniLM
#: reads 256 tokens, about this much English text.)
MESSAGE_VECTOR_CHARS = 1000


def message_key(text: str) -> str:
    """The text a message's vector is the embedding of, and its key in :class:`RecentVectors`."""
    return clean_text(truncate_middle(text, MESSAGE_VECTOR_CHARS)).strip()


def compose(vectors: Sequence[Sequence[float]], weights: Sequence[float]) -> list[float]:
    """One query vector from several messages' vectors: their sum weighted by each message's
    length (its share of a text embedded whole), normalised. One vector is returned as is."""
    if len(vectors) == 1:
        return list(vectors[0])
    total = np.asarray(weights, dtype=np.float64) @ np.asarray(vectors, dtype=np.float64)
    norm = float(np.linalg.norm(total))
    return (total / norm if norm else total).tolist()


class RecentVectors:
    """The last ``size`` vectors of queries and messages by exact text (thread-safe, least
    recent out first)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._vectors: OrderedDict[str, list[float]] = OrderedDict()
        self._lock = threading.Lock()
        #: Vectors handed to the write path instead of embedding again.
        self.reused = 0

    def put(self, text: str, vector: list[float]) -> None:
        with self._lock:
            self._vectors[text] = vector
            self._vectors.move_to_end(text)
            while len(self._vectors) > self.size:
                self._vectors.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._vectors.clear()

    def get(self, text: str) -> list[float] | None:
        with self._lock:
            vector = self._vectors.get(text)
            if vector is not None:
                self.reused += 1
            return vector


@dataclass
class MemoryContext:
    """Store (sync and async), embedder, model, clock, configuration and access recorder."""

    store: FactStore
    astore: AsyncFactStore
    embeddings: Embeddings
    llm_factory: Callable[[], BaseChatModel]
    clock: Callable[[], datetime]
    config: FactMemoryConfig
    access: AccessRecorder = field(repr=False)
    #: What the one extraction call judges besides the facts: :class:`~fact_memory_graph.evaluators.Evaluator`
    #: objects (typed ``Any`` here: the evaluators module sits above this one).
    evaluators: tuple[Any, ...] = ()
    #: The latest query and message vectors by text (an embedder that embeds queries and stored
    #: texts alike): the recall and the write path embed each message once (messages_vector).
    recent_vectors: RecentVectors = field(default_factory=lambda: RecentVectors(), repr=False)

    @property
    def taxonomy(self) -> Taxonomy:
        """The categories in use (built-in plus ``config.categories``)."""
        return self.store.taxonomy

    @property
    def dimension(self) -> int:
        return self.store.dimension

    @property
    def ranking(self) -> RankingFormula:
        """The retriever's scoring formula, from the lifecycle policy."""
        return ranking_for(self.config.lifecycle)

    def now(self) -> datetime:
        """The clock's time; the clock must return an aware datetime."""
        at = self.clock()
        if not isinstance(at, datetime) or at.tzinfo is None:
            raise InvalidInputError("clock() must return a timezone-aware datetime")
        return at

    def _checked(self, vectors: list[list[float]]) -> list[list[float]]:
        for v in vectors:
            if len(v) != self.dimension:
                raise DimensionMismatchError(self.dimension, len(v))
        return vectors

    def embed_many(self, texts: list[str]) -> list[list[float]]:
        """Embed and check every vector's dimension against the store's."""
        return self._checked(self.embeddings.embed_documents(texts) if texts else [])

    async def aembed_many(self, texts: list[str]) -> list[list[float]]:
        """Async twin of :meth:`embed_many`."""
        return self._checked(await self.embeddings.aembed_documents(texts) if texts else [])

    def _known_texts(self, texts: Sequence[str]) -> tuple[list[str], dict[str, list[float]]]:
        """The distinct ``texts`` and the vectors already at hand for some of them: a text the
        recall or the write path embedded as it is (its :func:`message_key` is the text itself:
        the vector kept under that key is the embedding of exactly this text)."""
        unique = list(dict.fromkeys(texts))
        known: dict[str, list[float]] = {}
        if self._symmetric:
            for text in unique:
                if message_key(text) == text and (vector := self.recent_vectors.get(text)) is not None:
                    known[text] = vector
        return unique, known

    def embed_texts(self, texts: list[str]) -> list[list[float]]:
        """:meth:`embed_many` with each distinct text embedded once: a text repeated in ``texts``
        (two ops of a message with one claim), or embedded as it is by the recall or the write
        path moments before (:attr:`recent_vectors`, looked up by the exact text), is not sent to
        the embedder again. One vector per text, in order."""
        unique, known = self._known_texts(texts)
        missing = [t for t in unique if t not in known]
        known.update(zip(missing, self.embed_many(missing), strict=True))
        return [known[t] for t in texts]

    async def aembed_texts(self, texts: list[str]) -> list[list[float]]:
        """Async twin of :meth:`embed_texts`."""
        unique, known = self._known_texts(texts)
        missing = [t for t in unique if t not in known]
        known.update(zip(missing, await self.aembed_many(missing), strict=True))
        return [known[t] for t in texts]

    def _query(self, text: str) -> str:
        return clean_text(truncate_middle(text, self.config.read.max_query_chars))

    @property
    def _symmetric(self) -> bool:
        return bool(getattr(self.embeddings, "symmetric", False))

    def embed_query(self, text: str) -> list[float]:
        """Embed a search query (cut to ``ReadConfig.max_query_chars``), dimension checked."""
        query = self._query(text)
        vector = self._checked([self.embeddings.embed_query(query)])[0]
        if self._symmetric and message_key(query) == query.strip():
            self.recent_vectors.put(query.strip(), vector)
        return vector

    async def aembed_query(self, text: str) -> list[float]:
        """Async twin of :meth:`embed_query`."""
        query = self._query(text)
        vector = self._checked([await self.embeddings.aembed_query(query)])[0]
        if self._symmetric and message_key(query) == query.strip():
            self.recent_vectors.put(query.strip(), vector)
        return vector

    def _split(self, texts: Sequence[str]) -> tuple[list[str], list[str], list[list[float] | None]]:
        keys = [k for k in (message_key(t) for t in texts) if k]
        unique = list(dict.fromkeys(keys))
        known = [self.recent_vectors.get(k) for k in unique]
        return keys, unique, known

    def _composed(self, keys: list[str], unique: list[str], known: list[list[float] | None],
                  embedded: list[list[float]]) -> list[float] | None:
        fresh = iter(embedded)
        by_key: dict[str, list[float]] = {}
        for key, vector in zip(unique, known, strict=True):
            if vector is None:
                vector = next(fresh)
                self.recent_vectors.put(key, vector)
            by_key[key] = vector
        if not keys:
            return None
        return compose([by_key[k] for k in keys], [len(k) for k in keys])

    def messages_vector(self, texts: Sequence[str]) -> list[float] | None:
        """One vector for these messages, each message's text embedded once per process: a
        message's vector (:func:`message_key`) is taken from :attr:`recent_vectors` when the
        recall or the write path embedded it before, else embedded now (the missing ones in one
        call) and kept; the vectors are composed by :func:`compose`. ``None`` for an embedder
        that embeds queries unlike stored texts (the caller embeds its own text) or no text."""
        if not self._symmetric:
            return None
        keys, unique, known = self._split(texts)
        missing = [k for k, v in zip(unique, known, strict=True) if v is None]
        return self._composed(keys, unique, known, self.embed_many(missing))

    async def amessages_vector(self, texts: Sequence[str]) -> list[float] | None:
        """Async twin of :meth:`messages_vector`."""
        if not self._symmetric:
            return None
        keys, unique, known = self._split(texts)
        missing = [k for k, v in zip(unique, known, strict=True) if v is None]
        return self._composed(keys, unique, known, await self.aembed_many(missing))
