"""The adjudicator's output schema and its validation (all or nothing per group).

Unlike extraction (validated op by op), a group's decisions depend on each other — a merge must
point at a fact that is kept — so one bad decision rejects the whole group, which stays
unreconciled for the next run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fact_memory_graph.errors import ExtractionError
from fact_memory_graph.reconcile.state import Group
from fact_memory_graph.schema import FactKind, GroupDecision, ReconcileAction


class FactVerdict(BaseModel):
    """The decision for one fact of the group."""

    model_config = ConfigDict(extra="forbid")

    ref: str = Field(description="The fact's reference exactly as shown (F1, F2, ...).")
    action: Literal["keep", "merge", "supersede", "retract"] = Field(
        description="keep: distinct; merge: same claim as the fact in 'into'; supersede: replaced by the "
        "newer fact in 'into'; retract: not a fact about the user.")
    into: str | None = Field(description="merge / supersede: the reference of the fact that stays. null otherwise.")
    reason: str = Field(description="A short reason.")


class GroupVerdict(BaseModel):
    """Decisions for the facts of one group; a fact left out is kept."""

    model_config = ConfigDict(extra="forbid")

    decisions: list[FactVerdict]


def validate_decisions(data: Mapping[str, Any], group: Group) -> list[GroupDecision]:
    """Resolve references and check the decisions fit together; raises ExtractionError."""
    try:
        verdict = GroupVerdict.model_validate(
            {"decisions": [{"into": None, "reason": "", **d} if isinstance(d, Mapping) else d
                           for d in (data.get("decisions") or [])]}
            if isinstance(data.get("decisions"), list) else data)
    except ValidationError as exc:
        errors = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
        raise ExtractionError(f"invalid decisions: {errors}") from None
    refs = group.refs
    chosen: dict[str, FactVerdict] = {}
    for d in verdict.decisions:
        ref = d.ref.strip()
        if ref not in refs:
            raise ExtractionError(f"decision for {ref!r}, which is not in the group ({', '.join(refs)})")
        if ref in chosen:
            raise ExtractionError(f"two decisions for {ref}")
        chosen[ref] = d
    decisions = []
    for ref, fact in refs.items():
        d = chosen.get(ref)
        if d is None or d.action == "keep":
            decisions.append(GroupDecision(fact_id=fact.id, action=ReconcileAction.KEEP,
                                           reason=d.reason if d else "no decision: kept"))
            continue
        target_id = None
        if d.action in ("merge", "supersede"):
            into = (d.into or "").strip()
            target = chosen.get(into)
            if into not in refs or into == ref:
                raise ExtractionError(f"{ref}: {d.action} into {d.into!r}, which is not another fact of the group")
            if target is not None and target.action != "keep":
                raise ExtractionError(f"{ref}: {d.action} into {into}, which is itself {target.action}d")
            if d.action == "supersede" and refs[into].created_at < fact.created_at:
                raise ExtractionError(f"{ref}: superseded by the older fact {into}")
            if refs[into].kind is not fact.kind and not (
                    d.action == "supersede" and fact.kind is FactKind.CURRENT and refs[into].kind is FactKind.DURABLE):
                raise ExtractionError(f"{ref}: {d.action} into {into}, a fact of another kind (only a current "
                                      "state may be superseded by a durable fact that ends it)")
            target_id = refs[into].id
        decisions.append(GroupDecision(fact_id=fact.id, action=ReconcileAction(d.action), target_id=target_id,
                                       reason=d.reason[:300]))
    return decisions
