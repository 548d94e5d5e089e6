"""The vocabulary of plans: table and column names, the statement type and typed helpers.

A *plan* is a generator that yields :class:`Q` statements, receives each result back and
returns the operation's value. Plans never touch a connection, so one plan serves the sync and
the async driver (psycopg's own sans-I/O trick). Write ``row = yield from one(...)`` rather
than ``yield Q(...)``: the helpers give each result its type.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypeVar
from uuid import UUID

from fact_memory_graph.errors import InvalidInputError
from fact_memory_graph.sanitize import check_id
from fact_memory_graph.schema import Fact, parse_uuid

FACTS = "fact_memory_facts"
CANDIDATES = "fact_memory_candidates"
AUDIT = "fact_memory_audit"
PROCESSED = "fact_memory_processed_messages"
RUNS = "fact_memory_runs"
USERS = "fact_memory_users"
#: Per-user change counters (triggers bump them): what a cached read is checked against.
VERSIONS = "fact_memory_versions"
FORGOTTEN = "fact_memory_forgotten"
PROFILES = "fact_memory_profiles"
SESSIONS = "fact_memory_sessions"
MESSAGES = "fact_memory_messages"
FORGET_REQUESTS = "fact_memory_forget_requests"
PEOPLE = "fact_memory_people"
EVALUATIONS = "fact_memory_evaluations"
DIGESTS = "fact_memory_digests"
#: The advisory lock and the generations row of one user (writers share it, forget takes it alone).
USER_KEY_SQL = "hashtextextended('fact-memory-user:' || %s, 0)"

FACT_COLUMNS = (
    "id, user_id, kind, category, claim, structured_fields, confidence, evidence_message_ids, "
    "verification_status, status, superseded_by, source, created_at, last_confirmed_at, "
    "valid_at, expires_at, access_count, last_accessed_at, reconciled_at, confirmed_at, session_id"
)
CANDIDATE_COLUMNS = (
    "id, user_id, fact_id, kind, category, claim, structured_fields, message_id, status, "
    "created_at, resolved_at, resolved_fact_id"
)

T = TypeVar("T")
Row = dict[str, Any]


@dataclass(frozen=True)
class Q:
    """One statement of a plan; ``fetch`` says what the plan gets back (rows are dicts)."""

    sql: str
    params: Sequence[Any] | None = None
    fetch: Literal["all", "one", "none", "rowcount"] = "all"
    #: ``False``: never a server-side prepared statement, so Postgres plans it for the values given
    #: each time (psycopg's ``prepare``; ``None``: prepared after a few runs, as by default).
    prepare: bool | None = None


@dataclass(frozen=True)
class Together:
    """Statements that need nothing of each other's results, sent at once and answered in one
    round trip (libpq pipeline mode); the plan gets their results back as a list, in order.
    Each is still a statement of its own, run in order (its own snapshot in READ COMMITTED).
    Without pipeline support (libpq < 14) they run one after the other, with the same results."""

    statements: tuple[Q, ...]


#: A plan returning ``T``: yields statements, receives their results.
Plan = Generator[Q | Together, Any, T]


def rows(sql: str, params: Sequence[Any] | None = None, *, prepare: bool | None = None) -> Plan[list[Row]]:
    """Run a statement; all rows. ``prepare=False``: planned for its values every time (a
    generic plan of a vector search cannot know the user's size or the query)."""
    return (yield Q(sql, params, "all", prepare))


def one(sql: str, params: Sequence[Any] | None = None) -> Plan[Row | None]:
    """Run a statement; the first row or ``None``."""
    return (yield Q(sql, params, "one"))


def together(*statements: Q) -> Plan[list[Any]]:
    """Run statements in one round trip (:class:`Together`); their results, in order. Build
    them with :func:`stmt`."""
    return (yield Together(statements))


def stmt(sql: str, params: Sequence[Any] | None = None,
         fetch: Literal["all", "one", "none", "rowcount"] = "all") -> Q:
    """One statement for :func:`together` (``fetch`` as in :class:`Q`)."""
    return Q(sql, params, fetch)


def execute(sql: str, params: Sequence[Any] | None = None) -> Plan[None]:
    """Run a statement; no result."""
    yield Q(sql, params, "none")


def rowcount(sql: str, params: Sequence[Any] | None = None) -> Plan[int]:
    """Run a statement; the number of rows it touched."""
    return (yield Q(sql, params, "rowcount"))


def row_json(row: Row | None) -> Row | None:
    """A row as JSON for the audit log (no embedding)."""
    if row is None:
        return None
    return json.loads(json.dumps({k: v for k, v in row.items() if k != "embedding"}, default=str))


def require_user(user_id: str) -> str:
    return check_id(user_id, "user_id")


def require_aware(at: datetime) -> datetime:
    if not isinstance(at, datetime) or at.tzinfo is None:
        raise InvalidInputError("timestamps must be timezone-aware datetimes (e.g. datetime.now(UTC))")
    return at


def fact_id_param(fact_id: UUID | str, what: str = "fact id") -> UUID:
    return parse_uuid(fact_id, what)


#: Search columns that are not the fact's: its relevance and the evidence it was fused from.
_NOT_FACT = frozenset({"distance", "relevance", "pending", "embedding", "embedding_bits", "cosine", "lexical",
                       "person", "top_cosine", "top_lexical"})


def to_fact(row: Row) -> Fact:
    return Fact.model_validate({k: row[k] for k in row if k not in _NOT_FACT})


def is_distributed(table: str) -> Plan[bool]:
    """Whether ``table`` is distributed by Citus on this server (plain Postgres: no)."""
    # Two statements: a statement naming pg_dist_partition fails on a Postgres without Citus
    # (the planner resolves the name before any AND could skip it).
    present = yield from one("SELECT to_regclass('pg_dist_partition') IS NOT NULL AS citus")
    if not (present and present["citus"]):
        return False
    row = yield from one("SELECT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid::text = %s) AS citus",
                         (table,))
    return bool(row and row["citus"])


def users_by_shard(found: Sequence[Row]) -> tuple[list[str], int]:
    """The user ids Citus' ``run_command_on_*`` functions returned (one newline-joined text per
    shard), and how many shards could not be read."""
    users = sorted({u for r in found if r["success"] for u in (r["result"] or "").split("\n") if u})
    return users, sum(1 for r in found if not r["success"])
