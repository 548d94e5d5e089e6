"""The optional e5 embedder (multilingual-e5-small, 4-bit, the `[e5]` extra): real weights from the
installed package, no download; selected by FACT_MEMORY_EMBEDDINGS=e5; recorded by the store like
any embedder, so a database embedded with another model refuses it until `reembed`."""

from __future__ import annotations

import numpy as np
import pytest

from fact_memory_graph import FactMemory
from fact_memory_graph.embeddings import LocalE5Embeddings, embeddings_from_env
from fact_memory_graph.errors import EmbedderMismatchError


@pytest.fixture(scope="module")
def e5() -> LocalE5Embeddings:
    return LocalE5Embeddings()


def test_queries_and_passages_embed_as_e5_was_trained(e5: LocalE5Embeddings) -> None:
    query = np.array(e5.embed_query("where does the user live?"))
    docs = np.array(e5.embed_documents(["lives in Berlin", "allergic to penicillin", ""]))
    assert query.shape == (384,) and docs.shape == (3, 384)
    assert np.allclose(np.linalg.norm(docs, axis=1), 1, atol=1e-3)
    assert float(docs[0] @ query) > float(docs[1] @ query)  # the answer is nearer than an unrelated fact
    # The prefixes differ: the same text as a query and as a passage are two vectors.
    assert float(np.array(e5.embed_query("lives in Berlin")) @ docs[0]) < 0.999


def test_selected_by_the_environment_and_recorded_by_the_store(monkeypatch, fresh_db_url: str, e5) -> None:
    monkeypatch.setenv("FACT_MEMORY_EMBEDDINGS", "e5")
    assert isinstance(embeddings_from_env(), LocalE5Embeddings)
    with FactMemory.open(fresh_db_url, embeddings=e5) as memory:
        memory.facts.add("u", "lives in Berlin", kind="durable", category="identity")
        assert "Berlin" in memory.recall("u", "where do I live?")
    monkeypatch.delenv("FACT_MEMORY_EMBEDDINGS")
    with pytest.raises(EmbedderMismatchError):  # the default MiniLM on e5 vectors: refused
        FactMemory.open(fresh_db_url)
