"""Helpers shared by the benchmark scripts."""

from __future__ import annotations

import os
import shutil
import tempfile
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager


def normalise(text: str) -> str:
    """NFKC, casefold, Unicode digits as ASCII digits, only letters and digits kept."""
    out = []
    for ch in unicodedata.normalize("NFKC", text).casefold():
        if ch.isdigit():
            try:
                out.append(str(unicodedata.digit(ch)))
            except ValueError:
                continue
        elif ch.isalnum():
            out.append(ch)
    return "".join(out)


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


@contextmanager
def bench_database(url: str | None, name: str) -> Iterator[str]:
    """``url`` when given, else a database on a throw-away embedded server (stopped afterwards)."""
    if url is not None:
        yield url
        return
    from fact_memory_graph.embedded import EmbeddedPostgres, install_sigterm_handler

    base = tempfile.mkdtemp(prefix=f"fm-{name}-")
    os.chmod(base, 0o755)  # our own new directory: as root the server runs as another OS user
    embedded = EmbeddedPostgres(base)
    install_sigterm_handler()  # a killed benchmark still stops its server
    try:
        yield embedded.url(name)
    finally:
        embedded.close()
        shutil.rmtree(base, ignore_errors=True)  # ~70 MB a run: left behind, they filled the disk
