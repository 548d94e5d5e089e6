"""Write-ahead reconciliation (seed 004): facts written inline are unreconciled; this graph
merges duplicates, supersedes replaced states and retracts garbage with the model, one small
group at a time, and marks the facts reconciled. Nodes one per file:
select -> group -> adjudicate -> apply.
"""

from fact_memory_graph.reconcile.decisions import FactVerdict, GroupVerdict, validate_decisions
from fact_memory_graph.reconcile.graph import build_reconcile_graph
from fact_memory_graph.reconcile.group import form_groups
from fact_memory_graph.reconcile.state import Group, ReconcileState, Verdict

__all__ = ["FactVerdict", "Group", "GroupVerdict", "ReconcileState", "Verdict", "build_reconcile_graph",
           "form_groups", "validate_decisions"]
