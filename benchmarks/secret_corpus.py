"""A secret corpus run through what users run, then every table searched (issue 45).

Usage::

    .venv/bin/python benchmarks/secret_corpus.py --corpus PATH.jsonl [--json]
    .venv/bin/python benchmarks/secret_corpus.py --old            # tests/unit/secret_corpus.py

A corpus is JSONL, one item a line: ``id``, ``kind``, ``label`` (``secret`` or ``lookalike``),
``lang``, ``turns`` (one to three user messages) and ``needles`` (strings that must not be stored
for a secret, that must be stored for a look-alike). Each item gets a fresh user of one memory
(embedded Postgres, local MiniLM); its turns go through ``remember()`` in order, each with the
item's earlier turns as its context, as a thread gives them (``--context 1``: only the turn
before, as this script sent them before issue 45's fifth round). The chat model is hostile: it
stores everything it was shown — the message and the earlier turn of its prompt — in a claim, in
structured fields (split over key and value), in a note, as a person's name and relation, as
names the user goes by, as a task outcome's reason, and as a goal and its note. Afterwards every
text and JSON column of every ``fact_memory_*`` table (vectors aside) is read for these users and
searched for the needles, and so is every log line written meanwhile, all normalised the same way: NFKC, casefold, every Unicode digit
as its ASCII digit, and only letters and digits kept.

Prints, per kind: secrets found in no table (%), look-alikes kept (%), and the totals.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import psycopg  # noqa: E402
from _common import bench_database, normalise  # noqa: E402
from langchain_core.messages import HumanMessage  # noqa: E402

from fact_memory_graph import FactMemory, FactMemoryConfig  # noqa: E402
from fact_memory_graph.config import EvaluatorConfig  # noqa: E402
from fact_memory_graph.testing import ScriptedChatModel, prompt_message  # noqa: E402

_CONTEXT_LINE = re.compile(r'^(?:user|assistant|human): (".*")$', re.M)


def shown(messages: Any) -> str:
    """What the extractor was shown of the user's words: earlier turns, then the message."""
    prompt = str(messages[-1].content) if messages else ""
    earlier = []
    for m in _CONTEXT_LINE.finditer(prompt):
        try:
            earlier.append(json.loads(m.group(1)))
        except ValueError:
            earlier.append(m.group(1))
    return " ".join([*earlier, prompt_message(messages)]).strip()


def hostile(messages: Any) -> dict[str, Any]:
    """Store everything shown, whole and split over every pair of strings a record has."""
    text = shown(messages) or "nothing"
    half = len(text) // 2
    a, b = text[:half] or "x", text[half:] or "x"
    words = text.split()
    w1, w2 = " ".join(words[: len(words) // 2]) or "x", " ".join(words[len(words) // 2:]) or "x"
    return {
        "ops": [
            {"op": "add_durable", "category": "identity", "claim": text[:300]},
            {"op": "add_durable", "category": "preference", "claim": f"said {a[:290]}",
             "fields": [{"key": w1[:100], "value": w2[:200]}, {"key": "said", "value": b[:200]}]},
            {"op": "add_current", "category": "working_on", "claim": f"mentioned {w1[:280]}",
             "fields": [{"key": "and", "value": w2[:200]}]},
            {"op": "add_durable", "category": "no_such_category", "claim": text[:300]},  # rejected: logged, kept
        ],
        "relationships": [{"name": w1[:60], "relation": w2[:40], "aliases": [text[:60]]},
                          {"name": "Alex", "relation": "friend", "aliases": [a[:60], b[:60]]}],
        "identity": [w1[:60], w2[:60]],
        "task_success": {"outcome": "success", "reason": text[:200]},
        "goals": [{"goal": w1[:200], "status": "set", "note": w2[:200]}],
        "trust": None,
    }


def load(path: Path) -> list[dict[str, Any]]:
    items = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            item = json.loads(line)
            if item.get("label") not in ("secret", "lookalike") or not item.get("turns"):
                raise SystemExit(f"{path}:{n}: an item needs label secret|lookalike and turns")
            items.append(item)
    return items


def old_corpus() -> list[dict[str, Any]]:
    """tests/unit/secret_corpus.py as corpus items (the corpus written with the old filter)."""
    from tests.unit.secret_corpus import LOOK_ALIKES, SECRETS, SPLIT_CARDS

    items = [{"id": f"old-s{i}", "kind": "old corpus", "label": "secret", "lang": "", "turns": [m],
              "needles": [s]} for i, (m, s) in enumerate(SECRETS)]
    items += [{"id": f"old-c{i}", "kind": "old corpus", "label": "secret", "lang": "", "turns": [a, b],
               "needles": [s]} for i, (a, b, s) in enumerate(SPLIT_CARDS)]
    items += [{"id": f"old-l{i}", "kind": "old corpus", "label": "lookalike", "lang": "", "turns": [m],
               "needles": [_look_alike_needle(m)]} for i, m in enumerate(LOOK_ALIKES)]
    return items


def _look_alike_needle(message: str) -> str:
    """The look-alike's number-like part (the longest token with a digit), else the message."""
    tokens = [t for t in re.findall(r"[\w+().:/-]+(?:[ -]\w+)*", message) if re.search(r"\d", t)]
    return max(tokens, key=len) if tokens else message


def stored_text(url: str, users: list[str], ours: bool = False) -> tuple[dict[str, str], str]:
    """Every text/JSON column of every fact_memory_* table, normalised: per user (tables keyed
    by user) and the rest (tables without a user column) as one blob. Left out, as the column
    registry test leaves them out: ``fact_memory_meta`` (the embedder's probe, no user's text)
    and hash columns (``digest``, ``user_key``). The ids and times the library writes of its own
    are left out too (``_ours``), unless ``ours``: a look-alike that is a time ("the timestamp
    was 2026-11-20T08:15:42Z") is searched for in the text with them."""
    per_user: dict[str, list[str]] = defaultdict(list)
    rest: list[str] = []
    with psycopg.connect(url) as conn:
        columns = conn.execute(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_name LIKE 'fact_memory_%'"
            " AND table_schema = current_schema() AND table_name <> 'fact_memory_meta'"
            " AND column_name NOT IN ('digest', 'user_key') AND (data_type IN ('text', 'jsonb', 'json', 'character varying')"
            " OR udt_name IN ('_text', '_varchar') OR column_name = 'user_id') ORDER BY 1, 2").fetchall()
        tables: dict[str, list[str]] = defaultdict(list)
        for t, c in columns:
            tables[t].append(c)
        for table, cols in tables.items():
            cols = [c for c in cols if c != "user_id"] + (["user_id"] if "user_id" in cols else [])
            if cols == ["user_id"]:
                continue
            select = ", ".join(f'"{c}"::text' for c in cols)
            if "user_id" in cols:
                cols = cols[:-1]
                select = ", ".join(f'"{c}"::text' for c in cols)
                for row in conn.execute(f"SELECT user_id, {select} FROM {table} WHERE user_id = ANY(%s)",
                                        (users,)):
                    per_user[row[0]].extend(v for v in row[1:] if v)
            else:
                for row in conn.execute(f"SELECT {select} FROM {table}"):
                    rest.extend(v for v in row if v)
    strip = (lambda x: x) if ours else (lambda x: _ours.sub(" ", x))  # noqa: E731
    return ({u: "|".join(normalise(strip(x)) for x in v) for u, v in per_user.items()},
            "|".join(normalise(strip(x)) for x in rest))


#: Values the library writes of its own into JSON (ids, times, turn fingerprints): not user text,
#: and their digits would match any short needle (a PIN "0000" in "00:00:00").
_ours = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|turn:[0-9a-f]{40}"
                   r"|\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?")


class _Lines(logging.Handler):
    """Every log line the library writes while the corpus runs (they are searched too)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


def run(items: list[dict[str, Any]], url: str, context: int = 0) -> dict[str, Any]:
    lines = _Lines()
    root = logging.getLogger()
    root.addHandler(lines)
    saved, root.level = root.level, logging.DEBUG
    for handler in root.handlers:
        if handler is not lines:
            handler.setLevel(logging.CRITICAL)
    llm = ScriptedChatModel(default=hostile)
    config = FactMemoryConfig(evaluators=EvaluatorConfig(goals=True, trust=True))
    run_id = uuid.uuid4().hex[:6]
    users = {}
    item_lines: dict[str, str] = {}  # the log lines written while an item ran
    errors = []
    started = time.perf_counter()
    with FactMemory.open(url, llm=llm, config=config) as memory:
        for item in items:
            user = f"corpus-{run_id}-{item['id']}"[:200]
            users[item["id"]] = user
            before: list[HumanMessage] = []
            first_line = len(lines.lines)
            for n, turn in enumerate(item["turns"]):
                message = HumanMessage(turn, id=f"{item['id']}-t{n}")
                try:
                    memory.remember(user, message, message_id=message.id,
                                    context=before[-context:] if context else before,
                                    session_id="thread")
                except Exception as exc:  # reported, and the item still scanned
                    errors.append(f"{item['id']}: {type(exc).__name__}: {str(exc)[:120]}")
                before.append(message)
            item_lines[item["id"]] = "|".join(normalise(line) for line in lines.lines[first_line:])
    elapsed = time.perf_counter() - started
    root.removeHandler(lines)
    root.level = saved
    stored, rest = stored_text(url, list(users.values()))
    whole, _ = stored_text(url, list(users.values()), ours=True)  # look-alikes: times kept
    by_kind: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    misses = []
    for item in items:
        text = stored.get(users[item["id"]], "")
        logged = item_lines.get(item["id"], "")
        needles = [normalise(n) for n in item.get("needles") or []]
        needles = [n for n in needles if n]
        if item["label"] == "secret":
            good = not any(n in text or n in rest or n in logged for n in needles)
        else:
            good = all(n in whole.get(users[item["id"]], "") for n in needles)
        cell = by_kind[(item["label"], item.get("kind") or "?")]
        cell[0] += good
        cell[1] += 1
        if not good:
            where = [w for w, blob in (("tables", text), ("shared tables", rest), ("log", logged))
                     if any(n in blob for n in needles)] if item["label"] == "secret" else []
            misses.append({"id": item["id"], "kind": item.get("kind"), "label": item["label"], "found in": where})
    return {"items": len(items), "seconds": round(elapsed, 1), "errors": errors, "misses": misses,
            "by_kind": [{"label": label, "kind": kind, "good": g, "total": t, "pct": round(100 * g / t, 1)}
                        for (label, kind), (g, t) in sorted(by_kind.items())]}


def report(result: dict[str, Any]) -> str:
    lines = ["| label | kind | good / total | % |", "|---|---|---|---|"]
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in result["by_kind"]:
        lines.append(f"| {row['label']} | {row['kind']} | {row['good']} / {row['total']} | {row['pct']} |")
        totals[row["label"]][0] += row["good"]
        totals[row["label"]][1] += row["total"]
    for label, (g, t) in sorted(totals.items()):
        what = "secrets found in no table" if label == "secret" else "look-alikes kept"
        lines.append(f"| **{label}** | **all: {what}** | **{g} / {t}** | **{100 * g / t:.1f}** |")
    lines.append(f"\n{result['items']} items in {result['seconds']} s; errors: {len(result['errors'])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, help="a JSONL corpus")
    parser.add_argument("--old", action="store_true", help="tests/unit/secret_corpus.py instead")
    parser.add_argument("--url", help="a Postgres URL (default: a throw-away embedded server)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--misses", action="store_true", help="list the items that failed (ids only)")
    parser.add_argument("--context", type=int, default=0, metavar="N",
                        help="earlier turns passed to remember() (default 0: all of the item's, as a thread gives them)")
    args = parser.parse_args()
    if not args.corpus and not args.old:
        parser.error("--corpus PATH or --old")
    items = old_corpus() if args.old else load(args.corpus)
    with bench_database(args.url, "secretcorpus") as url:
        result = run(items, url, args.context)
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return
    print(report(result))
    for e in result["errors"][:10]:
        print("error:", e)
    if args.misses:
        for m in result["misses"]:
            print("miss:", m)


if __name__ == "__main__":
    main()
