"""Agent middleware for ``langchain.agents.create_agent`` (LangChain 1.x).

``FactMemoryMiddleware(memory)`` recalls once per agent run (before the first model call) and adds
the memory sections to the system message of every model call of that run; after the run it
queues the conversation's new user messages in the message log (one short statement, bounded by
``WriteConfig.write_budget_s``; :mod:`fact_memory_graph.queue`), so extraction never delays the
reply and nothing queued is lost when the process exits. The user comes from the runtime context
(``context=...`` with a ``user_id``) or ``config["configurable"]["user_id"]``. Needs the
``langchain`` package (``pip install "fact-memory-graph[agents]"``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, NotRequired, Protocol

try:
    from langchain.agents.middleware import AgentMiddleware, AgentState, ModelRequest, ModelResponse
except ModuleNotFoundError as exc:  # the `agents` extra is not installed: say which one
    if not (exc.name or "").startswith("langchain") or (exc.name or "").startswith("langchain_"):
        raise
    raise ModuleNotFoundError(
        f"fact_memory_graph.middleware needs LangChain 1.x agents ({exc.name!r} is missing): "
        'pip install "fact-memory-graph[agents]"', name=exc.name) from exc
from langchain_core.messages import SystemMessage
from langchain_core.runnables import RunnableLambda

from fact_memory_graph.formatting import SHOWN_BEFORE_KEY
from fact_memory_graph.messages import resolve_user_id
from fact_memory_graph.recall import SYSTEM_PREAMBLE

logger = logging.getLogger(__name__)


def _context(runtime: Any) -> Any:
    """The LangGraph runtime context the middleware was given (a user id there is trusted over
    the state's)."""
    return getattr(runtime, "context", None)


class _Queue(Protocol):  # the part of MessageQueue the middleware uses
    def record(self, state: Any, config: Any, *, on_error: Any = "log") -> dict[str, Any]: ...
    async def arecord(self, state: Any, config: Any, *, on_error: Any = "log") -> dict[str, Any]: ...


class _Memory(Protocol):  # the part of FactMemory the middleware uses
    queue: _Queue

    def recall_node(self, **kwargs: Any) -> RunnableLambda: ...
    def flush(self, user_id: str | None = None, *, timeout: float | None = None) -> Any: ...
    async def aflush(self, user_id: str | None = None, *, timeout: float | None = None) -> Any: ...


class MemoryState(AgentState):
    memory_context: NotRequired[str]
    #: The section the previous reply was given (kept for the task-success outcome metrics).
    memory_context_before: NotRequired[str]


class FactMemoryMiddleware(AgentMiddleware):
    """Recall before the model, queue the turn for memory after the reply (off its critical path)."""

    state_schema = MemoryState

    def __init__(self, memory: _Memory, *, include_profile: bool = False, write: bool = True) -> None:
        super().__init__()
        self._memory = memory
        self._recall = memory.recall_node(include_profile=include_profile)
        self._write = write

    # -- recall: once per run, into the state; every model call of the run sees it
    @staticmethod
    def _keep_previous(state: MemoryState, update: dict[str, Any]) -> dict[str, Any]:
        if "memory_context" in state:  # what the previous reply was given (a checkpointed thread)
            return {**update, SHOWN_BEFORE_KEY: state["memory_context"]}
        return update

    def before_agent(self, state: MemoryState, runtime: Any) -> dict[str, Any] | None:
        user_id = resolve_user_id(state, None, context=_context(runtime))
        update = self._recall.invoke({"messages": state["messages"]}, {"configurable": {"user_id": user_id}})
        return self._keep_previous(state, update)

    async def abefore_agent(self, state: MemoryState, runtime: Any) -> dict[str, Any] | None:
        user_id = resolve_user_id(state, None, context=_context(runtime))
        update = await self._recall.ainvoke({"messages": state["messages"]}, {"configurable": {"user_id": user_id}})
        return self._keep_previous(state, update)

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

    # -- remember: queued after the reply (durable at once, extracted off the reply's path)
    @staticmethod
    def _payload(state: MemoryState, runtime: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        user_id = resolve_user_id(state, None, context=_context(runtime))
        payload: dict[str, Any] = {"messages": list(state["messages"])}
        if SHOWN_BEFORE_KEY in state:
            payload[SHOWN_BEFORE_KEY] = state[SHOWN_BEFORE_KEY]
        return payload, {"configurable": {"user_id": user_id}}

    def after_agent(self, state: MemoryState, runtime: Any) -> dict[str, Any] | None:
        if self._write:
            self._memory.queue.record(*self._payload(state, runtime))
        return None

    async def aafter_agent(self, state: MemoryState, runtime: Any) -> dict[str, Any] | None:
        if self._write:
            await self._memory.queue.arecord(*self._payload(state, runtime))
        return None

    def flush(self, user_id: str | None = None, *, timeout: float | None = None) -> Any:
        """Wait until the queued messages (of ``user_id``, or everyone's) are extracted: ``memory.flush``."""
        return self._memory.flush(user_id, timeout=timeout)

    async def aflush(self, user_id: str | None = None, *, timeout: float | None = None) -> Any:
        """Async twin of :meth:`flush`."""
        return await self._memory.aflush(user_id, timeout=timeout)
