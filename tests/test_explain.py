"""The retriever's ``explain``: the same search as ``invoke``, every candidate's score in its
parts (what the inspector's playground shows), from the search statement and the ranking
themselves."""

from __future__ import annotations

import math

from fact_memory_graph.testing import FixedClock


def _seed(memory, user_id: str) -> None:  # type: ignore[no-untyped-def]
    facts = [("allergic to penicillin", "health", "durable"), ("lives in Berlin", "identity", "durable"),
             ("has a sister Mia", "relationship", "durable"), ("likes green tea", "preference", "durable"),
             ("training for a marathon", "working_on", "current"), ("anxious about the race", "feeling", "current")]
    memory.facts.add_many(user_id, [{"claim": c, "category": cat, "kind": k} for c, cat, k in facts])


def test_explain_returns_what_invoke_returns_with_every_candidates_parts(memory, user_id: str,
                                                                         clock: FixedClock) -> None:
    _seed(memory, user_id)
    clock.advance(days=10)  # the current facts have faded a little
    retriever = memory.as_retriever(user_id=user_id, k_durable=2, k_current=1)
    query = "what should the doctor know about my health?"
    docs = retriever.invoke(query)
    explained = retriever.explain(query)
    assert [(d.id, d.metadata["score"]) for d in explained.documents] == [(d.id, d.metadata["score"]) for d in docs]
    kept = [p for p in explained.candidates if p.rank is not None]
    assert [str(p.fact.id) for p in kept] == [d.id for d in docs] and [p.rank for p in kept] == [1, 2, 3]
    assert len(explained.candidates) == 6  # every fact of this small user was a candidate
    for p in explained.candidates:
        assert p.dense is not None and p.lexical is not None  # the hybrid search's evidence
        # The default ranking: relevance x confidence x time weight, plus the said-together boost.
        assert math.isclose(p.score, p.relevance * p.confidence * p.time_weight + p.boost, abs_tol=1e-9)
        assert (p.rank is None) == (p.left_out is not None)
        assert p.time_weight == 1.0 if p.fact.kind.value == "durable" else p.time_weight < 1.0
    assert kept[0].fact.claim == "allergic to penicillin" and kept[0].lexical > 0
    assert explained.fusion and explained.at == clock.now
    memory.forget(user_id)


async def test_aexplain_matches_explain_and_records_no_access(memory, user_id: str) -> None:
    _seed(memory, user_id)
    retriever = memory.as_retriever(user_id=user_id)
    sync = retriever.explain("where do I live?")
    async_ = await retriever.aexplain("where do I live?")
    assert [(p.fact.id, p.score, p.rank) for p in sync.candidates] == \
        [(p.fact.id, p.score, p.rank) for p in async_.candidates]
    memory.flush()
    assert all(f.access_count == 0 for f in memory.facts.list(user_id))  # inspecting is not showing
    memory.forget(user_id)
