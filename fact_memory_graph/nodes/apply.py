"""apply: write all planned ops of the message in one transaction, exactly once."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.nodes.state import NodePair, Update, WriteState


def _args(state: WriteState) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (state["user_id"], state["message_id"], state.get("planned") or []), {
        "at": state["at"], "rejected": state.get("rejected") or [],
        "also_processed": state.get("batch_message_ids") or [], "llm_calls": state.get("llm_calls", 0),
        "generation": state.get("generation"), "evaluations": state.get("evaluations") or [],
    }


def _merge(total: dict[str, int] | None, counts: dict[str, int]) -> dict[str, int]:
    total = dict(total or {})
    for key, value in counts.items():
        total[key] = total.get(key, 0) + value
    return total


def make_apply_node(ctx: MemoryContext) -> NodePair:
    """Apply the ops. A message asking to forget what was just said first forgets the previous
    turn (``forget_turn``: facts only it supports are purged, it leaves the others' evidence), and
    one asking to forget facts of the user's recent turns ("what I said about my health", the
    model's ``forget`` op) purges them; both steps are idempotent, so a retry after a failed apply
    forgets nothing twice."""

    def apply(state: WriteState, config: RunnableConfig) -> Update:
        forgotten = None
        if state.get("forget_previous"):
            forgotten = ctx.store.forget_turn(state["user_id"], state.get("previous_ids") or [])
        if state.get("forget_fact_ids"):
            purged = sum(ctx.store.purge_fact(state["user_id"], f) for f in state["forget_fact_ids"])
            forgotten = _merge(forgotten, {"purged": purged})
        args, kwargs = _args(state)
        return {"memory_outcome": ctx.store.apply(*args, **kwargs, forgotten=forgotten)}

    async def aapply(state: WriteState, config: RunnableConfig) -> Update:
        forgotten = None
        if state.get("forget_previous"):
            forgotten = await ctx.astore.forget_turn(state["user_id"], state.get("previous_ids") or [])
        if state.get("forget_fact_ids"):
            purged = 0
            for fact_id in state["forget_fact_ids"]:
                purged += await ctx.astore.purge_fact(state["user_id"], fact_id)
            forgotten = _merge(forgotten, {"purged": purged})
        args, kwargs = _args(state)
        return {"memory_outcome": await ctx.astore.apply(*args, **kwargs, forgotten=forgotten)}

    return apply, aapply
