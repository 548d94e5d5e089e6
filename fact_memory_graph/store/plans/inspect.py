"""Read-only listings for people looking at the memory (the inspector, support): a page of users
with their counts, a filtered page of one user's facts, and the message log with what each reply
was shown. Every statement is scoped by ``user_id`` except the users page, which lists ids."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fact_memory_graph.schema import Fact, FactKind, FactStatus, parse_enum
from fact_memory_graph.store._sql import (
    CANDIDATES,
    EVALUATIONS,
    FACT_COLUMNS,
    FACTS,
    MESSAGES,
    Plan,
    Row,
    one,
    require_user,
    rows,
    to_fact,
)
from fact_memory_graph.store.plans.queue import QueuePlans

#: The orders a facts page can take (column, direction), by name.
FACT_ORDERS = {
    "newest": "created_at DESC, id", "oldest": "created_at, id",
    "confidence": "confidence DESC, id", "last_seen": "last_confirmed_at DESC, id",
    "shown": "access_count DESC, id", "claim": "claim, id",
}
#: The most rows one page returns.
MAX_PAGE = 500


def _page(limit: int) -> int:
    return max(1, min(int(limit), MAX_PAGE))


class InspectPlans(QueuePlans):
    def _users_page_plan(self, prefix: str, after: str, limit: int) -> Plan[list[Row]]:
        """Users whose id starts with ``prefix``, after ``after`` in id order (keyset paging):
        facts by kind (believed ones), every fact, last activity, queued and parked messages and
        pending corrections. The ids come from the facts and the message log (a user whose first
        message waits in the queue is listed too); the counts are one grouped statement per table
        over the page's ids (index ranges; each pushed down whole on a Postgres distributed by user)."""
        n = _page(limit)
        scope = "user_id > %s AND starts_with(user_id, %s)"
        ids = yield from rows(
            f"SELECT user_id FROM ((SELECT DISTINCT user_id FROM {FACTS} WHERE {scope} ORDER BY user_id LIMIT %s)"
            f" UNION (SELECT DISTINCT user_id FROM {MESSAGES} WHERE {scope} ORDER BY user_id LIMIT %s)) u"
            " ORDER BY user_id LIMIT %s", (after, prefix, n, after, prefix, n, n))
        page = [r["user_id"] for r in ids]
        if not page:
            return []
        facts = yield from rows(
            "SELECT user_id, count(*) FILTER (WHERE kind = 'durable' AND status IN ('active', 'dormant')) AS durable,"
            " count(*) FILTER (WHERE kind = 'current' AND status IN ('active', 'dormant')) AS current,"
            " count(*) AS facts, max(greatest(created_at, last_confirmed_at)) AS last_fact_at"
            f" FROM {FACTS} WHERE user_id = ANY(%s) GROUP BY user_id", (page,))
        messages = yield from rows(
            "SELECT user_id, count(*) FILTER (WHERE state = 'queued') AS queued,"
            " count(*) FILTER (WHERE state = 'failed') AS parked, max(at) AS last_message_at"
            f" FROM {MESSAGES} WHERE user_id = ANY(%s) GROUP BY user_id", (page,))
        pending = yield from rows(
            f"SELECT user_id, count(*) AS pending FROM {CANDIDATES} WHERE user_id = ANY(%s) AND status = 'pending'"
            " GROUP BY user_id", (page,))
        by_facts = {r["user_id"]: r for r in facts}
        by_messages = {r["user_id"]: r for r in messages}
        by_pending = {r["user_id"]: r["pending"] for r in pending}
        out = []
        for user in page:
            f, m = by_facts.get(user, {}), by_messages.get(user, {})
            times = [t for t in (f.get("last_fact_at"), m.get("last_message_at")) if t is not None]
            out.append({"user_id": user, "durable": f.get("durable", 0), "current": f.get("current", 0),
                        "facts": f.get("facts", 0), "last_activity": max(times) if times else None,
                        "queued": m.get("queued", 0), "parked": m.get("parked", 0),
                        "pending": by_pending.get(user, 0)})
        return out

    def _facts_page_plan(
        self, user_id: str, *, kind: str | None, status: Sequence[str] | None, category: str | None,
        contains: str | None, min_confidence: float | None, order: str, offset: int, limit: int,
    ) -> Plan[tuple[list[Fact], int]]:
        """One page of a user's facts, filtered, and how many match in all."""
        require_user(user_id)
        where, params = ["user_id = %s"], [user_id]
        if kind:
            where.append("kind = %s")
            params.append(parse_enum(FactKind, kind, "kind").value)
        if status:
            where.append("status = ANY(%s)")
            params.append([parse_enum(FactStatus, s, "status").value for s in status])
        if category:
            where.append("category = %s")
            params.append(category)
        if contains:
            where.append("strpos(lower(claim), lower(%s)) > 0")
            params.append(contains)
        if min_confidence is not None:
            where.append("confidence >= %s")
            params.append(float(min_confidence))
        sql_where = " AND ".join(where)
        total = yield from one(f"SELECT count(*) AS n FROM {FACTS} WHERE {sql_where}", params)
        found = yield from rows(
            f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE {sql_where} ORDER BY {FACT_ORDERS[order]}"
            " LIMIT %s OFFSET %s", (*params, _page(limit), max(0, int(offset))))
        return [to_fact(r) for r in found], int(total["n"]) if total else 0

    def _message_log_plan(self, user_id: str, *, message_ids: Sequence[str] | None, session_id: str | None,
                          states: Sequence[str] | None, limit: int) -> Plan[list[dict[str, Any]]]:
        """The user's logged messages, newest first: text, state, attempts, why parked, and what
        the reply before it was shown (facts, stale ones, claim digests) with the ``exposure``
        record of how many of them the message restated."""
        require_user(user_id)
        where, params = ["m.user_id = %s"], [user_id]
        if message_ids is not None:
            where.append("m.message_id = ANY(%s)")
            params.append(list(message_ids))
        if session_id is not None:
            where.append("m.session_id = %s")
            params.append(session_id)
        if states is not None:
            where.append("m.state = ANY(%s)")
            params.append(list(states))
        found = yield from rows(
            "SELECT m.message_id, m.session_id, m.text, m.at, m.enqueued_at, m.processed_at, m.state, m.attempts,"
            " m.last_error, m.facts_shown, m.stale_shown, m.shown_digests, e.output AS exposure"
            f" FROM {MESSAGES} m LEFT JOIN {EVALUATIONS} e ON e.user_id = m.user_id"
            "  AND e.message_id = m.message_id AND e.evaluator = 'exposure'"
            f" WHERE {' AND '.join(where)} ORDER BY m.seq DESC LIMIT %s", (*params, _page(limit)))
        return [dict(r) for r in found]

    def _series_plan(self, user_id: str | None, since: Any, bucket: str) -> Plan[dict[str, list[Row]]]:
        """Time series for charts (one user, or every user with ``None``), by ``bucket`` (day or
        week) from ``since``: facts added per category, what replies were shown (facts, stale
        ones, restated ones) from the ``exposure`` records, messages queued and processed."""
        if bucket not in ("day", "week", "hour"):
            raise ValueError(f"bucket must be hour, day or week, not {bucket!r}")
        scope, params = ("user_id = %s", [require_user(user_id)]) if user_id is not None else ("TRUE", [])
        facts = yield from rows(
            f"SELECT date_trunc('{bucket}', created_at) AS at, category, count(*) AS n FROM {FACTS}"
            f" WHERE {scope} AND created_at >= %s GROUP BY 1, 2 ORDER BY 1, 2", (*params, since))
        shown = yield from rows(
            f"SELECT date_trunc('{bucket}', at) AS at, sum((output->>'facts_shown')::int) AS shown,"
            " sum((output->>'stale_shown')::int) AS stale, sum((output->>'repeated')::int) AS repeated,"
            f" count(*) AS replies FROM {EVALUATIONS} WHERE {scope} AND evaluator = 'exposure' AND at >= %s"
            " GROUP BY 1 ORDER BY 1", (*params, since))
        queued = yield from rows(
            f"SELECT date_trunc('{bucket}', enqueued_at) AS at, count(*) AS n FROM {MESSAGES}"
            f" WHERE {scope} AND enqueued_at >= %s GROUP BY 1 ORDER BY 1", (*params, since))
        processed = yield from rows(
            f"SELECT date_trunc('{bucket}', processed_at) AS at, count(*) AS n FROM {MESSAGES}"
            f" WHERE {scope} AND processed_at >= %s GROUP BY 1 ORDER BY 1", (*params, since))
        return {"facts": facts, "shown": shown, "queued": queued, "processed": processed}
