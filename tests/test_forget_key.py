"""Keyed digests of forgotten turns: the database alone cannot confirm a guessed user id and
message id (or turn fingerprint); every process holding the key still recognises re-sent history;
a process with another key fails closed; digests written before keys are still recognised."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import psycopg
import pytest

from fact_memory_graph import FactMemory
from fact_memory_graph.errors import ConfigurationError
from fact_memory_graph.forget_key import key_id, legacy_digest, load_key, turn_digest
from tests.conftest import TEST_FORGET_KEY

ROOT = Path(__file__).resolve().parents[1]


def digests(db_url: str, user_id: str) -> list[str]:
    with psycopg.connect(db_url) as conn:
        return [r[0] for r in conn.execute(
            "SELECT digest FROM fact_memory_forgotten WHERE user_key = hashtextextended('fact-memory-user:' || %s, 0)"
            " ORDER BY 1", (user_id,))]


def test_the_database_holds_no_digest_a_guess_can_confirm(make_memory, db_url: str, user_id: str) -> None:
    memory: FactMemory = make_memory()
    memory.remember(user_id, "I live in Oslo", message_id="guess-me")
    memory.forget(user_id)
    kept = digests(db_url, user_id)
    assert kept, "a forgotten turn is remembered as a digest"
    unkeyed = hashlib.sha256(f"{user_id}\x1fguess-me".encode()).hexdigest()
    with psycopg.connect(db_url) as conn:  # the old SQL digest, as anyone holding the database computes it
        in_sql = conn.execute("SELECT encode(sha256(convert_to(%s || chr(31) || %s, 'UTF8')), 'hex')",
                              (user_id, "guess-me")).fetchone()[0]
    assert unkeyed == in_sql and unkeyed not in kept and not any(unkeyed in d for d in kept)
    key = base64.b64decode(TEST_FORGET_KEY)
    expected = "k1:" + hmac.new(key, f"{user_id}\x1fguess-me".encode(), hashlib.sha256).hexdigest()
    assert expected in kept and all(d.startswith("k1:") for d in kept)
    # and re-sent, the forgotten turn is recognised with the same key: never extracted again
    again = memory.remember(user_id, "I live in Oslo", message_id="guess-me")
    assert again.already_processed and memory.facts.list(user_id) == []


def test_two_processes_with_the_same_key_agree(make_memory, db_url: str, user_id: str) -> None:
    """Another process (a real one: its own key load, its own store) recognises the turns this
    one forgot, and this one the turns it forgot."""
    memory: FactMemory = make_memory()
    memory.remember(user_id, "I live in Oslo", message_id="here-1")
    memory.forget(user_id)
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from fact_memory_graph import FactMemory
        from fact_memory_graph.testing import ScriptedChatModel
        from fact_memory_graph.embeddings import LocalMiniLMEmbeddings
        m = FactMemory.open({db_url!r}, llm=ScriptedChatModel(), embeddings=LocalMiniLMEmbeddings())
        done, _ = m.store.write_start({user_id!r}, ["here-1", "there-1", "never-said"])
        print(sorted(done))
        m.remember({user_id!r}, "I like tea", message_id="there-1")
        m.forget({user_id!r})
        m.close()
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "FACT_MEMORY_FORGET_KEY": TEST_FORGET_KEY}, check=True)
    assert out.stdout.strip().splitlines()[-1] == "['here-1']"
    done, _ = memory.store.write_start(user_id, ["here-1", "there-1", "never-said"])
    assert sorted(done) == ["here-1", "there-1"]


def test_another_key_fails_closed_and_unkeyed_digests_are_still_recognised(
        make_memory, fresh_db_url: str, user_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    first: FactMemory = make_memory(url=fresh_db_url)
    first.remember(user_id, "I live in Oslo", message_id="old-1")
    first.forget(user_id)
    # A digest written before keys (sha256 of the user id and the id): recognised, never written again.
    with psycopg.connect(fresh_db_url, autocommit=True) as conn:
        conn.execute("INSERT INTO fact_memory_forgotten (user_key, digest) VALUES"
                     " (hashtextextended('fact-memory-user:' || %s, 0), %s)", (user_id, legacy_digest(user_id, "legacy-1")))
    done, _ = first.store.write_start(user_id, ["old-1", "legacy-1", "new-1"])
    assert sorted(done) == ["legacy-1", "old-1"]
    other = base64.b64encode(b"another key, another process!!!!").decode()
    monkeypatch.setenv("FACT_MEMORY_FORGET_KEY", other)
    second: FactMemory = make_memory(url=fresh_db_url)
    with pytest.raises(ConfigurationError, match="not the one this database's forgotten-turn digests"):
        second.store.write_start(user_id, ["old-1"])
    with pytest.raises(ConfigurationError, match="FACT_MEMORY_FORGET_KEY"):
        second.forget(user_id)
    with psycopg.connect(fresh_db_url) as conn:
        recorded = conn.execute("SELECT value FROM fact_memory_meta WHERE key = 'forget_key_id'").fetchone()[0]
    assert recorded == key_id(base64.b64decode(TEST_FORGET_KEY)) != key_id(base64.b64decode(other))


def test_the_key_file_is_created_0600_in_the_data_directory_and_reused(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FACT_MEMORY_FORGET_KEY")
    key = load_key(tmp_path / "data")
    path = tmp_path / "data" / "forget.key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and len(key) == 32
    assert load_key(tmp_path / "data") == key  # the same key on the next open
    assert turn_digest(key, "u", "m") != turn_digest(os.urandom(32), "u", "m")
    path.chmod(0o644)
    with pytest.raises(ConfigurationError, match="readable by others"):
        load_key(tmp_path / "data")
    monkeypatch.setenv("FACT_MEMORY_FORGET_KEY", "not base64 !")
    with pytest.raises(ConfigurationError, match="not base64"):
        load_key()
    monkeypatch.setenv("FACT_MEMORY_FORGET_KEY", base64.b64encode(b"short").decode())
    with pytest.raises(ConfigurationError, match="at least 16"):
        load_key()
