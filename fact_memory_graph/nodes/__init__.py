"""Write-path nodes, one per file: embed -> retrieve -> extract -> dedup -> apply.

Each ``make_*_node(ctx)`` returns a :data:`~.state.NodePair` (sync function, asyncio twin) over
a :class:`~fact_memory_graph.context.MemoryContext`; :mod:`fact_memory_graph.write_graph`
wires them into the compiled subgraph.
"""

from fact_memory_graph.nodes.apply import make_apply_node
from fact_memory_graph.nodes.dedup import aplan_ops, make_dedup_node, plan_ops
from fact_memory_graph.nodes.embed import make_embed_node
from fact_memory_graph.nodes.extract import make_extract_node
from fact_memory_graph.nodes.retrieve import make_retrieve_node
from fact_memory_graph.nodes.state import (
    KnownFact,
    NodePair,
    Update,
    WriteInput,
    WriteOutput,
    WriteState,
)

__all__ = [
    "KnownFact",
    "NodePair",
    "Update",
    "WriteInput",
    "WriteOutput",
    "WriteState",
    "aplan_ops",
    "make_apply_node",
    "make_dedup_node",
    "make_embed_node",
    "make_extract_node",
    "make_retrieve_node",
    "plan_ops",
]
