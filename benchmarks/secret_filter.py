"""The secret filter: recall on secret forms, keep-rate on look-alikes and on real messages, and
its cost per message. Usage: ``python benchmarks/secret_filter.py [--repeat 200]``.

Messages for the cost and for the keep-rate on everyday text: the labelled scenarios' messages and
claims (``../shared/eval/*.jsonl``, when present beside the repository), the demo conversation's
turns and claims, plus the corpus itself.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks._common import percentile  # noqa: E402
from fact_memory_graph import secrets  # noqa: E402
from fact_memory_graph.secrets import _cached_spans, redact_secrets  # noqa: E402

#: Every cache of the filter a thread's reading fills (cleared before each timed call with --thread).
_THREAD_CACHES = [getattr(secrets, name) for name in ("_cached_spans", "_cached_in_context", "_turn_kinds",
                                                       "_continued", "_turn_between") if hasattr(secrets, name)]
_THREAD_CACHES += [secrets.forms._cached_view] if hasattr(secrets.forms, "_cached_view") else []
#: Caches of one text's reading shared by its readers (cleared before each timed call, as the view is).
_TEXT_CACHES = [c for c in (getattr(secrets.forms, "_cached_view", None),
                            getattr(getattr(secrets, "lexicon", None), "present", None)) if c is not None]
_THREAD_CACHES += _TEXT_CACHES[1:]
from tests.unit.secret_corpus import LOOK_ALIKES, SECRETS  # noqa: E402


def _core(text: str) -> str:
    return re.sub(r"\W", "", text).lower()


def everyday_messages() -> list[str]:
    out = []
    scenarios = ROOT.parent / "shared" / "eval" / "categorization.jsonl"
    if scenarios.exists():
        for line in scenarios.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                out.append(str(record.get("message") or record.get("text") or ""))
    pairs = ROOT.parent / "shared" / "eval" / "dedup_pairs.jsonl"
    if pairs.exists():
        for line in pairs.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                out.extend(str(v) for k, v in record.items() if k in ("a", "b", "claim_a", "claim_b"))
    demo = json.loads((ROOT / "fact_memory_graph" / "demo_conversation.json").read_text())
    for turn in demo["messages"]:  # the user's turns and the claims the demo stores from them
        out.append(turn["text"])
        out.extend(op["claim"] for op in turn.get("ops", []) if op.get("claim"))
    return [m for m in out if m]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--thread", action="store_true",
                        help="time each message read as the next turn after the three before it in the list "
                             "(redact_thread), the list read in order as one thread seen for the first time")
    args = parser.parse_args()
    masked = sum(_core(secret) not in _core(redact_secrets(message)) for message, secret in SECRETS)
    kept = sum(redact_secrets(text) == text for text in LOOK_ALIKES)
    everyday = everyday_messages()
    everyday_changed = [m for m in everyday if redact_secrets(m) != m]
    messages = everyday + LOOK_ALIKES + [m for m, _ in SECRETS]
    for message in messages:  # loads the libraries (stdnum, text2num, gitleaks' rules...) once, as a
        _cached_spans.cache_clear()  # running process has them: the timings below are steady state
        redact_secrets(message)
    times: list[float] = []
    per_message: list[list[float]] = [[] for _ in messages]
    for _ in range(args.repeat):
        for cache in _THREAD_CACHES:  # a thread seen for the first time, in order: each message's
            cache.cache_clear()       # earlier turns were read when they came, as in a running process
        for n, message in enumerate(messages):
            if not args.thread:
                for cache in _TEXT_CACHES:
                    cache.cache_clear()
            if args.thread:
                earlier = messages[max(0, n - 3):n]
                start = time.perf_counter()
                if hasattr(secrets, "redact_thread"):
                    secrets.redact_thread(message, earlier)
                else:  # code before issue 45's fifth round: the turn before only
                    secrets.redact_in_context(message, earlier[-1] if earlier else "")
            else:
                _cached_spans.cache_clear()  # the cost of a text seen for the first time
                start = time.perf_counter()
                redact_secrets(message)
            times.append((time.perf_counter() - start) * 1000)
            per_message[n].append(times[-1])
    # On a shared box a preempted call lands in the tail of every sample: each message's median
    # over the repeats, then the percentiles across messages, says what a message costs.
    medians = [statistics.median(t) for t in per_message]
    print(f"secret forms masked: {masked}/{len(SECRETS)} ({masked / len(SECRETS):.1%})")
    print(f"look-alikes kept:    {kept}/{len(LOOK_ALIKES)} ({kept / len(LOOK_ALIKES):.1%})")
    print(f"everyday messages kept: {len(everyday) - len(everyday_changed)}/{len(everyday)}"
          + (f"; changed: {everyday_changed[:5]}" if everyday_changed else ""))
    what = ("read after the turns before it (redact_thread, or redact_in_context before it existed)" if args.thread
            else "alone (redact_secrets)")
    print(f"cost per message, {what}, over {len(messages)} messages x {args.repeat}: p50 {percentile(times, 50):.3f} ms,"
          f" p95 {percentile(times, 95):.3f} ms, p99 {percentile(times, 99):.3f} ms")
    print(f"each message's median over the repeats: p50 {percentile(medians, 50):.3f} ms,"
          f" p95 {percentile(medians, 95):.3f} ms, max {max(medians):.3f} ms")


if __name__ == "__main__":
    main()
