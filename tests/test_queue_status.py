"""An operator can see why a message waits: `queue status` names the drainer holding a batch and
until when, the next retry, parked messages with their reason, and a missing model; `queue drain`
says why it could do nothing, with a non-zero exit."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from langchain_core.messages import HumanMessage
from typer.testing import CliRunner

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.cli import app
from fact_memory_graph.store.plans.queue import drainer_name
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

runner = CliRunner()


@pytest.fixture(autouse=True)
def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("FACT_MEMORY_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)


def test_status_names_the_holder_the_retry_and_the_parked_reason(make_memory, db_url: str, user_id: str,
                                                                 clock: FixedClock) -> None:
    def broken(messages):
        raise RuntimeError("the model is down")

    memory: FactMemory = make_memory(ScriptedChatModel(default=broken), config=FactMemoryConfig(
        queue=QueueConfig(drainer="off", after_seconds=0, max_attempts=1)))
    node, config = memory.write_node(), {"configurable": {"user_id": user_id}}
    node.invoke({"messages": [HumanMessage("I live in Oslo", id="p1")]}, config)
    memory.queue.drain_once(user_id)  # fails once: parked (max_attempts=1)
    node.invoke({"messages": [HumanMessage("I like tea", id="h1")]}, config)
    # A drainer that died holding the batch (claimed at the wall clock's now: the CLI below reads it).
    assert memory.store.claim(user_id, now=datetime.now(UTC), lease_s=3600, max_batch=8, force=True)
    status = memory.queue.status(user_id)
    assert [(r["holder"], r["messages"]) for r in status["leases"]] == [(drainer_name(), 1)]
    assert status["parked"][0]["message_id"] == "p1" and "the model is down" in status["parked"][0]["reason"]
    assert status["model"] is None  # this memory has a model

    shown = runner.invoke(app, ["queue", "status", user_id, "--json", "--database-url", db_url])
    info = json.loads(shown.stdout)
    assert info["leases"][0]["holder"] == drainer_name() and info["parked"][0]["message_id"] == "p1"
    assert "no chat model" in info["no_model"]  # the CLI process has none
    text = runner.invoke(app, ["queue", "status", user_id, "--database-url", db_url]).stdout
    assert "held by" in text and "parked" in text and "cannot extract" in text

    drained = runner.invoke(app, ["queue", "drain", user_id, "--timeout", "0", "--database-url", db_url])
    assert drained.exit_code == 2 and "no chat model" in drained.stderr
    memory.forget(user_id)  # the shared database's other tests never meet a batch held for an hour
