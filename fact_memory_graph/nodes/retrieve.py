"""retrieve: the user's top-k durable and top-k current facts most similar to the message.

Both kinds are searched independently (each its own exact top-k) in one SQL round trip, and
labelled with short references (D1.., C1..) that the extractor uses instead of ids.
"""

from __future__ import annotations

from langchain_core.runnables import RunnableConfig

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.nodes.state import KnownFact, NodePair, Update, WriteState
from fact_memory_graph.schema import FactKind, SearchHit


def _label(found: dict[FactKind, list[SearchHit]]) -> Update:
    retrieved: list[KnownFact] = []
    for kind, prefix in ((FactKind.DURABLE, "D"), (FactKind.CURRENT, "C")):
        for i, hit in enumerate(found[kind], start=1):
            retrieved.append(KnownFact(ref=f"{prefix}{i}", fact=hit.fact, similarity=hit.similarity,
                                       pending=hit.pending))
    return {"retrieved": retrieved}


def make_retrieve_node(ctx: MemoryContext) -> NodePair:
    k = ctx.config.write.retrieve_k
    quotas = {FactKind.DURABLE: k, FactKind.CURRENT: k}

    def retrieve(state: WriteState, config: RunnableConfig) -> Update:
        # Postgres, not the hot cache: the user was just written (a copy would be stale, and
        # asking for one after every message would copy the user after every message).
        return _label(ctx.store.search(state["user_id"], state["message_embedding"], quotas, hot=False))

    async def aretrieve(state: WriteState, config: RunnableConfig) -> Update:
        return _label(await ctx.astore.search(state["user_id"], state["message_embedding"], quotas, hot=False))

    return retrieve, aretrieve
