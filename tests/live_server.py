"""An ASGI app served by uvicorn on a free loopback port in a thread, for the tests that need a
real server (the browser, the MCP HTTP client)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import uvicorn


@contextmanager
def serving(app, *, ready_path: str = "/") -> Iterator[str]:  # type: ignore[no-untyped-def]
    """Serve ``app`` until the block ends; yields its base URL once it answers."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    waited = threading.Event()
    for _ in range(400):  # readiness, not timing: the server answers or the test fails
        if server.started:
            break
        waited.wait(0.025)
    assert server.started, "the test server did not start"
    try:
        httpx.get(base + ready_path)
        yield base
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
