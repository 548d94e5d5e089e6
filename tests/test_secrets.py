"""No secret is stored at the defaults (seed 001 R16): masked before the extractor sees a message
and before it is queued; a proposed fact that still carries one is withheld (audited without its
text); a direct write of one is refused. Special categories stay storable."""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import (
    FactMemory,
    FactMemoryConfig,
    InvalidInputError,
    QueueConfig,
    WriteConfig,
)
from fact_memory_graph.sanitize import find_secrets, redact_secrets
from fact_memory_graph.testing import ScriptedChatModel, prompt_message

SECRET_MESSAGE = ("My card is 4111 1111 1111 1111, my password is hunter2!, SSN 123-45-6789, "
                  "and my key is sk-abcdefghijklmnopqrstuvwxyz. I'm allergic to penicillin.")


@pytest.mark.parametrize(("text", "kinds"), [
    ("card 4111-1111-1111-1111", ["card number"]),
    # After the word "card" digits are a card even when the checksum fails (a typo'd card is one
    # digit off a real one); without it, a number that fails the checksum is kept (an order number).
    ("card 4111 1111 1111 1112", ["card number"]),
    ("order 4111 1111 1111 1112", []),
    ("my pin is 4321", ["password"]),
    ("the password is the same as before", []),
    ("AWS key AKIAABCDEFGHIJKLMNOP", ["api key"]),
    ("passport number is X1234567", ["government id"]),
    ("I ran 5 km in 25:30 on 2023-05-07, call 555-123-4567", []),
    ("I have depression and I'm Catholic", []),  # special categories are not secrets
])
def test_what_counts_as_a_secret(text: str, kinds: list[str]) -> None:
    assert find_secrets(text) == kinds
    if kinds:
        assert "withheld]" in redact_secrets(text)


def test_the_extractor_never_sees_a_secret_and_a_leaked_one_is_withheld(make_memory, user_id: str) -> None:
    # A hostile (or careless) model that copies the secrets into claims anyway.
    llm = ScriptedChatModel(default=[
        {"op": "add_durable", "category": "identity", "claim": "card number 4111111111111111"},
        {"op": "add_durable", "category": "identity", "claim": "password is hunter2!",
         "fields": [{"key": "note", "value": "ssn 123-45-6789"}]},
        {"op": "add_durable", "category": "health", "claim": "allergic to penicillin"},
    ])
    memory: FactMemory = make_memory(llm)
    outcome = memory.remember(user_id, SECRET_MESSAGE, message_id="s1")
    prompt = prompt_message(llm.calls[0])
    for secret in ("4111", "hunter2", "123-45-6789", "sk-abcdef"):
        assert secret not in prompt
    assert "[card number withheld]" in prompt and "allergic to penicillin" in prompt
    assert [a.claim for a in outcome.applied] == ["allergic to penicillin"]
    assert sum("secrets are never stored" in r.reason for r in outcome.rejected) == 2
    stored = json.dumps(memory.export(user_id), default=str)
    for secret in ("4111", "hunter2", "123-45-6789"):
        assert secret not in stored  # not in facts, audit, outcomes


def test_the_queue_never_holds_a_secret(make_memory, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=[]), config=FactMemoryConfig(
        queue=QueueConfig(drainer="off")))
    memory.write_node().invoke({"messages": [HumanMessage(SECRET_MESSAGE, id="q1")]},
                               {"configurable": {"user_id": user_id}})
    [row] = memory.export(user_id)["message_log"]
    assert "4111" not in row["text"] and "hunter2" not in row["text"] and "penicillin" in row["text"]


def test_a_direct_write_of_a_secret_is_refused(make_memory, user_id: str) -> None:
    memory: FactMemory = make_memory()
    with pytest.raises(InvalidInputError, match="secrets are never stored"):
        memory.facts.add(user_id, "visa 4111 1111 1111 1111", kind="durable", category="identity")
    memory.facts.add(user_id, "has type 1 diabetes", kind="durable", category="health")  # special category: kept


def test_secrets_can_be_kept_when_asked(make_memory, user_id: str) -> None:
    llm = ScriptedChatModel(default=[{"op": "add_durable", "category": "identity", "claim": "pin is 4321"}])
    memory: FactMemory = make_memory(llm, config=FactMemoryConfig(write=WriteConfig(redact_secrets=False)))
    memory.remember(user_id, "my pin is 4321", message_id="p")
    assert "4321" in prompt_message(llm.calls[0]) and [f.claim for f in memory.facts.list(user_id)] == ["pin is 4321"]
