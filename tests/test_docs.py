"""The README and every page of ``docs/`` hold only code that runs: each page's Python blocks run
in order, in one namespace, as printed (Sybil), offline — no API key, the test database through
``FACT_MEMORY_DATABASE_URL`` as a user would point at theirs. The pages never cite the design
documents or issue numbers a reader cannot see, and every relative link resolves."""

from __future__ import annotations

import ast
import contextlib
import io
import re
import sys
import types
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RUNNABLE = [p for p in PAGES if "```python" in p.read_text()]
SYBIL = Sybil(parsers=[PythonCodeBlockParser(), SkipParser()])


@pytest.fixture
def offline(db_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("FACT_MEMORY_DATABASE_URL", db_url)
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "FACT_MEMORY_MODEL", "FACT_MEMORY_EMBEDDINGS"):
        monkeypatch.delenv(var, raising=False)
    return db_url


def _run_page(page: Path) -> list[tuple[str, str, str]]:
    """Run the page's Python blocks in order in one namespace, one top-level statement at a time;
    returns (where, comment, output) for each top-level ``print(...)``: ``comment`` is what the
    line says after ``#`` (empty when nothing), ``output`` what it printed."""
    from fact_memory_graph import FactMemory

    document = SYBIL.parse(page)
    examples = list(document.examples())
    assert examples, f"{page.name}: no Python block found"
    module = types.ModuleType(f"docs_{page.stem}")  # a real module: LangGraph and pydantic resolve
    sys.modules[module.__name__] = module              # a page's annotations through it
    namespace = module.__dict__
    printed: list[tuple[str, str, str]] = []
    try:
        for example in examples:
            source = str(example.parsed)
            lines = source.splitlines()
            for node in ast.parse(source).body:
                code = compile(ast.Module(body=[node], type_ignores=[]), f"{page.name}:{example.line}", "exec")
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    exec(code, namespace)  # noqa: S102 - the page's own code, as a reader runs it
                if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) \
                        and getattr(node.value.func, "id", None) == "print":
                    last = lines[node.end_lineno - 1]
                    comment = last.split("  # ", 1)[1].strip() if "  # " in last else ""
                    printed.append((f"{page.name}:{example.line + node.lineno}", comment, out.getvalue().strip()))
    finally:
        for value in namespace.values():  # a block that failed may leave a memory open
            if isinstance(value, FactMemory):
                value.close()
        sys.modules.pop(module.__name__, None)
    return printed


def says(comment: str, output: str) -> bool:
    """Whether a print's comment states its output: the output itself, then nothing or a note
    after ``:``, ``;`` or ``(`` — ``# 1 []: one unreconciled fact``. A print of several lines
    (a prompt section) may carry a description instead."""
    if "\n" in output or not comment:
        return True
    return comment == output or (comment.startswith(output) and comment[len(output)] in ":;(")


@pytest.mark.parametrize("page", RUNNABLE, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_python_blocks_of_a_page_run_as_printed_any_number_of_times(page: Path, offline: str) -> None:
    """Each page runs twice against one database (as a reader who runs it again would): both
    runs print the same, and each print prints what its comment says."""
    from fact_memory_graph import FactMemory

    with FactMemory.open(offline) as memory:  # the README snippet's user, left by an earlier run
        memory.forget("u-42")
    first, second = _run_page(page), _run_page(page)
    assert [o for _, _, o in second] == [o for _, _, o in first], f"{page.name}: a second run prints otherwise"
    for where, comment, output in first:
        assert "Traceback" not in output
        assert says(comment, output), f"{where}: prints {output!r}, the comment says {comment!r}"


def test_the_guides_carry_code_that_runs() -> None:
    runnable = {p.name for p in RUNNABLE}
    assert {"README.md", "graphs.md", "queue.md", "retrieval.md", "lifecycle.md", "evaluators.md",
            "operations.md", "privacy.md"} <= runnable


@pytest.mark.parametrize("page", [*PAGES, ROOT / "BENCHMARKS.md"], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_page_says_what_the_design_is_without_citing_documents_a_reader_cannot_see(page: Path) -> None:
    text = page.read_text()
    assert not re.search(r"\bseeds?\b(?! known)", text, re.I), f"{page.name} cites a seed"
    assert not re.search(r"\bissue \d+", text, re.I), f"{page.name} cites an issue"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page: Path) -> None:
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text()):
        assert (page.parent / target).exists(), f"{page.name} links to {target}, which is not there"


def test_the_readme_is_a_first_screen_and_a_table_of_contents() -> None:
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 200
    assert readme.index("pip install") < readme.index("## Use it in your graph")
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{page.name})" in readme, f"the README's contents do not link docs/{page.name}"
