"""``fact-memory inspect``: see what the memory holds, in a browser.

A local web app (Starlette, Jinja2, uvicorn; server-rendered, no JavaScript, its stylesheet in
the package) over a :class:`~fact_memory_graph.memory.FactMemory`: users, one user's prompt
sections, profile, facts with their chains, evidence and audit, corrections, sessions, goals and
trust, queue; "why did it say that"; a recall playground over the retriever's ``explain``;
health with charts; and the actions a support person needs (edit, retract, resolve, retry,
export, restore, forget), each through the facade. Security: :mod:`.security`.
Needs the ``inspect`` extra (``pip install "fact-memory-graph[inspect]"``).
"""

from fact_memory_graph.inspector.app import create_app
from fact_memory_graph.inspector.security import Access, check_bind, is_loopback

__all__ = ["Access", "check_bind", "create_app", "is_loopback", "serve"]


def serve(memory, *, host: str = "127.0.0.1", port: int = 8765, access: Access | None = None,  # type: ignore[no-untyped-def]
          on_ready=None) -> None:
    """Run the inspector with uvicorn until interrupted. Refuses a non-loopback ``host``
    without a configured token. uvicorn's access log is off: it would log paths, which hold
    user ids; the inspector logs the route's template instead."""
    import uvicorn

    access = access or Access()
    check_bind(host, access)
    config = uvicorn.Config(create_app(memory, access), host=host, port=port, access_log=False,
                            log_level="warning", server_header=False)
    server = uvicorn.Server(config)
    if on_ready is not None:
        on_ready(access.link(host, port))
    server.run()
