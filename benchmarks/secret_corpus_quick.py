"""A store-free estimate of ``benchmarks/secret_corpus.py``, per item, for tuning the secret filter.

Usage::

    .venv/bin/python benchmarks/secret_corpus_quick.py OUT.tsv CORPUS.jsonl [CORPUS.jsonl ...]
    .venv/bin/python benchmarks/secret_corpus_quick.py --cmp BEFORE.tsv AFTER.tsv [--show]

``secret_corpus.py`` sends each item through ``remember()`` with a hostile model and searches every
table; a corpus of 700 items takes minutes. This reads what that hostile model could store without
a database: per turn, the turn as the filter leaves it in its thread and the earlier turns as they
are shown with it (``threads.message_in_thread`` and ``threads.shown_earlier``, the functions the
write path calls), minus the turns a privacy request withholds (``forgetting.withheld_turns``) or a
later turn takes back (``threads.secret_shown_later``). A secret's needles must be in none of it, a
look-alike's in it, all normalised as ``secret_corpus.py`` normalises them.

It agrees with ``secret_corpus.py`` item by item on the corpora both were run on (see
tests/test_secret_corpus_quick.py, which checks it on a small corpus of both kinds); it can be
stricter where a writer's own checks drop a record. Report figures from ``secret_corpus.py``; use
this one to iterate. Writes one row per item (corpus, id, kind, label, 1 if good) to OUT.tsv and
prints the totals per corpus and label; ``--cmp`` lists the items better or worse in AFTER.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import normalise  # noqa: E402
from langchain_core.messages import HumanMessage  # noqa: E402
from secret_corpus import load  # noqa: E402

from fact_memory_graph.forgetting import withheld_turns  # noqa: E402
from fact_memory_graph.threads import message_in_thread, secret_shown_later, shown_earlier  # noqa: E402


def stored_texts(turns: list[str]) -> list[str]:
    """What a model that stores everything it is shown could store from these turns of a thread."""
    messages = [HumanMessage(t) for t in turns]
    hidden = withheld_turns(turns)
    out: list[str] = []
    for i, text in enumerate(turns):
        if hidden[i]:
            continue
        if i + 1 < len(turns) and secret_shown_later(messages, i, i + 1):
            continue  # taken back when the next turn came
        out.append(message_in_thread(text, messages, i, redact=True))
        if i:
            out.extend(shown_earlier(messages, 0, turns[:i], text, redact=True))
    return out


def good(item: dict[str, Any]) -> bool:
    """A secret's needles in nothing storable; all of a look-alike's in it."""
    blob = "\x00".join(normalise(t) for t in stored_texts(item["turns"]))
    present = [n in blob for n in (normalise(n) for n in item.get("needles") or []) if n]
    return not any(present) if item["label"] == "secret" else all(present)


def run(out_path: Path, corpora: list[Path]) -> dict[tuple[str, str], list[int]]:
    totals: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    with out_path.open("w", encoding="utf-8") as out:
        for path in corpora:
            name = path.name.removeprefix("corpus").removesuffix(".jsonl")
            for item in load(path):
                ok = good(item)
                cell = totals[(name, item["label"])]
                cell[0] += ok
                cell[1] += 1
                out.write(f"{name}\t{item['id']}\t{item.get('kind') or '?'}\t{item['label']}\t{int(ok)}\n")
    return totals


def read_rows(path: Path) -> dict[tuple[str, str], tuple[str, str, int]]:
    rows = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, item_id, kind, label, ok = line.split("\t")
        rows[(name, item_id)] = (kind, label, int(ok))
    return rows


def compare(before: Path, after: Path) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Items good in AFTER only, and items good in BEFORE only."""
    a, b = read_rows(before), read_rows(after)
    common = [k for k in b if k in a]
    return [k for k in common if b[k][2] > a[k][2]], [k for k in common if b[k][2] < a[k][2]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="OUT.tsv CORPUS.jsonl ..., or with --cmp: BEFORE AFTER")
    parser.add_argument("--cmp", action="store_true", help="compare two OUT.tsv files")
    parser.add_argument("--show", action="store_true", help="with --cmp: list the items")
    args = parser.parse_args()
    if args.cmp:
        if len(args.paths) != 2:
            parser.error("--cmp BEFORE.tsv AFTER.tsv")
        better, worse = compare(*args.paths)
        print(f"better {len(better)} worse {len(worse)}")
        rows = read_rows(args.paths[1])
        for tag, keys in (("WORSE", worse), ("better", better)) if args.show else ():
            for key in keys:
                print(tag, *key, *rows[key][:2])
        return
    if len(args.paths) < 2:
        parser.error("OUT.tsv and at least one corpus")
    totals = run(args.paths[0], args.paths[1:])
    overall: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for (name, label), (ok, n) in sorted(totals.items()):
        print(f"{name}\t{label}\t{ok}/{n}")
        overall[label][0] += ok
        overall[label][1] += n
    s, lk = overall["secret"], overall["lookalike"]
    print(f"ALL secrets {s[0]}/{s[1]}  lookalikes {lk[0]}/{lk[1]}")


if __name__ == "__main__":
    main()
