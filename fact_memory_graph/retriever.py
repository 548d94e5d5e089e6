"""Read path: ``FactMemoryRetriever``, a LangChain ``BaseRetriever`` over one user's facts.

For a query it fetches similarity candidates of each kind (more than the quota), scores each as
``relevance x confidence x time_weight`` and keeps the top ``k_durable`` durable and top
``k_current`` current facts; ``k`` caps the total (the top k by score across both kinds).

- relevance = cosine similarity of query and claim, clipped to [0, 1];
- time_weight = 1 for durable facts; for current facts the configured curve (default
  ``exp(-age_days/14)``) of the age since ``last_confirmed_at`` (a reaffirmed state is fresh
  again; set ``ReadConfig.age_from='valid_at'`` to count from when the state began);
- statuses: ``active`` and ``dormant`` facts are returned (dormant = believed but unused; being
  retrieved makes it active again); superseded, expired and retracted facts never are;
- stale states: a current fact whose time weight is below ``ReadConfig.current_floor`` (default
  0.05, ~6 weeks without reaffirmation) is left out. The seed's "no hard cutoff" holds for the
  ranking — every curve stays positive and scores are continuous above the floor — but a state
  last mentioned months ago is not something to present as happening now. A fact past its
  ``expires_at`` is left out too, even before ``maintain`` marks it expired.

Ties break by claim then id, so the same call twice gives the same output.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from langchain_core.callbacks import (
    AsyncCallbackManagerForRetrieverRun,
    CallbackManagerForRetrieverRun,
)
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field, model_validator

from fact_memory_graph.config import ReadConfig
from fact_memory_graph.context import MemoryContext
from fact_memory_graph.schema import Fact, FactKind, PendingContradiction, SearchHit

_READ_DEFAULTS = ReadConfig()
#: Similarity candidates fetched per kind are at least this many, however small the quota.
MIN_CANDIDATES = 20


def fact_age_days(fact: Fact, now: datetime, age_from: str) -> float:
    start = fact.valid_at if age_from == "valid_at" and fact.valid_at else fact.last_confirmed_at
    return max((now - start).total_seconds() / 86400.0, 0.0)


def score_facts(
    found: dict[FactKind, list[SearchHit]],
    *,
    now: datetime,
    read: ReadConfig,
    k_durable: int,
    k_current: int,
    k: int | None,
) -> list[Document]:
    """Rank candidates per kind, keep the quotas, cap at ``k``; best first."""
    docs: list[Document] = []
    for kind, quota in ((FactKind.DURABLE, k_durable), (FactKind.CURRENT, k_current)):
        scored = []
        for fact, similarity, pending in found.get(kind, []):
            if fact.expires_at is not None and fact.expires_at <= now:
                continue  # its window passed; maintain() will mark it expired
            relevance = min(max(similarity, 0.0), 1.0)
            weight = 1.0 if kind is FactKind.DURABLE else read.time_weight(fact_age_days(fact, now, read.age_from))
            if kind is FactKind.CURRENT and weight < read.current_floor:
                continue  # stale: no longer "currently happening" (see ReadConfig.current_floor)
            scored.append((relevance * fact.confidence * weight, relevance, weight, fact, pending))
        scored.sort(key=lambda s: (-s[0], s[3].claim, str(s[3].id)))
        docs.extend(_document(*s) for s in scored[:quota])
    docs.sort(key=lambda d: (-d.metadata["score"], d.metadata["kind"], d.page_content, d.id))
    return docs[:k] if k is not None else docs


def _document(score: float, relevance: float, weight: float, fact: Fact,
              pending: list[PendingContradiction]) -> Document:
    return Document(
        id=str(fact.id),
        page_content=fact.claim,
        metadata={
            "id": str(fact.id),
            "kind": fact.kind.value,
            "category": fact.category,
            "confidence": fact.confidence,
            "relevance": round(relevance, 6),
            "time_weight": round(weight, 6),
            "score": round(score, 6),
            "status": fact.status.value,
            "valid_at": fact.valid_at,
            "created_at": fact.created_at,
            "last_confirmed_at": fact.last_confirmed_at,
            "verification_status": fact.verification_status.value,
            "structured_fields": dict(fact.structured_fields),
            "pending_contradictions": [
                {"id": str(p.id), "claim": p.claim} for p in pending
            ],
        },
    )


class FactMemoryRetriever(BaseRetriever):
    """Top durable + top current facts of one user for a query, as ``Document`` objects.

    ``k`` (constructor field or invoke kwarg) is LangChain's "at most k documents"; ``None``
    means ``k_durable + k_current``. Build one with ``memory.as_retriever(user_id=...)``.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    context: MemoryContext = Field(exclude=True)
    user_id: str
    k_durable: int = Field(default=_READ_DEFAULTS.k_durable, ge=0)
    k_current: int = Field(default=_READ_DEFAULTS.k_current, ge=0)
    k: int | None = Field(default=None, ge=0)
    #: Override the memory's clock for this retriever (e.g. to look at a past or future date).
    clock: Callable[[], datetime] | None = Field(default=None, exclude=True)

    @model_validator(mode="before")
    @classmethod
    def _memory_alias(cls, data: Any) -> Any:
        # ``memory=`` (a FactMemory) was the constructor argument before the context existed.
        if isinstance(data, dict) and "memory" in data and "context" not in data:
            data = {**data, "context": data.pop("memory").context}
        return data

    def _now(self) -> datetime:
        return (self.clock or self.context.now)()

    def _quotas(self) -> dict[FactKind, int]:
        factor = self.context.config.read.candidate_factor
        return {
            FactKind.DURABLE: max(self.k_durable * factor, MIN_CANDIDATES) if self.k_durable else 0,
            FactKind.CURRENT: max(self.k_current * factor, MIN_CANDIDATES) if self.k_current else 0,
        }

    def _rank(self, found: dict[FactKind, list[SearchHit]], k: int | None) -> list[Document]:
        now = self._now()
        docs = score_facts(found, now=now, read=self.context.config.read, k_durable=self.k_durable,
                           k_current=self.k_current, k=self.k if k is None else k)
        self.context.access.record(self.user_id, [d.metadata["id"] for d in docs], now)
        return docs

    def search_by_vector(self, embedding: Sequence[float], *, k: int | None = None) -> list[Document]:
        """Rank for an already-embedded query (benchmarks, callers that batch embeddings)."""
        return self._rank(self.context.store.search(self.user_id, embedding, self._quotas()), k)

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, k: int | None = None, **kwargs: Any
    ) -> list[Document]:
        return self.search_by_vector(self.context.embed_query(query), k=k)

    async def _aget_relevant_documents(
        self, query: str, *, run_manager: AsyncCallbackManagerForRetrieverRun, k: int | None = None, **kwargs: Any
    ) -> list[Document]:
        embedding = await self.context.aembed_query(query)
        return self._rank(await self.context.astore.search(self.user_id, embedding, self._quotas()), k)
