"""Isolation: no read ever returns another user's facts, over random look-alike users and random
operations (hypothesis); and every SQL statement the library runs on user data is scoped by
user_id, so a Postgres distributed by user_id (Citus) keeps each statement on one shard."""

from __future__ import annotations

import re
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fact_memory_graph import FactMemory
from fact_memory_graph.store import _driver
from fact_memory_graph.testing import ScriptedChatModel

LOOKALIKES = ["u1", "u1 ", " u1", "U1", "é", "e\u0301", "%", "_", "u%", "u_1", "ü", "u1\t"]
CLAIMS = ["lives in Berlin", "allergic to penicillin", "has a sister Mia", "anxious today", "likes jazz"]

op = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(LOOKALIKES), st.sampled_from(CLAIMS)),
    st.tuples(st.just("forget"), st.sampled_from(LOOKALIKES), st.just("")),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(op, min_size=1, max_size=12))
def test_random_users_and_ops_never_leak(memory: FactMemory, steps) -> None:
    salt = uuid.uuid4().hex[:8]  # fresh namespaces per example (the database is shared)
    users = {u: f"{salt}{u}" for u in LOOKALIKES}
    owned: dict[str, set[str]] = {u: set() for u in users.values()}
    for action, who, claim in steps:
        user = users[who]
        if action == "add":
            kind, category = ("current", "feeling") if "anxious" in claim else ("durable", "preference")
            memory.facts.add(user, f"{claim} ({who!r})", kind=kind, category=category)
            owned[user].add(f"{claim} ({who!r})")
        else:
            memory.forget(user)
            owned[user] = set()
    for user, claims in owned.items():
        assert {f.claim for f in memory.facts.list(user)} == claims
        text = memory.recall(user, "everything about me")
        for other, other_claims in owned.items():
            if other != user:
                assert not any(f'"{c}"' in text for c in other_claims - claims)


TABLES = ("fact_memory_facts", "fact_memory_candidates", "fact_memory_audit", "fact_memory_processed_messages",
          "fact_memory_runs")
# The one statement that spans users on purpose: the scheduler's "who has work" (reads ids only).
CROSS_USER = ("SELECT DISTINCT f.user_id FROM fact_memory_facts f WHERE (f.reconciled_at IS NULL",)


_ALIASED = re.compile(r"\bfact_memory_(?:facts|candidates|audit|processed_messages|runs|profiles|sessions)\s+"
                      r"(?:AS\s+)?([a-z])\b")


def unjoined_user_tables(sql: str) -> list[str]:
    """Aliases of user tables in ``sql`` (a join or a correlated subquery) whose ``user_id``
    the statement never names: such a join can match another user's row with the same id."""
    return [a for a in _ALIASED.findall(sql) if not re.search(rf"\b{a}\.user_id\b", sql)]


def test_every_statement_on_user_data_is_scoped_by_user_id(make_memory, user_id: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real_fetch = _driver._fetch

    def recording_fetch(cur, q, pipe):
        seen.append(q.sql)
        return real_fetch(cur, q, pipe)

    monkeypatch.setattr(_driver, "_fetch", recording_fetch)
    llm = ScriptedChatModel(responses=[
        [{"op": "add_durable", "category": "identity", "claim": "lives in Berlin"},
         {"op": "add_current", "category": "feeling", "claim": "tired", "expires_at": "2027-01-01"}],
        [{"op": "strengthen", "ref": "D1"}, {"op": "decay", "ref": "C1"}],
        [{"op": "contradict", "ref": "D1", "claim": "lives in Tokyo", "category": "identity"}],
    ])
    memory = make_memory(llm)
    for i, text in enumerate(["I live in Berlin and I'm tired", "still Berlin", "moved to Tokyo"]):
        memory.remember(user_id, text, message_id=f"m{i}")
    memory.facts.add(user_id, "resides in Berlin", kind="durable", category="identity")
    [cand] = memory.corrections.list(user_id)
    memory.recall(user_id, "where do I live?")
    memory.flush()
    memory.corrections.resolve(user_id, cand.id, accept=True)
    memory.upkeep.compact(user_id, llm=ScriptedChatModel())
    memory.upkeep.maintain(user_id)
    memory.upkeep.users_with_work()
    memory.admin.stats(user_id), memory.admin.audit(user_id), memory.upkeep.runs(user_id)
    data = memory.export(user_id)
    fact = memory.facts.list(user_id)[0]
    memory.facts.purge(user_id, fact.id)
    memory.forget(user_id)
    memory.restore(data, user_id=user_id, allow_forgotten=True)
    unscoped = [sql for sql in seen if any(t in sql for t in TABLES) and not sql.startswith(CROSS_USER)
                and not re.search(r"\buser_id\s*(=|IN)", sql)
                and not re.match(r"\s*INSERT INTO fact_memory_\w+ \([^)]*\buser_id\b", sql)  # routed by its value
                and not sql.lstrip().upper().startswith(("CREATE", "ALTER", "INSERT INTO FACT_MEMORY_MIGRATIONS",
                                                         "SELECT SETVAL("))]  # a sequence, no user row
    assert len(seen) > 50
    assert unscoped == []
    assert [sql for sql in seen if unjoined_user_tables(sql)] == []
