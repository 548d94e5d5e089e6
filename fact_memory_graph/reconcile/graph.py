"""The reconciliation graph for one user: select -> group -> (adjudicate -> apply) per group ->
correct (pending corrections settled by the model).

Each group is judged and applied before the next one is judged: a crash mid-run keeps every
group applied so far (the next run resumes with the rest)."""

from __future__ import annotations

from collections.abc import Callable

from langchain_core.language_models import BaseChatModel
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.reconcile.adjudicate import make_adjudicate_node
from fact_memory_graph.reconcile.apply import make_apply_node
from fact_memory_graph.reconcile.correct import make_correct_node
from fact_memory_graph.reconcile.group import make_group_node
from fact_memory_graph.reconcile.select import make_select_node
from fact_memory_graph.reconcile.state import ReconcileState
from fact_memory_graph.runnables import dual_node


def _more_groups(state: ReconcileState) -> str:
    return "adjudicate" if state.get("done_groups", 0) < len(state.get("groups") or []) else "correct"


def build_reconcile_graph(ctx: MemoryContext, *, llm_factory: Callable[[], BaseChatModel] | None = None,
                          name: str = "fact_memory_reconcile") -> CompiledStateGraph:
    """Compile the reconciliation graph over ``ctx`` (the model defaults to the memory's)."""
    builder = StateGraph(ReconcileState)
    select, aselect = make_select_node(ctx)
    builder.add_node("select", dual_node(select, aselect, name="select"), destinations=("group", "correct"))
    for node_name, (fn, afn) in (("group", make_group_node(ctx)),
                                 ("adjudicate", make_adjudicate_node(ctx, llm_factory or ctx.llm_factory)),
                                 ("apply", make_apply_node(ctx)),
                                 ("correct", make_correct_node(ctx, llm_factory or ctx.llm_factory))):
        builder.add_node(node_name, dual_node(fn, afn, name=node_name))
    builder.add_edge(START, "select")
    builder.add_edge("group", "adjudicate")
    builder.add_edge("adjudicate", "apply")
    builder.add_conditional_edges("apply", _more_groups, {"adjudicate": "adjudicate", "correct": "correct"})
    builder.add_edge("correct", END)
    return builder.compile(name=name)
