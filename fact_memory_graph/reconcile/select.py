"""select: the user's oldest unreconciled facts, a bounded batch (the write-ahead log's tail)."""

from __future__ import annotations

from langgraph.types import Command

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.reconcile.state import NodePair, ReconcileState


def make_select_node(ctx: MemoryContext) -> NodePair:
    limit = ctx.config.reconcile.batch_size

    def route(state: ReconcileState, batch: list, backlog: int) -> Command:
        report = state["report"].model_copy(update={"facts_selected": len(batch), "backlog_after": backlog})
        return Command(update={"batch": batch, "report": report}, goto="group" if batch else "correct")

    def select(state: ReconcileState) -> Command:
        batch, backlog = ctx.store.unreconciled(state["user_id"], limit=limit)
        return route(state, batch, backlog)

    async def aselect(state: ReconcileState) -> Command:
        batch, backlog = await ctx.astore.unreconciled(state["user_id"], limit=limit)
        return route(state, batch, backlog)

    return select, aselect
