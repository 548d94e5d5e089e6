"""Write-path benchmark: non-LLM overhead per message, LLM calls per message, prompt size.

A scripted zero-latency model returns ops through the real structured-output path; the embedder
(local MiniLM) and Postgres (embedded) are real. Run: ``.venv/bin/python benchmarks/write_path.py``.
Numbers are from one run on this machine; compare ratios, not absolutes. Also drains two
bursts queued by the queued write node (``--burst-users`` x ``--burst-per-user`` messages, and
``--burst-singles`` users with one message each) and reports messages per second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
import uuid
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta

from _common import bench_database, percentile
from queued_writes import bench_drain

from fact_memory_graph import FactMemory
from fact_memory_graph.embeddings import LocalMiniLMEmbeddings
from fact_memory_graph.evaluators import configured_evaluators
from fact_memory_graph.formatting import approx_tokens
from fact_memory_graph.nodes.extract import build_prompt_messages
from fact_memory_graph.schema import FactKind
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

TOPICS = ["running", "cooking", "the Q4 plan", "the auth flow", "Berlin", "my sister", "jazz", "sleep",
          "the garden", "chess", "the release", "my knee", "Tokyo", "taxes", "the new job"]


def message(i: int) -> str:
    """The i-th message of the workload (the topics cycle)."""
    return f"Message {i}: lately I've been into {TOPICS[i % len(TOPICS)]} and thinking about it a lot."


def ops_for(i: int) -> list[dict]:
    topic = TOPICS[i % len(TOPICS)]
    ops = [
        {"op": "add_durable", "category": "preference", "claim": f"enjoys {topic} (note {i})"},
        {"op": "add_current", "category": "working_on", "claim": f"working on {topic} this week ({i})"},
    ]
    if i % 3 == 0:
        ops.append({"op": "strengthen", "ref": "D1"})
    return ops


async def async_run(url: str, warmup: int, messages: int, embeddings: LocalMiniLMEmbeddings) -> list[float]:
    clock = FixedClock(datetime(2026, 1, 1, tzinfo=UTC))
    llm = ScriptedChatModel(responses=[ops_for(i) for i in range(warmup + messages)])
    memory = await FactMemory.aopen(url, llm=llm, clock=clock, embeddings=embeddings)
    user = f"abench-{uuid.uuid4().hex[:8]}"
    timings = []
    try:
        for i in range(warmup + messages):
            clock.advance(minutes=7)
            text = message(i)
            t0 = time.perf_counter()
            await memory.aremember(user, text, message_id=f"m{i}")
            if i >= warmup:
                timings.append((time.perf_counter() - t0) * 1000)
    finally:
        await memory.aclose()
    return timings


class TimedEmbeddings(LocalMiniLMEmbeddings):
    """The default embedder, recording the time spent in it."""

    spent: float = 0.0

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        t0 = time.perf_counter()
        try:
            return super().embed_documents(texts)
        finally:
            self.spent += time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--embed-threads", type=int, default=None,
                        help="ONNX Runtime intra-op threads of the embedder (default: the library's)")
    parser.add_argument("--onnx-spin", action="store_true",
                        help="let ONNX Runtime threads spin-wait (the old default), to compare")
    parser.add_argument("--after-recall", action="store_true",
                        help="recall each message (untimed) before remembering it, as the README layout's "
                             "recall node does: the write then reuses the recall's vector of the message")
    parser.add_argument("--burst-users", type=int, default=50,
                        help="the drained burst: this many users queue --burst-per-user messages each (0: none)")
    parser.add_argument("--burst-per-user", type=int, default=8)
    parser.add_argument("--burst-singles", type=int, default=200,
                        help="a second burst: this many users queue one message each (0: none)")
    args = parser.parse_args()

    database = ExitStack()
    url = database.enter_context(bench_database(args.database_url, "bench"))
    clock = FixedClock(datetime(2026, 1, 1, tzinfo=UTC))
    total = args.warmup + args.messages
    llm = ScriptedChatModel(responses=[ops_for(i) for i in range(total)])
    embedder = TimedEmbeddings(spin_wait=args.onnx_spin, intra_op_threads=args.embed_threads)
    memory = FactMemory.open(url, llm=llm, clock=clock, embeddings=embedder)
    user = f"bench-{uuid.uuid4().hex[:8]}"
    timings, own = [], []
    try:
        for i in range(total):
            clock.advance(minutes=7)
            text = message(i)
            if args.after_recall:
                memory.recall(user, text)
                memory.flush()  # the recall's access counts, written now: not inside the timed write
            embedder.spent = 0.0
            t0 = time.perf_counter()
            memory.remember(user, text, message_id=f"m{i}")
            if i >= args.warmup:
                timings.append((time.perf_counter() - t0) * 1000)
                own.append(timings[-1] - embedder.spent * 1000)
        # The same through the asyncio path (aopen: async pool, async node twins).
        async_timings = asyncio.run(async_run(url, args.warmup, args.messages, LocalMiniLMEmbeddings(
            spin_wait=args.onnx_spin, intra_op_threads=args.embed_threads)))
        # A burst: messages queued by the queued write node (no extraction), then drained by one
        # flush() (a user's queued messages are one extraction; users drained 8 at a time).
        drains = {}
        for name, users, per_user in (("burst", args.burst_users, args.burst_per_user),
                                      ("singles", args.burst_singles, 1)):
            if users > 0:
                drains[name] = bench_drain(url, LocalMiniLMEmbeddings(spin_wait=args.onnx_spin,
                                                                      intra_op_threads=args.embed_threads),
                                           users=users, per_user=per_user, baseline=False)
        # Embedding share of the per-message time (1 message embedding + claims per message).
        texts = [f"working on {t} this week" for t in TOPICS] * 4
        t0 = time.perf_counter()
        for t in texts:
            memory.embeddings.embed_query(t)
        embed_ms = (time.perf_counter() - t0) * 1000 / len(texts)

        # Prompt size with 30 retrieved facts (15 durable + 15 current).
        emb = memory.context.embed_query("running and cooking")
        found = memory.store.search(user, emb, {FactKind.DURABLE: 15, FactKind.CURRENT: 15})
        retrieved = [{"ref": f"{'D' if k is FactKind.DURABLE else 'C'}{j}", "fact": f, "similarity": s, "pending": p}
                     for k, rows in found.items() for j, (f, s, p, *_) in enumerate(rows, start=1)]
        prompt = build_prompt_messages({  # the default prompt: built-in categories and evaluators
            "retrieved": retrieved, "at": clock() + timedelta(minutes=1),
            "context": ["user: I went running this morning", "assistant: How did it go?"],
            "message_text": "Pretty good, my knee held up and I cooked a big dinner after.",
        }, memory.taxonomy, memory.context.evaluators)
        prompt_chars = sum(len(m.content) for m in prompt)
        # The same prompt with the optional goals and trust evaluators on (EvaluatorConfig).
        optional = build_prompt_messages({
            "retrieved": retrieved, "at": clock() + timedelta(minutes=1),
            "context": ["user: I went running this morning", "assistant: How did it go?"],
            "message_text": "Pretty good, my knee held up and I cooked a big dinner after.",
        }, memory.taxonomy, configured_evaluators(goals=True, trust=True))
        result = {
            "messages": args.messages,
            "after_recall": args.after_recall,
            "llm_calls_per_message": len(llm.calls) / total,
            "non_llm_ms_p50": round(statistics.median(timings), 2),
            "non_llm_ms_p95": round(percentile(timings, 95), 2),
            "non_llm_ms_p99": round(percentile(timings, 99), 2),
            "non_llm_ms_mean": round(statistics.fmean(timings), 2),
            # Without the embedder (mem0_bench's "ovh-emb"): SQL, validation, LangGraph, Python.
            "own_code_ms_p50": round(statistics.median(own), 2),
            "own_code_ms_p95": round(percentile(own, 95), 2),
            "async_non_llm_ms_p50": round(statistics.median(async_timings), 2),
            "async_non_llm_ms_p95": round(percentile(async_timings, 95), 2),
            "async_non_llm_ms_p99": round(percentile(async_timings, 99), 2),
            **{f"drain_{name}_{k}": v for name, d in drains.items()
               for k, v in d.items() if k in ("messages", "extractions", "drain_s", "messages_per_s")},
            "embed_one_text_ms": round(embed_ms, 2),
            "retrieved_facts_in_prompt": len(retrieved),
            "prompt_chars": prompt_chars,
            "prompt_tokens_approx": approx_tokens("".join(m.content for m in prompt)),
            "prompt_tokens_with_goals_and_trust": approx_tokens("".join(m.content for m in optional)),
        }
    finally:
        memory.close()
        database.close()
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:28} {v}")
        print("(prompt tokens ~ chars/4; the scripted model has zero latency, so the timings are the library's"
              " own overhead: embeddings, SQL, validation, LangGraph)")


if __name__ == "__main__":
    main()
