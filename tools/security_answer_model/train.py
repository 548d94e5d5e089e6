"""Rebuild ``fact_memory_graph/assets/answer_clause_model.json`` (the reader of
:mod:`fact_memory_graph.secrets.answer_clauses`) from the spent secret corpora, deterministically.

Usage::

    .venv/bin/python tools/security_answer_model/train.py              # train on TRAINING, write the asset
    .venv/bin/python tools/security_answer_model/train.py --loco       # leave one corpus out: figures, no asset

Examples (the privacy reader's hashed features and fit, ``tools/privacy_model/train.py``): the clauses of
a security answer or a memorable word that hold the value (positives); every clause of every look-alike, and
the privacy reader's everyday chat (negatives). ``--loco`` trains without one corpus, puts that model in the
filter and reads the corpus left out as ``benchmarks/secret_corpus.py`` judges it without a database (every
turn through ``redact_turns``, the revealed-turn forget and the privacy reader): answers and memorable words
withheld with the rules alone and with the reader, look-alikes kept, and the LoCoMo turns the reader would
read (LoCoMo is never trained on) — for each threshold of :data:`THRESHOLDS`, summed over the folds.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT, ROOT / "tools" / "privacy_model", ROOT / "benchmarks"):
    sys.path.insert(0, str(p))

import train as privacy_training  # noqa: E402
from locomo_false_positives import turns_of  # noqa: E402

from fact_memory_graph import privacy_model as pm  # noqa: E402
from fact_memory_graph.forgetting import withheld_turns  # noqa: E402
from fact_memory_graph.secrets import answer_clauses, forms, redact_turns, revealed_by_next  # noqa: E402

ASSET = ROOT / "fact_memory_graph" / "assets" / "answer_clause_model.json"
#: The corpora the shipped model is trained on: every spent corpus in the repository's folders but
#: the ones a round sealed after this model was built (they measured it; training on them would make a
#: rebuilt asset differ from the one measured). 50y stays out: round twenty read it as its held-out check.
TRAINING = ("secret_corpora_15", "secret_corpora_16", "secret_corpora_17", "secret_corpora_18/corpus49a.jsonl",
            "secret_corpora_18/corpus49b.jsonl", "secret_corpora_18/corpus49y.jsonl", "secret_corpora_18/corpus49z.jsonl",
            "secret_corpora_19/corpus50a.jsonl", "secret_corpora_19/corpus50b.jsonl", "secret_corpora_19/corpus50w.jsonl",
            "secret_corpora_19/corpus50x.jsonl", "secret_corpora_19/corpus50z.jsonl")
#: The threshold: the lowest of :data:`THRESHOLDS` at which, leave one corpus out, no LoCoMo turn is read (0.97
#: until round twenty); with 50w, 50x and 50z added a life story of one clause ("My first dog was called Biscuit and
#: he loved the beach", a test's look-alike) scores 0.979: 0.98 (LoCoMo changed 0; leave one corpus out not rerun).
THRESHOLD = 0.98
THRESHOLDS = (0.97, 0.98, 0.99, 0.995)


#: The words of the kinds read (as the corpora's writers name them); ``ANSWER_MODEL_KINDS`` (comma-separated)
#: adds more for trials.
KINDS = ("security", "secq", "memorable", "memword", "code_word", "secret_word",
         *(k for k in os.environ.get("ANSWER_MODEL_KINDS", "").split(",") if k))


def is_answer(kind: str) -> bool:
    """A security answer's or a memorable word's kind (or a kind added for a trial)."""
    return any(w in kind.lower() for w in KINDS)


def corpora() -> dict[str, list[dict]]:
    out = {}
    for entry in TRAINING:
        path = ROOT / "benchmarks" / "data" / entry
        for f in sorted(path.glob("*.jsonl")) if path.is_dir() else [path] if path.exists() else []:
            out[f.stem] = [{**json.loads(line), "_corpus": f.stem}
                           for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    return out


def clauses(item: dict, holding_needle: bool) -> list[str]:
    """The item's clauses as the filter reads them (:func:`answer_clauses.readings`: a short one with the
    clause before it, the last of the turn before for a turn's first); with ``holding_needle``, those
    whose own words hold a needle."""
    needles = [pm.normalise(n) for n in item.get("needles") or []]
    out, before = [], ""
    for t in item["turns"]:
        own = pm.clauses(pm.normalise(t))
        out += [r for c, r in zip(own, answer_clauses.readings(own, before), strict=True)
                if not holding_needle or any(n and n in c for n in needles)]
        before = own[-1] if own else before
    return out


def lines(path: Path) -> list[str]:
    """A file's examples, each line's clauses read as :func:`clauses` reads an item's."""
    return [r for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")
            for r in answer_clauses.readings(pm.clauses(pm.normalise(line)))]


#: Everyday chat with no value: the privacy reader's, and talk about security questions and life stories
#: written for this reader.
NEGATIVES = (ROOT / "tools" / "privacy_model" / "chat_negatives.txt", Path(__file__).resolve().parent / "talk_negatives.txt")
#: Clauses that give an answer or a memorable word, written for this reader in about thirty languages (every
#: line's clauses are positives): the corpora hold a few writers' wordings, these the grammar they share.
POSITIVES = Path(__file__).resolve().parent / "answer_examples.txt"
#: A word is an everyday word when the negatives hold it this often, or the positives of this many corpora do
#: (the words of the cues: "memorable", "first", "pet").
EVERYDAY_IN_NEGATIVES, EVERYDAY_IN_CORPORA = 2, 4


def examples(items: list[dict]) -> list[tuple[str, int]]:
    out = [(c, 0) for path in NEGATIVES for c in lines(path)] + [(c, 1) for c in lines(POSITIVES)]
    for it in items:
        if it["label"] == "secret" and is_answer(it["kind"]):
            out += [(c, 1) for c in clauses(it, holding_needle=True)]
        elif it["label"] == "lookalike":
            out += [(c, 0) for c in clauses(it, holding_needle=False)]
    return out


def everyday_words(items: list[dict], found: list[tuple[str, int]]) -> list[str]:
    """The words no clause is read for alone (:func:`answer_clauses.spans`): a clause the reader reads
    must hold a word outside them, the value."""
    negatives = Counter(t for c, label in found if label == 0 for t in set(pm.tokens(c)))
    corpora_of: dict[str, set[str]] = {}
    for it in items:
        if it["label"] == "secret" and is_answer(it["kind"]):
            for c in clauses(it, holding_needle=True):
                for t in pm.tokens(c):
                    corpora_of.setdefault(t, set()).add(it["_corpus"])
    return sorted({t for t, n in negatives.items() if n >= EVERYDAY_IN_NEGATIVES}
                  | {t for t, cs in corpora_of.items() if len(cs) >= EVERYDAY_IN_CORPORA})


def asset(items: list[dict], threshold: float = THRESHOLD) -> dict:
    found = examples(items)
    w, b = privacy_training.fit(found)
    scale = float(np.abs(w).max()) / 127 or 1.0
    q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
    return {"dim": privacy_training.DIM, "sizes": list(privacy_training.SIZES), "bias": round(b, 6), "scale": scale,
            "threshold": threshold, "weights": base64.b64encode(q.tobytes()).decode("ascii"), "vocabulary": everyday_words(items, found),
            "about": "fact_memory_graph/secrets/answer_clauses.py; rebuilt by tools/security_answer_model/train.py "
                     f"from {', '.join(TRAINING)}"}


def kept(item: dict) -> str:
    """What the filter keeps of an item's turns (the quick reading of ``benchmarks/secret_corpus.py``)."""
    turns = item["turns"]
    held = withheld_turns(turns)
    red = redact_turns(list(turns))
    first = [redact_turns(list(turns[:n + 1]))[-1] for n in range(len(turns))]
    first = ["" if n + 1 < len(turns) and revealed_by_next(turns[n], turns[:n], turns[n + 1]) else f
             for n, f in enumerate(first)]
    return "|".join(pm.normalise(r) for r, h in zip([*red, *first], held + held, strict=True) if not h)


def survives(item: dict) -> bool:
    text = kept(item)
    return any(n and n in text for n in (pm.normalise(x) for x in item.get("needles") or []))


def use(raw: dict | None) -> None:
    """Put a model (or none) in the filter, the filter's caches of texts read emptied."""
    for name, module in list(sys.modules.items()):
        if name.startswith(("fact_memory_graph.secrets", "fact_memory_graph.forgetting")):
            for value in vars(module).values():
                if hasattr(value, "cache_info") and value.cache_info().maxsize is not None:
                    value.cache_clear()
    reader = pm.from_data(raw) if raw is not None else None
    answer_clauses.model = lambda: reader  # type: ignore[assignment]


def loco(locomo: str) -> None:
    data = corpora()
    asking = [(n, forms.names_in(n)) for n in (forms.view(t["text"])[0] for _, turns in turns_of(Path(locomo)) for t in turns)]
    asking = [(n, names) for n, names in asking if answer_clauses.asks(n, names)]
    use(None)
    rules = {(c, it["id"]): not survives(it) if it["label"] == "secret" else survives(it)
             for c, items in data.items() for it in items if it["label"] == "lookalike" or is_answer(it["kind"])}
    total = {t: [0, 0, 0, 0, 0, 0] for t in THRESHOLDS}  # answers: rules, reader; look-alikes: rules, reader; n; LoCoMo
    for leave, items in data.items():
        raw = asset([it for c, its in data.items() if c != leave for it in its])
        for t, row in total.items():
            use({**raw, "threshold": t})
            for it in items:
                if it["label"] == "secret" and is_answer(it["kind"]):
                    row[0] += rules[(leave, it["id"])]
                    row[1] += not survives(it)
                    row[4] += 1
                elif it["label"] == "lookalike":
                    row[2] += rules[(leave, it["id"])]
                    row[3] += survives(it)
            row[5] += sum(1 for n, names in asking if answer_clauses.spans(n, names))
        print(f"  {leave} done", file=sys.stderr)
    answers = sum(1 for items in data.values() for it in items if it["label"] == "secret" and is_answer(it["kind"]))
    lookalikes = sum(1 for items in data.values() for it in items if it["label"] == "lookalike")
    for t, r in total.items():
        print(f"t={t}: answers and memorable words withheld {r[0]} -> {r[1]} / {answers}; look-alikes kept "
              f"{r[2]} -> {r[3]} / {lookalikes}; LoCoMo turns read {r[5]} over {len(data)} folds "
              f"({len(asking)} turns name a password or an answer, or are a one-clause note of a question's topic)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loco", action="store_true")
    parser.add_argument("--locomo", default="/work/locomo/locomo10.zip")
    parser.add_argument("--out", type=Path, default=ASSET)
    args = parser.parse_args()
    if args.loco:
        loco(args.locomo)
        return
    raw = asset([it for items in corpora().values() for it in items])
    args.out.write_text(json.dumps(raw, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {args.out} (threshold {raw['threshold']}, {len(corpora())} corpora)")


if __name__ == "__main__":
    main()
