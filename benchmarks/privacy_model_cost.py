"""What the privacy-request model adds to ``forgetting.asks_to_forget`` per message (no cache).

Usage::

    .venv/bin/python benchmarks/privacy_model_cost.py /work/locomo/locomo10.zip [--rounds 3]

Every LoCoMo turn (and every turn of the repository's secret corpora) is read by
``asks_to_forget`` without its cache, with the model and without it (the phrase lists alone),
alternated round by round in one process; prints p50 / p95 / max per message in microseconds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import percentile  # noqa: E402
from locomo_false_positives import turns_of  # noqa: E402

from fact_memory_graph import forgetting, privacy_model  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("zip", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    texts = [t.get("text") or "" for _, turns in turns_of(args.zip) for t in turns]
    for path in sorted((ROOT / "benchmarks" / "data").glob("secret_corpus*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.extend(json.loads(line)["turns"])
    read = forgetting.asks_to_forget.__wrapped__
    model = privacy_model.model
    for n in range(args.rounds):
        for label, use in (("lists + model", model), ("lists alone", lambda: None)):
            privacy_model.model = use
            times = []
            for text in texts:
                start = time.perf_counter()
                read(text)
                times.append((time.perf_counter() - start) * 1e6)
            print(f"round {n + 1} {label:14s}: {len(texts)} messages, p50 {percentile(times, 50):.0f} us, "
                  f"p95 {percentile(times, 95):.0f} us, max {max(times):.0f} us")
    privacy_model.model = model


if __name__ == "__main__":
    main()
