"""Write-path nodes, one per file: embed -> retrieve -> extract -> dedup -> apply."""

from fact_memory_graph.nodes.apply import make_apply_node
from fact_memory_graph.nodes.dedup import aplan_ops, make_dedup_node, plan_ops
from fact_memory_graph.nodes.embed import make_embed_node
from fact_memory_graph.nodes.extract import make_extract_node
from fact_memory_graph.nodes.retrieve import make_retrieve_node
from fact_memory_graph.nodes.state import NodePair, WriteDeps, WriteInput, WriteOutput, WriteState

__all__ = [
    "NodePair",
    "aplan_ops",
    "WriteDeps",
    "WriteInput",
    "WriteOutput",
    "WriteState",
    "make_apply_node",
    "make_dedup_node",
    "make_embed_node",
    "make_extract_node",
    "make_retrieve_node",
    "plan_ops",
]
