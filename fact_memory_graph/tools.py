"""Memory tools for agents: search, remember, correct and forget facts about the user.

The user is never an argument the model fills in: each tool reads it from the run's config
(``config["configurable"]["user_id"]``) or the LangGraph runtime context, so an agent cannot read
or change another user's memory. Built by :meth:`FactMemory.as_tools`; typed against a protocol
so this module does not import the facade.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal, Protocol

from langchain_core.runnables import RunnableConfig
from langchain_core.tools import BaseTool, StructuredTool

from fact_memory_graph.deadline import aread_within, read_within
from fact_memory_graph.errors import FactMemoryError
from fact_memory_graph.messages import resolve_user_id
from fact_memory_graph.retriever import FactMemoryRetriever
from fact_memory_graph.schema import AppliedOp, FactKind


class _Memory(Protocol):  # the part of FactMemory the tools use
    def as_retriever(self, *, user_id: str | None = None, **kwargs: Any) -> FactMemoryRetriever: ...
    def add_fact(self, user_id: str, claim: str, *, kind: FactKind | str, category: str, **kw: Any) -> AppliedOp: ...
    async def aadd_fact(self, user_id: str, claim: str, *, kind: FactKind | str, category: str,
                        **kw: Any) -> AppliedOp: ...
    def update_fact(self, user_id: str, fact_id: str, claim: str, *, at: datetime | None = None) -> AppliedOp: ...
    async def aupdate_fact(self, user_id: str, fact_id: str, claim: str, *,
                           at: datetime | None = None) -> AppliedOp: ...
    def retract_fact(self, user_id: str, fact_id: str) -> bool: ...
    async def aretract_fact(self, user_id: str, fact_id: str) -> bool: ...


#: What search_memory answers when the memory cannot be read in time (the agent carries on).
UNAVAILABLE = "Memory is unavailable right now; answer without it."


def _budget(memory: Any) -> float | None:
    config = getattr(memory, "config", None)
    return config.read.read_budget_s if config is not None else None


def _user(config: RunnableConfig) -> str:
    return resolve_user_id({}, config)


def _lines(docs: list) -> str:
    if not docs:
        return "Nothing is known about that."
    return "\n".join(f"[{d.metadata['kind']}/{d.metadata['category']}] {d.page_content} (id {d.id})" for d in docs)


def _done(what: str, op: AppliedOp) -> str:
    return f"{what}: {op.claim} (id {op.fact_id}, {op.op})"


def memory_tools(memory: _Memory) -> list[BaseTool]:
    """search_memory, remember_fact, correct_fact, forget_fact — sync and async."""

    def search_memory(query: str, config: RunnableConfig) -> str:
        retriever = memory.as_retriever(user_id=_user(config))
        return read_within(lambda: _lines(retriever.invoke(query)), budget_s=_budget(memory), fallback=UNAVAILABLE,
                           on_error="log", what="search_memory")

    async def asearch_memory(query: str, config: RunnableConfig) -> str:
        retriever = memory.as_retriever(user_id=_user(config))

        async def read() -> str:
            return _lines(await retriever.ainvoke(query))

        return await aread_within(read, budget_s=_budget(memory), fallback=UNAVAILABLE, on_error="log",
                                  what="search_memory")

    def remember_fact(claim: str, kind: Literal["durable", "current"], category: str, config: RunnableConfig) -> str:
        try:
            return _done("Remembered", memory.add_fact(_user(config), claim, kind=kind, category=category,
                                                       source="conversation"))
        except FactMemoryError as exc:
            return f"Not remembered: {exc}"

    async def aremember_fact(claim: str, kind: Literal["durable", "current"], category: str,
                             config: RunnableConfig) -> str:
        try:
            return _done("Remembered", await memory.aadd_fact(_user(config), claim, kind=kind, category=category,
                                                              source="conversation"))
        except FactMemoryError as exc:
            return f"Not remembered: {exc}"

    def correct_fact(fact_id: str, claim: str, config: RunnableConfig) -> str:
        try:
            return _done("Corrected", memory.update_fact(_user(config), fact_id, claim))
        except FactMemoryError as exc:
            return f"Not corrected: {exc}"

    async def acorrect_fact(fact_id: str, claim: str, config: RunnableConfig) -> str:
        try:
            return _done("Corrected", await memory.aupdate_fact(_user(config), fact_id, claim))
        except FactMemoryError as exc:
            return f"Not corrected: {exc}"

    def forget_fact(fact_id: str, config: RunnableConfig) -> str:
        try:
            return "Forgotten." if memory.retract_fact(_user(config), fact_id) else "No such fact."
        except FactMemoryError as exc:
            return f"Not forgotten: {exc}"

    async def aforget_fact(fact_id: str, config: RunnableConfig) -> str:
        try:
            return "Forgotten." if await memory.aretract_fact(_user(config), fact_id) else "No such fact."
        except FactMemoryError as exc:
            return f"Not forgotten: {exc}"

    return [
        StructuredTool.from_function(search_memory, coroutine=asearch_memory, name="search_memory",
                                     description="Search what you know about the user (who they are, what is "
                                                 "going on for them). Returns facts with their ids."),
        StructuredTool.from_function(remember_fact, coroutine=aremember_fact, name="remember_fact",
                                     description="Remember one atomic fact the user told you. kind: durable (who "
                                                 "they are) or current (their state now); category: e.g. identity, "
                                                 "health, preference, feeling, working_on."),
        StructuredTool.from_function(correct_fact, coroutine=acorrect_fact, name="correct_fact",
                                     description="Replace a stored fact (by id from search_memory) with the "
                                                 "corrected claim; the old one is kept as history."),
        StructuredTool.from_function(forget_fact, coroutine=aforget_fact, name="forget_fact",
                                     description="Stop using a stored fact (by id from search_memory) that the "
                                                 "user says is wrong or wants forgotten."),
    ]
