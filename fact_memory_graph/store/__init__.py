"""Storage: PostgreSQL + pgvector. :class:`FactStore` owns every SQL statement."""

from fact_memory_graph.store.migrations import MIGRATIONS
from fact_memory_graph.store.store import FactStore, make_pool

__all__ = ["MIGRATIONS", "FactStore", "make_pool"]
