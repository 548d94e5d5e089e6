"""Inspector benchmark: server time of the pages people open most, on a user with 10,000 facts
and a store of 100,000 users.

- The 10,000-fact user: real MiniLM embeddings of synthetic claims (``read_path.load_user``).
- The 100,000 other users: two facts each and one logged message each, written by SQL inside
  Postgres (one shared vector: the users page reads counts, never vectors).
- Server time: each request through the whole app in process (Starlette's test client: the
  guard, the handler on the thread pool, the facade, the template), no network; p50 and p95
  over ``--runs`` requests, alternating the pages in one window. The playground's queries vary.

Run: ``.venv/bin/python benchmarks/inspector.py`` (a few minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from contextlib import ExitStack
from datetime import UTC, datetime
from urllib.parse import quote

from _common import bench_database, percentile
from read_path import SUBJECTS, load_user
from starlette.testclient import TestClient

from fact_memory_graph import FactMemory, FactMemoryConfig, ReadConfig
from fact_memory_graph.inspector import Access, create_app
from fact_memory_graph.testing import FixedClock


def load_users(memory: FactMemory, users: int, now: datetime) -> float:
    t0 = time.perf_counter()
    dim = memory.store.dimension
    with memory.store.pool.connection() as conn:
        vec = "[" + ",".join(["0.05"] * dim) + "]"
        conn.execute(
            "INSERT INTO fact_memory_facts (id, user_id, kind, category, claim, confidence, created_at,"
            " last_confirmed_at, embedding)"
            " SELECT gen_random_uuid(), 'user-' || lpad((g / 2)::text, 6, '0'),"
            " CASE WHEN g %% 2 = 0 THEN 'durable' ELSE 'current' END,"
            " CASE WHEN g %% 2 = 0 THEN 'preference' ELSE 'feeling' END, 'fact ' || g, 0.7, %s, %s, %s::vector"
            " FROM generate_series(0, %s) g", (now, now, vec, 2 * users - 1))
        conn.execute(
            "INSERT INTO fact_memory_messages (user_id, message_id, text, at, enqueued_at, due_at, deadline_at, state,"
            " processed_at) SELECT 'user-' || lpad(g::text, 6, '0'), 'm1', 'hello ' || g, %s, %s, %s, %s,"
            " CASE WHEN g %% 100 = 0 THEN 'failed' ELSE 'done' END, %s FROM generate_series(0, %s) g",
            (now, now, now, now, now, users - 1))
        conn.commit()
        conn.autocommit = True
        conn.execute("VACUUM ANALYZE fact_memory_facts")
        conn.execute("VACUUM ANALYZE fact_memory_messages")
    return time.perf_counter() - t0


def timed(client: TestClient, path: str) -> float:
    t0 = time.perf_counter()
    r = client.get(path)
    elapsed = (time.perf_counter() - t0) * 1000
    assert r.status_code == 200, (path, r.status_code, r.text[:300])
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--facts", type=int, default=10_000, help="facts of the measured user")
    parser.add_argument("--users", type=int, default=100_000, help="other users in the store")
    parser.add_argument("--runs", type=int, default=40, help="requests per page")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()

    rng = random.Random(7)
    database = ExitStack()
    url = database.enter_context(bench_database(args.database_url, "bench_inspector"))
    clock = FixedClock(datetime(2026, 6, 1, tzinfo=UTC))
    memory = FactMemory.open(url, clock=clock, config=FactMemoryConfig(read=ReadConfig(track_access=False)))
    out: dict = {"facts": args.facts, "users": args.users, "runs": args.runs}
    try:
        big = "bench-big-user"
        t0 = time.perf_counter()
        load_user(memory, big, args.facts, clock(), rng)
        out["load_user_s"] = round(time.perf_counter() - t0, 1)
        out["load_users_s"] = round(load_users(memory, args.users, clock()), 1)
        fact_id = str(memory.facts.page(big, limit=1)[0][0].id)
        client = TestClient(create_app(memory, Access(token="bench")), headers={"Authorization": "Bearer bench"})
        u = f"/users/{quote(big, safe='')}"
        pages = {
            "users": lambda: "/users",
            "users_later_page": lambda: "/users?after=user-050000",
            "users_prefix_search": lambda: f"/users?q=user-0{rng.randrange(10, 99)}",
            "user": lambda: u,
            "user_facts_filtered": lambda: f"{u}/facts?kind=durable&status=active&order=confidence",
            "fact": lambda: f"{u}/facts/{fact_id}",
            "playground": lambda: f"{u}/playground?query=" + quote(f"How is {rng.choice(SUBJECTS)} going?"),
        }
        for make in pages.values():  # warm: first template compile, first plans
            timed(client, make())
        times: dict[str, list[float]] = {name: [] for name in pages}
        for _ in range(args.runs):
            for name, make in pages.items():  # alternating in one window
                times[name].append(timed(client, make()))
        out["server_ms"] = {name: {"p50": round(percentile(v, 50), 1), "p95": round(percentile(v, 95), 1)}
                            for name, v in times.items()}
    finally:
        memory.close()
        database.close()
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
