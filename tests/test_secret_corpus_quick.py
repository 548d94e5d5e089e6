"""benchmarks/secret_corpus_quick.py, the store-free estimate used to tune the secret filter, agrees
item by item with benchmarks/secret_corpus.py (remember() with a hostile model, every table and log
line searched) on a small corpus of both labels written here, and its --cmp lists what changed."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"

ITEMS = [
    {"id": "pw-1", "kind": "password", "label": "secret", "lang": "en",
     "turns": ["my netflix password is Harbour!Lamp72"], "needles": ["Harbour!Lamp72"]},
    {"id": "pw-2", "kind": "password", "label": "secret", "lang": "de",
     "turns": ["das wlan kennwort?", "lautet Birke-Ofen-3391"], "needles": ["Birke-Ofen-3391"]},
    {"id": "card-1", "kind": "card", "label": "secret", "lang": "en",
     "turns": ["card is 4539 1488 0343", "and then 6467"], "needles": ["4539148803436467"]},
    {"id": "confided-1", "kind": "confidence", "label": "secret", "lang": "en",
     "turns": ["between you and me, my brother is moving to Tromsø in secret"], "needles": ["Tromsø"]},
    {"id": "taken-back-1", "kind": "taken back", "label": "secret", "lang": "en",
     "turns": ["the gate opens with 4471#", "please don't remember that"], "needles": ["4471#"]},
    {"id": "order-1", "kind": "order number", "label": "lookalike", "lang": "en",
     "turns": ["my order number is 112-4481927-3310455, it should come friday"],
     "needles": ["112-4481927-3310455"]},
    {"id": "manager-1", "kind": "talk about passwords", "label": "lookalike", "lang": "en",
     "turns": ["my password manager is Bitwarden"], "needles": ["Bitwarden"]},
    {"id": "flight-1", "kind": "flight", "label": "lookalike", "lang": "fr",
     "turns": ["je prends le vol AF 1234 demain à 7h40"], "needles": ["AF 1234"]},
]


def _bench(name: str):
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_quick_estimate_agrees_with_the_store_backed_run(fresh_db_url: str, tmp_path: Path) -> None:
    quick, corpus = _bench("secret_corpus_quick"), _bench("secret_corpus")
    path = tmp_path / "corpusQ.jsonl"
    path.write_text("".join(json.dumps(item, ensure_ascii=False) + "\n" for item in ITEMS), encoding="utf-8")

    totals = quick.run(tmp_path / "q.tsv", [path])
    stored = corpus.run(corpus.load(path), fresh_db_url)

    missed = {m["id"] for m in stored["misses"]}
    rows = quick.read_rows(tmp_path / "q.tsv")
    assert stored["errors"] == []
    assert {item_id: ok for (_, item_id), (_, _, ok) in rows.items()} == {
        item["id"]: int(item["id"] not in missed) for item in ITEMS}
    assert totals[("Q", "secret")] == [5, 5] and totals[("Q", "lookalike")] == [3, 3]


def test_compare_lists_the_items_that_changed(tmp_path: Path) -> None:
    quick = _bench("secret_corpus_quick")
    before, after = tmp_path / "a.tsv", tmp_path / "b.tsv"
    before.write_text("c\t1\tpin\tsecret\t0\nc\t2\tpin\tsecret\t1\nc\t3\torder\tlookalike\t1\n")
    after.write_text("c\t1\tpin\tsecret\t1\nc\t2\tpin\tsecret\t1\nc\t3\torder\tlookalike\t0\n")
    assert quick.compare(before, after) == ([("c", "1")], [("c", "3")])
