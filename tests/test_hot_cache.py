"""The hot cache: a user's facts held in process memory give exactly the database read.

A property test drives random writes, forgets, people, pending contradictions and reads through
two memories on one database (two processes' caches); every read compares the search the store
answers (from its cache whenever the user's change marker allows) with the search statement run
in Postgres, hit for hit: the same facts in the same order, the same relevance, cosine, lexical
rank, person and period flags, the same pending contradictions. The formatter's sections follow.
"""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fact_memory_graph import FactMemory, FactMemoryConfig, ReadConfig
from fact_memory_graph.config import Fusion, LifecyclePolicy
from fact_memory_graph.retriever import score_facts
from fact_memory_graph.schema import FactKind
from fact_memory_graph.store import hot as hot_mod
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

from .helpers import T0

WORDS = ["running", "jazz", "chess", "sister", "mia", "health", "allergic", "penicillin", "tokyo", "berlin",
         "exam", "anxious", "job", "coffee", "piano", "marathon", "knee", "pain", "wedding", "moved", "the", "and"]
NAMES = ["mia", "tom", "lena"]
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _hits(found):
    return {k.value: [(h.fact.id, h.similarity, h.cosine, h.lexical, h.person, h.in_period,
                       [(p.id, p.claim, p.created_at) for p in h.pending], h.fact.model_dump())
                      for h in hits] for k, hits in found.items()}


def _both(memory, user, vector, args):
    """(what the store answers, the search statement's own answer)."""
    store = memory.store
    quotas = args.pop("quotas")
    got = store.search(user, vector, quotas, **args)
    store.hot.wait_idle()
    want = store._run(lambda: store._search_db_plan(user, vector, quotas, args.get("statuses", ["active", "dormant"]),
                                                    args.get("categories"), args.get("query_text"),
                                                    args.get("mode", "dense"), args.get("lexical_weight", 1.0),
                                                    args.get("since"), args.get("until"), args.get("fusion"),
                                                    args.get("whole_pool", False), args.get("period")))
    return got, want


def _bump_around_the_store(conn, user: str) -> None:
    """What a write around the store must do (the store's writers bump in their plans: the test
    below lists them): bump the user's change marker in the same transaction."""
    conn.execute("INSERT INTO fact_memory_versions AS v (user_id, version) VALUES (%s, 1)"
                 " ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1", (user,))


op = st.one_of(
    st.tuples(st.just("add"), st.integers(0, 1),
              st.sampled_from([("durable", "health"), ("durable", "relationship"), ("durable", "preference"),
                               ("current", "feeling"), ("current", "physical_state")]),
              st.lists(st.sampled_from(WORDS), min_size=1, max_size=5), st.integers(0, 90)),
    st.tuples(st.just("retract"), st.integers(0, 1), st.integers(0, 30)),
    st.tuples(st.just("update"), st.integers(0, 1), st.integers(0, 30), st.lists(st.sampled_from(WORDS), min_size=1,
                                                                                  max_size=4)),
    st.tuples(st.just("person"), st.sampled_from(NAMES), st.lists(st.integers(0, 30), max_size=3)),
    st.tuples(st.just("pending"), st.integers(0, 30), st.sampled_from(WORDS)),
    st.tuples(st.just("forget"), st.integers(0, 1)),
    st.tuples(st.just("fill"), st.integers(0, 1)),
    st.tuples(st.just("read"), st.integers(0, 1), st.lists(st.sampled_from(WORDS + NAMES), max_size=6),
              st.sampled_from(["hybrid", "hybrid", "dense", "lexical"]), st.sampled_from([None, "health", "feeling"]),
              st.booleans(), st.booleans(), st.sampled_from([1, 3, 24])),
)


@pytest.fixture
def two_memories(make_memory):
    clock = FixedClock(START)
    return make_memory(clock=clock), make_memory(clock=clock), clock


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(ops=st.lists(op, min_size=4, max_size=25))
def test_cached_read_equals_the_database_read(two_memories, ops) -> None:
    memories = two_memories[:2]
    clock: FixedClock = two_memories[2]
    user = f"hot-{uuid.uuid4().hex[:10]}"
    facts: list = []
    read_cfg = ReadConfig()
    hits_before = sum(m.store.hot.hits for m in memories)
    compared = 0
    for step in ops:
        kind = step[0]
        if kind == "add":
            _, who, (fkind, category), words, days = step
            applied = memories[who].facts.add(user, " ".join(words) + f" {len(facts)}", kind=fkind,
                                              category=category, at=START - timedelta(days=days))
            facts.append(applied.fact_id)
        elif kind == "retract" and facts:
            memories[step[1]].facts.retract(user, facts[step[2] % len(facts)])
        elif kind == "update" and facts:
            fid = facts[step[2] % len(facts)]
            if memories[step[1]].facts.get(user, fid) is not None and memories[step[1]].facts.get(user, fid).status.value == "active":
                memories[step[1]].facts.update(user, fid, " ".join(step[3]) + " again")
        elif kind == "person" and facts:
            linked = [facts[i % len(facts)] for i in step[2]]
            with memories[0].store.pool.connection() as conn:
                conn.execute(
                    "INSERT INTO fact_memory_people (user_id, name_key, name, relation, aliases, fact_ids, first_at,"
                    " last_at) VALUES (%s, %s, %s, 'friend', %s, %s, %s, %s) ON CONFLICT (user_id, name_key)"
                    " DO UPDATE SET fact_ids = excluded.fact_ids",
                    (user, step[1], step[1].title(), [step[1][::-1]], linked, START, START))
                _bump_around_the_store(conn, user)
        elif kind == "pending" and facts:
            fid = facts[step[1] % len(facts)]
            fact = memories[0].facts.get(user, fid)
            if fact is not None:
                with memories[0].store.pool.connection() as conn:
                    conn.execute(
                        "INSERT INTO fact_memory_candidates (id, user_id, fact_id, kind, category, claim, status,"
                        " created_at, embedding) SELECT %s, user_id, id, kind, category, %s, 'pending', %s, embedding"
                        " FROM fact_memory_facts WHERE user_id = %s AND id = %s",
                        (uuid.uuid4(), f"not {step[2]}", START + timedelta(seconds=len(facts)), user, fid))
                    # A write around the store bumps the change marker itself (the store's writers
                    # do it in their plans: the test below lists them), in the same transaction.
                    _bump_around_the_store(conn, user)
        elif kind == "forget":
            memories[step[1]].forget(user)
            facts.clear()
        elif kind == "fill":
            memories[step[1]].store.fill_hot(user)
        elif kind == "read":
            _, who, words, mode, category, with_period, relative, quota = step
            memory = memories[who]
            text = " ".join(words)
            vector = memory.embeddings.embed_query(text or "nothing")
            fusion = (Fusion(link="logistic", bias=-1.0, cosine=3.0, lexical=2.0, matched=0.5, person=0.7, period=0.3,
                             cosine_gap=1.5, lexical_share=0.4) if relative else None)
            args = {"quotas": {FactKind.DURABLE: quota, FactKind.CURRENT: quota}, "query_text": text or None,
                    "mode": mode if text else "dense", "lexical_weight": 2.0, "fusion": fusion,
                    "categories": [category] if category else None,
                    "period": (START - timedelta(days=30), START - timedelta(days=5)) if with_period else None}
            for _ in range(2):  # a read that went to Postgres copies the user in: the second reads the copy
                got, want = _both(memory, user, vector, dict(args))
                assert _hits(got) == _hits(want)
                docs = [score_facts(f, now=clock(), read=read_cfg, k_durable=quota, k_current=quota, k=None)
                        for f in (got, want)]
                assert [(d.id, d.metadata) for d in docs[0]] == [(d.id, d.metadata) for d in docs[1]]
                compared += 1
    TOTALS["hits"] += sum(m.store.hot.hits for m in memories) - hits_before
    TOTALS["reads"] += compared


TOTALS = {"hits": 0, "reads": 0}


def test_the_property_test_read_from_the_cache() -> None:
    """The property test above is not vacuous: most of its reads were answered by a cache (this
    runs after it in file order; alone it has nothing to check)."""
    if TOTALS["reads"] == 0:
        pytest.skip("run with the property test")
    assert TOTALS["hits"] > TOTALS["reads"] // 4


def test_a_write_by_another_process_is_never_missed(make_memory, user_id) -> None:
    a, b = make_memory(), make_memory()
    a.facts.add(user_id, "allergic to penicillin", kind="durable", category="health")
    assert a.store.fill_hot(user_id)
    retriever = a.as_retriever(user_id=user_id)
    assert [d.page_content for d in retriever.invoke("what am I allergic to?")] == ["allergic to penicillin"]
    assert a.store.hot.hits == 1
    b.facts.add(user_id, "allergic to peanuts", kind="durable", category="health")  # another process writes
    assert sorted(d.page_content for d in retriever.invoke("what am I allergic to?")) == [
        "allergic to peanuts", "allergic to penicillin"]
    b.forget(user_id)  # and forgets
    assert retriever.invoke("what am I allergic to?") == []
    a.store.hot.wait_idle()
    assert a.store.hot.nbytes >= 0


def test_access_counts_do_not_evict_but_matter_to_a_staged_ranking(make_memory, user_id) -> None:
    memory = make_memory()
    memory.facts.add(user_id, "plays the piano", kind="durable", category="preference")
    assert memory.store.fill_hot(user_id)
    docs = memory.as_retriever(user_id=user_id).invoke("piano")
    memory.context.access.flush()  # the read's access count is written: only ``accesses`` moves
    hits = memory.store.hot.hits
    assert [d.page_content for d in memory.as_retriever(user_id=user_id).invoke("piano")] == [docs[0].page_content]
    assert memory.store.hot.hits == hits + 1
    staged = make_memory(config=FactMemoryConfig(lifecycle=LifecyclePolicy.staged()))
    assert staged.store.fill_hot(user_id)
    staged.as_retriever(user_id=user_id).invoke("piano")
    staged.context.access.flush()
    before = staged.store.hot.hits
    staged.as_retriever(user_id=user_id).invoke("piano")
    assert staged.store.hot.hits == before  # its ranking reads access counts: the copy was stale


def test_the_bound_is_kept_least_recently_read_out_first() -> None:
    cache = hot_mod.HotCache(max_bytes=10_000)
    for name in ("a", "b", "c"):
        cache.put(name, _sized((0, 1, 0)))
    assert cache.nbytes <= 10_000
    assert cache.get("a", (0, 1, 0), accesses_matter=False) is None  # the oldest went first
    assert cache.get("c", (0, 1, 0), accesses_matter=False) is not None
    assert cache.get("c", (0, 2, 0), accesses_matter=False) is None  # changed: dropped
    assert "c" not in cache._users


def test_reads_during_a_copy_ask_for_no_second_copy() -> None:
    """The reads that go to Postgres while the user's copy is under way are answered by that copy
    when it lands; they do not start another whole-user copy after it (a stale copy is found by
    the next read's marker, which asks again)."""
    cache = hot_mod.HotCache(max_bytes=10_000)
    cache.want("u", cold=True)
    assert cache.take_fill("u") and not cache.take_fill("u")
    cache.want("u", cold=True)  # read while copying
    cache.put("u", _sized((0, 1, 0)))
    cache.end_fill("u")
    assert not cache.take_fill("u") and cache.fills == 1 and cache.misses == 2
    assert cache.get("u", (0, 2, 0), accesses_matter=False) is None  # written since: dropped
    cache.want("u")
    assert cache.take_fill("u") and cache.fills == 2


def _sized(marker):
    user = hot_mod.build_user(marker, [], [], ("fma", 8), 8)
    user.nbytes = 4_000
    return user


def test_the_server_cosine_is_emulated_bit_for_bit(memory) -> None:
    assert memory.store.fill_hot("nobody-" + uuid.uuid4().hex[:6]) in (True, False)
    assert isinstance(memory.store.hot.variant, tuple), "no emulation of this pgvector's cosine matched"


def test_ts_rank_cd_of_an_or_query_matches_postgres(memory) -> None:
    texts = ["allergic to penicillin and allergic to dust", "the sister of Mia plays piano piano piano",
             "running running running a marathon in Tokyo", "health"]
    queries = ["'allergic' | 'penicillin'", "'piano' | 'mia' | 'sister'", "'run' | 'marathon' | 'health'"]
    with memory.store.pool.connection() as conn:
        for text in texts:
            tsv = conn.execute("SELECT fact_memory_claim_tsv(%s, 'health')::text", (text,)).fetchone()[0]
            for q in queries:
                lexemes = hot_mod.parse_or_query(conn.execute("SELECT to_tsquery('english', %s)::text", (q,)).fetchone()[0])
                want = conn.execute("SELECT ts_rank_cd(fact_memory_claim_tsv(%s, 'health'), to_tsquery('english', %s), 32)",
                                    (text, q)).fetchone()[0]
                assert float(str(np.float32(hot_mod.rank_cd(hot_mod.parse_tsvector(tsv), set(lexemes))))) == want


def test_the_recall_s_embedding_of_a_message_serves_its_write(make_memory, user_id, monkeypatch) -> None:
    """One embedding per message: a turn's text embedded by the recall is not embedded again by
    the write path (an embedder that embeds queries and stored texts alike)."""
    memory = make_memory()
    text = "I moved to Lisbon last week and I love the light there"
    seen: list[str] = []
    cls = type(memory.context.embeddings)
    inner = cls.embed_documents

    def counting(self, texts):
        seen.extend(texts)
        return inner(self, texts)

    monkeypatch.setattr(cls, "embed_documents", counting)
    memory.as_retriever(user_id=user_id).invoke(text)
    memory.remember(user_id, text, message_id="m1")
    assert text not in seen and memory.context.recent_vectors.reused == 1
    memory.remember(user_id, "and my sister Mia visits in May", message_id="m2")  # no recall before it
    assert any("my sister Mia" in t for t in seen)
    memory.forget(user_id)
    assert memory.context.recent_vectors.get(text) is None


async def test_the_async_store_copies_and_reads_the_same(db_url, embeddings, user_id) -> None:
    """The native async store shares the memory's cache: its reads ask for a copy (a task), then
    answer from it, with what the sync read gives."""
    memory = await FactMemory.aopen(db_url, embeddings=embeddings, llm=ScriptedChatModel())
    try:
        memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health")
        memory.facts.add(user_id, "anxious about the exam", kind="current", category="feeling")
        retriever = memory.as_retriever(user_id=user_id)
        first = await retriever.ainvoke("what should the doctor know about my health?")
        assert memory.astore.hot is memory.store.hot
        # the copy the read asked for (a task) ends first: run beside it, the two copies' first
        # calibrations raced and one answered False (once in CI)
        await asyncio.gather(*list(memory.astore._fills))
        memory.context.access.flush()  # the read's count, written by a thread, lands before the copy
        assert await memory.astore.fill_hot(user_id)
        hits = memory.store.hot.hits
        again = await retriever.ainvoke("what should the doctor know about my health?")
        assert memory.store.hot.hits == hits + 1
        assert [(d.id, d.metadata["score"]) for d in again] == [(d.id, d.metadata["score"]) for d in first]
    finally:
        await memory.aclose()


def test_every_plan_that_writes_facts_people_or_candidates_bumps_the_marker_last() -> None:
    """No trigger (Citus): the write plans bump the change marker themselves. Every plan the store
    runs that writes the facts, people or candidates ends with ``_bump_version`` — on every path
    that returns after a write — or bumps the forget generation (also part of the marker); the
    plans they call do not bump midway (the marker row is locked only from there to the commit)."""
    import ast
    import re

    from tests import test_forget_races as races

    tables = {"FACTS", "PEOPLE", "CANDIDATES"}
    plans = races._plan_sources()
    entry = set(re.findall(r"self\.(_\w+_plan)\(", races.STORE.read_text()))
    checked = []
    for name in sorted(entry):
        writes = races._writes(name, plans, set())
        if not any(w.split()[-1] in tables or w.endswith(" table") for w in writes) or name == "_delete_user_plan":
            continue  # (forget deletes the marker row and bumps the generation: the test below)
        node, source, _ = plans[name]  # (the source: its own text; the node: its place in the file)
        checked.append(name)
        if "self._bump_generation(" in source:
            continue
        steps = [n for n in ast.walk(node) if isinstance(n, ast.YieldFrom | ast.Return)]
        steps.sort(key=lambda n: (n.lineno, n.col_offset))
        calls = [ast.unparse(n) for n in steps]
        bumps = [i for i, c in enumerate(calls) if "self._bump_version(" in c]
        assert bumps, f"{name} writes {sorted(writes)} and never bumps the change marker"
        # After the first bump: only other bumps, the return, or an else-branch's bump.
        after = [c for c in calls[bumps[0] + 1:] if "_bump_version" not in c and not c.startswith("return")]
        assert after == [], (name, after)
    assert {"_apply_plan", "_retract_plan", "_record_access_plan", "_resolve_candidate_plan", "_apply_group_plan",
            "_maintain_plan", "_purge_fact_plan", "_restore_plan", "_replace_vectors_plan",
            "_mark_reconciled_plan", "_forget_message_plan", "_forget_turn_plan"} <= set(checked)


def test_forget_leaves_no_marker_row_and_a_write_after_it_makes_none(make_memory, db_url: str) -> None:
    import psycopg

    user = "marker-" + uuid.uuid4().hex[:8]
    memory: FactMemory = make_memory()
    fact = memory.facts.add(user, "likes jazz", kind="durable", category="preference")
    with psycopg.connect(db_url) as conn:
        assert conn.execute("SELECT version FROM fact_memory_versions WHERE user_id = %s", (user,)).fetchone()
    memory.forget(user)
    memory.store.retract(user, fact.fact_id, at=START, note="late")  # a write racing the forget: nothing to write
    with psycopg.connect(db_url) as conn:
        assert conn.execute("SELECT 1 FROM fact_memory_versions WHERE user_id = %s", (user,)).fetchone() is None


def test_a_retrieval_counted_during_a_copy_keeps_the_copy(make_memory, user_id) -> None:
    """Where retrieval counts do not rank (the default lifecycle), a count written between the
    copy's two marker reads does not throw the copy away (a busy user would never be cached); an
    edit there does."""
    memory = make_memory()
    store = memory.store
    fact = memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health")
    assert store.fill_hot(user_id)  # calibrated: the next copy's first statement is the marker
    store.hot.discard(user_id)

    def copy_with(between):
        def plan():
            inner, result, n = store._hot_fill_plan(user_id), None, 0
            while True:
                try:
                    statement = inner.send(result)
                except StopIteration as stop:
                    return stop.value
                if n == 1:  # the marker before was read: another session writes now
                    between()
                result = yield statement
                n += 1
        return store._run(plan)

    assert copy_with(lambda: store.record_access(user_id, [fact.fact_id], T0))
    store.hot.discard(user_id)
    assert not copy_with(lambda: memory.facts.add(user_id, "has a cat", kind="durable", category="relationship"))
