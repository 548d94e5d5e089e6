"""Score extraction on shared/eval/categorization.jsonl against the configured model.

    FACT_MEMORY_MODEL=openai:gpt-4o-mini OPENAI_API_KEY=... .venv/bin/python benchmarks/eval_extraction.py
    OPENAI_BASE_URL=http://127.0.0.1:8765/v1 FACT_MEMORY_MODEL=openai:gemma3-270m .venv/bin/python benchmarks/eval_extraction.py

With no model configured it exits with status 2 (nothing to score). ``--oracle`` runs the harness
with a scripted model that returns the labels themselves: it checks the harness, not a model.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import ExitStack
from pathlib import Path

from _common import bench_database
from rich.console import Console
from rich.table import Table

from fact_memory_graph import FactMemory
from fact_memory_graph.evaluation import evaluate, load_cases
from fact_memory_graph.settings import model_from_env
from fact_memory_graph.testing import ScriptedChatModel

DEFAULT_CASES = Path(__file__).resolve().parents[2] / "shared" / "eval" / "categorization.jsonl"


def oracle(cases: list[dict]) -> ScriptedChatModel:
    by_message = {}
    for case in cases:
        ops = []
        for i, exp in enumerate(case["expect"]):
            fields = [{"key": k, "value": v} for k, v in (exp.get("structured_fields") or {}).items()]
            ops.append({"op": f"add_{exp['kind']}", "category": exp["category"], "claim": f"{case['message']} #{i}",
                        "fields": fields, "verification_status": exp.get("verification_status")})
        by_message[case["message"]] = ops
    return ScriptedChatModel(by_message=by_message)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", default=str(DEFAULT_CASES))
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--oracle", action="store_true", help="score scripted labels (harness self-check)")
    args = parser.parse_args(argv)
    console = Console()
    cases = load_cases(args.cases)
    llm = oracle(cases) if args.oracle else model_from_env()
    if llm is None:
        console.print("No model configured: set FACT_MEMORY_MODEL with OPENAI_API_KEY, or OPENAI_BASE_URL "
                      "for a local OpenAI-compatible server (or pass --oracle to check the harness).")
        return 2
    database = ExitStack()
    url = database.enter_context(bench_database(args.database_url, "eval"))
    try:
        with FactMemory.open(url, llm=llm) as memory:
            report = evaluate(memory, cases)
    finally:
        database.close()
    table = Table(title=f"extraction eval ({'oracle' if args.oracle else type(llm).__name__})")
    for col in ("message", "expected", "produced", "ok"):
        table.add_column(col)
    for s in report.cases:
        ok = s.matched == len(s.expected) == len(s.produced) and not s.detail_errors and s.error is None
        table.add_row(s.message[:50], ", ".join(f"{k}.{c}" for k, c in s.expected),
                      (s.error or "")[:120] or ", ".join(f"{k}.{c}" for k, c in s.produced), "yes" if ok else "no")
    console.print(table)
    console.print(report.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
