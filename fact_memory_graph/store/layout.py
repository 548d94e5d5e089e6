"""Where every table of the schema lives on a Citus cluster: the one registry ``setup --citus``
distributes from, the layout test checks against the catalog, and the cluster checks read.

- **distributed**: by ``user_id``, co-located with the facts, so a user's rows of every table sit
  in one shard group on one node: a message's transaction, the foreign key from candidates to
  facts and every join of one user run on one shard.
- **reference**: a copy on every node, joinable with any shard; written only where every node
  must agree (so a write needs every node up).
- **local**: only on the coordinator. A local table is never read or written in the same
  statement as a distributed one (Citus would ship its rows to the workers as an intermediate
  result, to every worker, so a statement of one user would fail while any worker is down): it
  is read in a statement of its own and its values passed on as parameters.

A new table is added here with its placement (and, when local, the reason), or the layout test
(tests/test_citus_layout.py) fails.
"""

from __future__ import annotations

from fact_memory_graph.store._sql import (
    AUDIT,
    CANDIDATES,
    DIGESTS,
    EVALUATIONS,
    FACTS,
    FORGET_REQUESTS,
    FORGOTTEN,
    MESSAGES,
    PEOPLE,
    PROCESSED,
    PROFILES,
    RUNS,
    SESSIONS,
    USERS,
    VERSIONS,
)

#: Distributed by user_id and co-located with the facts, in the order ``setup --citus``
#: distributes them (the facts first: the others' foreign keys and joins point at it).
DISTRIBUTED: tuple[str, ...] = (FACTS, CANDIDATES, AUDIT, PROCESSED, RUNS, PROFILES, SESSIONS, MESSAGES, PEOPLE,
                                EVALUATIONS, VERSIONS)

#: Reference tables (a copy on every node), with why.
REFERENCE: dict[str, str] = {
    USERS: "forget generations keyed by a hash of the id: read with every write of every user (a join on any "
           "shard), written only by forget, which must reach every node anyway",
}

#: Local to the coordinator, each with the reason it is not distributed.
LOCAL: dict[str, str] = {
    "fact_memory_meta": "the store's settings (dimension, embedder record): read by setup and open only",
    "fact_memory_migrations": "the applied migrations: read and written by setup only",
    FORGET_REQUESTS: "forgets that could not reach every node: must be writable while a worker is down",
    DIGESTS: "the weekly digest of the whole store: aggregates of every user, no user id",
    FORGOTTEN: "forgotten turns' digests, keyed by a hash of the user (no user_id to distribute by), written by "
               "forget_message and 'forget what I just said' while a worker may be down; read in a statement "
               "of its own, its answer passed to the user's statements as parameters",
}

#: Tables of other schemas sharing the database, local by prefix (not created by ``setup``).
LOCAL_PREFIXES: dict[str, str] = {
    "procrastinate_": "the job engine's cross-user queue (procrastinate's own schema), on the coordinator",
}


def placement(table: str) -> str | None:
    """``distributed``, ``reference`` or ``local`` for a registered table, ``None`` when the
    table is not registered."""
    if table in DISTRIBUTED:
        return "distributed"
    if table in REFERENCE:
        return "reference"
    if table in LOCAL or any(table.startswith(p) for p in LOCAL_PREFIXES):
        return "local"
    return None


def local_tables() -> tuple[str, ...]:
    """The registered local tables of the schema (not the prefixes)."""
    return tuple(LOCAL)
