"""The write path as a compiled LangGraph subgraph: embed -> retrieve -> extract -> dedup -> apply.

Use it as a node in any graph whose state has ``messages``; it processes the last user message
— and first any earlier one of the last few that was never processed (a failed extraction is
retried on the next turn) — and returns ``memory_outcome`` (of the last message processed). In a
graph, prefer the queued write node (``memory.write_node()``): this subgraph runs the extraction
call, and a node beside the reply's first step delays the reply by its whole duration (add it with
``defer=True`` when you want the outcome in the state). The queue's drainer runs this subgraph
off the reply's path.

Routing: each node returns a ``Command`` — on to the next node, or ``goto=END`` as soon as an
outcome is known (already processed, nothing to extract, or an error with ``on_error="log"``).
No router edges.

Retries: a dropped database connection is retried by the store; transient model errors
(timeouts, 429, 5xx) by the chat model's own client (``max_retries``; the env-configured
``ChatOpenAI`` uses 2). We add no graph-level ``RetryPolicy`` on ``extract``: it would multiply
the provider's retries and their waits, and with ``on_error="log"`` the failure is recorded in
``memory_outcome.error`` and the message is retried on a later run anyway.
"""

from __future__ import annotations

import logging
from typing import Literal

from langchain_core.runnables import Runnable, RunnableConfig
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import Command

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import UserIdError
from fact_memory_graph.logs import rate_limited
from fact_memory_graph.nodes import (
    NodePair,
    Update,
    WriteInput,
    WriteOutput,
    WriteState,
    make_apply_node,
    make_dedup_node,
    make_embed_node,
    make_extract_node,
    make_retrieve_node,
)
from fact_memory_graph.runnables import dual_node
from fact_memory_graph.sanitize import redact_secrets
from fact_memory_graph.schema import ApplyOutcome

logger = rate_limited(logging.getLogger(__name__))

OnError = Literal["raise", "log"]
NODE_ORDER = ("embed", "retrieve", "extract", "dedup", "apply")


def _error_outcome(name: str, state: WriteState, exc: Exception) -> Update:
    # One line: the message stays unprocessed and is retried on a later run (the traceback is
    # in the debug log).
    logger.warning("fact-memory: %s failed, nothing applied, the message will be retried: %s: %s",
                   name, type(exc).__name__, redact_secrets(str(exc)))  # errors pass the secret filter too
    logger.debug("fact-memory %s failure", name, exc_info=True)
    message_id = str(state.get("message_id") or "")
    if not message_id:  # failed before a message was picked: name the newest user message
        humans = [m for m in state.get("messages") or [] if getattr(m, "type", "") == "human" and m.id]
        message_id = str(humans[-1].id) if humans else ""
    return {"memory_outcome": ApplyOutcome(
        user_id=str(state.get("user_id") or ""), message_id=message_id,
        error=f"{name}: {type(exc).__name__}: {exc}", llm_calls=state.get("llm_calls", 0)),
        "failed_ids": [*(state.get("failed_ids") or []), message_id] if message_id else state.get("failed_ids") or []}


def _node(name: str, pair: NodePair, next_node: str, on_error: OnError) -> Runnable:
    """One node with its sync and async paths, routing on to ``next_node`` or to END.

    With ``on_error='log'`` a failure ends the run with ``memory_outcome.error`` set instead of
    raising: nothing was applied, the message stays unprocessed and can be retried."""
    sync_fn, async_fn = pair

    def route(state: WriteState, update: Update) -> Command:
        if "memory_outcome" not in update:
            return Command(update=update, goto=next_node)
        outcome = update["memory_outcome"]
        if isinstance(outcome, ApplyOutcome):  # JSON in state: checkpointers store it without registration
            update = {**update, "memory_outcome": outcome.model_dump(mode="json")}
        # A message is done (applied, skipped or failed): on to the next unprocessed one, if any.
        # (embed sets pending_after for the message it picked; it ends a run early only for an
        # empty message, which may have others waiting behind it.)
        more = update.get("pending_after") if name == NODE_ORDER[0] else state.get("pending_after")
        return Command(update={**update, "pending_after": 0} if more else update,
                       goto=NODE_ORDER[0] if more else END)

    def run(state: WriteState, config: RunnableConfig) -> Command:
        try:
            return route(state, sync_fn(state, config))
        except Exception as exc:
            if on_error == "raise" or isinstance(exc, UserIdError):  # a coding error: retrying cannot help
                raise
            return route(state, _error_outcome(name, state, exc))

    async def arun(state: WriteState, config: RunnableConfig) -> Command:
        try:
            return route(state, await async_fn(state, config))
        except Exception as exc:
            if on_error == "raise" or isinstance(exc, UserIdError):  # a coding error: retrying cannot help
                raise
            return route(state, _error_outcome(name, state, exc))

    return dual_node(run, arun, name=name)


def build_write_graph(ctx: MemoryContext, *, on_error: OnError = "raise",
                      name: str = "fact_memory_write") -> CompiledStateGraph:
    """Compile the write subgraph over ``ctx``."""
    makers = {"embed": make_embed_node, "retrieve": make_retrieve_node, "extract": make_extract_node,
              "dedup": make_dedup_node, "apply": make_apply_node}
    builder = StateGraph(WriteState, input_schema=WriteInput, output_schema=WriteOutput)
    for node_name, next_node in zip(NODE_ORDER, (*NODE_ORDER[1:], END), strict=True):
        builder.add_node(node_name, _node(node_name, makers[node_name](ctx), next_node, on_error),
                         destinations=tuple(dict.fromkeys((next_node, END, NODE_ORDER[0]))))
    builder.add_edge(START, NODE_ORDER[0])
    return builder.compile(name=name)
