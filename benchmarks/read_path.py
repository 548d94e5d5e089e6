"""Read-path benchmark: retriever latency at 1k and 10k facts for one user, with ~1M rows in the
table, and why the store uses an exact scan instead of a filtered HNSW index.

- The measured users' facts are real MiniLM embeddings of synthetic claims; the filler rows
  (other users) get random vectors generated inside Postgres (embedding 1M texts would take ~50
  minutes here and does not change what an exact, user-filtered scan reads).
- Latency: ``FactMemoryRetriever`` end to end (two kind searches, scoring), excluding and then
  including the query embedding, right after the facts were written (``read_N_facts``) and again
  after a ``VACUUM ANALYZE`` (``..._vacuumed``: what autovacuum leaves a live table in). "Excluding"
  searches by vector alone (dense); "including" is the default hybrid read of the query's text.
  Access tracking is off so only reads are timed.
- Exact vs HNSW: an HNSW index over a ``--hnsw-rows`` sample (the measured users included) is
  queried with the same user filter, plain and with ``hnsw.iterative_scan = strict_order``; we
  report latency, short results and overlap with the exact top-k.

Run: ``.venv/bin/python benchmarks/read_path.py`` (about 10 minutes with the defaults on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta

import numpy as np
from _common import bench_database, percentile
from psycopg.types.json import Jsonb

from fact_memory_graph import FactMemory, FactMemoryConfig, ReadConfig
from fact_memory_graph.embeddings import LocalMiniLMEmbeddings
from fact_memory_graph.schema import CURRENT_CATEGORIES, DURABLE_CATEGORIES, FactKind
from fact_memory_graph.testing import FixedClock

SUBJECTS = ["running", "cooking", "jazz", "chess", "gardening", "the Q4 plan", "the auth flow", "Berlin", "Tokyo",
            "my sister", "taxes", "sleep", "the new job", "the marathon", "yoga", "photography", "the garage",
            "piano", "Spanish lessons", "the release", "knee pain", "coffee", "hiking", "the wedding", "the move"]
VERBS_D = ["enjoys", "dislikes", "has strong opinions about", "grew up with", "wants to get better at", "is known for"]
VERBS_C = ["is busy with", "is worried about", "is excited about", "is working on", "is dealing with"]


def claims_for(n: int, rng: random.Random) -> list[tuple[str, str, str]]:
    out = []
    for i in range(n):
        if i % 3 == 2:
            out.append(("current", rng.choice(CURRENT_CATEGORIES), f"{rng.choice(VERBS_C)} {rng.choice(SUBJECTS)} #{i}"))
        else:
            out.append(("durable", rng.choice(DURABLE_CATEGORIES), f"{rng.choice(VERBS_D)} {rng.choice(SUBJECTS)} #{i}"))
    return out


def load_user(memory: FactMemory, user: str, n: int, now: datetime, rng: random.Random) -> None:
    claims = claims_for(n, rng)
    vectors = memory.embeddings.embed_documents([c for _, _, c in claims])
    with memory.store.pool.connection() as conn, conn.cursor() as cur, cur.copy(
        "COPY fact_memory_facts (id, user_id, kind, category, claim, structured_fields, confidence, created_at,"
        " last_confirmed_at, valid_at, embedding) FROM STDIN"
    ) as copy:
        import uuid

        for (kind, cat, claim), vec in zip(claims, vectors, strict=True):
            age = timedelta(days=rng.uniform(0, 60))
            copy.write_row((uuid.uuid4(), user, kind, cat, claim, Jsonb({}), round(rng.uniform(0.5, 1.0), 2),
                            now - age, now - age, (now - age) if kind == "current" else None,
                            memory.store.vector_literal(vec)))


def load_filler(memory: FactMemory, rows: int, now: datetime) -> float:
    t0 = time.perf_counter()
    dim = memory.store.dimension
    batch = 50_000
    with memory.store.pool.connection() as conn:
        for start in range(0, rows, batch):
            conn.execute(
                "INSERT INTO fact_memory_facts (id, user_id, kind, category, claim, confidence, created_at,"
                " last_confirmed_at, embedding)"
                " SELECT gen_random_uuid(), 'filler-' || (g %% 20000), CASE WHEN g %% 3 = 0 THEN 'current' ELSE 'durable' END,"
                " CASE WHEN g %% 3 = 0 THEN 'feeling' ELSE 'preference' END, 'filler fact ' || g, 0.7, %s, %s,"
                " r.v FROM generate_series(%s::int, %s::int) g"
                # Correlated through WHERE so each row gets its own random vector.
                f" CROSS JOIN LATERAL (SELECT array_agg(random() - 0.5)::vector({dim}) AS v"
                f"  FROM generate_series(1, {dim}) d WHERE g >= 0) r",
                (now, now, start, min(start + batch, rows) - 1),
            )
        conn.execute("ANALYZE fact_memory_facts")
    return time.perf_counter() - t0


def time_reads(memory: FactMemory, user: str, queries: list[str], vectors: list[list[float]]) -> dict[str, float]:
    retriever = memory.as_retriever(user_id=user)
    hot = memory.store.hot
    hits, misses = (hot.hits, hot.misses) if hot else (0, 0)
    t0 = time.perf_counter()
    for v in vectors[:10]:  # warm-up
        retriever.search_by_vector(v)
    if hot is not None:  # the first read went to Postgres and asked for a copy of the user: wait for it
        hot.wait_idle()
    warm_ms = (time.perf_counter() - t0) * 1000
    excl, incl = [], []
    for v in vectors:
        t0 = time.perf_counter()
        retriever.search_by_vector(v)
        excl.append((time.perf_counter() - t0) * 1000)
    for q in queries:
        t0 = time.perf_counter()
        retriever.invoke(q)
        incl.append((time.perf_counter() - t0) * 1000)
    out = {"p50_ms_excl_embedding": round(statistics.median(excl), 2), "p99_ms_excl_embedding": round(percentile(excl, 99), 2),
           "p50_ms_incl_embedding": round(statistics.median(incl), 2), "p99_ms_incl_embedding": round(percentile(incl, 99), 2)}
    if hot is not None:  # reads answered from the process's copy of the user, and the warm-up incl. the copy
        out.update(hot_hits=hot.hits - hits, hot_misses=hot.misses - misses, hot_mb=round(hot.nbytes / 2**20, 1),
                   warmup_with_copy_ms=round(warm_ms, 1))
    return out


def exact_vs_hnsw(memory: FactMemory, users: list[str], sample_rows: int, vectors: list[list[float]], k: int = 24) -> dict:
    """Top-k per user and kind: exact btree-filtered scan vs a filtered HNSW index (over a sample)."""
    store = memory.store
    result: dict = {"sample_rows": sample_rows, "k": k}
    with store.pool.connection() as conn:
        conn.execute("DROP TABLE IF EXISTS bench_hnsw")
        conn.execute(
            "CREATE TABLE bench_hnsw AS SELECT id, user_id, kind, status, embedding FROM fact_memory_facts"
            " WHERE user_id = ANY(%s) UNION ALL (SELECT id, user_id, kind, status, embedding FROM fact_memory_facts"
            " WHERE user_id LIKE 'filler-%%' LIMIT %s)", (users, sample_rows))
        conn.execute("SET maintenance_work_mem = '1GB'")
        t0 = time.perf_counter()
        conn.execute("CREATE INDEX bench_hnsw_idx ON bench_hnsw USING hnsw (embedding vector_cosine_ops)")
        result["hnsw_build_s"] = round(time.perf_counter() - t0, 1)
        conn.execute("ANALYZE bench_hnsw")
    # Exact: what FactStore.search does on the real table (btree on user/kind/status, exact sort).
    exact_sql = ("SELECT id FROM fact_memory_facts WHERE user_id = %s AND kind = %s AND status = 'active'"
                 " ORDER BY embedding <=> %s::vector, id LIMIT %s")
    # HNSW: the same filter on a copy that has only an HNSW index (seq scans disabled, so the
    # planner must walk the index and filter afterwards).
    hnsw_sql = ("SELECT id FROM bench_hnsw WHERE user_id = %s AND kind = %s AND status = 'active'"
                " ORDER BY embedding <=> %s::vector LIMIT %s")
    for user in users:
        row = {}
        for mode in ("exact", "hnsw", "hnsw_iterative"):
            lat, overlaps, short = [], [], 0
            for v in vectors[:100]:
                lit = store.vector_literal(v)
                for kind in (FactKind.DURABLE.value, FactKind.CURRENT.value):
                    with store.pool.connection() as conn, conn.transaction():
                        if mode != "exact":
                            conn.execute("SET LOCAL enable_seqscan = off")
                        if mode == "hnsw_iterative":
                            conn.execute("SET LOCAL hnsw.iterative_scan = strict_order")
                        t0 = time.perf_counter()
                        got = [r[0] for r in conn.execute(exact_sql if mode == "exact" else hnsw_sql, (user, kind, lit, k))]
                        lat.append((time.perf_counter() - t0) * 1000)
                        truth = [r[0] for r in conn.execute(exact_sql, (user, kind, lit, k))]
                    short += len(got) < len(truth)
                    overlaps.append(len(set(got) & set(truth)) / max(len(truth), 1))
            row[mode] = {"p50_ms": round(statistics.median(lat), 2), "p99_ms": round(percentile(lat, 99), 2),
                         "mean_overlap": round(float(np.mean(overlaps)), 3), "short_results": short, "queries": len(lat)}
        result[user] = row
    with store.pool.connection() as conn:
        conn.execute("DROP TABLE bench_hnsw")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--filler", type=int, default=1_000_000, help="rows of other users")
    parser.add_argument("--sizes", default="1000,10000", help="facts of the measured users")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--hnsw-rows", type=int, default=100_000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--no-hnsw", action="store_true", help="skip the exact-vs-HNSW comparison")
    parser.add_argument("--onnx-spin", action="store_true",
                        help="let ONNX Runtime's threads spin-wait between runs (LocalMiniLMEmbeddings(spin_wait=True))")
    args = parser.parse_args()

    rng = random.Random(7)
    database = ExitStack()
    url = database.enter_context(bench_database(args.database_url, "bench_read"))
    clock = FixedClock(datetime(2026, 6, 1, tzinfo=UTC))
    config = FactMemoryConfig(read=ReadConfig(track_access=False))
    memory = FactMemory.open(url, clock=clock, config=config,
                             embeddings=LocalMiniLMEmbeddings(spin_wait=True) if args.onnx_spin else None)
    out: dict = {}
    try:
        sizes = [int(s) for s in args.sizes.split(",")]
        users = [f"bench-user-{n}" for n in sizes]
        t0 = time.perf_counter()
        for user, n in zip(users, sizes, strict=True):
            load_user(memory, user, n, clock(), rng)
        out["load_users_s"] = round(time.perf_counter() - t0, 1)
        out["load_filler_s"] = round(load_filler(memory, args.filler, clock()), 1)
        with memory.store.pool.connection() as conn:
            out["table_rows"] = conn.execute("SELECT count(*) FROM fact_memory_facts").fetchone()[0]
        queries = [f"{rng.choice(['How is', 'Tell me about', 'Any news on', 'What about'])} {rng.choice(SUBJECTS)}?"
                   for _ in range(args.queries)]
        vectors = memory.embeddings.embed_documents(queries)
        for user, n in zip(users, sizes, strict=True):
            out[f"read_{n}_facts"] = time_reads(memory, user, queries, vectors)
        # The same reads once a vacuum has run (autovacuum's work on a live table): the visibility
        # map lets the scope index answer without the table, and the statistics are fresh.
        with memory.store.pool.connection() as conn:
            conn.autocommit = True
            conn.execute("VACUUM ANALYZE fact_memory_facts")
        for user, n in zip(users, sizes, strict=True):
            out[f"read_{n}_facts_vacuumed"] = time_reads(memory, user, queries, vectors)
        if not args.no_hnsw:
            out["exact_vs_hnsw"] = exact_vs_hnsw(memory, users, args.hnsw_rows, vectors)
    finally:
        memory.close()
        database.close()
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
