"""Storage: PostgreSQL + pgvector.

- :mod:`.plans`: every SQL statement, written once as plans (generators of statements), split
  into read, write and admin plans;
- :mod:`._driver`: the one place that runs plans on connections (sync and asyncio), the pools;
- :class:`FactStore` (sync pool), :class:`AsyncFactStore` (asyncio pool) and
  :class:`ThreadedAsyncFactStore` (asyncio over a sync store);
- :mod:`.migrations`: ordered migrations.
"""

from fact_memory_graph.store._driver import make_async_pool, make_pool
from fact_memory_graph.store.aio import AsyncFactStore, ThreadedAsyncFactStore
from fact_memory_graph.store.migrations import MIGRATIONS
from fact_memory_graph.store.plans import LoggedTurn
from fact_memory_graph.store.store import FactStore

__all__ = ["MIGRATIONS", "AsyncFactStore", "FactStore", "LoggedTurn", "ThreadedAsyncFactStore", "make_async_pool", "make_pool"]
