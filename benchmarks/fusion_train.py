"""Learn the hybrid search's fusion (``config.Fusion``) on LoCoMo's dev conversations, and report
what it is worth by leave-one-conversation-out: fit on four conversations, rank the fifth.

For every answerable question the store's own hybrid search returns its whole candidate pool (the
top k by cosine, the top k by full-text rank, the facts linked to a person the question names) with
each candidate's evidence: cosine, normalised full-text rank, whether the rank is above 0, the
person link. A candidate is positive when it holds one of the question's evidence turns. A
logistic regression (L2, Newton's method, numpy only; ``--method logistic``) is fitted on the
pooled candidates of the training conversations, or (``--method search``, the default) the
weights are searched coordinate by coordinate for the best training recall; candidates are then
ranked by the retriever's own rule (relevance x confidence x time weight, plus the session
boost) and scored by evidence recall@5 and @10 on the held-out conversation.

Both memory layouts are used, as ``benchmarks/locomo.py`` stores them: every dialog turn a fact
(``turns``) and LoCoMo's own observations through ``remember()`` (``observations``). One fit serves
both (the shipped coefficients must work for either); the figures reported are the held-out ones.

    python benchmarks/fusion_train.py /path/to/locomo10.zip [--l2 1.0] [--json]

The dev conversations only (26, 30, 41, 42, 43): the held-out five are not read.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import statistics
from typing import Any

import numpy as np
from locomo import (
    CATEGORIES,
    DEV,
    RUN,
    OracleExtractor,
    _evidence_ids,
    load,
    speakers,
    store_conversation,
    store_observations,
)

from fact_memory_graph import FactMemory, FactMemoryConfig
from fact_memory_graph.config import Fusion, ReadConfig, WriteConfig
from fact_memory_graph.retriever import MIN_CANDIDATES
from fact_memory_graph.schema import FactKind

FEATURES = ("cosine", "lexical", "matched", "person", "cosine_gap", "lexical_share")
K = 10


def candidates(memory: FactMemory, users: list[str], question: str, pool_k: int) -> list[dict[str, Any]]:
    """The whole hybrid candidate pool of each user for the question, with its evidence."""
    vector = memory.context.embed_query(question)
    out = []
    for user in users:
        found = memory.store.search(user, vector, {FactKind.DURABLE: pool_k}, query_text=question, mode="hybrid",
                                    fusion=Fusion.blend(2.0), whole_pool=True)[FactKind.DURABLE]
        for hit in found:
            fields = hit.fact.structured_fields
            turns = ({fields["dia_id"]} if "dia_id" in fields else set(_evidence_ids(fields.get("evidence", ""))))
            together = hit.fact.session_id or (hit.fact.evidence_message_ids[0] if hit.fact.evidence_message_ids
                                               else None)  # what the retriever's session boost groups by
            out.append({"raw": [hit.cosine or 0.0, hit.lexical or 0.0, float(hit.person)], "user": user,
                        "turns": turns, "confidence": hit.fact.confidence, "session": together,
                        "id": str(hit.fact.id)})
    return out


def collect(memory: FactMemory, data: dict[str, Any], layout: str, pool_k: int) -> dict[str, list[dict[str, Any]]]:
    """Per conversation: one entry per answerable question (its candidates and evidence)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for cid, conv in data.items():
        users = ([f"locomo-{RUN}-{cid}"] if layout == "turns"
                 else [f"locomo-{RUN}-{cid}-obs-{name}" for name in speakers(conv)])
        out[cid] = [{"category": qa["category"], "evidence": {e.strip() for e in qa["evidence"]},
                     "candidates": candidates(memory, users, qa["question"], pool_k)}
                    for qa in conv["qa"] if qa.get("category") in CATEGORIES and qa.get("evidence")]
    return out


def with_features(questions: list[dict[str, Any]]) -> None:
    """Each candidate's feature vector (:data:`FEATURES`), relative to its own user's pool where
    a feature is relative (what the SQL's window over a pool computes)."""
    for q in questions:
        by_user: dict[str, list[dict[str, Any]]] = {}
        for c in q["candidates"]:
            by_user.setdefault(c["user"], []).append(c)
        for pool in by_user.values():
            top_cos = max(c["raw"][0] for c in pool)
            top_lex = max(c["raw"][1] for c in pool)
            for c in pool:
                cos, lex, person = c["raw"]
                c["x"] = [cos, lex, float(lex > 0), person, cos - top_cos, lex / top_lex if top_lex > 0 else 0.0]


def design(questions: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for q in questions:
        for c in q["candidates"]:
            xs.append(c["x"])
            ys.append(float(bool(c["turns"] & q["evidence"])))
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def fit(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Logistic regression with an L2 penalty (not on the bias), Newton's method."""
    a = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(a.shape[1])
    penalty = np.diag([0.0] + [l2] * x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-(a @ w)))
        grad = a.T @ (p - y) + penalty @ w
        hess = (a * (p * (1 - p))[:, None]).T @ a + penalty + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def as_fusion(w: np.ndarray) -> Fusion:
    return Fusion(bias=float(w[0]), **{name: float(v) for name, v in zip(FEATURES, w[1:], strict=True)})


def relevance(fusion: Fusion, x: list[float]) -> float:
    z = fusion.bias + sum(getattr(fusion, name, 0.0) * v for name, v in zip(FEATURES, x, strict=True))
    return 1 / (1 + math.exp(-z)) if fusion.link == "logistic" else z


def recall(questions: list[dict[str, Any]], fusion: Fusion, session_boost: float) -> dict[str, float]:
    """Evidence recall@5 / @10 with the retriever's rule (score = relevance x confidence; the facts
    said in the best hit's session gain ``session_boost`` x its score)."""
    r5, r10, by_cat = [], [], {}
    for q in questions:
        scored = [[relevance(fusion, c["x"]) * c["confidence"], c] for c in q["candidates"]]
        if scored and session_boost > 0:
            best = max(scored, key=lambda s: s[0])
            if best[1]["session"]:
                bonus = session_boost * best[0]
                for s in scored:
                    if s[1]["session"] == best[1]["session"]:
                        s[0] += bonus
        ranked = [c for _, c in sorted(scored, key=lambda s: -s[0])]
        seen: list[str] = []
        for c in ranked:  # the observations layout merges two users: one fact once
            if c["id"] not in seen:
                seen.append(c["id"])
        top = {c["id"]: c for c in ranked}
        hits5 = set().union(*[top[i]["turns"] for i in seen[:5]]) if seen else set()
        hits10 = set().union(*[top[i]["turns"] for i in seen[:K]]) if seen else set()
        r5.append(len(q["evidence"] & hits5) / len(q["evidence"]))
        r10.append(len(q["evidence"] & hits10) / len(q["evidence"]))
        by_cat.setdefault(CATEGORIES[q["category"]], []).append(r10[-1])
    return {"r@5": round(statistics.mean(r5), 3), "r@10": round(statistics.mean(r10), 3),
            **{f"r@10 {c}": round(statistics.mean(v), 3) for c, v in sorted(by_cat.items())}}


class Compiled:
    """One question as arrays: features, confidences, session groups, which evidence turns each
    candidate holds (for a fast recall@k of any weight vector)."""

    def __init__(self, q: dict[str, Any]) -> None:
        cands = q["candidates"]
        evidence = sorted(q["evidence"])
        self.x = np.array([c["x"] for c in cands], dtype=float).reshape(len(cands), len(FEATURES))
        self.conf = np.array([c["confidence"] for c in cands], dtype=float)
        groups = {g: i for i, g in enumerate(dict.fromkeys(c["session"] for c in cands))}
        self.group = np.array([groups[c["session"]] if c["session"] is not None else -1 - i
                               for i, c in enumerate(cands)])
        self.holds = np.array([[e in c["turns"] for e in evidence] for c in cands], dtype=bool).reshape(
            len(cands), len(evidence))
        self.category = CATEGORIES[q["category"]]

    def recall(self, w: np.ndarray, bias: float, logistic: bool, boost: float, k: int) -> float:
        if not len(self.conf):
            return 0.0
        z = self.x @ w + bias
        score = (1 / (1 + np.exp(-z)) if logistic else z) * self.conf
        best = int(np.argmax(score))
        score = score + (self.group == self.group[best]) * boost * score[best]
        top = np.argsort(-score, kind="stable")[:k]
        return float(self.holds[top].any(axis=0).mean())


def search_weights(train: list[Compiled], boost: float, rounds: int, seed: int = 0) -> Fusion:
    """Linear weights (cosine fixed at 1, identity link) that maximise the training questions'
    mean recall@10 (and @5 to break ties): coordinate search over a grid, from the hand-set blend."""
    rng = np.random.default_rng(seed)
    grid = [-4, -2, -1, -0.5, -0.25, 0, 0.25, 0.5, 1, 1.5, 2, 3, 4, 6]
    w = np.zeros(len(FEATURES))
    w[0], w[1] = 1.0, 2.0  # the blend (a positive scale of it ranks the same)

    def value(v: np.ndarray) -> float:
        return float(np.mean([q.recall(v, 0.0, False, boost, K) for q in train])
                     + 0.5 * np.mean([q.recall(v, 0.0, False, boost, 5) for q in train]))

    best = value(w)
    for _ in range(rounds):
        for j in rng.permutation(np.arange(1, len(FEATURES))):
            for g in grid:
                trial = w.copy()
                trial[j] = g
                got = value(trial)
                if got > best + 1e-9:
                    best, w = got, trial
    return Fusion(link="identity", **{name: float(v) for name, v in zip(FEATURES, w, strict=True)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("zip")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--cache", default=None, help="keep the collected candidates in this file (pickle)")
    parser.add_argument("--method", choices=("search", "logistic"), default="search",
                        help="search: weights that maximise recall on the training conversations; "
                             "logistic: a pointwise logistic regression")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    data = load(args.zip, DEV)
    read = ReadConfig(track_access=False)
    pool_k = max(read.candidate_factor * K, MIN_CANDIDATES)  # what the retriever asks for k=10
    oracle = OracleExtractor()
    layouts: dict[str, dict[str, list[dict[str, Any]]]] = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, "rb") as fh:
            layouts = pickle.load(fh)
    for layout in () if layouts else ("turns", "observations"):
        write = WriteConfig(max_claim_chars=4000, dedup_threshold=1.0) if layout == "turns" else WriteConfig()
        with FactMemory.open(config=FactMemoryConfig(write=write, read=read), llm=oracle.model) as memory:
            for cid, conv in data.items():
                if layout == "turns":
                    store_conversation(memory, f"locomo-{RUN}-{cid}", conv)
                else:
                    store_observations(memory, oracle, cid, conv)
            layouts[layout] = collect(memory, data, layout, pool_k)
            for cid, conv in data.items():  # this run's users go
                for user in ([f"locomo-{RUN}-{cid}"] if layout == "turns"
                             else [f"locomo-{RUN}-{cid}-obs-{name}" for name in speakers(conv)]):
                    memory.forget(user)
    if args.cache and not os.path.exists(args.cache):
        with open(args.cache, "wb") as fh:
            pickle.dump(layouts, fh)
    for per_conv in layouts.values():
        for questions in per_conv.values():
            with_features(questions)
    boost = read.session_boost
    report: dict[str, Any] = {"l2": args.l2, "pool_k": pool_k}
    compiled = {layout: {cid: [Compiled(q) for q in qs] for cid, qs in per_conv.items()}
                for layout, per_conv in layouts.items()}

    def train_fusion(exclude: str | None) -> Fusion:
        if args.method == "logistic":
            train = [q for lay in layouts.values() for cid, qs in lay.items() if cid != exclude for q in qs]
            return as_fusion(fit(*design(train), args.l2))
        train_c = [q for lay in compiled.values() for cid, qs in lay.items() if cid != exclude for q in qs]
        return search_weights(train_c, boost, args.rounds)

    folds = {cid: train_fusion(cid) for cid in layouts["turns"]}
    for layout, per_conv in compiled.items():
        def score(fusion_of: Any, ks: int, qs: list[Compiled]) -> float:
            return round(float(np.mean([q.recall(*_weights(fusion_of(q)), boost, ks) for q in qs])), 3)

        everything = [q for qs in per_conv.values() for q in qs]
        fold_of = {id(q): folds[cid] for cid, qs in per_conv.items() for q in qs}
        rows = {"blend (hand-set, w=2)": lambda q: Fusion.blend(2.0),
                "learned, leave-one-conversation-out": lambda q, fold_of=fold_of: fold_of[id(q)]}
        report[layout] = {}
        for name, fusion_of in rows.items():
            entry = {"r@5": score(fusion_of, 5, everything), "r@10": score(fusion_of, K, everything)}
            for cat in CATEGORIES.values():
                sub = [q for q in everything if q.category == cat]
                entry[f"r@10 {cat}"] = score(fusion_of, K, sub)
            report[layout][name] = entry
    report["folds"] = {cid: f.model_dump() for cid, f in folds.items()}
    report["fit on all dev"] = train_fusion(None).model_dump()
    print(json.dumps(report, indent=None if args.json else 2))


def _weights(f: Fusion) -> tuple[np.ndarray, float, bool]:
    return np.array([getattr(f, name) for name in FEATURES], dtype=float), f.bias, f.link == "logistic"


def _cross_validated(held_out: list[dict[str, Any]], boost: float) -> dict[str, float]:
    """Recall over every question, each ranked by the fusion fitted without its conversation."""
    rows = [(q, recall([q], q["fusion"], boost)) for q in held_out]
    out = {k: round(statistics.mean(r[k] for _, r in rows), 3) for k in ("r@5", "r@10")}
    for name in CATEGORIES.values():
        sub = [r["r@10"] for q, r in rows if CATEGORIES[q["category"]] == name]
        if sub:
            out[f"r@10 {name}"] = round(statistics.mean(sub), 3)
    return out


if __name__ == "__main__":
    main()
