"""Domain model: facts, candidates, audit entries and the results of applying ops.

These pydantic models are the contracts between the store, the write path and the read path.
The LLM-facing op schema lives in :mod:`fact_memory_graph.ops`.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any, Literal, NamedTuple, TypeVar, get_args
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from fact_memory_graph.errors import InvalidInputError


class FactKind(StrEnum):
    """Durable facts say who someone is; current facts say what is true for them right now."""

    DURABLE = "durable"
    CURRENT = "current"


DURABLE_CATEGORIES: tuple[str, ...] = (
    "identity",
    "health",
    "relationship",
    "life_event",
    "business_role",
    "preference",
    "goal",
)
CURRENT_CATEGORIES: tuple[str, ...] = (
    "feeling",
    "physical_state",
    "working_on",
    "going_through",
    "schedule_context",
)
#: Legacy / imported facts whose category is not known yet (durable only).
UNCATEGORIZED = "uncategorized"

#: Words of a question that name a category (the read path's query understanding, no model):
#: "health" reaches "[health] allergic to penicillin". Each category's own name counts too.
CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "identity": ("name", "live", "lives", "home", "born", "age", "nationality"),
    "health": ("health", "medical", "allergy", "allergic", "illness", "sick", "condition", "diagnosis",
               "medication", "doctor", "diet"),
    "relationship": ("family", "friend", "friends", "partner", "wife", "husband", "kids", "children", "child",
                     "son", "daughter", "sister", "brother", "mother", "father", "mom", "dad", "pet", "dog", "cat"),
    "life_event": ("happened", "event", "moved", "married", "graduated", "trip"),
    "business_role": ("work", "job", "career", "company", "employer", "profession", "occupation", "role", "boss"),
    "preference": ("like", "likes", "prefer", "favorite", "favourite", "enjoy", "hobby", "hobbies", "love"),
    "goal": ("goal", "goals", "plan", "plans", "want", "wants", "hope", "aim", "dream"),
    "feeling": ("mood", "feel", "feeling", "feelings", "emotion", "happy", "sad", "stressed", "anxious"),
    "physical_state": ("tired", "pain", "hurt", "sleep", "energy", "injury", "body"),
    "working_on": ("working", "project", "projects", "busy", "task"),
    "going_through": ("struggling", "difficult", "situation", "crisis"),
    "schedule_context": ("schedule", "tomorrow", "deadline", "appointment", "calendar"),
}

#: The reason prefix of an op dropped by the privacy policy (``WriteConfig.never_store``): such an
#: op is stored without its claim and audited as ``withheld``.
WITHHELD_REASON = "withheld by privacy policy"
#: The reason a message the user asked not to remember ("... please don't remember that") is
#: rejected whole: its text then leaves the message log in the apply's transaction.
DECLINED_REASON = "the user asked not to remember this message"
#: ``ApplyOutcome.skipped`` of a write that started before a forget (of the user, a message or a
#: turn) committed: nothing applied. A queued batch goes back to the queue (a forget deleted the
#: rows it forgot), so its other messages are extracted again without the forgotten turn.
FORGOTTEN_MEANWHILE = "forgotten while this was processed (the user, a message or a turn): nothing applied"

#: Every category the extractor may use (durable first), in the order the prompt lists them.
MODEL_CATEGORIES: tuple[str, ...] = (*DURABLE_CATEGORIES, *CURRENT_CATEGORIES)

E = TypeVar("E", bound=StrEnum)


def parse_enum(enum: type[E], value: E | str, what: str) -> E:
    """``enum(value)``, or an :class:`InvalidInputError` that lists the allowed values."""
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(m.value for m in enum)
        raise InvalidInputError(f"unknown {what} {value!r} (allowed: {allowed})") from None


def parse_uuid(value: UUID | str, what: str = "id") -> UUID:
    """A UUID from a UUID or its string form, or an :class:`InvalidInputError`."""
    if isinstance(value, UUID):
        return value
    try:
        return UUID(str(value))
    except ValueError:
        raise InvalidInputError(f"{what} {str(value)[:80]!r} is not a UUID") from None


class VerificationStatus(StrEnum):
    SELF_REPORTED = "self_reported"
    CONFIRMED = "confirmed"
    CONTRADICTED = "contradicted"


class FactStatus(StrEnum):
    """Lifecycle of a fact. Nothing is deleted by the pipeline; facts only change status.

    - ``active``: believed and retrievable.
    - ``superseded``: replaced by a newer fact (``superseded_by`` points at it).
    - ``expired``: its time window passed (``expires_at``), or an open-ended state was archived
      after ``LifecyclePolicy.archive_current_after_days`` unused (audited ``archive``); kept for
      history, never retrieved.
    - ``dormant``: a durable fact unused for a long time; still believed and still retrieved,
      shown "not mentioned since …"; only a reaffirmation (a strengthen) makes it active again.
    - ``retracted``: confidence decayed below the floor; kept for audit, never retrieved.
    """

    ACTIVE = "active"
    SUPERSEDED = "superseded"
    EXPIRED = "expired"
    DORMANT = "dormant"
    RETRACTED = "retracted"


#: Statuses the read path returns.
RETRIEVABLE_STATUSES: tuple[str, ...] = (FactStatus.ACTIVE.value, FactStatus.DORMANT.value)


class FactSource(StrEnum):
    CONVERSATION = "conversation"
    USER_EDIT = "user_edit"
    FILE = "file"
    SYSTEM = "system"
    #: The nightly review inferred it from the day's messages (staged, lower confidence).
    INFERENCE = "inference"


class Fact(BaseModel):
    """One atomic claim about a user: one subject, one predicate, one claim."""

    model_config = ConfigDict(frozen=True)

    id: UUID
    user_id: str
    kind: FactKind
    category: str
    claim: str
    structured_fields: dict[str, Any] = Field(default_factory=dict)
    confidence: float = Field(ge=0.0, le=1.0)
    evidence_message_ids: list[str] = Field(default_factory=list)
    verification_status: VerificationStatus = VerificationStatus.SELF_REPORTED
    status: FactStatus = FactStatus.ACTIVE
    superseded_by: UUID | None = None
    source: FactSource = FactSource.CONVERSATION
    created_at: datetime
    last_confirmed_at: datetime
    valid_at: datetime | None = None
    expires_at: datetime | None = None
    access_count: int = 0
    last_accessed_at: datetime | None = None
    #: ``None`` until the reconciliation job has looked at the fact (the write-ahead flag).
    reconciled_at: datetime | None = None
    #: Seed 002's staging: when the fact was confirmed (``None``: still staged). Under seed 000's
    #: policy every fact is confirmed when written.
    confirmed_at: datetime | None = None
    #: The session (LangGraph ``thread_id``, or an explicit ``session_id``) the fact came from.
    session_id: str | None = None


class PendingContradiction(BaseModel):
    """A pending candidate that contradicts a retrieved fact (shown to the agent as unconfirmed)."""

    id: UUID
    claim: str
    created_at: datetime | None = None


class SearchHit(NamedTuple):
    """One search result: the fact, its relevance to the query (cosine in a dense search), the
    pending contradictions of it, and the evidence the relevance was fused from (hybrid search):
    cosine, the normalised full-text rank, whether a person the query names is linked to it,
    whether its date falls in the period the query asks about."""

    fact: Fact
    similarity: float
    pending: list[PendingContradiction]
    cosine: float | None = None
    lexical: float | None = None
    person: bool = False
    in_period: bool = False


class CandidateStatus(StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"


class FactCandidate(BaseModel):
    """A proposed claim that contradicts an existing fact, waiting for review."""

    model_config = ConfigDict(frozen=True)

    id: UUID
    user_id: str
    fact_id: UUID
    kind: FactKind
    category: str
    claim: str
    structured_fields: dict[str, Any] = Field(default_factory=dict)
    message_id: str | None = None
    status: CandidateStatus = CandidateStatus.PENDING
    created_at: datetime
    resolved_at: datetime | None = None
    resolved_fact_id: UUID | None = None


class AuditEntry(BaseModel):
    """One row of the append-only audit log."""

    id: int
    user_id: str
    op: str
    fact_id: UUID | None = None
    candidate_id: UUID | None = None
    message_id: str | None = None
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    note: str | None = None
    at: datetime


OpName = Literal["add_durable", "add_current", "strengthen", "decay", "contradict", "reclassify"]
OP_NAMES: tuple[str, ...] = get_args(OpName)


class PlannedOp(BaseModel):
    """A validated op ready to apply: references are resolved to fact ids, claims embedded."""

    op: OpName
    fact_id: UUID | None = None
    kind: FactKind | None = None
    category: str | None = None
    claim: str | None = None
    structured_fields: dict[str, Any] = Field(default_factory=dict)
    verification_status: VerificationStatus = VerificationStatus.SELF_REPORTED
    supersedes: UUID | None = None
    #: Current facts only: when the state ends (resolved from the message time).
    expires_at: datetime | None = None
    #: When the fact became true (a life event's date, a state's start), resolved by the
    #: extractor against the message time; default: the message time for current facts.
    valid_at: datetime | None = None
    source: FactSource = FactSource.CONVERSATION
    #: The session the message belonged to (recorded on the facts it adds).
    session_id: str | None = None
    embedding: list[float] | None = Field(default=None, repr=False)
    note: str | None = None
    #: Starting confidence of an add (``None``: ``WriteConfig.initial_confidence``); inferred
    #: facts start lower.
    confidence: float | None = Field(default=None, ge=0, le=1)


class PersonMention(BaseModel):
    """A person named in a message (the relationships evaluator), or the user's own names
    (the identity evaluator: ``relation="self"``)."""

    name: str
    relation: str
    aliases: list[str] = Field(default_factory=list)


class EvaluationRecord(BaseModel):
    """One evaluator's validated output for one message, written in the message's transaction."""

    evaluator: str
    output: Any
    people: list[PersonMention] = Field(default_factory=list)
    #: The evaluator's own statements (SQL text, parameters), run after the record is written.
    statements: list[tuple[str, list[Any]]] = Field(default_factory=list, repr=False)


class Goal(BaseModel):
    """A goal the user stated, folded from the ``goals`` evaluator's records (oldest first)."""

    goal: str
    #: The latest status: set, progress, setback, achieved or abandoned.
    status: str
    #: The latest non-empty note and when the goal was first and last mentioned.
    note: str = ""
    first_at: datetime
    last_at: datetime
    updates: int = 1

    @property
    def active(self) -> bool:
        return self.status not in ("achieved", "abandoned")


class Person(BaseModel):
    """Someone in a user's life as the memory knows them (``relation="self"``: the user's own
    names), with the facts that mention them."""

    name: str
    relation: str
    aliases: list[str] = Field(default_factory=list)
    fact_ids: list[UUID] = Field(default_factory=list)
    mentions: int = 1
    first_at: datetime
    last_at: datetime


class AppliedOp(BaseModel):
    op: OpName
    fact_id: UUID | None = None
    candidate_id: UUID | None = None
    claim: str | None = None
    kind: FactKind | None = None
    category: str | None = None
    confidence_before: float | None = None
    confidence_after: float | None = None
    status_after: FactStatus | None = None
    note: str | None = None


class RejectedOp(BaseModel):
    op: dict[str, Any]
    reason: str


class ApplyOutcome(BaseModel):
    """What one message did to a user's memory."""

    user_id: str
    message_id: str
    applied: list[AppliedOp] = Field(default_factory=list)
    rejected: list[RejectedOp] = Field(default_factory=list)
    #: True when this message id had been processed before: nothing was applied this time.
    already_processed: bool = False
    #: Set when nothing was applied because of an error (the message can be retried).
    error: str | None = None
    #: Set when extraction was skipped on purpose (empty message, batching).
    skipped: str | None = None
    llm_calls: int = 0
    #: Queued write (the default write node): the message ids recorded in the message log for
    #: extraction off the reply's path. Nothing was applied yet; ``memory.flush()`` waits for it.
    queued: list[str] = Field(default_factory=list)
    #: The database did not answer within the write budget: these message ids were kept in the
    #: local spool and are queued as soon as it answers (:mod:`fact_memory_graph.spool`).
    spooled: list[str] = Field(default_factory=list)
    #: Messages longer than ``WriteConfig.max_message_chars``: queued with their head and tail only.
    truncated: list[str] = Field(default_factory=list)
    #: "Forget what I just said": what was forgotten of the previous turn (``purged`` facts,
    #: ``unlinked`` facts it no longer supports, ``candidates``), so the agent can confirm it.
    forgotten: dict[str, int] = Field(default_factory=dict)
    #: The evaluators' outputs written with this message (name -> output), e.g. ``task_success``.
    evaluations: dict[str, Any] = Field(default_factory=dict)


class ReconcileAction(StrEnum):
    """What the reconciliation job decides for one fact of a group (seed 004's compaction)."""

    KEEP = "keep"
    #: A duplicate: becomes ``superseded`` by the survivor, which gains its evidence and a strengthen.
    MERGE = "merge"
    #: A newer state or value replaces this one: ``superseded`` by the newer fact.
    SUPERSEDE = "supersede"
    #: Not a fact about the user after all (or contradicted by the group): ``retracted``.
    RETRACT = "retract"


class GroupDecision(BaseModel):
    """A validated decision for one fact, ids resolved."""

    fact_id: UUID
    action: ReconcileAction
    target_id: UUID | None = None
    reason: str = ""


class ReconcileReport(BaseModel):
    """What one reconciliation run did for one user, and what it cost."""

    user_id: str
    run_id: str
    started_at: datetime
    finished_at: datetime | None = None
    facts_selected: int = 0
    #: Unreconciled facts left for the next run (beyond the batch, or in rejected groups).
    backlog_after: int = 0
    groups: int = 0
    model_calls: int = 0
    prompt_tokens: int = 0
    merged: int = 0
    superseded: int = 0
    retracted: int = 0
    kept: int = 0
    #: Pending corrections settled by the model: accepted (superseding their fact) / rejected.
    corrections_accepted: int = 0
    corrections_rejected: int = 0
    rejected_groups: list[str] = Field(default_factory=list)
    skipped_groups: list[str] = Field(default_factory=list)
    wall_seconds: float = 0.0
    model_seconds: float = 0.0


class HealthReport(BaseModel):
    """The memory's health for one user (or every user): seed 004's metrics and alerts."""

    user_id: str | None
    at: datetime
    users: int = 0
    #: Retrievable facts not yet reconciled (the write-ahead log's backlog).
    backlog: int = 0
    #: Share of retrievable facts already reconciled (1.0 when there are none).
    reconciliation_rate: float = 1.0
    statuses: dict[str, int] = Field(default_factory=dict)
    #: hot / warm / cold retrievable facts by last confirmation or retrieval.
    temperature: dict[str, int] = Field(default_factory=dict)
    pending_candidates: int = 0
    #: Active facts whose end has passed (maintenance has not run since).
    active_past_end: int = 0
    last_run_at: datetime | None = None
    last_run_seconds: float | None = None
    #: Rolling average duration of the runs before the last one.
    average_run_seconds: float | None = None
    #: Audit operations since ``since`` (the weekly digest), by op.
    activity: dict[str, int] = Field(default_factory=dict)
    #: Queued writes: messages waiting for extraction, the oldest one's age in seconds, messages
    #: retrying after a failed extraction, and messages parked after their last attempt.
    queued_messages: int = 0
    oldest_queued_seconds: float | None = None
    retrying_messages: int = 0
    failed_messages: int = 0
    #: This process's spool: turn groups kept on disk while the database did not answer (queued
    #: once it does), and turns lost because the spool could not keep them either.
    spooled_turn_groups: int = 0
    lost_messages: int = 0
    #: Outcome metrics (seed 004 R17: is memory helping?): the task-success evaluator's
    #: judgements of replies (``since``, else all kept), the success rate (partial counts half)
    #: overall and for replies given with / without memory, facts shown per reply, and the share
    #: of retrievable facts that are cold (neither confirmed nor retrieved within ``warm_days``).
    task_success: dict[str, int] = Field(default_factory=dict)
    success_rate: float | None = None
    success_rate_with_memory: float | None = None
    success_rate_without_memory: float | None = None
    facts_shown_per_reply: float | None = None
    stale_share: float = 0.0
    #: Is context repeated less? Facts the user restated right after the previous reply was shown
    #: them (an ``exposure`` record per message whose previous reply's memory is known), and that
    #: count per active user per week of the window (``None``: no such message).
    repeated_facts: int = 0
    repetition_per_user_week: float | None = None
    #: Is stale information bleeding into replies? The share of the facts shown to replies that
    #: were stale when shown: a current state under "Earlier, may have changed" or a dormant fact
    #: ("not mentioned since"). The read path never shows a fact past its end (``valid_until``).
    stale_shown_share: float | None = None
    alerts: list[str] = Field(default_factory=list)


class FlushReport(BaseModel):
    """What :meth:`FactMemory.flush` did with the queued messages it waited for."""

    #: Messages extracted and applied (or skipped on purpose) during the flush.
    processed: int = 0
    #: Messages whose extraction failed (kept in the queue and retried later): user id -> message
    #: id -> the reason.
    failed: dict[str, dict[str, str]] = Field(default_factory=dict)
    #: Messages still queued when the flush gave up waiting (its ``timeout``).
    pending: int = 0


class FactHistory(BaseModel):
    """A fact's supersession chain (oldest first) and the audit rows of every fact in it."""

    facts: list[Fact]
    audit: list[AuditEntry]
