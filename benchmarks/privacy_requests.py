"""Implicit privacy requests of the secret corpora, read offline (no model, no database).

Usage::

    .venv/bin/python benchmarks/privacy_requests.py [--misses] [--locomo /work/locomo/locomo10.zip]
    .venv/bin/python benchmarks/privacy_requests.py --corpus FILE.jsonl [--misses]

Every item of every corpus is read as a thread (``forgetting.withheld_turns``: a turn that asks not
to be kept, one a bare marker before it announced, one a bare request after it took back). A
privacy item (kinds ``implicit_private``, ``private_disclosure``, ``private_*``) counts as kept out
when every turn holding one of its needles is withheld; a look-alike (any kind) counts as kept when
no turn holding its needle is withheld. This is the privacy part of what
``benchmarks/secret_corpus.py`` measures through ``remember()`` and every table (that runner stays
the reference: a needle the secret filter masks also counts there); this one takes seconds, so it
can be run for each variant and for leave-one-corpus-out estimates.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import normalise as norm  # noqa: E402

#: The seven spent corpora (name -> files), as the tuners' brief lists them.
CORPORA: dict[str, list[str]] = {
    "corpus45": ["/work/corpus45/tune.jsonl", "/work/corpus45/private/heldout.jsonl"],
    "corpus45b": ["/work/corpus45b/tune.jsonl", "/work/corpus45b/private/heldout.jsonl"],
    "corpus45c": ["/work/corpus45c/private/tune.jsonl", "/work/corpus45c/private/heldout.jsonl"],
    "corpus45d": ["/work/corpus45d/private/tune.jsonl", "/work/corpus45d/private/heldout.jsonl"],
    "corpus45e": ["/work/corpus45e/private/tune.jsonl", "/work/corpus45e/private/heldout-spent.jsonl"],
    "corpus45f": ["/work/corpus45f/private/tune.jsonl", "/work/corpus45f/private/heldout-spent.jsonl"],
    "corpus45g": ["/work/corpus45g/private/tune.jsonl", "/work/corpus45g/private/heldout-spent.jsonl"],
    "corpus45h": ["/work/corpus45h/private/tune.jsonl", "/work/corpus45h/private/heldout-spent.jsonl"],
    "corpus45i": ["/work/corpus45i/private/tune.jsonl", "/work/corpus45i/private/heldout-spent.jsonl"],
    "corpus45j": ["/work/corpus45j/private/tune.jsonl", "/work/corpus45j/private/heldout-spent.jsonl"],
    "corpus45k": ["/work/corpus45k/private/tune.jsonl", "/work/corpus45k/private/heldout-spent.jsonl"],
    "corpus45l": ["/work/corpus45l/private/tune.jsonl"],  # its other half is sealed
    "corpus45m": ["/work/corpus45m/private/tune.jsonl"],  # its other half is sealed
    # round twelve (p45p): the halves round eleven did not read, and 45n, each a corpus of its own
    # so that leave-one-corpus-out trains without it
    "corpus45l-heldout": ["/work/corpus45l/private/heldout-spent.jsonl"],
    "corpus45m-heldout": ["/work/corpus45m/private/heldout-spent.jsonl"],
    "corpus45n": ["/work/corpus45n/private/tune.jsonl", "/work/corpus45n/private/heldout-spent.jsonl"],
    # round thirteen (q45p): the two corpora sealed in round twelve, spent since
    "corpus45o": ["/work/corpus45o/private/tune.jsonl", "/work/corpus45o/private/heldout-spent.jsonl"],
    "corpus45p": ["/work/corpus45p/private/tune.jsonl", "/work/corpus45p/private/heldout-spent.jsonl"],
}


def is_privacy_kind(kind: str) -> bool:
    return kind in ("implicit_private", "implicit_privacy", "private_disclosure") or kind.startswith("private_") and kind not in (
        "private_key",)


def load(path: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def corpus_items(name: str) -> list[dict[str, Any]]:
    if name == "old":
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from secret_corpus import old_corpus

        return old_corpus()
    return [item for path in CORPORA[name] if Path(path).exists() for item in load(path)]


def needle_turns(item: dict[str, Any]) -> list[int]:
    turns = [norm(t) for t in item["turns"]]
    found = {n for needle in item.get("needles") or [] for n, t in enumerate(turns) if norm(needle) in t}
    return sorted(found) or list(range(len(turns)))


def judge(item: dict[str, Any], withheld: Callable[[Sequence[str]], list[bool]]) -> bool | None:
    """True: right (a privacy item kept out, a look-alike kept); False: wrong; None: not judged
    (a secret of another kind: the secret filter's, not this benchmark's)."""
    privacy = item["label"] == "secret" and is_privacy_kind(item["kind"])
    if item["label"] == "secret" and not privacy:
        return None
    hidden = withheld(item["turns"])
    where = needle_turns(item)
    if privacy:
        return all(hidden[n] for n in where)
    return not any(hidden[n] for n in where)


def run(items: list[dict[str, Any]], withheld: Callable[[Sequence[str]], list[bool]]) -> dict[str, Any]:
    out: dict[str, Any] = {"private": [0, 0], "lookalike": [0, 0], "misses": [], "withheld_lookalikes": []}
    for item in items:
        verdict = judge(item, withheld)
        if verdict is None:
            continue
        key = "private" if item["label"] == "secret" else "lookalike"
        out[key][1] += 1
        out[key][0] += bool(verdict)
        if not verdict:
            out["misses" if key == "private" else "withheld_lookalikes"].append(item)
    return out


def other_secret_turns_withheld(items: list[dict[str, Any]], withheld: Callable[[Sequence[str]], list[bool]]) -> int:
    """Secrets of other kinds whose turns were withheld as private (harmless, but a sign of reach)."""
    return sum(any(withheld(i["turns"])) for i in items if i["label"] == "secret" and not is_privacy_kind(i["kind"]))


def locomo_flagged(path: str, withheld: Callable[[Sequence[str]], list[bool]]) -> list[str]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from locomo_false_positives import turns_of

    flagged = []
    for _name, turns in turns_of(Path(path)):
        texts = [t.get("text") or "" for t in turns]
        for n in range(len(texts)):
            thread = texts[max(0, n - 3): n + 1]
            if withheld(thread)[-1]:
                flagged.append(texts[n])
    return flagged


def main() -> None:
    from fact_memory_graph.forgetting import withheld_turns

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", action="append", help="a corpus file (default: the seven spent corpora)")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--locomo", help="locomo10.zip: count LoCoMo turns withheld as private")
    args = parser.parse_args()
    names = args.corpus or [*CORPORA, "old"]
    total = {"private": [0, 0], "lookalike": [0, 0]}
    for name in names:
        items = load(name) if name.endswith(".jsonl") else corpus_items(name)
        res = run(items, withheld_turns)
        for key in total:
            total[key][0] += res[key][0]
            total[key][1] += res[key][1]
        p, lk = res["private"], res["lookalike"]
        print(f"{name}: privacy {p[0]}/{p[1]}  look-alikes kept {lk[0]}/{lk[1]}")
        if args.misses:
            for item in res["misses"]:
                print(f"   MISS {item['id']} [{item['lang']}] {item['turns']}")
            for item in res["withheld_lookalikes"]:
                print(f"   LOOK-ALIKE WITHHELD {item['id']} [{item['lang']}] {item['turns']}")
    print(f"total: privacy {total['private'][0]}/{total['private'][1]}  look-alikes kept "
          f"{total['lookalike'][0]}/{total['lookalike'][1]}")
    if args.locomo:
        flagged = locomo_flagged(args.locomo, withheld_turns)
        print(f"LoCoMo turns withheld as private: {len(flagged)}")
        for text in flagged[:50]:
            print("   ", text[:160])


if __name__ == "__main__":
    main()
