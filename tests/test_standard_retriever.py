"""LangChain's standard retriever suite (langchain-tests) against FactMemoryRetriever on the real
database: ``k`` in the constructor and per call, Documents from invoke and ainvoke."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_core.retrievers import BaseRetriever
from langchain_tests.integration_tests import RetrieversIntegrationTests

from fact_memory_graph import FactMemory, FactMemoryRetriever
from fact_memory_graph.testing import ScriptedChatModel

USER = f"standard-{uuid.uuid4().hex[:8]}"
FACTS = [("durable", "health", "allergic to penicillin"), ("durable", "identity", "lives in Berlin"),
         ("durable", "preference", "likes jazz"), ("current", "feeling", "anxious about the launch"),
         ("current", "working_on", "writing a grant proposal"), ("current", "physical_state", "has a cold")]


class TestFactMemoryRetrieverStandard(RetrieversIntegrationTests):
    memory: FactMemory

    @pytest.fixture(scope="class", autouse=True)
    @classmethod
    def _memory(cls, db_url: str, embeddings: Any) -> Iterator[None]:
        memory = FactMemory.open(db_url, embeddings=embeddings, llm=ScriptedChatModel())
        for kind, category, claim in FACTS:
            memory.facts.add(USER, claim, kind=kind, category=category)
        cls.memory = memory
        yield
        memory.close()

    @property
    def retriever_constructor(self) -> type[BaseRetriever]:
        return FactMemoryRetriever

    @property
    def retriever_constructor_params(self) -> dict[str, Any]:
        return {"context": self.memory.context, "user_id": USER}

    @property
    def retriever_query_example(self) -> str:
        return "how is the user doing?"
