"""Where a message's write time goes: per node, in the embedder (calls and texts), per SQL plan
(statements, round trips, the time waiting for each kind of answer), in the secret filter, and in
the scripted model itself.

The same workload as ``write_path.py`` (one user, a scripted zero-latency model returning two adds
and, every third message, a strengthen), through ``remember()`` (the sync path) or, with
``--async``, ``aremember()`` on ``FactMemory.aopen`` (the asyncio path). The library's
functions are wrapped here to time them; the wrappers cost a little, so the wall time is a little
above ``write_path.py``'s. Run: ``.venv/bin/python benchmarks/write_profile.py [--messages 200]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import uuid
from collections import Counter, defaultdict
from datetime import UTC, datetime
from typing import Any

import psycopg
from _common import bench_database
from write_path import message, ops_for

import fact_memory_graph.nodes.extract as extract_mod
import fact_memory_graph.store.plans.base as plans_base
import fact_memory_graph.store.plans.write as plans_write
import fact_memory_graph.write_graph as write_graph
from fact_memory_graph import FactMemory
from fact_memory_graph.embeddings import LocalMiniLMEmbeddings
from fact_memory_graph.store import _driver
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

SPENT: defaultdict[str, float] = defaultdict(float)
COUNT: Counter[str] = Counter()


def atimed(key: str, fn: Any) -> Any:
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return await fn(*args, **kwargs)
        finally:
            SPENT[key] += time.perf_counter() - t0
            COUNT[key] += 1
    return wrapper


def timed(key: str, fn: Any) -> Any:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT[key] += time.perf_counter() - t0
            COUNT[key] += 1
    return wrapper


class CountingEmbeddings(LocalMiniLMEmbeddings):
    async def aembed_documents(self, texts: list[str]) -> list[list[float]]:
        t0 = time.perf_counter()
        try:
            return await super().aembed_documents(texts)
        finally:
            SPENT["embedder (awaited)"] += time.perf_counter() - t0
            COUNT["embedder (awaited)"] += 1

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        t0 = time.perf_counter()
        try:
            return super().embed_documents(texts)
        finally:
            SPENT["embedder"] += time.perf_counter() - t0
            COUNT["embedder"] += 1
            COUNT["embedder calls"] += 1
            COUNT["embedder texts"] += len(texts)


def instrument() -> None:
    run_plan = _driver._run_plan

    def plan_runner(pool: Any, make_plan: Any, *args: Any, **kwargs: Any) -> Any:
        name = ["?"]

        def make() -> Any:
            plan = make_plan()
            name[0] = plan.gi_code.co_name
            return plan
        t0 = time.perf_counter()
        try:
            return run_plan(pool, make, *args, **kwargs)
        finally:
            SPENT[f"plan {name[0]}"] += time.perf_counter() - t0
            COUNT[f"plan {name[0]}"] += 1
    _driver._run_plan = plan_runner
    arun_plan = _driver._arun_plan

    async def aplan_runner(pool: Any, make_plan: Any, *args: Any, **kwargs: Any) -> Any:
        name = ["?"]

        def make() -> Any:
            plan = make_plan()
            name[0] = plan.gi_code.co_name
            return plan
        t0 = time.perf_counter()
        try:
            return await arun_plan(pool, make, *args, **kwargs)
        finally:
            SPENT[f"plan {name[0]}"] += time.perf_counter() - t0
            COUNT[f"plan {name[0]}"] += 1
    _driver._arun_plan = aplan_runner
    afetch = _driver._afetch

    async def afetching(cur: Any, q: Any, pipe: Any) -> Any:
        COUNT["statements"] += 1
        if q.fetch == "none":
            return await afetch(cur, q, pipe)
        key = "answer to " + " ".join(q.sql.split()[:3])[:48]
        t0 = time.perf_counter()
        try:
            return await afetch(cur, q, pipe)
        finally:
            SPENT[key] += time.perf_counter() - t0
            COUNT[key] += 1
    _driver._afetch = afetching
    atogether = _driver._atogether

    async def agrouped(cur: Any, group: Any, pipe: Any) -> Any:
        COUNT["statement groups"] += 1
        return await atogether(cur, group, pipe)
    _driver._atogether = agrouped
    psycopg.AsyncPipeline.__aexit__ = atimed("pipeline exit (sync; commit)", psycopg.AsyncPipeline.__aexit__)

    fetch = _driver._fetch

    def fetching(cur: Any, q: Any, pipe: Any) -> Any:
        COUNT["statements"] += 1
        if q.fetch == "none":
            return fetch(cur, q, pipe)
        key = "answer to " + " ".join(q.sql.split()[:3])[:48]
        t0 = time.perf_counter()
        try:
            return fetch(cur, q, pipe)
        finally:
            SPENT[key] += time.perf_counter() - t0
            COUNT[key] += 1
    _driver._fetch = fetching
    together = _driver._together
    _driver._together = lambda cur, group, pipe: (COUNT.update(["statement groups"]), together(cur, group, pipe))[1]
    psycopg.Pipeline.__exit__ = timed("pipeline exit (sync; commit)", psycopg.Pipeline.__exit__)
    plans_write.redact_json = timed("secret filter: audit snapshots", plans_write.redact_json)
    plans_base.redact_json = timed("secret filter: JSON parameters", plans_base.redact_json)

    node = write_graph._node

    def timed_node(name: str, pair: Any, next_node: str, on_error: Any) -> Any:
        return node(name, (timed(f"node {name}", pair[0]), atimed(f"node {name}", pair[1])), next_node, on_error)
    write_graph._node = timed_node
    ScriptedChatModel._generate = timed("inside the scripted model", ScriptedChatModel._generate)  # (its _agenerate calls it)
    cache = extract_mod.structured_model_cache

    def structured(*args: Any, **kwargs: Any) -> Any:
        make = cache(*args, **kwargs)

        def model() -> Any:
            inner = make()

            class Timed:
                def invoke(self, prompt: Any) -> Any:
                    return timed("structured-output call (model + parsing)", inner.invoke)(prompt)

                async def ainvoke(self, prompt: Any) -> Any:
                    return await atimed("structured-output call (model + parsing)", inner.ainvoke)(prompt)
            return Timed()
        return model
    extract_mod.structured_model_cache = structured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--async", dest="use_async", action="store_true", help="aremember() on FactMemory.aopen")
    args = parser.parse_args()
    instrument()
    walls: list[float] = []

    async def run(url: str) -> None:
        clock = FixedClock(datetime(2026, 1, 1, tzinfo=UTC))
        total = args.warmup + args.messages
        llm = ScriptedChatModel(responses=[ops_for(i) for i in range(total)])
        if args.use_async:
            memory = await FactMemory.aopen(url, llm=llm, clock=clock, embeddings=CountingEmbeddings())
        else:
            memory = FactMemory.open(url, llm=llm, clock=clock, embeddings=CountingEmbeddings())
        user = f"profile-{uuid.uuid4().hex[:8]}"
        try:
            for i in range(total):
                if i == args.warmup:
                    SPENT.clear()
                    COUNT.clear()
                clock.advance(minutes=7)
                text = message(i)
                t0 = time.perf_counter()
                if args.use_async:
                    await memory.aremember(user, text, message_id=f"m{i}")
                else:
                    memory.remember(user, text, message_id=f"m{i}")
                if i >= args.warmup:
                    walls.append((time.perf_counter() - t0) * 1000)
        finally:
            if args.use_async:
                await memory.aclose()
            else:
                memory.close()

    with bench_database(None, "profile") as url:
        asyncio.run(run(url))
    n = args.messages
    print(f"wall per message: p50 {statistics.median(walls):.2f} ms, mean {statistics.fmean(walls):.2f} ms "
          f"(nodes: {sum(v for k, v in SPENT.items() if k.startswith('node ')) * 1000 / n:.2f} ms; the rest is "
          "LangGraph and remember())")
    for key, spent in sorted(SPENT.items(), key=lambda kv: -kv[1]):
        print(f"  {key:52} {spent * 1000 / n:6.2f} ms  x{COUNT[key] / n:.2f}")
    for key in ("embedder calls", "embedder texts", "statements", "statement groups"):
        # (async: the embedder runs in a worker thread; "embedder" is its time there)
        print(f"  {key:52} {COUNT[key] / n:6.2f} per message")


if __name__ == "__main__":
    main()
