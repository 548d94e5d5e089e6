"""What an operator runs: the shipped worker's digest channel from the environment (004 R18),
`fact-memory maintain` doing what the worker's maintenance does, one-line errors, and the
command table of docs/operations.md agreeing with the CLI."""

from __future__ import annotations

import http.server
import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from typer.testing import CliRunner

from fact_memory_graph import FactMemory
from fact_memory_graph.cli import app
from fact_memory_graph.errors import ConfigurationError
from fact_memory_graph.jobs import run_worker
from fact_memory_graph.settings import config_from_env
from fact_memory_graph.testing import FixedClock, ScriptedChatModel
from tests.test_forget_final import lives_in, offline, place

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("FACT_MEMORY_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def webhook() -> Any:
    """A webhook on loopback recording each POST's body and headers."""
    received: list[dict[str, Any]] = []

    class Hook(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            received.append({"body": body, "headers": dict(self.headers)})
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/digest", received
    finally:
        server.shutdown()


def test_the_digest_channel_is_set_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert config_from_env().digest.webhook_url is None  # nothing set: the digest is only stored
    monkeypatch.setenv("FACT_MEMORY_DIGEST_WEBHOOK_URL", "https://hooks.example/x")
    monkeypatch.setenv("FACT_MEMORY_DIGEST_WEBHOOK_HEADERS", '{"Authorization": "Bearer t"}')
    monkeypatch.setenv("FACT_MEMORY_DIGEST_WEBHOOK_TIMEOUT", "5")
    monkeypatch.setenv("FACT_MEMORY_DIGEST_WEBHOOK_ATTEMPTS", "4")
    monkeypatch.setenv("FACT_MEMORY_DIGEST_LOG", "1")
    monkeypatch.setenv("FACT_MEMORY_DIGEST_SCHEDULE", "0 6 * * 1")
    cfg = config_from_env().digest
    assert (cfg.webhook_url, cfg.webhook_headers, cfg.webhook_timeout_s, cfg.webhook_attempts, cfg.log,
            cfg.schedule) == ("https://hooks.example/x", {"Authorization": "Bearer t"}, 5.0, 4, True, "0 6 * * 1")
    monkeypatch.setenv("FACT_MEMORY_DIGEST_WEBHOOK_URL", "file:///etc/passwd")
    with pytest.raises(ConfigurationError, match="http"):
        config_from_env()
    monkeypatch.setenv("FACT_MEMORY_DIGEST_WEBHOOK_URL", "https://hooks.example/x")
    monkeypatch.setenv("FACT_MEMORY_DIGEST_WEBHOOK_HEADERS", "{not json")
    with pytest.raises(ConfigurationError, match="HEADERS"):
        config_from_env()


@pytest.mark.block_network(allowed_hosts=["127.0.0.1"])  # the webhook on loopback only
async def test_the_worker_opened_as_the_cli_opens_it_posts_the_digest(
        fresh_db_url: str, embeddings: Any, clock: FixedClock, webhook: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`fact-memory worker` opens the memory with the environment's configuration only: with
    FACT_MEMORY_DIGEST_WEBHOOK_URL set, its weekly task posts the digest there (004 R18)."""
    url, received = webhook
    monkeypatch.setenv("FACT_MEMORY_DIGEST_WEBHOOK_URL", url)
    monkeypatch.setenv("FACT_MEMORY_DIGEST_WEBHOOK_HEADERS", '{"Authorization": "Bearer secret-token"}')
    memory = FactMemory.open(fresh_db_url, embeddings=embeddings, clock=clock, llm=ScriptedChatModel())
    try:
        memory.facts.add("dana", "likes jazz", kind="durable", category="preference")

        async def digest_now(job_app: Any) -> None:
            await job_app.tasks["fact_memory.weekly_digest"].defer_async(timestamp=0)

        assert await run_worker(memory, once=True, before=digest_now) == 0
    finally:
        memory.close()
    (post,) = received
    assert post["headers"]["Authorization"] == "Bearer secret-token"
    assert post["headers"]["Idempotency-Key"] == f"fact-memory-digest-{post['body']['week_start']}"
    assert post["body"]["markdown"].startswith("# ")


@pytest.mark.block_network(allowed_hosts=["127.0.0.1"])
def test_the_cli_delivers_the_digest_once(fresh_db_url: str, webhook: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    url, received = webhook
    db = ["--database-url", fresh_db_url]
    result = runner.invoke(app, ["digest", "--deliver", *db])
    assert result.exit_code == 2 and "FACT_MEMORY_DIGEST_WEBHOOK_URL" in result.output  # no channel set
    monkeypatch.setenv("FACT_MEMORY_DIGEST_WEBHOOK_URL", url)
    result = runner.invoke(app, ["digest", "--build", "--deliver", *db])
    assert result.exit_code == 0 and "digest delivered" in result.output, result.output
    result = runner.invoke(app, ["digest", "--deliver", *db])
    assert result.exit_code == 0 and "nothing to deliver" in result.output
    assert len(received) == 1


def test_cli_maintain_trims_the_message_log_and_applies_retention(
        make_memory: Any, db_url: str, user_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command does what the worker's maintenance does: the message log's trim and
    ``FACT_MEMORY_RETENTION_DAYS`` (the test clock is months before the command's now)."""
    city = place()
    memory: FactMemory = make_memory(ScriptedChatModel(default=lives_in), config=offline())
    memory.write_node().invoke({"messages": [HumanMessage(f"I live in {city}", id="m1")]},
                               {"configurable": {"user_id": user_id}})
    memory.flush(user_id)
    gone = memory.facts.add(user_id, "likes jazz", kind="durable", category="preference")
    memory.facts.retract(user_id, gone.fact_id)
    assert len(memory.export(user_id)["message_log"]) == 1
    monkeypatch.setenv("FACT_MEMORY_RETENTION_DAYS", "30")
    result = runner.invoke(app, ["maintain", user_id, "--json", "--database-url", db_url])
    assert result.exit_code == 0, result.output
    counts = json.loads(result.output)[user_id]
    assert counts["purged_facts"] == 1 and counts["message_log"] == 1, counts
    assert memory.export(user_id)["message_log"] == []
    assert [f.claim for f in memory.facts.list(user_id, status=None)] == [f"lives in {city}"]
    memory.forget(user_id)


def test_health_with_a_window_too_long_is_one_line(db_url: str) -> None:
    result = runner.invoke(app, ["health", "--since", "99999999d", "--database-url", db_url])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1 and "too long" in result.output


def _required_options() -> dict[str, set[str]]:
    """Each command's required options, from the CLI itself ("queue status" for sub-commands)."""
    import typer.main

    group = typer.main.get_command(app)
    out: dict[str, set[str]] = {}

    def walk(command: Any, prefix: str) -> None:
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{prefix}{name} ")
        out[prefix.strip()] = {opt for p in command.params if p.required and p.param_type_name == "option"
                               for opt in p.opts}

    walk(group, "")
    return out


def test_the_documented_command_table_brackets_only_optional_options() -> None:
    required = _required_options()
    table = (ROOT / "docs" / "operations.md").read_text().split("## Command line", 1)[1].split("\n## ", 1)[0]
    checked = 0
    for usage in re.findall(r"`([a-z][a-z -]*[A-Z\[\- ][^`]*)`", table):
        words = usage.split()
        name = " ".join(words[:2]) if " ".join(words[:2]) in required else words[0]
        if name not in required:
            continue
        bracketed = {o for group in re.findall(r"\[([^\]]*)\]", usage) for o in re.findall(r"--[a-z-]+", group)}
        assert not bracketed & required[name], f"{usage!r}: {bracketed & required[name]} is required"
        missing = {o for o in required[name] if o.startswith("--")} - set(re.findall(r"--[a-z-]+", usage))
        assert not missing, f"{usage!r} does not show the required {missing}"
        checked += 1
    assert checked >= 20


def test_the_readme_states_the_archive_the_code_does() -> None:
    """000 R5 vs 001 R14, decided: fading has no cliff, disuse archives after 180 days; the README,
    docs/lifecycle.md and the default say the same."""
    from fact_memory_graph import LifecyclePolicy

    days = int(LifecyclePolicy().archive_current_after_days or 0)
    opening = (ROOT / "README.md").read_text().split("## Quick start", 1)[0]
    assert days == 180 and f"for {days} days is archived" in " ".join(opening.split())
    assert "archive_current_after_days=None" in opening
    for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        assert "no hard cutoff" not in page.read_text() and "never with a hard cutoff" not in page.read_text(), page
    lifecycle = " ".join((ROOT / "docs" / "lifecycle.md").read_text().split())
    assert f"`LifecyclePolicy.archive_current_after_days` ({days}; `None`: never)" in lifecycle


def test_the_installed_command_posts_the_digest_to_the_environments_webhook(fresh_db_url: str, webhook: Any) -> None:
    """The entry point a deployment runs, in its own process, configured by the environment only."""
    import os
    import subprocess
    import sys

    url, received = webhook
    env = {**os.environ, "FACT_MEMORY_DIGEST_WEBHOOK_URL": url, "FACT_MEMORY_DIGEST_WEBHOOK_ATTEMPTS": "1"}
    for var in ("FACT_MEMORY_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "FACT_MEMORY_DATABASE_URL"):
        env.pop(var, None)
    command = Path(sys.executable).with_name("fact-memory")
    done = subprocess.run([str(command), "digest", "--build", "--deliver", "--database-url", fresh_db_url],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "digest delivered" in done.stderr, done.stderr[-500:]
    (post,) = received
    assert post["body"]["markdown"].startswith("# ") and post["headers"]["Idempotency-Key"].startswith("fact-memory-digest-")
