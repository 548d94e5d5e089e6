"""Reads and writes that fail open: a memory outage must not become an agent outage.

:func:`read_within` / :func:`aread_within` run a whole read (embedding included) under a
deadline (``ReadConfig.read_budget_s``, default 1.5 s). With ``on_error="log"`` a read that fails
(the store is down, the embedder fails) or runs past the deadline logs one line and returns the
fallback (an empty memory section), so the agent answers without memory; ``"raise"`` re-raises
(a timeout as :class:`StoreTimeoutError`). Caller mistakes (:class:`InvalidInputError`,
:class:`ConfigurationError`) always raise: they are bugs to fix, not outages to ride out.

A sync read past its deadline is abandoned, not killed: it finishes on its worker thread (its
pooled connection is returned then); at most ``MAX_ABANDONED`` such reads run at once, beyond
which a read fails open at once.

:func:`write_within` / :func:`awrite_within` do the same for the writes on the reply's path (the
queued write node's enqueue, the middleware's, the memory tools'), under
``WriteConfig.write_budget_s``; the log line says what was kept or lost.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Literal, TypeVar

from fact_memory_graph.errors import ConfigurationError, InvalidInputError, StoreTimeoutError
from fact_memory_graph.logs import rate_limited

logger = rate_limited(logging.getLogger(__name__))
T = TypeVar("T")
OnReadError = Literal["raise", "log"]
MAX_ABANDONED = 8

_executor = ThreadPoolExecutor(max_workers=MAX_ABANDONED + 4, thread_name_prefix="fact-memory-read")
_running = threading.BoundedSemaphore(MAX_ABANDONED + 4)


READ_CONSEQUENCE = "answering without memory"


def _failed(what: str, exc: BaseException, fallback: Callable[[], T], on_error: OnReadError,
            consequence: str | None = READ_CONSEQUENCE) -> T:
    if on_error == "raise" or isinstance(exc, InvalidInputError | ConfigurationError):
        raise exc
    if consequence is not None:
        logger.warning("fact-memory: %s failed, %s: %s: %s", what, consequence, type(exc).__name__, str(exc)[:200])
    else:  # the fallback says what it kept, once per outage; each failure still at debug level
        logger.debug("fact-memory: %s failed: %s: %s", what, type(exc).__name__, str(exc)[:200])
    return fallback()


def _within(call: Callable[[], T], budget_s: float | None, fallback: Callable[[], T], on_error: OnReadError,
            what: str, consequence: str | None) -> T:
    if budget_s is None:
        try:
            return call()
        except Exception as exc:
            return _failed(what, exc, fallback, on_error, consequence)
    if not _running.acquire(blocking=False):  # too many abandoned calls: the store is not answering
        return _failed(what, StoreTimeoutError("too many memory calls past their deadline"), fallback, on_error,
                       consequence)

    def run() -> T:
        try:
            return call()
        finally:
            _running.release()

    future = _executor.submit(run)
    try:
        return future.result(timeout=budget_s)
    except FutureTimeout:
        return _failed(what, StoreTimeoutError(f"no answer within the budget of {budget_s:g} s"), fallback,
                       on_error, consequence)
    except Exception as exc:
        return _failed(what, exc, fallback, on_error, consequence)


async def _awithin(call: Callable[[], Awaitable[T]], budget_s: float | None, fallback: Callable[[], T],
                   on_error: OnReadError, what: str, consequence: str | None) -> T:
    try:
        if budget_s is None:
            return await call()
        return await asyncio.wait_for(call(), timeout=budget_s)
    except TimeoutError:
        return _failed(what, StoreTimeoutError(f"no answer within the budget of {budget_s:g} s"), fallback,
                       on_error, consequence)
    except Exception as exc:
        return _failed(what, exc, fallback, on_error, consequence)


def read_within(read: Callable[[], T], *, budget_s: float | None, fallback: T, on_error: OnReadError,
                what: str = "memory read") -> T:
    """``read()`` under a deadline of ``budget_s`` seconds (``None``: no deadline)."""
    return _within(read, budget_s, lambda: fallback, on_error, what, READ_CONSEQUENCE)


async def aread_within(read: Callable[[], Awaitable[T]], *, budget_s: float | None, fallback: T,
                       on_error: OnReadError, what: str = "memory read") -> T:
    """Async twin of :func:`read_within` (the read is cancelled at the deadline)."""
    return await _awithin(read, budget_s, lambda: fallback, on_error, what, READ_CONSEQUENCE)


def write_within(write: Callable[[], T], *, budget_s: float | None, fallback: Callable[[], T],
                 on_error: OnReadError, what: str = "memory write", consequence: str = "nothing was written",
                 log: bool = True) -> T:
    """``write()`` under a deadline of ``budget_s`` seconds; past it, or on a failure, one log
    line (``consequence``: what was kept or lost) and ``fallback()`` — or the error with
    ``on_error="raise"``. A write past its deadline may still complete on its worker thread: the
    writes used here are idempotent (keyed by message id), so that is never a double write.
    ``log=False``: no line here, the fallback says what it kept."""
    return _within(write, budget_s, fallback, on_error, what, consequence if log else None)


async def awrite_within(write: Callable[[], Awaitable[T]], *, budget_s: float | None, fallback: Callable[[], T],
                        on_error: OnReadError, what: str = "memory write",
                        consequence: str = "nothing was written") -> T:
    """Async twin of :func:`write_within`. The write should run on a thread (``asyncio.to_thread``)
    so that cancelling it at the deadline never waits on a hung database."""
    return await _awithin(write, budget_s, fallback, on_error, what, consequence)
