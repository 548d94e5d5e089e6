"""The `fact-memory` CLI and the demo, on the real embedded Postgres."""

from __future__ import annotations

import contextlib
import json
import re
import uuid
from datetime import datetime, timedelta

import pytest
from langchain_core.embeddings import Embeddings
from rich.console import Console
from typer.testing import CliRunner

from fact_memory_graph import FactMemory
from fact_memory_graph.cli import app
from fact_memory_graph.demo import run_demo
from fact_memory_graph.testing import ScriptedChatModel

runner = CliRunner()


@pytest.fixture(autouse=True)
def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("FACT_MEMORY_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)


def test_demo_runs_the_real_pipeline_offline(db_url: str) -> None:
    run_demo(Console(record=True, width=120), database_url=db_url)  # a second run works as the first
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
    (mia,) = summary["people"]  # the relationships evaluator rode on the same call
    assert (mia.name, mia.relation) == ("Mia", "sister") and len(mia.fact_ids) >= 2


def test_cli_commands(db_url: str) -> None:
    user = f"cli-{uuid.uuid4().hex[:8]}"
    db = ["--database-url", db_url]
    with FactMemory.open(db_url) as memory:
        memory.facts.add(user, "lives in Berlin", kind="durable", category="identity")
        memory.facts.add(user, "anxious this morning", kind="current", category="feeling")
    result = runner.invoke(app, ["recall", user, "where do I live?", *db])
    assert result.exit_code == 0 and '[identity] "lives in Berlin"' in result.output
    result = runner.invoke(app, ["facts", user, "--json", *db])
    assert result.exit_code == 0 and {f["claim"] for f in json.loads(result.output)} == {"lives in Berlin", "anxious this morning"}
    result = runner.invoke(app, ["facts", user, "--kind", "current", *db])
    assert "anxious" in result.output and "Berlin" not in result.output
    result = runner.invoke(app, ["stats", user, "--json", *db])
    assert json.loads(result.output)["facts"] == {"current": {"active": 1}, "durable": {"active": 1}}
    result = runner.invoke(app, ["export", user, *db])
    assert result.exit_code == 0 and len(json.loads(result.output)["audit_log"]) == 2
    assert runner.invoke(app, ["candidates", user, *db]).exit_code == 0
    assert runner.invoke(app, ["forget", user, *db]).exit_code == 2  # needs --yes
    result = runner.invoke(app, ["forget", user, "--yes", *db])
    assert result.exit_code == 0 and result.output.startswith(f"forgot {user}: deleted ") and "2 facts" in result.output
    result = runner.invoke(app, ["recall", user, "anything", *db])
    assert f"no facts for {user}" in result.output
    result = runner.invoke(app, ["forget", user, "--yes", "--json", *db])  # data with --json
    assert result.exit_code == 0 and json.loads(result.output)["facts"] == 0


def test_cli_rough_edges_a_new_user_met(db_url: str, tmp_path) -> None:
    """What a first afternoon with the CLI ran into, each now like its neighbours: 0 done, 1 found
    a problem, 2 could not run; a sentence by default."""
    user = f"cli-{uuid.uuid4().hex[:8]}"
    db = ["--database-url", db_url]
    # No default category: "likes jazz" is not an identity; the kind follows the category.
    result = runner.invoke(app, ["add", user, "likes jazz", *db])
    assert result.exit_code == 2 and "--category" in result.output
    result = runner.invoke(app, ["add", user, "likes jazz", "--category", "preference", "--json", *db])
    assert result.exit_code == 0 and json.loads(result.output)["op"] == "add_durable"
    result = runner.invoke(app, ["add", user, "tired", "--category", "physical_state", "--json", *db])
    assert json.loads(result.output)["kind"] == "current"  # no --kind needed
    result = runner.invoke(app, ["add", user, "tired", "--category", "physical_state", "--kind", "durable", *db])
    assert result.exit_code == 2 and "is a current category" in result.output
    # A date-only --expires lasts through that day (local time); a past one is said plainly.
    result = runner.invoke(app, ["add", user, "on holiday", "--category", "schedule_context", "--expires", "2099-12-01",
                                 "--json", *db])
    assert result.exit_code == 0
    with FactMemory.open(db_url) as memory:
        [holiday] = [f for f in memory.facts.list(user) if f.claim == "on holiday"]
    local_end = datetime(2099, 12, 2).astimezone() - timedelta(microseconds=1)
    assert holiday.expires_at == local_end
    result = runner.invoke(app, ["add", user, "on holiday", "--category", "schedule_context", "--expires", "2001-01-01",
                                 *db])
    assert result.exit_code == 2 and "already past" in result.output and "zone" not in result.output
    # Bad input that needs no store fails before any open; an unknown user's export is a problem.
    result = runner.invoke(app, ["facts", "", "--database-url", "postgresql://nobody@127.0.0.1:1/nodb"])
    assert result.exit_code == 2 and "user id" in result.output and "connect" not in result.output
    out = tmp_path / "nobody.json"
    result = runner.invoke(app, ["export", f"nobody-{user}", "--output", str(out), *db])
    assert result.exit_code == 1 and "nothing is stored" in result.output and not out.exists()
    # `review` without a model could not run, as `remember` (2); no digest yet is not a failure.
    result = runner.invoke(app, ["review", user, *db])
    assert result.exit_code == 2 and "no chat model" in result.output
    assert runner.invoke(app, ["forget", user, "--yes", *db]).exit_code == 0


def test_cli_bad_input_exits_non_zero(db_url: str) -> None:
    db = ["--database-url", db_url]
    assert runner.invoke(app, ["facts", "u", "--kind", "weird", *db]).exit_code == 2
    assert runner.invoke(app, ["recall", "u", "q", "--at", "yesterday", *db]).exit_code == 2
    assert runner.invoke(app, ["recall", "u", "q", "--at", "2026-03-01T09:00", *db]).exit_code == 2  # no timezone
    result = runner.invoke(app, ["remember", "u", "I live in Berlin", *db])
    assert result.exit_code == 2 and "no chat model" in result.output  # configuration
    result = runner.invoke(app, ["resolve", "u", str(uuid.uuid4()), "--accept", *db])
    assert result.exit_code == 2 and "no candidate" in result.output
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


def test_cli_review_flow_with_short_ids_and_json(db_url: str) -> None:
    """Full ids are printed, any unique prefix is accepted, resolve needs --accept or --reject,
    every listing has --json, and the single-fact commands work end to end."""
    user = f"cli-{uuid.uuid4().hex[:8]}"
    db = ["--database-url", db_url]
    script = {"I moved to Tokyo": [{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo",
                                    "category": "identity"}]}
    with FactMemory.open(db_url, llm=ScriptedChatModel(by_message=script)) as memory:
        old = memory.facts.add(user, "lives in Berlin", kind="durable", category="identity").fact_id
        memory.facts.add(user, "anxious this morning", kind="current", category="feeling")
        assert memory.remember(user, "I moved to Tokyo").applied[0].op == "contradict"
    listed = runner.invoke(app, ["candidates", user, *db], env={"COLUMNS": "80"})
    candidate = json.loads(runner.invoke(app, ["candidates", user, "--json", *db]).output)[0]
    assert candidate["id"] in listed.output  # whole, even at 80 columns
    assert candidate["contradicts_claim"] == "lives in Berlin"
    result = runner.invoke(app, ["resolve", user, candidate["id"][:8], *db])
    assert result.exit_code == 2 and "--accept" in result.output and "--reject" in result.output
    result = runner.invoke(app, ["resolve", user, candidate["id"][:8], "--reject", *db])
    assert result.exit_code == 0 and f"candidate {candidate['id']} rejected" in result.output
    assert "no pending candidates" in runner.invoke(app, ["candidates", user, *db]).output

    short = str(old)[:6]
    assert json.loads(runner.invoke(app, ["show", user, short, "--json", *db]).output)["claim"] == "lives in Berlin"
    result = runner.invoke(app, ["update", user, short, "lives in Munich", "--json", *db])
    assert result.exit_code == 0
    new_id = json.loads(result.output)["fact_id"]
    chain = json.loads(runner.invoke(app, ["history", user, new_id[:8], "--json", *db]).output)
    assert [(f["claim"], f["status"]) for f in chain["facts"]] == [("lives in Berlin", "superseded"),
                                                                   ("lives in Munich", "active")]
    assert {a["op"] for a in chain["audit"]} >= {"add_durable", "supersede"}
    audit = json.loads(runner.invoke(app, ["audit", user, "--json", *db]).output)
    assert len(audit) >= 4
    assert any(u["user_id"] == user and u["facts"] == 3
               for u in json.loads(runner.invoke(app, ["users", "--json", *db]).output))
    result = runner.invoke(app, ["add", user, "tired", "--kind", "current", "--category", "physical_state",
                                 "--json", *db])
    assert json.loads(result.output)["op"] == "add_current"
    assert runner.invoke(app, ["purge", user, new_id[:8], *db]).exit_code == 2  # needs --yes
    result = runner.invoke(app, ["purge", user, new_id[:8], "--yes", *db])
    assert result.exit_code == 0 and new_id in result.output
    assert json.loads(runner.invoke(app, ["maintain", user, "--json", *db]).output)[user] == {
        "expired": 0, "dormant": 0, "archived": 0, "message_log": 0}  # and the log's trim, as the worker's
    # Unknown and ambiguous ids are one-line errors.
    result = runner.invoke(app, ["show", user, "zzz", *db])
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "not a fact id" in result.output
    result = runner.invoke(app, ["show", user, "", *db])
    assert result.exit_code == 2


def test_cli_messages_for_empty_input(db_url: str) -> None:
    user = f"cli-{uuid.uuid4().hex[:8]}"
    db = ["--database-url", db_url]
    result = runner.invoke(app, ["remember", user, "   ", *db])
    assert result.exit_code == 0 and result.output.strip() == "skipped: empty message"
    assert runner.invoke(app, ["facts", user, *db]).output.strip() == f"no facts for {user}"
    assert json.loads(runner.invoke(app, ["facts", user, "--json", *db]).output) == []


def test_cli_listings_need_no_embedder(fresh_db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database built with another embedder (here 8 dimensions) can still be listed."""
    class EightDims(Embeddings):
        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return [self.embed_query(t) for t in texts]

        def embed_query(self, text: str) -> list[float]:
            return [1.0] + [0.0] * 7

    with FactMemory.open(fresh_db_url, embeddings=EightDims()) as memory:
        memory.facts.add("u", "likes tea", kind="durable", category="preference")
    monkeypatch.setenv("FACT_MEMORY_EMBEDDINGS", "no-such-embedder")  # would fail if anything loaded it
    result = runner.invoke(app, ["facts", "u", "--json", "--database-url", fresh_db_url])
    assert result.exit_code == 0 and json.loads(result.output)[0]["claim"] == "likes tea"
    result = runner.invoke(app, ["recall", "u", "tea", "--database-url", fresh_db_url])
    assert result.exit_code == 2 and "FACT_MEMORY_EMBEDDINGS" in result.output


def test_database_urls_and_passwords() -> None:
    from fact_memory_graph.errors import ConfigurationError
    from fact_memory_graph.settings import normalize_database_url

    assert normalize_database_url("postgresql+psycopg://u:pw@h:5432/db") == "postgresql://u:pw@h:5432/db"
    assert normalize_database_url("postgres+asyncpg://u@h/db") == "postgresql://u@h/db"
    assert normalize_database_url("host=h dbname=db") == "host=h dbname=db"
    with pytest.raises(ConfigurationError) as info:
        normalize_database_url("mysql://u:hunter2@h/db")
    assert "hunter2" not in str(info.value)
    # libpq quotes a malformed string whole; the password never reaches the message.
    result = runner.invoke(app, ["users", "--database-url", "postgresql://me:hunter2@127.0.0.1:1/x?sslmode=bogus"])
    assert result.exit_code == 2 and "hunter2" not in result.output and "***" in result.output
    result = runner.invoke(app, ["users", "--database-url", "postgresql+psycopg://me:hunter2@127.0.0.1:1/x"])
    assert result.exit_code == 2 and "cannot connect" in result.output and "hunter2" not in result.output


def test_sqlalchemy_url_opens(db_url: str) -> None:
    from urllib.parse import quote

    from psycopg.conninfo import conninfo_to_dict

    parts = conninfo_to_dict(db_url)
    password = f":{quote(str(parts['password']), safe='')}" if parts.get("password") else ""  # an external server's
    sqlalchemy_style = (f"postgresql+psycopg://{parts.get('user', '')}{password}@{parts.get('hostaddr', '')}"
                        f":{parts.get('port', 5432)}/{parts['dbname']}?host={quote(str(parts.get('host', '')), safe='')}")
    with FactMemory.open(sqlalchemy_style) as memory:
        assert memory.admin.stats("nobody")["messages"] == 0


def test_embeddings_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    from fact_memory_graph.embeddings import LocalMiniLMEmbeddings, embeddings_from_env
    from fact_memory_graph.errors import ConfigurationError

    monkeypatch.delenv("FACT_MEMORY_EMBEDDINGS", raising=False)
    assert isinstance(embeddings_from_env(), LocalMiniLMEmbeddings)
    monkeypatch.setenv("FACT_MEMORY_EMBEDDINGS", "openai:text-embedding-3-small")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert embeddings_from_env().model == "text-embedding-3-small"  # built, never called
    monkeypatch.setenv("FACT_MEMORY_EMBEDDINGS", "cohere")
    with pytest.raises(ConfigurationError, match="local"):
        embeddings_from_env()


def test_missing_extension_privilege_is_a_configuration_error(server_url: str) -> None:
    """A role that may not create the vector extension gets the library's error with the fix."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    from fact_memory_graph.errors import ConfigurationError

    name = f"fm_noext_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        if not conn.execute("SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user").fetchone()[0]:
            pytest.skip("the test server's role cannot create roles (covered by tests/test_external_postgres.py)")
        conn.execute(f"CREATE ROLE {name} LOGIN PASSWORD 'noext-pw'")  # a server with password auth needs it
        conn.execute(f"CREATE DATABASE {name} OWNER {name}")
    url = make_conninfo(**{**conninfo_to_dict(server_url), "user": name, "dbname": name, "password": "noext-pw"})
    with pytest.raises(ConfigurationError, match="CREATE EXTENSION vector") as info:
        FactMemory.open(url)
    assert "psycopg" not in type(info.value).__module__


def test_cli_server_status_start_stop(server_dir) -> None:
    """`server start` keeps the embedded server up for other commands; `server stop` ends it."""
    data = ["--data-dir", str(server_dir)]
    status = json.loads(runner.invoke(app, ["server", "status", "--json", *data]).output)
    assert status["running"] is False
    try:
        result = runner.invoke(app, ["server", "start", *data])
        assert result.exit_code == 0, result.output
        status = json.loads(runner.invoke(app, ["server", "status", "--json", *data]).output)
        assert status["running"] and status["held_by_server_start"] in status["used_by"]
        assert status["accepting_connections"] is True
        # The server dies under its holder (kill -9 of every server process): status says so, and
        # `server start` replaces it rather than saying "running" about a dead server.
        import psutil

        postmaster = psutil.Process(status["pid"])
        processes = [postmaster, *postmaster.children(recursive=True)]
        for proc in processes:
            with contextlib.suppress(psutil.NoSuchProcess):  # a backend gone with the postmaster before its turn
                proc.kill()
        psutil.wait_procs(processes, timeout=30)
        dead = json.loads(runner.invoke(app, ["server", "status", "--json", *data]).output)
        assert dead["accepting_connections"] is False
        result = runner.invoke(app, ["server", "start", *data])
        assert result.exit_code == 0, result.output
        assert json.loads(runner.invoke(app, ["server", "status", "--json", *data]).output)["accepting_connections"]
    finally:
        result = runner.invoke(app, ["server", "stop", *data])
    assert result.exit_code == 0 and "stopped" in result.output
    assert json.loads(runner.invoke(app, ["server", "status", "--json", *data]).output)["running"] is False


def test_operator_commands(db_url: str, tmp_path, clock) -> None:
    """Issue 21: setup, restore, --version, recall --json with --at, resolve's flags, add
    --expires errors, audit --limit newest, stats/export --json, compact without a model."""
    import subprocess
    import sys

    user = f"ops-{uuid.uuid4().hex[:8]}"
    db = ["--database-url", db_url]
    from pathlib import Path

    entry_point = Path(sys.executable).parent / "fact-memory"  # the installed command
    out = subprocess.run([str(entry_point), "--version"], capture_output=True, text=True, check=True).stdout
    assert out.startswith("fact-memory-graph ")
    result = runner.invoke(app, ["setup", "--json", *db])
    assert result.exit_code == 0 and json.loads(result.output)["schema_version"] >= 8
    for i, claim in enumerate(("lives in Berlin", "likes jazz", "has a cat")):
        assert runner.invoke(app, ["add", user, claim, "--category", "identity" if i == 0 else "preference",
                                   "--at", f"2026-03-0{i + 1}T09:00+00:00", *db]).exit_code == 0
    result = runner.invoke(app, ["recall", user, "where do I live?", "--json", "--at", "2026-03-05T00:00+00:00", *db])
    assert result.exit_code == 0 and json.loads(result.output)[0]["claim"] == "lives in Berlin"
    result = runner.invoke(app, ["add", user, "tired", "--kind", "current", "--category", "feeling",
                                 "--expires", "tomorrow", *db])
    assert result.exit_code == 2 and "--expires" in result.output
    result = runner.invoke(app, ["add", user + "-x", "on holiday", "--kind", "current", "--category",
                                 "schedule_context", "--expires", "2030-01-01", "--json", *db])
    assert result.exit_code == 0, result.output  # a plain date: the end of that day, local time
    with FactMemory.open(db_url) as memory:
        [fact] = memory.facts.list(user + "-x")
        assert fact.expires_at == datetime(2030, 1, 2).astimezone() - timedelta(microseconds=1)
    result = runner.invoke(app, ["audit", user, "--limit", "1", "--json", *db])
    assert [json.loads(result.output)[0]["after"]["claim"]] == ["has a cat"]  # the newest
    result = runner.invoke(app, ["audit", user, "--limit", "1", *db])
    assert re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", result.output)  # one ISO 8601 form
    result = runner.invoke(app, ["stats", user, *db])
    assert result.exit_code == 0 and "durable facts, active" in result.output
    assert json.loads(runner.invoke(app, ["stats", user, "--json", *db]).output)["facts"]["durable"]["active"] == 3
    export = tmp_path / "export.json"
    assert runner.invoke(app, ["export", user, "--json", "-o", str(export), *db]).exit_code == 0
    result = runner.invoke(app, ["restore", str(export), "--user", f"{user}-copy", "--json", *db])
    assert result.exit_code == 0 and json.loads(result.output)["facts"] == 3
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**json.loads(export.read_text()), "facts": [{"claim": "x"}]}))
    result = runner.invoke(app, ["restore", str(bad), "--user", f"{user}-bad", *db])
    assert result.exit_code == 2 and "facts[0]" in result.output
    result = runner.invoke(app, ["compact", user, *db])
    assert result.exit_code == 0, result.output
    assert "no model for reconciliation" in result.output


def test_resolve_flags_are_exact(db_url: str) -> None:
    from fact_memory_graph.testing import ScriptedChatModel

    user = f"res-{uuid.uuid4().hex[:8]}"
    db = ["--database-url", db_url]
    with FactMemory.open(db_url, llm=ScriptedChatModel(responses=[[
            {"op": "contradict", "ref": "D1", "claim": "lives in Tokyo", "category": "identity"}]])) as memory:
        memory.facts.add(user, "lives in Berlin", kind="durable", category="identity")
        memory.remember(user, "I moved to Tokyo")
        [cand] = memory.corrections.list(user)
    result = runner.invoke(app, ["resolve", user, str(cand.id), "--accept", "--reject", *db])
    assert result.exit_code == 2 and "exactly one" in result.output
    with FactMemory.open(db_url) as memory:
        assert len(memory.corrections.list(user)) == 1  # nothing changed
    assert runner.invoke(app, ["resolve", user, str(cand.id), "--reject", *db]).exit_code == 0
    result = runner.invoke(app, ["resolve", user, str(cand.id), "--accept", *db])
    assert result.exit_code == 2 and "already rejected" in result.output


def test_the_demo_never_uses_the_environments_database(monkeypatch, db_url: str) -> None:
    """FACT_MEMORY_DATABASE_URL points at an application's database: the demo stays on the
    embedded server unless --database-url names one."""
    monkeypatch.setenv("FACT_MEMORY_DATABASE_URL", db_url)
    from fact_memory_graph import memory as memory_module

    opened: list = []

    def spy(cls, database_url=None, **kwargs):
        opened.append((database_url, kwargs.get("embedded_only")))
        raise RuntimeError("stop here")

    monkeypatch.setattr(memory_module.FactMemory, "open", classmethod(spy))
    runner.invoke(app, ["demo"])
    assert opened == [(None, True)]  # the embedded server, whatever the environment says


def test_setup_citus_on_a_plain_postgres_says_what_is_missing(db_url: str) -> None:
    result = runner.invoke(app, ["setup", "--citus", "--database-url", db_url])
    assert result.exit_code == 2 and "CREATE EXTENSION citus" in result.output


def test_cli_custom_categories_people_and_digest(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A custom category from FACT_MEMORY_CATEGORIES is accepted by `add` and listed by `facts`;
    without it `add` refuses the category; `people` lists the evaluators' people; a broken
    FACT_MEMORY_CATEGORIES is a configuration error (exit 2)."""
    user = f"cli-{uuid.uuid4().hex[:8]}"
    db = ["--database-url", db_url]
    add = ["add", user, "ran 40 km this week", "--kind", "current", "--category", "training_load", *db]
    assert runner.invoke(app, add).exit_code == 2
    monkeypatch.setenv("FACT_MEMORY_CATEGORIES", json.dumps(
        [{"name": "training_load", "kind": "current", "description": "ran 40 km this week"}]))
    result = runner.invoke(app, add)
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["facts", user, "--category", "training_load", "--json", *db])
    assert [f["claim"] for f in json.loads(result.output)] == ["ran 40 km this week"]
    result = runner.invoke(app, ["people", user, "--json", *db])
    assert result.exit_code == 0 and json.loads(result.output) == []
    monkeypatch.setenv("FACT_MEMORY_CATEGORIES", "[{oops")
    assert runner.invoke(app, ["facts", user, *db]).exit_code in (0, 2)  # listings open the store only
    assert runner.invoke(app, add).exit_code == 2
