"""Rebuild ``fact_memory_graph/assets/privacy_model.json`` from the training sentences (deterministic).

Usage::

    .venv/bin/python tools/privacy_model/train.py                 # train on everything, write the asset
    .venv/bin/python tools/privacy_model/train.py --loco           # leave-one-corpus-out figures, no asset
    .venv/bin/python tools/privacy_model/train.py --export         # refresh corpus_sentences.jsonl from /work

Training data (all in this folder):

- ``grammar.json`` — "don't tell / don't let know" forms × addressees in 25 languages (positives) and
  statements with the same addressees (negatives), written for this model;
- ``chat_negatives.txt`` — everyday chat that asks nothing, written for this model (some families
  of it after reading what an earlier model withheld in LoCoMo);
- ``sentences.json`` — sentences written for this model (42 languages): requests not to keep or tell
  something (positive, alone and joined to a private content), private contents alone and ordinary
  talk about secrets, telling, saving and forgetting (negative);
- ``corpus_sentences.jsonl`` — the privacy items and the look-alikes of the spent secret corpora
  (corpus45 … corpus45f, each written by another author): a look-alike's clauses are negatives; of a
  privacy item the clause the first-pass model scores highest is a positive (which clause holds the
  request is not labelled in the corpora).

The model: logistic regression over hashed character 2–5-grams and word uni/bigrams of a clause
(``fact_memory_graph.privacy_model``), full-batch gradient descent (AdaGrad, L2), class-balanced.
The threshold: :data:`THRESHOLD`.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from logistic import adagrad_logistic  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from fact_memory_graph import privacy_model as pm  # noqa: E402
from fact_memory_graph.forgetting import normalise  # noqa: E402

DIM = 1 << 18
SIZES = tuple(int(x) for x in os.environ.get("PM_SIZES", "2,3,4,5").split(","))
ASSET = ROOT / "fact_memory_graph" / "assets" / "privacy_model.json"
CORPUS_FILE = HERE / "corpus_sentences.jsonl"
#: The decision threshold. Chosen among 0.80 / 0.85 / 0.90 as the lowest at which no LoCoMo turn
#: (benchmarks/locomo_false_positives.py), no look-alike of the corpora and no look-alike of
#: tests/unit/test_forget_requests.py is read as a request (with grammar.json, 0.85 withheld two
#: LoCoMo turns): LoCoMo chose it, so its 0 is not an out-of-sample figure. ``PM_THRESHOLD``
#: overrides it for trials.
THRESHOLD = 0.9
#: Round thirteen (q45p): the threshold chosen out of fold by ``calibrate.py`` (written there); on
#: all seventeen corpora, and in each leave-one-corpus-out run, it chose 0.9 again.
CALIBRATED = HERE / "threshold_q45p.json"


def threshold() -> float:
    """The decision threshold: ``PM_THRESHOLD`` for trials, else the calibrated one, else :data:`THRESHOLD`."""
    if os.environ.get("PM_THRESHOLD"):
        return float(os.environ["PM_THRESHOLD"])
    if CALIBRATED.exists():
        return float(json.loads(CALIBRATED.read_text(encoding="utf-8"))["threshold"])
    return THRESHOLD
ADDRESSEES = int(os.environ.get("PM_ADDRESSEES", "8"))


_SENTENCES = json.loads((HERE / "sentences.json").read_text(encoding="utf-8"))
_JOINS = pm._joins([normalise(j) for j in _SENTENCES["joins"]])


def pieces(text: str) -> list[str]:
    """Every clause of a normalised text and its parts at a joining word, as the model reads them."""
    out = []
    for clause in pm.clauses(text):
        parts = [p.strip() for p in _JOINS.split(clause) if p.strip()] if _JOINS else []
        out += [clause, *parts] if len(parts) > 1 else [clause]
    return out


def my_examples() -> tuple[list[tuple[str, int]], set[str]]:
    data = json.loads((HERE / "sentences.json").read_text(encoding="utf-8"))["languages"]
    out: list[tuple[str, int]] = []
    vocabulary: set[str] = set()
    for code in sorted(data):
        lang = data[code]
        requests = [normalise(r) for r in lang["requests"]]
        contents = [normalise(c) for c in lang["contents"]]
        for n, req in enumerate(requests):
            vocabulary.update(pm.tokens(req))
            parts = pm.clauses(req)
            out.append((max(parts, key=len), 1))
            content = contents[n % len(contents)]
            # the request and a private content in one clause, either order ("dont save this but …")
            joined = f"{max(parts, key=len)} {content}" if n % 2 else f"{content} {max(parts, key=len)}"
            out.append((joined, 1))
        for text in [*lang["contents"], *lang["negatives"]]:
            out += [(c, 0) for c in pieces(normalise(text))]
    grammar = json.loads((HERE / "grammar.json").read_text(encoding="utf-8"))["languages"]
    for code in sorted(grammar):
        who = grammar[code]["who"]
        for n, form in enumerate(grammar[code]["forms"]):
            for k in range(ADDRESSEES):  # each form with the first addressees, in turn
                req = normalise(form.replace("{who}", who[(n + k * 5) % len(who)]))
                vocabulary.update(pm.tokens(req))
                out.append((req, 1))
        for n, form in enumerate(grammar[code]["plain"]):
            for k in range(ADDRESSEES):
                out.append((normalise(form.replace("{who}", who[(n + k * 3) % len(who)])), 0))
    for code in sorted(grammar_labels := json.loads((HERE / "grammar.json").read_text(encoding="utf-8"))["labels"]):
        for label in grammar_labels[code]:  # "secret: …", "entre nous : …"
            clause = pm.clauses(normalise(label) + ":")[0]
            vocabulary.update(pm.tokens(normalise(label)))
            out += [(clause, 1)] * 2
    for label in json.loads((HERE / "grammar.json").read_text(encoding="utf-8"))["neutral_labels"]:
        out += [(pm.clauses(normalise(label) + ":")[0], 0)] * 2
    out += keep_grammar(vocabulary)
    out += confidence_grammar(vocabulary) if not os.environ.get("PM_NO_P45P") else []
    out += everyday_confidences(vocabulary) if not os.environ.get("PM_NO_EVERYDAY") else []
    for line in (HERE / "chat_negatives.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out += [(c, 0) for c in pieces(normalise(line))]
    return out, vocabulary


def keep_grammar(vocabulary: set[str]) -> list[tuple[str, int]]:
    """``keep_grammar_o45p.json`` expanded: each negated keeping verb with its objects, "please"
    before or after it; each reason joined to a request in one clause; the markers alone (positives);
    the negatives' clauses. The words of all positives join the request vocabulary."""
    out: list[tuple[str, int]] = []
    for join in _SENTENCES["joins"]:  # "but", "so", "así que": they join a request to its reason
        vocabulary.update(pm.tokens(normalise(join)))
    data = json.loads((HERE / "keep_grammar_o45p.json").read_text(encoding="utf-8"))["languages"]
    for code in sorted(data):
        lang = data[code]
        please, requests = lang["please"], []
        for i, form in enumerate(lang["keep"]):
            for j, obj in enumerate(lang["obj"] if "{obj}" in form else [""]):
                req = normalise(" ".join(form.replace("{obj}", obj).split()))
                word = please[(i + j) % len(please)]
                variant = (req, f"{word} {req}", f"{req} {word}")[(i + j) % 3]
                requests.append(req)
                for text in dict.fromkeys((req, normalise(variant))):
                    vocabulary.update(pm.tokens(text))
                    out.append((max(pm.clauses(text), key=len), 1))
        for k, reason in enumerate(lang["reasons"]):
            joined = normalise(f"{reason} {requests[k % len(requests)]}")
            vocabulary.update(pm.tokens(joined))
            out.append((max(pm.clauses(joined), key=len), 1))
        for marker in lang["markers"]:
            text = normalise(marker)
            vocabulary.update(pm.tokens(text))
            out += [(max(pm.clauses(text), key=len), 1)]
        for text in lang["negatives"]:
            out += [(c, 0) for c in pieces(normalise(text))]
    return out


def confidence_grammar(vocabulary: set[str]) -> list[tuple[str, int]]:
    """``confidence_grammar_p45p.json`` expanded (round twelve): confidences said without a keeping
    verb ("it's a private matter", "this is just for you", "let this stay with you") are positives
    alone; each reason ("I just wanted to tell someone") is joined to the language's first marker
    in one clause; the words of all positives join the request vocabulary; negatives as said."""
    out: list[tuple[str, int]] = []
    raw = json.loads((HERE / "confidence_grammar_p45p.json").read_text(encoding="utf-8"))
    for filler in raw["fillers"]:  # "hey, don't store this anywhere" is still only a request
        vocabulary.update(pm.tokens(normalise(filler)))
    data = raw["languages"]
    for code in sorted(data):
        lang = data[code]
        texts = [normalise(m) for m in lang["markers"]]
        texts += [normalise(f"{lang['markers'][0]} {reason}") for reason in lang["reasons"]]
        for text in texts:
            vocabulary.update(pm.tokens(text))
            out.append((max(pm.clauses(text), key=len), 1))
        for reason in lang["reasons"]:
            vocabulary.update(pm.tokens(normalise(reason)))
        for text in lang["negatives"]:
            out += [(c, 0) for c in pieces(normalise(text))]
    return out


def everyday_confidences(vocabulary: set[str]) -> list[tuple[str, int]]:
    """``confidence_everyday.json`` expanded: each request alone and joined to a confided content
    in one clause (no punctuation between them, as people type; content first on odd turns), each
    short after-turn alone (positives); the contents alone and the open shares (negatives). The
    words of the requests and after-turns join the request vocabulary; the contents' do not (a
    content beside a request is what makes it about its own message)."""
    out: list[tuple[str, int]] = []
    data = json.loads((HERE / "confidence_everyday.json").read_text(encoding="utf-8"))["languages"]
    for code in sorted(data):
        lang = data[code]
        contents = [normalise(c) for c in lang["contents"]]
        for n, ask in enumerate(lang["asks"]):
            req = normalise(ask)
            vocabulary.update(pm.tokens(req))
            out.append((max(pm.clauses(req), key=len), 1))
            content = contents[n % len(contents)]
            joined = f"{content} {req}" if n % 2 else f"{req} {content}"
            out.append((max(pm.clauses(joined), key=len), 1))
        for after in lang["after"]:
            text = normalise(after)
            vocabulary.update(pm.tokens(text))
            out.append((max(pm.clauses(text), key=len), 1))
        for text in [*lang["contents"], *lang["negatives"]]:
            out += [(c, 0) for c in pieces(normalise(text))]
    return out


def corpus_records(leave_out: str | Iterable[str] | None = None) -> list[dict]:
    rows = [json.loads(line) for line in CORPUS_FILE.read_text(encoding="utf-8").splitlines() if line.strip()]
    out = {leave_out} if isinstance(leave_out, str) else set(leave_out or ())
    return [r for r in rows if r["corpus"] not in out]


def matrix(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    ids, offsets = [], [0]
    for text in texts:
        f = pm.feature_ids(text, DIM, SIZES)
        ids.extend(f)
        offsets.append(offsets[-1] + len(f))
    return np.asarray(ids, dtype=np.int64), np.asarray(offsets, dtype=np.int64)


def fit(examples: list[tuple[str, int]], iterations: int = 300, l2: float = float(os.environ.get("PM_L2", "1e-4"))) -> tuple[np.ndarray, float]:
    texts = [t for t, _ in examples]
    y = np.asarray([lab for _, lab in examples], dtype=np.float64)
    ids, offsets = matrix(texts)
    lengths = np.diff(offsets)
    row = np.repeat(np.arange(len(texts)), lengths)
    pos = y.sum()
    sample_w = np.where(y == 1, 0.5 / max(pos, 1), 0.5 / max(len(y) - pos, 1))
    return adagrad_logistic(ids, row, len(texts), y, sample_w, DIM, iterations, l2)


def scores(w: np.ndarray, b: float, texts: list[str]) -> np.ndarray:
    ids, offsets = matrix(texts)
    row = np.repeat(np.arange(len(texts)), np.diff(offsets))
    z = np.bincount(row, weights=w[ids], minlength=len(texts)) + b
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def corpus_negatives(records: Iterable[dict]) -> list[tuple[str, int]]:
    out = []
    for r in records:
        if r["label"] in ("lookalike", "other"):
            out += [(c, 0) for t in r["turns"] for c in pieces(normalise(t))]
    return out


def train(leave_out: str | Iterable[str] | None = None) -> dict:
    mine, vocabulary = my_examples()
    records = corpus_records(leave_out)
    base = mine + corpus_negatives(records)
    w, b = fit(base)
    chosen = []
    for r in records:
        if r["label"] != "secret":  # a privacy item
            continue
        cands = [c for t in r["turns"] for c in pieces(normalise(t))]
        if cands:
            s = scores(w, b, cands)
            chosen.append((cands[int(np.argmax(s))], 1))
    examples = base + chosen
    w, b = fit(examples)
    chosen_threshold = threshold()
    scale = float(np.abs(w).max()) / 127 or 1.0
    q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
    return {"dim": DIM, "sizes": list(SIZES), "bias": round(b, 6), "scale": scale, "threshold": round(chosen_threshold, 4),
            "weights": base64.b64encode(q.tobytes()).decode("ascii"), "vocabulary": sorted(vocabulary),
            "vetoes": [normalise(v) for v in json.loads((HERE / "sentences.json").read_text(encoding="utf-8"))["vetoes"]],
            "joins": [normalise(j) for j in json.loads((HERE / "sentences.json").read_text(encoding="utf-8"))["joins"]],
            "about": "fact_memory_graph/privacy_model.py; rebuilt by tools/privacy_model/train.py"}


#: Corpora first exported in round twelve: their other kinds' secrets said in confidence are not
#: negatives when the shipped reader (not only the phrase lists) reads a request in them; earlier
#: corpora keep the rows they were exported with.
READ_BY_MODEL = ("corpus45l-heldout", "corpus45m-heldout", "corpus45n", "corpus45o", "corpus45p")


def export() -> None:
    from privacy_requests import CORPORA, corpus_items, is_privacy_kind

    from fact_memory_graph.forgetting import asks_to_forget

    shipped = pm.model()  # for the corpora of READ_BY_MODEL, the shipped reader says it too
    pm.model = lambda: None  # the phrase lists alone say which secret was said in confidence

    with CORPUS_FILE.open("w", encoding="utf-8") as fh:
        for name in CORPORA:
            for item in corpus_items(name):
                privacy = item["label"] == "secret" and is_privacy_kind(item["kind"])
                turns = item["turns"]
                label = item["label"]
                if label == "secret" and not privacy:  # another kind's secret: its frame, the value cut out
                    label = "other"
                    for needle in sorted(item.get("needles") or [], key=len, reverse=True):
                        turns = [t.replace(needle, "…") for t in turns]
                    if any(asks_to_forget(t) for t in turns):  # a secret said in confidence: not a negative
                        continue
                    if name in READ_BY_MODEL and any(shipped.best_clause(normalise(t))[0] >= shipped.threshold
                                                     for t in turns):
                        continue  # round 12: "…, mas isso é só pra você e a vó" — a confidence the lists miss
                fh.write(json.dumps({"corpus": name, "id": item["id"], "kind": item["kind"], "label": label,
                                     "lang": item.get("lang", ""), "turns": turns,
                                     "needles": item.get("needles", []) if label != "other" else []},
                                    ensure_ascii=False) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--export", action="store_true")
    parser.add_argument("--loco", action="store_true")
    parser.add_argument("--only", default="", help="with --loco: the corpora to leave out, comma-separated")
    parser.add_argument("--out", type=Path, default=ASSET)
    args = parser.parse_args()
    if args.export:
        export()
        return
    if args.loco:
        import loco

        loco.main(train, [c for c in args.only.split(",") if c] or None)
        return
    raw = train()
    args.out.write_text(json.dumps(raw, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {args.out} (threshold {raw['threshold']})")


if __name__ == "__main__":
    main()
