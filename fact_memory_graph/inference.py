"""The nightly review (seeds 001 R11-R12 and 004 R12): one model call per user per night over
the day's message log, for what message-by-message extraction cannot see.

It proposes three things, each validated on its own (a bad proposal is dropped with a reason):

- **inferences**: implied by several messages together, never stated ("training for a marathon");
- **patterns**: recurring across messages ("struggles in the mornings");
- **refinements**: a more specific version of a known durable fact, stated by the user ("lives in
  the Ballard neighbourhood of Seattle" supersedes "lives in Seattle"; the chain keeps history).

A refinement is what the user said, stored as said (source ``conversation``, the vaguer fact's
confidence) with the vaguer fact superseded by it. Inferred facts and patterns are stored with
source ``inference``, at
``InferenceConfig.confidence`` (below a stated fact's), staged (``confirmed_at`` unset) and shown
with "(inferred)" in the prompt sections; they never contradict or supersede what the user said.
The same call writes a one-sentence summary of each session of the day, so session lines read as
what happened. Exactly once per user and day (the review's id is ``review:<date>``, a processed
message), audited like any write, and off when no chat model is configured.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import ConfigurationError
from fact_memory_graph.evaluators import MAX_RECORDS_READ, trust_at
from fact_memory_graph.llm import model_errors, structured_data, structured_model_cache
from fact_memory_graph.ops import never_stored
from fact_memory_graph.prompts import review_prompt
from fact_memory_graph.sanitize import check_id, clean_text, quote
from fact_memory_graph.schema import (
    FORGOTTEN_MEANWHILE,
    RETRIEVABLE_STATUSES,
    Fact,
    FactKind,
    FactSource,
    PlannedOp,
    RejectedOp,
)
from fact_memory_graph.sessions import abuild_sessions, build_sessions

#: Known facts shown to the review (the most recently confirmed).
MAX_KNOWN_FACTS = 40


class ReviewProposal(BaseModel):
    """One thing the review proposes."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["inference", "pattern", "refinement"]
    claim: str = Field(description="one atomic claim, third person without the subject")
    category: str = Field(description="one of the categories listed in the prompt")
    refines: str | None = Field(description="refinement only: the reference (D1..) of the vaguer known fact")
    because: list[str] = Field(description="the messages (M1..) it rests on")


class SessionSummary(BaseModel):
    model_config = ConfigDict(extra="forbid")

    session: str = Field(description="the session's reference (S1..)")
    summary: str = Field(description="one sentence: what happened in it")


class DailyReview(BaseModel):
    """What the nightly review proposes for one user's day."""

    model_config = ConfigDict(extra="forbid")

    proposals: list[ReviewProposal]
    sessions: list[SessionSummary]


class ReviewReport(BaseModel):
    """What one nightly review did for one user."""

    user_id: str
    review_id: str
    messages: int = 0
    model_calls: int = 0
    inferred: int = 0
    patterns: int = 0
    refined: int = 0
    summaries: int = 0
    rejected: list[RejectedOp] = Field(default_factory=list)
    skipped: str | None = None


class NightlyReview:
    """``memory.review``: the nightly review of each user's day (see the module)."""

    def __init__(self, ctx: MemoryContext, has_model: Any) -> None:
        self.ctx = ctx
        self._has_model = has_model
        self._model = structured_model_cache(ctx.llm_factory, DailyReview, ctx.config.write.structured_output_method,
                                             run_name="review_day")

    # ------------------------------------------------------------------ entry points
    def run(self, user_id: str, *, at: datetime | None = None) -> ReviewReport:
        """Review the user's last ``InferenceConfig.window_days`` of messages (at most once a day)."""
        at, report, prepared = self._start(user_id, at)
        if prepared is None:
            return report
        # The user's lock (shared) from a generation re-check until the model answers: forgotten
        # meanwhile, no model call; a forget started during the call returns after it.
        with self.ctx.store.model_call_hold(user_id, prepared["generation"]) as current:
            if not current:
                report.skipped = FORGOTTEN_MEANWHILE
                return report
            with model_errors():
                output = self._model().invoke(prepared["prompt"])
        ops, summaries = self._parse(report, prepared, output)
        outcome = self.ctx.store.apply(user_id, report.review_id, self._embedded(ops), at=at,
                                       rejected=report.rejected, llm_calls=1, generation=prepared["generation"])
        if outcome.skipped:  # forgotten while the model thought: nothing of the review is written
            report.skipped = outcome.skipped
            return report
        if summaries and not outcome.already_processed:
            report.summaries = build_sessions(self.ctx, user_id, at=at, summaries=summaries,
                                              generation=prepared["generation"])["built"]
        self.ctx.store.record_run(user_id, "inference", started_at=at, finished_at=self.ctx.now(),
                                  report=report.model_dump(mode="json"), generation=prepared["generation"])
        return report

    async def arun(self, user_id: str, *, at: datetime | None = None) -> ReviewReport:
        """Async twin of :meth:`run`."""
        at, report, prepared = await self._astart(user_id, at)
        if prepared is None:
            return report
        async with self.ctx.astore.model_call_hold(user_id, prepared["generation"]) as current:
            if not current:
                report.skipped = FORGOTTEN_MEANWHILE
                return report
            with model_errors():
                output = await self._model().ainvoke(prepared["prompt"])
        ops, summaries = self._parse(report, prepared, output)
        outcome = await self.ctx.astore.apply(user_id, report.review_id, await self._aembedded(ops), at=at,
                                              rejected=report.rejected, llm_calls=1,
                                              generation=prepared["generation"])
        if outcome.skipped:
            report.skipped = outcome.skipped
            return report
        if summaries and not outcome.already_processed:
            report.summaries = (await abuild_sessions(self.ctx, user_id, at=at, summaries=summaries,
                                                      generation=prepared["generation"]))["built"]
        await self.ctx.astore.record_run(user_id, "inference", started_at=at, finished_at=self.ctx.now(),
                                         report=report.model_dump(mode="json"), generation=prepared["generation"])
        return report

    # ------------------------------------------------------------------ steps
    def _off(self) -> str | None:
        if not self.ctx.config.inference.enabled:
            return "the nightly review is off (InferenceConfig.enabled)"
        try:
            if not self._has_model():
                return "no chat model configured"
        except ConfigurationError:
            return "no chat model configured"
        return None

    def _begin(self, user_id: str, at: datetime | None) -> tuple[datetime, ReviewReport]:
        check_id(user_id, "user_id")
        at = at or self.ctx.now()
        return at, ReviewReport(user_id=user_id, review_id=f"review:{at.date().isoformat()}")

    def _start(self, user_id: str, at: datetime | None) -> tuple[datetime, ReviewReport, dict | None]:
        at, report = self._begin(user_id, at)
        if (off := self._off()) is not None:
            report.skipped = off
            return at, report, None
        if self.ctx.store.processed_outcomes(user_id, [report.review_id]).get(report.review_id) is not None:
            report.skipped = "already reviewed today"
            return at, report, None
        cfg = self.ctx.config.inference
        # The forget generation before anything is read: a forget from now on makes the apply a no-op.
        generation = self.ctx.store.user_generation(user_id)
        messages = self.ctx.store.logged_messages(user_id, since=at - timedelta(days=cfg.window_days),
                                                  limit=cfg.max_messages)
        facts = self.ctx.store.list_facts(user_id, status=list(RETRIEVABLE_STATUSES))
        trust = self.ctx.store.evaluations(user_id, "trust", limit=MAX_RECORDS_READ) if messages else []
        return at, report, self._with_generation(self._prepare(report, at, messages, facts, trust), generation)

    async def _astart(self, user_id: str, at: datetime | None) -> tuple[datetime, ReviewReport, dict | None]:
        at, report = self._begin(user_id, at)
        if (off := self._off()) is not None:
            report.skipped = off
            return at, report, None
        done = await self.ctx.astore.processed_outcomes(user_id, [report.review_id])
        if done.get(report.review_id) is not None:
            report.skipped = "already reviewed today"
            return at, report, None
        cfg = self.ctx.config.inference
        generation = await self.ctx.astore.user_generation(user_id)
        messages = await self.ctx.astore.logged_messages(user_id, since=at - timedelta(days=cfg.window_days),
                                                         limit=cfg.max_messages)
        facts = await self.ctx.astore.list_facts(user_id, status=list(RETRIEVABLE_STATUSES))
        trust = await self.ctx.astore.evaluations(user_id, "trust", limit=MAX_RECORDS_READ) if messages else []
        return at, report, self._with_generation(self._prepare(report, at, messages, facts, trust), generation)

    @staticmethod
    def _with_generation(prepared: dict | None, generation: int) -> dict | None:
        return None if prepared is None else {**prepared, "generation": generation}

    def _prepare(self, report: ReviewReport, at: datetime, messages: list[dict[str, Any]],
                 facts: list[Fact], trust: Sequence[Mapping[str, Any]] = ()) -> dict | None:
        report.messages = len(messages)
        if not messages:
            report.skipped = "no messages in the window"
            return None
        known = sorted(facts, key=lambda f: f.last_confirmed_at, reverse=True)[:MAX_KNOWN_FACTS]
        refs = {f"D{i}": f for i, f in enumerate((f for f in known if f.kind is FactKind.DURABLE), start=1)}
        refs |= {f"C{i}": f for i, f in enumerate((f for f in known if f.kind is FactKind.CURRENT), start=1)}
        sessions = {f"S{i}": sid for i, sid in enumerate(
            dict.fromkeys(m["session_id"] for m in messages if m["session_id"]), start=1)}
        by_session = {sid: ref for ref, sid in sessions.items()}
        lines = [f"M{i} ({m['at'].isoformat(timespec='minutes')}"
                 f"{', ' + by_session[m['session_id']] if m['session_id'] in by_session else ''}): {quote(m['text'])}"
                 for i, m in enumerate(messages, start=1)]
        taxonomy = self.ctx.taxonomy
        prompt = review_prompt(taxonomy).format_messages(
            now=at.isoformat(timespec="minutes"),
            facts="\n".join(f"{ref} [{f.category}] {quote(f.claim)}" for ref, f in refs.items()) or "(none)",
            messages="\n".join(lines).replace("<<<", "< < <").replace(">>>", "> > >"),
            sessions=", ".join(sessions) or "(none)")
        report.model_calls = 1
        said_in = {f"M{i}": m["session_id"] for i, m in enumerate(messages, start=1)}
        said_at = {f"M{i}": m["at"] for i, m in enumerate(messages, start=1)}
        return {"prompt": prompt, "refs": refs, "sessions": sessions, "said_in": said_in, "said_at": said_at,
                "at": at, "inconsistencies": [r["at"] for r in trust]}

    def _trust(self, prepared: dict, because: list[str], at: datetime) -> float:
        """The lowest trust of the messages an inference rests on (the review's moment if it
        cites none): the user's inconsistencies around then weaken what is inferred from them."""
        cfg = self.ctx.config.evaluators
        moments = [prepared["said_at"][ref.strip()] for ref in because if ref.strip() in prepared["said_at"]] or [at]
        return min(trust_at(prepared["inconsistencies"], t, penalty=cfg.trust_penalty, floor=cfg.trust_floor,
                            period_days=cfg.trust_period_days) for t in moments)

    def _parse(self, report: ReviewReport, prepared: dict, output: Any) -> tuple[list[PlannedOp], dict[str, str]]:
        """Validated ops (inferred adds, refinements) and session summaries; the rest rejected."""
        data = structured_data(output, DailyReview)
        cfg, write, taxonomy = self.ctx.config.inference, self.ctx.config.write, self.ctx.taxonomy
        raw = data.get("proposals") if isinstance(data.get("proposals"), list) else []

        def reject(item: Any, reason: str) -> None:
            report.rejected.append(RejectedOp(op={"review": str(item)[:300]}, reason=reason))

        if len(raw) > cfg.max_proposals:
            reject({"dropped": len(raw) - cfg.max_proposals}, f"more than max_proposals={cfg.max_proposals}")
            raw = raw[: cfg.max_proposals]
        ops: list[PlannedOp] = []
        for item in raw:
            try:
                proposal = ReviewProposal.model_validate(item)
            except Exception as exc:
                reject(item, f"invalid proposal: {str(exc)[:200]}")
                continue
            claim = clean_text(proposal.claim).strip()
            kind = taxonomy.kind_of(proposal.category)
            if not claim or len(claim) > write.max_claim_chars:
                reject(item, "empty or too long claim")
                continue
            if kind is None or proposal.category == "uncategorized":
                reject(item, f"unknown category {proposal.category!r}")
                continue
            if (withheld := never_stored(proposal.category, write, claim)) is not None:
                reject({"type": proposal.type, "category": proposal.category}, withheld)
                continue
            fields = {"basis": proposal.type, "because": ", ".join(proposal.because[:10])[:200]}
            # A proposal resting on one session's messages belongs to that session (its line).
            sessions_of = {prepared["said_in"].get(ref.strip()) for ref in proposal.because}
            session_id = next(iter(sessions_of)) if len(sessions_of) == 1 else None
            if proposal.type == "refinement":
                target = prepared["refs"].get((proposal.refines or "").strip())
                if target is None or target.kind is not FactKind.DURABLE or kind is not FactKind.DURABLE:
                    reject(item, f"refines {proposal.refines!r} is not a durable fact shown to the review")
                    continue
                ops.append(PlannedOp(op="add_durable", kind=kind, category=proposal.category, claim=claim,
                                     # The user said it (only the link to the vaguer fact is the review's).
                                     structured_fields=fields, supersedes=target.id, source=FactSource.CONVERSATION,
                                     confidence=target.confidence, session_id=session_id,
                                     note=f"refines {target.id}"))
                report.refined += 1
                continue
            trust = self._trust(prepared, proposal.because, prepared["at"])
            if trust < self.ctx.config.evaluators.min_inference_trust:
                reject({"type": proposal.type, "category": proposal.category},
                       f"rests on messages the user contradicted themselves around (trust {trust:.2f} < "
                       f"min_inference_trust={self.ctx.config.evaluators.min_inference_trust})")
                continue
            ops.append(PlannedOp(op=f"add_{kind.value}", kind=kind, category=proposal.category, claim=claim,
                                 structured_fields=fields, source=FactSource.INFERENCE,
                                 confidence=round(cfg.confidence * trust, 4),
                                 session_id=session_id, note=f"inferred ({proposal.type})"
                                 + (f", trust {trust:.2f}" if trust < 1 else "")))
            report.inferred += proposal.type == "inference"
            report.patterns += proposal.type == "pattern"
        summaries: dict[str, str] = {}
        for item in data.get("sessions") or []:
            if isinstance(item, dict) and (sid := prepared["sessions"].get(str(item.get("session", "")).strip())):
                text = clean_text(str(item.get("summary", ""))).strip()[:600]
                if text:
                    summaries[sid] = text
        return ops, summaries

    @staticmethod
    def _with_vectors(ops: list[PlannedOp], vectors: list[list[float]]) -> list[PlannedOp]:
        return [op.model_copy(update={"embedding": v}) for op, v in zip(ops, vectors, strict=True)]

    def _embedded(self, ops: list[PlannedOp]) -> list[PlannedOp]:
        return self._with_vectors(ops, self.ctx.embed_many([op.claim or "" for op in ops]))

    async def _aembedded(self, ops: list[PlannedOp]) -> list[PlannedOp]:
        return self._with_vectors(ops, await self.ctx.aembed_many([op.claim or "" for op in ops]))

