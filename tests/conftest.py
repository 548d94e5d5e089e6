"""Shared fixtures: one real embedded Postgres (pgvector) per test session, real embeddings.

Set FACT_MEMORY_TEST_DATABASE_URL (a role that may create databases, on a server with pgvector)
to run the suite against another server instead. FACT_MEMORY_DATABASE_URL is removed from every
test's environment: tests name their database themselves (the embedded-server tests must not
inherit an application's URL).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
from hypothesis import settings

from fact_memory_graph import FactMemory, FactMemoryConfig
from fact_memory_graph.embeddings import LocalMiniLMEmbeddings
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

from .helpers import T0

# The same examples every run (CI must not meet an example no earlier run met): property tests
# explore their space with a fixed derivation from each test's name, and keep no example database.
settings.register_profile("deterministic", derandomize=True, database=None)
settings.load_profile("deterministic")


def _reachable_dir() -> Path:
    """A new directory the embedded server's OS user can reach (pytest's own temp dirs are 0700;
    as root the server runs as another OS user, and the library never loosens a directory)."""
    path = Path(tempfile.mkdtemp(prefix="fm-test-"))
    path.chmod(0o755)  # our own new directory
    return path


#: The suite's key of forgotten turns' digests, for the whole session (no forget.key in the home
#: directory; fixtures' teardowns and subprocesses see it too). tests/test_forget_key.py unsets it
#: in a test to try the key file.
TEST_FORGET_KEY = "ZmFjdC1tZW1vcnktZ3JhcGggdGVzdCBmb3JnZXQga2V5IQ=="
os.environ["FACT_MEMORY_FORGET_KEY"] = TEST_FORGET_KEY


@pytest.fixture(autouse=True)
def _no_application_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FACT_MEMORY_DATABASE_URL", raising=False)


@pytest.fixture(autouse=True)
def _fresh_log_rate_limits() -> None:
    """Each test sees the library's first log lines: the rate limit of repeated lines is per
    process, and earlier tests in the same process must not use up a later test's quota."""
    from fact_memory_graph.logs import reset_rate_limits

    reset_rate_limits()


@pytest.fixture
def server_dir() -> Iterator[Path]:
    """A data directory for an embedded server of the test's own."""
    path = _reachable_dir()
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """Admin URL of the Postgres the tests use (embedded unless FACT_MEMORY_TEST_DATABASE_URL)."""
    if url := os.environ.get("FACT_MEMORY_TEST_DATABASE_URL"):
        yield url
        return
    from fact_memory_graph.embedded import EmbeddedPostgres

    base = _reachable_dir()
    server = EmbeddedPostgres(base / "embedded-pg")
    try:
        yield server.url("postgres")
    finally:
        server.close()
        shutil.rmtree(base, ignore_errors=True)


def _create_db(server_url: str, name: str) -> str:
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return psycopg.conninfo.make_conninfo(server_url, dbname=name)


@pytest.fixture(scope="session")
def db_url(server_url: str) -> str:
    """A database shared by the session; tests keep apart by using their own user ids.
    FACT_MEMORY_TEST_DATABASE_DIRECT=1 uses FACT_MEMORY_TEST_DATABASE_URL's database itself (a
    Citus coordinator, where a new database would have no Citus: tools/citus/run.sh)."""
    if os.environ.get("FACT_MEMORY_TEST_DATABASE_DIRECT") == "1":
        return server_url
    return _create_db(server_url, "fm_tests")


@pytest.fixture
def fresh_db_url(server_url: str) -> str:
    """An empty database of its own (migration and setup tests)."""
    return _create_db(server_url, f"fm_{uuid.uuid4().hex[:10]}")


@pytest.fixture(scope="session")
def embeddings() -> LocalMiniLMEmbeddings:
    return LocalMiniLMEmbeddings()


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(T0)


#: Ids of one run: the same every run on a database the session creates (a test's messages, which
#: hold its user's id, read the same each time: a random id once looked like half of a card), made
#: apart per run on a database kept between runs (FACT_MEMORY_TEST_DATABASE_DIRECT).
_RUN_SALT = uuid.uuid4().hex if os.environ.get("FACT_MEMORY_TEST_DATABASE_DIRECT") == "1" else ""


@pytest.fixture
def user_id(request: pytest.FixtureRequest) -> str:
    return f"user-{hashlib.sha256((_RUN_SALT + request.node.nodeid).encode()).hexdigest()[:12]}"


@pytest.fixture
def make_memory(db_url: str, embeddings: LocalMiniLMEmbeddings, clock: FixedClock) -> Iterator[Callable[..., FactMemory]]:
    opened: list[FactMemory] = []

    def make(llm: ScriptedChatModel | None = None, *, config: FactMemoryConfig | None = None, url: str | None = None,
             **kwargs) -> FactMemory:
        memory = FactMemory.open(url or db_url, embeddings=kwargs.pop("embeddings", embeddings),
                                 llm=llm or ScriptedChatModel(), clock=kwargs.pop("clock", clock),
                                 config=config, **kwargs)
        opened.append(memory)
        return memory

    yield make
    for memory in opened:
        memory.close()


@pytest.fixture
def memory(make_memory: Callable[..., FactMemory]) -> FactMemory:
    return make_memory()


def _openai_request_shape(request) -> dict:
    body = json.loads(request.body or b"{}")
    return {
        "model": body.get("model"),
        "temperature": body.get("temperature"),
        "tools": body.get("tools"),
        "tool_choice": body.get("tool_choice"),
        "response_format": body.get("response_format"),
        "roles": [m.get("role") for m in body.get("messages", [])],
    }


def openai_request_shape(r1, r2) -> None:
    """VCR matcher: same OpenAI request structure (not the same prompt text)."""
    assert _openai_request_shape(r1) == _openai_request_shape(r2)


def pytest_recording_configure(config, vcr) -> None:
    vcr.register_matcher("openai_request_shape", openai_request_shape)
