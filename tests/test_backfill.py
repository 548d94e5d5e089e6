"""remember_many / aremember_many: many messages at once, each atomic and exactly once, with
embedding calls shared across messages; the same facts as remember() in a loop."""

from __future__ import annotations

import pytest

from fact_memory_graph import FactMemory, InvalidInputError
from fact_memory_graph.testing import ScriptedChatModel, prompt_message


def _ops(messages):
    text = prompt_message(messages)
    if "explode" in text:
        raise TimeoutError("model timed out")
    topic = text.split(":", 1)[1].strip()
    return [{"op": "add_durable", "category": "preference", "claim": f"enjoys {topic}"},
            {"op": "add_current", "category": "working_on", "claim": f"practising {topic} this week"}]


TOPICS = ["chess", "cooking", "jazz piano", "climbing"]


def _items(users: list[str]) -> list[dict]:
    return [{"user_id": u, "message": f"{u}'s message {i}: {t}", "message_id": f"{u}-{i}"}
            for u in users for i, t in enumerate(TOPICS)]


def _claims(memory: FactMemory, user: str) -> list[tuple[str, str]]:
    return sorted((f.claim, f.status.value) for f in memory.facts.list(user))


def test_same_facts_as_a_loop_exactly_once(make_memory, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=_ops))
    users = [f"{user_id}-{n}" for n in range(3)]
    outcomes = memory.remember_many(_items(users), concurrency=6)
    assert [o.message_id for o in outcomes] == [i["message_id"] for i in _items(users)]
    assert all(o.error is None and [a.op for a in o.applied] == ["add_durable", "add_current"] for o in outcomes)
    loop_user = f"{user_id}-loop"
    for item in _items([loop_user]):
        memory.remember(loop_user, item["message"], message_id=item["message_id"])
    assert _claims(memory, users[0]) == _claims(memory, loop_user)
    again = memory.remember_many(_items(users))
    assert all(o.already_processed for o in again)
    assert sum(len(memory.facts.list(u)) for u in users) == 3 * len(TOPICS) * 2


async def test_embedding_calls_are_shared(make_memory, user_id: str, monkeypatch) -> None:
    from fact_memory_graph import batching

    made = []
    original = batching.BatchingEmbeddings.__init__

    def spy(self, *args, **kwargs):
        original(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(batching.BatchingEmbeddings, "__init__", spy)
    memory: FactMemory = make_memory(ScriptedChatModel(default=_ops))
    users = [f"{user_id}-{n}" for n in range(8)]
    outcomes = await memory.aremember_many(_items(users), concurrency=8)
    assert len(outcomes) == 32 and all(o.error is None for o in outcomes)
    [used] = made
    assert used.texts == 32 * 3  # each message: its probe + two claims
    assert used.calls < used.texts / 2  # shared batches, not one call per text


def test_a_failed_message_is_reported_and_retried(make_memory, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=_ops))
    items = _items([user_id])
    items[1] = {**items[1], "message": f"{user_id}'s message 1: explode"}
    outcomes = memory.remember_many(items)
    assert outcomes[1].error and "timed out" in outcomes[1].error
    assert all(o.error is None for i, o in enumerate(outcomes) if i != 1)
    assert len(memory.facts.list(user_id)) == 6
    items[1] = {**items[1], "message": f"{user_id}'s message 1: cooking"}
    retried = memory.remember_many(items)
    assert [o.already_processed for o in retried] == [True, False, True, True]
    assert len(memory.facts.list(user_id)) == 8


def test_bad_items(make_memory, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=_ops))
    with pytest.raises(InvalidInputError, match="user_id and message"):
        memory.remember_many([{"message": "hi"}])
    with pytest.raises(InvalidInputError, match="concurrency"):
        memory.remember_many(_items([user_id]), concurrency=0)
    assert memory.remember_many([]) == []


async def test_sync_twin_refuses_a_running_loop(make_memory, user_id: str) -> None:
    from fact_memory_graph import ConfigurationError

    memory: FactMemory = make_memory(ScriptedChatModel(default=_ops))
    with pytest.raises(ConfigurationError, match="aremember_many"):
        memory.remember_many(_items([user_id]))
