"""Seed a Citus cluster at an earlier schema, with that release's code (tools/citus/run.sh's upgrade
step runs it with PYTHONPATH pointing at a `git archive` of the earlier commit; not part of `make test`).

    PYTHONPATH=OLD_TREE python tools/citus/upgrade_seed.py COORDINATOR_URL SEED_JSON

Writes, through the earlier release's public API: users with facts, queued messages (the drainer
off, so they wait in the log across the upgrade), a forgotten turn of a kept user
(``forget_message``) and users forgotten whole. SEED_JSON records who is who and the schema version;
tools/citus/test_citus_upgrade.py checks all of it after `fact-memory setup --citus` of the head.
"""

from __future__ import annotations

import json
import sys
import uuid

from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.testing import ScriptedChatModel

FACTS = 5


def main(url: str, out: str) -> None:
    tag = uuid.uuid4().hex[:6]
    kept = [f"up-{tag}-{i}" for i in range(6)]
    gone = [f"up-gone-{tag}-{i}" for i in range(2)]
    config = FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0))
    with FactMemory.open(url, llm=ScriptedChatModel(default=[]), config=config) as memory:
        # The public API of the release it runs with: ``memory.facts.add`` / ``forget_message``, or
        # the earlier ``memory.add_fact`` / ``memory.forget_message``.
        add = getattr(memory.facts, "add", None) or memory.add_fact
        forget_message = getattr(memory.facts, "forget_message", None) or memory.forget_message
        for user in (*kept, *gone):
            for n in range(FACTS):
                add(user, f"visited city number {n}", kind="durable", category="life_event",
                                 message_id=f"f{n}")
            out_state = memory.write_node().invoke({"messages": [HumanMessage("I have a dog", id="q1")]},
                                                   {"configurable": {"user_id": user}})
            assert out_state["memory_outcome"]["queued"] == ["q1"], out_state["memory_outcome"]
        forget_message(kept[0], "f0")  # a forgotten turn of a user who stays
        for user in gone:
            memory.forget(user)
        versions = memory.store.migration_versions()
    with open(out, "w") as f:
        json.dump({"kept": kept, "gone": gone, "facts": FACTS, "schema_version": max(versions)}, f)
    print(json.dumps({"seeded_at_schema": max(versions), "kept_users": len(kept), "forgotten_users": len(gone),
                      "queued_messages": len(kept) + len(gone)}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
