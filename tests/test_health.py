"""Health metrics and alerts (seed 004) over simulated weeks; each alert fires exactly at its
threshold."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from typer.testing import CliRunner

from fact_memory_graph import FactMemory, FactMemoryConfig, HealthConfig
from fact_memory_graph.cli import app as cli_app
from fact_memory_graph.testing import FixedClock, ScriptedChatModel


def add(memory: FactMemory, user: str, n: int, clock: FixedClock, *, step_days: float = 0) -> None:
    for i in range(n):
        memory.facts.add(user, f"likes item {i}", kind="durable", category="preference")
        clock.advance(days=step_days)


def test_backlog_alert_fires_above_the_threshold(make_memory, user_id: str, clock: FixedClock, caplog) -> None:
    memory = make_memory(config=FactMemoryConfig(health=HealthConfig(backlog_alert=5)))
    add(memory, user_id, 5, clock)
    report = memory.upkeep.health(user_id)
    assert (report.backlog, report.alerts, report.reconciliation_rate) == (5, [], 0.0)
    add(memory, f"{user_id}-x", 1, clock)  # another user's backlog does not count
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    with caplog.at_level(logging.WARNING, logger="fact_memory_graph"):
        report = memory.upkeep.health(user_id)
    assert report.backlog == 6 and report.alerts == ["backlog: 6 unreconciled facts (> 5)"]
    assert any("health alert" in r.message and "backlog" in r.message for r in caplog.records)
    memory.upkeep.compact(user_id, llm=ScriptedChatModel(default={"decisions": []}))  # keep everything
    after = memory.upkeep.health(user_id)
    assert after.backlog == 0 and after.reconciliation_rate == 1.0 and after.alerts == []
    assert after.last_run_at is not None and after.last_run_seconds is not None


def test_expiry_alert_and_temperature_pyramid(make_memory, user_id: str, clock: FixedClock) -> None:
    memory = make_memory()
    add(memory, user_id, 6, clock, step_days=6)  # confirmed 30, 24, 18, 12, 6 and 0 days before the end
    memory.facts.add(user_id, "flying to Lisbon", kind="current", category="schedule_context",
                    expires_at=clock.now + timedelta(hours=1))
    report = memory.upkeep.health(user_id)
    # last confirmed 36, 30, 24, 18, 12 and 6 days ago, plus the flight now: 2 hot, 4 warm, 1 cold
    assert report.active_past_end == 0 and report.temperature == {"hot": 2, "warm": 4, "cold": 1}
    clock.advance(hours=2)
    report = memory.upkeep.health(user_id)
    assert report.active_past_end == 1 and report.alerts == [
        "expiry: 1 active facts past their end (maintenance has not run)"]
    memory.upkeep.maintain(user_id)
    assert memory.upkeep.health(user_id).alerts == []
    temps = memory.upkeep.health(user_id, at=clock.now + timedelta(days=8)).temperature
    assert sum(temps.values()) == 6 and temps["cold"] >= 1 and temps["hot"] == 0


def test_runtime_alert_fires_above_twice_the_rolling_average(make_memory, user_id: str, clock: FixedClock) -> None:
    memory = make_memory()
    memory.facts.add(user_id, "likes jazz", kind="durable", category="preference")  # runs are kept for users with facts

    def run(seconds: float) -> None:
        memory.store.record_run(user_id, "reconcile", started_at=clock.now, finished_at=clock.now,
                                report={"wall_seconds": seconds})
        clock.advance(days=1)

    for seconds in (1.0, 1.0, 1.0, 2.0):
        run(seconds)
    report = memory.upkeep.health(user_id)
    assert (report.last_run_seconds, report.average_run_seconds, report.alerts) == (2.0, 1.0, [])
    run(2.01 * (5 / 4))  # average of the previous four: (1+1+1+2)/4 = 1.25
    report = memory.upkeep.health(user_id)
    assert report.average_run_seconds == pytest.approx(1.25)
    assert report.alerts and report.alerts[0].startswith("runtime: last run 2.51 s > 2 x average 1.25 s")


def test_weekly_digest_and_cli(make_memory, user_id: str, clock: FixedClock, db_url: str) -> None:
    memory = make_memory()
    add(memory, user_id, 3, clock, step_days=3)
    digest = memory.upkeep.health(user_id, since=timedelta(days=7))
    assert digest.activity == {"add_durable": 2}
    assert memory.upkeep.health().users >= 1  # every user
    runner = CliRunner()
    out = runner.invoke(cli_app, ["health", user_id, "--json", "--database-url", db_url])
    assert out.exit_code == 0 and '"backlog": 3' in out.output
    out = runner.invoke(cli_app, ["health", user_id, "--since", "7d", "--database-url", db_url])
    assert out.exit_code == 0 and "reconciliation rate" in out.output and "activity since 7d" in out.output
    assert runner.invoke(cli_app, ["health", "--since", "seven", "--database-url", db_url]).exit_code == 2


@pytest.mark.block_network(allowed_hosts=["127.0.0.1"])  # loopback only
def test_prometheus_gauges_mirror_the_health_report(make_memory, user_id: str, clock: FixedClock) -> None:
    import urllib.request

    from fact_memory_graph.metrics import HealthGauges

    memory = make_memory()
    add(memory, user_id, 3, clock)
    gauges = HealthGauges()
    gauges.update(memory.upkeep.health(user_id))
    port = gauges.serve(0)
    body = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    assert "fact_memory_unreconciled_facts 3.0" in body
    assert 'fact_memory_facts{status="active"} 3.0' in body and "fact_memory_alerts 0.0" in body
    # The outcome metrics for repetition and stale facts shown: NaN until a reply's memory is known.
    assert "fact_memory_repetition_per_user_week NaN" in body and "fact_memory_stale_shown_share NaN" in body
    gauges.update(memory.upkeep.health(user_id).model_copy(update={"repetition_per_user_week": 0.5,
                                                            "stale_shown_share": 0.25}))
    body = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    assert "fact_memory_repetition_per_user_week 0.5" in body and "fact_memory_stale_shown_share 0.25" in body
