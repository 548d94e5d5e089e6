"""fact-memory-graph: long-term memory of facts about people, for LangGraph agents.

Quick use::

    from fact_memory_graph import FactMemory

    with FactMemory.open() as memory:          # embedded Postgres + offline embeddings
        memory.remember("u1", "I moved to Berlin last March")
        print(memory.recall("u1", "where do I live?"))
"""

# Exports load on first use (PEP 562) so `import fact_memory_graph.errors` or the CLI's `--help` does not
# pay for LangGraph, LangChain and psycopg.
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fact_memory_graph.config import (
        CustomCategory,
        DigestConfig,
        EvaluatorConfig,
        FactMemoryConfig,
        HealthConfig,
        InferenceConfig,
        LifecyclePolicy,
        QueueConfig,
        ReadConfig,
        ReconcileConfig,
        WriteConfig,
    )
    from fact_memory_graph.errors import (
        ConfigurationError,
        DimensionMismatchError,
        EmbedderMismatchError,
        ExtractionError,
        FactMemoryError,
        FactNotFoundError,
        ForgetPendingError,
        InvalidInputError,
        ReadOnlyStoreError,
        StoreError,
        StoreTimeoutError,
        StoreUnavailableError,
        UserIdError,
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
        FlushReport,
        HealthReport,
        ReconcileReport,
        VerificationStatus,
    )
    from fact_memory_graph.timeweight import ExponentialDecay, PiecewiseLinearDecay, SigmoidDecay
    from fact_memory_graph.tools import retriever_tool

_EXPORTS = {
    "FactMemoryConfig": "fact_memory_graph.config",
    "HealthConfig": "fact_memory_graph.config",
    "LifecyclePolicy": "fact_memory_graph.config",
    "QueueConfig": "fact_memory_graph.config",
    "ReadConfig": "fact_memory_graph.config",
    "ReconcileConfig": "fact_memory_graph.config",
    "WriteConfig": "fact_memory_graph.config",
    "ConfigurationError": "fact_memory_graph.errors",
    "DimensionMismatchError": "fact_memory_graph.errors",
    "EmbedderMismatchError": "fact_memory_graph.errors",
    "CustomCategory": "fact_memory_graph.config",
    "DigestConfig": "fact_memory_graph.config",
    "EvaluatorConfig": "fact_memory_graph.config",
    "InferenceConfig": "fact_memory_graph.config",
    "Evaluator": "fact_memory_graph.evaluators",
    "default_evaluators": "fact_memory_graph.evaluators",
    "retriever_tool": "fact_memory_graph.tools",
    "ExtractionError": "fact_memory_graph.errors",
    "FactMemoryError": "fact_memory_graph.errors",
    "FactNotFoundError": "fact_memory_graph.errors",
    "ForgetPendingError": "fact_memory_graph.errors",
    "InvalidInputError": "fact_memory_graph.errors",
    "StoreError": "fact_memory_graph.errors",
    "StoreTimeoutError": "fact_memory_graph.errors",
    "StoreUnavailableError": "fact_memory_graph.errors",
    "ReadOnlyStoreError": "fact_memory_graph.errors",
    "UserIdError": "fact_memory_graph.errors",
    "format_memory_sections": "fact_memory_graph.formatting",
    "FactMemory": "fact_memory_graph.memory",
    "memory_system_message": "fact_memory_graph.recall",
    "FactMemoryRetriever": "fact_memory_graph.retriever",
    "ApplyOutcome": "fact_memory_graph.schema",
    "Fact": "fact_memory_graph.schema",
    "FlushReport": "fact_memory_graph.schema",
    "FactCandidate": "fact_memory_graph.schema",
    "FactKind": "fact_memory_graph.schema",
    "FactSource": "fact_memory_graph.schema",
    "FactStatus": "fact_memory_graph.schema",
    "HealthReport": "fact_memory_graph.schema",
    "ReconcileReport": "fact_memory_graph.schema",
    "VerificationStatus": "fact_memory_graph.schema",
    "ExponentialDecay": "fact_memory_graph.timeweight",
    "PiecewiseLinearDecay": "fact_memory_graph.timeweight",
    "SigmoidDecay": "fact_memory_graph.timeweight",
}


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'fact_memory_graph' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(_EXPORTS))


__all__ = [
    "default_evaluators",
    "ApplyOutcome",
    "ConfigurationError",
    "CustomCategory",
    "DigestConfig",
    "EvaluatorConfig",
    "DimensionMismatchError",
    "EmbedderMismatchError",
    "Evaluator",
    "ExponentialDecay",
    "ExtractionError",
    "Fact",
    "FactCandidate",
    "InferenceConfig",
    "FactKind",
    "FactMemory",
    "FactMemoryConfig",
    "FactMemoryError",
    "FactMemoryRetriever",
    "FactNotFoundError",
    "FactSource",
    "FactStatus",
    "FlushReport",
    "ForgetPendingError",
    "HealthConfig",
    "HealthReport",
    "InvalidInputError",
    "LifecyclePolicy",
    "PiecewiseLinearDecay",
    "QueueConfig",
    "ReadConfig",
    "ReconcileConfig",
    "ReconcileReport",
    "SigmoidDecay",
    "StoreError",
    "StoreTimeoutError",
    "ReadOnlyStoreError",
    "StoreUnavailableError",
    "UserIdError",
    "VerificationStatus",
    "WriteConfig",
    "format_memory_sections",
    "memory_system_message",
    "retriever_tool",
]
__version__ = "0.1.0"
