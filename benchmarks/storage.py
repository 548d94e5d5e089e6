"""Storage benchmark: bytes per fact on disk, and what ``halfvec`` storage would change.

Loads ``--facts`` facts for one user (real MiniLM embeddings of synthetic claims, as in
``read_path.py``), then reports from Postgres' own catalog: the heap, TOAST and every index of
``fact_memory_facts`` per fact, the average row and embedding size. For ``halfvec`` it builds a
copy of the table with the embedding as ``halfvec`` (same other columns) and reports its size per
fact and the top-k agreement of an exact scan on it with the exact scan on ``vector`` (k = 24 per
kind, ``--queries`` queries): the issue's rule is "use halfvec if it halves the bytes with no loss
in top-k agreement".

Run: ``.venv/bin/python benchmarks/storage.py [--facts 10000] [--json]`` (about a minute).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from contextlib import ExitStack
from datetime import UTC, datetime

from _common import bench_database
from read_path import SUBJECTS, load_user

from fact_memory_graph import FactMemory, FactMemoryConfig, ReadConfig
from fact_memory_graph.testing import FixedClock

USER = "storage-user"


def relation_bytes(conn, table: str) -> dict[str, int]:
    row = conn.execute(
        "SELECT pg_relation_size(c.oid) AS heap,"
        " coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0) AS toast,"
        " pg_indexes_size(c.oid) AS indexes FROM pg_class c WHERE c.relname = %s", (table,)).fetchone()
    return {"heap": row[0], "toast": row[1], "indexes": row[2]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    rng = random.Random(11)
    stack = ExitStack()
    url = stack.enter_context(bench_database(args.database_url, "bench_storage"))
    clock = FixedClock(datetime(2026, 6, 1, tzinfo=UTC))
    memory = FactMemory.open(url, clock=clock, config=FactMemoryConfig(read=ReadConfig(track_access=False)))
    try:
        load_user(memory, USER, args.facts, clock(), rng)
        dim = memory.store.dimension
        queries = [f"{rng.choice(['How is', 'Tell me about', 'Any news on'])} {rng.choice(SUBJECTS)}?"
                   for _ in range(args.queries)]
        vectors = memory.embeddings.embed_documents(queries)
        with memory.store.pool.connection() as conn:
            conn.autocommit = True
            conn.execute("DROP TABLE IF EXISTS bench_half")
            # The same row with the embedding as halfvec (what a halfvec-only schema would store).
            conn.execute(
                "CREATE TABLE bench_half AS SELECT id, user_id, kind, category, claim, structured_fields, confidence,"
                " evidence_message_ids, verification_status, status, superseded_by, source, created_at,"
                " last_confirmed_at, valid_at, expires_at, access_count, last_accessed_at, reconciled_at,"
                f" confirmed_at, session_id, embedding::halfvec({dim}) AS embedding"
                " FROM fact_memory_facts WHERE user_id = %s", (USER,))
            conn.execute("ALTER TABLE bench_half ADD PRIMARY KEY (user_id, id)")
            conn.execute("CREATE INDEX ON bench_half (user_id, kind, status)")
            conn.execute("VACUUM ANALYZE fact_memory_facts")
            conn.execute("VACUUM ANALYZE bench_half")
            n = conn.execute("SELECT count(*) FROM fact_memory_facts").fetchone()[0]
            row, emb = conn.execute("SELECT avg(pg_column_size(f.*)), avg(pg_column_size(f.embedding))"
                                    " FROM fact_memory_facts f").fetchone()
            half_row, half_emb = conn.execute("SELECT avg(pg_column_size(f.*)), avg(pg_column_size(f.embedding))"
                                              " FROM bench_half f").fetchone()
            vec = relation_bytes(conn, "fact_memory_facts")
            half = relation_bytes(conn, "bench_half")
            index_rows = conn.execute(
                "SELECT indexrelname, pg_relation_size(indexrelid) FROM pg_stat_user_indexes"
                " WHERE relname = 'fact_memory_facts' ORDER BY 2 DESC").fetchall()
            agreement = []
            sql = ("SELECT id FROM {t} WHERE user_id = %s AND kind = %s AND status = 'active'"
                   " ORDER BY embedding <=> %s::{cast}, id LIMIT 24")
            for v in vectors:
                lit = memory.store.vector_literal(v)
                for kind in ("durable", "current"):
                    exact = {r[0] for r in conn.execute(sql.format(t="fact_memory_facts", cast="vector"),
                                                        (USER, kind, lit))}
                    approx = {r[0] for r in conn.execute(sql.format(t="bench_half", cast=f"halfvec({dim})"),
                                                         (USER, kind, lit))}
                    agreement.append(len(exact & approx) / max(len(exact), 1))
            conn.execute("DROP TABLE bench_half")
        per = {k: round(v / n) for k, v in vec.items()}
        half_per = {k: round(v / n) for k, v in half.items()}
        result = {
            "facts": n,
            "bytes_per_fact": {**per, "total": sum(per.values())},
            "avg_row_bytes": round(float(row)), "embedding_bytes": round(float(emb)),
            "index_bytes_per_fact": {name: round(size / n) for name, size in index_rows},
            "halfvec": {
                "bytes_per_fact": {**half_per, "total": sum(half_per.values())},
                "avg_row_bytes": round(float(half_row)), "embedding_bytes": round(float(half_emb)),
                "heap_ratio": round(half["heap"] / vec["heap"], 3),
                "top24_agreement_mean": round(statistics.fmean(agreement), 4),
                "top24_agreement_min": round(min(agreement), 4),
                "queries": len(agreement),
            },
        }
    finally:
        memory.close()
        stack.close()
    if args.json:
        print(json.dumps(result))
        return
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
