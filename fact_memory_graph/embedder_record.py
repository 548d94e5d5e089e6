"""Which embedding model a store's vectors come from, and re-embedding them with another.

Two models of the same dimension embed into unrelated spaces: mixing them in one store would
rank every fact by a meaningless cosine, silently. So the store records its embedder when it is
first opened — a name, and the vector the embedder gives a fixed probe text — and every later
open embeds the probe again: below :data:`SAME_MODEL_COSINE` it is another model, and the open
fails with :class:`~fact_memory_graph.errors.EmbedderMismatchError`, which names the way out:
:func:`reembed` (``fact-memory reembed --yes``) re-embeds every fact, correction and session
record of every user with the new embedder, then records it. The same model run another way (the
int8 ONNX MiniLM and its fp32 original, a wrapper that counts calls) gives the same probe and
passes. An embedder that cannot embed at open time (a remote one that is down) is not checked
then, and one line is logged.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from typing import Any

from langchain_core.embeddings import Embeddings

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import EmbedderMismatchError

logger = logging.getLogger(__name__)

#: What every embedder is asked to embed at open: ordinary memory text.
PROBE_TEXT = "lives in Berlin, allergic to penicillin, training for a marathon"
#: The same model (another runtime or precision) scores about 0.99+ here; two different models
#: of the same size score well below 0.9 (the random vectors of a fake: about 0).
SAME_MODEL_COSINE = 0.95
#: Rows embedded per call while re-embedding.
BATCH = 64


def embedder_name(embeddings: Embeddings) -> str:
    """A readable name: the class, and its model when it says (``OpenAIEmbeddings:text-embedding-3-small``)."""
    inner = getattr(embeddings, "inner", None)
    if isinstance(inner, Embeddings):  # a wrapper (batching, counting) names what it wraps
        return embedder_name(inner)
    model = next((getattr(embeddings, a) for a in ("model_id", "model", "model_name")
                  if isinstance(getattr(embeddings, a, None), str)), None)
    return f"{type(embeddings).__name__}:{model}" if model else type(embeddings).__name__


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def _compare(stored: tuple[list[float], str] | None, probe: list[float], name: str) -> None:
    if stored is None:
        return
    vector, stored_name = stored
    cosine = _cosine(vector, probe) if len(vector) == len(probe) else 0.0
    if cosine < SAME_MODEL_COSINE:
        raise EmbedderMismatchError(stored_name, name, cosine)


def _probe(ctx: MemoryContext) -> list[float] | None:
    try:
        return ctx.embeddings.embed_query(PROBE_TEXT)
    except Exception as exc:  # checked on the next open; never the reason an app cannot start
        logger.warning("fact-memory: could not embed the probe text, the embedder is not checked this time: "
                       "%s: %s", type(exc).__name__, str(exc)[:200])
        return None


def check_embedder(ctx: MemoryContext) -> None:
    """Record the embedder in a new store; refuse one that is not the store's (see the module)."""
    probe = _probe(ctx)
    if probe is not None:
        name = embedder_name(ctx.embeddings)
        _compare(ctx.store.record_embedder(probe, name), probe, name)


async def acheck_embedder(ctx: MemoryContext) -> None:
    """Async twin of :func:`check_embedder`."""
    try:
        probe = await ctx.embeddings.aembed_query(PROBE_TEXT)
    except Exception:
        probe = _probe(ctx)  # logs why
    if probe is not None:
        name = embedder_name(ctx.embeddings)
        _compare(await ctx.astore.record_embedder(probe, name), probe, name)


def reembed(ctx: MemoryContext) -> dict[str, Any]:
    """Re-embed every stored vector (facts of every status, pending and resolved corrections,
    session records) of every user with this memory's embedder, one user per transaction per
    kind, then record the embedder. Safe to run again after an interruption (each row is simply
    embedded again). Returns the counts."""
    counts = {"users": 0, "facts": 0, "candidates": 0, "sessions": 0}
    for user in ctx.store.users():
        user_id = user["user_id"]
        counts["users"] += 1
        for kind, found in ctx.store.vectors_to_redo(user_id).items():
            for i in range(0, len(found), BATCH):
                chunk = found[i:i + BATCH]
                vectors = ctx.embed_many([r["text"] for r in chunk])
                counts[kind] += ctx.store.replace_vectors(user_id, kind, [r["id"] for r in chunk], vectors)
    ctx.store.set_embedder(ctx.embeddings.embed_query(PROBE_TEXT), embedder_name(ctx.embeddings))
    return counts
