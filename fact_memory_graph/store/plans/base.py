"""What every plan family shares: the vector dimension, the write settings, vector literals."""

from __future__ import annotations

import math
from collections.abc import Sequence

from fact_memory_graph.config import LifecyclePolicy, WriteConfig
from fact_memory_graph.errors import DimensionMismatchError, InvalidInputError


class PlansBase:
    def __init__(self, *, dimension: int, write: WriteConfig | None = None,
                 lifecycle: LifecyclePolicy | None = None) -> None:
        self.dimension = dimension
        self.write = write or WriteConfig()
        self.lifecycle = lifecycle or LifecyclePolicy()

    def vector_literal(self, embedding: Sequence[float]) -> str:
        """pgvector text form; checks the dimension and rejects NaN/inf with a clear error."""
        if len(embedding) != self.dimension:
            raise DimensionMismatchError(self.dimension, len(embedding))
        if not all(math.isfinite(x) for x in embedding):
            raise InvalidInputError("embedding contains NaN or infinite values")
        return "[" + ",".join(repr(float(x)) for x in embedding) + "]"
