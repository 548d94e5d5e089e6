"""Agent middleware for ``langchain.agents.create_agent`` (LangChain 1.x).

``FactMemoryMiddleware(memory)`` recalls once per agent run (before the first model call) and adds
the memory sections to the system message of every model call of that run; after the run it
writes the conversation's new user messages to memory on a background thread (or task), so
extraction never delays the reply. The user comes from the runtime context (``context=...``
with a ``user_id``) or ``config["configurable"]["user_id"]``. Needs the ``langchain`` package
(``pip install "fact-memory-graph[agents]"``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, NotRequired, Protocol

from langchain.agents.middleware import AgentMiddleware, AgentState, ModelRequest, ModelResponse
from langchain_core.messages import SystemMessage
from langchain_core.runnables import RunnableLambda
from langgraph.graph.state import CompiledStateGraph

from fact_memory_graph.messages import resolve_user_id
from fact_memory_graph.recall import SYSTEM_PREAMBLE

logger = logging.getLogger(__name__)


def _context(runtime: Any) -> Any:
    """The LangGraph runtime context the middleware was given (a user id there is trusted over
    the state's)."""
    return getattr(runtime, "context", None)


class _Memory(Protocol):  # the part of FactMemory the middleware uses
    def recall_node(self, **kwargs: Any) -> RunnableLambda: ...
    def write_graph(self, *, on_error: Any = "raise") -> CompiledStateGraph: ...


class MemoryState(AgentState):
    memory_context: NotRequired[str]


class FactMemoryMiddleware(AgentMiddleware):
    """Recall before the model, remember after the reply (off its critical path)."""

    state_schema = MemoryState

    def __init__(self, memory: _Memory, *, include_profile: bool = False, write: bool = True,
                 max_pending_writes: int = 32) -> None:
        super().__init__()
        #: Background writes in flight at most; beyond that a write is dropped with one warning
        #: (its message stays unprocessed: the next turn's write retries the last few unprocessed
        #: user messages, oldest first), so a slow store cannot grow memory without bound.
        self.max_pending_writes = max_pending_writes
        self._recall = memory.recall_node(include_profile=include_profile)
        self._write = memory.write_graph(on_error="log") if write else None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fact-memory-write")
        self._pending: list[Future[Any] | asyncio.Task[Any]] = []

    # -- recall: once per run, into the state; every model call of the run sees it
    def before_agent(self, state: MemoryState, runtime: Any) -> dict[str, Any] | None:
        user_id = resolve_user_id(state, None, context=_context(runtime))
        return self._recall.invoke({"messages": state["messages"]}, {"configurable": {"user_id": user_id}})

    async def abefore_agent(self, state: MemoryState, runtime: Any) -> dict[str, Any] | None:
        user_id = resolve_user_id(state, None, context=_context(runtime))
        return await self._recall.ainvoke({"messages": state["messages"]}, {"configurable": {"user_id": user_id}})

    @staticmethod
    def _with_memory(request: ModelRequest) -> ModelRequest:
        text = request.state.get("memory_context") if request.state else None
        if not text:
            return request
        memory = f"{SYSTEM_PREAMBLE}\n\n{text}"
        system = request.system_message
        content = f"{system.content}\n\n{memory}" if system is not None else memory
        return request.override(system_message=SystemMessage(content=content))

    def wrap_model_call(self, request: ModelRequest, handler: Callable[[ModelRequest], ModelResponse]) -> Any:
        return handler(self._with_memory(request))

    async def awrap_model_call(self, request: ModelRequest,
                               handler: Callable[[ModelRequest], Awaitable[ModelResponse]]) -> Any:
        return await handler(self._with_memory(request))

    # -- remember: after the reply, in the background
    def after_agent(self, state: MemoryState, runtime: Any) -> dict[str, Any] | None:
        if self._write is not None:
            user_id = resolve_user_id(state, None, context=_context(runtime))
            payload = {"messages": list(state["messages"]), "user_id": user_id}
            if self._room():
                self._pending.append(self._executor.submit(self._write.invoke, payload))
        return None

    def _room(self) -> bool:
        self._pending = [p for p in self._pending if not p.done()]
        if len(self._pending) < self.max_pending_writes:
            return True
        logger.warning("fact-memory: %d memory writes already queued; this turn's write is skipped (its "
                       "message is retried by a later turn)", len(self._pending))
        return False

    async def aafter_agent(self, state: MemoryState, runtime: Any) -> dict[str, Any] | None:
        if self._write is not None:
            user_id = resolve_user_id(state, None, context=_context(runtime))
            payload = {"messages": list(state["messages"]), "user_id": user_id}
            if self._room():
                self._pending.append(asyncio.create_task(self._write.ainvoke(payload)))
        return None

    def flush(self) -> list[Any]:
        """Wait for the background writes still in flight (sync runs); returns their results."""
        pending, self._pending = self._pending, []
        return [p.result() for p in pending if isinstance(p, Future)]

    async def aflush(self) -> list[Any]:
        """Wait for the background writes of async runs; returns their results."""
        pending, self._pending = self._pending, []
        return [await p for p in pending if isinstance(p, asyncio.Task)] + [
            p.result() for p in pending if isinstance(p, Future)]
