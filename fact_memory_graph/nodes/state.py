"""The write subgraph's state: what it reads, what it returns, what the nodes pass along."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

from fact_memory_graph.schema import (
    EvaluationRecord,
    Fact,
    PendingContradiction,
    PlannedOp,
    RejectedOp,
)


class WriteInput(TypedDict, total=False):
    """What the write subgraph reads: ``messages`` (the last human message is processed).

    ``user_id`` and ``at`` may be given in the state; otherwise they come from
    ``config["configurable"]`` / the runtime context and the memory's clock.
    """

    messages: Annotated[list[AnyMessage], add_messages]
    user_id: str
    at: datetime
    #: False: process only the last user message (``remember``); earlier ones are context.
    process_backlog: bool
    #: The session the messages belong to; default LangGraph's ``thread_id`` from the config.
    session_id: str
    #: Set by the queue's drainer: process exactly these user messages as one extraction.
    batch_ids: list[str]
    #: Set by the queue's drainer: the turn fingerprint of each queued message id.
    aliases: dict[str, str]
    #: The user's forget generation the work started under (the drainer's claim reads it under
    #: the user's lock; otherwise embed reads it before anything of the user): apply re-checks
    #: it under the lock and applies nothing when a forget committed since.
    generation: int


class WriteOutput(TypedDict, total=False):
    """What the write subgraph returns: the outcome of the processed message.

    ``memory_outcome`` is :class:`~fact_memory_graph.schema.ApplyOutcome` as JSON (plain dicts and
    strings), so any LangGraph checkpointer stores it without registering types; read it typed
    with ``ApplyOutcome.model_validate(state["memory_outcome"])``."""

    memory_outcome: dict[str, Any]


class KnownFact(TypedDict):
    """A fact shown to the extractor, under the short reference (D1.., C1..) it may cite."""

    ref: str
    fact: Fact
    similarity: float
    pending: list[PendingContradiction]


class WriteState(WriteInput, WriteOutput, total=False):
    message_id: str
    batch_message_ids: list[str]
    message_text: str
    context: list[str]
    message_embedding: list[float]
    retrieved: list[KnownFact]
    proposals: list[PlannedOp]
    planned: list[PlannedOp]
    rejected: list[RejectedOp]
    #: The evaluators' validated outputs (written by apply in the message's transaction).
    evaluations: list[EvaluationRecord]
    llm_calls: int
    #: Unprocessed user messages still waiting after this one (the graph loops back to embed).
    pending_after: int
    #: Messages that failed in this run (on_error="log"): not tried again until the next run.
    failed_ids: list[str]
    #: The user's turn before the processed one: its id and turn fingerprint (what "forget what I
    #: just said" refers to).
    previous_ids: list[str]
    #: The user's turns shown with this one (ids and turn fingerprints, ``previous_ids`` among
    #: them): a ``forget`` op may name only facts these turns support.
    recent_ids: list[str]
    #: What the message asks to forget, read once by embed (``ForgetRequest`` as a dict; ``None``:
    #: no request), used by extract.
    forget_request: dict[str, Any] | None
    #: Set by embed: this message shows a secret in the user's turn before it that that turn, read
    #: when it came, did not (a login id whose password follows): apply forgets that turn first.
    previous_revealed: bool
    #: Set by extract when the message asks to forget what was just said (or ``previous_revealed``):
    #: apply forgets it first.
    forget_previous: bool
    #: Set by extract: facts of the user's recent turns the message asks to forget ("forget what
    #: I said about my health", or the model's ``forget`` op naming a fact); apply purges them first.
    forget_fact_ids: list[str]


#: A node's state update.
Update = dict[str, Any]
#: A node's sync function and its asyncio twin, both ``(state, config) -> update``.
NodePair = tuple[Callable[..., Update], Callable[..., Awaitable[Update]]]
