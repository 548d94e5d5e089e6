"""Read path: FactMemoryRetriever, ranking and decay, formatter, recall node."""

from __future__ import annotations

import math
import uuid
from datetime import timedelta
from typing import Annotated, TypedDict

import pytest
from langchain_core.documents import Document
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage
from langgraph.graph import START, StateGraph
from langgraph.graph.message import add_messages

from fact_memory_graph import (
    ExponentialDecay,
    FactMemory,
    FactMemoryConfig,
    FactMemoryRetriever,
    PiecewiseLinearDecay,
    ReadConfig,
    SigmoidDecay,
    format_memory_sections,
    memory_system_message,
)
from fact_memory_graph.formatting import approx_tokens
from fact_memory_graph.schema import FactKind
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

from .helpers import T0


def docs_by_claim(docs: list[Document]) -> dict[str, Document]:
    return {d.page_content: d for d in docs}


@pytest.mark.parametrize(
    "kind, category, age_days, expected",
    [
        ("current", "physical_state", 1, math.exp(-1 / 14)),
        ("current", "physical_state", 14, math.exp(-1)),       # 0.37 (the seed's prose says ~50%)
        ("current", "physical_state", 30, math.exp(-30 / 14)),  # 0.12 (prose: ~14%)
        ("durable", "health", 30, 1.0),
        ("durable", "health", 365, 1.0),
    ],
)
def test_time_weighting_scenarios(memory: FactMemory, user_id: str, clock: FixedClock, kind, category, age_days, expected) -> None:
    memory.facts.add(user_id, "low energy and headaches", kind=kind, category=category)
    clock.advance(days=age_days)
    [doc] = memory.as_retriever(user_id=user_id).invoke("how is my energy?")
    assert doc.metadata["time_weight"] == pytest.approx(expected, abs=1e-6)
    assert doc.metadata["score"] == pytest.approx(doc.metadata["relevance"] * 0.7 * expected, abs=1e-5)


def test_reaffirming_a_current_state_makes_it_fresh_again(make_memory, user_id: str, clock: FixedClock) -> None:
    memory = make_memory(ScriptedChatModel(default=[{"op": "strengthen", "ref": "C1"}]))
    memory.facts.add(user_id, "training for a marathon", kind="current", category="working_on")
    clock.advance(days=20)
    memory.remember(user_id, "still training for the marathon")
    [doc] = memory.as_retriever(user_id=user_id).invoke("marathon")
    assert doc.metadata["time_weight"] == pytest.approx(1.0)
    assert doc.metadata["valid_at"] == T0  # "since" still shows when the state began
    assert "(since 2026-03-02)" in memory.recall(user_id, "marathon")


def test_old_but_highly_relevant_current_fact_still_surfaces(make_memory, user_id: str, clock: FixedClock) -> None:
    memory = make_memory()
    memory.facts.add(user_id, "training for the Berlin marathon", kind="current", category="working_on")
    clock.advance(days=30)
    for claim in ("drafting the Q4 plan", "reviewing pull requests", "cleaning the garage", "planning a birthday party"):
        memory.facts.add(user_id, claim, kind="current", category="working_on")
    docs = memory.as_retriever(user_id=user_id).invoke("how is the marathon training going?")
    claims = [d.page_content for d in docs]
    assert "training for the Berlin marathon" in claims
    clock.advance(days=12)  # 42 days: weight 0.0498, just under the default stale floor (0.05)
    docs = memory.as_retriever(user_id=user_id, k_current=10).invoke("marathon training")
    stale = docs_by_claim(docs)["training for the Berlin marathon"]  # still found: the query is about it
    assert stale.metadata["stale"] is True
    text = memory.recall(user_id, "marathon training")
    assert '## Earlier, may have changed\n- [working_on] as of 2 March 2026: "training for the Berlin marathon"' in text
    current = text.split("## What's currently happening for you")[-1].split("## Earlier")[0]
    assert "marathon" not in current  # never presented as happening now
    clock.advance(days=48)  # 90 days: weight 0.0016; with the floor off it still ranks (no hard cutoff)
    unfloored = make_memory(config=FactMemoryConfig(read=ReadConfig(current_floor=0)))
    docs = unfloored.as_retriever(user_id=user_id, k_current=10).invoke("marathon training")
    marathon = docs_by_claim(docs)["training for the Berlin marathon"]
    assert 0 < marathon.metadata["time_weight"] < 0.002


def test_blending_both_sections_and_stable_output(memory: FactMemory, user_id: str, clock: FixedClock) -> None:
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    memory.facts.add(user_id, "has a sister Mia", kind="durable", category="relationship")
    memory.facts.add(user_id, "anxious about the launch", kind="current", category="feeling")
    text = memory.recall(user_id, "how am I doing?")
    assert text.startswith("## What I know about you\n")
    assert '- [identity] "lives in Berlin"' in text and '- [relationship] "has a sister Mia"' in text
    assert '## What\'s currently happening for you\n- [feeling] "anxious about the launch" (since 2026-03-02)' in text
    assert memory.recall(user_id, "how am I doing?") == text  # same call twice, same output


def test_empty_current_store_gives_only_durable_section(memory: FactMemory, user_id: str) -> None:
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    text = memory.recall(user_id, "anything")
    assert "What I know about you" in text and "currently happening" not in text
    assert memory.recall(f"nobody-{uuid.uuid4()}", "anything") == ""
    assert format_memory_sections([]) == ""


def test_never_returns_superseded_retracted_or_other_users_facts(make_memory, user_id: str) -> None:
    memory = make_memory(ScriptedChatModel(responses=[
        [{"op": "add_current", "category": "working_on", "claim": "fixed the auth bug", "supersedes": "C1"}],
        *[[{"op": "decay", "ref": "D1"}]] * 4,
    ]))
    memory.facts.add(user_id, "debugging the auth flow", kind="current", category="working_on")
    memory.facts.add(user_id, "prefers the auth flow docs in German", kind="durable", category="preference")
    memory.facts.add(f"other-{uuid.uuid4()}", "auth flow is the user's favourite topic", kind="durable", category="preference")
    memory.remember(user_id, "fixed the auth bug")
    for i in range(4):
        memory.remember(user_id, f"not sure about German docs {i}")
    claims = [d.page_content for d in memory.as_retriever(user_id=user_id, k_durable=20, k_current=20).invoke("auth flow")]
    assert claims == ["fixed the auth bug"]


def test_token_budget_drops_lowest_scored_lines_first(memory: FactMemory, user_id: str) -> None:
    for i in range(12):
        memory.facts.add(user_id, f"enjoys hiking trail number {i} in the Alps", kind="durable", category="preference")
    docs = memory.as_retriever(user_id=user_id, k_durable=12).invoke("hiking trail number 3")
    full = format_memory_sections(docs, token_budget=None)
    small = format_memory_sections(docs, token_budget=60)
    assert approx_tokens(small) <= 60 < approx_tokens(full)
    kept = [line for line in small.splitlines() if line.startswith("- ")]
    top = sorted(docs, key=lambda d: -d.metadata["score"])[: len(kept)]
    assert kept == [f'- [preference] "{d.page_content}"' for d in docs if d in top]
    assert format_memory_sections(docs, token_budget=5) == ""
    assert approx_tokens(memory.recall(user_id, "hiking")) <= 500


def test_pending_contradiction_is_marked(make_memory, user_id: str) -> None:
    memory = make_memory(ScriptedChatModel(default=[{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo"}]))
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    memory.remember(user_id, "actually I moved to Tokyo")
    [doc] = memory.as_retriever(user_id=user_id).invoke("where do I live?")
    assert doc.metadata["pending_contradictions"][0]["claim"] == "lives in Tokyo"
    assert 'user may have said "lives in Tokyo"' in format_memory_sections([doc])


def test_retriever_follows_langchain_conventions(memory: FactMemory, user_id: str) -> None:
    for i in range(5):
        memory.facts.add(user_id, f"likes jazz album {i}", kind="durable", category="preference")
        memory.facts.add(user_id, f"listening to jazz album {i}", kind="current", category="feeling")
    retriever = memory.as_retriever(user_id=user_id, k_durable=3, k_current=3)
    assert isinstance(retriever, FactMemoryRetriever)
    docs = retriever.invoke("jazz")
    assert len(docs) == 6 and all(isinstance(d, Document) for d in docs)
    assert sum(d.metadata["kind"] == "durable" for d in docs) == 3
    assert len(retriever.invoke("jazz", k=2)) == 2  # invoke kwarg
    capped = memory.as_retriever(user_id=user_id, k=4)  # constructor field
    four = capped.invoke("jazz")
    assert len(four) == 4 and [d.metadata["score"] for d in four] == sorted((d.metadata["score"] for d in four), reverse=True)
    meta = docs[0].metadata
    for key in ("id", "kind", "category", "confidence", "relevance", "time_weight", "score", "valid_at",
                "created_at", "last_confirmed_at", "verification_status", "structured_fields", "pending_contradictions"):
        assert key in meta
    assert docs[0].id == meta["id"]


async def test_async_retriever_matches_sync(memory: FactMemory, user_id: str) -> None:
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    retriever = memory.as_retriever(user_id=user_id)
    adocs = await retriever.ainvoke("where do I live?", k=1)
    assert adocs == retriever.invoke("where do I live?", k=1)
    assert await memory.arecall(user_id, "where") == memory.recall(user_id, "where")


def test_access_counts_and_dormant_facts(memory: FactMemory, user_id: str, clock: FixedClock) -> None:
    fid = memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health").fact_id
    memory.recall(user_id, "allergies")
    memory.flush()
    fact = memory.facts.get(user_id, fid)
    assert fact.access_count == 1 and fact.last_accessed_at == T0
    clock.advance(days=91)
    assert memory.upkeep.maintain(user_id) == {"expired": 0, "dormant": 1, "archived": 0, "message_log": 0}
    assert memory.facts.get(user_id, fid).status == "dormant"
    # Dormant = believed but unused: still retrieved, shown as not mentioned for a while, and
    # left dormant (seed 002 R9: never silently made active) until the user reaffirms it.
    text = memory.recall(user_id, "allergies")
    assert '"allergic to penicillin"' in text and "(not mentioned since 2 March 2026: ask before relying" in text
    memory.flush()
    assert memory.facts.get(user_id, fid).status == "dormant"
    memory._llm = ScriptedChatModel(default=[{"op": "strengthen", "ref": "D1"}])
    memory.remember(user_id, "still allergic to penicillin, yes")  # reaffirmed: active again
    assert memory.facts.get(user_id, fid).status == "active"
    assert [a.op for a in memory.admin.audit(user_id)] == ["add_durable", "dormant", "strengthen"]


def test_time_weight_curves_are_configurable_and_never_zero(make_memory, user_id: str, clock: FixedClock) -> None:
    half = ExponentialDecay.from_half_life(14)
    assert half(14) == pytest.approx(0.5) and half(30) == pytest.approx(0.2265, abs=1e-3)
    for curve in (ExponentialDecay(), half, PiecewiseLinearDecay(), SigmoidDecay()):
        weights = [curve(d) for d in (0, 1, 7, 14, 30, 90, 365, 3650)]
        assert weights[0] == pytest.approx(1.0) and all(w > 0 for w in weights)
        assert weights == sorted(weights, reverse=True)
    with pytest.raises(ValueError, match="hard cutoff"):
        PiecewiseLinearDecay(points=[(0, 1.0), (30, 0.0)])
    memory = make_memory(config=FactMemoryConfig(read=ReadConfig(time_weight=half)))
    memory.facts.add(user_id, "headache", kind="current", category="physical_state")
    clock.advance(days=14)
    [doc] = memory.as_retriever(user_id=user_id).invoke("headache")
    assert doc.metadata["time_weight"] == pytest.approx(0.5)


class ChatState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    memory_context: str


def test_recall_node_in_a_graph(memory: FactMemory, user_id: str) -> None:
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    seen = {}

    def agent(state: ChatState) -> dict:
        system = memory_system_message(state)
        seen["system"] = system
        return {"messages": [AIMessage("ok")]}

    builder = StateGraph(ChatState)
    builder.add_node("recall", memory.recall_node())
    builder.add_node("agent", agent)
    builder.add_edge(START, "recall")
    builder.add_edge("recall", "agent")
    graph = builder.compile()
    out = graph.invoke({"messages": [HumanMessage("where should I eat tonight in my city?")]},
                       {"configurable": {"user_id": user_id}})
    assert "lives in Berlin" in out["memory_context"]
    assert isinstance(seen["system"], SystemMessage) and "lives in Berlin" in seen["system"].content
    other = graph.invoke({"messages": [HumanMessage("where should I eat?")]}, {"configurable": {"user_id": "stranger"}})
    assert other["memory_context"] == "" and memory_system_message(other) is None


async def test_recall_node_async(memory: FactMemory, user_id: str) -> None:
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    node = memory.recall_node(key="ctx")
    out = await node.ainvoke({"messages": [HumanMessage("my city")]}, {"configurable": {"user_id": user_id}})
    assert "lives in Berlin" in out["ctx"]


def test_recall_at_a_given_date(memory: FactMemory, user_id: str) -> None:
    memory.facts.add(user_id, "recovering from surgery", kind="current", category="going_through")
    now = memory.as_retriever(user_id=user_id).invoke("surgery")[0].metadata["score"]
    later = memory.as_retriever(user_id=user_id, clock=lambda: T0 + timedelta(days=28)).invoke("surgery")[0]
    assert later.metadata["score"] == pytest.approx(now * math.exp(-2), rel=1e-4)


def test_relative_times_become_valid_at_and_show_in_the_sections(make_memory, user_id: str) -> None:
    """Issue 19: the extractor resolves "yesterday" against the message time into fields
    (key=date, prompt rule 4); it becomes the fact's valid_at, the prompt sections show the date
    and search_kwargs since/until filter on it."""
    from datetime import timedelta

    from fact_memory_graph.testing import ScriptedChatModel

    llm = ScriptedChatModel(by_message={
        "I went to a support group yesterday": [{"op": "add_durable", "category": "life_event",
                                                 "claim": "went to a support group",
                                                 "fields": [{"key": "date", "value": "2026-03-01"}]}],
        "I adopted a cat last year": [{"op": "add_durable", "category": "life_event", "claim": "adopted a cat",
                                       "fields": [{"key": "date", "value": "2025-05"}]}]})
    memory = make_memory(llm)
    memory.remember(user_id, "I went to a support group yesterday")
    memory.remember(user_id, "I adopted a cat last year")
    assert "yesterday" in llm.calls[0][0].content and "key=date" in llm.calls[0][0].content
    by_claim = {f.claim: f.valid_at for f in memory.facts.list(user_id)}
    assert by_claim["went to a support group"].date().isoformat() == "2026-03-01"
    text = memory.recall(user_id, "when did I go to the support group?")
    assert '"went to a support group" (1 March 2026)' in text and '"adopted a cat" (1 May 2025)' in text
    recent = memory.as_retriever(user_id=user_id).invoke(
        "what happened?", search_kwargs={"since": memory.context.now() - timedelta(days=30)})
    assert [d.page_content for d in recent] == ["went to a support group"]


def test_hybrid_search_finds_category_words_names_and_numbers(make_memory, user_id: str) -> None:
    """Issue 19: a one-word tool query ("health") scored cosine 0.007 against "allergic to
    penicillin"; the category's cue words reach it now, and rare names and numbers match
    lexically. Every read entry point goes through the same retriever."""
    memory = make_memory()
    memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health")
    memory.facts.add(user_id, "has a sister named Ottilie", kind="durable", category="relationship")
    memory.facts.add(user_id, "flat number is 4417", kind="durable", category="identity")
    memory.facts.add(user_id, "likes jazz and long walks", kind="durable", category="preference")
    for _ in range(20):
        memory.facts.add(user_id, f"enjoys reading novel series {_} at night", kind="durable", category="preference")
    top = lambda q: memory.as_retriever(user_id=user_id, k=1).invoke(q)[0].page_content  # noqa: E731
    assert top("health") == "allergic to penicillin"
    assert top("Ottilie") == "has a sister named Ottilie"
    assert top("4417") == "flat number is 4417"
    assert top("any family news?") == "has a sister named Ottilie"
    [search] = [t for t in memory.as_tools() if t.name == "search_memory"]
    assert "penicillin" in search.invoke({"query": "health"}, {"configurable": {"user_id": user_id}})
    hits = memory.as_store().search(("facts", user_id), query="health", limit=1)
    assert hits[0].value["content"] == "allergic to penicillin"


def test_a_large_user_is_searched_in_two_stages_with_the_same_best_facts(memory: FactMemory, user_id: str) -> None:
    """Above TWO_STAGE_ABOVE believed facts the dense candidates come from the binary-quantised
    vectors in the scope index, then exact cosine: the fact a query matches exactly is still
    first, the section the same facts as an exact scan's top k (checked against numpy)."""
    import numpy as np

    from fact_memory_graph.schema import FactKind
    from fact_memory_graph.store.plans.read import TWO_STAGE_ABOVE

    rng = np.random.default_rng(3)
    n = TWO_STAGE_ABOVE + 200
    vectors = rng.normal(size=(n, memory.store.dimension)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ids = [uuid.uuid4() for _ in range(n)]
    with memory.store.pool.connection() as conn, conn.cursor() as cur, cur.copy(
            "COPY fact_memory_facts (id, user_id, kind, category, claim, confidence, created_at, last_confirmed_at,"
            " embedding) FROM STDIN") as copy:
        for i, (fid, vec) in enumerate(zip(ids, vectors, strict=True)):
            copy.write_row((fid, user_id, "durable", "preference", f"likes thing {i}", 0.7, T0, T0,
                            memory.store.vector_literal(vec.tolist())))
    # A query near fact 17 (its vector plus a little noise).
    query = vectors[17] + 0.3 * rng.normal(size=vectors.shape[1]).astype(np.float32) / np.sqrt(vectors.shape[1])
    query /= np.linalg.norm(query)
    found = memory.store.search(user_id, query.tolist(), {FactKind.DURABLE: 10})[FactKind.DURABLE]
    assert found[0].fact.id == ids[17]
    exact = [ids[i] for i in np.argsort(-(vectors @ query))[:3]]
    assert [h.fact.id for h in found[:3]] == exact
    memory.forget(user_id)


def test_the_hybrid_search_reports_its_evidence_and_fuses_it_as_configured(make_memory, user_id: str) -> None:
    """Each hybrid candidate carries its cosine, normalised full-text rank and person link; the
    relevance is the configured fusion of them: the hand-set blend ``(cosine + w * lexical) /
    (1 + w)`` by default, or your own :class:`Fusion` (a logistic one here)."""
    import math

    from fact_memory_graph.config import Fusion, ReadConfig
    from fact_memory_graph.schema import FactKind

    llm = ScriptedChatModel(responses=[{
        "ops": [{"op": "add_durable", "category": "relationship", "claim": "has a sister Ottilie"}],
        "relationships": [{"name": "Ottilie", "relation": "sister", "aliases": ["Otti"]}]}])
    memory = make_memory(llm)
    memory.remember(user_id, "My sister Ottilie (Otti) is great.")
    memory.facts.add(user_id, "likes jazz", kind="durable", category="preference")
    question = "what does Otti like?"
    vector = memory.context.embed_query(question)

    def hits(fusion):
        return {h.fact.claim: h for h in memory.store.search(user_id, vector, {FactKind.DURABLE: 5}, query_text=question,
                                                             mode="hybrid", fusion=fusion)[FactKind.DURABLE]}

    mine = Fusion(bias=-3, cosine=4, lexical=3, matched=0.5, person=1.5, cosine_gap=1, lexical_share=0.25)
    found = hits(mine)
    sister, jazz = found["has a sister Ottilie"], found["likes jazz"]
    assert sister.person and not jazz.person  # "Otti" is Ottilie's alias: the people link
    assert 0 <= sister.cosine <= 1 and jazz.lexical > 0  # "like" matches "likes"
    top_cos, top_lex = max(h.cosine for h in found.values()), max(h.lexical for h in found.values())
    for hit in found.values():
        z = (mine.bias + mine.cosine * hit.cosine + mine.lexical * hit.lexical + mine.matched * (hit.lexical > 0)
             + mine.person * hit.person + mine.cosine_gap * (hit.cosine - top_cos)
             + mine.lexical_share * hit.lexical / top_lex)
        assert math.isclose(hit.similarity, 1 / (1 + math.exp(-z)), rel_tol=1e-6)  # ts_rank_cd is a float4
    for hit in hits(Fusion.blend(2.0)).values():
        assert math.isclose(hit.similarity, (hit.cosine + 2 * hit.lexical) / 3, rel_tol=1e-6)
    # The retriever takes the fusion from the config: the blend unless one is given.
    assert ReadConfig().fusion_model() == Fusion.blend(2.0, period=0.1) and ReadConfig(fusion=mine).fusion_model() == mine
    custom = make_memory(config=FactMemoryConfig(read=ReadConfig(fusion=mine)))
    scores = {d.page_content: d.metadata["relevance"] for d in custom.as_retriever(user_id=user_id).invoke(question)}
    assert math.isclose(scores["likes jazz"], jazz.similarity, abs_tol=1e-6)
    memory.forget(user_id)


def test_a_period_the_question_names_is_evidence_and_a_question_about_time_dates_every_fact(
        memory: FactMemory, clock: FixedClock, user_id: str) -> None:
    """"... in May 2023?": the facts dated in May join the candidates — even one the query's words
    and cosine leave out — and gain ``ReadConfig.period_weight``; a question about time shows when
    each fact was said."""
    from datetime import UTC, datetime

    from fact_memory_graph.config import Fusion

    clock.set(datetime(2023, 10, 20, 9, tzinfo=UTC))
    august, may = datetime(2023, 8, 10, tzinfo=UTC), datetime(2023, 5, 3, tzinfo=UTC)
    memory.facts.add(user_id, "went hiking with Ben", kind="durable", category="life_event", at=august)
    memory.facts.add(user_id, "went hiking with Anna", kind="durable", category="life_event", at=may)
    question = "Who did I go hiking with in May 2023?"
    best = memory.as_retriever(user_id=user_id, k=2).invoke(question)
    assert [d.page_content for d in best] == ["went hiking with Anna", "went hiking with Ben"]

    for n in range(25):  # closer to the question than a walk with Carla, all said in August
        memory.facts.add(user_id, f"went hiking in the mountains with friend number {n}", kind="durable",
                         category="life_event", at=august + timedelta(minutes=n))
    memory.facts.add(user_id, "walked the coast path with Carla", kind="durable", category="life_event", at=may)
    vector = memory.context.embed_query(question)

    def search(period=None, gain: float = 0.0) -> dict[str, tuple[float, bool]]:
        found = memory.store.search(user_id, vector, {FactKind.DURABLE: 20}, query_text=question, mode="hybrid",
                                    fusion=Fusion.blend(2.0, period=gain), period=period, whole_pool=True)
        return {h.fact.claim: (h.similarity, h.in_period) for h in found[FactKind.DURABLE]}

    assert "walked the coast path with Carla" not in search()  # neither cosine nor words reach it
    in_may = (datetime(2023, 5, 1, tzinfo=UTC), datetime(2023, 6, 1, tzinfo=UTC))
    plain, gained = search(in_may), search(in_may, 0.1)
    assert {claim for claim, (_, dated) in plain.items() if dated} == {"went hiking with Anna",
                                                                       "walked the coast path with Carla"}
    for claim, (relevance, dated) in gained.items():
        assert relevance == pytest.approx(plain[claim][0] + (0.1 if dated else 0.0))

    memory.facts.add(user_id, "likes tea", kind="durable", category="preference", at=datetime(2023, 5, 4, tzinfo=UTC))
    assert '"likes tea" (said 4 May 2023)' in memory.recall(user_id, "When did I say I like tea?")
    assert '"likes tea"\n' in memory.recall(user_id, "What do I like to drink?") + "\n"  # no date asked, none shown
