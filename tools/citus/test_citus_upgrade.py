"""An existing cluster upgraded (tools/citus/run.sh's upgrade step runs this; not part of `make test`).

Needs FACT_MEMORY_CITUS_URL (the coordinator) and FM_UPGRADE_SEED (the JSON tools/citus/
upgrade_seed.py wrote with the earlier release's code, before `fact-memory setup --citus` of the
head upgraded the cluster). Checks: the schema is at the head and every table where the layout
registry puts it; the earlier release's facts, queued messages and forgotten users came through —
the facts are read (through the new quantised-vector index), the queued messages drain and apply,
a forgotten turn and the forgotten users' re-sent turns stay out, and nothing of those users is back.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import psycopg
import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.store import MIGRATIONS, layout
from fact_memory_graph.testing import ScriptedChatModel

URL = os.environ.get("FACT_MEMORY_CITUS_URL")
SEED = os.environ.get("FM_UPGRADE_SEED")
pytestmark = pytest.mark.skipif(not (URL and SEED), reason="FACT_MEMORY_CITUS_URL / FM_UPGRADE_SEED not set "
                                                           "(tools/citus/run.sh)")


def test_the_upgraded_cluster_keeps_what_the_earlier_release_wrote() -> None:
    seed = json.loads(Path(SEED).read_text())
    assert seed["schema_version"] < len(MIGRATIONS)  # it was an upgrade
    with psycopg.connect(URL) as conn:
        placed = dict(conn.execute("SELECT logicalrelid::text, partmethod FROM pg_dist_partition").fetchall())
        bits = conn.execute("SELECT count(*) FROM fact_memory_facts WHERE user_id = ANY(%s)"
                            " AND embedding_bits IS NOT NULL", (seed["kept"],)).fetchone()[0]
    assert {t: placed.get(t) for t in layout.DISTRIBUTED} == {t: "h" for t in layout.DISTRIBUTED}
    assert {t: placed.get(t) for t in layout.REFERENCE} == {t: "n" for t in layout.REFERENCE}
    assert not set(layout.LOCAL) & set(placed)
    assert bits == len(seed["kept"]) * seed["facts"] - 1  # the new column, filled on every shard
    llm = ScriptedChatModel(default=[{"op": "add_durable", "category": "relationship", "claim": "has a dog"}])
    config = FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0))
    with FactMemory.open(URL, llm=llm, config=config) as memory:
        assert memory.store.migration_versions() == list(range(1, len(MIGRATIONS) + 1))
        first, *others = seed["kept"]
        for user in seed["kept"]:
            claims = sorted(f.claim for f in memory.facts.list(user))
            expected = [f"visited city number {n}" for n in range(seed["facts"]) if not (user == first and n == 0)]
            assert claims == sorted(expected), user
            assert memory.queue.status(user)["queued"] == 1  # the earlier release's queued turn waited
            memory.flush(user)
            assert "has a dog" in [f.claim for f in memory.facts.list(user)]
            hits = memory.recall(user, "which cities did I visit?")
            assert "visited city number" in str(hits)
        # The forgotten turn stays forgotten (re-sent: not queued), and so do the forgotten users.
        out = memory.write_node().invoke({"messages": [HumanMessage("I visited city number 0", id="f0")]},
                                         {"configurable": {"user_id": first}})
        assert out["memory_outcome"].get("queued") == []
        for user in seed["gone"]:
            assert memory.facts.list(user) == [] and memory.export(user)["message_log"] == []
            out = memory.write_node().invoke({"messages": [HumanMessage("I have a dog", id="q1")]},
                                             {"configurable": {"user_id": user}})
            assert out["memory_outcome"].get("queued") == [], out["memory_outcome"]
            assert memory.facts.list(user) == []
        # New writes on the upgraded cluster: queued, drained, read.
        out = memory.write_node().invoke({"messages": [HumanMessage("I have a cat", id="new-1")]},
                                         {"configurable": {"user_id": others[0]}})
        assert out["memory_outcome"]["queued"] == ["new-1"]
        for user in (*seed["kept"], *seed["gone"]):
            memory.forget(user)
    print(json.dumps({"upgraded_from_schema": seed["schema_version"], "to_schema": len(MIGRATIONS),
                      "users_checked": len(seed["kept"]) + len(seed["gone"])}))
