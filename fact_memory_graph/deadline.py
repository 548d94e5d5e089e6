"""Reads that fail open: a memory outage must not become an agent outage.

:func:`read_within` / :func:`aread_within` run a whole read (embedding included) under a
deadline (``ReadConfig.read_budget_s``, default 1.5 s). With ``on_error="log"`` a read that fails
(the store is down, the embedder fails) or runs past the deadline logs one line and returns the
fallback (an empty memory section), so the agent answers without memory; ``"raise"`` re-raises
(a timeout as :class:`StoreTimeoutError`). Caller mistakes (:class:`InvalidInputError`,
:class:`ConfigurationError`) always raise: they are bugs to fix, not outages to ride out.

A sync read past its deadline is abandoned, not killed: it finishes on its worker thread (its
pooled connection is returned then); at most ``MAX_ABANDONED`` such reads run at once, beyond
which a read fails open at once.
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

logger = logging.getLogger(__name__)
T = TypeVar("T")
OnReadError = Literal["raise", "log"]
MAX_ABANDONED = 8

_executor = ThreadPoolExecutor(max_workers=MAX_ABANDONED + 4, thread_name_prefix="fact-memory-read")
_running = threading.BoundedSemaphore(MAX_ABANDONED + 4)


def _failed(what: str, exc: BaseException, fallback: T, on_error: OnReadError) -> T:
    if on_error == "raise" or isinstance(exc, InvalidInputError | ConfigurationError):
        raise exc
    logger.warning("fact-memory: %s failed, answering without memory: %s: %s", what, type(exc).__name__,
                   str(exc)[:200])
    return fallback


def read_within(read: Callable[[], T], *, budget_s: float | None, fallback: T, on_error: OnReadError,
                what: str = "memory read") -> T:
    """``read()`` under a deadline of ``budget_s`` seconds (``None``: no deadline)."""
    if budget_s is None:
        try:
            return read()
        except Exception as exc:
            return _failed(what, exc, fallback, on_error)
    if not _running.acquire(blocking=False):  # too many abandoned reads: the store is not answering
        return _failed(what, StoreTimeoutError("too many memory reads past their deadline"), fallback, on_error)

    def run() -> T:
        try:
            return read()
        finally:
            _running.release()

    future = _executor.submit(run)
    try:
        return future.result(timeout=budget_s)
    except FutureTimeout:
        return _failed(what, StoreTimeoutError(f"no answer within the read budget of {budget_s:g} s"), fallback,
                       on_error)
    except Exception as exc:
        return _failed(what, exc, fallback, on_error)


async def aread_within(read: Callable[[], Awaitable[T]], *, budget_s: float | None, fallback: T,
                       on_error: OnReadError, what: str = "memory read") -> T:
    """Async twin of :func:`read_within` (the read is cancelled at the deadline)."""
    try:
        if budget_s is None:
            return await read()
        return await asyncio.wait_for(read(), timeout=budget_s)
    except TimeoutError:
        return _failed(what, StoreTimeoutError(f"no answer within the read budget of {budget_s:g} s"), fallback,
                       on_error)
    except Exception as exc:
        return _failed(what, exc, fallback, on_error)
