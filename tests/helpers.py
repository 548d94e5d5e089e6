"""Helpers shared by test modules (conftest holds only fixtures)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
EVAL = SHARED / "eval"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

#: Tests that read ../shared/eval skip (with this reason) when it is not beside the repository.
needs_eval = pytest.mark.skipif(not EVAL.is_dir(), reason="../shared/eval is not beside the repository")


def eval_cases(name: str) -> list[dict]:
    """The JSON lines of ``../shared/eval/<name>``, or ``[]`` when it is absent (the
    parametrized tests then report an empty parameter set as skipped)."""
    path = EVAL / name
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def kept_in_thread(turns: list[str]) -> str:
    """A thread's user turns as the filter leaves them, each read after the turns before it
    (``redact_turns``), joined with `` | ``: what a test searches for a value kept or withheld."""
    from fact_memory_graph.secrets import redact_turns

    return " | ".join(redact_turns(list(turns)))
