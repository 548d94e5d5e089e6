"""apply: write all planned ops of the message in one transaction, exactly once."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.nodes.state import NodePair, Update, WriteState
from fact_memory_graph.store import LoggedTurn


def _args(state: WriteState, forgotten: dict[str, int] | None) -> tuple[tuple[Any, ...], dict[str, Any]]:
    generation = state.get("generation")
    if forgotten is not None:  # the forget of the turn before bumped the generation: this message applies under it
        forgotten = dict(forgotten)
        generation = forgotten.pop("generation", generation)
    # A turn that did not come from the queue (remember, the sync node) enters the message log as
    # processed, so the nightly review reads every way of writing; a queued one is there already.
    logged = (LoggedTurn(state["message_text"], state.get("session_id"))
              if not state.get("batch_ids") and state.get("message_text") else None)
    return (state["user_id"], state["message_id"], state.get("planned") or []), {
        "at": state["at"], "rejected": state.get("rejected") or [],
        "also_processed": state.get("batch_message_ids") or [], "llm_calls": state.get("llm_calls", 0),
        "generation": generation, "evaluations": state.get("evaluations") or [], "forgotten": forgotten,
        "logged": logged,
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
    forgets nothing twice. The forget of the turn runs under the generation this message started
    under (a forget since: nothing is done, and the message applies nothing) and bumps it, so work
    in flight that read the forgotten turn applies nothing."""

    def apply(state: WriteState, config: RunnableConfig) -> Update:
        forgotten = None
        if state.get("forget_previous"):
            forgotten = ctx.store.forget_turn(state["user_id"], state.get("previous_ids") or [],
                                              generation=state.get("generation"))
        if state.get("forget_fact_ids"):
            purged = sum(ctx.store.purge_fact(state["user_id"], f) for f in state["forget_fact_ids"])
            forgotten = _merge(forgotten, {"purged": purged})
        args, kwargs = _args(state, forgotten)
        # The next message of this run (if any) applies under the generation this one bumped.
        return {"memory_outcome": ctx.store.apply(*args, **kwargs), "generation": kwargs["generation"]}

    async def aapply(state: WriteState, config: RunnableConfig) -> Update:
        forgotten = None
        if state.get("forget_previous"):
            forgotten = await ctx.astore.forget_turn(state["user_id"], state.get("previous_ids") or [],
                                                     generation=state.get("generation"))
        if state.get("forget_fact_ids"):
            purged = 0
            for fact_id in state["forget_fact_ids"]:
                purged += await ctx.astore.purge_fact(state["user_id"], fact_id)
            forgotten = _merge(forgotten, {"purged": purged})
        args, kwargs = _args(state, forgotten)
        # The next message of this run (if any) applies under the generation this one bumped.
        return {"memory_outcome": await ctx.astore.apply(*args, **kwargs), "generation": kwargs["generation"]}

    return apply, aapply
