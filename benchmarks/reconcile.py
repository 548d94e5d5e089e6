"""Reconciliation benchmark: one user with 1,000 facts, ~30% of them paraphrase duplicates.

The adjudicator is scripted (it knows which claims paraphrase which and merges them); storage,
embeddings, grouping and the transactions are real, so the figures are the job's own cost:
model calls and prompt tokens per 100 facts (what a real model would be sent), wall time outside
the model, and facts reconciled per second. Run: ``.venv/bin/python benchmarks/reconcile.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import time
from contextlib import ExitStack
from datetime import UTC, datetime

from _common import bench_database

from fact_memory_graph import FactMemory, FactMemoryConfig, WriteConfig
from fact_memory_graph.config import ReconcileConfig
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

SUBJECTS = ["jazz", "chess", "hiking", "sushi", "yoga", "photography", "gardening", "cycling", "piano", "poetry",
            "board games", "running", "baking", "sailing", "pottery", "climbing", "tennis", "opera", "knitting",
            "camping", "surfing", "painting", "podcasts", "wine", "coffee", "tea", "football", "skiing",
            "birdwatching", "chemistry", "history books", "sci-fi novels", "cooking Thai food", "swimming",
            "meditation", "dancing", "woodworking", "astronomy", "theatre", "video games"]
QUALIFIERS = ["", " on weekends", " in the mornings", " with friends", " when travelling", " at home",
              " these days"]
# Meaning -> its wordings; the first is the canonical one, the others paraphrase it.
VERBS = {"likes": ["enjoys", "likes", "is into", "is a fan of"],
         "dislikes": ["dislikes", "does not care for", "is not a fan of"],
         "learning": ["is learning", "is trying to get better at", "is practising"]}
CATEGORY = "preference"
_LINE = re.compile(r"^(F\d+) (.*) \(since ", re.MULTILINE)


def make_facts(n: int, dup_share: float, rng: random.Random) -> list[tuple[str, tuple]]:
    """(claim, meaning) pairs: distinct meanings, then paraphrases of some of them."""
    meanings = [(v, s, q) for v in VERBS for s in SUBJECTS for q in QUALIFIERS]
    rng.shuffle(meanings)
    n_dups = int(n * dup_share)
    base = meanings[: n - n_dups]
    facts = [(f"{VERBS[v][0]} {s}{q}", (v, s, q)) for v, s, q in base]
    for v, s, q in rng.sample(base, n_dups):
        facts.append((f"{rng.choice(VERBS[v][1:])} {s}{q}", (v, s, q)))
    rng.shuffle(facts)
    return facts


def scripted_adjudicator(meaning_of: dict[str, tuple]):
    def decide(messages) -> dict:
        facts = dict(_LINE.findall(str(messages[-1].content)))
        first: dict[tuple, str] = {}
        decisions = []
        for ref, claim in facts.items():
            meaning = meaning_of.get(claim)
            if meaning in first:
                decisions.append({"ref": ref, "action": "merge", "into": first[meaning], "reason": "same"})
            else:
                first[meaning] = ref
                decisions.append({"ref": ref, "action": "keep", "into": None, "reason": "distinct"})
        return {"decisions": decisions}

    return decide


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--facts", type=int, default=1000)
    parser.add_argument("--duplicates", type=float, default=0.3)
    parser.add_argument("--neighbours", type=int, default=None, help="ReconcileConfig.neighbours")
    parser.add_argument("--max-group", type=int, default=None, help="ReconcileConfig.max_group_size")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    rng = random.Random(7)
    facts = make_facts(args.facts, args.duplicates, rng)
    meaning_of = {claim: meaning for claim, meaning in facts}
    with ExitStack() as stack:
        url = stack.enter_context(bench_database(args.database_url, "reconcile"))
        clock = FixedClock(datetime(2026, 1, 1, tzinfo=UTC))
        # The write-time check off (0.999): every paraphrase reaches the store, as with a weaker embedder.
        overrides = {"neighbours": args.neighbours, "max_group_size": args.max_group}
        reconcile = ReconcileConfig(**{k: v for k, v in overrides.items() if v})
        config = FactMemoryConfig(write=WriteConfig(dedup_threshold=0.999), reconcile=reconcile)
        llm = ScriptedChatModel(default=scripted_adjudicator(meaning_of))
        memory = stack.enter_context(FactMemory.open(url, llm=llm, clock=clock, config=config))
        user = "bench-reconcile"
        for claim, _ in facts:
            clock.advance(minutes=30)
            memory.facts.add(user, claim, kind="durable", category=CATEGORY)
        stored = len(memory.facts.list(user))
        true_dups = stored - len({meaning_of[f.claim] for f in memory.facts.list(user)})
        totals = {"runs": 0, "model_calls": 0, "prompt_tokens": 0, "groups": 0, "merged": 0, "wall": 0.0,
                  "model": 0.0}
        started = time.perf_counter()
        while True:
            report = memory.upkeep.compact(user)
            if report.facts_selected == 0:
                break
            totals["runs"] += 1
            for key in ("model_calls", "prompt_tokens", "groups", "merged"):
                totals[key] += getattr(report, key)
            totals["wall"] += report.wall_seconds
            totals["model"] += report.model_seconds
        elapsed = time.perf_counter() - started
        remaining = len({f.claim for f in memory.facts.list(user, status="active")})
        active_meanings = {meaning_of[f.claim] for f in memory.facts.list(user, status="active")}
    per100 = 100 / stored
    result = {
        "facts": stored, "true_duplicates": true_dups, "neighbours": config.reconcile.neighbours,
        "max_group_size": config.reconcile.max_group_size, "runs": totals["runs"], "groups": totals["groups"],
        "merged": totals["merged"], "duplicates_left": remaining - len(active_meanings),
        "model_calls_per_100_facts": round(totals["model_calls"] * per100, 1),
        "prompt_tokens_per_100_facts": round(totals["prompt_tokens"] * per100),
        "wall_s_outside_model": round(totals["wall"] - totals["model"], 2),
        "facts_per_s_outside_model": round(stored / max(totals["wall"] - totals["model"], 1e-9), 1),
        "wall_s_total": round(elapsed, 2),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
