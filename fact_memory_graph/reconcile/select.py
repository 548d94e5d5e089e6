"""select: the user's oldest unreconciled facts, a bounded batch (the write-ahead log's tail)."""

from __future__ import annotations

from langgraph.types import Command

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.reconcile.state import NodePair, ReconcileState


def make_select_node(ctx: MemoryContext) -> NodePair:
    limit = ctx.config.reconcile.batch_size

    def route(state: ReconcileState, batch: list, backlog: int, generation: int) -> Command:
        report = state["report"].model_copy(update={"facts_selected": len(batch), "backlog_after": backlog})
        return Command(update={"batch": batch, "report": report, "generation": generation},
                       goto="group" if batch else "correct")

    def select(state: ReconcileState) -> Command:
        generation = ctx.store.user_generation(state["user_id"])  # before the facts are read
        batch, backlog = ctx.store.unreconciled(state["user_id"], limit=limit)
        return route(state, batch, backlog, generation)

    async def aselect(state: ReconcileState) -> Command:
        generation = await ctx.astore.user_generation(state["user_id"])
        batch, backlog = await ctx.astore.unreconciled(state["user_id"], limit=limit)
        return route(state, batch, backlog, generation)

    return select, aselect
