"""Screenshots of the inspector's main pages for the docs (docs/inspector/*.png).

Seeds a throw-away embedded Postgres with the browser tests' conversation (tests/inspector_seed.py),
serves the inspector on loopback and photographs each page with Debian's chromium through
Playwright. Run: ``.venv/bin/python tools/inspector_screenshots.py``.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from fact_memory_graph import FactMemory  # noqa: E402
from fact_memory_graph.embedded import EmbeddedPostgres  # noqa: E402
from fact_memory_graph.inspector import Access, create_app  # noqa: E402
from fact_memory_graph.testing import FixedClock  # noqa: E402
from tests.helpers import T0  # noqa: E402
from tests.inspector_seed import config, scripted, seed  # noqa: E402
from tests.live_server import serving  # noqa: E402

OUT = ROOT / "docs" / "inspector"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def main() -> None:
    base_dir = Path(tempfile.mkdtemp(prefix="fm-shots-"))
    os.chmod(base_dir, 0o755)
    server = EmbeddedPostgres(base_dir / "pg")
    clock = FixedClock(T0)
    memory = FactMemory.open(server.url(), llm=scripted(), clock=clock, config=config())
    OUT.mkdir(parents=True, exist_ok=True)
    try:
        for user in ("maria", "sam.k", "lee-2041"):
            seed(memory, user, clock)
        access = Access()
        u = "/users/maria"
        fact = next(f for f in memory.facts.list("maria") if f.claim == "moved to Berlin")
        m4 = "m4"
        shots = {
            "users": "/users",
            "user": u,
            "facts": f"{u}/facts?kind=durable",
            "fact": f"{u}/facts/{fact.id}",
            "why": f"{u}/why?message={m4}",
            "playground": f"{u}/playground?query=" + quote("where do I live and what am I training for?"),
            "health": "/health",
        }
        with serving(create_app(memory, access), ready_path="/static/style.css") as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 860})
            page.goto(access.link("127.0.0.1", int(base.rsplit(":", 1)[1])))
            for name, path in shots.items():
                page.goto(base + path)
                page.screenshot(path=str(OUT / f"{name}.png"), full_page=name in ("why", "playground"))
                print("wrote", OUT / f"{name}.png")
            browser.close()
    finally:
        memory.close()
        server.close()
        shutil.rmtree(base_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
