"""Evaluator plans: each message's evaluator outputs, the people a user names, who they are.

Written inside the message's apply transaction (:meth:`EvaluationPlans._record_evaluations`), so
an evaluator's output is stored exactly once, with the facts, and rolled back with them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from fact_memory_graph.sanitize import claim_digest
from fact_memory_graph.schema import (
    RETRIEVABLE_STATUSES,
    AppliedOp,
    EvaluationRecord,
    Person,
    PersonMention,
)
from fact_memory_graph.store._sql import (
    EVALUATIONS,
    FACTS,
    MESSAGES,
    PEOPLE,
    Plan,
    Q,
    Row,
    execute,
    one,
    require_user,
    rows,
    stmt,
)
from fact_memory_graph.store.plans.read import ReadPlans

#: The user's own row in the people table (the identity evaluator's names and aliases).
SELF_KEY = "@self"
#: Linked facts kept per person (the newest links win).
MAX_LINKED_FACTS = 200


def name_key(mention: PersonMention) -> str:
    return SELF_KEY if mention.relation == "self" else mention.name.lower()


def name_pattern(names: Sequence[str]) -> str:
    """A Postgres regular expression matching any of ``names`` as whole words, case-insensitive
    with ``~*``. Names are letters, digits, spaces and . ' - (checked by the evaluator); every
    other character is escaped, so no name is read as pattern syntax."""
    escaped = ["".join(c if c.isalnum() or c == " " else "\\" + c for c in n) for n in names]
    return r"\m(" + "|".join(escaped) + r")\M"


class EvaluationPlans(ReadPlans):
    def _record_evaluations(self, user_id: str, message_id: str, records: Sequence[EvaluationRecord],
                            at: datetime) -> Plan[dict[str, Any]]:
        """Write each record (one row per message and evaluator), merge the people it names and
        link them to the user's believed facts that mention them, then run the evaluator's own
        statements. Returns name -> output for the outcome. Part of the apply transaction."""
        written: dict[str, Any] = {}
        for record in records:
            output = record.output
            if record.evaluator == "task_success" and isinstance(output, dict):
                output = {**output, **(yield from self._shown_before(user_id, message_id))}
            yield from execute(
                f"INSERT INTO {EVALUATIONS} (user_id, message_id, evaluator, output, at) VALUES (%s, %s, %s, %s, %s)"
                " ON CONFLICT (user_id, message_id, evaluator) DO NOTHING",
                (user_id, message_id, record.evaluator, self.jsonb(output), at))
            for mention in record.people:
                yield from self._merge_person(user_id, mention, at)
            for sql, params in record.statements:
                yield from execute(sql, params)
            written[record.evaluator] = output
        return written

    @staticmethod
    def _exposure_q(user_id: str, message_id: str) -> Q:
        """What the queued write recorded of the reply this message reacts to (``_record_exposure``)."""
        return stmt(f"SELECT facts_shown, stale_shown, shown_digests FROM {MESSAGES}"
                    " WHERE user_id = %s AND message_id = %s AND facts_shown IS NOT NULL", (user_id, message_id), "one")

    @staticmethod
    def _people_q(user_id: str) -> Q:
        """The user's known people (not the user), for ``_link_new_facts``."""
        return stmt(f"SELECT name_key, name, aliases FROM {PEOPLE} WHERE user_id = %s AND name_key <> %s",
                    (user_id, SELF_KEY))

    def _record_exposure(self, user_id: str, message_id: str, applied: Sequence[AppliedOp], at: datetime,
                         row: Row | None | Literal["unread"] = "unread") -> Plan[dict[str, Any] | None]:
        """The outcome metrics' record of one message whose previous reply's memory is known
        (evaluator ``exposure``): facts shown, how many of them stale, and how many of them this
        message restated (a strengthen of a fact whose claim was shown). Part of the apply.
        ``row``: the answer of :meth:`_exposure_q` when the caller read it already."""
        if row == "unread":
            row = yield self._exposure_q(user_id, message_id)
        if row is None:
            return None
        shown = set(row["shown_digests"] or ())
        restated = {a.fact_id for a in applied if a.op == "strengthen" and a.claim and claim_digest(a.claim) in shown}
        output = {"facts_shown": row["facts_shown"], "stale_shown": row["stale_shown"] or 0, "repeated": len(restated)}
        yield from execute(
            f"INSERT INTO {EVALUATIONS} (user_id, message_id, evaluator, output, at) VALUES (%s, %s, 'exposure', %s, %s)"
            " ON CONFLICT (user_id, message_id, evaluator) DO NOTHING", (user_id, message_id, self.jsonb(output), at))
        return output

    def _shown_before(self, user_id: str, message_id: str) -> Plan[dict[str, Any]]:
        """How many facts the read path showed for the reply this message reacts to, as the
        queued write recorded it (``None``: unknown, e.g. a message written with ``remember()``)."""
        row = yield from one(f"SELECT facts_shown FROM {MESSAGES} WHERE user_id = %s AND message_id = %s",
                             (user_id, message_id))
        shown = row["facts_shown"] if row else None
        return {"facts_shown": shown, "memory_shown": None if shown is None else shown > 0}

    def _merge_person(self, user_id: str, mention: PersonMention, at: datetime) -> Plan[None]:
        """Insert or merge one person (aliases unioned, relation updated, mentions counted) and
        link the believed facts whose claim or fields name them (the user's own row links none).

        Plain values only (no subquery in the INSERT, which Citus refuses on a distributed
        table): the links are read first, the person is inserted unless present, and a present
        one is locked, merged here and updated."""
        key = name_key(mention)
        aliases = sorted({a for a in mention.aliases if a.lower() != mention.name.lower()})
        links: list[Any] = []
        if key != SELF_KEY:
            pattern = name_pattern([mention.name, *aliases])
            found = yield from rows(
                f"SELECT id FROM {FACTS} WHERE user_id = %s AND status = ANY(%s)"
                " AND (claim ~* %s OR structured_fields::text ~* %s) ORDER BY created_at DESC LIMIT %s",
                (user_id, list(RETRIEVABLE_STATUSES), pattern, pattern, MAX_LINKED_FACTS))
            links = [r["id"] for r in found]
        # One record: a secret split over the name, the relation and the aliases is withheld in each.
        guarded_key, name, relation, *guarded = self.guard_record(key, mention.name, mention.relation, *aliases)
        # A concurrent insert of the same person is waited for (ON CONFLICT), then merged below.
        added = yield from one(
            f"INSERT INTO {PEOPLE} (user_id, name_key, name, relation, aliases, fact_ids, mentions, first_at, last_at)"
            " VALUES (%s, %s, %s, %s, %s, %s::uuid[], 1, %s, %s) ON CONFLICT (user_id, name_key) DO NOTHING"
            " RETURNING name_key", (user_id, guarded_key, name, relation, guarded, links, at, at))
        if added is not None:
            return
        p = yield from one(f"SELECT name, aliases, fact_ids, mentions, last_at FROM {PEOPLE}"
                           " WHERE user_id = %s AND name_key = %s FOR UPDATE", (user_id, guarded_key))
        if p is None:  # forgotten meanwhile: nothing to merge into
            return
        extra = [name] if key == SELF_KEY and name and (name or "").lower() != (p["name"] or "").lower() else []
        merged_aliases = sorted({*p["aliases"], *guarded, *extra})
        merged_links = list(dict.fromkeys([*links, *p["fact_ids"]]))[:MAX_LINKED_FACTS]
        yield from execute(
            f"UPDATE {PEOPLE} SET relation = %s, aliases = %s, fact_ids = %s::uuid[], mentions = %s, last_at = %s"
            " WHERE user_id = %s AND name_key = %s",
            (relation, merged_aliases, merged_links, p["mentions"] + 1, max(p["last_at"], at), user_id, guarded_key))

    def _link_new_facts(self, user_id: str, facts: Sequence[tuple[Any, str]],
                        people: list[Row] | None = None) -> Plan[None]:
        """Link facts just added (id, claim) to the known people their claim names. ``people``:
        the answer of :meth:`_people_q` when the caller read it already."""
        if not facts:
            return
        if people is None:
            people = yield self._people_q(user_id)
        for person in people:
            names = [person["name"], *person["aliases"]]
            matcher = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b", re.IGNORECASE)
            linked = [fid for fid, claim in facts if matcher.search(claim)]
            if linked:
                yield from execute(
                    f"UPDATE {PEOPLE} SET fact_ids = ARRAY(SELECT DISTINCT f FROM unnest(fact_ids || %s::uuid[]) f"
                    " LIMIT %s) WHERE user_id = %s AND name_key = %s",
                    (linked, MAX_LINKED_FACTS, user_id, person["name_key"]))

    def _people_plan(self, user_id: str) -> Plan[list[Person]]:
        require_user(user_id)
        # Only links to facts still believed (a purged or superseded fact drops out here). A join
        # on user_id, not a correlated subquery: Citus runs it on the user's shard alone.
        found = yield from rows(
            "SELECT p.name, p.relation, p.aliases, p.mentions, p.first_at, p.last_at,"
            " coalesce(array_agg(f.id ORDER BY f.created_at) FILTER (WHERE f.id IS NOT NULL), '{}') AS fact_ids"
            f" FROM {PEOPLE} p LEFT JOIN {FACTS} f ON f.user_id = p.user_id AND f.id = ANY(p.fact_ids)"
            "   AND f.status = ANY(%s)"
            " WHERE p.user_id = %s GROUP BY p.user_id, p.name_key"
            " ORDER BY p.name_key = %s DESC, p.mentions DESC, p.name_key",
            (list(RETRIEVABLE_STATUSES), user_id, SELF_KEY))
        return [Person.model_validate(r) for r in found]

    def _evaluations_plan(self, user_id: str, evaluator: str | None, limit: int) -> Plan[list[Row]]:
        require_user(user_id)
        where, params = "user_id = %s", [user_id]
        if evaluator is not None:
            where += " AND evaluator = %s"
            params.append(evaluator)
        return (yield from rows(f"SELECT message_id, evaluator, output, at FROM {EVALUATIONS} WHERE {where}"
                                " ORDER BY at DESC, message_id LIMIT %s", [*params, limit]))
