"""Execute every notebook in place so the committed copies show their outputs where people browse
them. Offline: scripted models, the embedded Postgres in a temporary folder (nothing of yours is
touched). Run ``.venv/bin/python tools/execute_notebooks.py`` after changing a notebook."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def main(paths: list[str]) -> None:
    targets = [Path(p) for p in paths] or sorted(NOTEBOOKS.glob("*.ipynb"))
    with tempfile.TemporaryDirectory(prefix="fm-notebooks-") as data_dir:
        # Our own new directory, opened up so the server's OS user can enter it when run as root
        # (the library itself never loosens a directory).
        Path(data_dir).chmod(0o755)
        os.environ["FACT_MEMORY_DATA_DIR"] = data_dir
        os.environ["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
        for var in ("FACT_MEMORY_DATABASE_URL", "FACT_MEMORY_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
            os.environ.pop(var, None)
        for path in targets:
            nb = nbformat.read(path, as_version=4)
            NotebookClient(nb, timeout=300, kernel_name="python3",
                           resources={"metadata": {"path": str(path.parent)}}).execute()
            for cell in nb.cells:  # keep diffs small: no per-run timing metadata
                cell.metadata.pop("execution", None)
            nbformat.write(nb, path)
            print(f"executed {path.name}")


if __name__ == "__main__":
    main(sys.argv[1:])
