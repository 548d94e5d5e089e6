"""What a Citus cluster needs that one node can check (tools/citus/run.sh checks the rest on a real
cluster): every table of the schema has a registered place (store/layout.py), and every migration
applies statement by statement — Citus forwards a DDL statement on a distributed table to each
shard as a prepared command, and refuses a string of several statements there."""

from __future__ import annotations

import psycopg
import pytest

from fact_memory_graph.jobs import install_job_schema
from fact_memory_graph.store import MIGRATIONS, FactStore, _driver, layout
from fact_memory_graph.store.migrations import migration_statements
from fact_memory_graph.store.plans import admin

HALFWAY = 9  # the message log: before the forgotten turns, the evaluators, the quantised vectors


def _tables(url: str) -> dict[str, set[str]]:
    """Every table of the database's schema, with its columns."""
    with psycopg.connect(url) as conn:
        found = conn.execute(
            "SELECT c.relname, a.attname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped"
            " WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')").fetchall()
    tables: dict[str, set[str]] = {}
    for table, column in found:
        tables.setdefault(table, set()).add(column)
    return tables


def test_every_table_has_a_registered_place_on_citus(fresh_db_url: str) -> None:
    """Distributed by user_id (co-located with the facts), reference, or local with a reason:
    a table nobody placed fails here, before it can meet a cluster."""
    with FactStore.from_conn_string(fresh_db_url, dimension=384) as store:
        store.setup()
    install_job_schema(fresh_db_url)
    tables = _tables(fresh_db_url)
    unplaced = sorted(t for t in tables if layout.placement(t) is None)
    assert unplaced == [], f"register these tables in fact_memory_graph/store/layout.py: {unplaced}"
    # A distributed table is keyed by user_id: the column exists and every unique key holds it
    # (Citus enforces uniqueness per shard only).
    with psycopg.connect(fresh_db_url) as conn:
        for table in layout.DISTRIBUTED:
            assert "user_id" in tables[table], table
            keys = conn.execute(
                "SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = %s::regclass AND indisunique",
                (table,)).fetchall()
            assert keys and all("user_id" in k for (k,) in keys), (table, keys)
    assert all(reason.strip() for reason in (*layout.LOCAL.values(), *layout.REFERENCE.values()))
    # The registry names no table the schema does not have, and places each once.
    schema = {t for t in tables if t.startswith("fact_memory_")}
    registered = [*layout.DISTRIBUTED, *layout.REFERENCE, *layout.LOCAL]
    assert sorted(registered) == sorted(schema)
    assert layout.DISTRIBUTED[0] == "fact_memory_facts"  # the others co-locate with it


def _apply_one_by_one(url: str, migrations: list[tuple[str, str]], start: int) -> int:
    """Apply migrations ``start``.. statement by statement, each statement prepared on its own
    (a string of several statements cannot be), one transaction per migration. Returns how many
    statements ran."""
    ran = 0
    with psycopg.connect(url, autocommit=True) as conn:
        for version, (_description, sql) in enumerate(migrations, start=1):
            if version < start:
                continue
            with conn.transaction():
                for statement in migration_statements(sql, dimension=384):
                    conn.execute(statement, prepare=True)
                    ran += 1
                conn.execute("INSERT INTO fact_memory_migrations (version, description) VALUES (%s, %s)",
                             (version, _description))
    return ran


@pytest.mark.parametrize("halfway", [False, True], ids=["fresh", "migrated-halfway"])
def test_every_migration_applies_statement_by_statement(fresh_db_url: str, halfway: bool,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    start = 1
    if halfway:  # a database left at an earlier release by setup itself
        monkeypatch.setattr(admin, "MIGRATIONS", MIGRATIONS[:HALFWAY])
        with FactStore.from_conn_string(fresh_db_url, dimension=384) as store:
            store.setup()
            assert store.migration_versions() == list(range(1, HALFWAY + 1))
        monkeypatch.undo()
        start = HALFWAY + 1
    else:
        with psycopg.connect(fresh_db_url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            conn.execute("CREATE TABLE fact_memory_migrations (version integer PRIMARY KEY,"
                         " description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())")
    ran = _apply_one_by_one(fresh_db_url, MIGRATIONS, start)
    assert ran > len(MIGRATIONS) - start + 1  # several migrations hold several statements
    with FactStore.from_conn_string(fresh_db_url, dimension=384) as store:
        store.setup()  # nothing left to apply: the result is the schema setup would have made
        assert store.migration_versions() == list(range(1, len(MIGRATIONS) + 1))


@pytest.mark.parametrize("halfway", [False, True], ids=["fresh", "migrated-halfway"])
def test_setup_sends_each_statement_on_its_own(fresh_db_url: str, halfway: bool,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``setup`` itself, every statement it sends prepared (as Citus sends DDL to the shards):
    on a fresh database and on one an earlier release migrated."""
    if halfway:
        monkeypatch.setattr(admin, "MIGRATIONS", MIGRATIONS[:HALFWAY])
        with FactStore.from_conn_string(fresh_db_url, dimension=384) as store:
            store.setup()
        monkeypatch.undo()
    sent: list[str] = []
    real_fetch = _driver._fetch

    def recording(cur, q, pipe):
        sent.append(q.sql)
        return real_fetch(cur, q, pipe)

    monkeypatch.setattr(_driver, "_fetch", recording)
    real_execute = psycopg.Cursor.execute

    def prepared(self, query, params=None, *, prepare=None, binary=None):
        return real_execute(self, query, params, prepare=True, binary=binary)

    monkeypatch.setattr(psycopg.Cursor, "execute", prepared)
    with FactStore.from_conn_string(fresh_db_url, dimension=384) as store:
        store.setup()
        assert store.migration_versions() == list(range(1, len(MIGRATIONS) + 1))
    assert any("embedding_bits" in s for s in sent)  # the newest migrations were among them
