"""Foundation: real Postgres + pgvector store, migrations, embeddings, isolation, interop."""

from __future__ import annotations

import multiprocessing as mp
import uuid

import numpy as np
import psycopg
import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding

from fact_memory_graph import (
    DimensionMismatchError,
    FactKind,
    FactMemory,
    FactStatus,
    InvalidInputError,
)
from fact_memory_graph.embeddings import LocalMiniLMEmbeddings
from fact_memory_graph.schema import PlannedOp
from fact_memory_graph.store import MIGRATIONS, FactStore, make_pool

from .helpers import T0


def test_embedding_smoke_paraphrase_beats_unrelated(embeddings: LocalMiniLMEmbeddings) -> None:
    a, b, c = np.array(embeddings.embed_documents(
        ["allergic to penicillin", "has a penicillin allergy", "debugging the auth flow"]))
    assert a.shape == (384,)
    assert abs(np.linalg.norm(a) - 1) < 1e-5
    assert a @ b > 0.85 > a @ c
    # Field-notes calibration: born 1990 / born 1991 scores ~.884 with MiniLM.
    x, y = np.array(embeddings.embed_documents(["born 1990", "born 1991"]))
    assert 0.86 < x @ y < 0.91
    assert embeddings.embed_query("") and len(embeddings.embed_query("x" * 20000)) == 384


def test_migrations_run_twice_and_are_recorded(fresh_db_url: str) -> None:
    with FactStore.from_conn_string(fresh_db_url, dimension=384) as store:
        store.setup()
        store.setup()
        assert store.migration_versions() == list(range(1, len(MIGRATIONS) + 1))
    with psycopg.connect(fresh_db_url) as conn:
        tables = {r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE tablename LIKE 'fact_memory%'")}
        dim = conn.execute("SELECT atttypmod FROM pg_attribute WHERE attrelid = 'fact_memory_facts'::regclass"
                           " AND attname = 'embedding'").fetchone()[0]
    assert tables == {"fact_memory_facts", "fact_memory_candidates", "fact_memory_audit",
                      "fact_memory_processed_messages", "fact_memory_migrations", "fact_memory_meta",
                      "fact_memory_runs", "fact_memory_users", "fact_memory_profiles", "fact_memory_sessions",
                      "fact_memory_messages", "fact_memory_forget_requests", "fact_memory_people",
                      "fact_memory_evaluations", "fact_memory_digests", "fact_memory_forgotten", "fact_memory_versions"}
    assert dim == 384


def test_the_read_does_not_wait_for_a_vacuum(fresh_db_url: str) -> None:
    """New facts go straight into the full-text index (no GIN pending list that every search
    reads until a vacuum), and the facts table is vacuumed after 2 % new rows, so a large user's
    index-only scans read the table for fewer pages."""
    with FactStore.from_conn_string(fresh_db_url, dimension=384) as store:
        store.setup()
    with psycopg.connect(fresh_db_url) as conn:
        options = dict(conn.execute("SELECT relname, reloptions FROM pg_class WHERE relname = ANY(%s)",
                                    (["fact_memory_facts_claim_tsv_idx", "fact_memory_facts"],)).fetchall())
    assert options["fact_memory_facts_claim_tsv_idx"] == ["fastupdate=off"]
    assert options["fact_memory_facts"] == ["autovacuum_vacuum_insert_scale_factor=0.02"]


def _setup_in_process(url: str) -> str:
    try:
        with FactStore.from_conn_string(url, dimension=384) as store:
            store.setup()
        return "ok"
    except Exception as exc:  # reported to the parent
        return repr(exc)


def test_two_processes_setup_at_once(fresh_db_url: str) -> None:
    ctx = mp.get_context("spawn")
    with ctx.Pool(2) as pool:
        results = pool.map(_setup_in_process, [fresh_db_url] * 4)
    assert results == ["ok"] * 4
    with psycopg.connect(fresh_db_url) as conn:
        assert conn.execute("SELECT count(*) FROM fact_memory_migrations").fetchone()[0] == len(MIGRATIONS)


def test_dimension_mismatch_is_a_clear_error(fresh_db_url: str, embeddings: LocalMiniLMEmbeddings) -> None:
    FactMemory.open(fresh_db_url, embeddings=embeddings).close()
    with pytest.raises(DimensionMismatchError, match=r"384-dimensional.*8-dimensional"):
        FactMemory.open(fresh_db_url, embeddings=DeterministicFakeEmbedding(size=8))


def test_wrong_vector_dimension_on_write_is_rejected(memory: FactMemory, user_id: str) -> None:
    with pytest.raises(DimensionMismatchError, match="384"):
        memory.store.apply(user_id, "m1", [PlannedOp(op="add_durable", kind=FactKind.DURABLE, category="identity",
                                                      claim="x", embedding=[0.1] * 10)], at=T0)
    assert memory.facts.list(user_id) == []
    assert memory.store.processed_outcomes(user_id, ["m1"]) == {}


def test_round_trip_of_every_table(memory: FactMemory, user_id: str) -> None:
    applied = memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health",
                              structured_fields={"substance": "penicillin"}, verification_status="confirmed",
                              message_id="m-1")
    [fact] = memory.facts.list(user_id)
    assert fact.id == applied.fact_id
    assert (fact.kind, fact.category, fact.claim, fact.confidence) == (FactKind.DURABLE, "health", "allergic to penicillin", 0.7)
    assert fact.structured_fields == {"substance": "penicillin"}
    assert fact.verification_status == "confirmed" and fact.source == "user_edit"
    assert fact.evidence_message_ids == ["direct:m-1"] and fact.created_at == T0 == fact.last_confirmed_at
    assert fact.valid_at is None and fact.status is FactStatus.ACTIVE

    current = memory.facts.add(user_id, "anxious this morning", kind="current", category="feeling")
    assert memory.facts.get(user_id, current.fact_id).valid_at == T0

    # candidates
    emb = memory.context.embed_query("not allergic to anything")
    memory.store.apply(user_id, "m-2", [PlannedOp(op="contradict", fact_id=fact.id, claim="not allergic to anything",
                                                   category="health", embedding=emb)], at=T0)
    [cand] = memory.corrections.list(user_id)
    assert (cand.fact_id, cand.claim, cand.status, cand.message_id) == (fact.id, "not allergic to anything", "pending", "m-2")

    # audit log: every change, with before/after and message id
    log = memory.admin.audit(user_id)
    assert [e.op for e in log] == ["add_durable", "add_current", "contradict"]
    assert log[0].before is None and log[0].after["claim"] == "allergic to penicillin"
    assert log[2].candidate_id == cand.id and log[2].message_id == "m-2"
    with psycopg.connect(memory.database_url) as conn, pytest.raises(psycopg.errors.RaiseException, match="append-only"):
        conn.execute("UPDATE fact_memory_audit SET note = 'x' WHERE user_id = %s", (user_id,))

    # processed messages with their outcome
    done = memory.store.processed_outcomes(user_id, ["direct:m-1", "m-2", "nope"])
    assert set(done) == {"direct:m-1", "m-2"} and done["m-2"].applied[0].op == "contradict"


def test_users_never_see_each_others_rows(memory: FactMemory) -> None:
    alice, bob = f"alice-{uuid.uuid4().hex}", f"bob-{uuid.uuid4().hex}"
    memory.facts.add(alice, "lives in Berlin", kind="durable", category="identity")
    memory.facts.add(bob, "lives in Tokyo", kind="durable", category="identity")
    q = memory.context.embed_query("where does the user live?")
    assert [h.fact.claim for h in memory.store.search(alice, q, {FactKind.DURABLE: 10})[FactKind.DURABLE]] == ["lives in Berlin"]
    assert [f.claim for f in memory.facts.list(bob)] == ["lives in Tokyo"]
    assert "Berlin" not in memory.recall(bob, "where do I live?")
    bob_fact = memory.facts.list(bob)[0]
    # An op naming another user's fact finds nothing and applies nothing (rejected with a reason).
    outcome = memory.store.apply(alice, "x1", [PlannedOp(op="strengthen", fact_id=bob_fact.id)], at=T0)
    assert outcome.applied == [] and "no longer believed" in outcome.rejected[0].reason
    assert memory.facts.list(bob)[0].confidence == 0.7
    assert memory.facts.get(alice, bob_fact.id) is None
    assert memory.as_vectorstore(alice).similarity_search("lives", k=5)[0].page_content == "lives in Berlin"
    assert len(memory.as_vectorstore(alice).similarity_search("lives", k=5)) == 1


def test_search_is_exact_top_k(memory: FactMemory, user_id: str) -> None:
    claims = [f"likes topic number {i}" for i in range(40)]
    for c in claims:
        memory.facts.add(user_id, c, kind="durable", category="preference")
    memory.facts.add("someone-else-" + user_id, "likes topic number 3", kind="durable", category="preference")
    q = memory.context.embed_query("likes topic number 3")
    got = memory.store.search(user_id, q, {FactKind.DURABLE: 7, FactKind.CURRENT: 7})
    assert len(got[FactKind.DURABLE]) == 7 and got[FactKind.CURRENT] == []
    vecs = np.array(memory.embeddings.embed_documents(claims))
    exact = [claims[i] for i in np.argsort(-(vecs @ np.array(q)))[:7]]
    assert [h.fact.claim for h in got[FactKind.DURABLE]] == exact


def test_pgvectorstore_interop_filters_and_mmr(memory: FactMemory, user_id: str) -> None:
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    memory.facts.add(user_id, "has a sister Mia", kind="durable", category="relationship")
    memory.facts.add(user_id, "anxious about the launch", kind="current", category="feeling")
    vs = memory.as_vectorstore(user_id)
    docs = vs.similarity_search("family", k=3, filter={"kind": {"$eq": "durable"}})
    assert {d.page_content for d in docs} == {"lives in Berlin", "has a sister Mia"}
    assert all(d.metadata["user_id"] == user_id for d in docs)
    mmr = vs.max_marginal_relevance_search("how is the user feeling", k=2, fetch_k=3)
    assert mmr[0].page_content == "anxious about the launch"
    retriever = vs.as_retriever(search_kwargs={"k": 1, "filter": {"category": {"$in": ["relationship"]}}})
    assert [d.page_content for d in retriever.invoke("who")] == ["has a sister Mia"]
    with pytest.raises(NotImplementedError, match="read-only"):
        vs.add_texts(["x"])


def test_bad_inputs_to_the_store(memory: FactMemory, user_id: str) -> None:
    with pytest.raises(InvalidInputError):
        memory.facts.add("", "x", kind="durable", category="identity")
    with pytest.raises(InvalidInputError, match="not a durable category"):
        memory.facts.add(user_id, "x", kind="durable", category="feeling")
    with pytest.raises(InvalidInputError, match="non-empty"):
        memory.facts.add(user_id, "  ", kind="durable", category="identity")
    with pytest.raises(InvalidInputError, match="timezone-aware"):
        memory.store.apply(user_id, "m", [], at=T0.replace(tzinfo=None))


def test_survives_a_dropped_connection(memory: FactMemory, user_id: str) -> None:
    memory.facts.add(user_id, "lives in Berlin", kind="durable", category="identity")
    with psycopg.connect(memory.database_url, autocommit=True) as admin:
        killed = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                               " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                               " AND application_name = ''").fetchall()
    assert killed and all(ok for (ok,) in killed)
    # Pool connections were killed; the next calls reconnect (pool check + retry).
    memory.facts.add(user_id, "has a sister Mia", kind="durable", category="relationship")
    assert len(memory.facts.list(user_id)) == 2


def test_embedded_default_data_dir_is_not_under_root(monkeypatch: pytest.MonkeyPatch) -> None:
    from fact_memory_graph.embedded import default_data_dir

    monkeypatch.delenv("FACT_MEMORY_DATA_DIR", raising=False)
    assert not str(default_data_dir()).startswith("/root")
    monkeypatch.setenv("FACT_MEMORY_DATA_DIR", "/tmp/somewhere")
    assert str(default_data_dir()) == "/tmp/somewhere"


def test_store_pool_helper(db_url: str) -> None:
    pool = make_pool(db_url, min_size=1, max_size=2)
    try:
        with pool.connection() as conn:
            assert conn.execute("SELECT extversion >= '0.8' FROM pg_extension WHERE extname = 'vector'").fetchone()[0]
    finally:
        pool.close()


def test_sigterm_stops_the_embedded_server(server_dir) -> None:
    """A process killed with SIGTERM releases the embedded server (it is the last user: it stops)."""
    import signal
    import subprocess
    import sys
    import time

    data_dir = server_dir / "sigterm"
    code = (
        "import sys, time\n"
        "from langchain_core.embeddings import DeterministicFakeEmbedding\n"
        "from fact_memory_graph import FactMemory\n"
        f"m = FactMemory.open(data_dir={str(data_dir)!r}, embeddings=DeterministicFakeEmbedding(size=8))\n"
        "print('ready', flush=True)\n"
        "time.sleep(120)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        pidfile = data_dir / "pgdata" / "postmaster.pid"
        assert pidfile.exists()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 128 + signal.SIGTERM
        deadline = time.monotonic() + 10
        while pidfile.exists() and time.monotonic() < deadline:
            time.sleep(0.05)  # pg_ctl stop already waited; this only absorbs file-system lag
        assert not pidfile.exists()
    finally:
        proc.kill()


def test_two_handles_in_one_process_share_the_embedded_server(server_dir) -> None:
    from langchain_core.embeddings import DeterministicFakeEmbedding

    emb = DeterministicFakeEmbedding(size=8)
    first = FactMemory.open(data_dir=server_dir, embeddings=emb)
    second = FactMemory.open(data_dir=server_dir, embeddings=emb)
    first.close()
    second.facts.add("u", "lives in Berlin", kind="durable", category="identity")  # server still up
    assert [f.claim for f in second.facts.list("u")] == ["lives in Berlin"]
    second.close()
    assert not (server_dir / "pgdata" / "postmaster.pid").exists()


def test_opening_a_current_schema_runs_no_ddl(fresh_db_url: str, embeddings) -> None:
    """On Citus every DDL (even CREATE EXTENSION IF NOT EXISTS) is a two-phase commit on every node:
    with one worker down no process could open the memory. A current schema is only read."""
    FactMemory.open(fresh_db_url, embeddings=embeddings).close()  # creates the schema
    with psycopg.connect(fresh_db_url, autocommit=True) as conn:
        conn.execute("CREATE FUNCTION fm_no_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$"
                     " BEGIN RAISE EXCEPTION 'DDL while opening: %', tg_tag; END $$")
        conn.execute("CREATE EVENT TRIGGER fm_no_ddl ON ddl_command_start EXECUTE FUNCTION fm_no_ddl()")
    with FactMemory.open(fresh_db_url, embeddings=embeddings) as memory:  # no DDL: the trigger never fires
        memory.facts.add("u", "likes jazz", kind="durable", category="preference")
    with psycopg.connect(fresh_db_url, autocommit=True) as conn:
        conn.execute("DROP EVENT TRIGGER fm_no_ddl")


def test_another_embedding_model_is_refused_until_the_store_is_re_embedded(fresh_db_url: str, embeddings,
                                                                          monkeypatch) -> None:
    """Same dimension, other model: the open refuses it with the way out; a wrapper of the same model
    passes; `reembed` recomputes every vector (facts, corrections, sessions) and records the new model."""
    from langchain_core.embeddings import DeterministicFakeEmbedding
    from typer.testing import CliRunner

    from fact_memory_graph import EmbedderMismatchError
    from fact_memory_graph.batching import BatchingEmbeddings
    from fact_memory_graph.cli import app

    with FactMemory.open(fresh_db_url, embeddings=embeddings) as memory:
        memory.facts.add("u", "lives in Berlin", kind="durable", category="identity")
        memory.facts.add("u", "training for a marathon", kind="current", category="working_on")
    with FactMemory.open(fresh_db_url, embeddings=BatchingEmbeddings(embeddings)) as memory:
        assert memory.recall("u", "where do I live?")  # the same model behind a wrapper
    other = DeterministicFakeEmbedding(size=384)
    with pytest.raises(EmbedderMismatchError, match="reembed --yes"):
        FactMemory.open(fresh_db_url, embeddings=other)
    with FactMemory.open(fresh_db_url, embeddings=other, setup=False) as memory:
        memory.admin.setup(check_embedder=False)
        assert memory.admin.reembed() == {"users": 1, "facts": 2, "candidates": 0, "sessions": 0}
    with FactMemory.open(fresh_db_url, embeddings=other) as memory:  # recorded: opens now
        hits = memory.as_retriever(user_id="u").invoke("lives in Berlin")
        assert hits[0].page_content == "lives in Berlin"  # the fake embeds equal texts equally
    # The CLI's way back to MiniLM (its configured embedder).
    result = CliRunner().invoke(app, ["reembed", "--database-url", fresh_db_url])
    assert result.exit_code == 2
    result = CliRunner().invoke(app, ["reembed", "--yes", "--database-url", fresh_db_url])
    assert result.exit_code == 0, result.output
    with FactMemory.open(fresh_db_url, embeddings=embeddings) as memory:
        assert "lives in Berlin" in memory.recall("u", "where do I live?")
