"""``memory.admin.warm_up()`` builds the whole secret filter before a user's first message."""

from __future__ import annotations

import re._compiler as compiler
import traceback

import pytest

from fact_memory_graph.secrets import redact_thread, warming
from tests.unit.secret_corpus import LOOK_ALIKES, SECRETS


def _filter_compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Patterns of more than 1,000 characters (a reader's set of names or words; what a message
    builds for itself, a region's phone pattern or a word heard in it, is shorter) that the
    filter's modules compile from now on."""
    seen: list[str] = []
    original = compiler.compile

    def recording(pattern, flags=0):  # noqa: ANN001, ANN202
        ours = [f for f in traceback.extract_stack()[:-1] if "/fact_memory_graph/secrets/" in f.filename]
        if ours and len(str(pattern)) > 1_000:
            seen.append(f"{ours[-1].name}: {str(pattern)[:60]}")
        return original(pattern, flags)

    monkeypatch.setattr(compiler, "compile", recording)
    return seen


def test_every_builder_is_built() -> None:
    warming.warm_up()
    unbuilt = [f"{m.__name__}.{b.__name__}" for m in warming._modules() for b in warming._builders(m)
               if b.cache_info().currsize == 0]
    assert unbuilt == []
    assert warming._done.is_set()


def test_after_warm_up_no_message_builds_a_readers_patterns(monkeypatch: pytest.MonkeyPatch) -> None:
    warming.warm_up()
    compiled = _filter_compiles(monkeypatch)
    texts = [text for text, _ in SECRETS] + list(LOOK_ALIKES)
    for text in texts:
        redact_thread(text + " ", ())  # a text the caches have not seen
    assert compiled == []


def test_memory_admin_warm_up_and_its_twin(make_memory) -> None:  # noqa: ANN001
    import asyncio

    from fact_memory_graph.testing import ScriptedChatModel

    memory = make_memory(ScriptedChatModel(default=[]))
    memory.admin.warm_up()
    asyncio.run(memory.admin.awarm_up())
    assert warming._done.is_set()


_COLD_PROCESS = r"""
import json, sys
from langchain_core.messages import HumanMessage
from fact_memory_graph.memory import FactMemory
from fact_memory_graph.testing import ScriptedChatModel
from fact_memory_graph.secrets import warming
memory = FactMemory.open(sys.argv[1], llm=ScriptedChatModel(default=[]))
cold = not warming._done.is_set()  # open() returned before the filter was built
out = memory.write_node().invoke({"messages": [HumanMessage(sys.argv[3], id="cold-1")]},
                                 {"configurable": {"user_id": sys.argv[2]}})
memory.close()
print(json.dumps({"cold": cold, "outcome": out["memory_outcome"]}))
"""


def test_a_fresh_process_first_write_is_queued_not_spooled(db_url: str, user_id: str) -> None:
    """Building the filter's patterns in a fresh process is no outage: the first turn (a card's,
    2.5 s of building here) is read before the write budget starts and is queued, not spooled."""
    import json
    import subprocess
    import sys

    text = "my card is 4539 1488 0343 6467 exp 04/27"
    done = subprocess.run([sys.executable, "-c", _COLD_PROCESS, db_url, user_id, text],
                          capture_output=True, text=True, timeout=300, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["cold"] is True
    assert result["outcome"]["queued"] == ["cold-1"] and result["outcome"]["spooled"] == []
    assert "did not answer within the write budget" not in done.stderr
