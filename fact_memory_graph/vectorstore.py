"""The facts table as a LangChain ``PGVectorStore`` (langchain-postgres), scoped to one user.

LangChain tooling (Mongo-style metadata filters, MMR, ``as_retriever``) then works on the same
rows the memory writes. Every search is ANDed with ``user_id = <user>`` and a retrievable status,
so one user's facts never reach another user's results. It is read-only: facts are written
through :class:`~fact_memory_graph.FactMemory` (dedup, audit, exactly-once).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from langchain_core.documents import Document
from langchain_core.embeddings import Embeddings
from langchain_core.vectorstores import VectorStore

from fact_memory_graph.schema import RETRIEVABLE_STATUSES
from fact_memory_graph.store._sql import FACTS

METADATA_COLUMNS = [
    "user_id", "kind", "category", "confidence", "status", "verification_status", "source",
    "created_at", "last_confirmed_at", "valid_at",
]


def sqlalchemy_url(conninfo: str):
    """A SQLAlchemy URL (``postgresql+psycopg``) for a libpq URL or key=value conninfo string."""
    from psycopg.conninfo import conninfo_to_dict
    from sqlalchemy.engine import URL

    params = {k: str(v) for k, v in conninfo_to_dict(conninfo).items()}
    return URL.create(
        "postgresql+psycopg",
        username=params.pop("user", None),
        password=params.pop("password", None) or None,
        database=params.pop("dbname", None),
        query=params,
    )


@cache
def _engine(url: str):
    from langchain_postgres import PGEngine

    # pre-ping: a connection dropped by the server is replaced instead of failing a search.
    return PGEngine.from_connection_string(sqlalchemy_url(url), pool_pre_ping=True)


class UserScopedFactVectorStore(VectorStore):
    """A read-only, user-scoped view of a ``PGVectorStore`` over ``fact_memory_facts``."""

    def __init__(self, pg: Any, user_id: str) -> None:
        self.pg = pg
        self.user_id = user_id

    @property
    def embeddings(self) -> Embeddings:
        return self.pg.embeddings

    def _scope(self, filter: dict | None) -> dict:
        parts: list[dict] = [{"user_id": {"$eq": self.user_id}}, {"status": {"$in": list(RETRIEVABLE_STATUSES)}}]
        if filter:
            parts.append(filter)
        return {"$and": parts}

    def add_texts(self, texts: Iterable[str], metadatas: list[dict] | None = None, **kwargs: Any) -> list[str]:
        raise NotImplementedError("read-only view: write facts with memory.facts.add or memory.remember")

    @classmethod
    def from_texts(cls, texts: list[str], embedding: Embeddings, metadatas: list[dict] | None = None, **kwargs: Any):
        raise NotImplementedError("use FactMemory.as_vectorstore(user_id)")

    def similarity_search(self, query: str, k: int = 4, filter: dict | None = None, **kwargs: Any) -> list[Document]:
        return self.pg.similarity_search(query, k=k, filter=self._scope(filter), **kwargs)

    def similarity_search_with_score(self, query: str, k: int = 4, filter: dict | None = None, **kwargs: Any):
        return self.pg.similarity_search_with_score(query, k=k, filter=self._scope(filter), **kwargs)

    def similarity_search_by_vector(self, embedding: list[float], k: int = 4, filter: dict | None = None, **kwargs: Any):
        return self.pg.similarity_search_by_vector(embedding, k=k, filter=self._scope(filter), **kwargs)

    def _similarity_search_with_relevance_scores(self, query: str, k: int = 4, **kwargs: Any):
        kwargs["filter"] = self._scope(kwargs.get("filter"))
        return self.pg._similarity_search_with_relevance_scores(query, k=k, **kwargs)

    def max_marginal_relevance_search(self, query: str, k: int = 4, fetch_k: int = 20, lambda_mult: float = 0.5,
                                      filter: dict | None = None, **kwargs: Any) -> list[Document]:
        return self.pg.max_marginal_relevance_search(
            query, k=k, fetch_k=fetch_k, lambda_mult=lambda_mult, filter=self._scope(filter), **kwargs)

    async def asimilarity_search(self, query: str, k: int = 4, filter: dict | None = None, **kwargs: Any):
        return await self.pg.asimilarity_search(query, k=k, filter=self._scope(filter), **kwargs)

    async def amax_marginal_relevance_search(self, query: str, k: int = 4, fetch_k: int = 20,
                                             lambda_mult: float = 0.5, filter: dict | None = None, **kwargs: Any):
        return await self.pg.amax_marginal_relevance_search(
            query, k=k, fetch_k=fetch_k, lambda_mult=lambda_mult, filter=self._scope(filter), **kwargs)


def user_scoped_vectorstore(url: str, embeddings: Embeddings, user_id: str) -> UserScopedFactVectorStore:
    from langchain_postgres import PGVectorStore

    pg = PGVectorStore.create_sync(
        _engine(url), embeddings, FACTS, id_column="id", content_column="claim",
        embedding_column="embedding", metadata_columns=METADATA_COLUMNS,
    )
    return UserScopedFactVectorStore(pg, user_id)
