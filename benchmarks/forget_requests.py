""""Forget what I just said" without a model (``forgetting.asks_to_forget``): how often everyday
messages trigger it (they ask nothing: each one is a false positive), the tuning set and the
look-alikes, and the cost per message. Usage: ``python benchmarks/forget_requests.py [--repeat 50] [--locomo locomo10.zip]``.

Everyday messages: every user message and claim of ``../shared/eval/*.jsonl`` (when present beside
the repository) and the demo conversation — text the phrase lists were not written from; with
``--locomo``, also every dialog turn of LoCoMo (``data/locomo10.zip`` of snap-research/locomo, not
ours to redistribute): thousands of natural chat turns.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks._common import percentile  # noqa: E402
from fact_memory_graph.forgetting import asks_to_forget  # noqa: E402
from tests.unit.test_forget_requests import LOOK_ALIKES, TUNING  # noqa: E402

TEXT_KEYS = ("message", "text", "a", "b", "claim", "claim_a", "claim_b", "query", "question", "content")


def _strings(record: object) -> list[str]:
    if isinstance(record, str):
        return [record]
    if isinstance(record, dict):
        return [s for k, v in record.items() for s in (_strings(v) if k in TEXT_KEYS or isinstance(v, (list, dict))
                                                        else [])]
    if isinstance(record, list):
        return [s for item in record for s in _strings(item)]
    return []


def locomo_turns(path: str) -> list[str]:
    out: list[str] = []
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.endswith(".json"):
                data = json.loads(archive.read(name))
                for record in data if isinstance(data, list) else [data]:
                    sessions = record.get("conversation", record) if isinstance(record, dict) else {}
                    out.extend(t["text"] for v in sessions.values() if isinstance(v, list)
                               for t in v if isinstance(t, dict) and isinstance(t.get("text"), str))
    return sorted(set(out))


def everyday_messages() -> list[str]:
    out: list[str] = []
    for path in sorted((ROOT.parent / "shared" / "eval").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if line.strip():
                out.extend(_strings(json.loads(line)))
    demo = json.loads((ROOT / "fact_memory_graph" / "demo_conversation.json").read_text())
    for turn in demo["messages"]:
        out.append(turn["text"])
    return sorted({m for m in out if m.strip()})


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--locomo", help="path of LoCoMo's data/locomo10.zip")
    args = parser.parse_args()
    everyday = everyday_messages() + (locomo_turns(args.locomo) if args.locomo else [])
    triggered = [(m, asks_to_forget(m)) for m in everyday]
    triggered = [(m, r) for m, r in triggered if r is not None]
    understood = sum((r := asks_to_forget(t)) is not None and r.target == target for t, target, _ in TUNING)
    quiet = sum(asks_to_forget(t) is None for t in LOOK_ALIKES)
    times: list[float] = []
    messages = everyday + [t for t, _, _ in TUNING] + LOOK_ALIKES
    for _ in range(args.repeat):
        for message in messages:
            start = time.perf_counter()
            asks_to_forget(message)
            times.append((time.perf_counter() - start) * 1e6)
    print(f"tuning set understood: {understood}/{len(TUNING)}; look-alikes quiet: {quiet}/{len(LOOK_ALIKES)}")
    print(f"everyday messages that trigger (false positives): {len(triggered)}/{len(everyday)}")
    for message, request in triggered:
        print(f"  {request.target:8} {message[:100]!r}")
    print(f"cost per message: p50 {percentile(times, 50):.1f} us, p95 {percentile(times, 95):.1f} us "
          f"({len(times)} calls)")


if __name__ == "__main__":
    main()
