"""Rebuild ``fact_memory_graph/assets/value_context_model.json`` (the reader of
:mod:`fact_memory_graph.secrets.value_contexts`) from the spent secret corpora, deterministically.

Usage::

    .venv/bin/python tools/value_context_model/train.py                       # train on every spent corpus, write the asset
    .venv/bin/python tools/value_context_model/train.py --leave 61w,61x --out /tmp/m.json   # without some corpora (a trial)
    .venv/bin/python tools/value_context_model/train.py --locomo /path/locomo10.zip --leave ...  # LoCoMo turns read per threshold

Examples (hashed features and fit of ``tools/privacy_model/train.py``): every value-shaped token of each
item's turns, joined as the filter joins a thread's turns, read as the filter reads them
(:func:`fact_memory_graph.secrets.forms.view`): a token holding or held by a secret's needle is a positive;
every token of a look-alike, a secret's message's other tokens, the tokens of everyday chat
(``tools/privacy_model/chat_negatives.txt``, ``tools/security_answer_model/talk_negatives.txt``,
``everyday_values.txt``), of LoCoMo's five development conversations and of the unit tests' kept texts
(``test_lookalikes.txt``, counted :data:`HAND_WRITTEN_REPEAT` times) are negatives. LoCoMo's other five
conversations are never trained on: they check the threshold.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT, ROOT / "tools" / "privacy_model", ROOT / "benchmarks"):
    sys.path.insert(0, str(p))

import train as privacy_training  # noqa: E402

from fact_memory_graph.secrets import forms, value_contexts  # noqa: E402

ASSET = ROOT / "fact_memory_graph" / "assets" / "value_context_model.json"
#: Held out of every round since it was written: never trained on.
HELD_OUT = ("corpus54x",)
#: The threshold (docs/privacy.md, round thirty-two): trained without 62a and 62w-62z, read on those five corpora
#: beside main's rules (with the guards of value_contexts): at 0.98 24 secrets more withheld and 1 look-alike lost;
#: no turn of LoCoMo's held-out conversations is read at 0.95 or above.
#: Checked again in round thirty-three (trained without 62a, 62w-62z, with 63w-63z and 64a): 0.95 reads 3 secrets
#: more and loses 3 look-alikes, 0.93 5 and 6; it stays. The shipped asset is still round thirty-two's: rebuilt with
#: 63w-63z and 64a it read 4 tuning items more and lost 78 (docs/privacy.md, round thirty-three), so it was not replaced.
THRESHOLD = 0.98
THRESHOLDS = (0.9, 0.95, 0.97, 0.98, 0.99, 0.995)
NEGATIVES = (ROOT / "tools" / "privacy_model" / "chat_negatives.txt",
             ROOT / "tools" / "security_answer_model" / "talk_negatives.txt",
             Path(__file__).resolve().parent / "everyday_values.txt",
             Path(__file__).resolve().parent / "test_lookalikes.txt")
#: LoCoMo's development conversations (../shared/eval/README.md): their turns are negatives; the other five
#: choose the threshold (no turn of theirs read) and are never trained on.
LOCOMO_DEV = ("26", "30", "41", "42", "43")


def corpora(leave: tuple[str, ...] = ()) -> dict[str, list[dict]]:
    out = {}
    for f in sorted((ROOT / "benchmarks" / "data").glob("secret_corpora_*/corpus*.jsonl")):
        if f.stem in HELD_OUT or f.stem.removeprefix("corpus") in leave:
            continue
        out[f.stem] = [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    return out


def readings(text: str, needles: list[str] | None) -> list[tuple[str, int]]:
    """Each value-shaped token's reading, labelled 1 when it holds or is held by a needle (``needles``
    None: every token 0)."""
    norm, origin = forms.view(text)
    out = []
    for s, e in value_contexts.candidates(norm):
        a, b = (origin[s][0], origin[e - 1][1]) if origin else (s, e)
        raw = text[a:b]
        hit = bool(needles) and any(len(n) >= 4 and (n in raw or raw in n) for n in needles)  # type: ignore[union-attr]
        out.append((value_contexts.reading(norm, s, e), int(hit)))
    return out


def locomo_turns(path: str, dev: bool) -> list[str]:
    """LoCoMo's turns: of its development conversations, or of the other five."""
    from locomo_false_positives import turns_of
    return [t["text"] for name, turns in turns_of(Path(path)) if (name.split(".")[0] in LOCOMO_DEV) == dev
            for t in turns]


#: How many times the unit tests' kept texts count among the negatives: each is a look-alike written by hand
#: to be hard, and the class weights of the fit spread the negatives' weight over ~100,000 tokens.
HAND_WRITTEN_REPEAT = int(os.environ.get("VC_HAND_REPEAT", "2"))


def examples(items: list[dict], locomo: str = "") -> list[tuple[str, int]]:
    out = [r for path in NEGATIVES for line in path.read_text(encoding="utf-8").splitlines()
           if line.strip() and not line.startswith("#") for r in readings(line, None)
           for _ in range(HAND_WRITTEN_REPEAT if path.name == "test_lookalikes.txt" else 1)]
    out += [r for text in (locomo_turns(locomo, dev=True) if locomo else ()) for r in readings(text, None)]
    for it in items:
        text = forms.TURN_JOIN.join(it["turns"])
        out += readings(text, it.get("needles") or [] if it["label"] == "secret" else None)
    return out


def asset(items: list[dict], about: str, locomo: str) -> dict:
    w, b = privacy_training.fit(examples(items, locomo))
    scale = float(np.abs(w).max()) / 127 or 1.0
    q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
    return {"dim": privacy_training.DIM, "sizes": list(privacy_training.SIZES), "bias": round(b, 6), "scale": scale,
            "threshold": THRESHOLD, "weights": base64.b64encode(q.tobytes()).decode("ascii"), "vocabulary": [],
            "about": "fact_memory_graph/secrets/value_contexts.py; rebuilt by tools/value_context_model/train.py " + about}


def locomo_reads(raw: dict, path: str) -> dict[float, int]:
    """Turns of LoCoMo's five held-out conversations with a token read, per threshold."""
    from fact_memory_graph import privacy_model as pm
    model = pm.from_data(raw)
    best = []
    for text in locomo_turns(path, dev=False):
        norm = forms.view(text)[0]
        scores = [model.clause_score(value_contexts.reading(norm, s, e)) for s, e in value_contexts.candidates(norm)]
        if scores:
            best.append(max(scores))
    return {t: sum(s > t for s in best) for t in THRESHOLDS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--leave", default="", help="corpora left out, comma-separated (61w,61x …)")
    parser.add_argument("--locomo", default="/work/locomo/locomo10.zip", help="LoCoMo's locomo10.zip")
    parser.add_argument("--out", type=Path, default=ASSET)
    args = parser.parse_args()
    leave = tuple(c for c in args.leave.split(",") if c)
    data = corpora(leave)
    about = f"from {len(data)} spent corpora in benchmarks/data/secret_corpora_*" + (
        f" (left out: {', '.join(leave)})" if leave else "")
    raw = asset([it for items in data.values() for it in items], about, args.locomo)
    print("LoCoMo held-out turns read per threshold:", locomo_reads(raw, args.locomo))
    args.out.write_text(json.dumps(raw, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(data)} corpora)")


if __name__ == "__main__":
    main()
