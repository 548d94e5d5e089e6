"""The embedded server heals: a killed server is restarted by the process that owns the handle,
a client killed without cleanup does not keep the server alive forever, and two processes
opening a fresh data directory at once both succeed."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import psutil
from langchain_core.embeddings import DeterministicFakeEmbedding

from fact_memory_graph import FactMemory

EMB = DeterministicFakeEmbedding(size=8)


def postmaster_pid(data_dir: Path) -> int:
    return int((data_dir / "pgdata" / "postmaster.pid").read_text().splitlines()[0])


def test_a_killed_server_is_restarted_by_the_next_call(tmp_path: Path) -> None:
    memory = FactMemory.open(data_dir=tmp_path, embeddings=EMB)
    try:
        memory.add_fact("u", "lives in Berlin", kind="durable", category="identity")
        old = postmaster_pid(tmp_path)
        server = psutil.Process(old)
        victims = [server, *server.children(recursive=True)]
        for proc in victims:  # kill -9 of the server and its backends, as the OOM killer would
            proc.send_signal(signal.SIGKILL)
        psutil.wait_procs(victims, timeout=10)
        # The next calls find the server dead, restart it and retry (sync and async paths).
        assert [f.claim for f in memory.facts("u")] == ["lives in Berlin"]
        assert postmaster_pid(tmp_path) != old
        memory.add_fact("u", "allergic to penicillin", kind="durable", category="health")
        assert len(memory.facts("u")) == 2
    finally:
        memory.close()
    assert not (tmp_path / "pgdata" / "postmaster.pid").exists()


def test_dead_clients_do_not_keep_the_server_alive(tmp_path: Path) -> None:
    first = FactMemory.open(data_dir=tmp_path, embeddings=EMB)
    first.close()
    handles = tmp_path / "pgdata" / ".handle_pids.json"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    handles.write_text(json.dumps([int(dead.stdout)]))  # a client that was killed without cleanup
    memory = FactMemory.open(data_dir=tmp_path, embeddings=EMB)
    memory.close()
    assert not (tmp_path / "pgdata" / "postmaster.pid").exists()  # the last live handle stopped it


def test_two_processes_open_a_fresh_data_dir_at_once(tmp_path: Path) -> None:
    code = (
        "from langchain_core.embeddings import DeterministicFakeEmbedding\n"
        "from fact_memory_graph import FactMemory\n"
        f"m = FactMemory.open(data_dir={str(tmp_path)!r}, embeddings=DeterministicFakeEmbedding(size=8))\n"
        "m.add_fact('u', 'lives in Berlin', kind='durable', category='identity')\n"
        "m.close()\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True) for _ in range(2)]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], errors


def test_a_data_dir_with_a_space_and_a_quote_works(tmp_path: Path) -> None:
    data_dir = tmp_path / "Application Support" / "it's here"
    data_dir.mkdir(parents=True)
    with FactMemory.open(data_dir=data_dir, embeddings=EMB) as memory:
        memory.add_fact("u", "lives in Berlin", kind="durable", category="identity")
        assert [f.claim for f in memory.facts("u")] == ["lives in Berlin"]
    assert not (data_dir / "pgdata" / "postmaster.pid").exists()
