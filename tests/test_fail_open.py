"""Issue 21: a memory outage is not an agent outage. With the database down, or a read past
``ReadConfig.read_budget_s``, the recall node, the middleware and the tools answer with an empty
memory section and log one line; ``on_error="raise"`` still raises."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig, ReadConfig
from fact_memory_graph.embedded import EmbeddedPostgres
from fact_memory_graph.errors import StoreError

EMB = DeterministicFakeEmbedding(size=8)
CFG = {"configurable": {"user_id": "u1"}}


def test_reads_fail_open_when_the_database_is_down(server_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    server = EmbeddedPostgres(server_dir)
    memory = FactMemory.open(server.url(), embeddings=EMB, config=FactMemoryConfig(pool_timeout_s=5))
    try:
        memory.facts.add("u1", "likes jazz", kind="durable", category="preference")
        node = memory.recall_node()
        assert "likes jazz" in node.invoke({"messages": [HumanMessage("music?")]}, CFG)["memory_context"]
        server.close()  # the database goes away (no heal: the memory was opened by URL)
        caplog.set_level(logging.WARNING, logger="fact_memory_graph.deadline")
        started = time.monotonic()
        assert node.invoke({"messages": [HumanMessage("music?")]}, CFG) == {"memory_context": ""}
        assert time.monotonic() - started < 5  # the read budget (1.5 s), not the pool timeout
        assert any("answering without memory" in r.message for r in caplog.records)
        [search] = [t for t in memory.as_tools() if t.name == "search_memory"]
        assert "unavailable" in search.invoke({"query": "music"}, CFG)
        with pytest.raises(StoreError):
            memory.recall_node(on_error="raise").invoke({"messages": [HumanMessage("music?")]}, CFG)
    finally:
        memory.close()
        server.close()


class BlockingEmbeddings(DeterministicFakeEmbedding):
    """An embedder that does not answer until released (a stuck embedding API)."""

    def __init__(self) -> None:
        super().__init__(size=8)
        object.__setattr__(self, "_gate", threading.Event())

    def embed_query(self, text: str) -> list[float]:
        self._gate.wait(timeout=30)
        return super().embed_query(text)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [DeterministicFakeEmbedding.embed_query(self, t) for t in texts]


def test_a_read_past_its_budget_answers_without_memory(make_memory, user_id: str, fresh_db_url: str) -> None:
    embeddings = BlockingEmbeddings()
    embeddings._gate.set()  # answers while the memory opens (it probes the dimension) ...
    memory = make_memory(embeddings=embeddings, config=FactMemoryConfig(read=ReadConfig(read_budget_s=0.2)),
                         url=fresh_db_url)
    embeddings._gate.clear()  # ... then gets stuck
    cfg = {"configurable": {"user_id": user_id}}
    try:
        assert memory.recall_node().invoke({"messages": [HumanMessage("music?")]}, cfg) == {"memory_context": ""}
    finally:
        embeddings._gate.set()


async def test_the_async_read_is_cancelled_at_its_budget(make_memory, user_id: str, fresh_db_url: str) -> None:
    import asyncio

    class Stuck(DeterministicFakeEmbedding):
        async def aembed_query(self, text: str) -> list[float]:
            await asyncio.Event().wait()  # never answers
            return []

    memory = make_memory(embeddings=Stuck(size=8), config=FactMemoryConfig(read=ReadConfig(read_budget_s=0.2)),
                         url=fresh_db_url)
    out = await memory.recall_node().ainvoke({"messages": [HumanMessage("music?")]},
                                             {"configurable": {"user_id": user_id}})
    assert out == {"memory_context": ""}
