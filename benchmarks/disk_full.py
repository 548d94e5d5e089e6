"""Disk full: the embedded server's data directory on a small tmpfs, filled up while writing.

Every failed write must fail with a library error and leave nothing behind; once space is freed,
retrying the failed messages applies each exactly once. Needs root (to mount the tmpfs); prints
"skipped" otherwise. Run: ``sudo .venv/bin/python benchmarks/disk_full.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

from fact_memory_graph import FactMemory, FactMemoryError
from fact_memory_graph.testing import ScriptedChatModel, prompt_message


def ops(messages):
    n = prompt_message(messages).split()[-1]
    return [{"op": "add_durable", "category": "preference", "claim": f"likes item {n} " + "x" * 250}]


def main() -> None:
    mount = Path(tempfile.mkdtemp(prefix="fm-diskfull-"))
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=96m", "tmpfs", str(mount)]).returncode != 0:
        print(json.dumps({"skipped": "cannot mount a tmpfs here (needs root)"}))
        return
    errors: Counter[str] = Counter()
    failed: list[int] = []
    try:
        memory = FactMemory.open(data_dir=mount / "data", llm=ScriptedChatModel(default=ops))
        filler = mount / "filler"
        free = os.statvfs(mount).f_bavail * os.statvfs(mount).f_frsize
        with open(filler, "wb") as f:  # leave ~3 MB for the database to fill
            f.write(b"\0" * max(free - 3 * 1024 * 1024, 0))
        sent = 0
        while sent < 3000 and len(failed) < 25:
            try:
                memory.remember("disk", f"message {sent}", message_id=f"m{sent}")
            except FactMemoryError as exc:
                errors[type(exc).__name__] += 1
                failed.append(sent)
            sent += 1
        filler.unlink()
        retried = Counter()
        for i in failed:
            for _ in range(5):
                try:
                    retried[memory.remember("disk", f"message {i}", message_id=f"m{i}").already_processed] += 1
                    break
                except FactMemoryError as exc:
                    errors[f"retry {type(exc).__name__}"] += 1
        facts = Counter(f.claim.split(" x")[0] for f in memory.facts.list("disk"))
        result = {
            "messages_sent": sent, "failed_while_full": len(failed), "errors": dict(errors),
            "retried_applied": retried[False], "retried_already_processed": retried[True],
            "messages_processed": memory.admin.stats("disk")["messages"], "facts": sum(facts.values()),
            "duplicate_facts": sum(n - 1 for n in facts.values() if n > 1),
        }
        memory.close()
    finally:
        subprocess.run(["umount", "-l", str(mount)])
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
