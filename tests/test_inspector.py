"""``fact-memory inspect`` as people use it: a real browser (Debian's chromium, driven by
Playwright) opens every page, follows the links and performs every action on a seeded memory;
hostile strings render as text in the browser; without the token every page and action is
401; a write from another origin, or without the CSRF token, changes nothing; after "forget"
the user is gone from every page and every table."""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from starlette.testclient import TestClient

from fact_memory_graph.inspector import Access, check_bind, create_app
from fact_memory_graph.inspector.security import COOKIE
from fact_memory_graph.testing import FixedClock

from .helpers import T0
from .inspector_seed import HOSTILE, HOSTILE_USER, config, scripted, seed
from .live_server import serving
from .test_privacy import dump_user

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
pytestmark = [pytest.mark.block_network(allowed_hosts=["127.0.0.1"])]


@pytest.fixture
def hostile_user(user_id: str) -> str:
    """A user id that is markup (its own per test: a forgotten user's message ids stay spent)."""
    return f"{HOSTILE_USER} {user_id}"


@pytest.fixture
def seeded(make_memory, user_id: str, hostile_user: str):  # type: ignore[no-untyped-def]
    clock = FixedClock(T0)
    memory = make_memory(scripted(), config=config(), clock=clock)
    seed(memory, user_id, clock)
    seed(memory, hostile_user, clock)
    yield memory
    memory.forget(user_id)
    memory.forget(hostile_user)


def _path(u: str) -> str:
    return quote(u, safe="")


def _routes(u: str, fact_id: str, candidate_id: str) -> tuple[list[str], list[str]]:
    p = f"/users/{_path(u)}"
    gets = ["/", "/users", p, f"{p}/facts", f"{p}/facts/{fact_id}", f"{p}/sessions", f"{p}/queue", f"{p}/audit",
            f"{p}/why", f"{p}/playground?query=x", f"{p}/export", f"{p}/forget", "/restore", "/health",
            "/static/style.css"]
    posts = [f"{p}/facts/{fact_id}/edit", f"{p}/facts/{fact_id}/retract", f"{p}/corrections/{candidate_id}",
             f"{p}/queue/poison/retry", f"{p}/forget", "/restore"]
    return gets, posts


# ---------------------------------------------------------------------------- access, CSRF, headers
def test_without_the_token_every_page_and_action_is_refused(seeded, user_id: str) -> None:
    fact = seeded.facts.list(user_id, status=["active"])[0]
    candidate = seeded.corrections.list(user_id)[0]
    access = Access(token="the-token")
    gets, posts = _routes(user_id, str(fact.id), str(candidate.id))
    client = TestClient(create_app(seeded, access))
    for path in gets:
        r = client.get(path)
        assert r.status_code == 401, path
        assert "script-src" not in r.headers["content-security-policy"] and "default-src 'none'" in \
            r.headers["content-security-policy"]
        assert client.get(path, headers={"Authorization": "Bearer wrong"}).status_code == 401
    for path in posts:
        assert client.post(path, data={"csrf": access.csrf, "confirm": user_id}).status_code == 401, path
    assert client.get("/users?token=wrong").status_code == 401
    # The printed link: sets an HttpOnly, SameSite=Strict cookie and drops the token from the address.
    r = client.get("/users?token=the-token", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/users"
    assert "httponly" in r.headers["set-cookie"].lower() and "samesite=strict" in r.headers["set-cookie"].lower()
    assert client.get("/users").status_code == 200  # the cookie now
    assert TestClient(create_app(seeded, access)).get(
        "/users", headers={"Authorization": "Bearer the-token"}).status_code == 200
    assert seeded.facts.get(user_id, fact.id).status.value == "active"
    assert seeded.corrections.list(user_id)


def test_writes_need_the_csrf_token_and_this_origin_and_read_only_refuses_them(seeded, user_id: str) -> None:
    fact = next(f for f in seeded.facts.list(user_id, status=["active"]) if f.claim == "allergic to penicillin")
    access = Access(token="t")
    client = TestClient(create_app(seeded, access), base_url="http://127.0.0.1:8765")
    client.cookies.set(COOKIE, "t")
    retract = f"/users/{_path(user_id)}/facts/{fact.id}/retract"
    assert client.post(retract).status_code == 403
    assert client.post(retract, data={"csrf": "guess"}).status_code == 403
    assert client.post(retract, data={"csrf": access.csrf}, headers={"Origin": "http://evil.example"}).status_code == 403
    assert client.post(retract, data={"csrf": access.csrf}, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert seeded.facts.get(user_id, fact.id).status.value == "active"  # nothing changed
    assert client.get(f"/users/{_path(user_id)}/facts/{fact.id}").text.count(access.csrf) >= 2  # in each form
    assert "t" not in re.findall(r'value="([^"]*)"', client.get("/users").text)  # the token is never in a page
    # Read-only: every write is 403, and the pages offer none.
    ro = Access(token="t", read_only=True)
    client = TestClient(create_app(seeded, ro))
    client.cookies.set(COOKIE, "t")
    assert client.post(retract, data={"csrf": ro.csrf}).status_code == 403
    page = client.get(f"/users/{_path(user_id)}/facts/{fact.id}").text
    assert "read-only" in page and "<form method=\"post\"" not in page
    assert seeded.facts.get(user_id, fact.id).status.value == "active"
    # Same origin with the CSRF token: done, and audited as the inspector's.
    client = TestClient(create_app(seeded, access), base_url="http://127.0.0.1:8765")
    client.cookies.set(COOKIE, "t")
    r = client.post(retract, data={"csrf": access.csrf}, headers={"Origin": "http://127.0.0.1:8765"},
                    follow_redirects=False)
    assert r.status_code == 303 and seeded.facts.get(user_id, fact.id).status.value == "retracted"
    assert seeded.admin.audit(user_id, limit=1, newest=True)[0].note == "inspector: retracted by request"


def test_other_addresses_need_a_configured_token() -> None:
    check_bind("127.0.0.1", Access())
    check_bind("::1", Access())
    with pytest.raises(ValueError, match="only loopback"):
        check_bind("0.0.0.0", Access())
    check_bind("0.0.0.0", Access(token="configured", configured=True))
    out = subprocess.run([str(Path(sys.executable).parent / "fact-memory"), "inspect", "--host", "0.0.0.0"],
                         capture_output=True, text=True, timeout=60,
                         env={"PATH": "/usr/bin:/bin", "FACT_MEMORY_INSPECT_TOKEN": ""})
    assert out.returncode == 2 and "refusing to listen on 0.0.0.0" in out.stderr


# ---------------------------------------------------------------------------- the browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed (make install installs it as root)")
def test_every_page_and_action_in_a_real_browser(seeded, db_url: str, user_id: str, hostile_user: str, tmp_path: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    from playwright.sync_api import expect, sync_playwright

    caplog.set_level(logging.INFO, logger="fact_memory_graph.inspector")
    access = Access()
    u = f"/users/{_path(user_id)}"
    dialogs: list[str] = []
    with serving(create_app(seeded, access), ready_path="/static/style.css") as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(accept_downloads=True)
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

        # Without the token: 401.
        assert page.goto(base + "/users").status == 401
        # The printed link.
        page.goto(access.link("127.0.0.1", int(base.rsplit(":", 1)[1])))
        assert page.url == base + "/users"
        expect(page.get_by_role("heading", name="Users")).to_be_visible()
        # A hostile user id renders as text (and no element was made of it).
        expect(page.get_by_role("link", name=hostile_user)).to_be_visible()
        assert page.locator("svg[onload]").count() == 0
        # Search by prefix, then open the user.
        page.fill("input[name=q]", user_id[:10])
        page.click("text=Search")
        page.get_by_role("link", name=user_id).click()
        assert page.url == base + u
        expect(page.locator("#section-now")).to_contain_text("## What I know about you")
        expect(page.locator("#profile")).to_contain_text("moved to Berlin")
        expect(page.locator("main")).to_contain_text("run a marathon — set (in the autumn)")
        expect(page.locator("main")).to_contain_text("Mia (sister; Mimi)")
        # The sections as of an earlier time.
        page.fill("input[name=at]", "2026-03-02T10:00")
        page.click("text=Show")
        expect(page.locator("#section-as-of")).to_be_visible()

        # Every tab, by its link.
        for tab, heading in (("Facts", "Facts of"), ("Sessions", "Sessions of"), ("Queue", "Queue of"),
                             ("Audit", "Audit of"), ("Why did it say that", "Why did it say that?"),
                             ("Recall playground", "Recall playground"), ("Health", "Health of"),
                             ("Overview", user_id)):
            page.get_by_role("navigation", name="user").get_by_role("link", name=tab, exact=True).click()
            expect(page.get_by_role("heading", level=1)).to_contain_text(heading)

        # Facts with filters; the hostile claim as text on its page.
        page.goto(base + u + "/facts")
        page.select_option("select[name=kind]", "durable")
        page.check("input[name=status][value=active]")
        page.click("text=Filter")
        expect(page.locator("table.facts tbody tr")).to_have_count(3)
        page.get_by_role("link", name=HOSTILE).click()
        expect(page.locator("#claim")).to_have_text(HOSTILE)
        assert page.locator("img[src=x]").count() == 0
        # The session summary holds the hostile claim too: text there as well.
        page.goto(base + u + "/sessions")
        expect(page.locator("td.claim").first).to_contain_text("onerror")
        assert page.locator("img").count() == 0

        # Edit a fact: the new claim replaces it, history kept, audited as the inspector's.
        page.goto(base + u + "/facts?contains=penicillin")
        page.get_by_role("link", name="allergic to penicillin").click()
        page.fill("input[name=claim]", "allergic to penicillin and amoxicillin")
        page.click("text=Save edit")
        expect(page.locator(".done")).to_contain_text("Fact edited")
        expect(page.locator("#claim")).to_have_text("allergic to penicillin and amoxicillin")
        expect(page.locator("ol.chain li")).to_have_count(2)
        expect(page.locator("table").last).to_contain_text("inspector: user edit of")
        # Retract it.
        page.click("button:has-text('Retract')")
        expect(page.locator(".done")).to_contain_text("Fact retracted")
        assert [f.claim for f in seeded.facts.list(user_id, status=["retracted"])] == \
            ["allergic to penicillin and amoxicillin"]

        # Resolve the pending correction.
        page.goto(base + u)
        page.click("button:has-text('Accept')")
        expect(page.locator(".done")).to_contain_text("Correction accepted")
        assert seeded.corrections.list(user_id) == []
        assert "lives in Hamburg" in [f.claim for f in seeded.facts.list(user_id, status=["active"])]

        # Retry the parked message.
        page.goto(base + u + "/queue")
        page.click("button:has-text('Retry')")
        expect(page.locator(".done")).to_contain_text("Message queued again")
        assert seeded.queue.status(user_id)["failed"] == 0 and seeded.queue.status(user_id)["queued"] == 1

        # Why did it say that: a message's exposure and the ranks behind it.
        page.goto(base + u + "/why?thread=chat-1")
        page.locator("table tbody tr").first.get_by_role("link").click()
        expect(page.locator("main")).to_contain_text("The reply before it was shown")
        page.get_by_role("link", name=re.compile("Every candidate of that query")).click()
        expect(page.locator("table.scores tbody tr.kept").first).to_be_visible()

        # The playground: the section and every candidate's parts.
        page.goto(base + u + "/playground")
        page.fill("input[name=query]", "where do I live?")
        page.click("button:has-text('Recall')")
        expect(page.locator("#section")).to_contain_text("lives in Hamburg")
        first = page.locator("table.scores tbody tr").first
        expect(first.locator("td").first).to_have_text("1")
        expect(first).to_contain_text("lives in Hamburg")

        # Health: charts drawn on the server.
        page.goto(base + "/health?" + "user=" + quote(user_id))
        assert page.locator("svg.chart").count() >= 4

        # Export (a download), restore it into a named user (an upload).
        page.goto(base + u)
        with page.expect_download() as download:
            page.get_by_role("link", name="Export", exact=True).click()
        exported = tmp_path / "export.json"
        download.value.save_as(exported)
        assert json.loads(exported.read_text())["user_id"] == user_id
        target = user_id + "-copy"
        page.goto(base + "/restore")
        page.fill("input[name=user_id]", target)
        page.set_input_files("input[name=file]", str(exported))
        page.click("button:has-text('Restore')")
        expect(page.locator(".done")).to_contain_text("Export restored")
        assert page.url.startswith(base + f"/users/{_path(target)}")
        assert sorted(f.claim for f in seeded.facts.list(target)) == sorted(f.claim for f in seeded.facts.list(user_id))

        # Another origin, without the CSRF token: nothing changes.
        page.goto("about:blank")
        page.set_content(f'<form method="post" action="{base}{u}/forget"><input name="confirm" value="{user_id}">'
                         '<button>go</button></form>')
        page.click("button")
        assert seeded.facts.list(user_id)

        # Forget, with the typed confirmation: a wrong id deletes nothing.
        page.goto(base + u + "/forget")
        page.fill("input[name=confirm]", "not-the-user")
        page.click("button:has-text('Forget this user')")
        expect(page.locator(".error")).to_contain_text("nothing was deleted")
        assert seeded.facts.list(user_id)
        page.fill("input[name=confirm]", user_id)
        page.click("button:has-text('Forget this user')")
        expect(page.locator(".done")).to_contain_text("User forgotten")
        assert page.url.startswith(base + "/users")
        page.fill("input[name=q]", user_id)
        page.click("text=Search")
        expect(page.get_by_role("link", name=user_id, exact=True)).to_have_count(0)
        page.goto(base + u)
        expect(page.locator("table.facts tbody")).to_contain_text("no facts")
        expect(page.locator("#section-now")).to_contain_text("nothing")
        page.goto(base + u + "/queue")
        expect(page.locator("main")).to_contain_text("nothing queued or parked")
        browser.close()
    assert dump_user(db_url, user_id) == ""  # gone from every table
    seeded.forget(target)
    assert dialogs == [] and not [e for e in errors if "Content Security Policy" in e]
    # The server's log: routes and statuses, never a user id or a claim.
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name == "fact_memory_graph.inspector")
    assert "/users/{user_id:str}" in logged and "GET (no route) 200" not in logged
    for text in (user_id, HOSTILE, hostile_user, "penicillin", "Hamburg"):
        assert text not in logged


def test_the_installed_command_prints_a_link_that_opens_it(seeded, db_url: str, user_id: str) -> None:
    """`fact-memory inspect` as a user starts it: the printed link opens the users page, the
    user's page answers, and the server's own output names no user."""
    import os
    import signal
    import socket

    import httpx

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    command = str(Path(sys.executable).parent / "fact-memory")
    proc = subprocess.Popen([command, "inspect", "--port", str(port)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "FACT_MEMORY_DATABASE_URL": db_url, "FACT_MEMORY_INSPECT_TOKEN": ""})
    try:
        link = None
        for line in proc.stdout:  # type: ignore[union-attr]
            if "?token=" in line:
                link = line.strip()
                break
        assert link and link.startswith(f"http://127.0.0.1:{port}/?token=")
        with httpx.Client() as client:
            for _ in range(200):  # the link is printed just before uvicorn binds
                try:
                    r = client.get(link, follow_redirects=True)
                    break
                except httpx.ConnectError:
                    threading_wait(0.05)
            assert r.status_code == 200 and "<h1>Users</h1>" in r.text and user_id in r.text
            assert client.get(f"http://127.0.0.1:{port}/users/{_path(user_id)}").status_code == 200
            assert httpx.get(f"http://127.0.0.1:{port}/users").status_code == 401  # no cookie, no entry
    finally:
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=60)
    assert user_id not in stderr and HOSTILE not in stderr


def threading_wait(seconds: float) -> None:
    import threading

    threading.Event().wait(seconds)
