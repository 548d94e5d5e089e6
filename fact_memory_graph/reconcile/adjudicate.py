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
from fact_memory_graph.reconcile.state import (
    NO_MODEL,
    Group,
    NodePair,
    ReconcileState,
    Update,
    Verdict,
)
from fact_memory_graph.sanitize import quote

logger = logging.getLogger(__name__)


def group_prompt(group: Group, now: datetime) -> list[BaseMessage]:
    # A group joining a new durable fact and the current states it may end names each fact's
    # kind and category; a group of one kind and category names them once.
    mixed = len({(f.kind, f.category) for f in group.facts}) > 1
    lines = []
    for ref, fact in group.refs.items():
        new = " new" if fact.id in group.unreconciled else ""
        label = f" [{fact.kind.value} state, {fact.category}]" if mixed and fact.kind.value == "current" else (
            f" [{fact.kind.value} fact, {fact.category}]" if mixed else "")
        lines.append(f"{ref}{label} {quote(fact.claim)} (since {fact.created_at.date().isoformat()}, "
                     f"confidence {fact.confidence:.2f}, mentioned {len(fact.evidence_message_ids) or 1}x{new})")
    first = group.facts[0]
    kind, category = ("durable and current", "a new fact and the states it may end") if mixed else (
        first.kind.value, first.category)
    return reconcile_prompt().format_messages(now=now.date().isoformat(), kind=kind,
                                              category=category, facts="\n".join(lines))


#: A group not judged because its user was forgotten since the run read the facts (no prompt sent).
FORGOTTEN_WHILE_RECONCILING = "forgotten while reconciling: the group was not sent to the model"


def make_adjudicate_node(ctx: MemoryContext, llm_factory: Callable[[], BaseChatModel]) -> NodePair:
    method = ctx.config.write.structured_output_method
    structured_model = structured_model_cache(llm_factory, GroupVerdict, method, run_name="reconcile_group",
                                              missing=NO_MODEL)

    def judge(group: Group, output: object) -> Verdict:
        """The group's verdict from the model's output, or its rejection (an exception)."""
        try:
            if isinstance(output, Exception):
                raise output
            return Verdict(group, tuple(validate_decisions(structured_data(output, GroupVerdict), group)))
        except ExtractionError as exc:
            logger.warning("fact-memory reconcile: group of %d facts rejected: %s", len(group.facts), exc)
            return Verdict(group, error=str(exc)[:500])

    def finish(state: ReconcileState, calls: list[tuple[Group, object, int, float]]) -> Update:
        """Verdicts and cost from (group, output or error, prompt tokens, seconds) per call."""
        report = state["report"]
        report = report.model_copy(update={
            "model_calls": report.model_calls + len(calls),
            "prompt_tokens": report.prompt_tokens + sum(c[2] for c in calls),
            "model_seconds": report.model_seconds + sum(c[3] for c in calls)})
        return {"verdicts": [judge(group, output) for group, output, _, _ in calls], "report": report}

    def prompts(state: ReconcileState) -> list[tuple[Group, list[BaseMessage], int]]:
        """The next group's prompt: groups are judged and applied one at a time, so a crash (or
        a failed call) mid-run loses at most one group's call, never the calls already paid."""
        groups = state.get("groups") or []
        index = state.get("done_groups", 0)
        out = []
        for group in groups[index:index + 1]:
            prompt = group_prompt(group, state["at"])
            out.append((group, prompt, sum(approx_tokens(message_text(m)) for m in prompt)))
        return out

    def adjudicate(state: ReconcileState) -> Update:
        calls: list[tuple[Group, object, int, float]] = []
        user = state["user_id"]
        generation = state.get("generation")
        for group, prompt, tokens in prompts(state):
            started = time.perf_counter()
            try:
                bound = structured_model()
                if generation is None:
                    generation = ctx.store.user_generation(user)
                # The prompt quotes the user's facts: sent under the user's lock (shared), re-checked.
                with ctx.store.model_call_hold(user, generation) as current:
                    if not current:
                        raise ExtractionError(FORGOTTEN_WHILE_RECONCILING)
                    with model_errors():
                        output: object = bound.invoke(prompt)
            except ExtractionError as exc:
                output = exc
            calls.append((group, output, tokens, time.perf_counter() - started))
        return finish(state, calls)

    async def aadjudicate(state: ReconcileState) -> Update:
        calls: list[tuple[Group, object, int, float]] = []
        user = state["user_id"]
        generation = state.get("generation")
        for group, prompt, tokens in prompts(state):
            started = time.perf_counter()
            try:
                bound = structured_model()
                if generation is None:
                    generation = await ctx.astore.user_generation(user)
                async with ctx.astore.model_call_hold(user, generation) as current:
                    if not current:
                        raise ExtractionError(FORGOTTEN_WHILE_RECONCILING)
                    with model_errors():
                        output: object = await bound.ainvoke(prompt)
            except ExtractionError as exc:
                output = exc
            calls.append((group, output, tokens, time.perf_counter() - started))
        return finish(state, calls)

    return adjudicate, aadjudicate
