"""group: put each unreconciled fact together with the facts it could duplicate.

A new durable fact is also linked to the older active current states it may end (any
category, ``ReconcileConfig.state_neighbours`` / ``state_similarity``): "works at Acme" and
"looking for a job" meet in one group, and the model may let the fact supersede the state.

Neighbours are the top-n facts of the same user, kind and category with cosine at least
``ReconcileConfig.min_similarity`` — a band well below the write-time threshold, because true
duplicates sit anywhere between ~0.57 and ~0.95 with MiniLM. Links are joined strongest first
into groups (union-find) of at most ``max_group_size`` facts, so one dense topic cannot make a
group too large for one model call. A fact with no neighbour needs no model call.
"""

from __future__ import annotations

from uuid import UUID

from fact_memory_graph.config import ReconcileConfig
from fact_memory_graph.context import MemoryContext
from fact_memory_graph.reconcile.state import Group, NodePair, ReconcileState, Update
from fact_memory_graph.schema import Fact


def form_groups(batch: list[tuple[Fact, list[float]]], neighbours: list[list[tuple[tuple[Fact, list[float]], float]]],
                cfg: ReconcileConfig) -> tuple[list[Group], list[UUID]]:
    """Groups (facts ordered by age) and the unreconciled facts that are alone."""
    facts: dict[UUID, Fact] = {f.id: f for f, _ in batch}
    edges: list[tuple[float, UUID, UUID]] = []
    for (fact, _), found in zip(batch, neighbours, strict=True):
        for (other, _), similarity in found:
            facts.setdefault(other.id, other)
            edges.append((similarity, fact.id, other.id))
    parent = {i: i for i in facts}
    size = dict.fromkeys(facts, 1)

    def root(i: UUID) -> UUID:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for _, a, b in sorted(edges, key=lambda e: (-e[0], str(e[1]), str(e[2]))):
        ra, rb = root(a), root(b)
        if ra != rb and size[ra] + size[rb] <= cfg.max_group_size:
            parent[rb] = ra
            size[ra] += size[rb]
    members: dict[UUID, list[Fact]] = {}
    for i, fact in facts.items():
        members.setdefault(root(i), []).append(fact)
    unreconciled = frozenset(f.id for f, _ in batch)
    groups, alone = [], []
    for group in members.values():
        if not unreconciled.intersection(f.id for f in group):
            continue  # only old facts: nothing new to reconcile
        if len(group) == 1:
            alone.append(group[0].id)
            continue
        group.sort(key=lambda f: (f.created_at, str(f.id)))
        groups.append(Group(facts=tuple(group), unreconciled=unreconciled.intersection(f.id for f in group)))
    groups.sort(key=lambda g: (g.facts[0].created_at, str(g.facts[0].id)))
    return groups, alone


def make_group_node(ctx: MemoryContext) -> NodePair:
    cfg = ctx.config.reconcile

    def finish(state: ReconcileState, neighbours: list) -> Update:
        groups, alone = form_groups(state["batch"], neighbours, cfg)
        report = state["report"].model_copy(update={"groups": len(groups)})
        return {"groups": groups, "alone": alone, "report": report}

    def group(state: ReconcileState) -> Update:
        return finish(state, ctx.store.reconcile_neighbours(
            state["user_id"], state["batch"], k=cfg.neighbours, min_similarity=cfg.min_similarity,
            state_k=cfg.state_neighbours, state_min_similarity=cfg.state_similarity))

    async def agroup(state: ReconcileState) -> Update:
        return finish(state, await ctx.astore.reconcile_neighbours(
            state["user_id"], state["batch"], k=cfg.neighbours, min_similarity=cfg.min_similarity,
            state_k=cfg.state_neighbours, state_min_similarity=cfg.state_similarity))

    return group, agroup
