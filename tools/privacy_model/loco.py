"""Leave-one-corpus-out figures for the privacy-request model (``train.py --loco``).

For each spent corpus X: the model is trained without X's items (its privacy items and its
look-alikes), then X is read (``benchmarks/privacy_requests.py``'s judgement, offline) with
(a) the model alone, (b) the phrase lists as they were before X was first tuned on (the git commit
named below) alone, (c) those lists and the model — the honest estimate for a corpus nobody tuned
on — and (d) today's lists (in-sample for X) and the model.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from privacy_requests import CORPORA, corpus_items, run  # noqa: E402

from fact_memory_graph import forgetting  # noqa: E402
from fact_memory_graph import privacy_model as pm  # noqa: E402

#: The phrase lists before each corpus was first tuned on (corpus45: none before it).
BEFORE = {"corpus45b": "4adaab8", "corpus45c": "b5b9443", "corpus45d": "54c09d5", "corpus45e": "db63059",
          "corpus45f": "db63059", "corpus45g": "04a62ef", "corpus45h": "04a62ef",
          "corpus45i": "99b9c4d", "corpus45j": "99b9c4d", "corpus45k": "99b9c4d", "corpus45l": "99b9c4d",
          "corpus45m": "99b9c4d",
          "corpus45l-heldout": "32eb4a2", "corpus45m-heldout": "32eb4a2", "corpus45n": "32eb4a2",
          "corpus45o": "1766b10", "corpus45p": "1766b10"}


def phrases_from(raw: dict) -> forgetting._Phrases:
    languages = tuple(forgetting._language(code, data) for code, data in raw["languages"].items())
    common = re.compile(rf"(?:^|(?<=[\s,.!?;:\n(]))(?:{forgetting._alternation(raw.get('common_fillers') or [], True, {})})"
                        r"(?=[\s,.!?;:\n)]|$)")
    topic_words = {c: tuple(forgetting._fold_marks(w) for w in words) for c, words in (raw.get("topic_words") or {}).items()}
    return forgetting._Phrases(languages=languages, common=common, topic_words=topic_words,
                               self_words=frozenset(forgetting._fold_marks(w) for w in raw.get("self_words") or []),
                               stop_words=frozenset(forgetting._fold_marks(w) for w in raw.get("stop_words") or []))


def rules_at(commit: str | None) -> forgetting._Phrases:
    if commit is None:
        return phrases_from({"languages": {}})
    text = subprocess.run(["git", "show", f"{commit}:fact_memory_graph/prompts/forget_phrases.json"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout
    return phrases_from(json.loads(text))


_ORIGINAL = forgetting._phrases
_CURRENT = forgetting._phrases()
_MODEL = pm.model


def reader(phrases: forgetting._Phrases, model: pm.Model | None) -> Callable:
    def withheld(turns):
        forgetting._phrases = lambda: phrases
        pm.model = lambda: model
        forgetting.asks_to_forget.cache_clear()
        try:
            return forgetting.withheld_turns(list(turns))
        finally:
            forgetting._phrases = _ORIGINAL
            pm.model = _MODEL
            forgetting.asks_to_forget.cache_clear()
    return withheld


def fmt(res: dict) -> str:
    p, lk = res["private"], res["lookalike"]
    return f"{p[0]}/{p[1]} ({100 * p[0] / max(p[1], 1):.1f} %), look-alikes {lk[0]}/{lk[1]}"


def main(train: Callable[[str | None], dict], only: list[str] | None = None) -> None:
    none = rules_at(None)
    totals: dict[str, list[int]] = {}
    for name in only or CORPORA:
        model = pm.from_data(train(name))
        items = corpus_items(name)
        before = rules_at(BEFORE.get(name))
        rows = {
            "model alone": run(items, reader(none, model)),
            f"lists before ({BEFORE.get(name, 'none')}) alone": run(items, reader(before, None)),
            "lists before + model": run(items, reader(before, model)),
            "lists today (in-sample) + model": run(items, reader(_CURRENT, model)),
        }
        print(f"{name} (model trained without it, threshold {model.threshold:.3f}):")
        for label, res in rows.items():
            print(f"   {label:42s} {fmt(res)}")
            key = label.split(" (")[0] if label.startswith("lists before") else label
            t = totals.setdefault(key, [0, 0, 0, 0])
            t[0] += res["private"][0]
            t[1] += res["private"][1]
            t[2] += res["lookalike"][0]
            t[3] += res["lookalike"][1]
        for item in rows["lists before + model"]["misses"]:
            print(f"      miss {item['id']} {item['turns']}")
        for item in rows["lists before + model"]["withheld_lookalikes"]:
            print(f"      LOOK-ALIKE WITHHELD {item['id']} {item['turns']}")
    print("pooled:")
    for key, t in totals.items():
        print(f"   {key:42s} {t[0]}/{t[1]} ({100 * t[0] / max(t[1], 1):.1f} %), look-alikes {t[2]}/{t[3]}")
