"""The weekly digest (seed 004 R18): one JSON + Markdown summary per store and week.

Health (backlog, statuses, temperature, alerts), quality (reconciliation rate, stale share,
pending corrections), outcomes (task success overall and with / without memory, facts shown per
reply) and what changed in the week (facts added, superseded, expired, retracted, reclassified,
inferred), with last week's figures beside them for the trend. Aggregates only: no user id and
no text, so a digest holds nothing a ``forget`` would have to remove.

Written by the weekly job (``DigestConfig.schedule``, Mondays 04:00 UTC), on demand by
:func:`build_digest` / ``fact-memory digest --build``, read by ``fact-memory digest`` and exported
as Prometheus gauges by ``fact-memory worker --metrics-port``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any

import httpx
from pydantic import BaseModel, Field
from tenacity import AsyncRetrying, Retrying, stop_after_attempt, wait_exponential

from fact_memory_graph.schema import HealthReport

#: Audit operations counted as each change of the week.
CHANGES: dict[str, tuple[str, ...]] = {
    "added": ("add_durable", "add_current"),
    "strengthened": ("strengthen",),
    "superseded": ("supersede", "reconcile_supersede", "reconcile_merge"),
    "expired": ("expired",),
    "dormant": ("dormant",),
    "retracted": ("retract", "reconcile_retract", "sweep"),
    "reclassified": ("reclassify",),
    "contradictions": ("contradict",),
}


class Digest(BaseModel):
    """One week of one store."""

    week_start: date
    week_end: date
    built_at: datetime
    users: int = 0
    facts: dict[str, int] = Field(default_factory=dict)
    changes: dict[str, int] = Field(default_factory=dict)
    quality: dict[str, Any] = Field(default_factory=dict)
    outcomes: dict[str, Any] = Field(default_factory=dict)
    queue: dict[str, Any] = Field(default_factory=dict)
    alerts: list[str] = Field(default_factory=list)
    #: Last week's digest's changes and outcomes (``None``: no digest of last week).
    previous: dict[str, Any] | None = None


def week_of(at: datetime) -> tuple[date, date]:
    """The ISO week (Monday to Sunday) before the one ``at`` falls in: the week a digest covers."""
    monday = at.date() - timedelta(days=at.weekday())
    return monday - timedelta(days=7), monday - timedelta(days=1)


def digest_from(report: HealthReport, inferred: int, at: datetime, previous: dict[str, Any] | None) -> Digest:
    start, end = week_of(at)
    changes = {name: sum(report.activity.get(op, 0) for op in ops) for name, ops in CHANGES.items()}
    changes["inferred"] = inferred
    return Digest(
        week_start=start, week_end=end, built_at=at, users=report.users, facts=dict(report.statuses),
        changes=changes,
        quality={"reconciliation_rate": report.reconciliation_rate, "backlog": report.backlog,
                 "stale_share": report.stale_share, "pending_corrections": report.pending_candidates,
                 "temperature": dict(report.temperature), "active_past_end": report.active_past_end},
        outcomes={"task_success": dict(report.task_success), "success_rate": report.success_rate,
                  "success_rate_with_memory": report.success_rate_with_memory,
                  "success_rate_without_memory": report.success_rate_without_memory,
                  "facts_shown_per_reply": report.facts_shown_per_reply,
                  "repeated_facts": report.repeated_facts,
                  "repetition_per_user_week": report.repetition_per_user_week,
                  "stale_shown_share": report.stale_shown_share},
        queue={"queued": report.queued_messages, "retrying": report.retrying_messages,
               "parked": report.failed_messages},
        alerts=list(report.alerts),
        previous={"changes": previous.get("changes"), "outcomes": previous.get("outcomes")} if previous else None,
    )


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def _num(value: float | None) -> str:
    return "–" if value is None else f"{value:g}"


def _trend(now: Any, before: Any) -> str:
    if not isinstance(now, int | float) or not isinstance(before, int | float):
        return ""
    delta = now - before
    return f" ({'+' if delta >= 0 else ''}{delta:.2f} vs last week)" if isinstance(delta, float) and not \
        float(delta).is_integer() else f" ({'+' if delta >= 0 else ''}{int(delta)} vs last week)"


def digest_markdown(d: Digest) -> str:
    """The digest as Markdown (what ``fact-memory digest`` prints)."""
    prev_changes = (d.previous or {}).get("changes") or {}
    prev_outcomes = (d.previous or {}).get("outcomes") or {}
    # The span it counts: from the week's Monday to when it was built (the Monday-morning job:
    # the week and four hours; a digest built on a Wednesday counts up to that Wednesday, and says so).
    lines = [f"# Memory digest: {d.week_start.isoformat()} 00:00 to {d.built_at.strftime('%Y-%m-%d %H:%M %Z').strip()}"
             f" (the week of {d.week_start.isoformat()})", "",
             f"{d.users} users; facts by status: " + (", ".join(f"{k} {v}" for k, v in sorted(d.facts.items()))
                                                      or "none") + ".", "", "## What changed"]
    lines += [f"- {name}: {n}{_trend(n, prev_changes.get(name))}" for name, n in d.changes.items()]
    o = d.outcomes
    lines += ["", "## Is memory helping?",
              f"- replies judged: {sum(o.get('task_success', {}).values())} "
              f"({', '.join(f'{k} {v}' for k, v in sorted(o.get('task_success', {}).items())) or 'none'})",
              f"- success rate: {_pct(o.get('success_rate'))}{_trend(o.get('success_rate'), prev_outcomes.get('success_rate'))}",
              f"- with memory shown: {_pct(o.get('success_rate_with_memory'))}; without: "
              f"{_pct(o.get('success_rate_without_memory'))}",
              f"- facts shown per reply: {o.get('facts_shown_per_reply') if o.get('facts_shown_per_reply') is not None else '–'}",
              f"- facts restated after being shown: {o.get('repeated_facts', 0)} "
              f"({_num(o.get('repetition_per_user_week'))} per active user)"
              f"{_trend(o.get('repetition_per_user_week'), prev_outcomes.get('repetition_per_user_week'))}",
              f"- stale facts among those shown: {_pct(o.get('stale_shown_share'))}"
              f"{_trend(o.get('stale_shown_share'), prev_outcomes.get('stale_shown_share'))}",
              "", "## Quality",
              f"- reconciled: {_pct(d.quality.get('reconciliation_rate'))} (backlog {d.quality.get('backlog')})",
              f"- stale share (cold facts): {_pct(d.quality.get('stale_share'))}",
              f"- pending corrections: {d.quality.get('pending_corrections')}",
              f"- queue: {d.queue.get('queued')} queued, {d.queue.get('retrying')} retrying, {d.queue.get('parked')} parked"]
    lines += ["", "## Alerts", *([f"- {a}" for a in d.alerts] or ["- none"])]
    return "\n".join(lines) + "\n"


def _previous(rows: list[dict[str, Any]], start: date) -> dict[str, Any] | None:
    for row in rows:
        if row["week_start"] < start:
            return row["data"]
    return None


def build_digest(memory: Any, *, at: datetime | None = None) -> Digest:
    """Build, store and return the digest of the week before ``at`` (default now) for the whole
    store: the changes counted from that week's Monday up to ``at`` (the Monday-morning job's
    7 days and 4 hours). Rebuilding the same week replaces it."""
    at = at or memory.context.now()
    start, end = week_of(at)
    since = datetime.combine(start, datetime.min.time(), tzinfo=at.tzinfo)
    report = memory.upkeep.health(None, at=at, since=since)
    digest = digest_from(report, memory.store.inferred_since(since), at,
                         _previous(memory.store.digests(limit=2), start))
    memory.store.save_digest(start, digest.model_dump(mode="json"), digest_markdown(digest), at=at,
                             keep=memory.config.digest.keep_weeks)
    return digest


async def abuild_digest(memory: Any, *, at: datetime | None = None) -> Digest:
    """Async twin of :func:`build_digest`."""
    at = at or memory.context.now()
    start, end = week_of(at)
    since = datetime.combine(start, datetime.min.time(), tzinfo=at.tzinfo)
    report = await memory.upkeep.ahealth(None, at=at, since=since)
    digest = digest_from(report, await memory.astore.inferred_since(since), at,
                         _previous(await memory.astore.digests(limit=2), start))
    await memory.astore.save_digest(start, digest.model_dump(mode="json"), digest_markdown(digest), at=at,
                                    keep=memory.config.digest.keep_weeks)
    return digest


logger = logging.getLogger(__name__)
#: A delivery channel of your own: called with the digest and its Markdown (``memory.digest_sinks``).
DigestSink = Callable[[Digest, str], None]


def _payload(digest: Digest, markdown: str) -> dict[str, Any]:
    return {"week_start": digest.week_start.isoformat(), "markdown": markdown,
            "digest": digest.model_dump(mode="json")}


def _retrying(cfg: Any) -> dict[str, Any]:
    return {"stop": stop_after_attempt(cfg.webhook_attempts), "reraise": True,
            "wait": wait_exponential(multiplier=cfg.webhook_retry_s, max=max(cfg.webhook_retry_s * 8, 0.001))}


def _headers(cfg: Any, digest: Digest) -> dict[str, str]:
    """The configured headers, and a key by which the receiver can drop a second copy of one
    week's digest."""
    return {**cfg.webhook_headers, "Idempotency-Key": f"fact-memory-digest-{digest.week_start.isoformat()}"}


def _post(cfg: Any, digest: Digest, markdown: str) -> None:
    for attempt in Retrying(**_retrying(cfg)):
        with attempt:
            response = httpx.post(cfg.webhook_url, json=_payload(digest, markdown), timeout=cfg.webhook_timeout_s,
                                  headers=_headers(cfg, digest))
            response.raise_for_status()


def _deliver_locally(memory: Any, digest: Digest, markdown: str) -> None:
    if memory.config.digest.log:
        logger.info("fact-memory: weekly digest\n%s", markdown)
    for sink in getattr(memory, "digest_sinks", ()):
        sink(digest, markdown)


def _undelivered(memory: Any, found: list[dict[str, Any]], digest: Digest | None, markdown: str | None
                 ) -> tuple[Any, Any, Digest, str] | None:
    """The newest digest when it is not delivered yet and a channel is configured: ``(config,
    week, digest, markdown)``; else ``None``."""
    cfg = memory.config.digest
    if not found or found[0]["delivered_at"] is not None:
        return None
    if not (cfg.webhook_url or cfg.log or getattr(memory, "digest_sinks", ())):
        return None
    return (cfg, found[0]["week_start"], digest or Digest.model_validate(found[0]["data"]),
            markdown or found[0]["markdown"])


def deliver_digest(memory: Any, digest: Digest | None = None, markdown: str | None = None) -> bool:
    """Deliver the newest digest to the configured channels (``DigestConfig.webhook_url`` with
    retries and a timeout, the log, ``memory.digest_sinks``) unless it was delivered already;
    returns whether it was delivered now. A webhook that keeps failing raises (the job is retried
    later); nothing is recorded then, so the next attempt delivers it."""
    pending = _undelivered(memory, memory.store.digests(limit=1), digest, markdown)
    if pending is None:
        return False
    cfg, week, digest, markdown = pending
    if cfg.webhook_url:
        _post(cfg, digest, markdown)
    _deliver_locally(memory, digest, markdown)
    memory.store.digest_delivered(week, at=memory.context.now())
    return True


async def adeliver_digest(memory: Any, digest: Digest | None = None, markdown: str | None = None) -> bool:
    """Async twin of :func:`deliver_digest` (the webhook is posted with httpx's async client)."""
    pending = _undelivered(memory, await memory.astore.digests(limit=1), digest, markdown)
    if pending is None:
        return False
    cfg, week, digest, markdown = pending
    if cfg.webhook_url:
        async with httpx.AsyncClient(timeout=cfg.webhook_timeout_s) as client:
            async for attempt in AsyncRetrying(**_retrying(cfg)):
                with attempt:
                    response = await client.post(cfg.webhook_url, json=_payload(digest, markdown),
                                                 headers=_headers(cfg, digest))
                    response.raise_for_status()
    await asyncio.to_thread(_deliver_locally, memory, digest, markdown)
    await memory.astore.digest_delivered(week, at=memory.context.now())
    return True


def latest_digest(memory: Any) -> tuple[Digest, str] | None:
    """The newest stored digest and its Markdown, or ``None``."""
    found = memory.store.digests(limit=1)
    return (Digest.model_validate(found[0]["data"]), found[0]["markdown"]) if found else None
