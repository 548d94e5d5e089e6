"""Forget is final under overlap too: every writer of a user's rows takes the user's lock first and
reads (or re-checks) the forget generation after the wait, in a statement of its own.

Each race is made deterministic, never timed: a trigger holds one side *inside its transaction*
(a forget after it took the user's lock, or a previous turn's apply) on an advisory lock the test
holds; the other side is started, and the test waits until it is blocked on a lock (or done)
before letting the first side go. Before the fix each of these left something behind."""

from __future__ import annotations

import ast
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.schema import GroupDecision, ReconcileAction
from fact_memory_graph.testing import FixedClock, ScriptedChatModel, prompt_message
from tests.test_forget_final import lives_in, place, tables_holding
from tests.test_queue import readme_graph

USER_KEY = "hashtextextended('fact-memory-user:' || {}, 0)"


def offline() -> FactMemoryConfig:
    return FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0))


def _wait(condition: Callable[[], bool], what: str) -> None:
    """Wait for a condition (a lock wait the database reports, a thread that ended): polling a
    fact, not sleeping for a guessed time."""
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.002)


class Hold:
    """Hold the first statement that fires a trigger on ``table`` for ``user_id`` inside its
    transaction, on an advisory lock this object holds until :meth:`release`."""

    def __init__(self, db_url: str, user_id: str, table: str, events: str = "DELETE") -> None:
        self.db_url, self.key = db_url, 7_000_000 + uuid.uuid4().int % 1_000_000
        self.name = f"fm_test_hold_{uuid.uuid4().hex[:10]}"
        self.table, self.threads, self.errors = table, [], []
        row = "NEW" if "DELETE" not in events else "OLD"
        match = (f"{row}.user_key = {USER_KEY.format(repr(user_id))}" if table == "fact_memory_users"
                 else f"{row}.user_id = {user_id!r}")
        self.holder = psycopg.connect(db_url, autocommit=True)
        self.holder.execute("SELECT pg_advisory_lock(%s)", (self.key,))
        self.holder.execute(
            f"CREATE FUNCTION {self.name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            f" IF {match} THEN PERFORM pg_advisory_xact_lock({self.key}); END IF;"
            f" RETURN {row}; END $$")
        self.holder.execute(f"CREATE TRIGGER {self.name} BEFORE {events} ON {table} FOR EACH ROW"
                            f" EXECUTE FUNCTION {self.name}()")

    def _waiting(self, gate: bool) -> int:
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            row = conn.execute("SELECT count(*) FILTER (WHERE objid = %s AND classid = 0) AS gate,"
                               " count(*) FILTER (WHERE NOT (objid = %s AND classid = 0)) AS other"
                               " FROM pg_locks WHERE NOT granted", (self.key, self.key)).fetchone()
        return row[0] if gate else row[1]

    def start(self, fn: Callable[[], Any]) -> threading.Thread:
        def run() -> None:
            try:
                fn()
            except Exception as exc:  # reported by the test that reads errors
                self.errors.append(exc)
        thread = threading.Thread(target=run)
        thread.start()
        self.threads.append(thread)
        return thread

    def hold(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` until the trigger holds it (inside its transaction)."""
        self.start(fn)
        _wait(lambda: self._waiting(gate=True) > 0, f"{fn} to reach {self.table}")

    def race(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` until it waits for a lock (or ends, as an unguarded writer did)."""
        thread = self.start(fn)
        _wait(lambda: not thread.is_alive() or self._waiting(gate=False) > 0, f"{fn} to wait or end")

    def release(self) -> None:
        self.holder.execute("SELECT pg_advisory_unlock(%s)", (self.key,))
        for thread in self.threads:
            thread.join(60)

    def close(self) -> None:
        self.holder.execute(f"DROP TRIGGER IF EXISTS {self.name} ON {self.table}")
        self.holder.execute(f"DROP FUNCTION IF EXISTS {self.name}()")
        self.holder.close()


def _user_lock_waiters(db_url: str, user_id: str) -> int:
    """Sessions waiting for the user's advisory lock (a forget behind a model call in flight)."""
    with psycopg.connect(db_url, autocommit=True) as conn:
        key = conn.execute(f"SELECT {USER_KEY.format('%s')}", (user_id,)).fetchone()[0]
        return conn.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                            " AND classid::bigint = (%s::bigint >> 32) & 4294967295 AND objid::bigint = %s::bigint & 4294967295",
                            (key, key)).fetchone()[0]


@contextmanager
def holding(db_url: str, user_id: str, table: str, events: str = "DELETE") -> Iterator[Hold]:
    gate = Hold(db_url, user_id, table, events)
    try:
        yield gate
    finally:
        gate.release()
        gate.close()


# ---------------------------------------------------------------------------------------- apply
def test_an_apply_that_waits_for_a_forget_applies_nothing(make_memory, db_url: str, user_id: str) -> None:
    """The write reads the generation before the forget commits, then waits for the forget's lock:
    it must read the generation again after the wait (READ COMMITTED: a statement's snapshot
    predates its lock wait)."""
    memory: FactMemory = make_memory()
    memory.facts.add(user_id, "likes tea", kind="durable", category="preference")
    with holding(db_url, user_id, "fact_memory_users", "INSERT OR UPDATE") as gate:
        gate.hold(lambda: memory.forget(user_id))  # everything deleted, the generation not yet bumped
        gate.race(lambda: memory.facts.add(user_id, "has a zebra allergy", kind="durable", category="health"))
    assert [f.claim for f in memory.facts.list(user_id)] == []
    assert tables_holding(db_url, "zebra", user_id) == []
    assert [str(e) for e in gate.errors] == ["forgotten while this was processed (the user, a message or a turn):"
                                             " nothing applied"]


def test_a_batch_stamped_with_an_older_generation_applies_nothing(make_memory, user_id: str) -> None:
    """The generation reaches the apply through the write graph's input (a queued batch's claim
    read it): a stale one applies nothing."""
    memory: FactMemory = make_memory(ScriptedChatModel(default=lives_in))
    stale = memory.store.user_generation(user_id) + 999
    out = memory.write_graph().invoke({"messages": [HumanMessage("I live in Oslo", id="g1")], "user_id": user_id,
                                       "generation": stale})
    assert "forgotten while" in (out["memory_outcome"]["skipped"] or "")
    assert memory.facts.list(user_id) == []
    out = memory.write_graph().invoke({"messages": [HumanMessage("I live in Oslo", id="g1")], "user_id": user_id,
                                       "generation": stale - 999})
    assert [f.claim for f in memory.facts.list(user_id)] == ["lives in Oslo"]


def test_a_forgotten_message_in_a_batch_in_flight_sends_the_batch_back(make_memory, db_url: str,
                                                                       user_id: str) -> None:
    """A queued turn whose context holds a message forgotten while its model call runs applies
    nothing; it goes back to the queue and is extracted again without the forgotten turn."""
    city = place()
    thinking, go = threading.Event(), threading.Event()
    prompts: list[str] = []

    def model(messages: Any) -> Any:
        prompt = str(messages[-1].content)
        prompts.append(prompt)
        if "I like tea" in prompt_message(messages) and len(prompts) == 2:
            thinking.set()
            assert go.wait(30)
        # A naive model: anything in the prompt is a fact (the earlier turn too).
        return lives_in([HumanMessage(prompt)]) + [{"op": "add_durable", "category": "preference",
                                                    "claim": "likes tea"}] * ("I like tea" in prompt)

    memory: FactMemory = make_memory(ScriptedChatModel(default=model), config=offline())
    graph = readme_graph(memory, [], checkpointer=InMemorySaver())
    config = {"configurable": {"user_id": user_id, "thread_id": "t"}}
    graph.invoke({"messages": [HumanMessage(f"I live in {city}", id="c1")]}, config)
    memory.flush(user_id)
    graph.invoke({"messages": [HumanMessage("I like tea", id="c2")]}, config)
    flush = threading.Thread(target=lambda: memory.flush(user_id))
    flush.start()
    assert thinking.wait(30)
    forget = threading.Thread(target=lambda: memory.facts.forget_message(user_id, "c1"))
    forget.start()
    _wait(lambda: _user_lock_waiters(db_url, user_id) > 0, "the forget to wait for the model call")
    assert forget.is_alive()  # the model call holds the user's lock: the forget waits for it
    go.set()
    forget.join(60)
    flush.join(60)
    memory.flush(user_id)
    assert sorted(f.claim for f in memory.facts.list(user_id)) == ["likes tea"]
    assert city in prompts[1] and city not in prompts[-1]  # extracted again without the forgotten turn
    assert tables_holding(db_url, city, user_id) == []


# ---------------------------------------------------------------------------------------- enqueue
def test_the_next_turn_queued_during_a_forget_is_filtered_after_it(make_memory, db_url: str,
                                                                   user_id: str) -> None:
    """The next turn of a checkpointed thread, queued while the forget holds the user's lock: the
    enqueue waits for it, then sees its digests (the forgotten turn leaves the context)."""
    city = place()
    prompts: list[str] = []

    def model(messages: Any) -> Any:
        prompts.append(str(messages[-1].content))
        return lives_in(messages)

    memory: FactMemory = make_memory(ScriptedChatModel(default=model), config=offline())
    graph = readme_graph(memory, [], checkpointer=InMemorySaver())
    config = {"configurable": {"user_id": user_id, "thread_id": "t"}}
    graph.invoke({"messages": [HumanMessage(f"I live in {city}", id="n1")]}, config)
    memory.flush(user_id)
    with holding(db_url, user_id, "fact_memory_users", "INSERT OR UPDATE") as gate:
        gate.hold(lambda: memory.forget(user_id))
        gate.race(lambda: graph.invoke({"messages": [HumanMessage("I like tea", id="n2")]}, config))
    assert gate.errors == []
    prompts.clear()
    memory.flush(user_id)
    assert [f.claim for f in memory.facts.list(user_id)] == ["likes tea"]
    assert prompts and all(city not in p for p in prompts)
    assert tables_holding(db_url, city, user_id) == []


# ---------------------------------------------------------------------------------------- the review
def test_a_review_that_starts_during_a_forget_writes_nothing(make_memory, db_url: str, user_id: str) -> None:
    """The review reads the generation and the log while the forget holds the lock (uncommitted:
    the old rows), then applies: the apply re-reads the generation after its wait."""
    city = place()

    def model(messages: Any) -> Any:
        if str(messages[0].content).startswith("You review one day"):
            return {"proposals": [{"type": "inference", "claim": f"enjoys {city}", "category": "preference",
                                   "refines": None, "because": ["M1"]}],
                    "sessions": [{"session": "S1", "summary": f"Talked about {city}."}]}
        return lives_in(messages)

    memory: FactMemory = make_memory(ScriptedChatModel(default=model), config=offline())
    memory.write_node().invoke({"messages": [HumanMessage(f"I live in {city}", id="r1")]},
                               {"configurable": {"user_id": user_id, "thread_id": "s"}})
    memory.flush(user_id)
    with holding(db_url, user_id, "fact_memory_users", "INSERT OR UPDATE") as gate:
        gate.hold(lambda: memory.forget(user_id))
        gate.race(lambda: memory.review.run(user_id))
    assert gate.errors == []
    assert memory.facts.list(user_id) == [] and memory.upkeep.runs(user_id) == []
    assert tables_holding(db_url, city, user_id) == []


# ---------------------------------------------------------------------------------------- the writers
def _retract(memory: FactMemory, user_id: str, fid: Any) -> None:
    memory.facts.retract(user_id, fid)


def _maintain(memory: FactMemory, user_id: str, fid: Any) -> None:
    memory.upkeep.maintain(user_id, at=memory.context.now() + timedelta(days=3))


def _reconcile(memory: FactMemory, user_id: str, fid: Any) -> None:
    memory.store.apply_group(user_id, [fid], [GroupDecision(fact_id=fid, action=ReconcileAction.RETRACT,
                                                            reason="duplicate")],
                             at=memory.context.now(), run_id="reconcile:test")


def _record_access(memory: FactMemory, user_id: str, fid: Any) -> None:
    for _ in range(memory.config.lifecycle.promotion_accesses):
        memory.store.record_access(user_id, [fid], memory.context.now())


@pytest.mark.parametrize("writer", [_retract, _maintain, _reconcile, _record_access])
def test_a_writer_racing_a_forget_leaves_no_audit_row(make_memory, db_url: str, user_id: str,
                                                      clock: FixedClock, writer: Callable[..., None]) -> None:
    """The forget is held after it deleted the audit rows and before the facts: a writer that
    skips the user's lock would audit the fact (quoting its claim) in between, and that row
    would survive the forget."""
    from fact_memory_graph.config import LifecyclePolicy

    claim = "owns a " + place()
    memory: FactMemory = make_memory(config=FactMemoryConfig(lifecycle=LifecyclePolicy.staged()))
    kind = {"_maintain": "current"}.get(writer.__name__, "durable")
    fid = memory.facts.add(user_id, claim, kind=kind, category="preference" if kind == "durable" else "schedule_context",
                           source="conversation", expires_at=clock() + timedelta(days=1) if kind == "current"
                           else None).fact_id
    with holding(db_url, user_id, "fact_memory_processed_messages") as gate:
        gate.hold(lambda: memory.forget(user_id))
        gate.race(lambda: writer(memory, user_id, fid))
    assert tables_holding(db_url, claim, user_id) == []
    assert memory.admin.audit(user_id) == []


# ---------------------------------------------------------------------------------------- forget a turn
def test_forget_what_i_just_said_during_the_previous_turns_write_forgets_it(make_memory, db_url: str,
                                                                            user_id: str) -> None:
    """The previous turn's apply is held inside its transaction (its processed row written, not
    committed): forgetting that turn waits for it, then finds it and forgets it."""
    city = place()
    memory: FactMemory = make_memory(ScriptedChatModel(default=lives_in))
    with holding(db_url, user_id, "fact_memory_facts", "INSERT") as gate:
        gate.hold(lambda: memory.remember(user_id, f"I live in {city}", message_id="p1"))
        gate.race(lambda: memory.store.forget_turn(user_id, ["p1"]))
    assert gate.errors == []
    assert memory.facts.list(user_id) == []
    assert tables_holding(db_url, city, user_id) == []


# ---------------------------------------------------------------------------------------- restore
def test_restore_into_a_forgotten_user_is_refused_unless_asked_and_then_audited(make_memory,
                                                                                 user_id: str) -> None:
    from fact_memory_graph import InvalidInputError

    memory: FactMemory = make_memory()
    memory.facts.add(user_id, "likes tea", kind="durable", category="preference")
    data = memory.export(user_id)
    memory.forget(user_id)
    with pytest.raises(InvalidInputError, match="was forgotten"):
        memory.restore(data, user_id=user_id)
    assert memory.facts.list(user_id) == []
    assert memory.restore(data, user_id=user_id, allow_forgotten=True)["facts"] == 1
    assert [a.op for a in memory.admin.audit(user_id)].count("restore") == 1
    fresh = "never-forgotten-" + user_id
    try:
        assert memory.restore(data, user_id=fresh)["facts"] == 1  # a user never forgotten: as before
    finally:
        memory.forget(fresh)


# ---------------------------------------------------------------------------------------- the registry
PLANS = Path(__file__).resolve().parents[1] / "fact_memory_graph" / "store" / "plans"
STORE = Path(__file__).resolve().parents[1] / "fact_memory_graph" / "store" / "store.py"
#: The tables keyed by user (every table a forget empties), by their constant in store._sql.
USER_TABLES = {"FACTS", "CANDIDATES", "AUDIT", "PROCESSED", "RUNS", "PROFILES", "SESSIONS", "MESSAGES", "PEOPLE",
               "EVALUATIONS", "FORGOTTEN", "USERS"}
#: The first statement of a guarded plan: the user's lock (shared by writers, alone by forgets).
GUARDS = {"_user_guard", "_user_generation_lock", "_user_lock_alone", "_derived_write_guard"}
#: Statements a plan may send before its guard (they read or lock nothing of a user's rows).
BEFORE_GUARD = {"require_user", "require_aware", "check_id", "fact_id_param"}
#: Plans that write user rows without the user's lock, and why that cannot bring anything back:
#: they only UPDATE rows they name (a forget's DELETE leaves nothing for them to touch), never
#: INSERT — the test checks that they insert nothing.
UNGUARDED = {
    "_finish_plan": "marks claimed rows done by id",
    "_fail_plan": "counts a failed attempt on claimed rows by id",
    "_renew_plan": "the heartbeat: moves a lease",
    "_release_plan": "gives a claim back",
    "_defer_plan": "gives back a dead holder's batch, to be extracted alone",
    "_requeue_failed_plan": "operator command over parked rows (all users)",
    "_mark_reconciled_plan": "stamps reconciled_at on facts by id",
    "_digest_delivered_plan": "the weekly digest (no user rows)",
    "_save_digest_plan": "the weekly digest (aggregates, no user rows)",
    "_request_forget_plan": "records a forget to retry (the retry is the forget)",
}


def _plan_sources() -> dict[str, tuple[ast.FunctionDef, str, dict[str, str]]]:
    found: dict[str, tuple[ast.FunctionDef, str, dict[str, str]]] = {}
    for path in sorted(PLANS.glob("*.py")):
        text = path.read_text()
        tree = ast.parse(text)
        constants = {t.id: ast.get_source_segment(text, node.value) or ""
                     for node in tree.body if isinstance(node, ast.Assign)
                     for t in node.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("_"):
                found[node.name] = (node, ast.get_source_segment(text, node) or "", constants)
    return found


def _writes(name: str, plans: dict, seen: set[str]) -> set[str]:
    """The user tables a plan (or a plan it calls) inserts into / updates / deletes from."""
    if name in seen or name not in plans:
        return set()
    seen.add(name)
    node, source, constants = plans[name]
    text = source + "".join(constants[c] for c in re.findall(r"\b(_[A-Z_]+)\b", source) if c in constants)
    out = {f"{verb} {t}" for verb, t in re.findall(r"(INSERT INTO|UPDATE|DELETE FROM) \{(\w+)\}", text)
           if t in USER_TABLES or t == "table"}
    for called in re.findall(r"self\.(_\w+)\(", source):
        out |= _writes(called, plans, seen)
    return out


def _first_call(node: ast.FunctionDef) -> str | None:
    """The first plan step (``yield from self._x(...)``, ``yield from execute(...)``...) in source order."""
    steps = [n for n in ast.walk(node) if isinstance(n, ast.YieldFrom)]
    steps.sort(key=lambda n: (n.lineno, n.col_offset))
    for step in steps:
        call = step.value
        if isinstance(call, ast.Call):
            func = call.func
            return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return None


def test_every_plan_that_writes_a_users_rows_takes_the_users_lock_first() -> None:
    plans = _plan_sources()
    entry = set(re.findall(r"self\.(_\w+_plan)\(", STORE.read_text()))  # what the store runs
    writers = {name: _writes(name, plans, set()) for name in entry}
    writers = {name: w for name, w in writers.items() if w}
    assert {"_apply_plan", "_enqueue_plan", "_claim_plan", "_retract_plan", "_maintain_plan", "_apply_group_plan",
            "_record_access_plan", "_resolve_candidate_plan", "_save_sessions_plan", "_save_profile_plan",
            "_record_run_plan", "_restore_plan", "_forget_turn_plan", "_forget_message_plan", "_delete_user_plan",
            "_purge_fact_plan", "_replace_vectors_plan"} <= set(writers)
    unguarded = []
    for name in sorted(writers):
        if name in UNGUARDED:
            assert not any(w.startswith("INSERT") for w in writers[name]), (name, writers[name])
            continue
        node = plans[name][0]
        first = _first_call(node)
        if name == "_claim_plan":  # the queue lock (which drainer claims) comes first, then the user's
            steps = re.findall(r"yield from (?:self\.)?(\w+)\(", plans[name][1])
            first = steps[1] if steps[:1] == ["one"] else first
        if first not in GUARDS:
            unguarded.append((name, first))
    assert unguarded == [], "plans writing user rows without the user's lock first: " + repr(unguarded)
    # and each guarded plan runs in a transaction (a transaction-level lock is otherwise released at once)
    store = STORE.read_text()
    for name in sorted(set(writers) - set(UNGUARDED)):
        call = re.search(rf"self\.{name}\(.*?\)(?:,\s*\n?\s*transaction=True)?", store, re.S)
        assert call and "transaction=True" in store[call.start(): call.end() + 80], name


def test_the_generation_is_read_in_a_statement_after_the_lock() -> None:
    """No statement both takes the user's lock and reads a table (its snapshot would predate the wait)."""
    checked = 0
    for path in sorted(PLANS.glob("*.py")):
        text = path.read_text()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], (ast.Constant, ast.JoinedStr)):
                statement = ast.get_source_segment(text, node.args[0]) or ""
                if "pg_advisory_xact_lock" in statement:
                    checked += 1
                    assert not re.search(r"FROM\s+(\{[A-Z_]+\}|fact_memory)", statement), (path.name, statement)
    assert checked >= 3


# ---------------------------------------------------------------------------------------- lower items
def test_a_purge_leaves_no_digest_of_the_claim_in_the_message_log(make_memory, db_url: str, user_id: str,
                                                                   clock: FixedClock) -> None:
    from fact_memory_graph.sanitize import claim_digest
    from fact_memory_graph.store.plans import QueueEntry

    memory: FactMemory = make_memory(config=offline())
    claim = "owns a " + place()
    fid = memory.facts.add(user_id, claim, kind="durable", category="preference").fact_id
    shown = claim_digest(claim)
    memory.store.enqueue(user_id, [QueueEntry(message_id="s1", text="thanks", at=clock(), shown_digests=(shown,))],
                         now=clock())
    assert memory.facts.purge(user_id, fid)
    with psycopg.connect(db_url) as conn:
        left = conn.execute("SELECT count(*) FROM fact_memory_messages WHERE user_id = %s AND %s = ANY(shown_digests)",
                            (user_id, shown)).fetchone()
    assert left == (0,)


def test_a_failed_attempt_leaves_a_message_another_drainer_finished(make_memory, user_id: str,
                                                                    clock: FixedClock) -> None:
    from fact_memory_graph.store.plans import QueueEntry

    memory: FactMemory = make_memory(config=offline())
    memory.store.enqueue(user_id, [QueueEntry(message_id="f1", text="hello", at=clock())], now=clock())
    [row] = memory.store.claim(user_id, now=clock(), lease_s=60, max_batch=8, force=True)
    assert memory.store.finish(user_id, ["f1"], now=clock()) == 1  # another drainer finished it
    assert memory.store.fail(user_id, [("f1", row["attempts"])], now=clock(), error="late", max_attempts=1,
                             base_s=1, max_s=1) == []
    status = memory.queue.status(user_id)
    assert status["queued"] == 0 and status["failed"] == 0


def test_a_profile_built_from_an_older_audit_log_is_not_written(make_memory, user_id: str, clock: FixedClock) -> None:
    memory: FactMemory = make_memory()
    fid = memory.facts.add(user_id, "likes tea", kind="durable", category="preference").fact_id
    _, fingerprint = memory.store.profile_state(user_id)
    memory.facts.add(user_id, "lives in Oslo", kind="durable", category="identity")  # a newer write
    assert not memory.store.save_profile(user_id, "likes tea", [str(fid)], fingerprint, at=clock())
    _, now = memory.store.profile_state(user_id)
    assert memory.store.save_profile(user_id, "likes tea; lives in Oslo", [str(fid)], now, at=clock())


def test_two_first_opens_with_different_embedders_cannot_both_pass(make_memory, fresh_db_url: str) -> None:
    memory: FactMemory = make_memory(url=fresh_db_url)
    with psycopg.connect(fresh_db_url, autocommit=True) as conn:
        conn.execute("DELETE FROM fact_memory_meta WHERE key IN ('embedding_probe', 'embedding_model')")
    first = psycopg.connect(fresh_db_url)
    try:  # the first open's record, not committed yet
        first.execute("INSERT INTO fact_memory_meta (key, value) VALUES ('embedding_probe', '[1.0, 0.0]'),"
                      " ('embedding_model', 'first')")
        got: list[Any] = []
        second = threading.Thread(target=lambda: got.append(memory.store.record_embedder([0.0, 1.0], "second")))
        second.start()
        with psycopg.connect(fresh_db_url, autocommit=True) as conn:
            _wait(lambda: conn.execute("SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()[0] > 0
                  or not second.is_alive(), "the second open to wait")
        first.commit()
        second.join(30)
    finally:
        first.close()
    assert got == [([1.0, 0.0], "first")]  # the second open is told the store's embedder, and refuses


def test_turns_spooled_on_another_host_before_a_forget_are_not_queued_after_it(make_memory, tmp_path, db_url: str,
                                                                               user_id: str, clock: FixedClock) -> None:
    from fact_memory_graph.config import WriteConfig
    from fact_memory_graph.store.plans import QueueEntry

    city = place()
    here: FactMemory = make_memory(config=offline())
    there: FactMemory = make_memory(config=FactMemoryConfig(queue=QueueConfig(drainer="off", spool_dir=str(tmp_path)),
                                                            write=WriteConfig()))
    assert there.queue.spool is not None
    # The other host could not reach the database: it kept the turn in its spool.
    there.queue.spool.put(user_id, [QueueEntry(message_id="h1", text=f"I live in {city}", at=clock())])
    clock.advance(minutes=1)
    here.forget(user_id)  # the user asks to forget everything up to now
    clock.advance(minutes=1)
    there.queue.spool.put(user_id, [QueueEntry(message_id="h2", text="I like tea", at=clock())])  # said after it
    assert there.queue.replay_spool() == 1
    assert [r["message_id"] for r in here.queue.status(user_id) and here.store.queued_messages(user_id)] == ["h2"]
    assert tables_holding(db_url, city, user_id) == []
