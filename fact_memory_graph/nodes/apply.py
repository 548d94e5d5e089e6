"""apply: write all planned ops of the message in one transaction, exactly once."""

from __future__ import annotations

from typing import Any

from fact_memory_graph.nodes.state import WriteDeps, WriteState


def make_apply_node(deps: WriteDeps):
    def apply(state: WriteState) -> dict[str, Any]:
        outcome = deps.store.apply(
            state["user_id"],
            state["message_id"],
            state.get("planned") or [],
            at=state["at"],
            rejected=state.get("rejected") or [],
            also_processed=state.get("batch_message_ids") or [],
            llm_calls=state.get("llm_calls", 0),
        )
        return {"memory_outcome": outcome}

    return apply
