"""Storage: PostgreSQL + pgvector.

- :mod:`.plans`: every SQL statement, written once as plans (generators of statements);
- :class:`FactStore` runs them on a psycopg pool, :class:`AsyncFactStore` on an async pool;
- :mod:`.migrations`: ordered migrations.
"""

from fact_memory_graph.store.aio import AsyncFactStore, make_async_pool
from fact_memory_graph.store.migrations import MIGRATIONS
from fact_memory_graph.store.store import FactStore, make_pool

__all__ = ["MIGRATIONS", "AsyncFactStore", "FactStore", "make_async_pool", "make_pool"]
