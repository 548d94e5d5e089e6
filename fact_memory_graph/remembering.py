"""Messages written without a graph: the write graph's input for one message
(``memory.remember``), and many messages at once (``memory.remember_many``: history import,
re-processing), each still its own run of the write graph."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage

from fact_memory_graph.batching import BatchingEmbeddings
from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import InvalidInputError
from fact_memory_graph.sanitize import check_id
from fact_memory_graph.schema import ApplyOutcome
from fact_memory_graph.write_graph import build_write_graph

__all__ = ["arun_many", "many_inputs", "write_input"]

_ITEM_KEYS = {"user_id", "message", "message_id", "at", "session_id"}


def write_input(user_id: str, message: str | BaseMessage, message_id: str | None, at: datetime | None,
                context: Sequence[BaseMessage] | None, session_id: str | None = None) -> dict[str, Any]:
    """The write graph's input state for one message: ids checked, a text made a message with
    ``message_id`` (or a fresh id), a timezone-aware ``at``."""
    check_id(user_id, "user_id")
    if message_id is not None:
        check_id(message_id, "message_id")
    if isinstance(message, str):
        message = HumanMessage(content=message, id=message_id or str(uuid.uuid4()))
    elif message_id is not None or not message.id:
        message = message.model_copy(update={"id": message_id or str(uuid.uuid4())})
    if at is not None and at.tzinfo is None:
        raise InvalidInputError("at must be timezone-aware")
    state: dict[str, Any] = {"messages": [*(context or []), message], "user_id": user_id, "process_backlog": False}
    if at is not None:
        state["at"] = at
    if session_id is not None:
        state["session_id"] = check_id(session_id, "session_id")
    return state


def many_inputs(messages: Iterable[Mapping[str, Any]], *, earlier: int = 0) -> list[dict[str, Any]]:
    """One input state per item (``{"user_id", "message"}`` plus optional ``message_id``, ``at``,
    ``session_id``), every item checked before any runs.

    Each message is read as the next turn of its thread, as ``remember(..., context=...)`` and a
    graph read it: its context is the earlier items of the same user and ``session_id`` (in the
    order given) — up to ``earlier`` user turns and the other messages between them — so a
    secret named in one item and dictated in the next, or a turn announced as private by the one
    before, is withheld, and "forget that" reaches the item before."""
    states = []
    threads: dict[tuple[str, str | None], list[BaseMessage]] = {}
    for item in messages:
        if set(item) - _ITEM_KEYS or "user_id" not in item or "message" not in item:
            raise InvalidInputError(f"each item needs user_id and message (optional: message_id, at, "
                                    f"session_id); got keys {sorted(item)}")
        thread = threads.setdefault((str(item["user_id"]), item.get("session_id")), [])
        state = write_input(item["user_id"], item["message"], item.get("message_id"), item.get("at"),
                            _tail(thread, earlier), item.get("session_id"))
        thread.append(state["messages"][-1])
        states.append(state)
    return states


def _tail(thread: list[BaseMessage], turns: int) -> list[BaseMessage]:
    """The end of ``thread`` holding its last ``turns`` user turns (and what came between them)."""
    if turns <= 0:
        return []
    humans = [i for i, m in enumerate(thread) if isinstance(m, HumanMessage)]
    return thread[humans[-turns]:] if len(humans) >= turns else list(thread)


async def arun_many(context: MemoryContext, states: list[dict[str, Any]], *, concurrency: int,
                    ordered: bool) -> list[ApplyOutcome]:
    """Run each state through its own write graph, at most ``concurrency`` at once, their embedding
    calls coalesced into shared batches; with ``ordered`` one user's messages run one after another
    (a lane per user), else every message is its own lane. One outcome per state, in order."""
    if concurrency < 1:
        raise InvalidInputError("concurrency must be at least 1")
    graph = build_write_graph(dataclasses.replace(context, embeddings=BatchingEmbeddings(context.embeddings)),
                              on_error="log")
    results: list[ApplyOutcome | None] = [None] * len(states)
    lanes: dict[str, list[int]] = {}
    for index, state in enumerate(states):
        lanes.setdefault(state["user_id"] if ordered else str(index), []).append(index)
    gate = asyncio.Semaphore(concurrency)

    async def run_lane(indexes: list[int]) -> None:
        for index in indexes:
            async with gate:
                out = await graph.ainvoke(states[index])
            results[index] = ApplyOutcome.model_validate(out["memory_outcome"])

    await asyncio.gather(*(run_lane(lane) for lane in lanes.values()))
    return [r for r in results if r is not None]
