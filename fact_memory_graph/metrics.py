"""Prometheus metrics for the worker (optional: ``pip install "fact-memory-graph[metrics]"``).

The same figures as ``memory.upkeep.health`` for every user, as gauges on their own registry,
served on loopback by ``fact-memory worker --metrics-port N`` and refreshed every ``interval``
seconds.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fact_memory_graph.errors import ConfigurationError
from fact_memory_graph.schema import HealthReport


def _prometheus() -> Any:
    try:
        import prometheus_client
    except ImportError as exc:
        raise ConfigurationError('metrics need prometheus-client: pip install "fact-memory-graph[metrics]"') from exc
    return prometheus_client


class HealthGauges:
    """Gauges mirroring a :class:`HealthReport`."""

    def __init__(self) -> None:
        prom = _prometheus()
        self.registry = prom.CollectorRegistry()

        def gauge(name: str, doc: str, labels: tuple[str, ...] = ()) -> Any:
            return prom.Gauge(f"fact_memory_{name}", doc, labels, registry=self.registry)

        self.backlog = gauge("unreconciled_facts", "Retrievable facts waiting for reconciliation")
        self.rate = gauge("reconciliation_rate", "Share of retrievable facts reconciled")
        self.statuses = gauge("facts", "Facts by status", ("status",))
        self.temperature = gauge("facts_by_temperature", "Retrievable facts by temperature", ("temperature",))
        self.pending = gauge("pending_candidates", "Contradictions waiting for review")
        self.past_end = gauge("active_facts_past_end", "Active facts whose end has passed")
        self.last_run = gauge("last_run_seconds", "Duration of the last reconciliation run")
        self.average_run = gauge("average_run_seconds", "Rolling average duration of reconciliation runs")
        self.alerts = gauge("alerts", "Health alerts firing")
        self.queued = gauge("queued_messages", "Messages waiting in the queue for extraction")
        self.queue_age = gauge("oldest_queued_seconds", "Age of the oldest queued message (0 when none)")
        self.retrying = gauge("retrying_messages", "Queued messages retrying after a failed extraction")
        self.parked = gauge("failed_messages", "Messages parked after their last failed extraction")
        self.success = gauge("task_success_rate", "Share of judged replies that helped (partial = half)",
                             ("memory",))
        self.judged = gauge("task_outcomes", "Replies judged by the task-success evaluator", ("outcome",))
        self.shown = gauge("facts_shown_per_reply", "Facts the read path showed per reply")
        self.stale = gauge("stale_share", "Share of retrievable facts that are cold")
        self.repetition = gauge("repetition_per_user_week",
                                "Facts users restated right after being shown them, per active user per week")
        self.stale_shown = gauge("stale_shown_share", "Share of the facts shown to replies that were stale")
        self.weekly = gauge("weekly_changes", "The latest weekly digest's changes", ("change",))

    def update(self, report: HealthReport) -> None:
        self.backlog.set(report.backlog)
        self.rate.set(report.reconciliation_rate)
        for status, n in report.statuses.items():
            self.statuses.labels(status).set(n)
        for band, n in report.temperature.items():
            self.temperature.labels(band).set(n)
        self.pending.set(report.pending_candidates)
        self.past_end.set(report.active_past_end)
        self.last_run.set(report.last_run_seconds or 0)
        self.average_run.set(report.average_run_seconds or 0)
        self.alerts.set(len(report.alerts))
        for label, rate in (("any", report.success_rate), ("shown", report.success_rate_with_memory),
                            ("not_shown", report.success_rate_without_memory)):
            self.success.labels(label).set(rate if rate is not None else float("nan"))
        for outcome, n in report.task_success.items():
            self.judged.labels(outcome).set(n)
        self.shown.set(report.facts_shown_per_reply if report.facts_shown_per_reply is not None else float("nan"))
        self.stale.set(report.stale_share)
        nan = float("nan")
        self.repetition.set(report.repetition_per_user_week if report.repetition_per_user_week is not None else nan)
        self.stale_shown.set(report.stale_shown_share if report.stale_shown_share is not None else nan)
        self.queued.set(report.queued_messages)
        self.queue_age.set(report.oldest_queued_seconds or 0)
        self.retrying.set(report.retrying_messages)
        self.parked.set(report.failed_messages)

    def update_digest(self, changes: dict[str, int]) -> None:
        """The latest weekly digest's change counts (``fact_memory_weekly_changes{change=...}``)."""
        for change, n in changes.items():
            self.weekly.labels(change).set(n)

    def serve(self, port: int, addr: str = "127.0.0.1") -> int:
        """Serve ``/metrics``; returns the port (0 picks a free one)."""
        server, _thread = _prometheus().start_http_server(port, addr=addr, registry=self.registry)
        return int(server.server_port)


async def refresh_forever(memory: Any, gauges: HealthGauges, interval: float = 60.0) -> None:
    """Update the gauges from ``memory.upkeep.ahealth()`` and the newest weekly digest every ``interval`` seconds."""
    while True:
        gauges.update(await memory.upkeep.ahealth())
        digests = await memory.astore.digests(limit=1)
        if digests:
            gauges.update_digest(digests[0]["data"].get("changes") or {})
        await asyncio.sleep(interval)
