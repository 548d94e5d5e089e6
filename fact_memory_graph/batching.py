"""Embedding calls coalesced across concurrent messages (the backfill path).

``remember_many`` runs many messages through the write graph at once; each node embeds a text or
two. :class:`BatchingEmbeddings` runs the wrapped embedder on one batch at a time: the calls
made while it works (and within ``window_s`` of the first) form the next batch — one padded ONNX
run instead of many competing for the same cores — and each caller gets its own vectors back.
Sync calls pass straight through.
"""

from __future__ import annotations

import asyncio
from typing import Any

from langchain_core.embeddings import Embeddings


class BatchingEmbeddings(Embeddings):
    """Wraps an ``Embeddings``; concurrent async calls share one batch."""

    def __init__(self, inner: Embeddings, *, window_s: float = 0.003, max_texts: int = 64) -> None:
        self.inner = inner
        self.window_s = window_s
        self.max_texts = max_texts
        self._pending: list[tuple[list[str], asyncio.Future[list[list[float]]]]] = []
        self._drainer: asyncio.Task[None] | None = None
        #: Calls of the wrapped embedder, and texts embedded (for benchmarks and tests).
        self.calls = 0
        self.texts = 0

    @property
    def dimension(self) -> int | None:
        return getattr(self.inner, "dimension", None)

    @property
    def symmetric(self) -> bool:
        return bool(getattr(self.inner, "symmetric", False))

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.inner.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        return self.inner.embed_query(text)

    async def aembed_query(self, text: str) -> list[float]:
        return (await self.aembed_documents([text]))[0]

    async def aembed_documents(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        loop = asyncio.get_running_loop()
        future: asyncio.Future[list[list[float]]] = loop.create_future()
        self._pending.append((list(texts), future))
        if self._drainer is None or self._drainer.done():
            self._drainer = loop.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        # One batch at a time: while the embedder works, the next calls queue up and form the
        # next batch (concurrent model runs would only fight over the same cores).
        await asyncio.sleep(self.window_s)
        while self._pending:
            batch: list[tuple[list[str], asyncio.Future[Any]]] = []
            size = 0
            while self._pending and (not batch or size + len(self._pending[0][0]) <= self.max_texts):
                group = self._pending.pop(0)
                batch.append(group)
                size += len(group[0])
            await self._embed(batch)

    async def _embed(self, batch: list[tuple[list[str], asyncio.Future[Any]]]) -> None:
        texts = [t for group, _ in batch for t in group]
        self.calls += 1
        self.texts += len(texts)
        try:
            vectors = await asyncio.to_thread(self.inner.embed_documents, texts)
        except Exception as exc:  # every caller of the batch gets the error
            for _, future in batch:
                if not future.done():
                    future.set_exception(exc)
            return
        start = 0
        for group, future in batch:
            if not future.done():
                future.set_result(vectors[start : start + len(group)])
            start += len(group)
