"""correct: settle pending corrections with the model (seed 004's nightly run decides).

A contradiction found while writing ("actually I moved to Tokyo" against "lives in Berlin") waits
as a pending candidate. Here each fact with pending corrections is shown as ``F1`` beside them
(``C1``, ``C2``, ... with their dates), in one model call per fact, and each correction is
accepted — it supersedes the fact (the old fact is kept as ``superseded``, chain and audit kept) —
or rejected (dropped, audited with the model's reason). At most one correction of a fact is
accepted; an answer that breaks the rules leaves that fact's corrections pending for the next run
(or a human: ``memory.corrections.resolve`` and the CLI's ``resolve`` still work). Facts are settled one
at a time, each in its own transaction, so a crash loses at most one call.

Off with ``ReconcileConfig(resolve_corrections=False)`` (a human review queue instead).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, Literal
from uuid import UUID

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import ExtractionError, FactMemoryError
from fact_memory_graph.evaluators import MAX_RECORDS_READ, trust_at
from fact_memory_graph.llm import model_errors, structured_data, structured_model_cache
from fact_memory_graph.prompts import correction_prompt
from fact_memory_graph.reconcile.state import NO_MODEL, NodePair, ReconcileState, Update
from fact_memory_graph.sanitize import quote
from fact_memory_graph.schema import Fact, FactCandidate

logger = logging.getLogger(__name__)


class CorrectionVerdict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ref: str = Field(description="The correction's reference exactly as shown (C1, C2, ...).")
    verdict: Literal["accept", "reject"] = Field(
        description="accept: the correction replaces the stored fact; reject: the stored fact stays.")
    reason: str = Field(description="A short reason.")


class CorrectionVerdicts(BaseModel):
    """A verdict for each correction of the stored fact; a correction left out stays pending."""

    model_config = ConfigDict(extra="forbid")

    verdicts: list[CorrectionVerdict]


def correction_messages(fact: Fact, corrections: list[FactCandidate], now: Any,
                        trust: Callable[[Any], float] | None = None) -> list[BaseMessage]:
    """The settlement prompt; ``trust(at)`` (the user's trust records, :func:`trust_at`) adds
    each side's trust when the user was inconsistent at some point (else nothing is added)."""
    def said(at: Any) -> str:
        return f", trust {trust(at):.2f}" if trust is not None else ""

    lines = [f"C{i} {quote(c.claim)} (said {c.created_at.date().isoformat()}{said(c.created_at)})"
             for i, c in enumerate(corrections, 1)]
    stored = (f"F1 {quote(fact.claim)} (since {fact.created_at.date().isoformat()}, confidence {fact.confidence:.2f}"
              f"{said(fact.created_at)})")
    return correction_prompt().format_messages(now=now.date().isoformat(), kind=fact.kind.value,
                                               category=fact.category, fact=stored, corrections="\n".join(lines))


def trust_of(ctx: MemoryContext, records: list[dict[str, Any]]) -> Callable[[Any], float] | None:
    """Trust at a moment from the user's ``trust`` records; ``None`` when there are none."""
    if not records:
        return None
    cfg, times = ctx.config.evaluators, [r["at"] for r in records]
    return lambda at: trust_at(times, at, penalty=cfg.trust_penalty, floor=cfg.trust_floor,
                               period_days=cfg.trust_period_days)


def validate_verdicts(data: Mapping[str, Any], corrections: list[FactCandidate]) -> dict[int, CorrectionVerdict]:
    """Verdicts by correction index; raises ExtractionError (all or nothing for the fact)."""
    try:
        parsed = CorrectionVerdicts.model_validate(
            {"verdicts": [{"reason": "", **v} if isinstance(v, Mapping) else v for v in data.get("verdicts") or []]}
            if isinstance(data.get("verdicts"), list) else data)
    except ValidationError as exc:
        errors = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
        raise ExtractionError(f"invalid verdicts: {errors}") from None
    out: dict[int, CorrectionVerdict] = {}
    for v in parsed.verdicts:
        ref = v.ref.strip()
        index = int(ref[1:]) - 1 if ref[:1] == "C" and ref[1:].isdigit() else -1
        if not 0 <= index < len(corrections):
            raise ExtractionError(f"verdict for {ref!r}, which is not a correction shown (C1..C{len(corrections)})")
        if index in out:
            raise ExtractionError(f"two verdicts for {ref}")
        out[index] = v
    if sum(v.verdict == "accept" for v in out.values()) > 1:
        raise ExtractionError("more than one correction accepted")
    return out


def make_correct_node(ctx: MemoryContext, llm_factory: Callable[[], BaseChatModel]) -> NodePair:
    cfg = ctx.config.reconcile
    structured_model = structured_model_cache(llm_factory, CorrectionVerdicts, ctx.config.write.structured_output_method,
                                              run_name="settle_corrections", missing=NO_MODEL)

    def pending(candidates: list[FactCandidate]) -> list[tuple[UUID, list[FactCandidate]]]:
        """Pending corrections by the fact they contradict, oldest first, bounded per run."""
        by_fact: dict[UUID, list[FactCandidate]] = {}
        for c in sorted(candidates, key=lambda c: (c.created_at, str(c.id))):
            by_fact.setdefault(c.fact_id, []).append(c)
        return list(by_fact.items())[: cfg.max_corrections_per_run]

    def verdicts(output: object, corrections: list[FactCandidate]) -> list[tuple[FactCandidate, bool, str]]:
        """(correction, accepted, audit note), rejections first: an accepted correction
        supersedes the fact. Raises ExtractionError (then all of them stay pending)."""
        if isinstance(output, Exception):
            raise output
        found = validate_verdicts(structured_data(output, CorrectionVerdicts), corrections)
        settled = [(corrections[i], v.verdict == "accept", f"settled by reconciliation: {v.reason[:300]}")
                   for i, v in sorted(found.items())]
        return sorted(settled, key=lambda s: s[1])

    def tally(report: Any, fact_id: UUID, accepted: list[bool], called: bool, error: Exception | None) -> Any:
        update: dict[str, Any] = {"corrections_accepted": report.corrections_accepted + sum(accepted),
                                  "corrections_rejected": report.corrections_rejected + accepted.count(False),
                                  "model_calls": report.model_calls + called}
        if error is not None:
            logger.warning("fact-memory reconcile: corrections of %s left pending: %s", fact_id, error)
            update["rejected_groups"] = [*report.rejected_groups, f"corrections of {fact_id}: {error}"[:500]]
        return report.model_copy(update=update)

    def correct(state: ReconcileState) -> Update:
        if not cfg.resolve_corrections:
            return {}
        user, at, report = state["user_id"], state["at"], state["report"]
        found = pending(ctx.store.list_candidates(user, status="pending"))
        trust = trust_of(ctx, ctx.store.evaluations(user, "trust", limit=MAX_RECORDS_READ) if found else [])
        for fact_id, corrections in found:
            fact = ctx.store.get_fact(user, fact_id)
            if fact is None:
                continue
            accepted: list[bool] = []
            called, error = False, None
            try:
                bound = structured_model()
                called = True
                with model_errors():
                    output: object = bound.invoke(correction_messages(fact, corrections, at, trust))
                for cand, accept, note in verdicts(output, corrections):
                    ctx.store.resolve_candidate(user, cand.id, accept=accept, at=at, note=note)
                    accepted.append(accept)
            except FactMemoryError as exc:
                error = exc
            report = tally(report, fact_id, accepted, called, error)
        return {"report": report}

    async def acorrect(state: ReconcileState) -> Update:
        if not cfg.resolve_corrections:
            return {}
        user, at, report = state["user_id"], state["at"], state["report"]
        found = pending(await ctx.astore.list_candidates(user, status="pending"))
        trust = trust_of(ctx, await ctx.astore.evaluations(user, "trust", limit=MAX_RECORDS_READ) if found else [])
        for fact_id, corrections in found:
            fact = await ctx.astore.get_fact(user, fact_id)
            if fact is None:
                continue
            accepted: list[bool] = []
            called, error = False, None
            try:
                bound = structured_model()
                called = True
                with model_errors():
                    output: object = await bound.ainvoke(correction_messages(fact, corrections, at, trust))
                for cand, accept, note in verdicts(output, corrections):
                    await ctx.astore.resolve_candidate(user, cand.id, accept=accept, at=at, note=note)
                    accepted.append(accept)
            except FactMemoryError as exc:
                error = exc
            report = tally(report, fact_id, accepted, called, error)
        return {"report": report}

    return correct, acorrect
