"""Train the candidate-value reader (``fact_memory_graph/secrets/value_model.py``) and measure it
leave-one-corpus-out.

Usage::

    PYTHONPATH=. .venv/bin/python tools/value_model/dump.py /tmp/q45m/cands.jsonl
    PYTHONPATH=. .venv/bin/python tools/value_model/train.py /tmp/q45m/cands.jsonl --loco 45n,45o,45p,45l,45m
    PYTHONPATH=. .venv/bin/python tools/value_model/train.py /tmp/q45m/cands.jsonl --write ASSET

Examples (``dump.py``): a candidate inside a secret item's needle is a positive; a look-alike's
needle, every other value of a message the rules left visible, every value of a LoCoMo turn are
negatives. Logistic regression, full-batch AdaGrad, L2, class-balanced, fixed order: deterministic.
The threshold is chosen by cross-validation over the TRAINING corpora only (four folds by corpus,
LoCoMo split in four too): the one with the best (secret items gained − 2 × look-alikes lost −
2 × LoCoMo turns changed), ties to the higher threshold.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "tools" / "privacy_model"))

import features as vm  # noqa: E402
from _common import normalise  # noqa: E402
from logistic import adagrad_logistic  # noqa: E402

DIM = 1 << 18
_env = __import__("os").environ.get
W_COVERED = float(_env("VM_W_COVERED", "1"))
W_LOOK = float(_env("VM_W_LOOK", "2"))
L2 = float(_env("VM_L2", "1e-4"))
DROP = tuple(x for x in _env("VM_DROP", "").split(",") if x)
GATE = bool(_env("VM_GATE"))
VERBOSE = bool(__import__("os").environ.get("VM_VERBOSE"))
GRID = [*(round(x, 3) for x in np.arange(0.5, 0.996, 0.01)), 0.995, 0.998, 0.999, 0.9995, 0.9999, 1.01]


def load(path: str) -> list[dict]:
    rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    for r in rows:
        r["feats"] = []
        for n, s, e, _lab, _cov in r["cands"]:
            prev = r["turns"][n - 1] if n else r.get("prev", "")
            if DROP:
                import zlib
                g = [x for x in vm.grams(r["turns"][n], s, e, prev) if not x.startswith(DROP)]
                ids = sorted({zlib.crc32(x.encode()) & (DIM - 1) for x in g})
            else:
                ids = vm.feature_ids(r["turns"][n], s, e, DIM, prev)
            r["feats"].append(np.asarray(ids, dtype=np.int64))
    return rows


def examples(rows: list[dict]) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    feats, ys, ws = [], [], []
    for r in rows:
        for f, (_n, _s, _e, lab, cov) in zip(r["feats"], r["cands"], strict=True):
            if lab == 1:
                feats.append(f), ys.append(1.0), ws.append(W_COVERED if cov else 1.0)
            elif lab == 0:
                feats.append(f), ys.append(0.0), ws.append(W_LOOK * (W_COVERED if cov else 1.0))
            elif lab in (-1, -2) and not cov:
                feats.append(f), ys.append(0.0), ws.append(1.0)
    return feats, np.asarray(ys), np.asarray(ws)


def fit(feats, y, sw, iterations: int = 200, l2: float = L2) -> tuple[np.ndarray, float]:
    ids = np.concatenate(feats)
    row = np.repeat(np.arange(len(feats)), [len(f) for f in feats])
    pos = (sw * y).sum()
    neg = (sw * (1 - y)).sum()
    sw = sw * np.where(y == 1, 0.5 / pos, 0.5 / neg)
    return adagrad_logistic(ids, row, len(feats), y, sw, DIM, iterations, l2)


def named(text: str, start: int, previous: str) -> bool:
    """Whether a name of a secret (the rules' own list, ``forms.names_in``) stands in the 40
    characters before the value, or, for a value opening its turn, at the previous turn's end."""
    from fact_memory_graph.secrets import forms

    if forms.names_in(forms.view(vm.ascii_view(text)[max(0, start - 40):start])[0]):
        return True
    return bool(previous) and start < 15 and bool(forms.names_in(forms.view(previous[-40:])[0]))


def score_rows(rows: list[dict], w: np.ndarray, b: float) -> None:
    for r in rows:
        r["score"] = [float(1 / (1 + np.exp(-np.clip(w[f].sum() + b, -30, 30)))) for f in r["feats"]]
        if GATE:  # the model asked only about a value a secret's name announces
            if "named" not in r:
                r["named"] = [named(r["turns"][n], s, r["turns"][n - 1] if n else r.get("prev", ""))
                              for n, s, _e, _lab, _cov in r["cands"]]
            r["score"] = [sc if ok else 0.0 for sc, ok in zip(r["score"], r["named"], strict=True)]


def outcome(r: dict, t: float | None) -> bool:
    """Whether the item is right (a secret: no needle left; a look-alike: its needles kept; LoCoMo:
    unchanged) when the model masks the visible candidates scoring >= t (None: rules alone)."""
    red = list(r["red"])
    changed = False
    if t is not None:
        for (n, s, e, _lab, cov), sc in zip(r["cands"], r["score"], strict=True):
            if not cov and sc >= t and red[n]:
                value = r["turns"][n][s:e]
                if value in red[n]:
                    red[n] = red[n].replace(value, "[code withheld]")
                    changed = True
    if r["label"] == "locomo":
        return not changed
    whole = normalise(" ".join(red))
    if r["label"] == "secret":
        return not any(n in whole for n in r["needles"])
    return all(n in whole for n in r["needles"])


def tally(rows: list[dict], t: float | None) -> dict:
    out = {"sec": [0, 0], "look": [0, 0], "loco": [0, 0]}
    for r in rows:
        key = {"secret": "sec", "locomo": "loco"}.get(r["label"], "look")
        out[key][1] += 1
        out[key][0] += outcome(r, t)
    return out


def choose_threshold(train_rows: list[dict], folds: int = 4) -> tuple[float, dict]:
    corpora = sorted({r["corpus"] for r in train_rows if r["corpus"] != "locomo"})
    fold_of = {c: i % folds for i, c in enumerate(corpora)}
    loco_i = 0
    for r in train_rows:
        if r["corpus"] == "locomo":
            r["fold"] = loco_i % folds
            loco_i += 1
        else:
            r["fold"] = fold_of[r["corpus"]]
    for k in range(folds):
        w, b = fit(*examples([r for r in train_rows if r["fold"] != k]))
        score_rows([r for r in train_rows if r["fold"] == k], w, b)
    base = tally(train_rows, None)
    best = None
    for t in GRID:
        got = tally(train_rows, t)
        gain = got["sec"][0] - base["sec"][0]
        lost = base["look"][0] - got["look"][0]
        loco = base["loco"][0] - got["loco"][0]
        value = gain - 2 * lost - 2 * loco
        if best is None or value >= best[0]:
            best = (value, t, {"gain": gain, "lost": lost, "loco": loco})
        if VERBOSE and t in (0.5, 0.8, 0.9, 0.95, 0.99, 0.999):
            print("  cv", t, gain, lost, loco, file=sys.stderr)
    return best[1], best[2]


def loco(rows: list[dict], names: list[str]) -> None:
    for name in names:
        test = [r for r in rows if r["corpus"] == name]
        train = [r for r in rows if r["corpus"] != name]
        t, cv = choose_threshold(train)
        w, b = fit(*examples(train))
        score_rows(test, w, b)
        before, after = tally(test, None), tally(test, t)
        pos = [(r["id"], r["turns"][c[0]][c[1]:c[2]], round(s, 3)) for r in test
               for c, s in zip(r["cands"], r["score"], strict=True) if not c[4] and s >= t]
        print(json.dumps({"corpus": name, "threshold": t, "cv": cv,
                          "secrets": f"{before['sec'][0]}/{before['sec'][1]} -> {after['sec'][0]}/{after['sec'][1]}",
                          "lookalikes": f"{before['look'][0]}/{before['look'][1]} -> {after['look'][0]}/{after['look'][1]}",
                          "flagged": pos}, ensure_ascii=False), flush=True)
        for ft in (0.9, 0.95, 0.99):
            got = tally(test, ft)
            print(f"   at fixed {ft}: secrets {got['sec'][0]}/{got['sec'][1]}, look-alikes {got['look'][0]}/{got['look'][1]}",
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("data")
    parser.add_argument("--loco", default="")
    parser.add_argument("--write", default="")
    parser.add_argument("--cv", action="store_true")
    args = parser.parse_args()
    rows = load(args.data)
    if args.cv:
        print(choose_threshold(rows))
    if args.loco:
        loco(rows, args.loco.split(","))
    if args.write:
        t, cv = choose_threshold(rows)
        w, b = fit(*examples(rows))
        scale = float(np.abs(w).max()) / 127 or 1.0
        q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
        Path(args.write).write_text(json.dumps({
            "dim": DIM, "bias": round(b, 6), "scale": scale, "threshold": t, "cv": cv,
            "weights": base64.b64encode(q.tobytes()).decode("ascii"),
            "about": "fact_memory_graph/secrets/value_model.py; rebuilt by tools/value_model/train.py"}) + "\n")
        print("threshold", t, cv)


if __name__ == "__main__":
    main()
