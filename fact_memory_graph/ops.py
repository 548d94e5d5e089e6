"""The op schema the extractor model fills in, and its lenient, per-op validation.

The schema is accepted by OpenAI strict structured outputs: every field is required (nullable
where optional), no free-form dicts (structured fields are key/value pairs), no defaults.
Existing facts are named by short references (``D1``..``D15``, ``C1``..``C15``) that the prompt
showed; a reference the prompt never showed is rejected, so the model cannot invent ids.

Validation is per op: one bad op is rejected with a reason and the others still apply. Output
that is not an op list at all (malformed JSON, wrong shape) fails the whole message.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import UTC, date, datetime, time, tzinfo
from functools import cache
from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from fact_memory_graph.config import WriteConfig
from fact_memory_graph.errors import ExtractionError, InvalidInputError
from fact_memory_graph.forgetting import FORGET_OP
from fact_memory_graph.sanitize import (
    check_fields,
    clean_text,
    deeper_than,
    find_in_record,
    redact_secrets,
    summarize_rejected,
)
from fact_memory_graph.schema import (
    CURRENT_CATEGORIES,
    DURABLE_CATEGORIES,
    MODEL_CATEGORIES,
    OP_NAMES,
    UNCATEGORIZED,
    WITHHELD_REASON,
    FactKind,
    PlannedOp,
    RejectedOp,
    VerificationStatus,
)
from fact_memory_graph.taxonomy import DEFAULT_TAXONOMY, Taxonomy

logger = logging.getLogger(__name__)

#: The categories the model may choose, built from the one list in :mod:`~fact_memory_graph.schema`.
Category = Literal[MODEL_CATEGORIES]  # type: ignore[valid-type]
#: The ops the model may propose: the stored ops and ``forget`` (:mod:`fact_memory_graph.forgetting`).
ModelOpName = Literal[(*OP_NAMES, FORGET_OP)]  # type: ignore[valid-type]


class KeyValue(BaseModel):
    """One structured field of a fact, e.g. ``{"key": "year", "value": "2024"}``."""

    model_config = ConfigDict(extra="forbid")

    key: str
    value: str


class ProposedOp(BaseModel):
    """One change the model proposes to the user's memory."""

    model_config = ConfigDict(extra="forbid")

    op: ModelOpName = Field(
        description="add_durable / add_current: a new fact; strengthen: the message reaffirms an "
        "existing fact; decay: the message makes an existing fact less likely; contradict: the "
        "message conflicts with an existing durable fact (queued for review); reclassify: an existing "
        "fact shown as [uncategorized] or in the wrong category gets the right one; forget: the user "
        "asks not to keep something they said, or marks it as private (any language)."
    )
    ref: str | None = Field(
        description="For strengthen, decay, contradict, reclassify: the reference of the existing fact "
        "(D1.., C1..) exactly as shown. For forget: 'previous' (the user's turn before this message), "
        "'this' (this message: nothing of it is kept) or the reference of a known fact the user's "
        "recent turns stated. null for adds."
    )
    category: Category | None = Field(
        description=f"For adds, contradict and reclassify: the category. Durable: {', '.join(DURABLE_CATEGORIES)}. "
        f"Current: {', '.join(CURRENT_CATEGORIES)}."
    )
    claim: str | None = Field(
        description="For adds and contradict: one atomic claim (one subject, one predicate), "
        "third person without the subject, e.g. 'lives in Berlin'. null otherwise."
    )
    fields: list[KeyValue] = Field(
        description="Structured details (dates resolved to absolute values, names, places)."
    )
    verification_status: Literal["self_reported", "confirmed"] | None = Field(
        description="'confirmed' only when the user says it was verified (lab, document)."
    )
    supersedes: str | None = Field(
        description="add_current only: the reference (C1..) of a current fact this new state "
        "replaces, e.g. 'fixed the auth bug' supersedes 'debugging the auth flow'."
    )
    expires_at: str | None = Field(
        description="add_current only: when the state ends, ISO 8601 date or datetime resolved "
        "from the message time ('deadline Friday' -> that Friday); null when open-ended."
    )


class ExtractedOps(BaseModel):
    """The ops extracted from one user message. An empty list means nothing worth remembering."""

    model_config = ConfigDict(extra="forbid")

    ops: list[ProposedOp]


@cache
def op_model(taxonomy: Taxonomy = DEFAULT_TAXONOMY) -> type[ProposedOp]:
    """The op model for a taxonomy: :class:`ProposedOp`, or one whose category enum adds the
    custom categories (the model can only name a category that exists)."""
    if not taxonomy.custom:
        return ProposedOp
    category = Literal[taxonomy.model_categories]  # type: ignore[valid-type]
    described = (f"For adds, contradict and reclassify: the category. Durable: {', '.join(taxonomy.durable)}. "
                 f"Current: {', '.join(taxonomy.current)}.")
    return create_model("ProposedOp", __base__=ProposedOp,
                        category=(category | None, Field(description=described)))  # type: ignore[call-overload]


def raw_ops(data: Mapping[str, Any]) -> list[Any]:
    """The list of op objects of the model's output (:func:`~fact_memory_graph.llm.structured_data`).

    Tolerates bad ops (validated one by one later); raises :class:`ExtractionError` when the
    output is not an op list at all.
    """
    if not isinstance(data.get("ops"), list):
        raise ExtractionError(f"model output is not an object with an 'ops' list: {str(data)[:200]!r}")
    return list(data["ops"])


#: An op nested deeper than this is rejected before validation (hostile or broken output).
MAX_OP_DEPTH = 6
#: Nullable op fields a non-strict provider may omit.
OP_FIELD_DEFAULTS: dict[str, Any] = {"ref": None, "category": None, "claim": None, "fields": [],
                                     "verification_status": None, "supersedes": None, "expires_at": None}


def _parse_when(value: str, tz: tzinfo | None, day_at: time) -> datetime:
    """An ISO datetime (naive = in ``tz``) or a date (= ``day_at`` on that day in ``tz``).
    Raises ``ValueError``."""
    text = value.strip()
    try:
        day = date.fromisoformat(text)
    except ValueError:
        at = datetime.fromisoformat(text.replace("Z", "+00:00"))
        return at if at.tzinfo is not None else at.replace(tzinfo=tz)
    return datetime.combine(day, day_at, tzinfo=tz)


def parse_expiry(value: str, message_time: datetime) -> datetime:
    """An end time from the model: an ISO datetime (naive = the message's time zone) or a date
    (= the end of that day in the message's time zone). Raises ``ValueError``."""
    return _parse_when(value, message_time.tzinfo, time.max)


#: Field keys the extractor uses for when a fact became true (prompt rule 4: key=date).
DATE_KEYS = ("date", "when", "since", "started")


def happened_at(fields: Mapping[str, Any], message_time: datetime | None) -> datetime | None:
    """The fact's ``valid_at`` from its fields: an ISO date or datetime under ``date`` (or
    ``when`` / ``since`` / ``started``) that the extractor resolved against the message time
    ("yesterday" -> the day before). A day becomes its start in the message's time zone; a time
    after the message is not a past event and is ignored, as is anything unparseable."""
    for key in DATE_KEYS:
        value = fields.get(key)
        if not isinstance(value, str):
            continue
        text = value.strip()
        if len(text) == 7 and text[4] == "-":  # YYYY-MM: the month's first day
            text += "-01"
        try:
            at = _parse_when(text, message_time.tzinfo if message_time else UTC, time.min)
        except ValueError:
            continue
        if message_time is not None and at > message_time:
            return None
        return at
    return None


def never_stored(category: str, config: WriteConfig, claim: str = "", fields: Mapping[str, Any] | None = None
                 ) -> str | None:
    """Why the privacy policy keeps this out, or ``None``: a category in ``WriteConfig.never_store``,
    or (``WriteConfig.redact_secrets``) a claim or field carrying a secret."""
    if category in config.never_store:
        return f"category {category!r} is never stored (WriteConfig.never_store)"
    if config.redact_secrets:
        # The record's strings read together: a secret split over the claim, a key and its value.
        pairs = (fields or {}).items()
        found = (find_in_record([claim, *(str(x) for pair in pairs for x in pair)])
                 or find_in_record([claim, *(str(v) for _, v in pairs)]))
        if found:
            return f"secrets are never stored ({', '.join(found)}; WriteConfig.redact_secrets)"
    return None


def _shape(op: dict[str, Any]) -> str:
    """A rejected op as its log line shows it: its name and the keys it has (no values)."""
    name = op.get("op")
    keys = ",".join(sorted(str(k) for k in op if k != "op"))[:120]
    return f"{name[:40] if isinstance(name, str) else '?'}[{keys}]"


def validate_ops(
    raw_ops: list[Any],
    refs: Mapping[str, tuple[UUID, FactKind]],
    config: WriteConfig,
    *,
    message_time: datetime | None = None,
    taxonomy: Taxonomy = DEFAULT_TAXONOMY,
) -> tuple[list[PlannedOp], list[RejectedOp]]:
    """Validate each op on its own; map references back to fact ids.

    ``message_time`` resolves and bounds ``expires_at`` (an end before the message is rejected).
    Categories are checked against ``taxonomy`` (the built-in ones plus the configured custom
    ones); a ``reclassify`` moves a shown fact to a category (and the kind that category has).
    Returns accepted proposals and rejected ops with reasons (each rejection is logged).
    """
    accepted: list[PlannedOp] = []
    rejected: list[RejectedOp] = []

    def reject(op: Any, reason: str) -> None:
        stored = summarize_rejected(op)
        reason = redact_secrets(reason)  # a validation error quotes the model's input
        # The log line names the op and its keys, not its values: a log line cannot be taken back
        # when the user later asks not to keep the turn ("don't save that"); the outcome row can.
        logger.warning("fact-memory: rejected op %s", redact_secrets(f"{_shape(stored)}: {reason[:200]}"))
        rejected.append(RejectedOp(op=stored, reason=reason))

    if len(raw_ops) > config.max_ops:
        # One record for the whole overflow, not one per op: storage stays bounded whatever the
        # model returns (10,000 ops once cost 2.3 MB of outcome).
        extra = raw_ops[config.max_ops :]
        reject({"dropped_ops": len(extra), "first": extra[0]},
               f"more than max_ops={config.max_ops} ops in one message; {len(extra)} dropped")
        raw_ops = raw_ops[: config.max_ops]

    touched: set[UUID] = set()  # one op per stored fact per message (four decays retracted a fact)

    def withheld(op_name: str, category: str, claim: str = "", fields: Mapping[str, Any] | None = None) -> bool:
        """The privacy policy: a never-stored category, or a secret, is rejected without the claim's text."""
        reason = never_stored(category, config, claim, fields)
        if reason is not None:
            reject({"op": op_name, "category": category}, f"{WITHHELD_REASON}: {reason}")
        return reason is not None

    def first_on(fact_id: UUID, dump: Any) -> bool:
        if fact_id in touched:
            reject(dump, f"another op of this message already changes {fact_id} (one op per fact per message)")
            return False
        touched.add(fact_id)
        return True

    for raw in raw_ops:
        if deeper_than(raw, MAX_OP_DEPTH):
            reject(raw, f"op nested deeper than {MAX_OP_DEPTH} levels")
            continue
        if isinstance(raw, Mapping):
            # Tolerate omitted nullable fields from non-strict providers.
            raw = {**OP_FIELD_DEFAULTS, **raw}
        try:
            op = op_model(taxonomy).model_validate(raw)
        except ValidationError as exc:
            errors = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
            reject(raw, f"invalid op: {errors}")
            continue
        dump = op.model_dump()
        if op.op == FORGET_OP:  # the caller plans them (forgetting.split_forget_ops / plan_forget_ops)
            reject(dump, "forget ops are planned by fact_memory_graph.forgetting.plan_forget_ops")
            continue
        try:
            fields = check_fields({kv.key: kv.value for kv in op.fields})
        except InvalidInputError as exc:
            reject(dump, str(exc))
            continue
        status = VerificationStatus(op.verification_status or "self_reported")
        claim = clean_text(op.claim or "").strip()
        if op.op in ("add_durable", "add_current", "contradict"):
            if not claim:
                reject(dump, f"{op.op} needs a non-empty claim")
                continue
            if len(claim) > config.max_claim_chars:
                reject(dump, f"claim longer than {config.max_claim_chars} characters")
                continue
        if op.op in ("add_durable", "add_current"):
            kind = FactKind.DURABLE if op.op == "add_durable" else FactKind.CURRENT
            if op.category is None:
                reject(dump, f"{op.op} needs a category")
                continue
            try:
                taxonomy.check(kind, op.category)
            except InvalidInputError as exc:
                reject(dump, str(exc))
                continue
            if withheld(op.op, op.category, claim, fields):
                continue
            expires_at = None
            if op.expires_at:
                if op.op != "add_current":
                    reject(dump, "expires_at is only for add_current (durable facts do not expire)")
                    continue
                try:
                    expires_at = parse_expiry(op.expires_at, message_time or datetime.now(UTC))
                except ValueError:
                    reject(dump, f"expires_at {op.expires_at!r} is not an ISO 8601 date or datetime")
                    continue
                if message_time is not None and expires_at < message_time:
                    reject(dump, f"expires_at {op.expires_at!r} is before the message time {message_time.isoformat()}")
                    continue
            supersedes = None
            if op.supersedes:
                # A new state or a new durable fact may end a current state ("fixed the auth bug"
                # ends "debugging the auth flow"; "works at Acme" ends "looking for a job"). A
                # link that cannot hold is dropped and said; the fact itself is kept.
                ref = op.supersedes.strip()
                target = refs.get(ref)
                why = (f"supersedes {ref!r} was not shown in the prompt" if target is None else
                       f"supersedes {ref!r} is a durable fact: a durable fact is corrected by contradict, not ended"
                       if target[1] is not FactKind.CURRENT else
                       f"supersedes {ref!r}: another op of this message already changes it"
                       if target[0] in touched else None)
                if why is None and target is not None:
                    supersedes = target[0]
                    touched.add(supersedes)
                else:
                    reject({"op": op.op, "supersedes": ref}, f"{why}; the link was dropped, the fact is kept")
            accepted.append(
                PlannedOp(
                    op=op.op, kind=kind, category=op.category, claim=claim, structured_fields=fields,
                    verification_status=status, supersedes=supersedes, expires_at=expires_at,
                    valid_at=happened_at(fields, message_time),
                )
            )
            continue
        if op.op == "contradict" and withheld(op.op, op.category or "", claim, fields):
            continue  # a correction's claim is kept (as a candidate): it passes the same policy as an add
        target = refs.get((op.ref or "").strip())
        if target is None:
            reject(dump, f"reference {op.ref!r} was not shown in the prompt (known: {', '.join(refs) or 'none'})")
            continue
        fact_id, kind = target
        if op.op == "reclassify":
            new_kind = taxonomy.kind_of(op.category or "")
            if new_kind is None or op.category == UNCATEGORIZED:
                reject(dump, f"reclassify needs a category (allowed: {', '.join(taxonomy.model_categories)})")
                continue
            if withheld(op.op, op.category or ""):
                continue
            if first_on(fact_id, dump):
                accepted.append(PlannedOp(op="reclassify", fact_id=fact_id, kind=new_kind, category=op.category))
            continue
        if not first_on(fact_id, dump):
            continue
        if op.op == "contradict":
            category = op.category
            if category is not None:
                try:
                    taxonomy.check(kind, category)
                except InvalidInputError as exc:
                    reject(dump, str(exc))
                    continue
                if withheld(op.op, category, claim, fields):
                    continue
            accepted.append(
                PlannedOp(op="contradict", fact_id=fact_id, kind=kind, category=category, claim=claim,
                                 structured_fields=fields, verification_status=status)
            )
        else:
            accepted.append(PlannedOp(op=op.op, fact_id=fact_id, kind=kind, verification_status=status))
    return accepted, rejected
