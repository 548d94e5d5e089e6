# ruff: noqa  (round three's prototype measurement script; removed again with the prototype)
"""The apply's time split, per message, interleaved served/general in one process: the whole
run_plan (pool, pipeline, transaction, commit), the plan generator's own Python (incl. the secret
filter), and the rest (psycopg, round trips, server work, commit, pool) = what a server-side
apply can shrink at most."""
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
import fact_memory_graph.store.store as S
from fact_memory_graph import FactMemory
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

real = W._served
mode = {"served": True}
W._served = lambda *a: mode["served"] and real(*a)
cur = {}
class Proxy:
    def __init__(self, g): self.g = g; self.t = 0.0
    def __iter__(self): return self
    def __next__(self): return self.send(None)
    def send(self, v):
        t0 = time.perf_counter()
        try: return self.g.send(v)
        finally: self.t += time.perf_counter() - t0
real_run = S.run_plan
def run_plan(pool, make_plan, **kw):
    box = {}
    def mk():
        g = make_plan()
        if getattr(g, "__name__", "") == "_apply_plan":
            box["p"] = Proxy(g); return box["p"]
        return g
    t0 = time.perf_counter(); WAIT["t"] = 0.0
    try: return real_run(pool, mk, **kw)
    finally:
        if "p" in box:
            cur["total"] = time.perf_counter() - t0; cur["py"] = box["p"].t; cur["wait"] = WAIT["t"]
S.run_plan = run_plan
import psycopg

_wait = psycopg.Connection.wait
WAIT = {"t": 0.0}
def wait(self, gen, *a, **k):
    t0 = time.perf_counter()
    try: return _wait(self, gen, *a, **k)
    finally: WAIT["t"] += time.perf_counter() - t0
psycopg.Connection.wait = wait
n, warm = int(sys.argv[1]) if len(sys.argv) > 1 else 400, 20
with ExitStack() as st:
    url = st.enter_context(bench_database(None, "bench"))
    clock = FixedClock(datetime(2026, 1, 1, tzinfo=UTC))
    llm = ScriptedChatModel(responses=[ops_for(i) for i in range(n + warm)])
    m = FactMemory.open(url, llm=llm, clock=clock, embeddings=TimedEmbeddings())
    user = "u" + uuid.uuid4().hex[:6]
    res = {True: {"total": [], "py": [], "rest": [], "psycopg_wait": [], "other": []}, False: {"total": [], "py": [], "rest": [], "psycopg_wait": [], "other": []}}
    for i in range(n + warm):
        clock.advance(minutes=7)
        text = f"Message {i}: lately I've been into {TOPICS[i % len(TOPICS)]} and thinking about it a lot."
        mode["served"] = i % 2 == 0
        cur.clear()
        m.remember(user, text, message_id=f"m{i}")
        if i >= warm and cur:
            r = res[mode["served"]]
            r["total"].append(cur["total"] * 1000); r["py"].append(cur["py"] * 1000)
            r["rest"].append((cur["total"] - cur["py"]) * 1000)
            r["psycopg_wait"].append(cur["wait"] * 1000)
            r["other"].append((cur["total"] - cur["py"] - cur["wait"]) * 1000)
    out = {("served" if k else "general"): {f: round(statistics.median(v), 3) for f, v in d.items()} for k, d in res.items()}
    print(json.dumps(out))
