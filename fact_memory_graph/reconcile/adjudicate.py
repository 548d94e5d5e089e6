"""adjudicate: one structured-output call per group decides keep / merge / supersede / retract.

A model error or a malformed answer rejects that group only (logged, reported); its facts stay
unreconciled and are tried again next run. Cost is counted: model calls, prompt tokens
(characters / 4, as everywhere here) and the time spent waiting for the model.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import ExtractionError
from fact_memory_graph.formatting import approx_tokens
from fact_memory_graph.llm import model_errors, structured_data, structured_model_cache
from fact_memory_graph.messages import message_text
from fact_memory_graph.prompts import reconcile_prompt
from fact_memory_graph.reconcile.decisions import GroupVerdict, validate_decisions
from fact_memory_graph.reconcile.state import Group, NodePair, ReconcileState, Update, Verdict

logger = logging.getLogger(__name__)


def group_prompt(group: Group, now: datetime) -> list[BaseMessage]:
    lines = []
    for ref, fact in group.refs.items():
        new = " new" if fact.id in group.unreconciled else ""
        lines.append(f"{ref} {fact.claim} (since {fact.created_at.date().isoformat()}, "
                     f"confidence {fact.confidence:.2f}, mentioned {len(fact.evidence_message_ids) or 1}x{new})")
    first = group.facts[0]
    return reconcile_prompt().format_messages(now=now.date().isoformat(), kind=first.kind.value,
                                              category=first.category, facts="\n".join(lines))


def make_adjudicate_node(ctx: MemoryContext, llm_factory: Callable[[], BaseChatModel]) -> NodePair:
    method = ctx.config.write.structured_output_method
    structured_model = structured_model_cache(llm_factory, GroupVerdict, method, run_name="reconcile_group")

    def judge(group: Group, output: object) -> Verdict:
        try:
            return Verdict(group, tuple(validate_decisions(structured_data(output, GroupVerdict), group)))
        except ExtractionError as exc:
            return reject(group, exc)

    def reject(group: Group, exc: Exception) -> Verdict:
        logger.warning("fact-memory reconcile: group of %d facts rejected: %s", len(group.facts), exc)
        return Verdict(group, error=str(exc)[:500])

    def finish(state: ReconcileState, verdicts: list[Verdict], tokens: int, seconds: float) -> Update:
        report = state["report"]
        report = report.model_copy(update={
            "model_calls": report.model_calls + len(verdicts), "prompt_tokens": report.prompt_tokens + tokens,
            "model_seconds": report.model_seconds + seconds})
        return {"verdicts": verdicts, "report": report}

    def adjudicate(state: ReconcileState) -> Update:
        verdicts, tokens, seconds = [], 0, 0.0
        for group in state.get("groups") or []:
            prompt = group_prompt(group, state["at"])
            tokens += sum(approx_tokens(message_text(m)) for m in prompt)
            started = time.perf_counter()
            try:
                with model_errors():
                    output = structured_model().invoke(prompt)
                verdicts.append(judge(group, output))
            except ExtractionError as exc:
                verdicts.append(reject(group, exc))
            seconds += time.perf_counter() - started
        return finish(state, verdicts, tokens, seconds)

    async def aadjudicate(state: ReconcileState) -> Update:
        verdicts, tokens, seconds = [], 0, 0.0
        for group in state.get("groups") or []:
            prompt = group_prompt(group, state["at"])
            tokens += sum(approx_tokens(message_text(m)) for m in prompt)
            started = time.perf_counter()
            try:
                with model_errors():
                    output = await structured_model().ainvoke(prompt)
                verdicts.append(judge(group, output))
            except ExtractionError as exc:
                verdicts.append(reject(group, exc))
            seconds += time.perf_counter() - started
        return finish(state, verdicts, tokens, seconds)

    return adjudicate, aadjudicate
