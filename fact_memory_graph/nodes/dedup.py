"""dedup: the write-time embedding check that turns near-duplicate adds into strengthens.

Each proposed claim is embedded (one batch call) and adds within the message are deduplicated
against each other here. Against stored facts the check runs inside the apply transaction,
under a lock per user, kind and category (``store/plans/write.py``), so concurrent identical
writes end as one fact strengthened N times: an ``add_*`` whose cosine with an active fact of
the same user, kind and category is at or above ``dedup_threshold`` becomes a ``strengthen``
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
from collections.abc import Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.guard import claims_conflict
from fact_memory_graph.logs import rate_limited
from fact_memory_graph.nodes.state import NodePair, Update, WriteState
from fact_memory_graph.schema import FactKind, FactSource, PlannedOp, RejectedOp

logger = rate_limited(logging.getLogger(__name__))

def _cosine(u: Sequence[float], v: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(u, v, strict=True))
    nu = math.sqrt(sum(x * x for x in u))
    nv = math.sqrt(sum(y * y for y in v))
    return dot / (nu * nv) if nu and nv else 0.0


def _needs_vector(proposals: Sequence[PlannedOp]) -> list[PlannedOp]:
    return [p for p in proposals if p.claim and p.op in ("add_durable", "add_current", "contradict")]


def plan_ops(ctx: MemoryContext, proposals: Sequence[PlannedOp], *,
             source: FactSource = FactSource.CONVERSATION, dropped: list[RejectedOp] | None = None
             ) -> list[PlannedOp]:
    """Embed claims (one batch), drop duplicates within the message, and return ops ready for
    :meth:`FactStore.apply`, which checks the adds against stored facts under a lock. Each op
    dropped as a repeat is appended to ``dropped`` with its reason (the outcome's ``rejected``)."""
    needs = _needs_vector(proposals)
    vectors = ctx.embed_texts([p.claim or "" for p in needs])
    return _trusted_supersede(ctx, dedup_within_message(proposals, dict(zip(map(id, needs), vectors, strict=True)),
                                                        ctx.config.write.dedup_threshold, source, dropped), source)


async def aplan_ops(ctx: MemoryContext, proposals: Sequence[PlannedOp], *,
                    source: FactSource = FactSource.CONVERSATION, dropped: list[RejectedOp] | None = None
                    ) -> list[PlannedOp]:
    """Async twin of :func:`plan_ops`."""
    needs = _needs_vector(proposals)
    vectors = await ctx.aembed_texts([p.claim or "" for p in needs])
    return _trusted_supersede(ctx, dedup_within_message(proposals, dict(zip(map(id, needs), vectors, strict=True)),
                                                        ctx.config.write.dedup_threshold, source, dropped), source)


def _trusted_supersede(ctx: MemoryContext, planned: list[PlannedOp], source: FactSource) -> list[PlannedOp]:
    """Seed 002's conflict rule (staged policy): a contradiction from a trusted source whose facts
    start at confidence >= ``trusted_confidence`` supersedes the old fact at once (kept as
    ``superseded``, audited) instead of waiting for review as a candidate."""
    policy = ctx.config.lifecycle
    # The claim's confidence as the source's trust makes it: the initial confidence times the
    # source's weight (a user's own edit: 0.7 x 2.0 -> 1.0), not the bare initial 0.7, which never
    # reached 0.9 at the defaults.
    trusted = min(1.0, ctx.config.write.initial_confidence * policy.source_weights.get(source.value, 1.0))
    if not (policy.is_staged and source.value in policy.trusted_sources and trusted >= policy.trusted_confidence):
        return planned
    return [p.model_copy(update={"op": "add_durable" if p.kind is FactKind.DURABLE else "add_current",
                                 "supersedes": p.fact_id, "fact_id": None,
                                 "note": f"trusted {source.value} contradiction supersedes {p.fact_id}"})
            if p.op == "contradict" else p for p in planned]


def dedup_within_message(
    proposals: Sequence[PlannedOp], vectors: dict[int, list[float]], threshold: float, source: FactSource,
    dropped: list[RejectedOp] | None = None,
) -> list[PlannedOp]:
    """Attach embeddings and the source; drop an add that duplicates an earlier add of the same
    message (or burst), and a second strengthen of one fact — each one said in ``dropped``."""
    said = dropped if dropped is not None else []
    planned: list[PlannedOp] = []
    strengthened: set[Any] = set()
    batch_adds: list[tuple[PlannedOp, list[float]]] = []
    for p in proposals:
        vec = vectors.get(id(p))
        if p.op in ("add_durable", "add_current"):
            assert vec is not None
            twin = next(
                (q for q, qv in batch_adds
                 if q.kind == p.kind and q.category == p.category and _cosine(vec, qv) >= threshold
                 and claims_conflict(p.claim or "", q.claim or "") is None),
                None,
            )
            if twin is not None:
                logger.info("fact-memory dedup: dropped %r, duplicate of %r in the same message", p.claim, twin.claim)
                said.append(RejectedOp(op=_summary(p), reason=f"{REPEAT_REASON}: {twin.claim!r} is written once"))
                continue
            batch_adds.append((p, vec))
            planned.append(p.model_copy(update={"embedding": vec, "source": source}))
        elif p.op in ("strengthen", "decay"):
            if p.op == "strengthen":
                if p.fact_id in strengthened:
                    said.append(RejectedOp(op=_summary(p), reason=f"{REPEAT_REASON}: {p.fact_id} is strengthened once"))
                    continue
                strengthened.add(p.fact_id)
            planned.append(p.model_copy(update={"source": source}))
        else:  # contradict
            planned.append(p.model_copy(update={"embedding": vec, "source": source}))
    return planned


#: Why an op of a message (or burst) was not applied on its own: it repeats an earlier one.
REPEAT_REASON = "repeats an earlier op of this message (merged into it)"


def _summary(p: PlannedOp) -> dict[str, Any]:
    return {k: v for k, v in {"op": p.op, "category": p.category, "claim": p.claim,
                              "fact_id": str(p.fact_id) if p.fact_id else None}.items() if v is not None}


def make_dedup_node(ctx: MemoryContext) -> NodePair:
    def in_session(state: WriteState, planned: list[PlannedOp], dropped: list[RejectedOp]) -> Update:
        session = state.get("session_id")
        update: Update = {"planned": [p.model_copy(update={"session_id": session}) for p in planned]
                          if session else planned}
        if dropped:
            update["rejected"] = [*(state.get("rejected") or []), *dropped]
        return update

    def dedup(state: WriteState, config: RunnableConfig) -> Update:
        dropped: list[RejectedOp] = []
        return in_session(state, plan_ops(ctx, state.get("proposals") or [], dropped=dropped), dropped)

    async def adedup(state: WriteState, config: RunnableConfig) -> Update:
        dropped: list[RejectedOp] = []
        return in_session(state, await aplan_ops(ctx, state.get("proposals") or [], dropped=dropped), dropped)

    return dedup, adedup
