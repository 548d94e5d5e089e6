"""Memory tools for agents: search, remember, correct and forget facts about the user.

Writes run within ``WriteConfig.write_budget_s``: when the database is down or hung the tool
answers that nothing was saved (one log line) instead of holding up the agent. The user is never
an argument the model fills in: each tool reads it from the run's config
(``config["configurable"]["user_id"]``) or the LangGraph runtime context, so an agent cannot read
or change another user's memory. Built by :meth:`FactMemory.as_tools`; typed against a protocol
so this module does not import the facade.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal, Protocol

from langchain_core.prompts import PromptTemplate
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import BaseTool, StructuredTool, create_retriever_tool

from fact_memory_graph.deadline import aread_within, read_within, write_within
from fact_memory_graph.errors import FactMemoryError, StoreError
from fact_memory_graph.messages import resolve_user_id
from fact_memory_graph.retriever import FactMemoryRetriever
from fact_memory_graph.sanitize import read_ahead
from fact_memory_graph.schema import AppliedOp, FactKind


class _Facts(Protocol):  # memory.facts, as far as the tools write through it
    def add(self, user_id: str, claim: str, *, kind: FactKind | str, category: str, **kw: Any) -> AppliedOp: ...
    def update(self, user_id: str, fact_id: str, claim: str, *, at: datetime | None = None) -> AppliedOp: ...
    def retract(self, user_id: str, fact_id: str) -> bool: ...


class _Memory(Protocol):  # the part of FactMemory the tools use
    facts: _Facts

    def as_retriever(self, *, user_id: str | None = None, **kwargs: Any) -> FactMemoryRetriever: ...


#: What search_memory answers when the memory cannot be read in time (the agent carries on).
UNAVAILABLE = "Memory is unavailable right now; answer without it."
#: What a write tool answers when the memory cannot be written in time.
WRITE_UNAVAILABLE = "memory is unavailable right now; tell the user it was not saved."


def _budget(memory: Any) -> float | None:
    config = getattr(memory, "config", None)
    return config.read.read_budget_s if config is not None else None


def _write_budget(memory: Any) -> float | None:
    config = getattr(memory, "config", None)
    return config.write.write_budget_s if config is not None else None


def _user(config: RunnableConfig) -> str:
    return resolve_user_id({}, config)


def _lines(docs: list) -> str:
    if not docs:
        return "Nothing is known about that."
    return "\n".join(f"[{d.metadata['kind']}/{d.metadata['category']}] {d.page_content} (id {d.id})" for d in docs)


def _done(what: str, op: AppliedOp) -> str:
    return f"{what}: {op.claim} (id {op.fact_id}, {op.op})"


def retriever_tool(retriever: FactMemoryRetriever, *, name: str = "search_memory",
                   description: str = "Search what you know about the user: facts about who they are and "
                                      "what is going on for them now.") -> BaseTool:
    """A retriever as an agent tool (LangChain's ``create_retriever_tool``); each document shows its
    kind and category ("[durable/health] allergic to penicillin"). The user comes from the tool
    call's config unless the retriever is bound to one — never from the model's arguments:
    ``retriever_tool(memory.as_retriever())``."""
    prompt = PromptTemplate.from_template("[{kind}/{category}] {page_content}")
    return create_retriever_tool(retriever, name, description, document_prompt=prompt)


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

    def bounded(action: str, write: Callable[[], str], text: str = "") -> str:
        # A write on the reply's path: within the write budget, or a message the agent can relay.
        def attempt() -> str:
            try:
                return write()
            except FactMemoryError as exc:
                if isinstance(exc, StoreError):
                    raise  # an outage: logged once by write_within, the agent gets UNAVAILABLE
                return f"Not {action}: {exc}"

        config = getattr(memory, "config", None)
        if text and (config is None or config.write.redact_secrets):
            read_ahead([text])  # building the filter's patterns is no outage: done before the budget
        return write_within(attempt, budget_s=_write_budget(memory), fallback=lambda: f"Not {action}: {WRITE_UNAVAILABLE}",
                            on_error="log", what=f"{action} tool", consequence="the agent was told")

    def remember_fact(claim: str, kind: Literal["durable", "current"], category: str, config: RunnableConfig) -> str:
        user = _user(config)
        return bounded("remembered", lambda: _done("Remembered", memory.facts.add(
            user, claim, kind=kind, category=category, source="conversation")), claim)

    async def aremember_fact(claim: str, kind: Literal["durable", "current"], category: str,
                             config: RunnableConfig) -> str:
        return await asyncio.to_thread(remember_fact, claim, kind, category, config)

    def correct_fact(fact_id: str, claim: str, config: RunnableConfig) -> str:
        user = _user(config)
        return bounded("corrected", lambda: _done("Corrected", memory.facts.update(user, fact_id, claim)), claim)

    async def acorrect_fact(fact_id: str, claim: str, config: RunnableConfig) -> str:
        return await asyncio.to_thread(correct_fact, fact_id, claim, config)

    def forget_fact(fact_id: str, config: RunnableConfig) -> str:
        user = _user(config)
        return bounded("forgotten", lambda: "Forgotten." if memory.facts.retract(user, fact_id) else "No such fact.")

    async def aforget_fact(fact_id: str, config: RunnableConfig) -> str:
        return await asyncio.to_thread(forget_fact, fact_id, config)

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
