"""Leave-one-corpus-out test of a learned reader of the cue "this clause gives a security answer or a
memorable word", NOT wired into the filter (round seventeen). Same hashed features and trainer as the
privacy-request model (tools/privacy_model/train.py).

Usage: .venv/bin/python tools/security_answer_model/cue_loco.py [/work/locomo/locomo10.zip]

For each spent corpus in benchmarks/data/secret_corpora_1[5-7]/: train on the others (their security-answer and
memorable-word clauses holding a needle as positives; every look-alike clause and the privacy model's everyday
chat as negatives), then read the corpus left out. Prints, per threshold: its answers read, of the items the
rules miss (judged as benchmarks/secret_corpus.py would, without a database: every turn through redact_turns, the
revealed-turn forget and the privacy reader) how many it reads, look-alikes flagged, LoCoMo clauses flagged
(LoCoMo is never trained on; summed over the folds) — alone, and where the message also names a secret or a
security question's topic (the words the rules start from).
"""
import glob
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT, ROOT / "tools" / "privacy_model"):
    sys.path.insert(0, str(p))

import train as T  # noqa: E402

from fact_memory_graph import privacy_model as pm  # noqa: E402
from fact_memory_graph.forgetting import normalise, withheld_turns  # noqa: E402
from fact_memory_graph.secrets import forms, redact_turns, revealed_by_next, security_answers  # noqa: E402

THRESHOLDS = (0.9, 0.95, 0.98, 0.99, 0.995)


def is_answer(kind: str) -> bool:
    return any(w in kind.lower() for w in ("security", "secq", "memorable", "memword", "code_word", "secret_word"))


def rules_miss(item: dict) -> bool:
    """Whether a needle of a secret item survives the filter (the quick reading of the corpus benchmark)."""
    turns = item["turns"]
    held = withheld_turns(turns)
    red = redact_turns(list(turns))
    first = [redact_turns(list(turns[:n + 1]))[-1] for n in range(len(turns))]
    first = ["" if n + 1 < len(turns) and revealed_by_next(turns[n], turns[:n], turns[n + 1]) else f
             for n, f in enumerate(first)]
    kept = "|".join(normalise(r) for r, h in zip(red, held, strict=True) if not h) + "|" + \
        "|".join(normalise(r) for r, h in zip(first, held, strict=True) if not h)
    return any(n and n in kept for n in (normalise(x) for x in item.get("needles") or []))


def clauses_with(item: dict) -> list[str]:
    needles = [normalise(n) for n in item.get("needles") or []]
    return [c for t in item["turns"] for c in pm.clauses(normalise(t)) if any(n and n in c for n in needles)]


def all_clauses(item: dict) -> list[str]:
    return [c for t in item["turns"] for c in pm.clauses(normalise(t))]


def names_context(text: str) -> bool:
    """A secret's name or a security question's topic in the message (the words the rules start from)."""
    norm = forms.view(text)[0]
    return bool(forms.names_in(norm)) or security_answers._p().topic.search(norm) is not None


def locomo_clauses(path: str) -> list[tuple[str, bool]]:
    texts = []
    with zipfile.ZipFile(path) as zf:
        for name in zf.namelist():
            if name.endswith(".json"):
                conv = json.loads(zf.read(name))
                for v in (conv.get("conversation", conv) if isinstance(conv, dict) else {}).values():
                    if isinstance(v, list):
                        texts += [x["text"] for x in v if isinstance(x, dict) and "text" in x]
    return [(c, names_context(s)) for s in texts for c in pm.clauses(normalise(s))]


def main() -> None:
    corpora = {Path(f).stem: [json.loads(line) for line in Path(f).read_text(encoding="utf-8").splitlines() if line.strip()]
               for f in sorted(glob.glob(str(ROOT / "benchmarks" / "data" / "secret_corpora_1[5-7]" / "*.jsonl")))}
    lc_all = locomo_clauses(sys.argv[1] if len(sys.argv) > 1 else "/work/locomo/locomo10.zip")
    lc = [c for c, _ in lc_all]
    lc_context = [x for _, x in lc_all]
    chat = ROOT / "tools" / "privacy_model" / "chat_negatives.txt"
    negatives = [(c, 0) for line in chat.open(encoding="utf-8") if line.strip() and not line.startswith("#")
                 for c in pm.clauses(normalise(line))]
    misses = {(name, it["id"]) for name, items in corpora.items() for it in items
              if it["label"] == "secret" and is_answer(it["kind"]) and rules_miss(it)}
    total = {t: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] for t in THRESHOLDS}  # the last three: with a name in the message
    for leave, items in corpora.items():
        examples = list(negatives)
        for name, others in corpora.items():
            if name == leave:
                continue
            for it in others:
                if it["label"] == "secret" and is_answer(it["kind"]):
                    examples += [(c, 1) for c in clauses_with(it)]
                elif it["label"] == "lookalike":
                    examples += [(c, 0) for c in all_clauses(it)]
        w, b = T.fit(examples)
        answers = [it for it in items if it["label"] == "secret" and is_answer(it["kind"])]
        lookalikes = [it for it in items if it["label"] == "lookalike"]
        on_locomo = T.scores(w, b, lc)
        for t, row in total.items():
            for it in answers:
                cs = clauses_with(it)
                read = bool(cs) and T.scores(w, b, cs).max() >= t
                missed = (leave, it["id"]) in misses
                row[0] += read
                row[2] += read and missed
                row[7] += read and missed and any(names_context(x) for x in it["turns"])
                row[3] += missed
            row[1] += len(answers)
            row[4] += sum(bool(cs) and T.scores(w, b, cs).max() >= t for cs in map(all_clauses, lookalikes))
            row[8] += sum(bool(all_clauses(it)) and T.scores(w, b, all_clauses(it)).max() >= t
                          and any(names_context(x) for x in it["turns"]) for it in lookalikes)
            row[5] += len(lookalikes)
            row[6] += int((on_locomo >= t).sum())
            row[9] += sum(1 for score, named in zip(on_locomo, lc_context, strict=True) if score >= t and named)
    for t, r in total.items():
        print(f"t={t}: answers read {r[0]}/{r[1]}; of the rules' misses {r[2]}/{r[3]}; look-alikes flagged "
              f"{r[4]}/{r[5]}; LoCoMo clauses flagged {r[6]} over {len(corpora)} folds of {len(lc)} | "
              f"with a secret's name or a question's topic in the message: misses read {r[7]}, look-alikes {r[8]}, "
              f"LoCoMo clauses {r[9]}")


if __name__ == "__main__":
    main()
