"""The health report from the store's health rows: counts, the queue, outcome metrics and the
alerts an operator acts on (``memory.upkeep.health``, ``fact-memory health``, the digest)."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from fact_memory_graph.config import HealthConfig
from fact_memory_graph.schema import HealthReport
from fact_memory_graph.spool import Spool

__all__ = ["health_report", "outcome_metrics"]

logger = logging.getLogger(__name__)


def _rate(judged: list[dict[str, Any]], shown: bool | None = None) -> float | None:
    """Success rate of the judged replies (partial = half a success); ``shown`` filters by
    whether memory was shown for the reply (``None``: all of them)."""
    picked = [r for r in judged if shown is None or r["memory_shown"] is shown]
    total = sum(r["n"] for r in picked)
    if not total:
        return None
    score = sum(r["n"] * {"success": 1.0, "partial": 0.5}.get(r["outcome"], 0.0) for r in picked)
    return round(score / total, 4)


def outcome_metrics(outcomes: dict[str, Any], counts: dict[str, Any], *, at: datetime,
                    since: datetime | None) -> dict[str, Any]:
    """The outcome fields of a :class:`HealthReport` from the health rows: task success, and
    from the ``exposure`` records repetition (facts restated after being shown, per active user
    per week of the window) and the share of shown facts that were stale."""
    judged = outcomes["judged"]
    by_outcome: dict[str, int] = {}
    for r in judged:
        by_outcome[r["outcome"]] = by_outcome.get(r["outcome"], 0) + r["n"]
    per_reply = outcomes["facts_per_reply"]
    exposure = outcomes.get("exposure") or {}
    users, shown = exposure.get("users") or 0, exposure.get("shown") or 0
    start = since or exposure.get("first_at")
    weeks = max(1, round((at - start).total_seconds() / (7 * 86400))) if start is not None else 1  # whole weeks
    return {"task_success": by_outcome, "success_rate": _rate(judged),
            "success_rate_with_memory": _rate(judged, True), "success_rate_without_memory": _rate(judged, False),
            "facts_shown_per_reply": round(per_reply, 2) if per_reply is not None else None,
            "stale_share": round(counts["cold"] / counts["retrievable"], 4) if counts["retrievable"] else 0.0,
            "repeated_facts": int(exposure.get("repeated") or 0),
            "repetition_per_user_week": round((exposure.get("repeated") or 0) / users / weeks, 4) if users else None,
            "stale_shown_share": round((exposure.get("stale") or 0) / shown, 4) if shown else None}


def _alerts(report: HealthReport, cfg: HealthConfig) -> list[str]:
    alerts = []
    if (report.oldest_queued_seconds or 0) > cfg.queue_age_alert_s:
        alerts.append(f"queue: {report.queued_messages} messages waiting, the oldest for "
                      f"{report.oldest_queued_seconds:.0f} s (> {cfg.queue_age_alert_s:g} s): is a drainer running "
                      "(`fact-memory worker`)?")
    if report.failed_messages:
        alerts.append(f"queue: {report.failed_messages} messages parked after failed extractions "
                      "(`fact-memory queue retry` re-queues them)")
    if report.lost_messages:
        alerts.append(f"queue: {report.lost_messages} turn(s) lost: the database did not answer and the spool "
                      "could not keep them (QueueConfig.spool_max_bytes; each id is in the log)")
    if report.backlog > cfg.backlog_alert:
        alerts.append(f"backlog: {report.backlog} unreconciled facts (> {cfg.backlog_alert})")
    if report.active_past_end:
        alerts.append(f"expiry: {report.active_past_end} active facts past their end (maintenance has not run)")
    if (report.last_run_seconds is not None and report.average_run_seconds
            and report.last_run_seconds > cfg.runtime_factor * report.average_run_seconds):
        alerts.append(f"runtime: last run {report.last_run_seconds:.2f} s > {cfg.runtime_factor:g} x average "
                      f"{report.average_run_seconds:.2f} s")
    return alerts


def health_report(user_id: str | None, at: datetime, rows: dict[str, Any], *, cfg: HealthConfig,
                  spool: Spool | None, since: datetime | None = None) -> HealthReport:
    """The report of one user (or every user, ``None``) from ``FactStore.health_rows`` plus the
    queue's status under ``rows["queue"]``; its alerts are logged as warnings."""
    counts, runs = rows["counts"], rows["runs"]
    previous = [r["seconds"] for r in runs[1:] if r["seconds"] is not None]
    report = HealthReport(
        user_id=user_id, at=at, users=counts["users"], backlog=counts["backlog"],
        reconciliation_rate=round(1 - counts["backlog"] / counts["retrievable"], 4) if counts["retrievable"] else 1.0,
        statuses=rows["statuses"], temperature={k: counts[k] for k in ("hot", "warm", "cold")},
        pending_candidates=rows["pending"], active_past_end=counts["past_end"],
        last_run_at=runs[0]["finished_at"] if runs else None,
        last_run_seconds=runs[0]["seconds"] if runs else None,
        average_run_seconds=round(sum(previous) / len(previous), 4) if previous else None,
        activity=rows["activity"], queued_messages=rows["queue"]["queued"],
        oldest_queued_seconds=rows["queue"]["oldest_seconds"], retrying_messages=rows["queue"]["retrying"],
        failed_messages=rows["queue"]["failed"], **outcome_metrics(rows["outcomes"], counts, at=at, since=since),
        spooled_turn_groups=len(spool.pending()) if spool else 0,
        lost_messages=spool.lost if spool else 0,
    )
    alerts = _alerts(report, cfg)
    for alert in alerts:
        logger.warning("fact-memory health alert%s: %s", f" ({user_id})" if user_id else "", alert)
    return report.model_copy(update={"alerts": alerts})
