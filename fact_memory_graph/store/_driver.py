"""Runs plans on psycopg connections (sync and asyncio), with retries and one pool builder.

This is the only module that executes SQL. A dropped connection is retried with a fresh plan
on a fresh connection; idempotency (processed message ids) makes that safe for ``apply``.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import re
import threading
import time
import weakref
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AsyncExitStack, ExitStack, asynccontextmanager, contextmanager, nullcontext
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit

import psycopg
from psycopg import errors as pg_errors
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool, ConnectionPool, PoolClosed, PoolTimeout
from tenacity import (
    AsyncRetrying,
    Retrying,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential,
    wait_random,
)

from fact_memory_graph.errors import (
    ConfigurationError,
    StoreError,
    StoreTimeoutError,
    StoreUnavailableError,
)
from fact_memory_graph.settings import redact_url
from fact_memory_graph.store._sql import Plan, Q, Together

T = TypeVar("T")

#: Seconds to wait for the first connection of a new pool, and for a reachability check.
POOL_OPEN_TIMEOUT = 30.0
CONNECT_TIMEOUT = 10
_TIMEOUTS = (pg_errors.QueryCanceled, pg_errors.LockNotAvailable)
#: Pipeline mode needs libpq >= 14 (psycopg-binary bundles one; a system libpq may be older):
#: without it, pipelined plans run one statement at a time, with the same results.
PIPELINE_SUPPORTED = psycopg.Pipeline.is_supported()


def _retryable(exc: BaseException) -> bool:
    # A dropped connection or a deadlock / serialization failure: a fresh plan on a fresh
    # connection may succeed (idempotency makes that safe for apply). A timeout already waited
    # its time, and a pool timeout means no connection could be had: neither is retried.
    return (isinstance(exc, psycopg.OperationalError) and not isinstance(exc, _TIMEOUTS)
            and not isinstance(exc, PoolTimeout))


RETRY: dict[str, Any] = {
    "retry": retry_if_exception(_retryable),
    "stop": stop_after_attempt(3),
    "wait": wait_exponential(multiplier=0.05, max=1.0) + wait_random(0, 0.05),
    "reraise": True,
}


@contextmanager
def library_errors() -> Iterator[None]:
    """Database and pool failures become the library's errors (with what to do about them)."""
    try:
        yield
    except PoolClosed as exc:
        raise ConfigurationError("this FactMemory is closed; open a new one") from exc
    except PoolTimeout as exc:
        raise StoreUnavailableError(f"no database connection within the pool timeout: {exc}") from exc
    except _TIMEOUTS as exc:
        raise StoreTimeoutError(f"database timeout ({type(exc).__name__}): {str(exc).strip()}") from exc
    except (pg_errors.UndefinedTable, pg_errors.UndefinedColumn, pg_errors.UndefinedFunction) as exc:
        raise ConfigurationError(f"the fact-memory schema is missing or old ({_first_line(exc)}): "
                                 "run `fact-memory setup` (or memory.admin.setup())") from exc
    except pg_errors.InsufficientPrivilege as exc:
        if "extension" in str(exc).lower():
            raise ConfigurationError(
                "pgvector is not a trusted extension, so this user cannot create it: a superuser must run "
                "`CREATE EXTENSION vector;` once in this database") from exc
        raise ConfigurationError(
            f"the database user lacks a privilege ({_first_line(exc)}): grant it CREATE on the schema and "
            "SELECT/INSERT/UPDATE/DELETE on the fact_memory_* tables") from exc
    except (pg_errors.UndefinedFile, pg_errors.FeatureNotSupported) as exc:
        if "vector" not in str(exc):
            raise _store_error(exc) from exc
        raise ConfigurationError(
            f"the pgvector extension is not installed on this Postgres server ({str(exc).strip()}): install "
            "pgvector (https://github.com/pgvector/pgvector#installation), or unset FACT_MEMORY_DATABASE_URL "
            "to use the embedded Postgres, which ships it") from exc
    except psycopg.Error as exc:
        raise _store_error(exc) from exc


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _store_error(exc: psycopg.Error) -> StoreError:
    return StoreError(f"database error ({type(exc).__name__}): {str(exc).strip()}")


def _fetch(cur: psycopg.Cursor, q: Q, pipe: psycopg.Pipeline | None) -> Any:
    if q.fetch == "all":
        return cur.fetchall()
    if q.fetch == "one":
        return cur.fetchone()
    if q.fetch == "rowcount":
        if pipe is not None:
            pipe.sync()  # the count is known once the statement's result has arrived
        return cur.rowcount
    return None


async def _afetch(cur: psycopg.AsyncCursor, q: Q, pipe: psycopg.AsyncPipeline | None) -> Any:
    if q.fetch == "all":
        return await cur.fetchall()
    if q.fetch == "one":
        return await cur.fetchone()
    if q.fetch == "rowcount":
        if pipe is not None:
            await pipe.sync()
        return cur.rowcount
    return None


#: Called when a connection fails, before the retry: restarts a dead embedded server.
Heal = Callable[[], object]


def _together(cur: psycopg.Cursor, group: Together, pipe: psycopg.Pipeline | None) -> list[Any]:
    """A :class:`Together`: every statement sent (each on a cursor of its own, in a pipeline
    entered here if the plan runs without one), then every result read (one round trip)."""
    if not PIPELINE_SUPPORTED:
        out = []
        for q in group.statements:
            cur.execute(q.sql, q.params, prepare=q.prepare)
            out.append(_fetch(cur, q, None))
        return out
    conn = cur.connection
    with (nullcontext(pipe) if pipe is not None else conn.pipeline()) as p, ExitStack() as cursors:
        curs = [cur, *(cursors.enter_context(conn.cursor(row_factory=dict_row)) for _ in group.statements[1:])]
        for c, q in zip(curs, group.statements, strict=True):
            c.execute(q.sql, q.params, prepare=q.prepare)
        return [_fetch(c, q, p) for c, q in zip(curs, group.statements, strict=True)]


async def _atogether(cur: psycopg.AsyncCursor, group: Together, pipe: psycopg.AsyncPipeline | None) -> list[Any]:
    """Async twin of :func:`_together`."""
    if not PIPELINE_SUPPORTED:
        out = []
        for q in group.statements:
            await cur.execute(q.sql, q.params, prepare=q.prepare)
            out.append(await _afetch(cur, q, None))
        return out
    conn = cur.connection
    async with (nullcontext(pipe) if pipe is not None else conn.pipeline()) as p, AsyncExitStack() as cursors:
        curs = [cur]
        for _ in group.statements[1:]:
            curs.append(await cursors.enter_async_context(conn.cursor(row_factory=dict_row)))
        for c, q in zip(curs, group.statements, strict=True):
            await c.execute(q.sql, q.params, prepare=q.prepare)
        return [await _afetch(c, q, p) for c, q in zip(curs, group.statements, strict=True)]


def _drive(cur: psycopg.Cursor, plan: Plan[T], pipe: psycopg.Pipeline | None) -> T:
    """Send a plan's statements through ``cur``, each answer back into the plan, until it returns."""
    try:
        q = next(plan)
        while True:
            if isinstance(q, Together):
                q = plan.send(_together(cur, q, pipe))
                continue
            cur.execute(q.sql, q.params, prepare=q.prepare)
            q = plan.send(_fetch(cur, q, pipe))
    except StopIteration as done:
        return done.value


async def _adrive(cur: psycopg.AsyncCursor, plan: Plan[T], pipe: psycopg.AsyncPipeline | None) -> T:
    """Async twin of :func:`_drive`."""
    try:
        q = next(plan)
        while True:
            if isinstance(q, Together):
                q = plan.send(await _atogether(cur, q, pipe))
                continue
            await cur.execute(q.sql, q.params, prepare=q.prepare)
            q = plan.send(await _afetch(cur, q, pipe))
    except StopIteration as done:
        return done.value


def _retrying(heal: Heal | None) -> dict[str, Any]:
    if heal is None:
        return RETRY
    # With a server we can restart, a pool that could not connect is worth one more try.
    return {**RETRY, "retry": retry_if_exception(lambda e: _retryable(e) or isinstance(e, PoolTimeout))}


def run_plan(pool: ConnectionPool, make_plan: Callable[[], Plan[T]], *, transaction: bool = False,
             heal: Heal | None = None, pipeline: bool = False, wait_s: float | None = None) -> T:
    """Run a plan on a pooled connection (in one transaction if asked); retried on a dropped link
    (after ``heal`` restarted the server, if given).

    ``pipeline`` (with ``transaction``): libpq pipeline mode. Statements whose result the plan
    does not read (``execute``), and ``BEGIN``/``COMMIT``, are sent without waiting for the
    server; a statement that fails still fails the transaction, raised at the next statement
    whose result is read or at commit. Only for plans of single-command statements. Without
    pipeline support in libpq (< 14) the plan runs unpipelined.

    ``wait_s``: wait at most this long for a pooled connection (default: the pool's timeout), so
    a short write on the reply's path gives up quickly when the database is down.
    """
    with library_errors():
        return _run_plan(pool, make_plan, transaction, heal, pipeline and PIPELINE_SUPPORTED, wait_s)


async def arun_plan(pool: AsyncConnectionPool, make_plan: Callable[[], Plan[T]], *, transaction: bool = False,
                    heal: Heal | None = None, pipeline: bool = False, wait_s: float | None = None) -> T:
    """Async twin of :func:`run_plan`."""
    with library_errors():
        return await _arun_plan(pool, make_plan, transaction, heal, pipeline and PIPELINE_SUPPORTED, wait_s)


def _direct_args(pool: ConnectionPool | AsyncConnectionPool, wait_s: float) -> dict[str, Any]:
    """A connection of the pool's settings outside the pool: after an outage the pool waits out a
    growing reconnect backoff (seconds to minutes) before trying again, so a short write that
    finds no pooled connection tries the server directly — the first turn after a restart works."""
    return {**(pool.kwargs or {}), "connect_timeout": max(2, math.ceil(wait_s))}


def _run_plan(pool: ConnectionPool, make_plan: Callable[[], Plan[T]], transaction: bool, heal: Heal | None,
              pipeline: bool, wait_s: float | None = None) -> T:
    def before_sleep(_state: object) -> None:
        if heal is not None and heal():
            pool.check()  # replace the connections that died with the old server

    for attempt in Retrying(**_retrying(heal), before_sleep=before_sleep):
        with attempt, ExitStack() as stack:
            plan = make_plan()
            try:
                conn = stack.enter_context(pool.connection(timeout=wait_s))
            except PoolTimeout:
                if wait_s is None:
                    raise
                conn = stack.enter_context(psycopg.connect(pool.conninfo, **_direct_args(pool, wait_s)))
            with (conn.pipeline() if pipeline else nullcontext()) as pipe, \
                    (conn.transaction() if transaction else nullcontext()), conn.cursor(row_factory=dict_row) as cur:
                return _drive(cur, plan, pipe)
    raise AssertionError("unreachable")  # pragma: no cover


async def _arun_plan(pool: AsyncConnectionPool, make_plan: Callable[[], Plan[T]], transaction: bool,
                     heal: Heal | None, pipeline: bool, wait_s: float | None = None) -> T:
    async def before_sleep(_state: object) -> None:
        if heal is not None and await asyncio.to_thread(heal):
            await pool.check()

    async for attempt in AsyncRetrying(**_retrying(heal), before_sleep=before_sleep):
        with attempt:
            plan = make_plan()
            async with AsyncExitStack() as stack:
                try:
                    conn = await stack.enter_async_context(pool.connection(timeout=wait_s))
                except PoolTimeout:
                    if wait_s is None:
                        raise
                    conn = await stack.enter_async_context(
                        await psycopg.AsyncConnection.connect(pool.conninfo, **_direct_args(pool, wait_s)))
                async with (conn.pipeline() if pipeline else nullcontext()) as pipe, \
                        (conn.transaction() if transaction else nullcontext()), \
                        conn.cursor(row_factory=dict_row) as cur:
                    return await _adrive(cur, plan, pipe)
    raise AssertionError("unreachable")  # pragma: no cover


def run_on(conn: psycopg.Connection, plan: Plan[T]) -> T:
    """Run a plan on a connection the caller holds (autocommit, no retry): the model-call hold,
    whose session-level lock lives as long as that connection is kept."""
    with library_errors(), conn.cursor(row_factory=dict_row) as cur:
        return _drive(cur, plan, None)


async def arun_on(conn: psycopg.AsyncConnection, plan: Plan[T]) -> T:
    """Async twin of :func:`run_on`."""
    with library_errors():
        async with conn.cursor(row_factory=dict_row) as cur:
            return await _adrive(cur, plan, None)


def _unlock_all(conn: psycopg.Connection) -> None:
    conn.execute("SELECT pg_advisory_unlock_all()")


async def _aunlock_all(conn: psycopg.AsyncConnection) -> None:
    await conn.execute("SELECT pg_advisory_unlock_all()")


def hold_pool(pool: ConnectionPool, heal: Heal | None = None) -> ConnectionPool:
    """A second pool beside ``pool`` (same server and settings, up to the same size, none kept
    idle) for connections held across a model call: they never starve the main pool's reads and
    writes. A connection goes back with every session-level advisory lock released."""
    held = ConnectionPool(pool.conninfo, min_size=0, max_size=pool.max_size, timeout=pool.timeout,
                          kwargs=dict(pool.kwargs or {}), check=_checker(ConnectionPool, heal),
                          reset=_unlock_all, open=False, name=f"{pool.name}-holds")
    held.open(wait=False)
    return held


class AsyncHolds:
    """Async twin of :func:`hold_pool`: connections kept for model-call holds (at most the main
    pool's size kept idle). Not an ``AsyncConnectionPool``: that one's workers belong to the event
    loop that opened it, and a hold may run in any loop (a psycopg connection is not bound to one)."""

    def __init__(self, pool: AsyncConnectionPool, heal: Heal | None = None) -> None:
        self.conninfo, self.kwargs = pool.conninfo, dict(pool.kwargs or {})
        self.max_idle, self.heal = pool.max_size, heal
        self._idle: list[psycopg.AsyncConnection] = []
        self._lock = threading.Lock()
        self.closed = False

    async def _fresh(self) -> psycopg.AsyncConnection:
        try:
            return await psycopg.AsyncConnection.connect(self.conninfo, **self.kwargs)
        except psycopg.OperationalError:
            if self.heal is None or not await asyncio.to_thread(self.heal):
                raise
            return await psycopg.AsyncConnection.connect(self.conninfo, **self.kwargs)

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[psycopg.AsyncConnection]:
        """A connection of its own; given back with every session-level advisory lock released
        (``pg_advisory_unlock_all()``), or closed when that fails."""
        if self.closed:
            raise PoolClosed("the model-call holds are closed")
        with self._lock:
            conn = self._idle.pop() if self._idle else None
        if conn is not None:
            try:
                await conn.execute("SELECT 1")  # a connection idle since a server restart is replaced
            except psycopg.Error:
                await conn.close()
                conn = None
        if conn is None:
            conn = await self._fresh()
        try:
            yield conn
        finally:
            try:
                await _aunlock_all(conn)
            except psycopg.Error:
                await conn.close()
            else:
                with self._lock:
                    keep = not self.closed and len(self._idle) < self.max_idle
                    if keep:
                        self._idle.append(conn)
                if not keep:
                    await conn.close()

    async def close(self) -> None:
        with self._lock:
            self.closed, idle, self._idle = True, self._idle, []
        for conn in idle:
            with contextlib.suppress(Exception):
                await conn.close()


def _unreachable(exc: psycopg.Error, conn_string: str) -> ConfigurationError:
    # libpq quotes a malformed connection string whole: never echo its password.
    message = redact_url(str(exc).strip())
    password = _password(conn_string)
    hint = ""
    if password:
        # libpq splits a URL at the first "@": an unencoded "@" in the password makes it echo
        # the password's tail as a host name. Hide every such tail too.
        tails = [password] + [password.split("@", i)[-1] for i in range(1, password.count("@") + 1)]
        for tail in sorted(tails, key=len, reverse=True):
            message = message.replace(tail, "***")
        if "@" in password:
            hint = " (an '@' in a URL's password must be written %40)"
    return ConfigurationError(f"cannot connect to Postgres at {redact_url(conn_string)}: {message}{hint}")


def _password(conn_string: str) -> str | None:
    if "://" in conn_string:  # as written (up to the last "@"), not as libpq splits it
        try:
            written = urlsplit(conn_string).password
        except ValueError:
            written = None
        if written:
            return unquote(written)
    try:
        return conninfo_to_dict(conn_string).get("password") or None
    except psycopg.Error:
        found = re.search(r"://[^:/@\s]*:([^@\s]+)@", conn_string)
        return found.group(1) if found else None


def check_reachable(conn_string: str) -> None:
    """Fail at once with a clear error when the database cannot be reached (instead of a pool
    retrying until its timeout)."""
    try:
        psycopg.connect(conn_string, connect_timeout=CONNECT_TIMEOUT).close()
    except psycopg.Error as exc:
        raise _unreachable(exc, conn_string) from None


async def acheck_reachable(conn_string: str) -> None:
    """Async twin of :func:`check_reachable`."""
    try:
        await (await psycopg.AsyncConnection.connect(conn_string, connect_timeout=CONNECT_TIMEOUT)).close()
    except psycopg.Error as exc:
        raise _unreachable(exc, conn_string) from None


def session_options(statement_timeout_ms: int | None, lock_timeout_ms: int | None) -> dict[str, Any]:
    """Connection settings for the configured timeouts (``None`` keeps the server's)."""
    opts = [f"-c {name}={value}" for name, value in (("statement_timeout", statement_timeout_ms),
                                                     ("lock_timeout", lock_timeout_ms)) if value is not None]
    return {"options": " ".join(opts)} if opts else {}


#: A connection checked less than this many seconds ago is handed out again without a check
#: round trip (a write then costs three fewer round trips). A connection that broke meanwhile is
#: discarded by the pool when returned; a server that died in that window fails the statement,
#: which the runner retries on a fresh connection (healing the embedded server first).
RECENT_S = 1.0
_checked_at: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()


def _recent(conn: Any) -> bool:
    now = time.monotonic()
    if not conn.closed and now - _checked_at.get(conn, float("-inf")) < RECENT_S:
        return True
    _checked_at[conn] = now  # stamped now; a failed check below discards the connection anyway
    return False


def _checker(pool_class: type, heal: Heal | None) -> Callable[..., Any]:
    """Check a connection before handing it out (unless it was in use a moment ago); a dead one
    is replaced. With ``heal`` (the embedded server), a dead connection first restarts a dead
    server, so the replacement connects at once instead of the caller waiting out the pool
    timeout."""
    if pool_class is AsyncConnectionPool:
        async def acheck(conn: psycopg.AsyncConnection) -> None:
            if _recent(conn):
                return
            try:
                await AsyncConnectionPool.check_connection(conn)
            except psycopg.Error:
                if heal is not None:
                    await asyncio.to_thread(heal)
                raise
        return acheck

    def check(conn: psycopg.Connection) -> None:
        if _recent(conn):
            return
        try:
            ConnectionPool.check_connection(conn)
        except psycopg.Error:
            if heal is not None:
                heal()
            raise
    return check


def _pool_args(pool_class: type, min_size: int, max_size: int, kwargs: dict[str, Any]) -> dict[str, Any]:
    # Autocommit outside explicit transactions; check each connection before handing it out so
    # a restarted server costs one retry, not an error.
    heal = kwargs.pop("heal", None)
    return {"min_size": min_size, "max_size": max_size,
            "kwargs": {"autocommit": True, **kwargs.pop("kwargs", {})},
            "check": _checker(pool_class, heal), "open": False, **kwargs}


def make_pool(conn_string: str, *, min_size: int = 1, max_size: int = 10, **kwargs: Any) -> ConnectionPool:
    """A psycopg pool that checks connections before handing them out (survives server restarts)."""
    check_reachable(conn_string)
    pool = ConnectionPool(conn_string, **_pool_args(ConnectionPool, min_size, max_size, kwargs))
    pool.open(wait=True, timeout=POOL_OPEN_TIMEOUT)
    return pool


async def make_async_pool(conn_string: str, *, min_size: int = 1, max_size: int = 10,
                          **kwargs: Any) -> AsyncConnectionPool:
    """Async twin of :func:`make_pool` (opened in the running event loop)."""
    await acheck_reachable(conn_string)
    pool = AsyncConnectionPool(conn_string, **_pool_args(AsyncConnectionPool, min_size, max_size, kwargs))
    await pool.open(wait=True, timeout=POOL_OPEN_TIMEOUT)
    return pool
