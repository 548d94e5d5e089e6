"""dedup: the write-time embedding check that turns near-duplicate adds into strengthens.

Each proposed claim is embedded (one batch call). An ``add_*`` whose cosine with an active fact
of the same user, kind and category is at or above ``dedup_threshold`` becomes a ``strengthen``
of that fact, unless :func:`claims_conflict` finds a difference that cosine cannot see
(numbers in digits or words, names, negation, antonyms, a state that is over): measured with
MiniLM, "born 1990" vs "born 1991" scores .884 and "married to Alex" vs "divorced from Alex" .857.
The guard errs toward keeping claims apart: a duplicate it lets through is merged later by the
reconciliation job (:mod:`fact_memory_graph.reconcile`), while a wrong merge loses a fact. Adds within one
message are deduplicated against each other the same way, and one fact is strengthened at most
once per message.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.nodes.state import NodePair, Update, WriteState
from fact_memory_graph.schema import FactSource, PlannedOp

logger = logging.getLogger(__name__)

_TOKEN = re.compile(r"[\w']+", re.UNICODE)
_NEGATIONS = frozenset(
    ["not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without", "cannot", "can't", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't", "won't", "hasn't", "haven't", "hadn't", "shouldn't", "wouldn't", "ex", "former", "formerly", "longer", "stopped", "quit"]
)
_ANTONYMS: tuple[tuple[str, str], ...] = (
    ("married", "divorced"), ("married", "single"), ("likes", "dislikes"), ("like", "dislike"),
    ("loves", "hates"), ("love", "hate"), ("concise", "detailed"), ("short", "long"),
    ("brief", "detailed"), ("morning", "evening"), ("mornings", "evenings"), ("early", "late"),
    ("more", "less"), ("increase", "decrease"), ("allowed", "forbidden"), ("vegan", "carnivore"),
    ("sister", "brother"), ("wife", "husband"), ("son", "daughter"), ("mother", "father"),
    ("started", "finished"), ("before", "after"), ("up", "down"),
)
# A state that is over: finished work, or a past state ("used to", "was", "retired", "left").
# Marked on either side only, the claims say different things about *now*.
_ENDED_WORDS = frozenset([
    "fixed", "finished", "done", "completed", "resolved", "shipped", "solved", "ended", "closed", "over",
    "used", "was", "were", "previously", "formerly", "former", "ex", "retired", "left", "quit", "stopped",
    "anymore", "past", "until",
])
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
# Numbers written as words count as numbers ("two kids" vs "three kids"); so do ordinals.
_NUMBER_WORDS = {
    **{w: str(i) for i, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"])},
    **{w: str(10 * i) for i, w in enumerate(["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], start=2)},
    **{w: str(i) for i, w in enumerate(
        ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"], start=1)},
    "once": "1", "twice": "2", "dozen": "12", "hundred": "100", "thousand": "1000", "million": "1000000",
}


def _numbers(text: str, words: set[str]) -> set[str]:
    return set(_NUMBER.findall(text)) | {_NUMBER_WORDS[w] for w in words if w in _NUMBER_WORDS}


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def claims_conflict(a: str, b: str) -> str | None:
    """Why two similar claims must not be merged, or ``None`` when nothing sets them apart."""
    ta, tb = _tokens(a), _tokens(b)
    la, lb = {t.lower() for t in ta}, {t.lower() for t in tb}
    na, nb = _numbers(a, la), _numbers(b, lb)
    if na != nb:
        return f"different numbers ({', '.join(sorted(na ^ nb))})"
    neg_a, neg_b = bool(la & _NEGATIONS) or "n't" in a.lower(), bool(lb & _NEGATIONS) or "n't" in b.lower()
    if neg_a != neg_b:
        return "one claim is negated"
    for x, y in _ANTONYMS:
        if (x in la and y in lb and y not in la) or (y in la and x in lb and x not in la):
            return f"opposite words ({x} / {y})"
    for word in la ^ lb:  # dislikes / likes, unhappy / happy
        for prefix in ("dis", "un", "in", "non"):
            if word.startswith(prefix) and word[len(prefix):] in (la | lb):
                return f"opposite words ({word[len(prefix):]} / {word})"
    if bool(la & _ENDED_WORDS) != bool(lb & _ENDED_WORDS):
        return "one claim says the state is over"
    # Proper nouns: a capitalised word (not the first) missing from the other claim.
    for mine, theirs in ((ta, lb), (tb, la)):
        for t in mine[1:]:
            if t[:1].isupper() and t.lower() not in theirs:
                return f"different names ({t})"
    return None


def _cosine(u: Sequence[float], v: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(u, v, strict=True))
    nu = math.sqrt(sum(x * x for x in u))
    nv = math.sqrt(sum(y * y for y in v))
    return dot / (nu * nv) if nu and nv else 0.0


def _needs_vector(proposals: Sequence[PlannedOp]) -> list[PlannedOp]:
    return [p for p in proposals if p.claim and p.op in ("add_durable", "add_current", "contradict")]


def _probes(needs: list[PlannedOp], vectors: list[list[float]]) -> tuple[dict[int, list[float]], list[PlannedOp], list]:
    by_id = dict(zip(map(id, needs), vectors, strict=True))
    adds = [p for p in needs if p.op in ("add_durable", "add_current")]
    return by_id, adds, [(p.kind, p.category, by_id[id(p)]) for p in adds]


def plan_ops(ctx: MemoryContext, user_id: str, proposals: Sequence[PlannedOp], *,
             source: FactSource = FactSource.CONVERSATION) -> list[PlannedOp]:
    """Embed claims, apply the write-time dedup, and return ops ready for :meth:`FactStore.apply`."""
    needs = _needs_vector(proposals)
    vectors, adds, probes = _probes(needs, ctx.embed_many([p.claim for p in needs]))
    nearest = ctx.store.nearest_same_category(user_id, probes)
    return _decide(proposals, vectors, dict(zip(map(id, adds), nearest, strict=True)), ctx.config.write.dedup_threshold,
                   source)


async def aplan_ops(ctx: MemoryContext, user_id: str, proposals: Sequence[PlannedOp], *,
                    source: FactSource = FactSource.CONVERSATION) -> list[PlannedOp]:
    """Async twin of :func:`plan_ops`."""
    needs = _needs_vector(proposals)
    vectors, adds, probes = _probes(needs, await ctx.aembed_many([p.claim for p in needs]))
    nearest = await ctx.astore.nearest_same_category(user_id, probes)
    return _decide(proposals, vectors, dict(zip(map(id, adds), nearest, strict=True)), ctx.config.write.dedup_threshold,
                   source)


def _decide(
    proposals: Sequence[PlannedOp],
    vectors: dict[int, list[float]],
    nearest: dict[int, list[tuple[Any, str, float]]],
    threshold: float,
    source: FactSource,
) -> list[PlannedOp]:
    planned: list[PlannedOp] = []
    strengthened: set[Any] = set()
    batch_adds: list[tuple[PlannedOp, list[float]]] = []
    for p in proposals:
        vec = vectors.get(id(p))
        if p.op in ("add_durable", "add_current"):
            match = None
            for fact_id, claim, sim in nearest[id(p)]:
                if sim < threshold:
                    break
                why_not = claims_conflict(p.claim, claim)
                if why_not is None:
                    match = (fact_id, claim, sim)
                    break
                logger.info("fact-memory dedup: %r ~ %r (cos %.3f) kept apart: %s", p.claim, claim, sim, why_not)
            if match is not None:
                fact_id, claim, sim = match
                if fact_id in strengthened:
                    continue
                strengthened.add(fact_id)
                planned.append(PlannedOp(
                    op="strengthen", fact_id=fact_id, verification_status=p.verification_status, source=source,
                    note=f"dedup: {p.op} {p.claim!r} matched {claim!r} (cos {sim:.3f})",
                ))
                continue
            twin = next(
                (q for q, qv in batch_adds
                 if q.kind == p.kind and q.category == p.category and _cosine(vec, qv) >= threshold
                 and claims_conflict(p.claim, q.claim) is None),
                None,
            )
            if twin is not None:
                logger.info("fact-memory dedup: dropped %r, duplicate of %r in the same message", p.claim, twin.claim)
                continue
            batch_adds.append((p, vec))
            planned.append(p.model_copy(update={"embedding": vec, "source": source}))
        elif p.op in ("strengthen", "decay"):
            if p.op == "strengthen":
                if p.fact_id in strengthened:
                    continue
                strengthened.add(p.fact_id)
            planned.append(p.model_copy(update={"source": source}))
        else:  # contradict
            planned.append(p.model_copy(update={"embedding": vec, "source": source}))
    return planned


def make_dedup_node(ctx: MemoryContext) -> NodePair:
    def dedup(state: WriteState, config: RunnableConfig) -> Update:
        return {"planned": plan_ops(ctx, state["user_id"], state.get("proposals") or [])}

    async def adedup(state: WriteState, config: RunnableConfig) -> Update:
        return {"planned": await aplan_ops(ctx, state["user_id"], state.get("proposals") or [])}

    return dedup, adedup
