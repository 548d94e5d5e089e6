"""The README's first snippet runs exactly as printed (offline: no API key, the test database
through FACT_MEMORY_DATABASE_URL, as a user would point it at theirs)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_first_snippet_runs_as_printed(db_url: str, monkeypatch) -> None:
    code = re.search(r"## Use it in your graph\n.*?```python\n(.*?)```", README.read_text(), re.S).group(1)
    monkeypatch.setenv("FACT_MEMORY_DATABASE_URL", db_url)
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "FACT_MEMORY_MODEL"):
        monkeypatch.delenv(var, raising=False)
    from fact_memory_graph import FactMemory

    with FactMemory.open(db_url) as memory:  # the snippet's user may be left from an earlier run
        memory.forget("u-42")
    namespace: dict = {}
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(README), "exec", dont_inherit=True), namespace)
        assert printed.getvalue().strip() == "['moved to Berlin']"
    finally:
        if "memory" in namespace:
            namespace["memory"].forget("u-42")
            namespace["memory"].close()
