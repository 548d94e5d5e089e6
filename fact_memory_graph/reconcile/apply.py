"""apply: the group just judged, in its own transaction (audited); then the next group is judged.

Groups go adjudicate -> apply one at a time, so each verdict is applied before the next model
call. A crash between groups leaves the applied groups reconciled and the rest unreconciled: the
next run finishes the work, and a group already reconciled by a concurrent run is skipped, so
nothing applies twice. The facts with no neighbour are marked reconciled on the first turn, the
backlog is counted on the last.
"""

from __future__ import annotations

import logging

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import FactMemoryError
from fact_memory_graph.reconcile.state import NodePair, ReconcileState, Update
from fact_memory_graph.schema import ReconcileReport

logger = logging.getLogger(__name__)


def _tally(report: ReconcileReport, verdict_error: str | None, result: dict | None, error: str | None
           ) -> ReconcileReport:
    update: dict = {}
    if verdict_error is not None:
        update["rejected_groups"] = [*report.rejected_groups, verdict_error]
    elif error is not None:
        update["rejected_groups"] = [*report.rejected_groups, error]
    elif result is not None and "skipped" in result:
        update["skipped_groups"] = [*report.skipped_groups, result["skipped"]]
    elif result is not None:
        for key in ("merged", "superseded", "retracted", "kept"):
            update[key] = getattr(report, key) + result[key]
    return report.model_copy(update=update)


def make_apply_node(ctx: MemoryContext) -> NodePair:
    def first_turn(state: ReconcileState) -> bool:
        return state.get("done_groups", 0) == 0

    def last_turn(state: ReconcileState) -> bool:
        return state.get("done_groups", 0) + 1 >= len(state.get("groups") or [])

    def apply(state: ReconcileState) -> Update:
        user, at, report = state["user_id"], state["at"], state["report"]
        if first_turn(state):
            ctx.store.mark_reconciled(user, state.get("alone") or [], at=at)
            report = report.model_copy(update={"kept": report.kept + len(state.get("alone") or [])})
        for verdict in state.get("verdicts") or []:
            result, error = None, None
            if verdict.error is None:
                try:
                    result = ctx.store.apply_group(user, verdict.group.ids, verdict.decisions, at=at,
                                                   run_id=state["run_id"], generation=state.get("generation"))
                except FactMemoryError as exc:
                    logger.warning("fact-memory reconcile: group not applied: %s", exc)
                    error = str(exc)
            report = _tally(report, verdict.error, result, error)
        if last_turn(state):
            _, backlog = ctx.store.unreconciled(user, limit=0)
            report = report.model_copy(update={"backlog_after": backlog})
        return {"report": report, "verdicts": [], "done_groups": state.get("done_groups", 0) + 1}

    async def aapply(state: ReconcileState) -> Update:
        user, at, report = state["user_id"], state["at"], state["report"]
        if first_turn(state):
            await ctx.astore.mark_reconciled(user, state.get("alone") or [], at=at)
            report = report.model_copy(update={"kept": report.kept + len(state.get("alone") or [])})
        for verdict in state.get("verdicts") or []:
            result, error = None, None
            if verdict.error is None:
                try:
                    result = await ctx.astore.apply_group(user, verdict.group.ids, verdict.decisions, at=at,
                                                          run_id=state["run_id"], generation=state.get("generation"))
                except FactMemoryError as exc:
                    logger.warning("fact-memory reconcile: group not applied: %s", exc)
                    error = str(exc)
            report = _tally(report, verdict.error, result, error)
        if last_turn(state):
            _, backlog = await ctx.astore.unreconciled(user, limit=0)
            report = report.model_copy(update={"backlog_after": backlog})
        return {"report": report, "verdicts": [], "done_groups": state.get("done_groups", 0) + 1}

    return apply, aapply
