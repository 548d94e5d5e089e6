"""Commands that serve the memory to people and to other agents: ``inspect`` (the web
inspector, :mod:`fact_memory_graph.inspector`) and ``mcp`` (the MCP server,
:mod:`fact_memory_graph.mcp_server`)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from fact_memory_graph.cli._common import DbOpt, DirOpt, _memory, app, console, err, fail

TOKEN_ENV = "FACT_MEMORY_INSPECT_TOKEN"
MCP_TOKEN_ENV = "FACT_MEMORY_MCP_TOKEN"


def _needs(extra: str, module: str) -> None:
    import importlib.util

    if importlib.util.find_spec(module) is None:
        fail(f"this command needs the {extra!r} extra: pip install \"fact-memory-graph[{extra}]\"")


@app.command()
def inspect(
    host: Annotated[str, typer.Option(help="Address to listen on (loopback unless a token is configured).")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8765,
    token: Annotated[str | None, typer.Option(
        help=f"The access token (default: ${TOKEN_ENV}, else a random one for this run, printed as a link).")]
    = None,
    read_only: Annotated[bool, typer.Option("--read-only", help="Show everything, change nothing.")] = False,
    database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """See what the memory holds, in a browser: users, facts, why a reply said what it said,
    a recall playground, health; edit, retract, resolve, retry, export, restore, forget."""
    _needs("inspect", "starlette")
    from fact_memory_graph.inspector import Access, check_bind, serve

    configured = token or os.environ.get(TOKEN_ENV)
    access = Access(token=configured, configured=True, read_only=read_only) if configured \
        else Access(read_only=read_only)
    try:
        check_bind(host, access)
    except ValueError as exc:
        fail(str(exc))
    with _memory(database_url, data_dir) as memory:
        def ready(link: str) -> None:
            console.print("The fact-memory inspector is running" + (" (read-only)" if read_only else "")
                          + "; open this link (it holds the access token):")
            console.print(f"    {link}", soft_wrap=True, highlight=False)
            console.print("Stop it with Ctrl-C.")
        serve(memory, host=host, port=port, access=access, on_ready=ready)


@app.command()
def mcp(
    user: Annotated[str | None, typer.Option(
        "--user", envvar="FACT_MEMORY_MCP_USER", show_envvar=False,
        help="The user every session acts for (never taken from a tool call).")] = None,
    transport: Annotated[str, typer.Option(help="stdio (a client starts this command) or http (streamable HTTP).")]
    = "stdio",
    host: Annotated[str, typer.Option(help="HTTP: address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="HTTP: port to listen on.")] = 8766,
    token: Annotated[str | None, typer.Option(
        help=f"HTTP: the bearer token for --user (default: ${MCP_TOKEN_ENV}, else a random one, printed).")]
    = None,
    database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """Serve the memory over the Model Context Protocol: tools to search, remember, list, correct
    and forget facts; resources for the user's sections and profile."""
    _needs("mcp", "mcp")
    from fact_memory_graph.mcp_server import build_server, http_app, new_token

    if not user:
        fail("--user is required: the user every session of this server acts for")
    if transport not in ("stdio", "http"):
        fail(f"--transport must be stdio or http, not {transport!r}")
    configured = token or os.environ.get(MCP_TOKEN_ENV)
    if transport == "http":
        from fact_memory_graph.inspector import is_loopback

        if not is_loopback(host) and not configured:
            fail(f"refusing to listen on {host}: only loopback without a configured token (--token or ${MCP_TOKEN_ENV})")
    with _memory(database_url, data_dir) as memory:
        memory.admin.warm_up()  # a server builds the secret filter once, before its first message
        if transport == "stdio":
            build_server(memory, user_id=user).run("stdio")
            return
        import uvicorn

        secret = configured or new_token()
        err.print(f"MCP (streamable HTTP) on http://{host}:{port}/mcp for one user; "
                  f"send 'Authorization: Bearer {secret}'", soft_wrap=True, highlight=False)
        uvicorn.run(http_app(memory, {secret: user}, host=host, port=port), host=host, port=port,
                    access_log=False, log_level="warning")
