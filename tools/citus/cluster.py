"""A local Citus cluster for the scale-out checks: a coordinator and two workers on loopback, each
with Citus and pgvector (built by ``tools/citus/build.sh``), in a temporary directory.

    python tools/citus/cluster.py start   # prints the coordinator's URL; state in $FM_CITUS_DIR
    python tools/citus/cluster.py start-single   # a plain PostgreSQL 15 node beside it (baseline)
    python tools/citus/cluster.py stop

Debian's PostgreSQL 15 binaries run the nodes as the ``postgres`` OS user. The nodes listen on
127.0.0.1 only and trust loopback connections: a throw-away test cluster, not a deployment.
Every client connects to the coordinator (that is also what makes the library's advisory locks
cluster-wide: they are taken on the coordinator).
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import psycopg

BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
STATE = Path(os.environ.get("FM_CITUS_DIR", Path(tempfile.gettempdir()) / "fm-citus"))
PORTS = {"coordinator": 9700, "worker1": 9701, "worker2": 9702}
#: A plain PostgreSQL 15 node (same binaries, pgvector, no Citus): the single-node baseline.
SINGLE_PORT = 9710
OS_USER = "postgres"


def _as_postgres(args: list[str]) -> None:
    root = os.geteuid() == 0
    env = {**os.environ, "HOME": pwd.getpwnam(OS_USER).pw_dir} if root else None  # not root's ~/.postgresql
    subprocess.run(args, check=True, capture_output=True, text=True, user=OS_USER if root else None, env=env)


def url(port: int) -> str:
    return f"postgresql://postgres@127.0.0.1:{port}/postgres"


def _node_conf(data: Path, port: int) -> str:
    # wal_level=logical: the shard rebalancer moves shards with logical replication (writes go on).
    return (f"\nshared_preload_libraries = 'citus'\nlisten_addresses = '127.0.0.1'\nport = {port}\n"
            f"unix_socket_directories = '{data}'\nmax_connections = 200\n"
            "max_prepared_transactions = 200\ncitus.node_conninfo = 'sslmode=disable'\n"
            "wal_level = logical\nmax_replication_slots = 32\nmax_wal_senders = 32\n")


def _start_node(name: str, port: int) -> None:
    """A new Citus node: initdb as the postgres OS user, the cluster's settings, started, with
    the citus and vector extensions."""
    owner = pwd.getpwnam(OS_USER)
    data = STATE / name
    data.mkdir(mode=0o700)
    os.chown(data, owner.pw_uid, owner.pw_gid)
    _as_postgres([str(BIN / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "--encoding=utf8"])
    with open(data / "postgresql.conf", "a") as conf:
        conf.write(_node_conf(data, port))
    _as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-w", "-l", str(data / "server.log"), "start"])
    with psycopg.connect(url(port), autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS citus")
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")


def add_worker(name: str = "worker3", port: int = 9703) -> float:
    """Grow the cluster: a new node with Citus and pgvector, added to the coordinator's metadata
    (the documented procedure, docs/citus.md). Returns the seconds it took. Shards move only
    with a rebalance (``SELECT citus_rebalance_start()``)."""
    import time

    started = time.perf_counter()
    _start_node(name, port)
    with psycopg.connect(url(PORTS["coordinator"]), autocommit=True) as conn:
        conn.execute("SELECT citus_add_node('127.0.0.1', %s)", (port,))
        nodes = conn.execute("SELECT nodename, nodeport FROM pg_dist_node ORDER BY nodeport").fetchall()
    PORTS[name] = port
    state = json.loads((STATE / "cluster.json").read_text())
    state["nodes"] = nodes
    state.setdefault("added", {})[name] = port
    (STATE / "cluster.json").write_text(json.dumps(state))
    return time.perf_counter() - started


def start() -> str:
    if STATE.exists():
        stop()
    STATE.mkdir(mode=0o755, parents=True)
    for name, port in PORTS.items():
        _start_node(name, port)
    with psycopg.connect(url(PORTS["coordinator"]), autocommit=True) as conn:
        conn.execute("SELECT citus_set_coordinator_host('127.0.0.1', %s)", (PORTS["coordinator"],))
        for name in ("worker1", "worker2"):
            conn.execute("SELECT citus_add_node('127.0.0.1', %s)", (PORTS[name],))
        nodes = conn.execute("SELECT nodename, nodeport FROM pg_dist_node ORDER BY nodeport").fetchall()
    (STATE / "cluster.json").write_text(json.dumps({"coordinator": url(PORTS["coordinator"]), "nodes": nodes}))
    return url(PORTS["coordinator"])


def start_single() -> str:
    """The single-node baseline beside the cluster (same PostgreSQL 15 binaries, no Citus)."""
    owner = pwd.getpwnam(OS_USER)
    data = STATE / "single"
    STATE.mkdir(mode=0o755, parents=True, exist_ok=True)
    data.mkdir(mode=0o700)
    os.chown(data, owner.pw_uid, owner.pw_gid)
    _as_postgres([str(BIN / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "--encoding=utf8"])
    with open(data / "postgresql.conf", "a") as conf:
        conf.write(f"\nlisten_addresses = '127.0.0.1'\nport = {SINGLE_PORT}\nunix_socket_directories = '{data}'\n")
    _as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-w", "-l", str(data / "server.log"), "start"])
    with psycopg.connect(url(SINGLE_PORT), autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    return url(SINGLE_PORT)


def postmaster_pid(name: str) -> int | None:
    """The node's postmaster pid (first line of postmaster.pid), or None when it is not running."""
    pidfile = STATE / name / "postmaster.pid"
    try:
        pid = int(pidfile.read_text().splitlines()[0])
        os.kill(pid, 0)
    except (OSError, ValueError, IndexError):
        return None
    return pid


def kill(name: str) -> int:
    """SIGKILL a node's postmaster (a node lost without warning); returns the pid killed."""
    import signal

    pid = postmaster_pid(name)
    if pid is None:
        raise RuntimeError(f"{name} is not running")
    os.kill(pid, signal.SIGKILL)
    return pid


def restart(name: str) -> None:
    """Start a node again after a kill (Postgres recovers from its WAL)."""
    import time

    data = STATE / name
    for attempt in range(60):  # the killed postmaster's backends exit on their own, then it can start
        try:
            _as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-w", "-l", str(data / "server.log"), "start"])
            return
        except subprocess.CalledProcessError:
            if attempt == 59:
                raise
            time.sleep(0.5)


def stop() -> None:
    added = {}
    if (STATE / "cluster.json").exists():
        added = json.loads((STATE / "cluster.json").read_text()).get("added", {})
    for name in (*PORTS, *added, "single"):
        data = STATE / name
        if (data / "postmaster.pid").exists():
            _as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-w", "-m", "fast", "stop"])
    shutil.rmtree(STATE, ignore_errors=True)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "start"
    if command == "start":
        print(start())
    elif command == "start-single":
        print(start_single())
    elif command == "stop":
        stop()
    elif command == "kill":
        print(kill(sys.argv[2]))
    elif command == "restart":
        restart(sys.argv[2])
    elif command == "add-worker":
        print(add_worker(*sys.argv[2:3]))
    else:
        sys.exit("usage: cluster.py start|start-single|stop|kill NODE|restart NODE|add-worker [NAME]")
