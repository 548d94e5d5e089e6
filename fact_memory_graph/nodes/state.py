"""State and dependencies shared by the write-path nodes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, TypedDict

from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

from fact_memory_graph.config import WriteConfig
from fact_memory_graph.errors import DimensionMismatchError
from fact_memory_graph.schema import ApplyOutcome, PlannedOp, RejectedOp
from fact_memory_graph.store.aio import AsyncFactStore
from fact_memory_graph.store.store import FactStore


class WriteInput(TypedDict, total=False):
    """What the write subgraph reads: ``messages`` (the last human message is processed).

    ``user_id`` and ``at`` may be given in the state; otherwise they come from
    ``config["configurable"]`` / the runtime context and the memory's clock.
    """

    messages: Annotated[list[AnyMessage], add_messages]
    user_id: str
    at: datetime


class WriteOutput(TypedDict, total=False):
    """What the write subgraph returns: the outcome of the processed message."""

    memory_outcome: ApplyOutcome


class WriteState(WriteInput, WriteOutput, total=False):
    message_id: str
    batch_message_ids: list[str]
    message_text: str
    context: list[str]
    message_embedding: list[float]
    retrieved: list[dict[str, Any]]
    proposals: list[PlannedOp]
    planned: list[PlannedOp]
    rejected: list[RejectedOp]
    llm_calls: int


#: A node's sync function and its asyncio twin, both ``(state, config) -> update``.
NodePair = tuple[Callable[..., Any], Callable[..., Awaitable[Any]]]


@dataclass
class WriteDeps:
    """Everything the nodes need; built once by :class:`~fact_memory_graph.FactMemory`.

    ``astore`` is set when the memory was opened with ``aopen()``: the async node twins use it;
    without it they run the sync nodes on a worker thread.
    """

    store: FactStore
    embeddings: Embeddings
    llm_factory: Callable[[], BaseChatModel]
    config: WriteConfig
    clock: Callable[[], datetime]
    astore: AsyncFactStore | None = None

    def _checked(self, vectors: list[list[float]]) -> list[list[float]]:
        for v in vectors:
            if len(v) != self.store.dimension:
                raise DimensionMismatchError(self.store.dimension, len(v))
        return vectors

    def embed_many(self, texts: list[str]) -> list[list[float]]:
        """Embed and check every vector's dimension against the store's."""
        return self._checked(self.embeddings.embed_documents(texts) if texts else [])

    async def aembed_many(self, texts: list[str]) -> list[list[float]]:
        return self._checked(await self.embeddings.aembed_documents(texts) if texts else [])
