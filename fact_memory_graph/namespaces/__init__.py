"""The facade's namespaces: what ``FactMemory`` groups under ``memory.<name>``, a small module each.

- ``memory.facts`` (:class:`~fact_memory_graph.namespaces.facts.Facts`): one user's facts read and
  written directly — add, update, retract, get, list, history, purge, the profile.
- ``memory.corrections`` (:class:`~fact_memory_graph.namespaces.corrections.Corrections`): the
  contradictions waiting for a decision.
- ``memory.sessions`` (:class:`~fact_memory_graph.namespaces.sessions.Sessions`): the content
  records of earlier conversations.
- ``memory.upkeep`` (:class:`~fact_memory_graph.namespaces.upkeep.Upkeep`): maintenance,
  compaction, the scheduler's listing, recorded runs, health.
- ``memory.admin`` (:class:`~fact_memory_graph.namespaces.admin.Admin`): the schema, the embedder,
  every user, counts, the audit log, pending forgets.

Each is built on the memory's :class:`~fact_memory_graph.context.MemoryContext` and never on the
facade or on another namespace (an import contract keeps them apart). Every method has an async
twin, ``a`` + its name.
"""

from fact_memory_graph.namespaces.admin import Admin
from fact_memory_graph.namespaces.corrections import Corrections
from fact_memory_graph.namespaces.facts import Facts
from fact_memory_graph.namespaces.sessions import Sessions
from fact_memory_graph.namespaces.upkeep import Upkeep

__all__ = ["Admin", "Corrections", "Facts", "Sessions", "Upkeep"]
