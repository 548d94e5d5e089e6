"""Writes the notebooks in notebooks/ from the cell sources below (run after editing them).

Then run tools/execute_notebooks.py: the notebooks are committed with their outputs, and
tests/test_notebooks.py executes every one again.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

OUT = Path(__file__).resolve().parents[1] / "notebooks"

SETUP = '''from datetime import UTC, datetime, timedelta

from fact_memory_graph import FactMemory
from fact_memory_graph.settings import model_from_env
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

clock = FixedClock(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))'''

QUICKSTART = [
    new_markdown_cell("# Quick start\n\nOpen a memory (embedded Postgres + offline embeddings unless "
                      "`FACT_MEMORY_DATABASE_URL` is set), remember a few messages, recall, and look at the "
                      "facts table and the audit log."),
    new_code_cell(SETUP),
    new_markdown_cell("Extraction needs a chat model. With none configured, this notebook uses **scripted ops** "
                      "(written below, not a model's output); everything after extraction is the real pipeline."),
    new_code_cell('''SCRIPT = {
    "I moved to Berlin last March and I'm allergic to penicillin.": [
        {"op": "add_durable", "category": "life_event", "claim": "moved to Berlin in March 2025",
         "fields": [{"key": "date", "value": "2025-03"}]},
        {"op": "add_durable", "category": "identity", "claim": "lives in Berlin"},
        {"op": "add_durable", "category": "health", "claim": "allergic to penicillin"},
    ],
    "Feeling anxious this morning, big demo today.": [
        {"op": "add_current", "category": "feeling", "claim": "anxious this morning"},
        {"op": "add_current", "category": "schedule_context", "claim": "big demo today"},
    ],
}
llm = model_from_env() or ScriptedChatModel(by_message=SCRIPT)
print("extraction model:", type(llm).__name__)
memory = FactMemory.open(llm=llm, clock=clock)
user = "notebook-quickstart"
memory.forget(user)  # start clean on every run'''),
    new_code_cell('''for text in SCRIPT:
    outcome = memory.remember(user, text)
    print(text)
    for op in outcome.applied:
        print(f"  {op.op:12} {op.kind.value}.{op.category}: {op.claim} (confidence {op.confidence_after})")
    clock.advance(hours=2)'''),
    new_code_cell('print(memory.recall(user, "How should I plan my day?"))'),
    new_markdown_cell("## The facts table and the audit log"),
    new_code_cell('''for f in memory.facts.list(user):
    print(f"{f.kind.value:8} {f.category:17} {f.claim:32} conf={f.confidence:.2f} status={f.status.value}")'''),
    new_code_cell('''for entry in memory.admin.audit(user):
    print(entry.id, entry.op, entry.message_id, (entry.after or {}).get("claim"))'''),
    new_code_cell("memory.close()"),
]

DECAY = [
    new_markdown_cell("# Decay and ranking\n\nCurrent facts are ranked with a time weight; durable facts are not. "
                      "Score = relevance × confidence × time_weight. The default curve is `exp(-age_days/14)` "
                      "(0.37 at 14 days, 0.12 at 30: the seed's prose says ~50 % / ~14 %, which is the "
                      "half-life curve instead). No curve ever reaches zero."),
    new_code_cell('''%matplotlib inline
import matplotlib.pyplot as plt

from fact_memory_graph import ExponentialDecay, FactMemoryConfig, PiecewiseLinearDecay, ReadConfig, SigmoidDecay

curves = {
    "exp(-age/14) (default)": ExponentialDecay(tau_days=14),
    "half-life 14 d": ExponentialDecay.from_half_life(14),
    "piecewise linear": PiecewiseLinearDecay(),
    "sigmoid (midpoint 14 d)": SigmoidDecay(),
}
days = [d / 2 for d in range(0, 121)]
fig, ax = plt.subplots(figsize=(7, 4))
for name, curve in curves.items():
    ax.plot(days, [curve(d) for d in days], label=name)
ax.set_xlabel("age of a current fact (days)"); ax.set_ylabel("time weight"); ax.legend(); ax.grid(alpha=.3)
plt.show()
for name, curve in curves.items():
    print(f"{name:26} 1 d {curve(1):.2f}   14 d {curve(14):.2f}   30 d {curve(30):.2f}   60 d {curve(60):.3f}")'''),
    new_markdown_cell("## How the scores of a few facts move over 60 days"),
    new_code_cell(SETUP + '''

memory = FactMemory.open(clock=clock, llm=ScriptedChatModel())
user = "notebook-decay"
memory.forget(user)
memory.facts.add(user, "allergic to penicillin", kind="durable", category="health")
memory.facts.add(user, "training for the Berlin marathon", kind="current", category="working_on")
memory.facts.add(user, "sore knee after running", kind="current", category="physical_state")
clock.advance(days=10)
memory.facts.add(user, "nervous about the race", kind="current", category="feeling")
start = clock()'''),
    new_code_cell('''query = "How is my running going?"
series = {}
for day in range(0, 61, 2):
    at = start + timedelta(days=day)
    for doc in memory.as_retriever(user_id=user, clock=lambda at=at: at).invoke(query):
        series.setdefault(doc.page_content, []).append((day, doc.metadata["score"]))
fig, ax = plt.subplots(figsize=(7, 4))
for claim, points in series.items():
    ax.plot([d for d, _ in points], [s for _, s in points], label=claim)
ax.set_xlabel("days after the last fact"); ax.set_ylabel("score"); ax.legend(fontsize=8); ax.grid(alpha=.3)
plt.show()
memory.close()'''),
]

CHAIN = [
    new_markdown_cell("# The memory as a LangChain retriever in a chain\n\n`FactMemoryRetriever` is a standard "
                      "`BaseRetriever`: compose it with LCEL like any other."),
    new_code_cell(SETUP + '''
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableLambda, RunnablePassthrough

from fact_memory_graph import format_memory_sections

memory = FactMemory.open(clock=clock, llm=ScriptedChatModel())
user = "notebook-chain"
memory.forget(user)
memory.facts.add(user, "prefers concise answers", kind="durable", category="preference")
memory.facts.add(user, "vegetarian", kind="durable", category="preference")
memory.facts.add(user, "traveling to Tokyo next week", kind="current", category="schedule_context")'''),
    new_code_cell('''retriever = memory.as_retriever(user_id=user, k=4)
prompt = ChatPromptTemplate.from_messages([
    ("system", "You are a helpful assistant.\\n\\n{memory}"),
    ("human", "{question}"),
])
# Any chat model works here; a fake one keeps the notebook offline.
chat_model = model_from_env() or FakeListChatModel(responses=["Try a vegetarian ramen place in Tokyo."])
chain = (
    {"memory": retriever | RunnableLambda(format_memory_sections), "question": RunnablePassthrough()}
    | prompt
    | chat_model
    | StrOutputParser()
)
question = "Any dinner ideas for my trip?"
print(prompt.invoke({"memory": format_memory_sections(retriever.invoke(question)), "question": question}).to_string())
print("---")
print(chain.invoke(question))'''),
    new_code_cell('''docs = retriever.invoke(question, k=2)
[(d.page_content, d.metadata["kind"], round(d.metadata["score"], 3)) for d in docs]'''),
    new_code_cell("memory.close()"),
]


LIFECYCLE = [
    new_markdown_cell("# Lifecycle policies: seed 000 vs seed 002's staged policy\n\n"
                      "How much a fact weighs in ranking over simulated weeks, computed with the library's own "
                      "formulas (`fact_memory_graph.lifecycle`, the same code the retriever and the sweep use). "
                      "Seed 000: durable facts never fade, current ones follow `exp(-age/14)`. Staged: "
                      "`confidence x source weight x 0.95^(weeks idle past 7 days) x usage boost`; below 0.2 the "
                      "sweep retracts a fact unless it is confirmed with 5+ retrievals."),
    new_code_cell('''%matplotlib inline
from datetime import UTC, datetime, timedelta

import matplotlib.pyplot as plt

from fact_memory_graph import LifecyclePolicy, ReadConfig
from fact_memory_graph.lifecycle import lifecycle_relevance
from fact_memory_graph.schema import Fact

T0 = datetime(2026, 1, 5, tzinfo=UTC)
staged, read = LifecyclePolicy.staged(), ReadConfig()


def fact(source="conversation", accesses=0, kind="durable"):
    return Fact.model_validate({"id": "00000000-0000-0000-0000-000000000001", "user_id": "u", "kind": kind,
                                "category": "identity", "claim": "x", "confidence": 0.7, "source": source,
                                "created_at": T0, "last_confirmed_at": T0, "access_count": accesses,
                                "last_accessed_at": T0 if accesses else None})


weeks = [w / 4 for w in range(0, 4 * 40 + 1)]
curves = {
    "seed 000, durable": [0.7 for w in weeks],
    "seed 000, current (exp(-age/14))": [0.7 * read.time_weight(7 * w) for w in weeks],
    "staged, conversation, never used": [lifecycle_relevance(fact(), T0 + timedelta(weeks=w), staged) for w in weeks],
    "staged, conversation, 5 retrievals": [lifecycle_relevance(fact(accesses=5), T0 + timedelta(weeks=w), staged)
                                           for w in weeks],
    "staged, user edit": [lifecycle_relevance(fact("user_edit"), T0 + timedelta(weeks=w), staged) for w in weeks],
}
fig, ax = plt.subplots(figsize=(8, 4.5))
for name, ys in curves.items():
    ax.plot(weeks, ys, label=name, linestyle="--" if name.startswith("seed 000") else "-")
ax.axhline(staged.cleanup_threshold, color="grey", linewidth=0.8)
ax.text(0.3, staged.cleanup_threshold + 0.02, "sweep threshold 0.2", color="grey")
ax.set_xlabel("weeks since the fact was last used")
ax.set_ylabel("weight in ranking (before similarity)")
ax.set_title("Seed 000 vs the staged policy (seed 002)")
ax.legend(fontsize=8)
plt.show()'''),
    new_code_cell('''import math

for name, ys in curves.items():
    below = next((w for w, y in zip(weeks, ys) if y < staged.cleanup_threshold), None)
    print(f"{name:38s} week 0: {ys[0]:.3f}  week 26: {ys[104]:.3f}  below 0.2 from week: {below}")
print("exact crossing, never-used conversation fact:",
      round(1 + math.log(0.2 / 0.7) / math.log(0.95), 1), "weeks")'''),
    new_markdown_cell("A conversation fact nobody uses crosses the sweep threshold after about 25.4 weeks (one "
                      "grace week plus 24.4 weeks of 5% decay); five retrievals lift it by 1.39x and, once "
                      "confirmed, protect it; a user edit starts at twice the weight. Seed 000 keeps durable "
                      "facts at their confidence forever and lets current ones fade within weeks."),
]

def write(name: str, cells: list) -> None:
    nb = new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}})
    nbformat.write(nb, OUT / name)


if __name__ == "__main__":
    write("01_quickstart.ipynb", QUICKSTART)
    write("02_decay_and_ranking.ipynb", DECAY)
    write("03_retriever_chain.ipynb", CHAIN)
    write("04_lifecycle_policies.ipynb", LIFECYCLE)
