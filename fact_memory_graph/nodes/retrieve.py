"""retrieve: the user's top-k durable and top-k current facts most similar to the message.

Both kinds are searched independently (each its own exact top-k) in one SQL round trip, and
labelled with short references (D1.., C1..) that the extractor uses instead of ids.
"""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from fact_memory_graph.nodes.state import NodePair, WriteDeps, WriteState
from fact_memory_graph.schema import FactKind


def _label(found: dict[FactKind, list]) -> dict[str, Any]:
    retrieved = []
    for kind, prefix in ((FactKind.DURABLE, "D"), (FactKind.CURRENT, "C")):
        for i, (fact, similarity, pending) in enumerate(found[kind], start=1):
            retrieved.append({"ref": f"{prefix}{i}", "fact": fact, "similarity": similarity, "pending": pending})
    return {"retrieved": retrieved}


def make_retrieve_node(deps: WriteDeps) -> NodePair:
    quotas = {FactKind.DURABLE: deps.config.retrieve_k, FactKind.CURRENT: deps.config.retrieve_k}

    def retrieve(state: WriteState, config: RunnableConfig) -> dict[str, Any]:
        return _label(deps.store.search(state["user_id"], state["message_embedding"], quotas))

    async def aretrieve(state: WriteState, config: RunnableConfig) -> dict[str, Any]:
        return _label(await deps.astore.search(state["user_id"], state["message_embedding"], quotas))

    return retrieve, aretrieve
