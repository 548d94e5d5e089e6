"""Exceptions raised by fact-memory-graph. All derive from :class:`FactMemoryError`."""

from __future__ import annotations


class FactMemoryError(Exception):
    """Base class for every error this package raises on purpose."""


class EmbedderMismatchError(FactMemoryError):
    """The store's vectors were made by another embedding model (same dimension, other space)."""

    def __init__(self, stored: str, current: str, cosine: float) -> None:
        self.stored, self.current, self.cosine = stored, current, cosine
        super().__init__(
            f"this database's vectors were made by another embedding model ({stored}) than the one it was "
            f"opened with ({current}; the two embed the same probe text at cosine {cosine:.2f}): their vectors "
            "cannot be compared. Open it with the original embedder, or re-embed every stored fact, correction "
            "and session with this one: `fact-memory reembed --yes` (or memory.admin.reembed())."
        )


class DimensionMismatchError(FactMemoryError):
    """The embedder's vectors do not have the dimension the store was created with."""

    def __init__(self, store_dim: int, embedder_dim: int, where: str = "store") -> None:
        self.store_dim = store_dim
        self.embedder_dim = embedder_dim
        super().__init__(
            f"embedding dimension mismatch: the {where} holds {store_dim}-dimensional vectors "
            f"but the embedder produced {embedder_dim}-dimensional ones. Use the embedder the "
            f"store was created with, or point FACT_MEMORY_DATABASE_URL at another database."
        )


class ExtractionError(FactMemoryError):
    """The model call failed or returned output that could not be used. Nothing was applied."""


class FactNotFoundError(FactMemoryError):
    """An op or call named a fact that does not exist for this user. Nothing was applied."""


class InvalidInputError(FactMemoryError, ValueError):
    """A caller passed something unusable (empty user id, unknown category, ...)."""


class UserIdError(InvalidInputError):
    """A run names no user, or two different users: a coding error in the caller, raised even
    where failures are logged (``on_error="log"``) since retrying cannot fix it."""


class ConfigurationError(FactMemoryError):
    """Missing or contradictory configuration (e.g. no chat model configured)."""


class StoreError(FactMemoryError):
    """The database failed a statement (the message says which error; nothing was applied)."""


class StoreTimeoutError(StoreError):
    """A statement or lock wait took longer than the configured timeout (nothing was applied)."""


class ForgetPendingError(StoreError):
    """``forget`` could not finish (a node unreachable): nothing was deleted, the request is
    recorded, and the worker's nightly pass retries it (``fact-memory worker``)."""


class StoreUnavailableError(StoreError):
    """No database connection could be had in time (server down or pool exhausted)."""


class ReadOnlyStoreError(FactMemoryError, NotImplementedError):
    """A write to a read-only view (the vector-store view); facts are written through the memory's API."""
