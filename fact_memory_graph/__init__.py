"""fact-memory-graph: long-term memory of facts about people, for LangGraph agents.

Quick use::

    from fact_memory_graph import FactMemory

    with FactMemory.open() as memory:          # embedded Postgres + offline embeddings
        memory.remember("u1", "I moved to Berlin last March")
        print(memory.recall("u1", "where do I live?"))
"""

from fact_memory_graph.config import (
    FactMemoryConfig,
    HealthConfig,
    ReadConfig,
    ReconcileConfig,
    WriteConfig,
)
from fact_memory_graph.errors import (
    ConfigurationError,
    DimensionMismatchError,
    ExtractionError,
    FactMemoryError,
    FactNotFoundError,
    InvalidInputError,
    StoreError,
    StoreTimeoutError,
    StoreUnavailableError,
)
from fact_memory_graph.formatting import format_memory_sections
from fact_memory_graph.memory import FactMemory
from fact_memory_graph.recall import memory_system_message
from fact_memory_graph.retriever import FactMemoryRetriever
from fact_memory_graph.schema import (
    ApplyOutcome,
    Fact,
    FactCandidate,
    FactKind,
    FactSource,
    FactStatus,
    HealthReport,
    ReconcileReport,
    VerificationStatus,
)
from fact_memory_graph.timeweight import ExponentialDecay, PiecewiseLinearDecay, SigmoidDecay

__all__ = [
    "ApplyOutcome",
    "ConfigurationError",
    "DimensionMismatchError",
    "ExponentialDecay",
    "ExtractionError",
    "Fact",
    "FactCandidate",
    "FactKind",
    "FactMemory",
    "FactMemoryConfig",
    "FactMemoryError",
    "FactMemoryRetriever",
    "FactNotFoundError",
    "FactSource",
    "FactStatus",
    "HealthConfig",
    "HealthReport",
    "InvalidInputError",
    "PiecewiseLinearDecay",
    "ReadConfig",
    "ReconcileConfig",
    "ReconcileReport",
    "SigmoidDecay",
    "StoreError",
    "StoreTimeoutError",
    "StoreUnavailableError",
    "VerificationStatus",
    "WriteConfig",
    "format_memory_sections",
    "memory_system_message",
]
__version__ = "0.1.0"
