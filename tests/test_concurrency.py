"""Concurrent writers in several processes: no deadlock surfaces, no duplicate facts, exact
confidences (every lock is taken in one order; dedup is serialised per user, kind, category)."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from fact_memory_graph import FactMemory

from .concurrency_workload import run_writer

PROCESSES, THREADS, MESSAGES, STEP = 2, 4, 5, 0.001


def test_processes_and_threads_strengthening_in_random_order(make_memory, user_id: str, db_url: str) -> None:
    memory: FactMemory = make_memory()
    a = memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity").fact_id
    b = memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health").fact_id
    vector = memory.context.embed_query("enjoys jazz")
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(PROCESSES, mp_context=ctx) as pool:
        futures = [pool.submit(run_writer, db_url, user_id, [str(a), str(b)], "enjoys jazz", vector,
                               threads=THREADS, messages=MESSAGES, step=STEP, seed=p) for p in range(PROCESSES)]
        results = [f.result() for f in futures]
    errors = [e for errs, _ in results for e in errs]
    assert errors == []
    n = PROCESSES * THREADS * MESSAGES
    facts = {f.claim: f for f in memory.facts.list(user_id, status="active")}
    assert sorted(facts) == ["allergic to penicillin", "enjoys jazz", "lives in Berlin"]  # one jazz fact, not n
    assert facts["lives in Berlin"].confidence == pytest.approx(0.7 + n * STEP, abs=1e-9)
    assert facts["allergic to penicillin"].confidence == pytest.approx(0.7 + n * STEP, abs=1e-9)
    assert facts["enjoys jazz"].confidence == pytest.approx(0.7 + (n - 1) * STEP, abs=1e-9)


def test_identical_add_facts_at_once_end_as_one_fact(make_memory, user_id: str) -> None:
    memory: FactMemory = make_memory()
    with ThreadPoolExecutor(8) as pool:
        ops = list(pool.map(lambda _: memory.facts.add(user_id, "has a sister Mia", kind="durable",
                                                      category="relationship").op, range(8)))
    assert sorted(ops) == ["add_durable"] + ["strengthen"] * 7
    [fact] = memory.facts.list(user_id)
    assert fact.confidence == pytest.approx(1.0)  # 0.7 + 7 x 0.1, capped at 1.0
