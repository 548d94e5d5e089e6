"""Prompt templates, kept as data files beside this module.

- ``extract_system.txt``: the extractor's instructions (taxonomy, ops, dedup and atomicity rules).
- ``extract_user.txt``: the per-message part (time, context, known facts, the message).
- ``examples.json``: few-shot examples (kept apart from ``shared/eval`` so scoring stays fair).
- ``reconcile_system.txt`` / ``reconcile_user.txt``: the reconciliation job's adjudicator.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from langchain_core.prompts import ChatPromptTemplate

from fact_memory_graph.taxonomy import DEFAULT_TAXONOMY, Taxonomy

CATEGORY_EXAMPLES: dict[str, str] = {
    "identity": '"lives in Berlin", "born 1990", "preferred name is Sam"',
    "health": '"allergic to penicillin", "flat cortisol curve confirmed via lab"',
    "relationship": '"has a sister Mia", "married to Alex"',
    "life_event": '"founded Acme in 2024", "moved to Berlin in 2023"',
    "business_role": '"senior engineer at Acme since 2024"',
    "preference": '"prefers concise answers", "dislikes group calls"',
    "goal": '"wants to launch an indie product by 2027"',
    "feeling": '"anxious this morning"',
    "physical_state": '"low energy this week", "headache today"',
    "working_on": '"debugging the auth flow", "drafting the Q4 plan"',
    "going_through": '"navigating a divorce", "recovering from surgery"',
    "schedule_context": '"traveling to Tokyo next week", "deadline on Friday"',
}


def _read(name: str) -> str:
    return (resources.files(__package__) / name).read_text(encoding="utf-8")


def _taxonomy(categories: tuple[str, ...], taxonomy: Taxonomy) -> str:
    return "\n".join(f"  - {c}: {CATEGORY_EXAMPLES.get(c) or taxonomy.descriptions[c]}" for c in categories)


def _set_fields(op: dict) -> dict:
    return {k: v for k, v in op.items() if v not in (None, [])}


def _examples(evaluators: tuple[str, ...]) -> str:
    blocks = []
    for ex in json.loads(_read("examples.json")):
        # Unset fields left out: the tool schema lists them; spelling them out costs ~100 tokens.
        # An evaluator's example output is shown only when that evaluator is registered.
        out = {"ops": [_set_fields(op) for op in ex["ops"]],
               **{k: v for k, v in ex.get("evaluators", {}).items() if k in evaluators}}
        blocks.append(f"Known facts:\n{ex['known']}\nMessage: {ex['message']}\n"
                      f"Output: {json.dumps(out, ensure_ascii=False)}")
    return "\n\n".join(blocks)


def _evaluator_rules(instructions: tuple[tuple[str, str], ...]) -> str:
    if not instructions:
        return ""
    return "\nAlso fill in:\n" + "\n".join(f"- {text}" for _, text in instructions) + "\n"


@cache
def extraction_prompt(taxonomy: Taxonomy = DEFAULT_TAXONOMY,
                      evaluators: tuple[tuple[str, str], ...] = ()) -> ChatPromptTemplate:
    """The extractor prompt; variables: now, context, durable_facts, current_facts, message.

    ``evaluators``: (name, instructions) of each registered evaluator: the prompt grows by their
    lines only. ``taxonomy``: custom categories are listed with their descriptions."""
    system = (
        _read("extract_system.txt")
        .replace("{durable_taxonomy}", _taxonomy(taxonomy.durable, taxonomy))
        .replace("{current_taxonomy}", _taxonomy(taxonomy.current, taxonomy))
        .replace("{evaluators}", _evaluator_rules(evaluators))
        .replace("{examples}", _examples(tuple(name for name, _ in evaluators)))
    )
    # Braces in the examples must not be read as template variables.
    system = system.replace("{", "{{").replace("}", "}}")
    return ChatPromptTemplate.from_messages([("system", system), ("human", _read("extract_user.txt"))])


@cache
def reconcile_prompt() -> ChatPromptTemplate:
    """The adjudicator prompt; variables: now, kind, category, facts."""
    system = _read("reconcile_system.txt").replace("{", "{{").replace("}", "}}")
    return ChatPromptTemplate.from_messages([("system", system), ("human", _read("reconcile_user.txt"))])


@cache
def correction_prompt() -> ChatPromptTemplate:
    """The prompt that settles a fact's pending corrections; variables: now, kind, category,
    fact, corrections."""
    system = _read("correct_system.txt").replace("{", "{{").replace("}", "}}")
    return ChatPromptTemplate.from_messages([("system", system), ("human", _read("correct_user.txt"))])


@cache
def load_text(name: str) -> str:
    """A prompt file of this package as text (``session_summary.txt``, ...)."""
    return _read(name)


@cache
def review_prompt(taxonomy: Taxonomy = DEFAULT_TAXONOMY) -> ChatPromptTemplate:
    """The nightly review's prompt; variables: now, facts, messages, sessions."""
    categories = (f"Categories: durable {', '.join(taxonomy.durable)}; current {', '.join(taxonomy.current)}.")
    system = (_read("review_system.txt") + categories).replace("{", "{{").replace("}", "}}")
    return ChatPromptTemplate.from_messages([("system", system), ("human", _read("review_user.txt"))])
