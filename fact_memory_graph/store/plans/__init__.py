"""Every SQL statement of the store, written once for the sync and the async driver.

Split by concern: :mod:`.read` (search, listings), :mod:`.write` (apply a message exactly once,
resolve candidates), :mod:`.admin` (setup and migrations, sweeps, privacy deletes),
:mod:`.reconcile` (the write-ahead log's batch, groups and their decisions, run records),
:mod:`.health` (backlog, statuses, temperature, runs), :mod:`.sessions` (session records),
:mod:`.queue` (the message log of queued writes: enqueue, claim, finish), :mod:`.inspect`
(read-only pages for people looking at the memory). Every
statement is scoped by ``user_id``. See :mod:`fact_memory_graph.store._sql` for what a plan is.
"""

from fact_memory_graph.store.plans.inspect import InspectPlans
from fact_memory_graph.store.plans.queue import QueueEntry
from fact_memory_graph.store.plans.read import Neighbour
from fact_memory_graph.store.plans.reconcile import FactVector
from fact_memory_graph.store.plans.write import LoggedTurn


class StorePlans(InspectPlans):
    """All plans; :class:`~fact_memory_graph.store.FactStore` and its async twin add a driver."""


__all__ = ["FactVector", "LoggedTurn", "Neighbour", "QueueEntry", "StorePlans"]
