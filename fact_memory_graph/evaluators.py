"""Evaluators: what else the one post-turn model call judges, beside the fact ops (seed 000 R35).

An :class:`Evaluator` is a name (its field in the extractor's tool call), an output type pydantic
validates, one or two lines of prompt instructions, and what to write: every validated output is
recorded in ``fact_memory_evaluations`` in the message's own transaction (exactly once, with the
facts), and an evaluator may add SQL statements of its own to that transaction (``apply``).

The extractor's schema is built from the registered evaluators (:func:`extraction_schema`): the
fact ops plus one field per evaluator, so the prompt and the schema grow only by what is
registered. Validation is per evaluator: a bad output rejects that evaluator's part (recorded
as a rejected op with the reason), never the facts.

Three ship beside the facts and are on by default (:func:`default_evaluators`):

- ``relationships``: the people the user names (name, relation, aliases), kept per user in
  ``fact_memory_people`` and linked to the facts that mention them, so "who is Mia?" reaches
  them (:meth:`~fact_memory_graph.FactMemory.people`, the profile, the read path).
- ``identity``: the names and nicknames the user goes by, merged per user (the person ``@self``).
- ``task_success``: whether the assistant's previous reply helped (success / partial / failure
  and why), from the user's reaction, recorded with whether memory was shown for that reply:
  the outcome metrics of ``health()`` and the weekly digest.

Two more ship off by default (they grow the extraction prompt by more than 5 %), each on with a
config switch (``FactMemoryConfig(evaluators=EvaluatorConfig(goals=True, trust=True))``, or
``FACT_MEMORY_EVALUATORS=goals,trust``):

- ``goals``: what the user is trying to achieve and how it goes (set, progress, setback,
  achieved, abandoned, with a short note). :meth:`EvaluationsView.goals` folds the records into
  each goal's latest state; the profile shows the active ones; :meth:`EvaluationsView.goal_facts`
  ranks the user's facts for a goal with the read path's own scoring.
- ``trust``: whether the message shows that something the user said before was not true (a
  correction of a mistake or a claim taken back, not a change in their life), naming the known
  facts it contradicts. Each such record lowers the trust of what the user said in the
  surrounding period (:func:`trust_at`): the nightly review's inferences from that period are
  stored with confidence × trust, or dropped below ``EvaluatorConfig.min_inference_trust``; the
  correction settlement shows the model each side's trust.

Register your own with ``FactMemory.open(..., evaluators=[*default_evaluators(), mine])``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    create_model,
    field_validator,
)

from fact_memory_graph.ops import ExtractedOps, op_model
from fact_memory_graph.sanitize import (
    check_id,
    clean_json,
    clean_text,
    find_secrets,
    summarize_rejected,
)
from fact_memory_graph.schema import EvaluationRecord, Fact, Goal, Person, PersonMention, RejectedOp
from fact_memory_graph.taxonomy import DEFAULT_TAXONOMY, Taxonomy

#: One SQL statement an evaluator adds to the message's transaction: text and parameters.
Statement = tuple[str, Sequence[Any]]
#: ``apply(user_id, message_id, output, at)``: the statements to run (scope each by ``user_id``).
ApplyFunction = Callable[[str, str, Any, datetime], Iterable[Statement]]

_NAME = re.compile(r"^[a-z][a-z0-9_]{1,39}$")
#: Field names of the tool call an evaluator may not take.
RESERVED = frozenset({"ops", "facts", "exposure"})


@dataclass(frozen=True, eq=False)
class Evaluator:
    """One judgement the extractor's single call makes besides the fact ops.

    Args:
        name: the tool call's field (``^[a-z][a-z0-9_]{1,39}$``, not ``ops``).
        output: what the field holds, any type pydantic validates (a model, ``list[Model]``,
            ``Model | None``); under OpenAI's strict mode every field of a model is required.
        instructions: what the model should put there (a line of the extractor prompt).
        apply: extra statements run in the message's transaction (optional); the output is
            recorded in ``fact_memory_evaluations`` either way.
        empty: whether an output means "nothing to record" (default: ``None`` or empty).
    """

    name: str
    output: Any
    instructions: str
    apply: ApplyFunction | None = None
    empty: Callable[[Any], bool] = lambda value: value is None or value == [] or value == {}

    def __post_init__(self) -> None:
        if not _NAME.match(self.name) or self.name in RESERVED:
            raise ValueError(f"evaluator name {self.name!r} must match {_NAME.pattern} and not be one of {sorted(RESERVED)}")
        if not self.instructions.strip():
            raise ValueError(f"evaluator {self.name!r} needs instructions for the model")

    def adapter(self) -> TypeAdapter[Any]:
        return _adapter(self.output)

    def people(self, value: Any) -> list[PersonMention]:
        """People this output names (the built-in relationships and identity evaluators)."""
        return []

    def resolve(self, value: Any, refs: Mapping[str, Any]) -> Any:
        """The validated output (as JSON) as it is recorded: the built-in trust evaluator replaces
        the known facts' short references (``D1``, ``C2``) by their ids, the goals evaluator drops
        empty goals and caps their number; default: unchanged. ``None`` or ``[]``: nothing recorded."""
        return value


@cache
def _adapter(output: Any) -> TypeAdapter[Any]:
    return TypeAdapter(output)


# --------------------------------------------------------------------------- built-in evaluators
class NamedPerson(BaseModel):
    """Someone in the user's life, as the model names them."""

    model_config = ConfigDict(extra="forbid")

    # No length bounds in the schema (OpenAI's strict mode refuses some): checked in people().
    name: str = Field(description="the name as the user says it, e.g. 'Mia'")
    relation: str = Field(description="to the user: sister, partner, boss, friend, doctor, dog, ...")
    aliases: list[str] = Field(description="other names for the same person; [] when none")


class TaskOutcome(BaseModel):
    """Whether the assistant's previous reply helped, judged from the user's reaction."""

    model_config = ConfigDict(extra="forbid")

    outcome: Literal["success", "partial", "failure"]
    reason: str = Field(description="a few words: why")

    @field_validator("reason")
    @classmethod
    def _short(cls, value: str) -> str:
        return clean_text(value).strip()[:200]


#: An evaluator's output above this (as JSON) is rejected (storage stays bounded).
MAX_OUTPUT_BYTES = 8192
#: People per message and names per person kept (the rest of a runaway output is ignored).
MAX_PEOPLE = 20
MAX_ALIASES = 10
#: Names: letters (any script), digits, spaces, and . ' - (no markup, no SQL, no patterns).
_PERSON_NAME = re.compile(r"^[^\W_][\w .'\-]{0,59}$")


def _person_names(names: Iterable[str]) -> list[str]:
    out = []
    for raw in names:
        name = " ".join(clean_text(raw).split())
        if _PERSON_NAME.match(name) and not find_secrets(name) and name.lower() not in (n.lower() for n in out):
            out.append(name)
    return out


class RelationshipsEvaluator(Evaluator):
    def people(self, value: Any) -> list[PersonMention]:
        found = []
        for person in (value or [])[:MAX_PEOPLE]:
            names = _person_names([person.name, *person.aliases[:MAX_ALIASES]])
            relation = " ".join(clean_text(person.relation).split()).lower()[:40]
            if names and relation and _PERSON_NAME.match(relation) and relation != "self":
                found.append(PersonMention(name=names[0], relation=relation, aliases=names[1:]))
        return found


class IdentityEvaluator(Evaluator):
    def people(self, value: Any) -> list[PersonMention]:
        names = _person_names((value or [])[:MAX_ALIASES])
        return [PersonMention(name=names[0], relation="self", aliases=names[1:])] if names else []


RELATIONSHIPS = RelationshipsEvaluator(
    name="relationships", output=list[NamedPerson],
    instructions="relationships: people the user names (name, relation to the user, aliases); [] if none.",
)
IDENTITY = IdentityEvaluator(
    name="identity", output=list[str],
    instructions='identity: names the user goes by ("call me Sam"); [] if none.',
)
TASK_SUCCESS = Evaluator(
    name="task_success", output=TaskOutcome | None,
    instructions="task_success: if the message reacts to the assistant's last reply, did it help "
                 "(success, partial or failure; a short reason); else null.",
)


class GoalUpdate(BaseModel):
    """A goal the user states or reports on, as the model reads it."""

    model_config = ConfigDict(extra="forbid")

    goal: str = Field(description="the goal in a few words, the same words each time, e.g. 'run a marathon'")
    status: Literal["set", "progress", "setback", "achieved", "abandoned"]
    note: str = Field(description="a few words on what happened; '' if nothing")

    @field_validator("goal", "note")
    @classmethod
    def _short(cls, value: str) -> str:
        return " ".join(clean_text(value).split())[:200]


class TrustFinding(BaseModel):
    """Known facts this message shows were never true (not a change in the user's life)."""

    model_config = ConfigDict(extra="forbid")

    contradicts: list[str] = Field(description="the known facts' references (D1, C2, ...)")
    reason: str = Field(description="a few words: why they were not true")

    @field_validator("reason")
    @classmethod
    def _short(cls, value: str) -> str:
        return clean_text(value).strip()[:200]


class TrustEvaluator(Evaluator):
    def resolve(self, value: Any, refs: Mapping[str, Any]) -> Any:
        if not isinstance(value, dict):
            return value
        ids = list(dict.fromkeys(str(refs[r.strip()]) for r in value.get("contradicts") or [] if r.strip() in refs))
        return {**value, "contradicts": ids} if ids else None


#: Goal records kept per message (a runaway output is cut).
MAX_GOALS = 10


class GoalsEvaluator(Evaluator):
    def resolve(self, value: Any, refs: Mapping[str, Any]) -> Any:
        return [g for g in value if g["goal"]][:MAX_GOALS] if isinstance(value, list) else value


GOALS = GoalsEvaluator(
    name="goals", output=list[GoalUpdate],
    instructions="goals: goals the user states or reports on (goal in the same few words each time; "
                 "status set/progress/setback/achieved/abandoned; a short note); [] if none.",
)
TRUST = TrustEvaluator(
    name="trust", output=TrustFinding | None,
    instructions="trust: if the message shows known facts were never true (a mistake or a claim "
                 "taken back, not a change in the user's life), their refs and why; else null.",
)


def default_evaluators() -> tuple[Evaluator, ...]:
    """The evaluators on by default beside the facts: relationships, identity, task success."""
    return (RELATIONSHIPS, IDENTITY, TASK_SUCCESS)


def configured_evaluators(goals: bool = False, trust: bool = False) -> tuple[Evaluator, ...]:
    """The defaults plus the optional built-ins a config switches on (``EvaluatorConfig``)."""
    return (*default_evaluators(), *((GOALS,) if goals else ()), *((TRUST,) if trust else ()))


def check_evaluators(evaluators: Sequence[Evaluator]) -> tuple[Evaluator, ...]:
    """The evaluators as a tuple, or a ``ValueError`` for a non-evaluator or a repeated name."""
    names = []
    for ev in evaluators:
        if not isinstance(ev, Evaluator):
            raise ValueError(f"evaluators must be Evaluator instances, not {type(ev).__name__}")
        names.append(ev.name)
    if len(set(names)) != len(names):
        raise ValueError(f"two evaluators share a name: {names}")
    return tuple(evaluators)


# --------------------------------------------------------------------------- goals and trust, folded
def fold_goals(records: Iterable[Mapping[str, Any]]) -> list[Goal]:
    """Each goal's latest state from the ``goals`` records (``{"output": [...], "at": ...}``),
    the same goal recognised by its words ignoring case; active goals first, newest first."""
    goals: dict[str, Goal] = {}
    for record in sorted(records, key=lambda r: r["at"]):
        for item in record["output"] if isinstance(record["output"], list) else []:
            name = " ".join(str(item.get("goal", "")).split())
            if not name:
                continue
            key, status, note = name.lower(), str(item.get("status", "set")), str(item.get("note") or "")
            known = goals.get(key)
            if known is None:
                goals[key] = Goal(goal=name, status=status, note=note, first_at=record["at"], last_at=record["at"])
            else:
                goals[key] = known.model_copy(update={"status": status, "note": note or known.note,
                                                      "last_at": record["at"], "updates": known.updates + 1})
    return sorted(goals.values(), key=lambda g: (not g.active, -g.last_at.timestamp()))


def trust_at(inconsistencies: Sequence[datetime], at: datetime, *, penalty: float = 0.2, floor: float = 0.3,
             period_days: float = 30.0) -> float:
    """How far to trust what the user said at ``at``: 1 less ``penalty`` for each inconsistency
    (a ``trust`` record) within ``period_days`` of it, never below ``floor``. An inconsistency
    says something about the period around it, not about the person for ever."""
    near = sum(1 for t in inconsistencies if abs((t - at).total_seconds()) <= period_days * 86400)
    return round(max(floor, 1.0 - penalty * near), 4)


# --------------------------------------------------------------------------- the one call's schema
@cache
def extraction_schema(taxonomy: Taxonomy = DEFAULT_TAXONOMY,
                      evaluators: tuple[Evaluator, ...] = ()) -> type[BaseModel]:
    """The extractor's tool: ``ops`` plus one required field per evaluator (named
    ``ExtractedOps``, the tool name providers see)."""
    if taxonomy is DEFAULT_TAXONOMY and not evaluators:
        return ExtractedOps
    fields: dict[str, Any] = {"ops": (list[op_model(taxonomy)], Field(description="The fact ops."))}  # type: ignore[misc]
    for ev in evaluators:
        fields[ev.name] = (ev.output, Field(description=ev.instructions))
    return create_model("ExtractedOps", __config__=ConfigDict(extra="forbid"),
                        __doc__=ExtractedOps.__doc__, **fields)


def evaluate(data: Mapping[str, Any], evaluators: Sequence[Evaluator], *, user_id: str, message_id: str,
             at: datetime, refs: Mapping[str, Any] | None = None) -> tuple[list[EvaluationRecord], list[RejectedOp]]:
    """Each evaluator's part of the model's output, validated on its own: the records to write,
    and a rejection (with the reason) for each part that failed validation or whose ``apply``
    raised. A missing field (a non-strict provider) counts as nothing to record. ``refs`` maps
    the known facts' short references to their ids (for :meth:`Evaluator.resolve`)."""
    records: list[EvaluationRecord] = []
    rejected: list[RejectedOp] = []
    for ev in evaluators:
        if ev.name not in data:
            continue
        raw = data[ev.name]
        try:
            value = ev.adapter().validate_python(raw)
        except ValidationError as exc:
            errors = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
            rejected.append(RejectedOp(op={"evaluator": ev.name, "output": summarize_rejected(raw)},
                                       reason=f"invalid {ev.name} output: {errors}"))
            continue
        if ev.empty(value):
            continue
        output = clean_json(ev.adapter().dump_python(value, mode="json"))  # no NUL or lone surrogate
        output = ev.resolve(output, refs or {})
        if output is None or output == []:
            continue
        try:
            size = len(json.dumps(output, allow_nan=False))
        except ValueError:  # NaN / infinity: not JSON Postgres accepts
            rejected.append(RejectedOp(op={"evaluator": ev.name}, reason=f"{ev.name} output is not finite JSON"))
            continue
        if size > MAX_OUTPUT_BYTES:
            rejected.append(RejectedOp(op={"evaluator": ev.name},
                                       reason=f"{ev.name} output larger than {MAX_OUTPUT_BYTES} bytes"))
            continue
        if find_secrets(str(output)):
            rejected.append(RejectedOp(op={"evaluator": ev.name},
                                       reason=f"{ev.name} output withheld: it carries a secret"))
            continue
        statements: list[Statement] = []
        if ev.apply is not None:
            try:
                statements = [(str(sql), list(params)) for sql, params in ev.apply(user_id, message_id, value, at)]
            except Exception as exc:  # the user's code: its part is rejected, the facts still apply
                rejected.append(RejectedOp(op={"evaluator": ev.name},
                                           reason=f"{ev.name} apply failed: {type(exc).__name__}: {exc}"[:500]))
                continue
        records.append(EvaluationRecord(evaluator=ev.name, output=output, people=ev.people(value),
                                        statements=statements))
    return records, rejected


#: Goal and trust records read per user (the newest).
MAX_RECORDS_READ = 1000


class EvaluationsView:
    """``memory.evaluations``: what the evaluators recorded, per user (sync and async)."""

    def __init__(self, ctx: Any, retriever: Callable[..., Any] | None = None) -> None:
        self._ctx = ctx
        self._retriever = retriever

    def goals(self, user_id: str, *, active: bool | None = None) -> list[Goal]:
        """The user's goals (the ``goals`` evaluator), each at its latest status, active first;
        ``active=True`` only those not achieved or abandoned."""
        found = fold_goals(self.outputs(user_id, "goals", limit=MAX_RECORDS_READ))
        return [g for g in found if active is None or g.active is active]

    async def agoals(self, user_id: str, *, active: bool | None = None) -> list[Goal]:
        """Async twin of :meth:`goals`."""
        found = fold_goals(await self.aoutputs(user_id, "goals", limit=MAX_RECORDS_READ))
        return [g for g in found if active is None or g.active is active]

    def goal_facts(self, user_id: str, goal: str | Goal, **retriever_kwargs: Any) -> list[Any]:
        """The user's facts that bear on ``goal``, ranked by the read path's own scoring
        (relevance × confidence × time weight) for the goal's words: documents as the
        retriever returns them."""
        return self._goal_retriever(user_id, retriever_kwargs).invoke(_goal_text(goal))

    async def agoal_facts(self, user_id: str, goal: str | Goal, **retriever_kwargs: Any) -> list[Any]:
        """Async twin of :meth:`goal_facts`."""
        return await self._goal_retriever(user_id, retriever_kwargs).ainvoke(_goal_text(goal))

    def trust(self, user_id: str, at: datetime | None = None) -> float:
        """How far the user's statements around ``at`` (default: now) are trusted (:func:`trust_at`)."""
        return self._trust(self.outputs(user_id, "trust", limit=MAX_RECORDS_READ), at)

    async def atrust(self, user_id: str, at: datetime | None = None) -> float:
        """Async twin of :meth:`trust`."""
        return self._trust(await self.aoutputs(user_id, "trust", limit=MAX_RECORDS_READ), at)

    def _trust(self, records: Sequence[Mapping[str, Any]], at: datetime | None) -> float:
        cfg = self._ctx.config.evaluators
        return trust_at([r["at"] for r in records], at or self._ctx.now(), penalty=cfg.trust_penalty,
                        floor=cfg.trust_floor, period_days=cfg.trust_period_days)

    def _goal_retriever(self, user_id: str, kwargs: dict[str, Any]) -> Any:
        if self._retriever is None:
            raise RuntimeError("goal_facts needs the memory's retriever")
        return self._retriever(user_id=check_id(user_id, "user_id"), **kwargs)

    def people(self, user_id: str) -> list[Person]:
        """The people the user named, the user's own names first (``relation == "self"``), each
        with the believed facts that mention them."""
        return self._ctx.store.people(check_id(user_id, "user_id"))

    async def apeople(self, user_id: str) -> list[Person]:
        """Async twin of :meth:`people`."""
        return await self._ctx.astore.people(check_id(user_id, "user_id"))

    def who(self, user_id: str, name: str) -> tuple[Person, list[Fact]] | None:
        """The person the user calls ``name`` (or an alias of theirs) and their facts, or ``None``."""
        found = _match(self.people(user_id), name)
        return (found, self._facts(user_id, found.fact_ids)) if found is not None else None

    async def awho(self, user_id: str, name: str) -> tuple[Person, list[Fact]] | None:
        """Async twin of :meth:`who`."""
        people = await self.apeople(user_id)
        found = _match(people, name)
        if found is None:
            return None
        facts = [f for f in [await self._ctx.astore.get_fact(user_id, i) for i in found.fact_ids] if f is not None]
        return found, facts

    def outputs(self, user_id: str, evaluator: str | None = None, *, limit: int = 100) -> list[dict[str, Any]]:
        """The user's evaluator outputs, newest first (``message_id``, ``evaluator``, ``output``, ``at``)."""
        return self._ctx.store.evaluations(check_id(user_id, "user_id"), evaluator, limit=limit)

    async def aoutputs(self, user_id: str, evaluator: str | None = None, *, limit: int = 100) -> list[dict[str, Any]]:
        """Async twin of :meth:`outputs`."""
        return await self._ctx.astore.evaluations(check_id(user_id, "user_id"), evaluator, limit=limit)

    def _facts(self, user_id: str, ids: Sequence[Any]) -> list[Fact]:
        return [f for f in (self._ctx.store.get_fact(user_id, i) for i in ids) if f is not None]


def _goal_text(goal: str | Goal) -> str:
    text = goal.goal if isinstance(goal, Goal) else " ".join(clean_text(str(goal)).split())
    if not text:
        raise ValueError("goal_facts needs a goal")
    return text


def _match(people: Sequence[Person], name: str) -> Person | None:
    wanted = " ".join(clean_text(name).split()).lower()
    for person in people:
        if wanted in (person.name.lower(), *(a.lower() for a in person.aliases)):
            return person
    return None

