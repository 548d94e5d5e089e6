"""Health plans (seed 004's measurement layer): backlog, reconciliation rate, statuses,
temperature, pending candidates, facts past their end, job runs, activity since a date."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from fact_memory_graph.schema import RETRIEVABLE_STATUSES
from fact_memory_graph.store._sql import (
    AUDIT,
    CANDIDATES,
    DIGESTS,
    EVALUATIONS,
    FACTS,
    MESSAGES,
    PROFILES,
    RUNS,
    Plan,
    execute,
    one,
    require_aware,
    require_user,
    rows,
)
from fact_memory_graph.store.plans.reconcile import ReconcilePlans


def _scope(user_id: str | None) -> tuple[str, list[Any]]:
    # ``None`` = every user (the operator's view); otherwise one user's rows only.
    return ("user_id = %s", [require_user(user_id)]) if user_id is not None else ("TRUE", [])


class HealthPlans(ReconcilePlans):
    def _health_plan(self, user_id: str | None, at: datetime, hot_days: float, warm_days: float,
                     since: datetime | None, recent_runs: int) -> Plan[dict[str, Any]]:
        require_aware(at)
        where, params = _scope(user_id)
        retrievable = list(RETRIEVABLE_STATUSES)
        hot, warm = at - timedelta(days=hot_days), at - timedelta(days=warm_days)
        last_used = "GREATEST(last_confirmed_at, coalesce(last_accessed_at, last_confirmed_at))"
        counts = yield from one(
            "SELECT count(*) FILTER (WHERE reconciled_at IS NULL AND status = ANY(%s)) AS backlog,"
            " count(*) FILTER (WHERE status = ANY(%s)) AS retrievable,"
            " count(*) FILTER (WHERE status = 'active' AND expires_at IS NOT NULL AND expires_at <= %s) AS past_end,"
            f" count(*) FILTER (WHERE status = ANY(%s) AND {last_used} >= %s) AS hot,"
            f" count(*) FILTER (WHERE status = ANY(%s) AND {last_used} < %s AND {last_used} >= %s) AS warm,"
            f" count(*) FILTER (WHERE status = ANY(%s) AND {last_used} < %s) AS cold,"
            " count(DISTINCT user_id) AS users"
            f" FROM {FACTS} WHERE {where}",
            (retrievable, retrievable, at, retrievable, hot, retrievable, hot, warm, retrievable, warm, *params))
        statuses = yield from rows(f"SELECT status, count(*) AS n FROM {FACTS} WHERE {where} GROUP BY 1 ORDER BY 1",
                                   params)
        pending = yield from one(f"SELECT count(*) AS n FROM {CANDIDATES} WHERE {where} AND status = 'pending'",
                                 params)
        runs = yield from rows(
            f"SELECT user_id, job, started_at, finished_at, (report->>'wall_seconds')::float8 AS seconds"
            f" FROM {RUNS} WHERE {where} AND job = 'reconcile' ORDER BY id DESC LIMIT %s", (*params, recent_runs))
        activity: list[dict[str, Any]] = []
        if since is not None:
            activity = yield from rows(
                f"SELECT op, count(*) AS n FROM {AUDIT} WHERE {where} AND at >= %s GROUP BY 1 ORDER BY 1",
                (*params, since))
        outcomes = yield from self._outcomes(where, params, since)
        assert counts is not None and pending is not None
        return {"counts": counts, "statuses": {r["status"]: r["n"] for r in statuses}, "pending": pending["n"],
                "runs": runs, "activity": {r["op"]: r["n"] for r in activity}, "outcomes": outcomes}

    def _outcomes(self, where: str, params: list[Any], since: datetime | None) -> Plan[dict[str, Any]]:
        """Seed 004's outcome metrics: the task-success judgements (since ``since``), split by
        whether memory was shown for the judged reply, the facts shown per reply, and the
        ``exposure`` records' sums (facts shown, stale ones, facts restated after being shown)."""
        window, window_params = ("AND at >= %s", [since]) if since is not None else ("", [])
        judged = yield from rows(
            "SELECT output->>'outcome' AS outcome, (output->>'memory_shown')::boolean AS memory_shown,"
            f" count(*) AS n FROM {EVALUATIONS} WHERE {where} AND evaluator = 'task_success' {window}"
            " GROUP BY 1, 2", (*params, *window_params))
        shown = yield from one(
            f"SELECT avg(facts_shown)::float8 AS per_reply FROM {MESSAGES} WHERE {where} AND facts_shown IS NOT NULL"
            f" {window}", (*params, *window_params))
        exposure = yield from one(
            "SELECT count(DISTINCT user_id) AS users, min(at) AS first_at,"
            " coalesce(sum((output->>'facts_shown')::int), 0) AS shown,"
            " coalesce(sum((output->>'stale_shown')::int), 0) AS stale,"
            " coalesce(sum((output->>'repeated')::int), 0) AS repeated"
            f" FROM {EVALUATIONS} WHERE {where} AND evaluator = 'exposure' {window}", (*params, *window_params))
        return {"judged": judged, "facts_per_reply": shown["per_reply"] if shown else None, "exposure": exposure}

    # ------------------------------------------------------------------ weekly digest
    def _inferred_since_plan(self, since: datetime) -> Plan[int]:
        """Facts the nightly review inferred since ``since`` (every user; a count only)."""
        row = yield from one(f"SELECT count(*) AS n FROM {FACTS} WHERE source = 'inference' AND created_at >= %s",
                             (since,))
        return int(row["n"]) if row else 0

    def _save_digest_plan(self, week_start: Any, data: dict[str, Any], markdown: str, at: datetime,
                          keep: int) -> Plan[None]:
        """Store one week's digest (rebuilt in place) and keep the newest ``keep``."""
        yield from execute(
            f"INSERT INTO {DIGESTS} (week_start, data, markdown, built_at) VALUES (%s, %s, %s, %s)"
            " ON CONFLICT (week_start) DO UPDATE SET data = excluded.data, markdown = excluded.markdown,"
            " built_at = excluded.built_at", (week_start, self.jsonb(data), self.guard_text(markdown), at))
        yield from execute(f"DELETE FROM {DIGESTS} WHERE week_start NOT IN"
                           f" (SELECT week_start FROM {DIGESTS} ORDER BY week_start DESC LIMIT %s)", (keep,))

    def _digests_plan(self, limit: int) -> Plan[list[dict[str, Any]]]:
        return (yield from rows(f"SELECT week_start, data, markdown, built_at, delivered_at FROM {DIGESTS}"
                                " ORDER BY week_start DESC LIMIT %s", (limit,)))

    def _digest_delivered_plan(self, week_start: Any, at: datetime) -> Plan[None]:
        """Record that the week's digest reached its channels."""
        yield from execute(f"UPDATE {DIGESTS} SET delivered_at = %s WHERE week_start = %s AND delivered_at IS NULL",
                           (at, week_start))

    # ------------------------------------------------------------------ profile
    def _profile_state_plan(self, user_id: str) -> Plan[tuple[dict[str, Any] | None, str]]:
        """The stored profile (or None) and the fingerprint of the user's audit log now."""
        require_user(user_id)
        row = yield from one(
            f"SELECT (SELECT to_jsonb(p) FROM {PROFILES} p WHERE p.user_id = %s) AS profile,"
            f" (SELECT coalesce(max(id), 0) || ':' || count(*) FROM {AUDIT} WHERE user_id = %s) AS fingerprint",
            (user_id, user_id))
        assert row is not None
        return row["profile"], row["fingerprint"]

    def _save_profile_plan(self, user_id: str, text: str, fact_ids: list[str], fingerprint: str,
                           at: datetime) -> Plan[bool]:
        """Store the profile unless one of its facts was forgotten or purged meanwhile (then the
        next read rebuilds it); an empty profile is not stored (nothing to cache, and nothing of
        a forgotten user may stay behind). Nor when the user's audit log moved on since the build
        read it (``fingerprint``): a build from older facts never overwrites a newer one."""
        require_user(user_id)
        if not fact_ids or not (yield from self._derived_write_guard(user_id, fact_ids)):
            return False
        now = yield from one(f"SELECT coalesce(max(id), 0) || ':' || count(*) AS fingerprint FROM {AUDIT}"
                             " WHERE user_id = %s", (user_id,))
        if now is None or now["fingerprint"] != fingerprint:
            return False
        yield from execute(
            f"INSERT INTO {PROFILES} (user_id, text, fact_ids, fingerprint, built_at) VALUES (%s, %s, %s, %s, %s)"
            " ON CONFLICT (user_id) DO UPDATE SET text = EXCLUDED.text, fact_ids = EXCLUDED.fact_ids,"
            " fingerprint = EXCLUDED.fingerprint, built_at = EXCLUDED.built_at",
            (user_id, self.guard_text(text), fact_ids, fingerprint, at))
        return True
