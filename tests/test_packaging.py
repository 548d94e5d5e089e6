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
                   "fact_memory_graph/prompts/correct_system.txt", "fact_memory_graph/demo_conversation.json"):
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
        "    m.add_fact('wheel-smoke', 'allergic to penicillin', kind='durable', category='health')\n"
        "    assert 'penicillin' in m.recall('wheel-smoke', 'health')\n"
        "    m.forget('wheel-smoke')\n"
        "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", smoke], cwd=outside, env=env, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
    cli = subprocess.run([sys.executable, "-m", "fact_memory_graph.cli", "--version"], cwd=outside, env=env,
                         capture_output=True, text=True, check=True)
    assert cli.stdout.startswith("fact-memory-graph ")
