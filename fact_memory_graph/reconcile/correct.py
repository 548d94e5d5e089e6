"""correct: settle pending corrections with the model (seed 004's nightly run decides).

A contradiction found while writing ("actually I moved to Tokyo" against "lives in Berlin") waits
as a pending candidate. Here each fact with pending corrections is shown as ``F1`` beside them
(``C1``, ``C2``, ... with their dates), in one model call per fact, and each correction is
accepted — it supersedes the fact (the old fact is kept as ``superseded``, chain and audit kept) —
or rejected (dropped, audited with the model's reason). At most one correction of a fact is
accepted; an answer that breaks the rules leaves that fact's corrections pending for the next run
(or a human: ``resolve_candidate`` and the CLI's ``resolve`` still work). Facts are settled one
at a time, each in its own transaction, so a crash loses at most one call.

Off with ``ReconcileConfig(resolve_corrections=False)`` (a human review queue instead).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import ConfigurationError, ExtractionError, FactMemoryError
from fact_memory_graph.llm import model_errors, structured_data, structured_model_cache
from fact_memory_graph.prompts import correction_prompt
from fact_memory_graph.reconcile.state import NodePair, ReconcileState, Update
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


def correction_messages(fact: Fact, corrections: list[FactCandidate], now: Any) -> list[BaseMessage]:
    lines = [f"C{i} {quote(c.claim)} (said {c.created_at.date().isoformat()})" for i, c in enumerate(corrections, 1)]
    stored = f"F1 {quote(fact.claim)} (since {fact.created_at.date().isoformat()}, confidence {fact.confidence:.2f})"
    return correction_prompt().format_messages(now=now.date().isoformat(), kind=fact.kind.value,
                                               category=fact.category, fact=stored, corrections="\n".join(lines))


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
                                              run_name="settle_corrections")

    def model() -> Any:
        try:
            return structured_model()
        except ConfigurationError:
            raise ExtractionError("no model for reconciliation (set FACT_MEMORY_MODEL or pass llm=); "
                                  "corrections left pending") from None

    def pending(user: str, candidates: list[FactCandidate]) -> dict[Any, list[FactCandidate]]:
        by_fact: dict[Any, list[FactCandidate]] = {}
        for c in sorted(candidates, key=lambda c: (c.created_at, str(c.id))):
            by_fact.setdefault(c.fact_id, []).append(c)
        return dict(list(by_fact.items())[: cfg.max_corrections_per_run])

    def tally(report: Any, accepted: int, rejected: int, calls: int, error: str | None) -> Any:
        update = {"corrections_accepted": report.corrections_accepted + accepted,
                  "corrections_rejected": report.corrections_rejected + rejected,
                  "model_calls": report.model_calls + calls}
        if error:
            update["rejected_groups"] = [*report.rejected_groups, error]
        return report.model_copy(update=update)

    def settle_one(state: ReconcileState, fact: Fact, corrections: list[FactCandidate], output: object
                   ) -> list[tuple[FactCandidate, bool, str]]:
        if isinstance(output, Exception):
            raise output
        verdicts = validate_verdicts(structured_data(output, CorrectionVerdicts), corrections)
        return [(corrections[i], v.verdict == "accept", v.reason[:300]) for i, v in sorted(verdicts.items())]

    def correct(state: ReconcileState) -> Update:
        report = state["report"]
        if not cfg.resolve_corrections:
            return {}
        user = state["user_id"]
        for fact_id, corrections in pending(user, ctx.store.list_candidates(user, status="pending")).items():
            fact = ctx.store.get_fact(user, fact_id)
            if fact is None:
                continue
            accepted = rejected = 0
            error = None
            try:
                bound = model()
                with model_errors():
                    output: object = bound.invoke(correction_messages(fact, corrections, state["at"]))
                # reject before accept: an accepted correction supersedes the fact
                for cand, accept, reason in sorted(settle_one(state, fact, corrections, output), key=lambda x: x[1]):
                    ctx.store.resolve_candidate(user, cand.id, accept=accept, at=state["at"],
                                                note=f"settled by reconciliation: {reason}")
                    accepted, rejected = accepted + accept, rejected + (not accept)
            except (ExtractionError, FactMemoryError) as exc:
                logger.warning("fact-memory reconcile: corrections of %s left pending: %s", fact_id, exc)
                error = f"corrections of {fact_id}: {exc}"[:500]
            report = tally(report, accepted, rejected, 1, error)
        return {"report": report}

    async def acorrect(state: ReconcileState) -> Update:
        report = state["report"]
        if not cfg.resolve_corrections:
            return {}
        user = state["user_id"]
        for fact_id, corrections in pending(user, await ctx.astore.list_candidates(user, status="pending")).items():
            fact = await ctx.astore.get_fact(user, fact_id)
            if fact is None:
                continue
            accepted = rejected = 0
            error = None
            try:
                bound = model()
                with model_errors():
                    output: object = await bound.ainvoke(correction_messages(fact, corrections, state["at"]))
                for cand, accept, reason in sorted(settle_one(state, fact, corrections, output), key=lambda x: x[1]):
                    await ctx.astore.resolve_candidate(user, cand.id, accept=accept, at=state["at"],
                                                       note=f"settled by reconciliation: {reason}")
                    accepted, rejected = accepted + accept, rejected + (not accept)
            except (ExtractionError, FactMemoryError) as exc:
                logger.warning("fact-memory reconcile: corrections of %s left pending: %s", fact_id, exc)
                error = f"corrections of {fact_id}: {exc}"[:500]
            report = tally(report, accepted, rejected, 1, error)
        return {"report": report}

    return correct, acorrect
