"""The local spool: turns that could not be queued within the write budget, kept on disk beside
the process until the database answers.

A turn the write node cannot queue in time (the database is down or hung) is written here — one
small JSON file per turn group, written to a temporary name, flushed to disk and renamed, in a
0700 directory — and the outcome says ``spooled``. A replayer thread queues the files, oldest
first, as soon as the database answers; the enqueue is exactly once by message id and turn
fingerprint, so a turn whose abandoned write did complete after all is not queued twice. The
spool is bounded (``QueueConfig.spool_max_bytes``): a turn that does not fit is lost, said in one
log line with its id, and counted (:attr:`Spool.lost`).

What is kept: the turn's text after the secret filter, its id, fingerprint, session and the
earlier turns shown with it — what the message log would hold. ``forget`` deletes the user's
spooled turns of this process.
"""

from __future__ import annotations

import json
import os
import threading
import uuid
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from fact_memory_graph.errors import FactMemoryError
from fact_memory_graph.store.plans import QueueEntry


class SpoolFullError(FactMemoryError):
    """The spool holds ``spool_max_bytes`` already: the turn could not be kept."""


def _entry_json(entry: QueueEntry) -> dict[str, Any]:
    return {"message_id": entry.message_id, "text": entry.text, "at": entry.at.isoformat(),
            "fingerprint": entry.fingerprint, "session_id": entry.session_id, "context": list(entry.context),
            "facts_shown": entry.facts_shown, "stale_shown": entry.stale_shown,
            "shown_digests": list(entry.shown_digests), "repeatable": entry.repeatable}


def _entry(data: dict[str, Any]) -> QueueEntry:
    return QueueEntry(message_id=data["message_id"], text=data["text"], at=datetime.fromisoformat(data["at"]),
                      fingerprint=data.get("fingerprint"), session_id=data.get("session_id"),
                      context=tuple(data.get("context") or ()), facts_shown=data.get("facts_shown"),
                      stale_shown=data.get("stale_shown"),
                      shown_digests=tuple(str(d) for d in data.get("shown_digests") or ()),
                      repeatable=bool(data.get("repeatable")))


class Spool:
    """One directory of spooled turn groups (thread-safe)."""

    def __init__(self, directory: Path, *, max_bytes: int) -> None:
        self.directory = directory
        self.max_bytes = max_bytes
        #: Turns this process could neither queue nor spool (the spool was full or unwritable).
        self.lost = 0
        self._lock = threading.Lock()

    def put(self, user_id: str, entries: Sequence[QueueEntry]) -> Path:
        """Keep ``entries`` durably (fsync'd); raises :class:`SpoolFullError` or ``OSError``."""
        body = json.dumps({"user_id": user_id, "entries": [_entry_json(e) for e in entries]},
                          ensure_ascii=False).encode("utf-8")
        with self._lock:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            if self.size() + len(body) > self.max_bytes:
                raise SpoolFullError(f"the spool at {self.directory} holds {self.max_bytes} bytes already "
                                     "(QueueConfig.spool_max_bytes)")
            name = f"{datetime.now().strftime('%Y%m%dT%H%M%S%f')}-{uuid.uuid4().hex[:8]}.json"
            tmp = self.directory / f".{name}.tmp"
            with open(tmp, "wb") as handle:
                handle.write(body)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.directory / name)
            fd = os.open(self.directory, os.O_RDONLY)
            try:
                os.fsync(fd)  # the rename itself survives a crash
            finally:
                os.close(fd)
            return self.directory / name

    def pending(self) -> list[Path]:
        """Spooled files, oldest first."""
        try:
            return sorted(p for p in self.directory.iterdir() if p.suffix == ".json" and not p.name.startswith("."))
        except FileNotFoundError:
            return []

    def size(self) -> int:
        return sum(p.stat().st_size for p in self.pending() if p.exists())

    @staticmethod
    def load(path: Path) -> tuple[str, list[QueueEntry]]:
        data = json.loads(path.read_text(encoding="utf-8"))
        return str(data["user_id"]), [_entry(e) for e in data["entries"]]

    @staticmethod
    def remove(path: Path) -> None:
        path.unlink(missing_ok=True)

    def drop_user(self, user_id: str) -> int:
        """Delete the user's spooled turns (``forget``); returns how many files."""
        dropped = 0
        for path in self.pending():
            try:
                if self.load(path)[0] == user_id:
                    self.remove(path)
                    dropped += 1
            except (OSError, ValueError, KeyError):
                continue
        return dropped
