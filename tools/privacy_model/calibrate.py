"""Round thirteen (q45p): the privacy reader's threshold chosen out of fold, and its
leave-one-corpus-out figures.

The shipped threshold was 0.9, chosen by hand on LoCoMo; out of sample the reader's misses were
often requests scored just below it. Here the threshold is chosen on corpora the model did not
train on: the training corpora are split into ``FOLDS`` groups (round robin over their sorted
names); for each group a model is trained without it and reads it (``benchmarks/privacy_requests.py``'s
judgement: the phrase lists of today and the model) at each threshold of ``GRID``. The chosen
threshold is the one with the most private items withheld minus ``COST`` × look-alikes withheld
(a look-alike lost costs more than a private item found), the highest on a tie.

Usage::

    .venv/bin/python tools/privacy_model/calibrate.py                  # choose on all corpora, write threshold_q45p.json
    .venv/bin/python tools/privacy_model/calibrate.py --loco 45o,45p   # for each X: choose without X, measure on X

Deterministic (the training is); about a minute per fold on one core.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import loco  # noqa: E402
import train  # noqa: E402
from privacy_requests import CORPORA, corpus_items, run  # noqa: E402

from fact_memory_graph import privacy_model as pm  # noqa: E402

OUT = HERE / "threshold_q45p.json"
GRID = (0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9)
FOLDS = 4
COST = 3


def readings(model: pm.Model, names: list[str]) -> dict[float, list[int]]:
    """Per threshold: [private withheld, private, look-alikes kept, look-alikes] over ``names``."""
    out: dict[float, list[int]] = {}
    for t in GRID:
        at = dataclasses.replace(model, threshold=t)
        total = [0, 0, 0, 0]
        for name in names:
            res = run(corpus_items(name), loco.reader(loco._CURRENT, at))
            total = [total[0] + res["private"][0], total[1] + res["private"][1],
                     total[2] + res["lookalike"][0], total[3] + res["lookalike"][1]]
        out[t] = total
    return out


def choose(names: list[str], log=print) -> float:
    """The threshold chosen out of fold over ``names`` (each fold read by a model trained without it)."""
    folds = [names[k::FOLDS] for k in range(FOLDS)]
    pooled = {t: [0, 0, 0, 0] for t in GRID}
    for fold in folds:
        model = pm.from_data(train.train(set(fold) | (set(CORPORA) - set(names))))
        for t, r in readings(model, fold).items():
            pooled[t] = [a + b for a, b in zip(pooled[t], r, strict=True)]
    for t in GRID:
        p = pooled[t]
        log(f"   out of fold at {t:.2f}: private {p[0]}/{p[1]}, look-alikes {p[2]}/{p[3]}")
    best = max(GRID, key=lambda t: (pooled[t][0] - COST * (pooled[t][3] - pooled[t][2]), t))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loco", default="", help="corpora (names or suffixes, comma-separated) to leave out in turn")
    args = parser.parse_args()
    names = sorted(CORPORA)
    if not args.loco:
        t = choose(names)
        OUT.write_text(json.dumps({"threshold": t, "grid": list(GRID), "folds": FOLDS, "cost": COST,
                                   "about": "tools/privacy_model/calibrate.py"}, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT} (threshold {t})")
        return
    for want in args.loco.split(","):
        x = want if want in CORPORA else f"corpus{want}"
        rest = [n for n in names if n != x]
        print(f"{x}: threshold chosen without it")
        t = choose(rest)
        model = pm.from_data(train.train(x))
        for label, at in (("0.90 (before)", 0.9), (f"{t:.2f} (chosen)", t)):
            r = readings(dataclasses.replace(model, threshold=at), [x])[at] if at in GRID else None
            print(f"   {x} at {label}: private {r[0]}/{r[1]}, look-alikes {r[2]}/{r[3]}", flush=True)


if __name__ == "__main__":
    main()
