"""Every notebook executes offline without a cell error (nbclient, real kernel)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes(path: Path, db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FACT_MEMORY_DATABASE_URL", db_url)
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    for var in ("FACT_MEMORY_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    if "decay" in path.name:
        assert sum("image/png" in o.get("data", {}) for o in outputs) == 2  # both plots rendered inline


def test_there_are_notebooks() -> None:
    assert {p.name for p in NOTEBOOKS} >= {"01_quickstart.ipynb", "02_decay_and_ranking.ipynb", "03_retriever_chain.ipynb"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_notebooks_show_their_outputs(path: Path) -> None:
    """Committed with outputs (tools/execute_notebooks.py), so they render where people browse them."""
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert code and all(c.get("execution_count") for c in code), f"run tools/execute_notebooks.py for {path.name}"
    assert not [o for c in code for o in c.get("outputs", []) if o.output_type == "error"]
