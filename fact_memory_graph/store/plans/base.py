"""What every plan family shares: the vector dimension, the write settings, vector literals."""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Collection, Iterable, Sequence
from functools import partial
from typing import Any, get_args

import numpy as np
import psycopg
from psycopg.adapt import Dumper
from psycopg.pq import Format
from psycopg.types.json import Jsonb

from fact_memory_graph import forget_key
from fact_memory_graph.config import LifecyclePolicy, WriteConfig
from fact_memory_graph.errors import DimensionMismatchError, InvalidInputError
from fact_memory_graph.sanitize import names_a_secret, redact_json, redact_record, redact_secrets
from fact_memory_graph.schema import (
    CandidateStatus,
    FactKind,
    FactSource,
    FactStatus,
    OpName,
    VerificationStatus,
)
from fact_memory_graph.store._sql import Plan, execute, one
from fact_memory_graph.store.hot import HotCache
from fact_memory_graph.taxonomy import DEFAULT_TAXONOMY, Taxonomy


class VectorParam:
    """A pgvector value sent in pgvector's binary form (``%s::vector`` in the SQL): no float
    formatting on our side, no text parsing on the server's (8 KB of text per MiniLM vector)."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data


class _VectorParamDumper(Dumper):
    format = Format.BINARY
    # Unknown type: the server takes it from the ``::vector`` cast next to the placeholder, so
    # this needs no per-database lookup of the extension type's OID.
    oid = 0

    def dump(self, obj: VectorParam) -> bytes:
        return obj.data


psycopg.adapters.register_dumper(VectorParam, _VectorParamDumper)


def _guarded_dumps(value: Any, plain: Collection[str] = frozenset()) -> str:
    return json.dumps(redact_json(value, plain))


def _schema_words(taxonomy: Taxonomy) -> frozenset[str]:
    """The words of the schema a stored record repeats (ops, kinds, statuses, sources, the
    taxonomy's categories), without any that names a secret (a custom category "pin_codes")."""
    words = {*get_args(OpName), *taxonomy.model_categories, *taxonomy.for_kind(FactKind.DURABLE),
             *(m.value for enum in (FactKind, VerificationStatus, FactStatus, FactSource, CandidateStatus)
               for m in enum)}
    return frozenset(w for w in words if not names_a_secret(w))


class PlansBase:
    def __init__(self, *, dimension: int, write: WriteConfig | None = None,
                 lifecycle: LifecyclePolicy | None = None, taxonomy: Taxonomy | None = None) -> None:
        self.dimension = dimension
        self.write = write or WriteConfig()
        self.lifecycle = lifecycle or LifecyclePolicy()
        #: user id -> (more facts than the read's two-stage threshold, until when to trust it).
        self._size_hints: dict[str, tuple[bool, float]] = {}
        self.taxonomy = taxonomy or DEFAULT_TAXONOMY
        self._schema_words = _schema_words(self.taxonomy)
        #: Where ``forget.key`` is kept when ``$FACT_MEMORY_FORGET_KEY`` is unset (FactMemory sets
        #: the embedded server's directory); ``None``: :func:`forget_key.default_dir`.
        self.forget_key_dir: str | None = None
        self._forget_key: bytes | None = None
        self._forget_key_checked = False
        #: The process's copy of hot users' facts (``ReadConfig.hot_cache_mb``); None: every read
        #: goes to Postgres. Shared by the sync and the async store of one memory.
        self.hot: HotCache | None = None

    def _forget_key_plan(self) -> Plan[bytes]:
        """The key of forgotten turns' digests (loaded once), checked once per store against the
        key id the database recorded (recorded by the first process that needs it): another
        key fails closed (ConfigurationError), never silently recognises nothing."""
        if self._forget_key is None:
            self._forget_key = forget_key.load_key(self.forget_key_dir)
        key = self._forget_key
        if not self._forget_key_checked:
            row = yield from one(f"SELECT value FROM fact_memory_meta WHERE key = '{forget_key.META_KEY}'")
            if row is None:  # the first process: records its key's id (a reference table on Citus: once)
                yield from execute(f"INSERT INTO fact_memory_meta (key, value) VALUES ('{forget_key.META_KEY}', %s)"
                                   " ON CONFLICT (key) DO NOTHING", (forget_key.key_id(key),))
                row = yield from one(f"SELECT value FROM fact_memory_meta WHERE key = '{forget_key.META_KEY}'")
            forget_key.check_key_id(row["value"] if row else None, key)
            self._forget_key_checked = True
        return key

    # ------------------------------------------------------------ the one guarded way to store user text
    def guard_text(self, text: str | None) -> str | None:
        """User- or model-derived text as it may be stored: every secret the filter knows withheld
        (``WriteConfig.redact_secrets``). Every plan writing such text passes it through here
        (claims, names, notes, summaries, errors, the log); JSON goes through :meth:`jsonb`."""
        return redact_secrets(text) if text and self.write.redact_secrets else text

    def guard_record(self, *texts: str | None) -> list[str | None]:
        """The strings of one record (a person's name, relation and aliases; a claim and its
        note) as they may be stored: checked together, so a secret split over two of them is
        withheld in both (``WriteConfig.redact_secrets``)."""
        if not self.write.redact_secrets:
            return list(texts)
        present = [t for t in texts if t]
        guarded = iter(redact_record(present))
        return [next(guarded) if t else t for t in texts]

    def jsonb(self, value: Any, keys: Iterable[str] = ()) -> Jsonb:
        """A JSON parameter whose every string has passed the secret filter: the one way plans
        write JSON (outcomes, context, evaluations, audit snapshots, fields, run reports).
        ``keys``: the record's own user and message ids, stored in plain in their key columns:
        written as they are and, with the schema's words, left out of the record's joint read
        (:meth:`plain_strings`)."""
        if not self.write.redact_secrets:
            return Jsonb(value, dumps=json.dumps)
        return Jsonb(value, dumps=partial(_guarded_dumps, plain=self.plain_strings(keys)))

    def plain_strings(self, keys: Iterable[str] = ()) -> frozenset[str]:
        """What a record's joint read leaves out (:func:`~fact_memory_graph.secrets.redact_json`'s
        ``plain``): the schema's words and ``keys`` — ids the rows keep unfiltered anyway, so a
        secret split between one of them and a claim would have that half stored already."""
        return self._schema_words.union(keys) if keys else self._schema_words

    def jsonb_guarded(self, value: Any) -> Jsonb:
        """A JSON parameter that has passed :func:`~fact_memory_graph.secrets.redact_json` already
        (as part of a larger record): written as is, not scanned a second time."""
        return Jsonb(value, dumps=json.dumps)

    def vector_literal(self, embedding: Sequence[float]) -> str:
        """pgvector text form; checks the dimension and rejects NaN/inf with a clear error."""
        if len(embedding) != self.dimension:
            raise DimensionMismatchError(self.dimension, len(embedding))
        if not all(math.isfinite(x) for x in embedding):
            raise InvalidInputError("embedding contains NaN or infinite values")
        return "[" + ",".join(repr(float(x)) for x in embedding) + "]"

    def vector_param(self, embedding: Sequence[float]) -> VectorParam:
        """The binary parameter for ``%s::vector``; same checks as :meth:`vector_literal`."""
        values = np.asarray(embedding, dtype=np.float64)
        if values.shape != (self.dimension,):
            raise DimensionMismatchError(self.dimension, int(values.size))
        if not np.isfinite(values).all():
            raise InvalidInputError("embedding contains NaN or infinite values")
        return VectorParam(struct.pack(">HH", self.dimension, 0) + values.astype(">f4").tobytes())
