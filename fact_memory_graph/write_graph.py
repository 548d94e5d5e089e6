"""The write path as a compiled LangGraph subgraph: embed -> retrieve -> extract -> dedup -> apply.

Use it as a node in any graph whose state has ``messages``; it reads the last human message and
returns ``memory_outcome``. Run it beside the agent's reply (fan out from START) so memory adds
no user-visible latency.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Literal

from langchain_core.runnables import RunnableConfig, RunnableLambda
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from fact_memory_graph.nodes import (
    NodePair,
    WriteDeps,
    WriteInput,
    WriteOutput,
    WriteState,
    make_apply_node,
    make_dedup_node,
    make_embed_node,
    make_extract_node,
    make_retrieve_node,
)
from fact_memory_graph.schema import ApplyOutcome

logger = logging.getLogger(__name__)

OnError = Literal["raise", "log"]


def _error_outcome(name: str, state: WriteState, exc: Exception) -> dict[str, Any]:
    logger.error("fact-memory %s failed; nothing applied: %s", name, exc, exc_info=True)
    return {"memory_outcome": ApplyOutcome(
        user_id=str(state.get("user_id") or ""), message_id=str(state.get("message_id") or ""),
        error=f"{name}: {type(exc).__name__}: {exc}", llm_calls=state.get("llm_calls", 0))}


def _node(name: str, pair: NodePair, deps: WriteDeps, on_error: OnError) -> RunnableLambda:
    """One node with its sync and async paths. The async path uses the async store when the
    memory was opened with ``aopen()``, else runs the sync path on a worker thread. With
    ``on_error='log'`` a failure ends the run with ``memory_outcome.error`` set instead of
    raising: nothing was applied, the message stays unprocessed and can be retried."""
    sync_fn, async_fn = pair

    def run(state: WriteState, config: RunnableConfig) -> dict[str, Any]:
        try:
            return sync_fn(state, config)
        except Exception as exc:
            if on_error == "raise":
                raise
            return _error_outcome(name, state, exc)

    async def arun(state: WriteState, config: RunnableConfig) -> dict[str, Any]:
        try:
            if deps.astore is None:
                return await asyncio.to_thread(sync_fn, state, config)
            return await async_fn(state, config)
        except Exception as exc:
            if on_error == "raise":
                raise
            return _error_outcome(name, state, exc)

    return RunnableLambda(run, afunc=arun, name=name)


def _continue_unless_done(next_node: str) -> Callable[[WriteState], str]:
    def route(state: WriteState) -> str:
        return END if state.get("memory_outcome") is not None else next_node

    return route


def build_write_graph(deps: WriteDeps, *, on_error: OnError = "raise", name: str = "fact_memory_write") -> CompiledStateGraph:
    """Compile the write subgraph over ``deps``."""
    builder = StateGraph(WriteState, input_schema=WriteInput, output_schema=WriteOutput)
    nodes = [
        ("embed", make_embed_node(deps)),
        ("retrieve", make_retrieve_node(deps)),
        ("extract", make_extract_node(deps)),
        ("dedup", make_dedup_node(deps)),
        ("apply", make_apply_node(deps)),
    ]
    for node_name, pair in nodes:
        builder.add_node(node_name, _node(node_name, pair, deps, on_error))
    builder.add_edge(START, "embed")
    for (node_name, _), (next_name, _) in zip(nodes, nodes[1:], strict=False):
        builder.add_conditional_edges(node_name, _continue_unless_done(next_name), [next_name, END])
    builder.add_edge("apply", END)
    return builder.compile(name=name)
