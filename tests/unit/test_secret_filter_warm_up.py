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
