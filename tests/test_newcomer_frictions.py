"""What a newcomer met trying the docs and the API: the kind a category implies, the extra the
middleware needs, the queue's calls all documented."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from fact_memory_graph import FactMemory, InvalidInputError
from fact_memory_graph.queue import MessageQueue

ROOT = Path(__file__).resolve().parent.parent


def test_facts_add_takes_the_kind_from_the_category(memory: FactMemory, user_id: str) -> None:
    durable = memory.facts.add(user_id, "lives in Berlin", category="identity")
    current = memory.facts.add(user_id, "tired today", category="feeling")
    assert (durable.kind.value, current.kind.value) == ("durable", "current")
    outcome = memory.facts.add_many(user_id, [{"claim": "has a sister Mia", "category": "relationship"}])
    assert [a.kind.value for a in outcome.applied] == ["durable"]
    with pytest.raises(InvalidInputError, match="unknown category 'hobbyz'.*kind="):
        memory.facts.add(user_id, "likes chess", category="hobbyz")
    with pytest.raises(InvalidInputError, match="not a current category"):  # an explicit kind still checked
        memory.facts.add(user_id, "lives in Rome", category="identity", kind="current")


async def test_facts_aadd_takes_the_kind_from_the_category(memory: FactMemory, user_id: str) -> None:
    applied = await memory.facts.aadd(user_id, "anxious this morning", category="feeling")
    assert applied.kind.value == "current"


def test_the_middleware_without_the_agents_extra_names_the_extra() -> None:
    code = ("import sys; sys.modules['langchain'] = None\n"
            "from fact_memory_graph.middleware import FactMemoryMiddleware\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert 'pip install "fact-memory-graph[agents]"' in done.stderr.splitlines()[-1]
    assert done.stderr.splitlines()[-1].startswith("ModuleNotFoundError")


def test_every_public_call_of_the_queue_is_documented() -> None:
    public = {n for n in dir(MessageQueue) if not n.startswith("_") and callable(getattr(MessageQueue, n))}
    page = (ROOT / "docs" / "queue.md").read_text().split("## What `memory.queue` offers", 1)[1]
    table = page.split("\n## ", 1)[0]
    documented = set(re.findall(r"`(\w+)\(", table)) | set(re.findall(r"/ `(\w+)`", table))
    missing = public - documented
    assert not missing, f"docs/queue.md does not list: {sorted(missing)}"


def test_a_repeated_op_of_one_message_is_said_in_the_outcome(make_memory, user_id: str) -> None:
    """One burst or message whose extraction repeats an op: the repeat is merged, and the outcome
    says so in ``rejected`` (before, it vanished from both lists)."""
    from fact_memory_graph.nodes.dedup import REPEAT_REASON
    from fact_memory_graph.testing import ScriptedChatModel

    berlin = {"op": "add_durable", "category": "identity", "claim": "lives in Berlin"}
    memory: FactMemory = make_memory(ScriptedChatModel(default=[berlin, dict(berlin)]))
    outcome = memory.remember(user_id, "I live in Berlin. Yes, Berlin, really.", message_id="rep-1")
    assert [a.claim for a in outcome.applied] == ["lives in Berlin"]
    (repeat,) = outcome.rejected
    assert repeat.reason.startswith(REPEAT_REASON) and repeat.op["claim"] == "lives in Berlin"
    batch = memory.facts.add_many(user_id, [{"claim": "likes jazz", "category": "preference"},
                                            {"claim": "likes jazz", "category": "preference"}])
    assert len(batch.applied) == 1 and [r.op["claim"] for r in batch.rejected] == ["likes jazz"]
