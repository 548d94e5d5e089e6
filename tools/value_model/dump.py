"""Export the candidate values of the spent corpora and LoCoMo with what the rules did to each.

Usage::

    PYTHONPATH=. .venv/bin/python tools/value_model/dump.py OUT.jsonl

One line per item: corpus, id, kind, label, needles (normalised), the rules' outputs of its turns
(``redact_turns``; a withheld turn is ""), and its candidates: turn, start, end, label (1: inside a
secret's needle; 0: a look-alike's needle; -1: any other value of the message), whether the rules
masked it. LoCoMo turns: every candidate a negative (-2).
"""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import features as vm  # noqa: E402
from _common import normalise  # noqa: E402

from fact_memory_graph import secrets  # noqa: E402
from fact_memory_graph.forgetting import withheld_turns  # noqa: E402

CORPORA = {
    "45": ["/work/corpus45/tune.jsonl", "/work/corpus45/private/heldout.jsonl"],
    "45b": ["/work/corpus45b/tune.jsonl", "/work/corpus45b/private/heldout.jsonl"],
    "45c": ["/work/corpus45c/private/tune.jsonl", "/work/corpus45c/private/heldout.jsonl"],
    "45d": ["/work/corpus45d/private/tune.jsonl", "/work/corpus45d/private/heldout.jsonl"],
    **{f"45{x}": [f"/work/corpus45{x}/private/tune.jsonl", f"/work/corpus45{x}/private/heldout-spent.jsonl"]
       for x in "efghijklmnop"},
}
BDATA = sorted(str(p) for p in (ROOT / "benchmarks" / "data").glob("secret_corpus*/*.jsonl"))
#: Kinds whose needle is a confided sentence, not a value.
PRIVACY_KINDS = ("implicit", "privacy", "private")


def overlaps(value: str, needles: list[str]) -> bool:
    return bool(value) and any(value in n or (n and n in value) for n in needles)


def items():
    for corpus, files in [*CORPORA.items(), ("bdata", BDATA)]:
        for f in files:
            if not Path(f).exists():
                continue
            for line in Path(f).read_text(encoding="utf-8").splitlines():
                if line.strip():
                    yield corpus, json.loads(line)


def locomo(path: str = "/work/locomo/locomo10.zip"):
    with zipfile.ZipFile(path) as zf:
        for name in sorted(n for n in zf.namelist() if "/locomo10_v2/" in n and n.endswith(".json")):
            conv = json.loads(zf.read(name))
            turns, n = [], 1
            while f"session_{n}" in conv:
                turns.extend(conv[f"session_{n}"])
                n += 1
            yield name, [t["text"] + (f" [shares {t['blip_caption']}]" if t.get("blip_caption") else "")
                         for t in turns]


def main() -> None:
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        write(out)


def write(out) -> None:
    for corpus, item in items():
        turns = [str(t) for t in item["turns"]]
        needles = [normalise(n) for n in item.get("needles") or [] if normalise(n)]
        red = secrets.redact_turns(turns)
        held = withheld_turns(turns)
        red = ["" if h else r for r, h in zip(red, held, strict=True)]
        privacy = any(p in item["kind"] for p in PRIVACY_KINDS)
        cands = []
        for n, turn in enumerate(turns):
            nred = normalise(red[n])
            for s, e in vm.candidates(turn):
                value = normalise(turn[s:e])
                if overlaps(value, needles):
                    lab = 1 if item["label"] == "secret" else 0
                    if privacy:
                        lab = -3  # a value inside a confided sentence: not used
                else:
                    lab = -1
                cands.append([n, s, e, lab, value not in nred])
        out.write(json.dumps({"corpus": corpus, "id": item["id"], "kind": item["kind"], "label": item["label"],
                              "turns": turns, "needles": needles, "red": red, "cands": cands},
                             ensure_ascii=False) + "\n")
    for name, texts in locomo():
        for i, text in enumerate(texts):
            cands = [[0, s, e, -2, False] for s, e in vm.candidates(text)]
            if cands:
                out.write(json.dumps({"corpus": "locomo", "id": f"{name}:{i}", "kind": "locomo", "label": "locomo",
                                      "turns": [text], "prev": texts[i - 1] if i else "", "needles": [],
                                      "red": [text], "cands": cands}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
