"""LoCoMo's turns the secret filter (or a privacy marker) would change: the false-positive count.

Usage::

    .venv/bin/python benchmarks/locomo_false_positives.py /work/locomo/locomo10.zip [--show]

Every turn of every conversation (``locomo10_v2/*.json`` inside the zip, in order, session by
session) is read as ``remember()`` reads a message given its thread: with the turns before it
(the last three, :data:`~fact_memory_graph.secrets.THREAD_TURNS`; both speakers' turns count as
the user's, the stricter reading), and as the LoCoMo benchmark's turns mode stores it (a claim
with its ``dia_id`` field, read as one record by ``ops.never_stored``). A turn counts as changed
when the redacted text differs, when the record is refused, or when the turn would not be kept
as private (a privacy marker in it, or a bare marker before it that announces it). No model, no
database: the filter and the phrase lists only. On code without the thread reading (before issue
45's fifth round) each turn is read with the one before it.
"""

from __future__ import annotations

import argparse
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fact_memory_graph import ops  # noqa: E402
from fact_memory_graph import secrets as filt  # noqa: E402
from fact_memory_graph.config import WriteConfig  # noqa: E402
from fact_memory_graph.forgetting import asks_to_forget  # noqa: E402

try:
    from fact_memory_graph.forgetting import request_in_thread
except ImportError:  # code before the thread reading
    request_in_thread = None


def turns_of(path: Path) -> list[tuple[str, list[dict]]]:
    with zipfile.ZipFile(path) as zf:
        names = sorted(n for n in zf.namelist() if "/locomo10_v2/" in n and n.endswith(".json"))
        out = []
        for name in names:
            conv = json.loads(zf.read(name))
            turns, n = [], 1
            while f"session_{n}" in conv:
                turns.extend(conv[f"session_{n}"])
                n += 1
            out.append((name.rsplit("/", 1)[-1], turns))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("zip", type=Path, help="locomo10.zip")
    parser.add_argument("--show", action="store_true", help="print each changed turn")
    args = parser.parse_args()
    thread = hasattr(filt, "redact_thread")
    total = changed = refused = private = revealed = 0
    shows_earlier = getattr(filt, "revealed_by_next", None)
    for name, turns in turns_of(args.zip):
        texts: list[str] = []
        for turn in turns:
            text = turn["text"] + (f" [shares {turn['blip_caption']}]" if turn.get("blip_caption") else "")
            total += 1
            earlier = texts[-filt.THREAD_TURNS:] if thread else texts[-1:]
            red = filt.redact_thread(text, earlier) if thread else filt.redact_in_context(text, "".join(earlier))
            why = ops.never_stored("life_event", WriteConfig(), f"{turn['speaker']}: {text}", {"dia_id": turn["dia_id"]})
            request = request_in_thread(text, texts[-2:]) if request_in_thread else asks_to_forget(text)
            # the turn before forgotten because this one shows a secret in it (a login id, half a number)
            taken_back = bool(shows_earlier and texts and shows_earlier(texts[-1], texts[-1 - filt.THREAD_TURNS:-1], text))
            if red != text or why or request is not None or taken_back:
                changed += 1
                revealed += taken_back
                refused += bool(why)
                private += request is not None
                if args.show:
                    print(f"{name} {turn['dia_id']}: {text!r}\n    -> {red!r} {why or ''} {request or ''}"
                          f"{' (the turn before forgotten)' if taken_back else ''}")
            texts.append(text)
    print(f"turns {total}, changed {changed} (direct write refused {refused}, read as a forget/privacy request "
          f"{private}, the turn before forgotten as shown secret by this one {revealed}); earlier turns read: {'up to ' + str(filt.THREAD_TURNS) if thread else 1}")


if __name__ == "__main__":
    main()
