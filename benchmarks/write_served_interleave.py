# ruff: noqa  (round three's prototype measurement script; removed again with the prototype)
"""Per-message interleaving in one process: odd messages through the general plan (main's apply),
even through the served plan (server-side begin/finish). Same DB, same user, same load."""
import json
import statistics
import sys
import time
import uuid
from contextlib import ExitStack
from datetime import UTC, datetime

sys.path.insert(0, "benchmarks")
from _common import bench_database
from write_path import TOPICS, TimedEmbeddings, ops_for

import fact_memory_graph.store.plans.write as W
from fact_memory_graph import FactMemory
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

real = W._served
mode = {"served": True}
W._served = lambda *a: mode["served"] and real(*a)
n, warm = int(sys.argv[1]) if len(sys.argv) > 1 else 400, 20
after_recall = "--after-recall" in sys.argv
with ExitStack() as st:
    url = st.enter_context(bench_database(None, "bench"))
    clock = FixedClock(datetime(2026, 1, 1, tzinfo=UTC))
    llm = ScriptedChatModel(responses=[ops_for(i) for i in range(n + warm)])
    emb = TimedEmbeddings()
    m = FactMemory.open(url, llm=llm, clock=clock, embeddings=emb)
    user = "u" + uuid.uuid4().hex[:6]
    res = {True: [], False: []}; own = {True: [], False: []}
    for i in range(n + warm):
        clock.advance(minutes=7)
        text = f"Message {i}: lately I've been into {TOPICS[i % len(TOPICS)]} and thinking about it a lot."
        if after_recall:
            m.recall(user, text); m.flush()
        mode["served"] = (i // 2) % 2 == 0 if False else (i % 2 == 0)
        emb.spent = 0.0
        t0 = time.perf_counter()
        m.remember(user, text, message_id=f"m{i}")
        dt = (time.perf_counter() - t0) * 1000
        if i >= warm:
            res[mode["served"]].append(dt); own[mode["served"]].append(dt - emb.spent * 1000)
    q = lambda xs, p: sorted(xs)[min(len(xs) - 1, int(p / 100 * len(xs)))]
    out = {k: {"p50": round(statistics.median(res[v]), 2), "p99": round(q(res[v], 99), 2),
               "own_p50": round(statistics.median(own[v]), 2), "own_mean": round(statistics.fmean(own[v]), 2)}
           for k, v in (("served", True), ("general", False))}
    out["own_gain_p50"] = round(out["general"]["own_p50"] - out["served"]["own_p50"], 2)
    print(json.dumps(out))
