"""Repeated log lines, rate-limited: a failure that repeats (a full disk, a database away, a
model that keeps timing out) costs a few lines a minute, not one per turn.

:class:`RateLimit` is a :class:`logging.Filter` keyed by the line's template (``record.msg``,
before its arguments: "memory write failed, %s" is one line whatever the message id). Up to
``per_window`` lines of a template pass per ``window_s`` seconds; the first line after a quiet
spell says how many were suppressed. The write path's loggers carry one (:func:`rate_limited`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

#: Lines of one template let through per window, and the window.
PER_WINDOW = 5
WINDOW_S = 60.0


class RateLimit(logging.Filter):
    """At most ``per_window`` records of one template per ``window_s`` seconds (``clock``: seconds)."""

    def __init__(self, per_window: int = PER_WINDOW, window_s: float = WINDOW_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.per_window, self.window_s, self.clock = per_window, window_s, clock
        self._seen: dict[tuple[str, int, str], tuple[float, int, int]] = {}  # key -> (window start, passed, dropped)
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, str(record.msg))
        now = self.clock()
        with self._lock:
            start, passed, dropped = self._seen.get(key, (now, 0, 0))
            if now - start >= self.window_s:
                start, passed = now, 0
            if passed >= self.per_window:
                self._seen[key] = (start, passed, dropped + 1)
                return False
            self._seen[key] = (start, passed + 1, 0)
            if len(self._seen) > 1000:  # templates are few; ids never enter the key
                self._seen.pop(next(iter(self._seen)))
        if dropped:
            record.msg = f"{record.msg} ({dropped} similar lines suppressed)"
        return True


def reset_rate_limits() -> None:
    """Forget what every rate-limited logger of the library has passed (a test starts afresh)."""
    for name, logger in list(logging.Logger.manager.loggerDict.items()):
        if name.startswith("fact_memory_graph") and isinstance(logger, logging.Logger):
            for f in logger.filters:
                if isinstance(f, RateLimit):
                    with f._lock:
                        f._seen.clear()


def rate_limited(logger: logging.Logger) -> logging.Logger:
    """``logger`` with a :class:`RateLimit` (once)."""
    if not any(isinstance(f, RateLimit) for f in logger.filters):
        logger.addFilter(RateLimit())
    return logger
