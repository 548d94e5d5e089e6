"""The README's graph example runs as written (with an offline chat model and the test database)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_graph_example_runs(db_url: str, embeddings, user_id: str, monkeypatch) -> None:
    code = re.search(r"## Use it in your graph\n\n```python\n(.*?)```", README.read_text(), re.S).group(1)
    assert "memory = FactMemory.open()" in code
    monkeypatch.setenv("FACT_MEMORY_DATABASE_URL", db_url)
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    from fact_memory_graph import FactMemory
    from fact_memory_graph.testing import ScriptedChatModel

    llm = ScriptedChatModel(default=[{"op": "add_durable", "category": "life_event", "claim": "moved to Berlin"}])
    opened: list[FactMemory] = []

    def open_memory() -> FactMemory:
        opened.append(FactMemory.open(embeddings=embeddings, llm=llm))
        return opened[-1]

    namespace = {"chat_model": FakeListChatModel(responses=["Welcome to Berlin!"]), "open_memory": open_memory}
    code = code.replace("FactMemory.open()", "open_memory()").replace('"u-42"', repr(user_id))
    assert "memory.write_node()" in code and "memory.flush()" in code
    try:
        exec(compile(code, str(README), "exec", dont_inherit=True), namespace)
        assert [f.claim for f in opened[0].facts(user_id)] == ["moved to Berlin"]
    finally:
        for memory in opened:
            memory.close()
