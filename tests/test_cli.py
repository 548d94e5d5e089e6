"""The `fact-memory` CLI and the demo, on the real embedded Postgres."""

from __future__ import annotations

import json
import uuid

import pytest
from rich.console import Console
from typer.testing import CliRunner

from fact_memory_graph import FactMemory
from fact_memory_graph.cli import app
from fact_memory_graph.demo import run_demo

runner = CliRunner()


@pytest.fixture(autouse=True)
def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("FACT_MEMORY_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)


def test_demo_runs_the_real_pipeline_offline(db_url: str) -> None:
    console = Console(record=True, width=120)
    summary = run_demo(console, database_url=db_url)
    out = console.export_text()
    assert summary["scripted"] and "scripted ops" in out and "not a model's output" in out
    ops = [[a.op for a in o.applied] for o in summary["outcomes"]]
    assert ops[5] == ["add_current"]  # "fixed the auth bug" supersedes "debugging the auth flow"
    assert ops[6] == ["strengthen"]  # reaffirmation
    assert ops[7] == ["strengthen"] and "dedup" in summary["outcomes"][7].applied[0].note  # write-time dedup
    assert ops[8] == ["contradict", "add_durable"] and ops[9] == []
    assert [c.claim for c in summary["candidates"]] == ["lives in Tokyo"]
    assert summary["stats"]["facts"]["current"] == {"active": 3, "superseded": 1}
    first, second, last = (text for _, text in summary["sections"])
    assert "debugging the auth flow" in first and "fixed the auth bug" not in first  # no future facts
    assert "[unconfirmed: user may have said \"lives in Tokyo\"" in second
    assert "What's currently happening for you" in last and '- [health] "allergic to penicillin"' in out
    assert "Pending contradictions" in out and "Memory summary" in out


def test_cli_commands(db_url: str) -> None:
    user = f"cli-{uuid.uuid4().hex[:8]}"
    db = ["--database-url", db_url]
    with FactMemory.open(db_url) as memory:
        memory.add_fact(user, "lives in Berlin", kind="durable", category="identity")
        memory.add_fact(user, "anxious this morning", kind="current", category="feeling")
    result = runner.invoke(app, ["recall", user, "where do I live?", *db])
    assert result.exit_code == 0 and '[identity] "lives in Berlin"' in result.output
    result = runner.invoke(app, ["facts", user, "--json", *db])
    assert result.exit_code == 0 and {f["claim"] for f in json.loads(result.output)} == {"lives in Berlin", "anxious this morning"}
    result = runner.invoke(app, ["facts", user, "--kind", "current", *db])
    assert "anxious" in result.output and "Berlin" not in result.output
    result = runner.invoke(app, ["stats", user, *db])
    assert json.loads(result.output)["facts"] == {"current": {"active": 1}, "durable": {"active": 1}}
    result = runner.invoke(app, ["export", user, *db])
    assert result.exit_code == 0 and len(json.loads(result.output)["audit_log"]) == 2
    assert runner.invoke(app, ["candidates", user, *db]).exit_code == 0
    assert runner.invoke(app, ["forget", user, *db]).exit_code == 2  # needs --yes
    result = runner.invoke(app, ["forget", user, "--yes", *db])
    assert result.exit_code == 0 and json.loads(result.output)["facts"] == 2
    result = runner.invoke(app, ["recall", user, "anything", *db])
    assert "nothing known" in result.output


def test_cli_bad_input_exits_non_zero(db_url: str) -> None:
    db = ["--database-url", db_url]
    assert runner.invoke(app, ["facts", "u", "--kind", "weird", *db]).exit_code == 2
    assert runner.invoke(app, ["recall", "u", "q", "--at", "yesterday", *db]).exit_code == 2
    assert runner.invoke(app, ["recall", "u", "q", "--at", "2026-03-01T09:00", *db]).exit_code == 2  # no timezone
    result = runner.invoke(app, ["remember", "u", "I live in Berlin", *db])
    assert result.exit_code == 1 and "no chat model" in result.output
    result = runner.invoke(app, ["resolve", "u", str(uuid.uuid4()), *db])
    assert result.exit_code == 1 and "no pending candidate" in result.output
    result = runner.invoke(app, ["stats", "u", "--database-url", "postgresql://nobody@127.0.0.1:1/nodb"])
    assert result.exit_code == 2 and "cannot connect to Postgres" in result.output


def test_model_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    from fact_memory_graph.settings import model_from_env

    assert model_from_env() is None
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:8765/v1")
    monkeypatch.setenv("FACT_MEMORY_MODEL", "openai:gemma3-270m")
    monkeypatch.setenv("FACT_MEMORY_MAX_TOKENS", "256")
    local = model_from_env()
    assert (local.model_name, local.temperature, local.extra_body) == ("gemma3-270m", 0, {"max_tokens": 256})
    monkeypatch.delenv("OPENAI_BASE_URL")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.delenv("FACT_MEMORY_MODEL")
    hosted = model_from_env()
    assert (hosted.model_name, hosted.max_tokens) == ("gpt-4o-mini", 256)
