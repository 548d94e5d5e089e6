"""Scoring extraction against labelled scenarios (``shared/eval/categorization.jsonl``).

Each case is a user message and the facts a good extraction produces (kind, category, and
sometimes verification_status or structured fields). A case is run through the real write path
for a fresh user; the produced facts are matched to the expected ones by (kind, category).
"""

from __future__ import annotations

import json
import uuid
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from fact_memory_graph.memory import FactMemory
from fact_memory_graph.schema import Fact


class CaseScore(BaseModel):
    message: str
    expected: list[tuple[str, str]]
    produced: list[tuple[str, str]]
    matched: int
    detail_errors: list[str]
    rejected_ops: int
    error: str | None = None


class EvalReport(BaseModel):
    cases: list[CaseScore]
    precision: float
    recall: float
    f1: float
    exact_cases: int

    def summary(self) -> str:
        return (f"{len(self.cases)} cases: precision {self.precision:.2f}, recall {self.recall:.2f}, "
                f"F1 {self.f1:.2f}, {self.exact_cases} cases exactly right")


def load_cases(path: str | Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def score_case(case: dict[str, Any], facts: Iterable[Fact], rejected: int = 0, error: str | None = None) -> CaseScore:
    facts = list(facts)
    expected = [(e["kind"], e["category"]) for e in case["expect"]]
    produced = [(f.kind.value, f.category) for f in facts]
    matched = sum((Counter(expected) & Counter(produced)).values())
    details = []
    for exp in case["expect"]:
        fact = next((f for f in facts if (f.kind.value, f.category) == (exp["kind"], exp["category"])), None)
        if fact is None:
            continue
        if "verification_status" in exp and fact.verification_status.value != exp["verification_status"]:
            details.append(f"{exp['category']}: verification_status {fact.verification_status.value}")
        for key, value in (exp.get("structured_fields") or {}).items():
            if str(fact.structured_fields.get(key, "")).lower() != str(value).lower():
                details.append(f"{exp['category']}: field {key}={fact.structured_fields.get(key)!r}")
    return CaseScore(message=case["message"], expected=expected, produced=produced, matched=matched,
                     detail_errors=details, rejected_ops=rejected, error=error)


def evaluate(memory: FactMemory, cases: list[dict[str, Any]]) -> EvalReport:
    """Run every case through ``memory.remember`` for a fresh user and score it."""
    scores = []
    for case in cases:
        user = f"eval-{uuid.uuid4().hex[:12]}"
        try:
            outcome = memory.remember(user, case["message"])
            scores.append(score_case(case, memory.facts.list(user), rejected=len(outcome.rejected)))
        except Exception as exc:  # a failing case is scored as producing nothing
            scores.append(score_case(case, [], error=f"{type(exc).__name__}: {exc}"))
        finally:
            memory.forget(user)
    matched = sum(s.matched for s in scores)
    n_expected = sum(len(s.expected) for s in scores)
    n_produced = sum(len(s.produced) for s in scores)
    precision = matched / n_produced if n_produced else (1.0 if n_expected == 0 else 0.0)
    recall = matched / n_expected if n_expected else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    exact = sum(s.matched == len(s.expected) == len(s.produced) and not s.detail_errors and s.error is None
                for s in scores)
    return EvalReport(cases=scores, precision=precision, recall=recall, f1=f1, exact_cases=exact)
