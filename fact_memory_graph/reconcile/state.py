"""The reconciliation graph's state and the group it sends to the model."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypedDict
from uuid import UUID

from fact_memory_graph.schema import Fact, GroupDecision, ReconcileReport


@dataclass(frozen=True)
class Group:
    """Facts of one user, kind and category that may say the same thing; refs F1.. by age."""

    facts: tuple[Fact, ...]
    #: The facts of the group that were unreconciled when it was formed.
    unreconciled: frozenset[UUID]

    @property
    def refs(self) -> dict[str, Fact]:
        return {f"F{i}": fact for i, fact in enumerate(self.facts, start=1)}

    @property
    def ids(self) -> list[UUID]:
        return [f.id for f in self.facts]


@dataclass(frozen=True)
class Verdict:
    """The model's validated decisions for a group, or why the group was rejected."""

    group: Group
    decisions: tuple[GroupDecision, ...] = ()
    error: str | None = None


class ReconcileState(TypedDict, total=False):
    user_id: str
    at: datetime
    run_id: str
    report: ReconcileReport
    batch: list[tuple[Fact, list[float]]]
    groups: list[Group]
    #: Unreconciled facts with no neighbour: reconciled as they are, no model call.
    alone: list[UUID]
    #: The verdicts of the groups judged in this step (one group per adjudicate -> apply turn).
    verdicts: list[Verdict]
    #: How many groups were judged and applied so far.
    done_groups: int
    #: The user's forget generation, read before the facts: a forget since then means no model
    #: call sees them and no verdict is applied.
    generation: int


Update = dict[str, Any]
#: Why a group or a correction waits when the memory has no chat model (the rest of the run goes on).
NO_MODEL = "no model for reconciliation (set FACT_MEMORY_MODEL or pass llm=); left for a later run"
NodePair = tuple[Callable[..., Update], Callable[..., Awaitable[Update]]]
